//! Perft's last level on the standard board: the replies to a move counted from where its seeds
//! will fall, with the board's size and the mover's side constants, so the count is a few
//! look-ups and bit operations.

use crate::bits::count_bits;
use crate::nine::{self, Spread};
use crate::position::NO_TUZDIK;
use crate::{Move, Toguz};
use mancala_engine::Side;

impl Toguz {
    /// The replies to the legal move `mv` on the standard board under automatic tuzdiks, South
    /// moving if `SOUTH`: the opponent's holes that hold a seed after it, or none if a kazan
    /// then holds a majority.
    #[inline(always)]
    pub(crate) fn replies_nine<const SOUTH: bool>(&self, mv: Move) -> usize {
        let (me, mine, theirs) = if SOUTH {
            (Side::South, 0, 9)
        } else {
            (Side::North, 9, 0)
        };
        let origin = (mine + mv.index()) % 32;
        let seeds = self.holes[origin];
        if seeds == 0 {
            return 0;
        }
        let (reached, landing, at_landing) = nine::facts(origin, seeds);
        let landing = landing % 32;
        let [south_tuzdik, north_tuzdik] = self.tuzdiks.map(usize::from);
        // T3: the tuzdiks feed their owners; most positions have none, a branch the same way
        // for every reply.
        let [mut south, mut north] = [self.kazan(Side::South), self.kazan(Side::North)];
        if south_tuzdik & north_tuzdik != usize::from(NO_TUZDIK) {
            // T2: a single seed goes to the next hole (the spread takes 18 for hole 0).
            let spread = Spread::new(origin + usize::from(seeds == 1), seeds);
            south += spread.seeds_at(south_tuzdik);
            north += spread.seeds_at(north_tuzdik);
        }
        // T4 on the landing hole's count after the drop; taken or not without a branch on the
        // count, since half the landings capture, unpredictably.
        let c = u32::from(self.holes[landing]) + at_landing;
        let on_their_row = if SOUTH { landing >= 9 } else { landing < 9 };
        let free = (landing != south_tuzdik) & (landing != north_tuzdik);
        let taken = on_their_row
            & free
            & ((c % 2 == 0) | (c == 3 && self.tuzdik_allowed_on::<9>(me, landing)));
        let gain = c * u32::from(taken);
        let kazans = if SOUTH {
            [south + gain, north]
        } else {
            [south, north + gain]
        };
        if self.majority_with(kazans) {
            return 0;
        }
        // Their holes that hold a seed: those that did, and those reached, but no tuzdik; a
        // capture empties the landing hole, which the sowing had reached.
        let tuzdik_bits = 1 << south_tuzdik | 1 << north_tuzdik;
        let row = ((self.occupied | reached) & !tuzdik_bits) >> theirs;
        count_bits(row & 511) as usize - usize::from(taken)
    }
}
