//! Random play-outs on the standard board under the standard rules: the position in locals, the
//! mover's side a constant in each half of a two-ply loop, and the end of the game (T6, T7)
//! one test before each move. It draws the same numbers and plays the same moves as the core's
//! plain loop (the tests compare the two ply by ply).

use crate::bits::{count_of, pick, picks};
use crate::nine::{self, Spread};
use crate::position::{HOLE_BYTES, NO_TUZDIK};
use crate::sowing::tuzdik_allowed;
use crate::{Move, Toguz};
use mancala_engine::packed::mask_at;
use mancala_engine::{Rng, Side, Stores};

/// Seeds on the standard board.
const SEEDS: u32 = 162;

/// The holes of the ring, a bit each.
const RING_BITS: u32 = (1 << 18) - 1;

/// The parts of a position a move changes, held apart from the rules and the side to move, with
/// what follows from the tuzdiks worked out once per tuzdik rather than once per move.
struct Game {
    holes: [u8; HOLE_BYTES],
    /// South's kazan in the low half, North's in the high half (a position's stores as one
    /// word): both at most 162, so `kazans + 0x7FAF_7FAF` sets bit 15 or 31 exactly when one
    /// of them holds 81 or more.
    kazans: u32,
    /// South's tuzdik, then North's; [`NO_TUZDIK`] for none.
    tuzdiks: [usize; 2],
    /// `0` at the tuzdiks, `0xFF` elsewhere: the sowing's mask.
    keep: [u8; HOLE_BYTES],
    /// A bit per ring hole that is no tuzdik.
    free: u32,
    /// A bit per hole that holds a seed.
    occupied: u32,
}

impl Game {
    /// The game's parts from a position.
    fn new(position: &Toguz) -> Game {
        let mut game = Game {
            holes: position.holes,
            kazans: position.kazan(Side::South) | position.kazan(Side::North) << 16,
            tuzdiks: position.tuzdiks.map(usize::from),
            keep: [0; HOLE_BYTES],
            free: 0,
            occupied: position.occupied,
        };
        game.tuzdiks_changed();
        game
    }

    /// Works out the masks that follow from the tuzdiks (inlined, so that the game's parts can
    /// live in registers).
    #[inline(always)]
    fn tuzdiks_changed(&mut self) {
        let [south, north] = self.tuzdiks;
        self.keep = nine::keeping_all_but(self.tuzdiks);
        self.free = RING_BITS & !(1 << (south % 32) | 1 << (north % 32));
    }

    /// Whether the game is over by T6: a kazan holds more than half the seeds, or each half.
    #[inline(always)]
    fn majority(&self) -> bool {
        Game::majority_of(self.kazans)
    }

    /// [`majority`](Game::majority) of the kazans `kazans`, South's in the low half.
    #[inline(always)]
    fn majority_of(kazans: u32) -> bool {
        // Most of the game neither kazan holds 81: one test.
        if (kazans + 0x7FAF_7FAF) & 0x8000_8000 == 0 {
            return false;
        }
        let (south, north) = (kazans & 0xFFFF, kazans >> 16);
        2 * south.max(north) + u32::from(south == north) > SEEDS
    }

    /// One random move by South if `SOUTH`, else by North; `false`, and no move, if the game is
    /// over (a kazan holds a majority, or the mover has no seed).
    #[inline(always)]
    fn step<const SOUTH: bool>(&mut self, rng: &mut Rng) -> bool {
        let mine = if SOUTH { 0 } else { 9 };
        let row = (self.occupied >> mine) & 511;
        // T7: no seed on the mover's row; T6.
        if (row == 0) | self.majority() {
            return false;
        }
        let word = picks(row);
        let k = pick(word, rng.below(count_of(word)));
        self.sow(usize::from(!SOUTH), k as usize);
        true
    }

