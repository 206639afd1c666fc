//! What a move does to the board (T2–T5): sow, feed the tuzdiks, capture, pass the turn; and
//! the same worked out without sowing, to count the replies to a move.

use crate::bits::count_bits;
use crate::nine::{self, Spread};
use crate::position::NO_TUZDIK;
use crate::{BoardSize, Effect, Move, Toguz, TuzdikRule};
use mancala_engine::sowing::{lift_and_sow_ring_array, Coverage, FirstSeed};
use mancala_engine::Side;

impl Toguz {
    /// T2–T5 for a legal move: sow, feed the tuzdiks, capture, pass the turn.
    #[inline(always)]
    pub(crate) fn apply(&mut self, mv: Move) -> Effect {
        // One branch a move, always taken the same way in a game: each board's ring length is
        // then a constant.
        match self.rules.board {
            BoardSize::Nine => self.apply_on::<9>(mv),
            BoardSize::Seven => self.apply_on::<7>(mv),
            BoardSize::Five => self.apply_on::<5>(mv),
        }
    }

    /// [`apply`](Toguz::apply) on the board of `N` holes a row.
    #[inline(always)]
    fn apply_on<const N: usize>(&mut self, mv: Move) -> Effect {
        let me = self.side;
        // Below 18: the mask only spares a bounds check.
        let origin = (me.index() * N + mv.index()) % 32;
        let seeds = self.holes[origin];
        let tuzdiks = self.tuzdiks.map(usize::from);
        // T2: a single seed goes to the next hole, otherwise the first goes back into the origin;
        // T3: seeds that fall into a tuzdik go to its owner's kazan.
        let (landing, reached, fed) = if N == 9 && seeds != 0 {
            let spread = Spread::new(origin + usize::from(seeds == 1), seeds);
            let fed = nine::lift_and_sow(&mut self.holes, origin, spread, tuzdiks);
            let (reached, landing, _) = nine::facts(origin, seeds);
            (landing, reached, fed)
        } else {
            let first = if seeds == 1 {
                FirstSeed::Next
            } else {
                FirstSeed::Origin
            };
            // An empty origin (a move not checked first) sows nothing.
            match lift_and_sow_ring_array(&mut self.holes, 2 * N, origin, first, tuzdiks) {
                Some((coverage, fed)) => (coverage.last(), coverage.reached() as u32, fed),
                None => (origin, 0, [0, 0]),
            }
        };
        self.kazans.add(Side::South, u16::from(fed[0]));
        self.kazans.add(Side::North, u16::from(fed[1]));
        // The sown holes are occupied now (the origin too if a seed went back into it), the
        // tuzdiks never.
        let [south, north] = tuzdiks;
        self.occupied = ((self.occupied & !(1 << origin)) | reached) & !(1 << south | 1 << north);
        // T4: the last seed decides, on an opponent's hole that is not a tuzdik.
        let mut effect = Effect {
            landing,
            captured: 0,
            tuzdik: None,
        };
        let theirs = if me == Side::South {
            landing >= N
        } else {
            landing < N
        };
        if theirs & !self.is_tuzdik(landing) {
            let c = self.holes[landing];
            if c % 2 == 0 {
                self.holes[landing] = 0;
                self.occupied &= !(1 << landing);
                self.kazans.add(me, u16::from(c));
                effect.captured = u32::from(c);
            } else if c == 3
                && self.tuzdik_allowed_on::<N>(me, landing)
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
    pub(crate) fn is_tuzdik(&self, hole: usize) -> bool {
        (self.tuzdiks[0] as usize == hole) | (self.tuzdiks[1] as usize == hole)
    }

    /// T4 (a)–(c): may `me` make a tuzdik of the opponent's hole `hole`, on the board of `N`
    /// holes a row?
    #[inline(always)]
    pub(crate) fn tuzdik_allowed_on<const N: usize>(&self, me: Side, hole: usize) -> bool {
        tuzdik_allowed::<N>(
            usize::from(self.tuzdiks[me.index()]),
            usize::from(self.tuzdiks[(!me).index()]),
            hole,
        )
    }

    /// The replies to the legal move `mv` under automatic tuzdiks, worked out from where its
    /// seeds will fall, without sowing them: perft's last level.
    #[inline]
    pub(crate) fn replies_after(&self, mv: Move) -> usize {
        match self.rules.board {
            BoardSize::Nine if self.side == Side::South => self.replies_nine::<true>(mv),
            BoardSize::Nine => self.replies_nine::<false>(mv),
            BoardSize::Seven => self.replies_on::<7>(mv),
            BoardSize::Five => self.replies_on::<5>(mv),
        }
    }

    /// [`replies_after`](Toguz::replies_after) on the board of `N` holes a row (the 7- and
    /// 5-hole boards: the standard one counts in `replies_nine`).
    #[inline(always)]
    fn replies_on<const N: usize>(&self, mv: Move) -> usize {
        let me = self.side;
        let origin = me.index() * N + mv.index();
        let seeds = self.holes[origin];
        if seeds == 0 {
            return 0;
        }
        // T2: a single seed goes to the next hole.
        let start = origin + usize::from(seeds == 1);
        let [south_tuzdik, north_tuzdik] = self.tuzdiks.map(usize::from);
        // Where the seeds fall: the holes reached, the last one and what it gets, what each
        // tuzdik gets.
        let start = if start == 2 * N { 0 } else { start };
        let Some(coverage) = Coverage::new(2 * N, start, usize::from(seeds)) else {
            return 0;
        };
        let landing = coverage.last();
        let fed = [
            coverage.seeds_at(south_tuzdik) as u32,
            coverage.seeds_at(north_tuzdik) as u32,
        ];
        let at_landing = coverage.seeds_at(landing) as u32;
        let reached = coverage.reached() as u32;
        // T2, T3: the sown holes fill, the tuzdiks feed their owners.
        let mut kazans = [
            self.kazan(Side::South) + fed[0],
            self.kazan(Side::North) + fed[1],
        ];
        let mut occupied =
            ((self.occupied & !(1 << origin)) | reached) & !(1 << south_tuzdik | 1 << north_tuzdik);
        // T4, on the landing hole's count after the drop (it is not the origin: the origin is
        // the mover's, the landing hole the opponent's).
        // Taken or not, without a branch on the count: half the landings capture, unpredictably.
        let c = u32::from(self.holes[landing]) + at_landing;
        let on_their_row = if me == Side::South {
            landing >= N
        } else {
            landing < N
        };
        let theirs = on_their_row & !self.is_tuzdik(landing);
        let taken = theirs & ((c % 2 == 0) | (c == 3 && self.tuzdik_allowed_on::<N>(me, landing)));
        kazans[me.index()] += c * u32::from(taken);
        occupied &= !(u32::from(taken) << landing);
        if self.majority_with(kazans) {
            return 0;
        }
        let row = (occupied >> ((!me).index() * N)) & ((1 << N) - 1);
        count_bits(row) as usize
    }
}

/// T4 (a)–(c) on the board of `N` holes a row, from the tuzdik holes alone ([`NO_TUZDIK`] for
/// none): may a player whose tuzdik is `mine` make one of the opponent's hole `hole`, when the
/// opponent's is `theirs`? Not on the 2 × 5 board, not a second one, not the last hole of a
/// row, not the hole of the same number as the opponent's.
#[inline(always)]
pub(crate) fn tuzdik_allowed<const N: usize>(mine: usize, theirs: usize, hole: usize) -> bool {
    let none = usize::from(NO_TUZDIK);
    N != 5 && mine == none && hole % N != N - 1 && (theirs == none || theirs % N != hole % N)
}
