//! The perft table of `docs/oware.md`, read from the doc and checked cell by cell, so the doc
//! cannot drift from the code.

use mancala_engine::perft::{perft, perft_by_leaf};
use oware::prelude::*;

/// Counts up to this many leaves are checked in every test run; the rest in release builds.
const QUICK: u64 = 200_000;

/// The doc's perft columns: the rules heading each, and its counts from depth 1 (a column
/// ends at its first empty cell).
fn table() -> Vec<(RuleSet, Vec<u64>)> {
    let doc = include_str!("../../../docs/oware.md");
    let section = &doc[doc.find("## Perft").expect("the doc has a perft section")..];
    let mut lines = section
        .lines()
        .skip_while(|line| !line.starts_with("| depth |"))
        .take_while(|line| line.starts_with('|'));
    let cells = |line: &str| -> Vec<String> {
        line.trim_matches('|')
            .split('|')
            .map(|cell| cell.trim().to_owned())
            .collect()
    };
    let header = cells(lines.next().expect("a header"));
    let mut columns: Vec<(RuleSet, Vec<u64>)> = header[1..]
        .iter()
        .map(|rules| {
            (
                rules.trim_matches('`').parse().expect("a rule string"),
                Vec::new(),
            )
        })
        .collect();
    for (depth, line) in (1u64..).zip(lines.skip(1)) {
        let row = cells(line);
        assert_eq!(row[0], depth.to_string(), "the rows go by depth");
        for ((_, counts), cell) in columns.iter_mut().zip(&row[1..]) {
            if !cell.is_empty() {
                assert_eq!(counts.len() as u64, depth - 1, "a column has no gap");
                counts.push(cell.parse().expect("a count"));
            }
        }
    }
    columns
}

fn check(up_to: u64) {
    for (rules, counts) in table() {
        let start = Oware::new(rules);
        for (depth, &expected) in (1..).zip(&counts) {
            if expected <= up_to {
                assert_eq!(perft(&start, depth), expected, "{rules} depth {depth}");
            }
        }
    }
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
fn the_small_counts_of_the_table() {
    check(QUICK);
}

#[test]
fn the_first_depths_agree_with_playing_every_leaf() {
    for (rules, counts) in table() {
        let start = Oware::new(rules);
        for depth in 1..=5 {
            assert_eq!(perft_by_leaf(&start, depth), counts[depth as usize - 1]);
        }
    }
}

#[test]
#[ignore = "millions of leaves: run with --release --ignored"]
fn every_count_of_the_table() {
    check(u64::MAX);
}
