//! What a move does to the board: one turn on a board of 14 byte counts kept in a 16-byte
//! word. The hot path: no allocation, no hashing.
//!
//! A move works on the board as one `u128` (hole `i` is byte `i`, bytes 14 and 15 stay `0`), so
//! it never touches memory: a lap is the core's cycle kernel in its word form
//! ([`WordPath`]) over the ring of 14 as the identity cycle — two word additions — the count
//! of the landing hole is a shift, and the forced hole is the trailing zeros of a row. The
//! relay's lap limit and cycle check (M8) are the core's relay driver; the backward chain (M4)
//! is the core's word chain capture.

use crate::rules::{HOLES, PER_SIDE};
use mancala_engine::capture::{backward_chain, Chain};
use mancala_engine::packed::{seeds_at, Word};
use mancala_engine::relay::{relay_plain_first, RelayEnd, LAP_LIMIT};
use mancala_engine::repetition::Advance;
use mancala_engine::sowing::{SowingPath, WordPath};
use mancala_engine::topology::Ring;
use mancala_engine::Side;

/// Bytes a board is kept in: the holes and two bytes of padding, always `0`, to fill a word.
pub(crate) const PADDED: usize = 16;

/// The bytes of one row, from its first hole.
const ROW: u64 = (1 << (8 * PER_SIDE)) - 1;

/// The sowing order (M3): the 14 holes in index order, South's row then North's.
static LAPS: WordPath = match SowingPath::<PADDED>::identity(HOLES) {
    Some(cycle) => match cycle.word() {
        Some(word) => word,
        None => panic!("a window of 16 cells fits a word"),
    },
    None => panic!("14 holes make a cycle"),
};

/// The board of `padded` as a word.
#[inline(always)]
pub(crate) fn word(padded: &[u8; PADDED]) -> Word {
    Word::from_le_bytes(*padded)
}

/// Everything play depends on: the board, the stores (captured seeds) and the side to move.
/// Within a run of turns without capture the stores are constant, so two states compare equal
/// exactly when M7 calls the positions the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct State {
    /// The 14 counts and two padding bytes that are always `0`.
    pub board: [u8; PADDED],
    pub stores: [u8; 2],
    pub side: Side,
}

impl State {
    /// The state of a board of 14 holes.
    pub fn new(holes: [u8; HOLES], stores: [u8; 2], side: Side) -> State {
        let mut board = [0; PADDED];
        board[..HOLES].copy_from_slice(&holes);
        State {
            board,
            stores,
            side,
        }
    }

    /// The 14 counts.
    #[inline]
    pub fn holes(&self) -> [u8; HOLES] {
        let mut holes = [0; HOLES];
        holes.copy_from_slice(&self.board[..HOLES]);
        holes
    }

    /// `true` when no seed is left on the board.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        word(&self.board) == 0
    }

    /// `true` when exactly one seed is left on the board.
    #[inline]
    pub fn is_lone_seed(&self) -> bool {
        let board = word(&self.board);
        board.is_power_of_two() && board.trailing_zeros() % 8 == 0
    }
}

/// The mover's forced hole (M1) on a board word: the first occupied hole of his row, in sowing
/// order.
#[inline(always)]
fn forced_in(board: Word, side: Side) -> Option<usize> {
    let start = side.index() * PER_SIDE;
    let row = match side {
        Side::South => board as u64,
        Side::North => (board >> (8 * PER_SIDE)) as u64,
    } & ROW;
    if row == 0 {
        None
    } else {
        Some(start + (row.trailing_zeros() / 8) as usize)
    }
}

/// The mover's forced hole (M1): the first occupied hole of his row, in sowing order.
#[inline]
pub(crate) fn forced_hole(board: &[u8; PADDED], side: Side) -> Option<usize> {
    forced_in(word(board), side)
}

/// Plain laps sown before the relay driver's cycle check starts: nearly every relay ends well
/// within them.
const PLAIN_LAPS: u32 = 64;

/// What a lap needs: the board, the hole the next lap lifts from and its count. Two equal
/// states mean the relay repeats for ever (M8).
#[derive(Clone, Copy, PartialEq, Eq)]
struct LapState {
    board: Word,
    hole: usize,
    seeds: u8,
}

/// How one move (not a pass) ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Sown {
    /// The last seed fell into an empty hole (M4, `c == 1`).
    Quiet { laps: u32 },
    /// The last seed made a 2 or a 4: the chain was taken (M4–M5).
    Capture { chain: Chain, laps: u32 },
    /// The relay never ends (M8): the board was left as it was.
    Endless { laps: u32 },
}

