//! The Kalah position: the pits, the stores, the side to move and the move count; and its
//! `Position` implementation. A move whose last seed falls into the mover's store leaves the
//! side to move as it is.

use crate::sowing::sow_and_capture;
use crate::{Effect, Move, MoveError, RuleSet, Setup, SetupError};
use core::fmt;
use core::ops::Range;
use mancala_engine::packed::{holding, Word, ONES, ONES_BELOW};
use mancala_engine::{Board, EndReason, Game, MoveList, Outcome, Position, Rng, Side};

/// Bytes of a board: up to 2 × [`MAX_PITS`](crate::MAX_PITS) pits, one vector register.
pub(crate) const HOLES: usize = 16;

/// A board's pits in canonical order (South's first, each row from its owner's left), padded
/// with zeros.
pub(crate) type Pits = [u8; HOLES];

/// A Kalah position, everything that decides the rest of the game: the seeds of every pit,
/// the two stores, the side to move and the moves played so far (for the move limit). A small
/// `Copy` value: no history decides anything in Kalah.
///
/// Its string form ([`Display`](fmt::Display), [`FromStr`](core::str::FromStr)) is described in
/// the [`notation`](crate::notation) module; `Debug` writes the same.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Kalah {
    pub(crate) frame: Frame,
    pub(crate) end: Option<EndReason>,
}

/// The position's parts, without its end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Frame {
    pub(crate) board: Pits,
    pub(crate) stores: [u8; 2],
    pub(crate) side: Side,
    pub(crate) ply: u32,
    pub(crate) rules: RuleSet,
}

