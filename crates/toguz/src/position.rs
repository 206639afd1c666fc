//! The position type and its [`Position`](mancala_engine::Position) implementation: who may
//! move where, and when the game is over (T1, T6, T7).

use crate::bits::{count_bits, nth_set_bit};
use crate::{BoardSize, Effect, Move, MoveError, RuleSet, Setup, SetupError, TuzdikRule};
use core::hash::Hasher;
use mancala_engine::key::KeyHasher;
use mancala_engine::topology::Ring;
use mancala_engine::{Board, EndReason, Game, MoveList, Outcome, Rng, Side, Stores};

/// Marks "no tuzdik" in the per-player tuzdik table: a spare hole past the board that never
/// holds a seed, so feeding the tuzdiks needs no test for their absence.
pub(crate) const NO_TUZDIK: u8 = 18;

/// Bytes kept for the holes: the 18 of the largest board, the spare hole, and padding to two
/// full vector registers, so a sowing is a few whole-register additions.
pub(crate) const HOLE_BYTES: usize = 32;

/// A Toguz Kumalak position: holes, kazans, tuzdiks, side to move and the rules in force.
///
/// Holes use the canonical index: `0..9` are White's holes 1..9, `9..18` Black's (on smaller
/// boards, `0..n` and `n..2n`). White sits [`Side::South`] and moves first. A position is
/// always valid: it is built from the start, by legal moves, through
/// [`Toguz::from_setup`](mancala_engine::Game::from_setup) or by reading its string.
///
/// `Display` and `FromStr` use the position string of the
/// [notation guide](crate::notation_guide), which holds the rules too, so a position read back
/// plays on exactly like the one written.
///
/// ```
/// use toguz::prelude::*;
///
/// let mut position = Toguz::default();
/// position.play(Move::new(8)).unwrap();
/// let text = position.to_string();
/// assert_eq!(text, "9S,9S,1,10S,10S,10S,10S,10S,10S/9S,9S,9S,9S,9S,9S,9S,1S,10S 10 0 N");
/// assert_eq!(text.parse::<Toguz>(), Ok(position));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Toguz {
    /// Canonical holes, then the spare [`NO_TUZDIK`] hole.
    pub(crate) holes: [u8; HOLE_BYTES],
    pub(crate) kazans: Stores,
    /// `tuzdiks[side]`: the canonical index of the hole that is `side`'s tuzdik.
    pub(crate) tuzdiks: [u8; 2],
    /// A bit per hole that holds a seed, kept up to date by every move: move generation reads
    /// it instead of the holes.
    pub(crate) occupied: u32,
    pub(crate) side: Side,
    pub(crate) rules: RuleSet,
}

/// White, who moves first, sits South.
pub const WHITE: Side = Side::South;
/// Black sits North.
pub const BLACK: Side = Side::North;

impl Default for Toguz {
    /// The start position under the standard rules.
    fn default() -> Toguz {
        Toguz::new(RuleSet::STANDARD)
    }
}

impl Toguz {
    /// Builds a position from parts already validated by [`crate::Setup`].
    pub(crate) fn from_parts(
        holes: [u8; HOLE_BYTES],
        kazans: [u16; 2],
        tuzdiks: [Option<usize>; 2],
        side: Side,
        rules: RuleSet,
    ) -> Toguz {
        let tuzdik = |t: Option<usize>| t.map_or(NO_TUZDIK, |i| i as u8);
        Toguz {
            holes,
            kazans: Stores::new(kazans[0], kazans[1]),
            tuzdiks: [tuzdik(tuzdiks[0]), tuzdik(tuzdiks[1])],
            occupied: occupied_mask(&holes),
            side,
            rules,
        }
    }

    /// The board's ring of holes.
    #[inline]
    pub fn ring(&self) -> Ring {
        ring(self.rules.board)
    }

