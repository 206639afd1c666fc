//! The perft table of the crate's guide (`README.md`), read from the doc and checked row by row, so the doc
//! cannot drift from the code.

use mancala_engine::perft::{perft, perft_by_leaf};
use mancala_engine::Game;
use mancala_kit::perft_table;
use toguz::{BoardSize, RuleSet, Toguz, TuzdikRule};

/// Counts up to this many leaves are checked in every test run; the rest in release builds.
const QUICK: u64 = 500_000;

/// The counts published with the rules, from the standard start (2 × 9), depths 1..8, and
/// with the optional tuzdik, depths 1..7.
const PUBLISHED: [u64; 8] = [9, 73, 613, 5_199, 43_184, 360_035, 3_003_052, 25_166_174];
const PUBLISHED_OPTIONAL: [u64; 7] = [9, 73, 613, 5_464, 48_043, 420_539, 3_700_247];

/// The doc's perft table: the rules and the count at each depth from 1.
fn table() -> Vec<(RuleSet, Vec<u64>)> {
    perft_table::by_rows(include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/README.md"
    )))
    .expect("the doc's perft table")
}

/// Every board with each tuzdik rule it has: the option sets that change the count.
fn option_sets() -> Vec<RuleSet> {
    let mut sets = Vec::new();
    for board in [BoardSize::Nine, BoardSize::Seven, BoardSize::Five] {
        for tuzdik in [TuzdikRule::Automatic, TuzdikRule::Optional] {
            if board.has_tuzdiks() || tuzdik == TuzdikRule::Automatic {
                sets.push(RuleSet {
                    board,
                    tuzdik,
                    ..RuleSet::STANDARD
                });
            }
        }
    }
    sets
}

#[test]
fn the_table_has_every_board_and_tuzdik_rule_and_the_published_counts() {
    let table = table();
    let rows: Vec<RuleSet> = table.iter().map(|(rules, _)| *rules).collect();
    assert_eq!(rows, option_sets());
    assert_eq!(table[0].1[..8], PUBLISHED);
    assert_eq!(table[1].1[..7], PUBLISHED_OPTIONAL);
}

#[test]
fn the_small_counts_of_the_table() -> Result<(), String> {
    perft_table::check_all(&table(), Toguz::new, QUICK, perft)
}

#[test]
fn the_first_depths_agree_with_playing_every_leaf() -> Result<(), String> {
    // Every count up to depth 4's largest.
    perft_table::check_all(&table(), Toguz::new, 6_000, perft_by_leaf)
}

#[test]
#[ignore = "tens of millions of leaves: run with --release --ignored"]
fn every_count_of_the_table() -> Result<(), String> {
    perft_table::check_all(&table(), Toguz::new, u64::MAX, perft)
}
