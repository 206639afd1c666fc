//! Perft of the fast implementation against the simple one.

mod common;

use common::Simple;
use katro::{Katro, RuleSet, Size};
use mancala_engine::perft::{perft, perft_by_leaf};

#[test]
fn default_rules_depths_1_to_4_agree_with_the_simple_implementation() {
    let start = Katro::default();
    let simple = Simple::start(Size::S6x6, RuleSet::DEFAULT);
    for depth in 1..=4 {
        let fast = perft(&start, depth);
        assert_eq!(fast, simple.perft(depth), "depth {depth}");
        assert_eq!(fast, perft_by_leaf(&start, depth), "depth {depth}");
        println!("perft({depth}) = {fast}");
    }
}
