//! Perft: the number of move sequences of exactly `depth` moves, as in chess. A game that ends
//! before `depth` contributes nothing. The last ply is bulk-counted with
//! [`Position::count_legal_moves`] instead of being played.
//!
//! Every count recurses one level per ply, so the depth is bounded by [`MAX_PERFT_DEPTH`], which fits
//! any thread's stack: some games (Katro) need not end, and a count asked for a depth of
//! thousands would follow one endless line down until the stack ran out. Nothing of the
//! workspace is countable that deep anyway: the bound only refuses what could never finish.
//! A program that takes the depth from outside checks it first with [`check_depth`].

use crate::Position;

/// The deepest count perft makes: far beyond what any game's tree allows counting, and a
/// recursion that fits easily in the smallest thread stack the workspace runs on.
pub const MAX_PERFT_DEPTH: u32 = 256;

/// A perft depth out of range: above [`MAX_PERFT_DEPTH`], or `0` for [`divide`], which needs a first
/// move to split by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("perft depth {depth} is out of range: the depth must be {min} to {MAX_PERFT_DEPTH}")]
pub struct DepthError {
    depth: u32,
    min: u32,
}

impl DepthError {
    /// The depth that was asked for.
    pub fn depth(&self) -> u32 {
        self.depth
    }
}

/// `Ok(depth)` if [`perft`] counts to `depth` (at most [`MAX_PERFT_DEPTH`]), else why not.
pub fn check_depth(depth: u32) -> Result<u32, DepthError> {
    check_range(depth, 0)
}

fn check_range(depth: u32, min: u32) -> Result<u32, DepthError> {
    if (min..=MAX_PERFT_DEPTH).contains(&depth) {
        Ok(depth)
    } else {
        Err(DepthError { depth, min })
    }
}

/// Panics with the error's message: a depth out of range is a mistake of the calling code.
fn expect_depth(depth: u32, min: u32) {
    if let Err(error) = check_range(depth, min) {
        panic!("{error}");
    }
}

/// The number of move sequences of exactly `depth` moves from `position`.
///
/// # Panics
///
/// If `depth` is above [`MAX_PERFT_DEPTH`] (see [`check_depth`]).
pub fn perft<P: Position>(position: &P, depth: u32) -> u64 {
    expect_depth(depth, 0);
    count(position, depth)
}

/// [`perft`] once the depth is known to be in range.
fn count<P: Position>(position: &P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves() as u64,
        _ => {
            let moves = position.legal_moves();
            if depth == 2 {
                // The last level is counted from each move, in place.
                return moves
                    .iter()
                    .map(|&mv| position.count_legal_moves_after(mv) as u64)
                    .sum();
            }
            let mut nodes = 0;
            for mv in moves {
                nodes += count(&position.child(mv), depth - 1);
            }
            nodes
        }
    }
}

/// Perft split by first move: each legal move with the count below it (for hunting a
/// disagreement with another implementation). The counts add up to `perft(position, depth)`.
///
/// # Panics
///
/// If `depth` is `0` (the one sequence of no moves has no first move to split by) or above
/// [`MAX_PERFT_DEPTH`].
pub fn divide<P: Position>(position: &P, depth: u32) -> Vec<(P::Move, u64)> {
    expect_depth(depth, 1);
    position
        .legal_moves()
        .into_iter()
        .map(|mv| (mv, count(&position.child(mv), depth - 1)))
        .collect()
}

/// [`perft`] shared out across threads (rayon's pool): the positions a few plies down, as
/// many as it takes to keep every thread busy (a start with few moves is expanded further), are
/// counted in parallel.
///
/// # Panics
///
/// If `depth` is above [`MAX_PERFT_DEPTH`].
#[cfg(feature = "parallel")]
pub fn perft_parallel<P>(position: &P, depth: u32) -> u64
where
    P: Position + Send + Sync,
    P::Move: Send + Sync,
{
    use rayon::prelude::*;
    expect_depth(depth, 0);
    let wanted = 8 * rayon::current_num_threads();
    let mut frontier = vec![position.clone()];
    let mut remaining = depth;
    while remaining > 2 && frontier.len() < wanted {
        // perft(p, d) is the sum of perft(child, d - 1) over p's children: expanding every
        // position of the frontier one ply keeps the total.
        frontier = frontier
            .iter()
            .flat_map(|p| p.legal_moves().into_iter().map(move |mv| p.child(mv)))
            .collect();
        remaining -= 1;
    }
    frontier.par_iter().map(|p| count(p, remaining)).sum()
}

