//! Properties over random games, for every size and every option combination: the fast path
//! equals the simple seed-by-seed implementation move for move, seeds are conserved, legal
//! moves agree with checked play, and every move terminates.

use crate::common;

use common::{is_endless, Simple};
use katro::{Direction, Hole, Katro, Move, RuleSet, Size};
use mancala_engine::{EndReason, Game, Position as _, Rng, Side};
use proptest::prelude::*;

/// Every move a caller could write on a board of `size`.
fn every_move(size: Size) -> Vec<Move> {
    let mut moves = Vec::new();
    for index in 0..size.holes() {
        let hole = Hole::from_index(size, index).unwrap();
        for direction in [None, Some(Direction::A), Some(Direction::B)] {
            for step in [false, true] {
                moves.push(Move {
                    hole,
                    direction,
                    step,
                });
            }
        }
    }
    moves
}

/// Plays a random game in both implementations, comparing everything at every ply. Returns
/// the number of plies and whether it ended by an endless move.
fn compare_game(rules: RuleSet, seed: u64, max_plies: u32) -> (u32, bool) {
    let size = rules.size;
    let mut rng = Rng::new(seed);
    let mut fast = Katro::new(rules);
    let mut simple = Simple::start(rules);
    let total = fast.board().seeds();
    assert_eq!(total, size.start_seeds());
    let candidates = every_move(size);
    for ply in 0..max_plies {
        let context = format!("{rules} seed {seed} ply {ply} at {fast}");
        let legal = fast.legal_moves();
        assert_eq!(legal.to_vec(), simple.legal_moves(), "{context}");
        assert_eq!(fast.count_legal_moves(), legal.len(), "{context}");
        for &mv in &candidates {
            assert_eq!(
                fast.check_move(mv).is_ok(),
                legal.contains(&mv),
                "{context}: {mv}"
            );
        }
        let outcome = fast.outcome();
        assert_eq!(outcome.is_some(), legal.is_empty(), "{context}");
        assert_eq!(
            outcome.map(|o| o.winner.map(|w| w == Side::South)),
            simple.outcome_winner(),
            "{context}"
        );
        assert_eq!(
            fast.to_string().parse::<Katro>().unwrap(),
            fast,
            "{context}"
        );
        // The fast random pick chooses what the provided method would: legal[below(len)].
        let mut copy = rng.clone();
        let expected = (!legal.is_empty()).then(|| legal[copy.below(legal.len() as u32) as usize]);
        let Some(mv) = fast.random_move(&mut rng) else {
            assert_eq!(expected, None);
            return (ply, is_endless(&fast));
        };
        assert_eq!(Some(mv), expected, "{context}");
        assert_eq!(rng, copy);
        let mover = fast.side_to_move();
        let mut checked = fast;
        let effect = checked.play_reported(mv).unwrap();
        fast.play_unchecked(mv);
        assert_eq!(checked, fast);
        let (laps, captures, captured) = (simple.laps, simple.captures, simple.captured);
        simple.play(mv);
        assert_eq!(&*fast.board(), &simple.flat()[..], "{context}: after {mv}");
        assert_eq!((effect.mv, effect.side), (mv, mover));
        assert_eq!(effect.endless, simple.ended, "{context}: after {mv}");
        if !effect.endless {
            assert_eq!(
                (
                    u64::from(effect.laps),
                    u64::from(effect.captures),
                    u64::from(effect.captured)
                ),
                (
                    simple.laps - laps,
                    simple.captures - captures,
                    simple.captured - captured
                ),
                "{context}: the effect of {mv}"
            );
        }
        assert_eq!(
            fast.side_to_move() == Side::South,
            simple.south_to_move,
            "{context}: after {mv}"
        );
        assert_eq!(is_endless(&fast), simple.ended, "{context}: after {mv}");
        assert_eq!(
            fast.board().seeds(),
            total,
            "{context}: seeds not conserved by {mv}"
        );
        if is_endless(&fast) {
            assert_eq!(fast.outcome().unwrap().reason, EndReason::EndlessMove);
        }
    }
    (max_plies, false)
}

#[test]
fn fast_equals_simple_for_every_size_and_option_combination() {
    let mut endless = 0;
    let mut games = 0;
    for (k, rules) in RuleSet::all().enumerate() {
        for seed in 0..3 {
            let (_, e) = compare_game(rules, 1000 * k as u64 + seed, 300);
            endless += u32::from(e);
            games += 1;
        }
    }
    println!("{games} games, {endless} ended by an endless move");
}

fn any_rules() -> impl Strategy<Value = RuleSet> {
    let all: Vec<RuleSet> = RuleSet::all().collect();
    proptest::sample::select(all)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, failure_persistence: None, .. ProptestConfig::default() })]

    #[test]
    fn random_games_agree_move_for_move(rules in any_rules(), seed in any::<u64>()) {
        compare_game(rules, seed, 400);
    }

    /// From any reachable position of the standard board, every legal move returns and keeps
    /// the 72 seeds.
    #[test]
    fn every_move_terminates_and_conserves_72_seeds(rules in any_rules(), seed in any::<u64>(), plies in 0u32..120) {
        let mut rng = Rng::new(seed);
        let mut position = Katro::new(RuleSet { size: Size::S6x6, ..rules });
        for _ in 0..plies {
            match position.random_move(&mut rng) {
                Some(mv) => position.play_unchecked(mv),
                None => break,
            }
        }
        for mv in position.legal_moves() {
            let mut child = position;
            child.play_unchecked(mv);
            prop_assert_eq!(child.board().seeds(), 72);
            prop_assert!(child.seeds_on_side(position.side_to_move()) > 0);
        }
    }

    /// Play never panics, whatever move is asked for, from any valid position; illegal moves
    /// leave the position unchanged.
    #[test]
    fn any_move_on_any_board_is_answered(
        rules in any_rules(),
        cells in proptest::collection::vec(0u8..6, 36),
        north in any::<bool>(),
        hole in 0usize..64,
        direction in 0u8..3,
        step in any::<bool>(),
    ) {
        let size = rules.size;
        let mut setup = katro::Setup::start(rules);
        setup.board = [0; 36];
        setup.board[..size.holes()].copy_from_slice(&cells[..size.holes()]);
        setup.side_to_move = if north { Side::North } else { Side::South };
        let Ok(position) = Katro::from_setup(setup) else { return Ok(()); };
        let Some(hole) = Hole::new(hole / 8, hole % 8) else { return Ok(()); };
        let direction = [None, Some(Direction::A), Some(Direction::B)][direction as usize];
        let mv = Move { hole, direction, step };
        let mut after = position;
        match after.play(mv) {
            Ok(()) => prop_assert!(position.legal_moves().contains(&mv)),
            Err(_) => prop_assert_eq!(after, position),
        }
        prop_assert_eq!(after.board().seeds(), position.board().seeds());
        let mut simple = Simple::from_katro(&position);
        if position.legal_moves().contains(&mv) {
            simple.play(mv);
            prop_assert_eq!(&*after.board(), &simple.flat()[..]);
            prop_assert_eq!(is_endless(&after), simple.ended);
        }
    }
}