    /// The move of the player `me` (`0` South, `1` North) from his hole `k + 1`, which holds
    /// seeds. Inlined, so that a play-out's constant `me` folds away. The move made in place
    /// ([`Toguz::sow_nine`]) begins the same way; written out in each, as sharing it cost the
    /// play-out about one per cent.
    #[inline(always)]
    fn sow(&mut self, me: usize, k: usize) {
        // Below 18: the mask only spares a bounds check.
        let origin = (9 * me + k) % HOLE_BYTES;
        let seeds = self.holes[origin];
        let (reached, landing, at_landing) = nine::facts(origin, seeds);
        let landing = landing % HOLE_BYTES;
        // T4: the last seed on an opponent's hole that is not a tuzdik takes an even count.
        // The count is read before the sowing (the origin is the mover's, so an opponent's
        // hole holds what it held plus what it gets), and the capture made without a branch:
        // half the landings capture, unpredictably, and a wrong guess would cost more than the
        // few cycles the test adds to the next move's wait.
        let c = u32::from(self.holes[landing]) + at_landing;
        let theirs = (landing >= 9) == (me == 0);
        let open = theirs & (self.free >> landing & 1 != 0);
        let take = open & (c % 2 == 0);
        // T2: a single seed goes to the next hole; T3: the tuzdiks feed their owners.
        let spread = Spread::new(origin + usize::from(seeds == 1), seeds);
        let sown = nine::lifted_and_sown(&self.holes, origin, spread);
        let [south_tuzdik, north_tuzdik] = self.tuzdiks;
        self.kazans += u32::from(sown[south_tuzdik % HOLE_BYTES])
            + (u32::from(sown[north_tuzdik % HOLE_BYTES]) << 16);
        self.kazans += (c * u32::from(take)) << (16 * me);
        self.occupied = ((self.occupied & !(1 << origin)) | reached)
            & self.free
            & !(u32::from(take) << landing);
        for ((hole, sown), keep) in self.holes.iter_mut().zip(sown).zip(self.keep) {
            *hole = sown & keep;
        }
        self.holes[landing] &= u8::from(take).wrapping_sub(1);
        // T4: a tuzdik of an opponent's hole left with three, if the rules allow one. In a
        // play-out this test goes the same way nearly always, since each player makes at most
        // one.
        if self.tuzdiks[me] == usize::from(NO_TUZDIK)
            && open
            && c == 3
            && tuzdik_allowed::<9>(self.tuzdiks[me], self.tuzdiks[1 - me], landing)
        {
            self.holes[landing] = 0;
            self.occupied &= !(1 << landing);
            self.kazans += 3 << (16 * me);
            self.tuzdiks[me] = landing;
            self.tuzdiks_changed();
        }
    }

    /// Writes the game's parts back into `position`.
    #[inline(always)]
    fn write_back(&self, position: &mut Toguz) {
        position.holes = self.holes;
        position.kazans = Stores::new((self.kazans & 0xFFFF) as u16, (self.kazans >> 16) as u16);
        position.tuzdiks = self.tuzdiks.map(|t| t as u8);
        position.occupied = self.occupied;
    }
}

impl Toguz {
    /// [`play_random_moves`](mancala_engine::Position::play_random_moves) under
    /// [`RuleSet::STANDARD`](crate::RuleSet::STANDARD). Out of line (one call a game), so the
    /// loop has the registers to itself.
    #[inline(never)]
    pub(crate) fn play_random_nine(&mut self, rng_out: &mut Rng, max_plies: u32) -> u32 {
        let mut game = Game::new(self);
        // A local generator stays in registers; it is written back once.
        let mut local = rng_out.clone();
        let rng = &mut local;
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
        *rng_out = local;
        game.write_back(self);
        if plies % 2 == 1 {
            self.side = !self.side;
        }
        plies
    }

    /// Plays the legal move `mv` under [`RuleSet::STANDARD`](crate::RuleSet::STANDARD) in place
    /// by the play-out loop's sowing: the position [`apply`](Toguz::apply) leaves, without the
    /// [`Effect`](crate::Effect).
    #[inline]
    pub(crate) fn play_nine(&mut self, mv: Move) {
        let _next_movers_holes = self.sow_nine(mv.index());
    }