/// A bit per non-empty pit of `board`, bit `i` for canonical pit `i`: the flags of the empty
/// bytes, inverted, gathered eight at a time by one multiplication (the flag of byte `k`
/// lands alone on bit `56 + k`).
#[inline(always)]
fn occupied_pits(board: &Pits) -> u32 {
    let flags = !holding(Word::from_le_bytes(*board), 0) & (ONES * 0x80);
    let gather = |half: u64| ((half >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u32;
    gather(flags as u64) | gather((flags >> 64) as u64) << 8
}

impl Frame {
    /// The canonical indices of `side`'s pits.
    #[inline]
    pub(crate) fn row(&self, side: Side) -> Range<usize> {
        let pits = self.rules.pits();
        side.index() * pits..(side.index() + 1) * pits
    }

    /// A bit per non-empty pit of `side`, from his left.
    #[inline(always)]
    pub(crate) fn occupied(&self, side: Side) -> u32 {
        let start = side.index() * self.rules.pits();
        (occupied_pits(&self.board) >> start) & ((1u32 << self.rules.pits()) - 1)
    }

    /// The frame after `mv` (legal or not: an illegal one gives a meaningless but safe frame),
    /// with what the move did. The side to move stays when the last seed fell into the store.
    #[inline(always)]
    pub(crate) fn after(&self, mv: Move) -> (Frame, Effect) {
        let mover = self.side;
        let (board, stores, effect) = sow_and_capture(
            &self.board,
            self.stores,
            self.rules.pits(),
            mover,
            mv.index(),
            self.rules.empty_capture(),
        );
        let next = Frame {
            board,
            stores,
            side: if effect.extra_turn { mover } else { !mover },
            ply: self.ply.saturating_add(1),
            rules: self.rules,
        };
        (next, effect)
    }

    /// Why `mv` is not legal here, if it is not (the game being still on).
    pub(crate) fn check(&self, mv: Move) -> Result<(), MoveError> {
        let (pits, number) = (self.rules.pits(), mv.number());
        if mv.index() >= pits {
            return Err(MoveError::NoSuchPit { number, pits });
        }
        if self.board[self.row(self.side).start + mv.index()] == 0 {
            return Err(MoveError::EmptyPit { number });
        }
        Ok(())
    }

    /// Why the game is over here, if it is, after `moves` moves (the frame's own count, or one
    /// more than a count saturated at `u32::MAX`): a player's pits are all empty, or more moves
    /// than the limit have been played.
    #[inline(always)]
    pub(crate) fn end_after(&self, moves: u64) -> Option<EndReason> {
        let pits = self.rules.pits();
        let word = Word::from_le_bytes(self.board);
        let row = ONES_BELOW[pits] * 0xFF;
        if word & row == 0 || (word >> (8 * pits)) & row == 0 {
            return Some(EndReason::NoSeeds);
        }
        let limit = self.rules.max_plies();
        (limit > 0 && moves > u64::from(limit)).then_some(EndReason::MoveLimit)
    }

    /// Why the game is over here, if it is, after the frame's own count of moves.
    #[inline(always)]
    pub(crate) fn end(&self) -> Option<EndReason> {
        self.end_after(u64::from(self.ply))
    }

    /// Each player's remaining seeds go into his store (the end of every game).
    pub(crate) fn collect(&mut self) {
        for side in Side::BOTH {
            let row = self.row(side);
            let seeds: u32 = self.board[row.clone()].iter().map(|&s| u32::from(s)).sum();
            self.stores[side.index()] += seeds as u8;
            self.board[row].fill(0);
        }
    }
}

impl Kalah {
    /// Moves played since the start of the game, counted up to `u32::MAX` (a game under the
    /// largest move limit, `u32::MAX`, ends with the move after it and keeps that count).
    #[inline]
    pub fn ply(&self) -> u32 {
        self.frame.ply
    }

    /// The seeds of every pit: South's row, then North's, each from its owner's left (pit `n`
    /// of a row at its index `n - 1`), the order of sowing.
    #[inline]
    pub fn pits(&self) -> &[u8] {
        &self.frame.board[..2 * self.frame.rules.pits()]
    }

    /// What `mv` would do if `side` played it here, without playing it: whether its last seed
    /// falls into his store and what it captures. `side` need not be the side to move, so that
    /// an evaluation can weigh both players' prospects. Whether the move would end the game is
    /// not judged: `extra_turn` is set whenever the last seed falls into the store. `None` for
    /// a pit off the board or empty.
    #[inline]
    pub fn preview(&self, side: Side, mv: Move) -> Option<Effect> {
        let frame = &self.frame;
        let pits = frame.rules.pits();
        if mv.index() >= pits || frame.board[side.index() * pits + mv.index()] == 0 {
            return None;
        }
        let empty_capture = frame.rules.empty_capture();
        let (_, _, effect) = sow_and_capture(
            &frame.board,
            frame.stores,
            pits,
            side,
            mv.index(),
            empty_capture,
        );
        Some(effect)
    }

    /// Every seed of the game, in the pits and the stores.
    pub fn total_seeds(&self) -> u32 {
        let frame = &self.frame;
        frame
            .board
            .iter()
            .chain(&frame.stores)
            .map(|&s| u32::from(s))
            .sum()
    }

    /// Plays a move, legal or not (an illegal one leaves the position meaningless but safe).
    #[inline(always)]
    pub(crate) fn apply(&mut self, mv: Move) -> Effect {
        let (frame, mut effect) = self.frame.after(mv);
        let moves = u64::from(self.frame.ply) + 1;
        self.frame = frame;
        if let Some(reason) = frame.end_after(moves) {
            self.frame.collect();
            self.end = Some(reason);
            effect.extra_turn = false;
        }
        effect
    }

    /// The legal moves as a bit per pit of the side to move (none once the game is over).
    #[inline]
    fn legal_mask(&self) -> u32 {
        match self.end {
            Some(_) => 0,
            None => self.frame.occupied(self.frame.side),
        }
    }
}

impl Default for Kalah {
    /// The start under [`RuleSet::STANDARD`].
    fn default() -> Kalah {
        Kalah::new(RuleSet::STANDARD)
    }
}

impl fmt::Debug for Kalah {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Game for Kalah {
    const NAME: &'static str = "kalah";
    type Rules = RuleSet;
    type Setup = Setup;
    type SetupError = SetupError;
    type Effect = Effect;

    /// The start of a game under `rules`: every pit holds the rules' seeds, South to move.
    fn new(rules: RuleSet) -> Kalah {
        let mut board = [0; HOLES];
        board[..2 * rules.pits()].fill(rules.seeds() as u8);
        let frame = Frame {
            board,
            stores: [0; 2],
            side: Side::South,
            ply: 0,
            rules,
        };
        Kalah { frame, end: None }
    }

    #[inline]
    fn rules(&self) -> RuleSet {
        self.frame.rules
    }

    fn from_setup(setup: Setup) -> Result<Kalah, SetupError> {
        crate::setup::from_setup(setup)
    }

    fn to_setup(&self) -> Setup {
        crate::setup::to_setup(self)
    }

    fn play_reported(&mut self, mv: Move) -> Result<Effect, MoveError> {
        self.check_move(mv)?;
        Ok(self.apply(mv))
    }
}

impl Position for Kalah {
    type Move = Move;
    type MoveError = MoveError;

    #[inline]
    fn side_to_move(&self) -> Side {
        self.frame.side
    }

    fn legal_moves(&self) -> MoveList<Move> {
        MoveList::from_mask(self.legal_mask(), |pit| Move::new(pit as u8 + 1))
    }

    fn check_move(&self, mv: Move) -> Result<(), MoveError> {
        match self.end {
            Some(_) => Err(MoveError::GameOver),
            None => self.frame.check(mv),
        }
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    /// The player with more seeds wins, as OpenSpiel's returns say, at the move limit too
    /// (each player's remaining seeds counted for him).
    fn outcome(&self) -> Option<Outcome> {
        self.end.map(|reason| {
            Outcome::by_score(self.score(Side::South), self.score(Side::North), reason)
        })
    }

    #[inline]
    fn score(&self, side: Side) -> u32 {
        self.store(side)
    }

    fn board(&self) -> Board {
        Board::new(&self.frame.board[..2 * self.rules().pits()])
    }

    #[inline]
    fn store(&self, side: Side) -> u32 {
        u32::from(self.frame.stores[side.index()])
    }

    fn seeds_on_side(&self, side: Side) -> u32 {
        let frame = &self.frame;
        frame.board[frame.row(side)]
            .iter()
            .map(|&s| u32::from(s))
            .sum()
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.end.is_some()
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        self.legal_mask().count_ones() as usize
    }

    /// Plays the move on the frame alone and counts the occupied pits of the side to move then.
    #[inline]
    fn count_legal_moves_after(&self, mv: Move) -> usize {
        let (frame, _) = self.frame.after(mv);
        match frame.end_after(u64::from(self.frame.ply) + 1) {
            Some(_) => 0,
            None => frame.occupied(frame.side).count_ones() as usize,
        }
    }

    /// The same choice as the provided method (the `k`-th legal move for `k` drawn below their
    /// number), without building the list.
    #[inline]
    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        let mut mask = self.legal_mask();
        let count = mask.count_ones();
        if count == 0 {
            return None;
        }
        for _ in 0..rng.below(count) {
            mask &= mask - 1;
        }
        Some(Move::new(mask.trailing_zeros() as u8 + 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn occupied_pits_flags_every_non_empty_byte() {
        // Every single byte, and boards of random counts, against a plain loop.
        let mut rng = Rng::new(11);
        for round in 0..2000u32 {
            let mut board = [0u8; HOLES];
            if round < 256 {
                board[(round % 16) as usize] = 1 + (round / 16) as u8;
            } else {
                for seeds in &mut board {
                    *seeds = [0, 1, 0x7F, 0x80, 0xFF][rng.below(5) as usize];
                }
            }
            let plain = board
                .iter()
                .enumerate()
                .fold(0u32, |mask, (i, &s)| mask | u32::from(s != 0) << i);
            assert_eq!(occupied_pits(&board), plain, "{board:?}");
        }
    }
}
