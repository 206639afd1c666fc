//! Properties of every game: seeds are conserved, stores never shrink, the side to move changes
//! exactly when the last seed did not fall into the mover's store, every game ends within the
//! bound of the crate's docs, and the fast paths agree with the provided ones.

use kalah::prelude::*;
use mancala_engine::playout::{play_random_moves, random_playout};
use mancala_engine::Rng;
use proptest::prelude::*;

fn rules() -> impl Strategy<Value = RuleSet> {
    (1usize..=8, 1usize..=6, any::<bool>()).prop_map(|(pits, seeds, empty)| {
        RuleSet::with_board(pits, seeds)
            .unwrap()
            .with_empty_capture(empty)
            .with_max_plies(0)
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_games_conserve_seeds_and_end_within_the_bound(rules in rules(), seed in any::<u64>()) {
        let mut game = Kalah::new(rules);
        let total = game.total_seeds();
        let bound = (total + 1) * (total * rules.pits() as u32 + 1);
        let mut rng = Rng::new(seed);
        while let Some(mv) = game.random_move(&mut rng) {
            let before = game;
            let effect = game.play_reported(mv).unwrap();
            prop_assert_eq!(game.total_seeds(), total);
            for side in Side::BOTH {
                prop_assert!(game.store(side) >= before.store(side));
            }
            if !game.is_over() {
                let same = game.side_to_move() == before.side_to_move();
                prop_assert_eq!(same, effect.last.is_none());
                prop_assert_eq!(same, effect.extra_turn);
            }
            prop_assert!(game.ply() <= bound);
            prop_assert_eq!(game.legal_moves().len(), game.count_legal_moves());
            prop_assert_eq!(before.count_legal_moves_after(mv), game.count_legal_moves());
        }
        prop_assert!(game.is_over());
        prop_assert_eq!(game.store(Side::South) + game.store(Side::North), total);
        let (south, north) = (game.store(Side::South), game.store(Side::North));
        let winner = game.outcome().unwrap().winner;
        prop_assert_eq!(winner, match south.cmp(&north) {
            core::cmp::Ordering::Greater => Some(Side::South),
            core::cmp::Ordering::Less => Some(Side::North),
            core::cmp::Ordering::Equal => None,
        });
    }

    #[test]
    fn the_random_move_is_the_provided_choice(rules in rules(), seed in any::<u64>()) {
        let mut game = Kalah::new(rules);
        let (mut fast, mut slow) = (Rng::new(seed), Rng::new(seed));
        while !game.is_over() {
            let moves = game.legal_moves();
            let expected = moves[slow.below(moves.len() as u32) as usize];
            prop_assert_eq!(game.random_move(&mut fast), Some(expected));
            game.play(expected).unwrap();
        }
    }
}

#[test]
fn play_outs_reach_the_end() {
    let mut rng = Rng::new(1);
    for _ in 0..200 {
        let end = random_playout(Kalah::default(), &mut rng, 2_000);
        assert!(end.outcome.is_some() && end.position.is_over());
        let mut game = Kalah::default();
        let plies = play_random_moves(&mut game, &mut rng, 2_000);
        assert!(game.is_over() && plies == game.ply());
    }
}
