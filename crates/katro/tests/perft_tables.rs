//! The perft table of `docs/katro.md`, read from the doc and checked row by row, so the doc
//! cannot drift from the code.

use katro::{DirectionRule, Katro, RuleSet};
use mancala_engine::perft::{perft, perft_by_leaf};

/// Counts up to this many leaves are checked in every test run; the rest in release builds.
const QUICK: u64 = 100_000;

/// The doc's perft rows: the rules and the count at each depth from 1.
fn table() -> Vec<(RuleSet, Vec<u64>)> {
    let doc = include_str!("../../../docs/katro.md");
    let section = &doc[doc.find("## Perft").expect("the doc has a perft section")..];
    section
        .lines()
        .skip_while(|line| !line.starts_with("| rules |"))
        .skip(2)
        .take_while(|line| line.starts_with('|'))
        .map(|line| {
            let mut cells = line.trim_matches('|').split('|').map(str::trim);
            let rules: RuleSet = cells.next().unwrap().parse().expect("a rule string");
            let counts = cells.map(|cell| cell.parse().expect("a count")).collect();
            (rules, counts)
        })
        .collect()
}

fn check(up_to: u64) {
    for (rules, counts) in table() {
        let start = Katro::new(rules);
        for (depth, &expected) in (1..).zip(&counts) {
            if expected <= up_to {
                assert_eq!(perft(&start, depth), expected, "{rules} depth {depth}");
            }
        }
    }
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
fn the_small_counts_of_the_table() {
    check(QUICK);
}

#[test]
fn the_first_depths_agree_with_playing_every_leaf() {
    for (rules, counts) in table() {
        let start = Katro::new(rules);
        for depth in 1..=3 {
            assert_eq!(perft_by_leaf(&start, depth), counts[depth as usize - 1]);
        }
    }
}

#[test]
#[ignore = "over a million leaves in some rows: run with --release --ignored"]
fn every_count_of_the_table() {
    check(u64::MAX);
}