    /// Seeds by canonical index (`2 × per_side` of them), without the copy
    /// [`board`](mancala_engine::Position::board) makes: for code that reads many positions,
    /// such as the observations of batched environments.
    ///
    /// ```
    /// use toguz::prelude::*;
    ///
    /// let position = Toguz::default();
    /// assert_eq!(position.holes(), &position.board()[..]);
    /// assert_eq!(position.holes(), &[9; 18]);
    /// ```
    #[inline]
    pub fn holes(&self) -> &[u8] {
        &self.holes[..self.rules.board.holes()]
    }

    /// Seeds in `side`'s hole `number` (`1..=per_side`, counted from his own left, as players
    /// count), or `None` if there is no such hole.
    pub fn hole(&self, side: Side, number: usize) -> Option<u8> {
        self.ring().index(side, number).map(|i| self.holes[i])
    }

    /// Seeds in `side`'s kazan, tuzdik seeds included: the players' word for
    /// [`store`](mancala_engine::Position::store).
    #[inline]
    pub fn kazan(&self, side: Side) -> u32 {
        u32::from(self.kazans.get(side))
    }

    /// The canonical index of `side`'s tuzdik (a hole on the opponent's row), if he has one.
    #[inline]
    pub fn tuzdik(&self, side: Side) -> Option<usize> {
        match self.tuzdiks[side.index()] {
            NO_TUZDIK => None,
            i => Some(i as usize),
        }
    }

    /// A bit per hole of the mover's row that holds a seed (bit `k` = hole `k + 1`).
    #[inline]
    fn playable_mask(&self) -> u32 {
        // A constant row length for each board.
        match self.rules.board {
            BoardSize::Nine => (self.occupied >> (self.side.index() * 9)) & 0x1FF,
            BoardSize::Seven => (self.occupied >> (self.side.index() * 7)) & 0x7F,
            BoardSize::Five => (self.occupied >> (self.side.index() * 5)) & 0x1F,
        }
    }

    /// T6: whether a kazan holds more than half the seeds, or each exactly half.
    #[inline]
    pub(crate) fn majority_reached(&self) -> bool {
        self.majority_with([self.kazan(Side::South), self.kazan(Side::North)])
    }

    /// T6 for the given kazans, `[South, North]`, under this position's rules.
    #[inline(always)]
    pub(crate) fn majority_with(&self, [south, north]: [u32; 2]) -> bool {
        let total = self.rules.board.seeds();
        // More than half, or exactly half each: the larger kazan's double, plus one on a tie,
        // passes the total (the two never hold more than the total together).
        self.rules.stop_at_majority && 2 * south.max(north) + u32::from(south == north) > total
    }

    /// T6: the outcome, when a majority has ended the game.
    fn majority(&self) -> Option<Outcome> {
        self.majority_reached().then(|| {
            let (south, north) = (self.kazan(Side::South), self.kazan(Side::North));
            Outcome::by_score(south, north, EndReason::Majority)
        })
    }

    /// T7: the mover has no seed, so the game ends and the seeds on the board are collected.
    #[inline]
    fn starved(&self) -> bool {
        self.playable_mask() == 0
    }

    /// Whether the move from the mover's hole `number` would make a tuzdik (under optional
    /// rules: if claimed). `false` for a move that is not legal.
    pub fn would_make_tuzdik(&self, number: u8) -> bool {
        if mancala_engine::Position::check_move(self, Move::new(number)).is_err() {
            return false;
        }
        let mut copy = *self;
        copy.rules.tuzdik = TuzdikRule::Automatic;
        copy.apply(Move::new(number)).tuzdik.is_some()
    }

    /// The legal moves as a bit set of their [`Move::action`] ids (bit `a` set when the move of
    /// action `a` is legal): what [`legal_moves`](mancala_engine::Position::legal_moves)
    /// lists, without building the list, for callers that keep the legal moves of many games.
    #[inline]
    pub fn legal_action_bits(&self) -> u32 {
        if self.rules.tuzdik == TuzdikRule::Optional {
            let moves = mancala_engine::Position::legal_moves(self);
            return moves.iter().fold(0, |bits, mv| bits | 1 << mv.action());
        }
        if self.majority_reached() {
            0
        } else {
            self.playable_mask()
        }
    }

