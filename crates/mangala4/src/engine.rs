//! The hot path: one turn on a `[u8; 14]` board, and a run of turns up to the next capture with
//! constant-memory repetition detection. No allocation, no hashing.

use mancala_engine::capture::{backward_chain, Chain};
use mancala_engine::relay::{relay, Lap, RelayEnd, LAP_LIMIT};
use mancala_engine::sow::sow_ring;
use mancala_engine::topology::Ring;
use mancala_engine::Side;

/// Holes on the board.
pub const HOLES: usize = 14;
/// Holes in one row.
pub const PER_SIDE: usize = 7;
/// The Mangala IV ring: two rows of seven.
pub(crate) const RING: Ring = match Ring::new(PER_SIDE as u8) {
    Some(ring) => ring,
    None => panic!("a ring of 2 x 7 holes exists"),
};

/// Everything play depends on: the board, the captured totals and the side to move. Within a
/// run of turns without capture the totals are constant, so two states compare equal exactly when
/// M7 calls the positions the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct State {
    pub board: [u8; HOLES],
    pub captured: [u8; 2],
    pub side: Side,
}

/// The mover's forced hole (M1): the first occupied hole of his row, in sowing order.
#[inline]
pub(crate) fn forced_hole(board: &[u8; HOLES], side: Side) -> Option<usize> {
    let start = side.index() * PER_SIDE;
    let mut row = [0u8; 8];
    row[..PER_SIDE].copy_from_slice(&board[start..start + PER_SIDE]);
    let bits = u64::from_le_bytes(row);
    if bits == 0 {
        None
    } else {
        Some(start + (bits.trailing_zeros() / 8) as usize)
    }
}

/// What a lap needs: the board and the hole the next lap lifts from. Two equal states mean the
/// relay repeats for ever (M8).
#[derive(Clone, Copy, PartialEq, Eq)]
struct LapState {
    board: [u8; HOLES],
    hole: u8,
}

/// How one move (not a pass) ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sown {
    /// The last counter fell into an empty hole (M4, `c == 1`).
    Quiet { last: u8, laps: u32 },
    /// The last counter made a 2 or a 4: the chain was taken (M4–M5).
    Capture { chain: Chain, laps: u32 },
    /// The relay never ends (M8): the board was left as it was.
    Endless { laps: u32 },
}

/// Sows the move from `hole` with its relays and its capture; captured counters go to `side`.
#[inline]
pub(crate) fn sow_move(state: &mut State, hole: usize) -> Sown {
    let mut lap_state = LapState {
        board: state.board,
        hole: hole as u8,
    };
    let end = relay(&mut lap_state, LAP_LIMIT, |s| {
        let from = s.hole as usize;
        let seeds = core::mem::take(&mut s.board[from]);
        let last = sow_ring(&mut s.board, RING.next(from), u32::from(seeds)).unwrap_or(from);
        s.hole = last as u8;
        match s.board[last] {
            1 | 2 | 4 => Lap::Stop,
            _ => Lap::Continue,
        }
    });
    match end {
        RelayEnd::Endless { laps } => Sown::Endless { laps },
        RelayEnd::Finished { laps } => {
            state.board = lap_state.board;
            let last = lap_state.hole;
            if state.board[last as usize] == 1 {
                Sown::Quiet { last, laps }
            } else {
                let chain = backward_chain(&mut state.board, RING, last as usize, |_, c| {
                    c == 2 || c == 4
                });
                state.captured[state.side.index()] += chain.seeds as u8;
                Sown::Capture { chain, laps }
            }
        }
    }
}

/// One turn, with the kind of step it was.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Step {
    Pass,
    Quiet,
    Capture,
    Endless,
}

/// Plays one turn from `state` (whose board is not empty): the forced move or a pass. An endless
/// move leaves the state untouched, side to move included.
#[inline]
pub(crate) fn step(state: &mut State) -> Step {
    match forced_hole(&state.board, state.side) {
        None => {
            state.side = !state.side;
            Step::Pass
        }
        Some(hole) => match sow_move(state, hole) {
            Sown::Quiet { .. } => {
                state.side = !state.side;
                Step::Quiet
            }
            Sown::Capture { .. } => {
                state.side = !state.side;
                Step::Capture
            }
            Sown::Endless { .. } => Step::Endless,
        },
    }
}

/// How a run of turns without capture ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RunEnd {
    /// A move captured; the state is the one after it.
    Capture,
    /// A move was endless; the state is the one before it.
    Endless,
    /// The state is the first that repeats one of the run, reached at turn `at` of the run
    /// (counted from its start, `0`).
    Repetition { at: u32 },
}

/// The result of [`run`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Run {
    pub end: RunEnd,
    /// Turns played, passes included (for an endless move: the turns before it).
    pub turns: u32,
    /// Moves played, passes not included (an endless move counts).
    pub moves: u32,
}

/// Plays turns from `state` until a capture, an endless move, or the start of the first turn
/// whose state already occurred in this run (M7).
///
/// A repeat is found with Brent's method (one saved state, doubling distances), which yields the
/// cycle length `λ` exactly; the first repeat, at turn `μ + λ`, is then found by replaying from
/// the start (`λ` turns ahead, then both in step until they meet after `μ`). Memory is constant.
/// The board must not be empty.
pub(crate) fn run(state: &mut State) -> Run {
    let start = *state;
    let mut saved = *state;
    let mut power = 1u32;
    let mut lambda = 0u32;
    let mut turns = 0u32;
    let mut moves = 0u32;
    loop {
        match step(state) {
            Step::Pass => {}
            Step::Quiet => moves += 1,
            Step::Capture => {
                return Run {
                    end: RunEnd::Capture,
                    turns: turns + 1,
                    moves: moves + 1,
                }
            }
            Step::Endless => {
                return Run {
                    end: RunEnd::Endless,
                    turns,
                    moves: moves + 1,
                }
            }
        }
        turns += 1;
        lambda += 1;
        if *state == saved {
            return first_repeat(start, lambda, state);
        }
        if lambda == power {
            saved = *state;
            power = power.saturating_mul(2);
            lambda = 0;
        }
    }
}

/// Replays a run from `start` whose turn sequence cycles with length `lambda`, stopping at the
/// first repeated state.
fn first_repeat(start: State, lambda: u32, state: &mut State) -> Run {
    let mut hare = start;
    let mut moves = 0u32;
    for _ in 0..lambda {
        if step(&mut hare) == Step::Quiet {
            moves += 1;
        }
    }
    let mut tortoise = start;
    let mut mu = 0u32;
    while tortoise != hare {
        step(&mut tortoise);
        if step(&mut hare) == Step::Quiet {
            moves += 1;
        }
        mu += 1;
    }
    *state = hare;
    Run {
        end: RunEnd::Repetition { at: mu + lambda },
        turns: mu + lambda,
        moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forced_hole_is_the_first_occupied_of_the_row() {
        let mut board = [0u8; HOLES];
        assert_eq!(forced_hole(&board, Side::South), None);
        board[3] = 1;
        board[5] = 2;
        board[12] = 9;
        assert_eq!(forced_hole(&board, Side::South), Some(3));
        assert_eq!(forced_hole(&board, Side::North), Some(12));
        board[7] = 255;
        assert_eq!(forced_hole(&board, Side::North), Some(7));
    }
}
