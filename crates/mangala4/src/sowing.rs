//! The hot path: one turn on a board of 14 byte counts kept in a 16-byte word, and a run of
//! turns up to the next capture with constant-memory repetition detection. No allocation, no
//! hashing.
//!
//! A move works on the board as one `u128` (hole `i` is byte `i`, bytes 14 and 15 stay `0`), so
//! it never touches memory: a lap lifts a hole and sows it with two word additions, the count
//! of the landing hole is a shift, and the forced hole is the trailing zeros of a row.

use mancala_engine::capture::Chain;
use mancala_engine::relay::{relay, Lap, LAP_LIMIT};
use mancala_engine::Side;

/// Holes on the board.
pub const HOLES: usize = 14;
/// Holes in one row.
pub const PER_SIDE: usize = 7;
/// Bytes a board is kept in: the holes and two bytes of padding, always `0`, to fill a word.
pub(crate) const PADDED: usize = 16;

/// A board as one word: byte `i` is the count of hole `i`.
type Word = u128;

/// `RUN[k]` has a `1` in each of the bytes `0..k` (`k` at most 14): the gains of a sowing of
/// the first `k` holes.
const RUN: [Word; HOLES + 1] = {
    let mut table = [0; HOLES + 1];
    let mut k = 1;
    while k <= HOLES {
        table[k] = table[k - 1] | (1 << (8 * (k - 1)));
        k += 1;
    }
    table
};
/// A `1` in every hole's byte: the gains of one whole lap of the ring.
const ONES: Word = RUN[HOLES];
/// The bytes of one row, from its first hole.
const ROW: u64 = (1 << (8 * PER_SIDE)) - 1;

/// `SHORT[from][rest]`: the gains of sowing `rest` counters (fewer than a lap) from the hole
/// after `from`, wrapping past the last hole to the first.
static SHORT: [[Word; HOLES]; HOLES] = {
    let mut table = [[0; HOLES]; HOLES];
    let mut from = 0;
    while from < HOLES {
        let start = (from + 1) % HOLES;
        let mut rest = 0;
        while rest < HOLES {
            let end = start + rest;
            table[from][rest] = if end > HOLES {
                (RUN[HOLES] - RUN[start]) + RUN[end - HOLES]
            } else {
                RUN[end] - RUN[start]
            };
            rest += 1;
        }
        from += 1;
    }
    table
};

/// `WHOLE[seeds]`: the gains of the whole laps of a sowing of `seeds` counters, one per hole
/// and lap, and `REST[seeds]` the counters left over, `seeds % 14`. Counts are bytes.
static WHOLE: [Word; 256] = {
    let mut table = [0; 256];
    let mut seeds = 0;
    while seeds < 256 {
        table[seeds] = (seeds / HOLES) as Word * ONES;
        seeds += 1;
    }
    table
};

/// See [`WHOLE`].
static REST: [u8; 256] = {
    let mut table = [0; 256];
    let mut seeds = 0;
    while seeds < 256 {
        table[seeds] = (seeds % HOLES) as u8;
        seeds += 1;
    }
    table
};

/// `KEEP[hole]`: every byte but that of `hole`.
static KEEP: [Word; HOLES] = {
    let mut table = [0; HOLES];
    let mut hole = 0;
    while hole < HOLES {
        table[hole] = !(0xFF << (8 * hole));
        hole += 1;
    }
    table
};

/// `KEEP_PAIR[hole]`: every byte but those of `hole` and of the hole opposite it.
#[cfg(test)]
static KEEP_PAIR: [Word; HOLES] = {
    let mut table = [0; HOLES];
    let mut hole = 0;
    while hole < HOLES {
        table[hole] = !((0xFF << (8 * hole)) | (0xFF << (8 * (HOLES - 1 - hole))));
        hole += 1;
    }
    table
};

/// The board of `padded` as a word.
#[inline(always)]
pub(crate) fn word(padded: &[u8; PADDED]) -> Word {
    Word::from_le_bytes(*padded)
}

