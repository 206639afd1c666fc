//! Property tests over random games: seeds are conserved, move generation agrees with checked
//! play, and the fast move equals a deliberately plain one written straight from the rules.

use crate::common;

use common::total;
use mancala_engine::{Game, Position as _, Rng, Side};
use proptest::prelude::*;
use toguz::{BoardSize, Move, RuleSet, Setup, Toguz, TuzdikRule};

/// The rules T2–T5 one seed at a time, with nothing shared with the crate's code.
fn reference_move(s: &mut Setup, number: u8, claim: bool) {
    let n = s.rules.board.per_side();
    let len = 2 * n;
    let me = s.side_to_move.index();
    let origin = me * n + usize::from(number) - 1;
    let mut seeds = s.holes[origin];
    s.holes[origin] = 0;
    let mut hole = if seeds == 1 {
        (origin + 1) % len
    } else {
        origin
    };
    let mut first = true;
    while seeds > 0 {
        if !first {
            hole = (hole + 1) % len;
        }
        first = false;
        match (0..2).find(|&p| s.tuzdiks[p] == Some(hole)) {
            Some(owner) => s.kazans[owner] += 1,
            None => s.holes[hole] += 1,
        }
        seeds -= 1;
    }
    let owner = hole / n;
    let is_tuzdik = s.tuzdiks.contains(&Some(hole));
    if owner != me && !is_tuzdik {
        let c = s.holes[hole];
        let number_of = |i: usize| i % n + 1;
        let may = s.rules.board != BoardSize::Five
            && s.tuzdiks[me].is_none()
            && number_of(hole) != n
            && s.tuzdiks[1 - me].is_none_or(|t| number_of(t) != number_of(hole));
        let wants = s.rules.tuzdik == TuzdikRule::Automatic || claim;
        if c % 2 == 0 {
            s.kazans[me] += c;
            s.holes[hole] = 0;
        } else if c == 3 && may && wants {
            s.kazans[me] += 3;
            s.holes[hole] = 0;
            s.tuzdiks[me] = Some(hole);
        }
    }
    s.side_to_move = !s.side_to_move;
}

fn rules_strategy() -> impl Strategy<Value = RuleSet> {
    (any::<bool>(), any::<bool>(), 0..3usize).prop_map(|(optional, stop, board)| RuleSet {
        tuzdik: if optional {
            TuzdikRule::Optional
        } else {
            TuzdikRule::Automatic
        },
        stop_at_majority: stop,
        board: [BoardSize::Nine, BoardSize::Seven, BoardSize::Five][board],
    })
}

/// Every candidate move a caller could send: each number 0..=10, claimed or not.
fn candidates() -> impl Iterator<Item = Move> {
    (0..=10u8).flat_map(|n| [Move::new(n), Move::claiming(n)])
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn random_games_follow_the_reference(rules in rules_strategy(), seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let mut position = Toguz::new(rules);
        let seeds = rules.board.seeds();
        let mut plies = 0;
        while let Some(mv) = position.random_move(&mut rng) {
            // Generation agrees with checked play, for every candidate move.
            let legal = position.legal_moves();
            for candidate in candidates() {
                prop_assert_eq!(legal.contains(&candidate), position.check_move(candidate).is_ok(),
                    "move {} at ply {}", candidate, plies);
            }
            prop_assert_eq!(position.count_legal_moves(), legal.len());
            // The replies to every move, counted without playing it, agree with playing it.
            for &candidate in legal.iter() {
                let mut child = position;
                child.play_unchecked(candidate);
                prop_assert_eq!(position.count_legal_moves_after(candidate), child.count_legal_moves(),
                    "replies to {} at ply {}", candidate, plies);
            }
            let mut expected = position.to_setup();
            reference_move(&mut expected, mv.number(), mv.claims_tuzdik());
            position.play(mv).unwrap();
            prop_assert_eq!(position.to_setup(), expected, "after move {} at ply {}", mv, plies);
            prop_assert_eq!(total(&position), seeds);
            plies += 1;
            prop_assert!(plies < 20_000, "a random game did not end");
        }
        prop_assert!(position.is_over());
        prop_assert!(position.legal_moves().is_empty());
        let outcome = position.outcome().unwrap();
        let (south, north) = (position.score(Side::South), position.score(Side::North));
        if outcome.reason == mancala_engine::EndReason::NoSeeds {
            prop_assert_eq!(south + north, seeds, "the collection leaves no seed behind");
        }
        prop_assert_eq!(outcome.winner, mancala_engine::Outcome::by_score(south, north, outcome.reason).winner);
    }

    #[test]
    fn a_refused_move_changes_nothing(seed in any::<u64>(), plies in 0..60u32) {
        let mut rng = Rng::new(seed);
        let mut position = Toguz::default();
        for _ in 0..plies {
            match position.random_move(&mut rng) {
                Some(mv) => position.play_unchecked(mv),
                None => break,
            }
        }
        for candidate in candidates() {
            let before = position;
            let mut after = position;
            if after.play(candidate).is_err() {
                prop_assert_eq!(after, before);
            }
        }
    }
}
