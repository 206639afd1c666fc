//! The move counter and the move limit at the top of their range: the largest limit reads,
//! ends a game and writes back like any other.

use kalah::{Kalah, RuleSet};
use mancala_engine::{EndReason, Game, Position};
use mancala_kit::Kit;

/// `text` read as a position.
fn position(text: &str) -> Kalah {
    text.parse()
        .unwrap_or_else(|e| panic!("`{text}` does not read: {e}"))
}

/// `position` read back from its string (and through serde, with the feature).
fn round_trip(position: &Kalah) {
    let text = position.to_string();
    assert_eq!(&self::position(&text), position, "{text}");
    assert_eq!(
        Kalah::from_setup(position.to_setup()).as_ref(),
        Ok(position)
    );
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(position).unwrap();
        assert_eq!(&serde_json::from_str::<Kalah>(&json).unwrap(), position);
    }
}

#[test]
fn a_position_string_with_the_largest_move_limit_reads_back() {
    let ended =
        position("0,0,0,0,0,0/0,0,0,0,0,0 11 37 S ply=22 end=no-seeds max-plies=4294967295");
    assert!(ended.is_over());
    round_trip(&ended);
    let going = position("5,1,2,0,0,3/0,3,0,0,4,0 14 16 S ply=4294967294 max-plies=4294967295");
    assert!(!going.is_over());
    round_trip(&going);
    // Ended by the largest limit: the count stays at its top.
    let at_limit = position(
        "0,0,0,0,0,0/0,0,0,0,0,0 20 28 N ply=4294967295 end=move-limit max-plies=4294967295",
    );
    assert_eq!(at_limit.outcome().unwrap().reason, EndReason::MoveLimit);
    round_trip(&at_limit);
    for bad in [
        // A count below the one the limit ends at.
        "0,0,0,0,0,0/0,0,0,0,0,0 20 28 N ply=4294967294 end=move-limit max-plies=4294967295",
        // A game said to go on past a limit it has passed.
        "5,1,2,0,0,3/0,3,0,0,4,0 14 16 S ply=4294967295 max-plies=4294967294",
    ] {
        assert!(bad.parse::<Kalah>().is_err(), "{bad}");
    }
}

#[test]
fn the_move_after_the_largest_limit_ends_the_game() {
    let mut game = position("5,1,2,0,0,3/0,3,0,0,4,0 14 16 S ply=4294967295 max-plies=4294967295");
    assert!(!game.is_over());
    game.play("1".parse().unwrap()).unwrap();
    assert!(game.is_over(), "{game}");
    assert_eq!(game.outcome().unwrap().reason, EndReason::MoveLimit);
    assert_eq!(game.ply(), u32::MAX);
    round_trip(&game);
    // One move earlier: the first move is the last the limit allows, the second ends it.
    let start = position("5,1,2,0,0,3/0,3,0,0,4,0 14 16 S ply=4294967294 max-plies=4294967295");
    let mut game = start;
    game.play("6".parse().unwrap()).unwrap();
    assert!(!game.is_over() && game.ply() == u32::MAX, "{game}");
    assert_eq!(game.count_legal_moves_after(game.legal_moves()[0]), 0);
    let mv = game.legal_moves()[0];
    game.play(mv).unwrap();
    assert_eq!(game.outcome().unwrap().reason, EndReason::MoveLimit);
}

#[test]
fn a_limit_ends_a_game_one_move_past_it_at_every_size() {
    for limit in [1, 2, 1000, u32::MAX - 1, u32::MAX] {
        let rules = RuleSet::with_board(3, 2).unwrap().with_max_plies(limit);
        let setup = kalah::Setup {
            ply: limit - 1,
            ..Kalah::new(rules).to_setup()
        };
        let mut game = Kalah::from_setup(setup).unwrap();
        let mut played = 0u64;
        while !game.is_over() {
            let mv = *game.legal_moves().last().unwrap();
            game.play(mv).unwrap();
            played += 1;
            round_trip(&game);
        }
        let reason = game.outcome().unwrap().reason;
        assert!(played <= 2, "{limit}: {played} moves");
        assert!(
            reason == EndReason::MoveLimit || reason == EndReason::NoSeeds,
            "{limit}: {reason:?}"
        );
        assert_eq!(game.ply(), limit.saturating_add(1), "{limit}");
    }
}

/// Random games near the top of the count, under the largest limit and without one: every
/// position reads back through its string and serde and plays on alike (the kit's checks).
#[test]
fn games_near_the_top_of_the_count_keep_the_contract() {
    let mut starts = Vec::new();
    for limit in [0, u32::MAX - 3, u32::MAX] {
        for ply in [u32::MAX - 6, u32::MAX - 1, u32::MAX] {
            let rules = RuleSet::STANDARD.with_max_plies(limit);
            let setup = kalah::Setup {
                ply,
                ..Kalah::new(rules).to_setup()
            };
            if let Ok(start) = Kalah::from_setup(setup) {
                starts.push(start);
            }
        }
    }
    assert_eq!(starts.len(), 7);
    let games = 40 * starts.len();
    let kit = Kit::new(starts).games(40).seed(38);
    #[cfg(feature = "serde")]
    let kit = kit.serde();
    let report = kit.run();
    assert_eq!(report.finished, games);
}