    /// Plays the legal move `mv`, leaving the very position
    /// [`play_unchecked`](mancala_engine::Position::play_unchecked) leaves: under
    /// [`RuleSet::STANDARD`] by the step of the crate's play-out loop, which decides a capture
    /// without a branch and reports nothing; under other rules by the general move. For
    /// callers that step many games one move at a time, such as batched environments.
    #[inline]
    pub fn play_quick(&mut self, mv: Move) {
        if self.rules == RuleSet::STANDARD {
            self.play_nine(mv);
        } else {
            self.apply(mv);
        }
    }

    /// The final score of `side` when the game ended by T7, else his kazan.
    fn collected_score(&self, side: Side) -> u32 {
        let kazan = self.kazan(side);
        if !self.majority_reached() && self.starved() {
            kazan + mancala_engine::Position::seeds_on_side(self, side)
        } else {
            kazan
        }
    }
}

/// The ring of a board size.
#[inline]
pub(crate) const fn ring(board: BoardSize) -> Ring {
    match Ring::new(board.per_side() as u8) {
        Some(ring) => ring,
        None => unreachable!(),
    }
}

impl Game for Toguz {
    const NAME: &'static str = "toguz";
    type Rules = RuleSet;
    type Setup = Setup;
    type SetupError = SetupError;
    type Effect = Effect;

    /// The start position: as many seeds in every hole as holes in a row, White to move.
    fn new(rules: RuleSet) -> Toguz {
        let n = rules.board.per_side();
        let mut holes = [0u8; HOLE_BYTES];
        holes[..2 * n].fill(n as u8);
        Toguz {
            holes,
            kazans: Stores::default(),
            tuzdiks: [NO_TUZDIK; 2],
            occupied: occupied_mask(&holes),
            side: WHITE,
            rules,
        }
    }

    #[inline]
    fn rules(&self) -> RuleSet {
        self.rules
    }

    /// Validates raw parts into a position. Every impossible position is refused with an
    /// error naming the first thing wrong.
    fn from_setup(setup: Setup) -> Result<Toguz, SetupError> {
        crate::setup::from_setup(setup)
    }

    fn to_setup(&self) -> Setup {
        crate::setup::to_setup(self)
    }

    fn play_reported(&mut self, mv: Move) -> Result<Effect, MoveError> {
        mancala_engine::Position::check_move(self, mv)?;
        Ok(self.apply(mv))
    }
}

impl mancala_engine::Position for Toguz {
    type Move = Move;
    type MoveError = MoveError;

    fn board(&self) -> Board {
        Board::new(self.holes())
    }

    fn store(&self, side: Side) -> u32 {
        self.kazan(side)
    }

    fn seeds_on_side(&self, side: Side) -> u32 {
        self.holes[self.ring().row(side)]
            .iter()
            .map(|&h| u32::from(h))
            .sum()
    }

    #[inline]
    fn side_to_move(&self) -> Side {
        self.side
    }

    /// The holes as four words, then the kazans, tuzdiks, side and rules packed in one: a
    /// quarter of the hashing of the derived `Hash` (which writes every field apart), for
    /// the search's table. Equal positions have equal keys, as the trait asks.
    #[inline]
    fn key(&self) -> u64 {
        let mut hasher = KeyHasher::default();
        for word in self.holes.chunks_exact(8) {
            hasher.write_u64(u64::from_le_bytes(word.try_into().unwrap_or_default()));
        }
        let rules = (self.rules.tuzdik as u64) << 3
            | u64::from(self.rules.stop_at_majority) << 2
            | self.rules.board as u64;
        hasher.write_u64(
            u64::from(self.kazans.get(Side::South))
                | u64::from(self.kazans.get(Side::North)) << 16
                | u64::from(self.tuzdiks[0]) << 32
                | u64::from(self.tuzdiks[1]) << 40
                | (self.side.index() as u64) << 48
                | rules << 52,
        );
        hasher.finish()
    }