/// The relay of a move from `hole`: its laps up to the one that ends it (M4), or `None` for an
/// endless relay (M8), with the laps sown. Returns the board and the landing hole.
#[inline(always)]
fn relay_laps(board: Word, hole: usize) -> (Option<LapState>, u32) {
    let mut state = LapState {
        board,
        hole,
        seeds: seeds_at(board, hole),
    };
    let end = relay_plain_first(&mut state, LAP_LIMIT, PLAIN_LAPS, |s| {
        // The lap's origin holds the previous landing's count: the kernel needs no test.
        let landing = LAPS.lap_of(s.board, s.hole, s.seeds);
        *s = LapState {
            board: landing.board,
            hole: landing.cell,
            seeds: landing.seeds,
        };
        match landing.seeds {
            1 | 2 | 4 => Advance::Stop,
            _ => Advance::Continue,
        }
    });
    match end {
        RelayEnd::Finished { laps } => (Some(state), laps),
        RelayEnd::Endless { laps } => (None, laps),
    }
}

/// The board of Mangala IV as the core's topology sees it: two rows of seven.
const RING: Ring = match Ring::new(PER_SIDE as u8) {
    Some(ring) => ring,
    None => panic!("two rows of seven holes make a ring"),
};

/// The backward chain (M4) from `landing`, whose count is 2 or 4: it and every hole before it
/// holding 2 or 4, each with its opposite, counts read as they stand.
#[inline(always)]
fn chain(board: Word, landing: usize) -> (Word, Chain) {
    backward_chain(board, RING, landing, &[2, 4]).unwrap_or((
        board,
        Chain {
            from: landing,
            holes: 0,
            seeds: 0,
        },
    ))
}

/// Sows the move from `hole` with its relays and its capture; captured seeds go to the side
/// to move.
#[inline(always)]
pub(crate) fn sow_move(state: &mut State, hole: usize) -> Sown {
    match relay_laps(word(&state.board), hole) {
        (None, laps) => Sown::Endless { laps },
        (Some(end), laps) => {
            if end.seeds == 1 {
                state.board = end.board.to_le_bytes();
                Sown::Quiet { laps }
            } else {
                let (board, taken) = chain(end.board, end.hole);
                state.board = board.to_le_bytes();
                // A position holds at most 255 seeds, so a store never overflows its byte.
                state.stores[state.side.index()] += taken.seeds as u8;
                Sown::Capture { chain: taken, laps }
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
#[inline(always)]
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

#[cfg(test)]
mod tests {
    use super::*;

    fn padded(holes: [u8; HOLES]) -> [u8; PADDED] {
        State::new(holes, [0, 0], Side::South).board
    }

    #[test]
    fn forced_hole_is_the_first_occupied_of_the_row() {
        let mut board = [0u8; HOLES];
        assert_eq!(forced_hole(&padded(board), Side::South), None);
        board[3] = 1;
        board[5] = 2;
        board[12] = 9;
        assert_eq!(forced_hole(&padded(board), Side::South), Some(3));
        assert_eq!(forced_hole(&padded(board), Side::North), Some(12));
        board[7] = 255;
        assert_eq!(forced_hole(&padded(board), Side::North), Some(7));
    }

    #[test]
    fn a_lap_sows_the_ring_seed_by_seed() {
        for from in 0..HOLES {
            for seeds in 1..=200u8 {
                let mut holes = [0u8; HOLES];
                for (i, h) in holes.iter_mut().enumerate() {
                    *h = ((i * 7 + usize::from(seeds)) % 5) as u8;
                }
                holes[from] = seeds;
                let landing = LAPS.lap_of(word(&padded(holes)), from, seeds);
                let mut expected = holes;
                expected[from] = 0;
                let mut at = from;
                for _ in 0..seeds {
                    at = (at + 1) % HOLES;
                    expected[at] += 1;
                }
                assert_eq!(
                    landing.board.to_le_bytes(),
                    padded(expected),
                    "{from} {seeds}"
                );
                assert_eq!((landing.cell, landing.seeds), (at, expected[at]));
            }
        }
    }

    #[test]
    fn the_chain_equals_the_walk_hole_by_hole() {
        let mut rng = mancala_engine::Rng::new(7);
        for _ in 0..20_000 {
            let mut holes = [0u8; HOLES];
            for h in holes.iter_mut() {
                *h = [0, 1, 2, 2, 3, 4, 4, 5, 6][rng.below(9) as usize];
            }
            let landing = rng.below(HOLES as u32) as usize;
            holes[landing] = if rng.below(2) == 0 { 2 } else { 4 };
            let (board, taken) = chain(word(&padded(holes)), landing);
            let mut walked = holes;
            let reference = mancala_engine::capture::backward_chain_by_hole(
                &mut walked,
                RING,
                landing,
                |_, count| count == 2 || count == 4,
            );
            assert_eq!(taken, reference, "{holes:?}");
            assert_eq!(board.to_le_bytes(), padded(walked), "{holes:?}");
        }
    }
}