/// [`perft`] without bulk counting: every leaf is reached by playing its move. The reference the
/// bulk-counting version is tested against.
///
/// # Panics
///
/// If `depth` is above [`MAX_PERFT_DEPTH`].
pub fn perft_by_leaf<P: Position>(position: &P, depth: u32) -> u64 {
    expect_depth(depth, 0);
    count_by_leaf(position, depth)
}

fn count_by_leaf<P: Position>(position: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in position.legal_moves() {
        nodes += count_by_leaf(&position.child(mv), depth - 1);
    }
    nodes
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Board, MoveList, Outcome, Side};

    /// A game that never ends: the mover turns a wheel one or (when `forced` is off) two notches.
    /// The payload makes the position larger than any game's, so the stack test below bounds
    /// every real game's recursion.
    #[derive(Debug, Clone, PartialEq, Eq, Hash)]
    struct Wheel {
        notch: u8,
        forced: bool,
        payload: [u64; 32],
    }

    impl Position for Wheel {
        type Move = u8;
        type MoveError = std::fmt::Error;
        fn side_to_move(&self) -> Side {
            Side::South
        }
        fn legal_moves(&self) -> MoveList<u8> {
            if self.forced {
                [1].into_iter().collect()
            } else {
                [1, 2].into_iter().collect()
            }
        }
        fn check_move(&self, mv: u8) -> Result<(), std::fmt::Error> {
            self.legal_moves()
                .contains(&mv)
                .then_some(())
                .ok_or(std::fmt::Error)
        }
        fn play_unchecked(&mut self, mv: u8) {
            self.notch = self.notch.wrapping_add(mv);
            self.payload[usize::from(self.notch) % 32] ^= 1;
        }
        fn outcome(&self) -> Option<Outcome> {
            None
        }
        fn score(&self, _: Side) -> u32 {
            0
        }
        fn board(&self) -> Board {
            Board::new(&[self.notch])
        }
        fn store(&self, _: Side) -> u32 {
            0
        }
        fn seeds_on_side(&self, _: Side) -> u32 {
            0
        }
    }

    fn wheel(forced: bool) -> Wheel {
        Wheel {
            notch: 0,
            forced,
            payload: [0; 32],
        }
    }

    #[test]
    fn perft_of_an_endless_line_counts_to_the_maximum_depth_in_a_small_stack() {
        // Half the default stack of a spawned thread, in a debug build (the largest frames).
        let counted = std::thread::Builder::new()
            .stack_size(1 << 20)
            .spawn(|| {
                let forced = wheel(true);
                (
                    perft(&forced, MAX_PERFT_DEPTH),
                    perft_by_leaf(&forced, MAX_PERFT_DEPTH),
                    divide(&forced, MAX_PERFT_DEPTH),
                )
            })
            .expect("a thread")
            .join()
            .expect("no stack overflow, no panic");
        assert_eq!(counted, (1, 1, vec![(1, 1)]));
    }

    #[test]
    fn a_depth_above_the_maximum_is_refused_with_a_clear_error() {
        assert_eq!(check_depth(MAX_PERFT_DEPTH), Ok(MAX_PERFT_DEPTH));
        let error = check_depth(20_000).unwrap_err();
        assert_eq!(error.depth(), 20_000);
        assert_eq!(
            error.to_string(),
            format!("perft depth 20000 is out of range: the depth must be 0 to {MAX_PERFT_DEPTH}")
        );
        let refused = std::panic::catch_unwind(|| perft(&wheel(true), 20_000));
        let message = refused.expect_err("refused");
        assert_eq!(message.downcast_ref::<String>(), Some(&error.to_string()));
    }

    #[test]
    fn divide_adds_up_to_perft_at_every_depth_and_refuses_depth_zero() {
        let start = wheel(false);
        for depth in 1..=12 {
            let split = divide(&start, depth);
            let total: u64 = split.iter().map(|&(_, nodes)| nodes).sum();
            assert_eq!(total, perft(&start, depth), "depth {depth}");
            // Two moves at every ply: 2^depth sequences.
            assert_eq!(total, 1 << depth);
            assert_eq!(perft_by_leaf(&start, depth), 1 << depth);
        }
        assert_eq!(perft(&start, 0), 1);
        let refused = std::panic::catch_unwind(|| divide(&start, 0)).expect_err("refused");
        assert_eq!(
            refused.downcast_ref::<String>().map(String::as_str),
            Some("perft depth 0 is out of range: the depth must be 1 to 256")
        );
    }
}
