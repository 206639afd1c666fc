//! Perft of the fast implementation against the simple one, for the standard rules and for
//! every size and option combination.

use crate::common;

use common::Simple;
use katro::{Katro, RuleSet, Size};
use mancala_engine::perft::{perft, perft_by_leaf};
use mancala_engine::Game;
use mancala_engine::Position as _;

#[test]
fn default_rules_depths_1_to_4_agree_with_the_simple_implementation() {
    let start = Katro::default();
    let simple = Simple::start(RuleSet::STANDARD);
    for depth in 1..=4 {
        let fast = perft(&start, depth);
        assert_eq!(fast, simple.perft(depth), "depth {depth}");
        assert_eq!(fast, perft_by_leaf(&start, depth), "depth {depth}");
    }
}

/// The counts both implementations give (depth 1 by hand: the six holes of South's outer row).
#[test]
fn default_rules_table() {
    let start = Katro::default();
    let expected = [6, 36, 168, 784, 3244];
    for (depth, &nodes) in (1..).zip(&expected) {
        assert_eq!(perft(&start, depth), nodes, "depth {depth}");
    }
    assert_eq!(Simple::start(RuleSet::STANDARD).perft(5), expected[4]);
}

#[test]
fn every_size_and_option_combination_agrees_to_depth_3() {
    for rules in RuleSet::all() {
        let size = rules.size;
        {
            let start = Katro::new(rules);
            let simple = Simple::start(rules);
            // Depth 1 by hand: every outer-row hole, twice when directions are chosen per turn.
            let per_hole = if rules.direction == katro::DirectionRule::PerTurn {
                2
            } else {
                1
            };
            assert_eq!(perft(&start, 1), (size.cols() * per_hole) as u64);
            assert_eq!(start.count_legal_moves(), size.cols() * per_hole);
            for depth in 2..=3 {
                assert_eq!(
                    perft(&start, depth),
                    simple.perft(depth),
                    "{size} {rules} depth {depth}"
                );
            }
        }
    }
}

#[test]
fn every_size_agrees_at_depth_4() {
    for size in Size::ALL {
        let start = Katro::new(RuleSet::on(size));
        assert_eq!(
            perft(&start, 4),
            Simple::start(RuleSet::on(size)).perft(4),
            "{size}"
        );
    }
}
