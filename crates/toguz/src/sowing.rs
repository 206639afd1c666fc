//! What a move does to the board (T2–T5): sow, feed the tuzdiks, capture, pass the turn; and
//! the same worked out without sowing, to count the replies to a move.

use crate::bits::count_bits;
use crate::{Effect, Move, Toguz, TuzdikRule};
use mancala_engine::sow::{lift_and_sow_ring_array, Coverage, FirstSeed};
use mancala_engine::Side;

impl Toguz {
    /// T2–T5 for a legal move: sow, feed the tuzdiks, capture, pass the turn.
    #[inline(always)]
    pub(crate) fn apply(&mut self, mv: Move) -> Effect {
        let ring = self.ring();
        let me = self.side;
        let origin = me.index() * ring.per_side() + mv.index();
        let seeds = u32::from(self.holes[origin]);
        // T2: a single seed goes to the next hole, otherwise the first goes back into the origin;
        // T3: seeds that fall into a tuzdik go to its owner's kazan.
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
        // The sown holes are occupied now (the origin too if a seed went back into it), the
        // tuzdiks never.
        let [south, north] = tuzdiks;
        self.occupied =
            ((self.occupied & !(1 << origin)) | reached as u32) & !(1 << south | 1 << north);
        // T4: the last seed decides, on an opponent's hole that is not a tuzdik.
        let mut effect = Effect {
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
    pub(crate) fn is_tuzdik(&self, hole: usize) -> bool {
        (self.tuzdiks[0] as usize == hole) | (self.tuzdiks[1] as usize == hole)
    }

    /// T4 (a)–(c): may `me` make a tuzdik of the opponent's hole `hole`?
    #[inline]
    pub(crate) fn tuzdik_allowed(&self, me: Side, hole: usize) -> bool {
        let ring = self.ring();
        self.rules.board.has_tuzdiks()
            && self.tuzdik(me).is_none()
            && ring.number(hole) != ring.per_side()
            && self
                .tuzdik(!me)
                .is_none_or(|theirs| ring.number(theirs) != ring.number(hole))
    }

    /// The replies to the legal move `mv` under automatic tuzdiks, worked out from where its
    /// seeds will fall, without sowing them: perft's last level.
    #[inline]
    pub(crate) fn replies_after(&self, mv: Move) -> usize {
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
        // Taken or not, without a branch on the count: half the landings capture, unpredictably.
        let landing = coverage.last();
        let c = u32::from(self.holes[landing]) + coverage.seeds_at(landing) as u32;
        let theirs = (ring.owner(landing) != me) & !self.is_tuzdik(landing);
        let taken = theirs & ((c % 2 == 0) | (c == 3 && self.tuzdik_allowed(me, landing)));
        kazans[me.index()] += c * u32::from(taken);
        occupied &= !(u32::from(taken) << landing);
        if self.majority_with(kazans) {
            return 0;
        }
        let row = (occupied >> ((!me).index() * n)) & ((1 << n) - 1);
        count_bits(row) as usize
    }
}
