//! Parallel perft, which `mancala perft` runs, gives exactly the counts of the one-thread perft,
//! on Toguz Kumalak (here, not in the core's tests, which cannot depend on a game without a
//! publishing cycle).

use mancala_engine::perft::{perft, perft_parallel};
use mancala_engine::{Position as _, Rng};

#[test]
fn parallel_perft_equals_perft_from_the_start_and_from_random_positions() {
    let start = mancala_games::toguz::Toguz::default();
    for depth in 0..=5 {
        assert_eq!(
            perft_parallel(&start, depth),
            perft(&start, depth),
            "depth {depth}"
        );
    }
    let mut rng = Rng::new(11);
    for _ in 0..20 {
        let mut position = mancala_games::toguz::Toguz::default();
        for _ in 0..rng.below(120) {
            match position.random_move(&mut rng) {
                Some(mv) => position.play_unchecked(mv),
                None => break,
            }
        }
        assert_eq!(perft_parallel(&position, 4), perft(&position, 4));
    }
}

/// A game that never ends and always offers one move: its perft is 1 at every depth, and a
/// count follows its one line as deep as asked.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Treadmill {
    steps: u32,
    payload: [u64; 32],
}

impl mancala_engine::Position for Treadmill {
    type Move = u8;
    type MoveError = std::fmt::Error;
    fn side_to_move(&self) -> mancala_engine::Side {
        mancala_engine::Side::South
    }
    fn legal_moves(&self) -> mancala_engine::MoveList<u8> {
        [1].into_iter().collect()
    }
    fn check_move(&self, mv: u8) -> Result<(), std::fmt::Error> {
        if mv == 1 {
            Ok(())
        } else {
            Err(std::fmt::Error)
        }
    }
    fn play_unchecked(&mut self, _: u8) {
        self.steps += 1;
        self.payload[self.steps as usize % 32] ^= 1;
    }
    fn outcome(&self) -> Option<mancala_engine::Outcome> {
        None
    }
    fn score(&self, _: mancala_engine::Side) -> u32 {
        0
    }
    fn board(&self) -> mancala_engine::Board {
        mancala_engine::Board::new(&[])
    }
    fn store(&self, _: mancala_engine::Side) -> u32 {
        0
    }
    fn seeds_on_side(&self, _: mancala_engine::Side) -> u32 {
        0
    }
}

#[test]
fn parallel_perft_of_an_endless_line_counts_to_the_maximum_depth_and_refuses_deeper() {
    use mancala_engine::perft::MAX_PERFT_DEPTH;
    let treadmill = Treadmill {
        steps: 0,
        payload: [0; 32],
    };
    // Its one line is expanded ply by ply until the pool has work, then counted on the pool.
    assert_eq!(perft_parallel(&treadmill, MAX_PERFT_DEPTH), 1);
    let refused = std::panic::catch_unwind(|| perft_parallel(&treadmill, 20_000));
    let message = refused.expect_err("a depth above the maximum is refused");
    assert_eq!(
        message.downcast_ref::<String>().map(String::as_str),
        Some("perft depth 20000 is out of range: the depth must be 0 to 256")
    );
}
