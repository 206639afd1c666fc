//! The perft table of the crate's guide (`README.md`), read from the doc and checked cell by cell against the
//! library's perft, the core's leaf-by-leaf perft and the plain reference, so the doc cannot
//! drift from the code.

use crate::plain;

use kalah::prelude::*;
use mancala_engine::perft::{perft, perft_by_leaf};
use mancala_kit::perft_table;
use plain::Plain;

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
fn the_table_has_the_standard_board_and_small_ones_with_each_capture_rule() {
    let columns: Vec<(usize, usize, bool, usize)> = table()
        .iter()
        .map(|(rules, counts)| {
            (
                rules.pits(),
                rules.seeds(),
                rules.empty_capture(),
                counts.len(),
            )
        })
        .collect();
    assert_eq!(
        columns,
        [
            (6, 4, false, 10),
            (6, 4, true, 8),
            (3, 3, false, 10),
            (3, 3, true, 10),
            (2, 2, false, 9),
        ]
    );
}

#[test]
fn the_small_counts_of_the_table() -> Result<(), String> {
    perft_table::check_all(&table(), Kalah::new, QUICK, perft)
}

#[test]
fn the_first_depths_agree_with_playing_every_leaf() -> Result<(), String> {
    perft_table::check_all(&table(), Kalah::new, 30_000, perft_by_leaf)
}

#[test]
fn the_first_depths_agree_with_the_plain_reference() -> Result<(), String> {
    perft_table::check_all(&table(), Plain::start, 30_000, Plain::perft)
}

#[test]
#[ignore = "millions of leaves: run with --release --ignored"]
fn every_count_of_the_table() -> Result<(), String> {
    perft_table::check_all(&table(), Kalah::new, u64::MAX, perft)?;
    perft_table::check_all(&table(), Plain::start, u64::MAX, Plain::perft)
}
