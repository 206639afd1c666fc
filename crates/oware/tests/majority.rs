//! The rule option that plays on past a majority of the seeds in a store: the same game until
//! the stop, then on to a natural end, with the same winner.

use mancala_engine::{EndReason, Rng};
use oware::prelude::*;

/// Random games from the start on several boards, each played twice over the same moves:
/// with OpenSpiel's stop at a majority and without it (no move limit either way). Until the
/// stop the two games are the same; past it the second goes on to another end, and its
/// winner is the first's. Returns how many games went on past a majority.
fn random_games(games: u64) -> u64 {
    let mut past_majority = 0;
    for seed in 0..games {
        let mut rng = Rng::new(seed);
        let (houses, seeds) = [(6, 4), (6, 1), (4, 2), (3, 3), (5, 2)][seed as usize % 5];
        let stop = RuleSet::with_board(houses, seeds)
            .unwrap()
            .with_max_plies(0);
        let on = stop.with_stop_at_majority(false);
        let (mut stopping, mut playing) = (Oware::new(stop), Oware::new(on));
        while !stopping.is_over() {
            assert_eq!(stopping.legal_moves(), playing.legal_moves());
            let mv = stopping.random_move(&mut rng).unwrap();
            stopping.play(mv).unwrap();
            playing.play(mv).unwrap();
            if !stopping.is_over() {
                // The same position but for the rule, repetition record and all.
                let same = playing.to_string().replace(" majority-stop=no", "");
                assert_eq!(stopping.to_string(), same);
            }
        }
        let stopped = stopping.outcome().unwrap();
        if stopped.reason == EndReason::Majority {
            // The move may also have left the opponent without a move: then both end at once.
            past_majority += u64::from(!playing.is_over());
            while !playing.is_over() {
                let mv = playing.random_move(&mut rng).unwrap();
                playing.play(mv).unwrap();
            }
        } else {
            assert_eq!(playing, Oware::from_setup(playing.to_setup()).unwrap());
            assert_eq!(playing.outcome(), Some(stopped));
        }
        let played = playing.outcome().unwrap();
        assert_ne!(played.reason, EndReason::Majority);
        assert_eq!(played.winner, stopped.winner, "{stopping} / {playing}");
        let total = playing.store(Side::South) + playing.store(Side::North);
        assert_eq!(
            total,
            playing.total_seeds(),
            "{playing}: every seed collected"
        );
    }
    past_majority
}

#[test]
fn play_on_past_a_majority_keeps_the_winner() {
    let past = random_games(2_000);
    assert!(past > 500, "only {past} games reached a majority");
}

#[test]
fn the_majority_stop_is_written_only_when_off() {
    let rules = RuleSet::with_board(4, 2)
        .unwrap()
        .with_max_plies(0)
        .with_stop_at_majority(false);
    assert!(!rules.stop_at_majority());
    assert!(RuleSet::STANDARD.stop_at_majority());
    assert_eq!(
        rules.to_string(),
        "houses=4,seeds=2,grand-slam=no-capture,max-plies=0,majority-stop=no"
    );
    assert_eq!(rules.to_string().parse::<RuleSet>(), Ok(rules));
    assert_eq!(
        "majority-stop=yes".parse::<RuleSet>(),
        Ok(RuleSet::STANDARD)
    );
    assert!("majority-stop=maybe".parse::<RuleSet>().is_err());
    let game = Oware::new(rules);
    assert_eq!(
        game.to_string(),
        "2,2,2,2/2,2,2,2 0 0 S seeds=2 max-plies=0 majority-stop=no"
    );
    assert_eq!(game.to_string().parse::<Oware>(), Ok(game));
    assert_eq!(
        Oware::default().to_string(),
        "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S"
    );
    // A store past half is no end with the stop off, and a setup said to have ended by it is
    // refused.
    let past: Oware = "0,0,1,0/1,1,0,0 13 0 S seeds=2 max-plies=0 majority-stop=no"
        .parse()
        .unwrap();
    assert!(!past.is_over());
    assert!(
        "0,0,1,0/1,1,0,0 13 0 S seeds=2 max-plies=0"
            .parse::<Oware>()
            .is_err(),
        "with the stop, 13 of 16 seeds decide the game"
    );
    assert!(
        "0,0,0,0/0,0,0,0 16 0 S end=majority seeds=2 majority-stop=no"
            .parse::<Oware>()
            .is_err()
    );
    let quick = Oware::from_board(rules, &[0, 0, 1, 0, 1, 1, 0, 0], [13, 0], Side::South);
    assert_eq!(quick.as_ref(), Ok(&past));
    assert_eq!(quick.unwrap().house_seeds(), &[0, 0, 1, 0, 1, 1, 0, 0]);
}
