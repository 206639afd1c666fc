//! Random play-outs on the standard board under the standard rules: the position in locals, the
//! mover's side a constant in each half of a two-ply loop, and the end of the game (T6, T7)
//! one test before each move. It draws the same numbers and plays the same moves as the core's
//! plain loop (the tests compare the two ply by ply).

use crate::bits::{count_bits, nth_set_bit};
use crate::nine::{self, Spread};
use crate::position::{HOLE_BYTES, NO_TUZDIK};
use crate::Toguz;
use mancala_engine::{Rng, Side, Stores};

/// Seeds on the standard board.
const SEEDS: u32 = 162;

/// The parts of a position a move changes, held apart from the rules and the side to move.
struct Game {
    holes: [u8; HOLE_BYTES],
    /// South's kazan, then North's.
    kazans: [u32; 2],
    /// South's tuzdik, then North's; [`NO_TUZDIK`] for none.
    tuzdiks: [usize; 2],
    /// A bit per hole that holds a seed.
    occupied: u32,
}

impl Game {
    /// One random move by South if `SOUTH`, else by North; `false`, and no move, if the game is
    /// over (a kazan holds a majority, or the mover has no seed).
    #[inline(always)]
    fn step<const SOUTH: bool>(&mut self, rng: &mut Rng) -> bool {
        let (me, mine) = if SOUTH { (0, 0) } else { (1, 9) };
        let row = (self.occupied >> mine) & 511;
        let [south, north] = self.kazans;
        // T6 as in `majority_with`; T7: no seed on the mover's row.
        if (2 * south.max(north) + u32::from(south == north) > SEEDS) | (row == 0) {
            return false;
        }
        let k = nth_set_bit(row, rng.below(count_bits(row)));
        // Below 18: the mask only spares a bounds check.
        let origin = (mine + k as usize) % HOLE_BYTES;
        let seeds = self.holes[origin];
        // T2: a single seed goes to the next hole; T3: the tuzdiks feed their owners.
        let spread = Spread::new(origin + usize::from(seeds == 1), seeds);
        let fed = nine::lift_and_sow(&mut self.holes, origin, spread, self.tuzdiks);
        let (reached, landing, _) = nine::facts(origin, seeds);
        let landing = landing % HOLE_BYTES;
        self.kazans[0] += u32::from(fed[0]);
        self.kazans[1] += u32::from(fed[1]);
        let [south_tuzdik, north_tuzdik] = self.tuzdiks;
        self.occupied = ((self.occupied & !(1 << origin)) | reached)
            & !(1 << south_tuzdik | 1 << north_tuzdik);
        // T4: the last seed on an opponent's hole that is not a tuzdik.
        let theirs = if SOUTH { landing >= 9 } else { landing < 9 };
        if theirs & (landing != south_tuzdik) & (landing != north_tuzdik) {
            let c = self.holes[landing];
            let tuzdik = c == 3 && self.tuzdik_allowed(me, landing);
            if c % 2 == 0 || tuzdik {
                self.holes[landing] = 0;
                self.occupied &= !(1 << landing);
                self.kazans[me] += u32::from(c);
                if tuzdik {
                    self.tuzdiks[me] = landing;
                }
            }
        }
        true
    }

    /// T4 (a)–(c) on the standard board: may the player `me` (`0` South) make a tuzdik of the
    /// opponent's hole `hole`?
    #[inline(always)]
    fn tuzdik_allowed(&self, me: usize, hole: usize) -> bool {
        let theirs = self.tuzdiks[1 - me];
        self.tuzdiks[me] == usize::from(NO_TUZDIK)
            && hole % 9 != 8
            && (theirs == usize::from(NO_TUZDIK) || theirs % 9 != hole % 9)
    }
}

impl Toguz {
    /// [`play_random_moves`](mancala_engine::Position::play_random_moves) under
    /// [`RuleSet::STANDARD`](crate::RuleSet::STANDARD). Compiled here, not where play-outs are
    /// called from, so the tables are read at fixed addresses rather than through the
    /// relocation table.
    #[inline(never)]
    pub(crate) fn play_random_nine(&mut self, rng: &mut Rng, max_plies: u32) -> u32 {
        let mut game = Game {
            holes: self.holes,
            kazans: [self.kazan(Side::South), self.kazan(Side::North)],
            tuzdiks: self.tuzdiks.map(usize::from),
            occupied: self.occupied,
        };
        let mut plies = 0;
        'game: {
            if self.side == Side::North {
                if max_plies == 0 || !game.step::<false>(rng) {
                    break 'game;
                }
                plies = 1;
            }
            while plies < max_plies && game.step::<true>(rng) {
                plies += 1;
                if plies == max_plies || !game.step::<false>(rng) {
                    break;
                }
                plies += 1;
            }
        }
        self.holes = game.holes;
        // Every kazan holds at most the 162 seeds of the game.
        self.kazans = Stores::new(game.kazans[0] as u16, game.kazans[1] as u16);
        self.tuzdiks = game.tuzdiks.map(|t| t as u8);
        self.occupied = game.occupied;
        if plies % 2 == 1 {
            self.side = !self.side;
        }
        plies
    }
}

#[cfg(test)]
mod tests {
    use crate::{RuleSet, Toguz};
    use mancala_engine::playout::play_random_moves;
    use mancala_engine::{Position, Rng};
    use proptest::prelude::*;

    /// A position `plies` random moves into a game of `seed` (fewer if the game ends first).
    fn reached(seed: u64, plies: u32) -> Toguz {
        let mut position = Toguz::new(RuleSet::STANDARD);
        play_random_moves(&mut position, &mut Rng::new(seed), plies);
        position
    }

    proptest! {
        #[test]
        fn the_standard_loop_plays_the_plain_loops_games_ply_by_ply(
            seed in any::<u64>(),
            from in 0u32..200,
            cap in 0u32..400,
        ) {
            let start = reached(seed, from);
            let (mut fast, mut plain) = (start, start);
            let (mut fast_rng, mut plain_rng) = (Rng::new(!seed), Rng::new(!seed));
            let fast_plies = fast.play_random_nine(&mut fast_rng, cap);
            let plain_plies = play_random_moves(&mut plain, &mut plain_rng, cap);
            prop_assert_eq!(fast_plies, plain_plies);
            prop_assert_eq!(fast, plain);
            prop_assert_eq!(fast_rng, plain_rng);
            prop_assert_eq!(fast.outcome(), plain.outcome());
        }
    }

    #[test]
    fn whole_games_end_alike() {
        let mut fast_rng = Rng::new(11);
        let mut plain_rng = Rng::new(11);
        for _ in 0..300 {
            let (mut fast, mut plain) = (Toguz::default(), Toguz::default());
            let plies = fast.play_random_moves(&mut fast_rng, u32::MAX);
            assert_eq!(plies, play_random_moves(&mut plain, &mut plain_rng, u32::MAX));
            assert_eq!(fast, plain);
            assert!(fast.is_over());
        }
        assert_eq!(fast_rng, plain_rng);
    }
}