    fn legal_moves(&self) -> MoveList<Move> {
        let mut list = MoveList::new();
        if self.majority_reached() {
            return list;
        }
        let optional = self.rules.tuzdik == TuzdikRule::Optional;
        let mut mask = self.playable_mask();
        while mask != 0 {
            let number = mask.trailing_zeros() as u8 + 1;
            mask &= mask - 1;
            list.push(Move::new(number));
            if optional && self.would_make_tuzdik(number) {
                list.push(Move::claiming(number));
            }
        }
        list
    }

    fn check_move(&self, mv: Move) -> Result<(), MoveError> {
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let ring = self.ring();
        let number = mv.number();
        let hole = ring
            .index(self.side, usize::from(number))
            .ok_or(MoveError::NoSuchHole {
                number,
                per_side: ring.per_side(),
            })?;
        if self.is_tuzdik(hole) {
            return Err(MoveError::TuzdikHole { number });
        }
        if self.holes[hole] == 0 {
            return Err(MoveError::EmptyHole { number });
        }
        if mv.claims_tuzdik() {
            if self.rules.tuzdik == TuzdikRule::Automatic {
                return Err(MoveError::ClaimNotAllowed);
            }
            if !self.would_make_tuzdik(number) {
                return Err(MoveError::NothingToClaim { number });
            }
        }
        Ok(())
    }

    #[inline(always)]
    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        if let Some(outcome) = self.majority() {
            return Some(outcome);
        }
        if self.starved() {
            let south = self.collected_score(Side::South);
            let north = self.collected_score(Side::North);
            return Some(Outcome::by_score(south, north, EndReason::NoSeeds));
        }
        None
    }

    fn score(&self, side: Side) -> u32 {
        self.collected_score(side)
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        if self.rules.tuzdik == TuzdikRule::Optional {
            return self.legal_moves().len();
        }
        if self.majority_reached() {
            0
        } else {
            count_bits(self.playable_mask()) as usize
        }
    }

    /// The replies to `mv`, worked out from where its seeds will fall, without sowing them:
    /// perft's last level (under optional tuzdiks, by playing the move).
    #[inline]
    fn count_legal_moves_after(&self, mv: Move) -> usize {
        if self.rules.tuzdik == TuzdikRule::Optional {
            return self.child(mv).count_legal_moves();
        }
        self.replies_after(mv)
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.majority_reached() || self.starved()
    }

    /// The standard rules play out in a loop built for them (`playout_nine`); the others in the
    /// core's plain loop.
    #[inline]
    fn play_random_moves(&mut self, rng: &mut Rng, max_plies: u32) -> u32 {
        if self.rules == RuleSet::STANDARD {
            self.play_random_nine(rng, max_plies)
        } else {
            mancala_engine::playout::play_random_moves(self, rng, max_plies)
        }
    }

    /// Picks among the playable holes without building the move list (the play-out hot path).
    #[inline]
    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        if self.rules.tuzdik == TuzdikRule::Optional {
            let moves = self.legal_moves();
            return moves.get(rng.below(moves.len() as u32) as usize).copied();
        }
        let mask = self.playable_mask();
        if mask == 0 || self.majority_reached() {
            return None;
        }
        let k = nth_set_bit(mask, rng.below(count_bits(mask)));
        Some(Move::new(k as u8 + 1))
    }
}

/// A bit per hole that holds a seed.
fn occupied_mask(holes: &[u8; HOLE_BYTES]) -> u32 {
    holes
        .iter()
        .enumerate()
        .fold(0, |mask, (i, &h)| mask | u32::from(h != 0) << i)
}

/// Written as the position string, which holds everything that decides the rest of the game.
impl core::fmt::Debug for Toguz {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(self, f)
    }
}
