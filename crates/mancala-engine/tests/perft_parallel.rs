//! Parallel perft gives exactly the counts of the one-thread perft.

#![cfg(feature = "parallel")]

use mancala_engine::perft::{perft, perft_parallel};
use mancala_engine::{Position as _, Rng};

#[test]
fn parallel_perft_equals_perft_from_the_start_and_from_random_positions() {
    let start = toguz::Toguz::default();
    for depth in 0..=5 {
        assert_eq!(
            perft_parallel(&start, depth),
            perft(&start, depth),
            "depth {depth}"
        );
    }
    let mut rng = Rng::new(11);
    for _ in 0..20 {
        let mut position = toguz::Toguz::default();
        for _ in 0..rng.below(120) {
            match position.random_move(&mut rng) {
                Some(mv) => position.play_unchecked(mv),
                None => break,
            }
        }
        assert_eq!(perft_parallel(&position, 4), perft(&position, 4));
    }
}