    /// [`Actions::play_random_action`](mancala_engine::actions::Actions::play_random_action)
    /// under [`RuleSet::STANDARD`](crate::RuleSet::STANDARD): the pick from the legal holes
    /// (`legal`, the mover's holes that hold seeds, none once the game is over) by the
    /// play-out loop's table, and the move made in place by the play-out loop's sowing, which
    /// gives the next mover's legal holes. Inlined into the loop that steps many games.
    #[inline(always)]
    pub(crate) fn play_random_action_nine(
        &mut self,
        legal: &mut u64,
        rng: &mut Rng,
    ) -> Option<usize> {
        let row = *legal as u32 & 0x1FF;
        if row == 0 {
            return None;
        }
        let word = picks(row);
        let k = pick(word, rng.below(count_of(word))) as usize;
        *legal = u64::from(self.sow_nine(k));
        Some(k)
    }

    /// The mover's move from his hole `k + 1`, which holds seeds, made in place on the position
    /// by the play-out loop's sowing; returns the next mover's legal holes (none once a kazan's
    /// majority ends the game, T6). Games stepped side by side differ in who moves and whether
    /// the landing is taken, unpredictably, so those are numbers rather than branches.
    #[inline(always)]
    fn sow_nine(&mut self, k: usize) -> u32 {
        let me = self.side.index();
        let tuzdiks = self.tuzdiks.map(usize::from);
        let [south_tuzdik, north_tuzdik] = tuzdiks;
        let free = RING_BITS & !(1 << (south_tuzdik % 32) | 1 << (north_tuzdik % 32));
        let origin = (9 * me + k) % HOLE_BYTES;
        let seeds = self.holes[origin];
        let (reached, landing, at_landing) = nine::facts(origin, seeds);
        let landing = landing % HOLE_BYTES;
        // T4's capture, as in the play-out's move.
        let count = u32::from(self.holes[landing]) + at_landing;
        let opponents = (landing >= 9) == (me == 0);
        let open = opponents & (free >> landing & 1 != 0);
        let take = open & (count % 2 == 0);
        let spread = Spread::new(origin + usize::from(seeds == 1), seeds);
        let sown = nine::lifted_and_sown(&self.holes, origin, spread);
        let mut kazans = (self.kazan(Side::South) | self.kazan(Side::North) << 16)
            + u32::from(sown[south_tuzdik % HOLE_BYTES])
            + (u32::from(sown[north_tuzdik % HOLE_BYTES]) << 16)
            + ((count * u32::from(take)) << (16 * me));
        let mut occupied =
            ((self.occupied & !(1 << origin)) | reached) & free & !(u32::from(take) << landing);
        // The board as one masked copy: the tuzdiks (or the spare hole) emptied, and the
        // landing if it is taken. Single bytes stored into a board that is read whole at the
        // next step would keep that read waiting. The landing's mask is picked by its index
        // (past the board: none) rather than masked by a flag, which the compiler would make a
        // branch: half the landings capture, unpredictably.
        let emptied = landing + HOLE_BYTES * usize::from(!take);
        let (south_sink, north_sink, at_landing) = (
            mask_at::<HOLE_BYTES>(south_tuzdik % HOLE_BYTES),
            mask_at::<HOLE_BYTES>(north_tuzdik % HOLE_BYTES),
            mask_at::<HOLE_BYTES>(emptied),
        );
        for i in 0..HOLE_BYTES {
            self.holes[i] = sown[i] & !(south_sink[i] | north_sink[i] | at_landing[i]);
        }
        // T4: a tuzdik of an opponent's hole left with three, if the rules allow one. Three on
        // an opponent's hole for a player without one is rare: one branch, the rules' test in
        // it (the three tests folded into one word, which keeps the compiler from splitting
        // them into branches that each go either way).
        let (mine, theirs) = (self.tuzdiks[me], self.tuzdiks[1 - me]);
        let not_three = (count ^ 3) | u32::from(mine ^ NO_TUZDIK) | u32::from(!open);
        if not_three == 0 && tuzdik_allowed::<9>(mine.into(), theirs.into(), landing) {
            self.holes[landing] = 0;
            occupied &= !(1 << landing);
            kazans += 3 << (16 * me);
            self.tuzdiks[me] = landing as u8;
        }
        self.kazans = Stores::new((kazans & 0xFFFF) as u16, (kazans >> 16) as u16);
        self.occupied = occupied;
        self.side = !self.side;
        let majority = Game::majority_of(kazans);
        (occupied >> (9 * (1 - me))) & 0x1FF & u32::from(!majority).wrapping_neg()
    }
}

