//! Perft from the start: the counts OpenSpiel's `oware` gives (its own perft, by
//! `openspiel_trace.py perft`), on the standard board and on two small ones where repetitions
//! and feeding come early. The deepest standard counts are `#[ignore]`d (run with
//! `cargo test --release -- --ignored`).

use mancala_engine::perft::{perft, perft_by_leaf};
use oware::prelude::*;

/// OpenSpiel's counts at depths 1, 2, … on the standard board.
const STANDARD: [u64; 9] = [6, 36, 190, 1014, 5219, 27332, 139157, 711414, 3592872];

/// On 2 × 2 houses of 2 seeds, to depth 23.
const TWO_BY_TWO: [u64; 23] = [
    2, 3, 5, 7, 11, 17, 25, 36, 54, 85, 128, 185, 274, 396, 571, 820, 1174, 1632, 2303, 3185, 4343,
    5864, 7953,
];

/// On 2 × 3 houses of 3 seeds, to depth 11.
const THREE_BY_THREE: [u64; 11] = [3, 9, 26, 68, 184, 440, 1064, 2553, 5999, 14256, 33450];

fn check(start: &Oware, counts: &[u64]) {
    for (depth, &nodes) in (1..).zip(counts) {
        assert_eq!(perft(start, depth), nodes, "perft({depth}) of `{start}`");
    }
}

#[test]
fn standard_perft_to_depth_7() {
    check(&Oware::default(), &STANDARD[..7]);
}

#[test]
#[ignore = "seconds in a debug build"]
fn standard_perft_to_depth_9() {
    check(&Oware::default(), &STANDARD);
}

#[test]
fn small_boards_perft() {
    check(&Oware::new(RuleSet::with_board(2, 2).unwrap()), &TWO_BY_TWO);
    check(
        &Oware::new(RuleSet::with_board(3, 3).unwrap()),
        &THREE_BY_THREE,
    );
}

#[test]
fn bulk_counting_agrees_with_playing_every_leaf() {
    let two = Oware::new(RuleSet::with_board(2, 2).unwrap());
    for depth in 0..=16 {
        assert_eq!(
            perft(&two, depth),
            perft_by_leaf(&two, depth),
            "depth {depth}"
        );
    }
    for depth in 0..=5 {
        let start = Oware::default();
        assert_eq!(
            perft(&start, depth),
            perft_by_leaf(&start, depth),
            "depth {depth}"
        );
    }
}
