//! Perft from the start, against the counts in the crate's guide (`README.md`).

use mancala_engine::perft::{perft, perft_by_leaf};
use mancala_engine::Game;
use toguz::{RuleSet, Toguz, TuzdikRule};

const STANDARD: [u64; 8] = [9, 73, 613, 5_199, 43_184, 360_035, 3_003_052, 25_166_174];
const OPTIONAL: [u64; 7] = [9, 73, 613, 5_464, 48_043, 420_539, 3_700_247];

fn optional() -> Toguz {
    Toguz::new(RuleSet {
        tuzdik: TuzdikRule::Optional,
        ..RuleSet::STANDARD
    })
}

#[test]
fn standard_rules_depths_1_to_6() {
    let start = Toguz::default();
    for depth in 1..=6 {
        assert_eq!(
            perft(&start, depth),
            STANDARD[depth as usize - 1],
            "depth {depth}"
        );
    }
}

#[test]
fn optional_tuzdik_depths_1_to_6() {
    for depth in 1..=6 {
        assert_eq!(
            perft(&optional(), depth),
            OPTIONAL[depth as usize - 1],
            "depth {depth}"
        );
    }
}

#[test]
fn bulk_counting_agrees_with_playing_every_leaf() {
    assert_eq!(
        perft(&Toguz::default(), 4),
        perft_by_leaf(&Toguz::default(), 4)
    );
    assert_eq!(perft(&optional(), 4), perft_by_leaf(&optional(), 4));
}

#[test]
#[ignore = "slow in debug builds; run with --release --ignored"]
fn standard_rules_depths_7_and_8() {
    assert_eq!(perft(&Toguz::default(), 7), STANDARD[6]);
    assert_eq!(perft(&Toguz::default(), 8), STANDARD[7]);
}

#[test]
#[ignore = "slow in debug builds; run with --release --ignored"]
fn optional_tuzdik_depth_7() {
    assert_eq!(perft(&optional(), 7), OPTIONAL[6]);
}
