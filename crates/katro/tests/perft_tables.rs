//! The perft table of the crate's guide (`README.md`), read from the doc and checked row by row, so the doc
//! cannot drift from the code.

use katro::{DirectionRule, Katro, RuleSet};
use mancala_engine::perft::{perft, perft_by_leaf};
use mancala_engine::Game;
use mancala_kit::perft_table;

/// Counts up to this many leaves are checked in every test run; the rest in release builds.
const QUICK: u64 = 100_000;

/// The doc's perft rows: the rules and the count at each depth from 1.
fn table() -> Vec<(RuleSet, Vec<u64>)> {
    perft_table::by_rows(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/README.md"
    )))
    .expect("the doc's perft table")
}

#[test]
fn the_table_has_every_size_and_option_set_once_to_depth_6() {
    let table = table();
    let rows: Vec<RuleSet> = table.iter().map(|(rules, _)| *rules).collect();
    assert_eq!(rows, RuleSet::all().collect::<Vec<_>>());
    assert!(table.iter().all(|(_, counts)| counts.len() == 6));
}

#[test]
fn depth_1_is_every_outer_hole_once_per_direction_the_mover_may_choose() {
    for (rules, counts) in table() {
        let directions = match rules.direction {
            DirectionRule::PerTurn => 2,
            DirectionRule::Fixed(_) => 1,
        };
        assert_eq!(
            counts[0],
            (rules.size.cols() * directions) as u64,
            "{rules}"
        );
    }
}

#[test]
fn the_small_counts_of_the_table() -> Result<(), String> {
    perft_table::check_all(&table(), Katro::new, QUICK, perft)
}

#[test]
fn the_first_depths_agree_with_playing_every_leaf() -> Result<(), String> {
    // Every count up to depth 3's largest.
    perft_table::check_all(&table(), Katro::new, 1_500, perft_by_leaf)
}

#[test]
#[ignore = "over a million leaves in some rows: run with --release --ignored"]
fn every_count_of_the_table() -> Result<(), String> {
    perft_table::check_all(&table(), Katro::new, u64::MAX, perft)
}