/// The count of hole `hole` of `board`: a shift of the half word that holds it.
#[inline(always)]
fn count(board: Word, hole: usize) -> u8 {
    let half = if hole >= 8 {
        (board >> 64) as u64
    } else {
        board as u64
    };
    (half >> (8 * (hole & 7))) as u8
}

/// Everything play depends on: the board, the captured totals and the side to move. Within a
/// run of turns without capture the totals are constant, so two states compare equal exactly when
/// M7 calls the positions the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct State {
    /// The 14 counts and two padding bytes that are always `0`.
    pub board: [u8; PADDED],
    pub captured: [u8; 2],
    pub side: Side,
}

impl State {
    /// The state of a board of 14 holes.
    pub fn new(holes: [u8; HOLES], captured: [u8; 2], side: Side) -> State {
        let mut board = [0; PADDED];
        board[..HOLES].copy_from_slice(&holes);
        State {
            board,
            captured,
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

    /// `true` when no counter is left on the board.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        word(&self.board) == 0
    }

    /// `true` when exactly one counter is left on the board.
    #[inline]
    pub fn is_lone_counter(&self) -> bool {
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

/// One lap (M3): lifts the `seeds` counters of `from` (at least one) and sows them from the
/// next hole on. Returns the board, the hole of the last counter, and its count now.
///
/// The lap adds one to every hole for each whole lap and one more to a run of holes starting
/// after `from`: three table entries. No byte overflows, so the word arithmetic is byte
/// arithmetic: no count exceeds the 255 counters a position may hold.
#[inline(always)]
fn lap(board: Word, from: usize, seeds: u8) -> (Word, usize, u8) {
    let rest = usize::from(REST[usize::from(seeds)]);
    let gains = WHOLE[usize::from(seeds)] + SHORT[from][rest];
    let board = (board & KEEP[from]) + gains;
    let last = from + rest;
    let last = if last >= HOLES { last - HOLES } else { last };
    (board, last, count(board, last))
}

/// Plain laps tried before the relay driver takes over with its cycle detection. Nearly every
/// relay ends well within them; the rare longer one is sown again from its start by the driver,
/// so every verdict and lap count is the driver's.
const PLAIN_LAPS: u32 = 64;

/// What a lap needs: the board and the hole the next lap lifts from. Two equal states mean the
/// relay repeats for ever (M8).
#[derive(Clone, Copy, PartialEq, Eq)]
struct LapState {
    board: Word,
    hole: usize,
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

/// The relay of a move from `hole`: its laps up to the one that ends it (M4), or `None` for an
/// endless relay (M8), with the laps sown. Returns the board and the landing hole.
#[inline(always)]
fn relay_laps(board: Word, hole: usize) -> (Option<(Word, usize)>, u32) {
    let (mut b, mut from, mut seeds) = (board, hole, count(board, hole));
    for laps in 1..=PLAIN_LAPS {
        let (next, last, landed) = lap(b, from, seeds);
        if matches!(landed, 1 | 2 | 4) {
            return (Some((next, last)), laps);
        }
        (b, from, seeds) = (next, last, landed);
    }
    long_relay(board, hole)
}

/// [`relay_laps`] for a relay longer than [`PLAIN_LAPS`]: the core driver, with its lap limit
/// and cycle detection, from the start of the move.
#[cold]
#[inline(never)]
fn long_relay(board: Word, hole: usize) -> (Option<(Word, usize)>, u32) {
    let mut state = LapState { board, hole };
    let end = relay(&mut state, LAP_LIMIT, |s| {
        let (next, last, landed) = lap(s.board, s.hole, count(s.board, s.hole));
        (s.board, s.hole) = (next, last);
        match landed {
            1 | 2 | 4 => Lap::Stop,
            _ => Lap::Continue,
        }
    });
    match end {
        mancala_engine::relay::RelayEnd::Finished { laps } => {
            (Some((state.board, state.hole)), laps)
        }
        mancala_engine::relay::RelayEnd::Endless { laps } => (None, laps),
    }
}

/// `0x80` in every hole's byte: the flags of per-byte tests.
const FLAGS: Word = ONES * 0x80;

/// The flag (`0x80`) in the byte of every hole holding exactly `value`, from a per-byte test
/// with no carry between bytes.
#[inline(always)]
fn holding(board: Word, value: u8) -> Word {
    let x = board ^ (ONES * Word::from(value));
    let low = ONES * 0x7F;
    let nonzero = ((x & low) + low) | x;
    !nonzero & FLAGS
}

/// The sum of the counts of `board` (at most 255).
#[inline(always)]
fn total(board: Word) -> u32 {
    let halves = board as u64 + (board >> 64) as u64;
    (halves.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
}

/// The backward chain (M4) from `landing`, whose count is 2 or 4: takes it and every hole
/// before it holding 2 or 4, each with its opposite, reading counts as they stand.
///
/// The walk never leaves the landing hole's row (the hole before a row's first is the opposite
/// of that first hole, already emptied), and taking a hole empties only its opposite, in the
/// other row: so the chain is the run of holes holding 2 or 4 that ends at `landing` within
/// its row, as the board stands before it. Found branch-free from per-byte tests.
#[inline(always)]
fn chain(board: Word, landing: usize) -> (Word, Chain) {
    let row = if landing >= PER_SIDE { PER_SIDE } else { 0 };
    let in_row = (RUN[row + PER_SIDE] - RUN[row]) * 0x80;
    let qualify = (holding(board, 2) | holding(board, 4)) & in_row;
    // Flags of the holes up to the landing hole that stop the walk.
    let stops = (RUN[landing + 1] * 0x80) & !qualify;
    let below = (127 - stops.leading_zeros() as i32) >> 3;
    let first = (below + 1) as usize;
    let taken = (RUN[landing + 1] - RUN[first]) + (RUN[HOLES - first] - RUN[HOLES - 1 - landing]);
    let taken = taken * 0xFF;
    let chain = Chain {
        from: landing,
        holes: landing + 1 - first,
        seeds: total(board & taken),
    };
    (board & !taken, chain)
}

/// The backward chain walked hole by hole, as the rules word it: the reference for [`chain`].
#[cfg(test)]
fn chain_by_hole(mut board: Word, landing: usize) -> (Word, Chain) {
    let mut taken = Chain {
        from: landing,
        holes: 0,
        seeds: 0,
    };
    let mut hole = landing;
    while taken.holes < HOLES {
        let c = count(board, hole);
        if c != 2 && c != 4 {
            break;
        }
        let opposite = HOLES - 1 - hole;
        taken.seeds += u32::from(c) + u32::from(count(board, opposite));
        board &= KEEP_PAIR[hole];
        taken.holes += 1;
        hole = if hole == 0 { HOLES - 1 } else { hole - 1 };
    }
    (board, taken)
}

/// Sows the move from `hole` with its relays and its capture; captured counters go to `side`.
#[inline(always)]
pub(crate) fn sow_move(state: &mut State, hole: usize) -> Sown {
    match relay_laps(word(&state.board), hole) {
        (None, laps) => Sown::Endless { laps },
        (Some((board, last)), laps) => {
            if count(board, last) == 1 {
                state.board = board.to_le_bytes();
                Sown::Quiet {
                    last: last as u8,
                    laps,
                }
            } else {
                let (board, taken) = chain(board, last);
                state.board = board.to_le_bytes();
                state.captured[state.side.index()] += taken.seeds as u8;
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

/// The turn at which a run of turns starting at `start` with a lone counter on the board first
/// repeats a state (M7). The counter goes round the board, moved by the owner of its row while
/// the other passes: a cycle of 26 turns (14 moves, 12 passes) through every state but the
/// two in which the side to move does not own the counter's row although it has just entered
/// it (North to move with the counter on South's first hole, South to move with it on North's
/// first); from those, a pass leads into the cycle a turn later.
pub(crate) fn lone_counter_repeat(start: &State) -> u32 {
    let hole = word(&start.board).trailing_zeros() as usize / 8;
    match (hole, start.side) {
        (0, Side::North) | (PER_SIDE, Side::South) => 27,
        _ => 26,
    }
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
    match cycle_from(state) {
        Ok(lambda) => first_repeat(start, lambda, state),
        Err((end, turns, moves)) => Run { end, turns, moves },
    }
}

/// Brent's search from `state` along the forced line: the length of the cycle the line falls
/// into, or how it ends first (a capture or an endless move) with the turns and moves played.
/// `state` is left where the search stopped.
#[inline]
fn cycle_from(state: &mut State) -> Result<u32, (RunEnd, u32, u32)> {
    let mut saved = *state;
    let mut power = 1u32;
    let mut lambda = 0u32;
    let mut turns = 0u32;
    let mut moves = 0u32;
    loop {
        match step(state) {
            Step::Pass => {}
            Step::Quiet => moves += 1,
            Step::Capture => return Err((RunEnd::Capture, turns + 1, moves + 1)),
            Step::Endless => return Err((RunEnd::Endless, turns, moves + 1)),
        }
        turns += 1;
        lambda += 1;
        if *state == saved {
            return Ok(lambda);
        }
        if lambda == power {
            saved = *state;
            power = power.saturating_mul(2);
            lambda = 0;
        }
    }
}

/// The turn of the first repeat (M7) in the run of turns that started at `start` and has
/// reached `now` without a capture or an endless move, if the run ends that way rather than
/// by one of those; `None` otherwise. The search goes on from `now`: the cycle the line falls
/// into is the same from any of its states, and the replay from `start` then finds the first
/// repeat. A run with a lone counter is answered without playing.
pub(crate) fn repeat_turn(start: &State, now: &State) -> Option<u32> {
    if start.is_lone_counter() {
        return Some(lone_counter_repeat(start));
    }
    let mut ahead = *now;
    match cycle_from(&mut ahead) {
        Ok(lambda) => {
            let mut end = *start;
            match first_repeat(*start, lambda, &mut end).end {
                RunEnd::Repetition { at } => Some(at),
                RunEnd::Capture | RunEnd::Endless => None,
            }
        }
        Err(_) => None,
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
    fn a_lap_equals_sowing_counter_by_counter() {
        for from in 0..HOLES {
            for seeds in 1..=200u8 {
                let mut holes = [0u8; HOLES];
                for (i, h) in holes.iter_mut().enumerate() {
                    *h = ((i * 7 + usize::from(seeds)) % 5) as u8;
                }
                holes[from] = seeds;
                let (board, last, landed) = lap(word(&padded(holes)), from, seeds);
                let mut expected = holes;
                expected[from] = 0;
                let mut at = from;
                for _ in 0..seeds {
                    at = (at + 1) % HOLES;
                    expected[at] += 1;
                }
                assert_eq!(board.to_le_bytes(), padded(expected), "{from} {seeds}");
                assert_eq!((last, landed), (at, expected[at]));
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
            let board = word(&padded(holes));
            assert_eq!(
                chain(board, landing),
                chain_by_hole(board, landing),
                "{holes:?}"
            );
        }
    }

    #[test]
    fn a_lone_counter_repeats_after_a_circuit() {
        for hole in 0..HOLES {
            for side in Side::BOTH {
                let mut holes = [0u8; HOLES];
                holes[hole] = 1;
                let mut state = State::new(holes, [3, 4], side);
                assert!(state.is_lone_counter());
                let start = state;
                let run = run(&mut state);
                assert_eq!(
                    run.end,
                    RunEnd::Repetition {
                        at: lone_counter_repeat(&start)
                    }
                );
            }
        }
        let mut holes = [0u8; HOLES];
        holes[3] = 2;
        assert!(!State::new(holes, [0, 0], Side::South).is_lone_counter());
        holes[3] = 1;
        holes[9] = 1;
        assert!(!State::new(holes, [0, 0], Side::South).is_lone_counter());
    }
}
