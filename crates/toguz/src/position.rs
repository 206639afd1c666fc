//! The position and the rules of a move (T1–T7).

use crate::{BoardSize, Move, MoveEffect, MoveError, RuleSet, TuzdikRule};
use mancala_engine::sow::{lift_and_sow_ring_array, Coverage, FirstSeed};
use mancala_engine::topology::Ring;
use mancala_engine::{EndReason, MoveList, Outcome, Rng, Side, Stores};

/// Marks "no tuzdik" in the per-player tuzdik table: a spare hole past the board that never
/// holds a stone, so feeding the tuzdiks needs no test for their absence.
const NO_TUZDIK: u8 = 18;

/// Bytes kept for the holes: the 18 of the largest board, the spare hole, and padding to two
/// full vector registers, so a sowing is a few whole-register additions.
pub(crate) const HOLE_BYTES: usize = 32;

/// A Toguz Kumalak position: holes, kazans, tuzdiks, side to move and the rules in force.
///
/// Holes use the canonical index: `0..9` are White's holes 1..9, `9..18` Black's (on smaller
/// boards, `0..n` and `n..2n`). White sits [`Side::South`] and moves first. A position is
/// always valid: it is built from the start, by legal moves, or through
/// [`Toguz::from_setup`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Toguz {
    /// Canonical holes, then the spare [`NO_TUZDIK`] hole.
    holes: [u8; HOLE_BYTES],
    kazans: Stores,
    /// `tuzdiks[side]`: the canonical index of the hole that is `side`'s tuzdik.
    tuzdiks: [u8; 2],
    /// A bit per hole that holds a stone, kept up to date by every move: move generation reads
    /// it instead of the holes.
    occupied: u32,
    side: Side,
    rules: RuleSet,
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
    /// The start position: as many stones in every hole as holes in a row, White to move.
    pub fn new(rules: RuleSet) -> Toguz {
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

    /// The rules this position follows.
    #[inline]
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The board's ring of holes.
    #[inline]
    pub fn ring(&self) -> Ring {
        ring(self.rules.board)
    }

    /// Stone counts by canonical index (`2 × per_side` of them).
    #[inline]
    pub fn holes(&self) -> &[u8] {
        &self.holes[..self.rules.board.holes()]
    }

    /// Stones in `side`'s hole `number` (`1..=per_side`), or `None` if there is no such hole.
    pub fn hole(&self, side: Side, number: usize) -> Option<u8> {
        self.ring().index(side, number).map(|i| self.holes[i])
    }

    /// Stones in `side`'s kazan (tuzdik stones included).
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

    /// The stones on `side`'s row.
    pub fn stones_on_side(&self, side: Side) -> u32 {
        self.holes[self.ring().row(side)]
            .iter()
            .map(|&h| u32::from(h))
            .sum()
    }

    /// A bit per hole of the mover's row that holds a stone (bit `k` = hole `k + 1`).
    #[inline]
    fn playable_mask(&self) -> u32 {
        let n = self.rules.board.per_side();
        (self.occupied >> (self.side.index() * n)) & ((1 << n) - 1)
    }

    /// T6: whether a kazan holds more than half the stones, or each exactly half.
    #[inline]
    fn majority_reached(&self) -> bool {
        self.majority_with([self.kazan(Side::South), self.kazan(Side::North)])
    }

    /// T6 for the given kazans, `[South, North]`, under this position's rules.
    #[inline(always)]
    fn majority_with(&self, [south, north]: [u32; 2]) -> bool {
        let total = self.rules.board.stones();
        self.rules.stop_at_majority
            && (2 * south > total || 2 * north > total || 2 * south == total && south == north)
    }

    /// T6: the outcome, when a majority has ended the game.
    fn majority(&self) -> Option<Outcome> {
        self.majority_reached().then(|| {
            let (south, north) = (self.kazan(Side::South), self.kazan(Side::North));
            Outcome::by_score(south, north, EndReason::Majority)
        })
    }

    /// T7: the mover has no stone, so the game ends and the stones on the board are collected.
    #[inline]
    fn starved(&self) -> bool {
        self.playable_mask() == 0
    }

    /// Plays `mv` if it is legal and reports what it did; otherwise returns why not and leaves
    /// the position unchanged.
    pub fn play_reported(&mut self, mv: Move) -> Result<MoveEffect, MoveError> {
        mancala_engine::Position::check_move(self, mv)?;
        Ok(self.apply(mv))
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

    /// T2–T5 for a legal move: sow, feed the tuzdiks, capture, pass the turn.
    #[inline(always)]
    fn apply(&mut self, mv: Move) -> MoveEffect {
        let ring = self.ring();
        let me = self.side;
        let origin = me.index() * ring.per_side() + mv.index();
        let seeds = u32::from(self.holes[origin]);
        // T2: a single stone goes to the next hole, otherwise the first goes back into the origin;
        // T3: stones that fall into a tuzdik go to its owner's kazan.
        let first = if seeds == 1 {
            FirstSeed::Next
        } else {
            FirstSeed::Origin
        };
        let tuzdiks = self.tuzdiks.map(usize::from);
        let len = ring.len();
        let (landing, reached, fed) =
            match lift_and_sow_ring_array(&mut self.holes, len, origin, first, tuzdiks) {
                Some((coverage, fed)) => (coverage.last(), coverage.reached(), fed),
                None => (origin, 0, [0, 0]),
            };
        self.kazans.add(Side::South, u16::from(fed[0]));
        self.kazans.add(Side::North, u16::from(fed[1]));
        // The sown holes are occupied now (the origin too if a stone went back into it), the
        // tuzdiks never.
        let [south, north] = tuzdiks;
        self.occupied =
            ((self.occupied & !(1 << origin)) | reached as u32) & !(1 << south | 1 << north);
        // T4: the last stone decides, on an opponent's hole that is not a tuzdik.
        let mut effect = MoveEffect {
            landing,
            captured: 0,
            tuzdik: None,
        };
        if (ring.owner(landing) != me) & !self.is_tuzdik(landing) {
            let c = self.holes[landing];
            if c % 2 == 0 {
                self.holes[landing] = 0;
                self.occupied &= !(1 << landing);
                self.kazans.add(me, u16::from(c));
                effect.captured = u32::from(c);
            } else if c == 3
                && self.tuzdik_allowed(me, landing)
                && (self.rules.tuzdik == TuzdikRule::Automatic || mv.claims_tuzdik())
            {
                self.holes[landing] = 0;
                self.occupied &= !(1 << landing);
                self.kazans.add(me, 3);
                self.tuzdiks[me.index()] = landing as u8;
                effect.tuzdik = Some(landing);
            }
        }
        self.side = !me;
        effect
    }

    #[inline]
    fn is_tuzdik(&self, hole: usize) -> bool {
        (self.tuzdiks[0] as usize == hole) | (self.tuzdiks[1] as usize == hole)
    }

    /// T4 (a)–(c): may `me` make a tuzdik of the opponent's hole `hole`?
    #[inline]
    fn tuzdik_allowed(&self, me: Side, hole: usize) -> bool {
        let ring = self.ring();
        self.rules.board.has_tuzdiks()
            && self.tuzdik(me).is_none()
            && ring.number(hole) != ring.per_side()
            && self
                .tuzdik(!me)
                .is_none_or(|theirs| ring.number(theirs) != ring.number(hole))
    }

    /// The final score of `side` when the game ended by T7, else his kazan.
    fn collected_score(&self, side: Side) -> u32 {
        let kazan = self.kazan(side);
        if !self.majority_reached() && self.starved() {
            kazan + self.stones_on_side(side)
        } else {
            kazan
        }
    }
}

/// The ring of a board size.
#[inline]
const fn ring(board: BoardSize) -> Ring {
    match Ring::new(board.per_side() as u8) {
        Some(ring) => ring,
        None => unreachable!(),
    }
}

impl mancala_engine::Position for Toguz {
    fn board(&self) -> mancala_engine::Board {
        mancala_engine::Board::new(self.holes())
    }

    fn store(&self, side: Side) -> u32 {
        self.kazan(side)
    }

    fn seeds_on_side(&self, side: Side) -> u32 {
        self.stones_on_side(side)
    }

    type Move = Move;
    type MoveError = MoveError;

    #[inline]
    fn side_to_move(&self) -> Side {
        self.side
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

    /// The replies to `mv`, worked out from where its stones will fall, without sowing them:
    /// perft's last level (under optional tuzdiks, by playing the move).
    #[inline]
    fn count_legal_moves_after(&self, mv: Move) -> usize {
        if self.rules.tuzdik == TuzdikRule::Optional {
            return self.child(mv).count_legal_moves();
        }
        let ring = self.ring();
        let (me, n) = (self.side, ring.per_side());
        let origin = me.index() * n + mv.index();
        let seeds = usize::from(self.holes[origin]);
        let start = if seeds == 1 {
            ring.next(origin)
        } else {
            origin
        };
        let Some(coverage) = Coverage::new(ring.len(), start, seeds) else {
            return 0;
        };
        // T2, T3: the sown holes fill, the tuzdiks feed their owners.
        let [south_tuzdik, north_tuzdik] = self.tuzdiks.map(usize::from);
        let mut kazans = [
            self.kazan(Side::South) + coverage.seeds_at(south_tuzdik) as u32,
            self.kazan(Side::North) + coverage.seeds_at(north_tuzdik) as u32,
        ];
        let mut occupied = ((self.occupied & !(1 << origin)) | coverage.reached() as u32)
            & !(1 << south_tuzdik | 1 << north_tuzdik);
        // T4, on the landing hole's count after the drop (it is not the origin: the origin is
        // the mover's, the landing hole the opponent's).
        let landing = coverage.last();
        if (ring.owner(landing) != me) & !self.is_tuzdik(landing) {
            let c = u32::from(self.holes[landing]) + coverage.seeds_at(landing) as u32;
            if c % 2 == 0 || c == 3 && self.tuzdik_allowed(me, landing) {
                kazans[me.index()] += c;
                occupied &= !(1 << landing);
            }
        }
        if self.majority_with(kazans) {
            return 0;
        }
        let row = (occupied >> ((!me).index() * n)) & ((1 << n) - 1);
        count_bits(row) as usize
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.majority_reached() || self.starved()
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

/// A bit per hole that holds a stone.
fn occupied_mask(holes: &[u8; HOLE_BYTES]) -> u32 {
    holes
        .iter()
        .enumerate()
        .fold(0, |mask, (i, &h)| mask | u32::from(h != 0) << i)
}

/// For every 9-bit mask: how many bits are set, then the place of each set bit, lowest first.
/// Sixteen bytes a mask, so any masked index stays in bounds.
static SELECT: [u8; 512 * 16] = {
    let mut table = [0u8; 512 * 16];
    let mut mask = 0;
    while mask < 512 {
        let (mut bit, mut n) = (0, 0);
        while bit < 9 {
            if mask & (1 << bit) != 0 {
                table[mask * 16 + 1 + n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        table[mask * 16] = n as u8;
        mask += 1;
    }
    table
};

/// The number of set bits of a 9-bit mask.
#[inline]
fn count_bits(mask: u32) -> u32 {
    u32::from(SELECT[(mask as usize & 511) * 16])
}

/// The position of the `n`-th set bit of the 9-bit `mask` (`n` below its count).
#[inline]
fn nth_set_bit(mask: u32, n: u32) -> u32 {
    u32::from(SELECT[(mask as usize & 511) * 16 + 1 + (n as usize).min(8)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_tricks_agree_with_plain_loops() {
        for mask in 0..512u32 {
            assert_eq!(count_bits(mask), mask.count_ones());
            let bits: Vec<u32> = (0..9).filter(|b| mask & (1 << b) != 0).collect();
            for (n, &bit) in bits.iter().enumerate() {
                assert_eq!(nth_set_bit(mask, n as u32), bit);
            }
        }
    }
}