#[cfg(test)]
mod tests {
    use crate::{RuleSet, Toguz};
    use mancala_engine::playout::play_random_moves;
    use mancala_engine::{Game, Position, Rng};
    use proptest::prelude::*;

    /// The play-out's quick test of T6 is the rules' for every pair of kazans a game can have.
    #[test]
    fn the_quick_majority_is_the_rules_for_every_pair_of_kazans() {
        let position = Toguz::new(RuleSet::STANDARD);
        let mut game = super::Game::new(&position);
        for south in 0..=super::SEEDS {
            for north in 0..=super::SEEDS - south {
                game.kazans = south | north << 16;
                let rules = position.majority_with([south, north]);
                assert_eq!(game.majority(), rules, "kazans {south} and {north}");
            }
        }
    }

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

    proptest! {
        #[test]
        fn the_quick_move_and_the_action_bits_agree_with_the_general_ones(
            seed in any::<u64>(),
            plies in 0u32..300,
            rules in 0usize..12,
        ) {
            let mut position = Toguz::new(RuleSet::ALL[rules]);
            play_random_moves(&mut position, &mut Rng::new(seed), plies);
            let listed = position.legal_moves();
            let bits = listed.iter().fold(0u32, |bits, mv| bits | 1 << mv.action());
            prop_assert_eq!(position.legal_action_bits(), bits);
            for &mv in listed.iter() {
                let (mut quick, mut general) = (position, position);
                quick.play_quick(mv);
                general.play_unchecked(mv);
                prop_assert_eq!(quick, general, "move {}", mv);
            }
        }
    }

    proptest! {
        #[test]
        fn the_quick_random_action_is_the_general_one(
            seed in any::<u64>(),
            plies in 0u32..300,
            rules in 0usize..12,
        ) {
            use mancala_engine::actions::{random_action, Actions};
            let mut position = Toguz::new(RuleSet::ALL[rules]);
            play_random_moves(&mut position, &mut Rng::new(seed), plies);
            let (mut quick, mut general) = (position, position);
            let (mut quick_rng, mut general_rng) = (Rng::new(!seed), Rng::new(!seed));
            let legal = Actions::legal_action_bits(&position);
            let mut quick_legal = legal;
            let played = quick.play_random_action(&mut quick_legal, &mut quick_rng);
            let expected = random_action(legal, &mut general_rng);
            if let Some(action) = expected {
                general.play_unchecked(general.move_of(action).expect("a legal id"));
            }
            prop_assert_eq!(played, expected);
            prop_assert_eq!(quick_legal, Actions::legal_action_bits(&general));
            prop_assert_eq!(quick, general);
            prop_assert_eq!(quick_rng, general_rng);
        }
    }

    /// The legal set the quick random move leaves is the position's own at every ply of whole
    /// games, to their ends by a majority and by an empty row alike.
    #[test]
    fn the_quick_random_action_keeps_the_legal_set_to_the_end() {
        use mancala_engine::actions::Actions;
        let mut rng = Rng::new(5);
        let mut majority_ends = 0;
        for _ in 0..300 {
            let mut game = Toguz::default();
            let mut legal = Actions::legal_action_bits(&game);
            while game.play_random_action(&mut legal, &mut rng).is_some() {
                assert_eq!(legal, Actions::legal_action_bits(&game), "{game}");
            }
            assert!(game.is_over(), "{game}");
            majority_ends += usize::from(game.majority_reached());
        }
        assert!(majority_ends > 0 && majority_ends < 300, "{majority_ends}");
    }

    #[test]
    fn whole_games_end_alike() {
        let mut fast_rng = Rng::new(11);
        let mut plain_rng = Rng::new(11);
        for _ in 0..300 {
            let (mut fast, mut plain) = (Toguz::default(), Toguz::default());
            let plies = fast.play_random_moves(&mut fast_rng, u32::MAX);
            assert_eq!(
                plies,
                play_random_moves(&mut plain, &mut plain_rng, u32::MAX)
            );
            assert_eq!(fast, plain);
            assert!(fast.is_over());
        }
        assert_eq!(fast_rng, plain_rng);
    }
}
