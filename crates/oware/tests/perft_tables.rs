//! The perft table of the crate's guide (`README.md`), read from the doc and checked cell by cell, so the doc
//! cannot drift from the code.

use mancala_engine::perft::{perft, perft_by_leaf};
use mancala_kit::perft_table;
use oware::prelude::*;

/// Counts up to this many leaves are checked in every test run; the rest in release builds.
const QUICK: u64 = 200_000;

/// The doc's perft table: the rules and the count at each depth from 1.
fn table() -> Vec<(RuleSet, Vec<u64>)> {
    perft_table::by_columns(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/README.md"
    )))
    .expect("the doc's perft table")
}

#[test]
fn the_table_has_the_standard_board_and_two_small_ones_with_each_grand_slam_rule() {
    let columns: Vec<(usize, usize, GrandSlam, usize)> = table()
        .iter()
        .map(|(rules, counts)| {
            (
                rules.houses(),
                rules.seeds(),
                rules.grand_slam(),
                counts.len(),
            )
        })
        .collect();
    assert_eq!(
        columns,
        [
            (6, 4, GrandSlam::NoCapture, 9),
            (2, 2, GrandSlam::NoCapture, 23),
            (2, 2, GrandSlam::CaptureAll, 5),
            (3, 3, GrandSlam::NoCapture, 11),
            (3, 3, GrandSlam::CaptureAll, 11),
        ]
    );
}

#[test]
fn the_small_counts_of_the_table() -> Result<(), String> {
    perft_table::check_all(&table(), Oware::new, QUICK, perft)
}

#[test]
fn the_first_depths_agree_with_playing_every_leaf() -> Result<(), String> {
    // Every count up to depth 5's largest.
    perft_table::check_all(&table(), Oware::new, 6_000, perft_by_leaf)
}

#[test]
#[ignore = "millions of leaves: run with --release --ignored"]
fn every_count_of_the_table() -> Result<(), String> {
    perft_table::check_all(&table(), Oware::new, u64::MAX, perft)
}
