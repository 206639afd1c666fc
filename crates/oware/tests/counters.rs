//! The move counter and the move limit at the top of their range.

use mancala_engine::{EndReason, Game, Position};
use mancala_kit::Kit;
use oware::{Oware, RuleSet};

/// `position` read back from its string and its setup (and through serde, with the feature).
fn round_trip(position: &Oware) {
    let text = position.to_string();
    assert_eq!(text.parse::<Oware>().as_ref(), Ok(position), "{text}");
    assert_eq!(
        Oware::from_setup(position.to_setup()).as_ref(),
        Ok(position)
    );
    #[cfg(feature = "serde")]
    {
        let json = serde_json::to_string(position).unwrap();
        assert_eq!(&serde_json::from_str::<Oware>(&json).unwrap(), position);
    }
}

/// The start under `rules` with `ply` moves said played, if that is a game going on.
fn at(rules: RuleSet, ply: u32) -> Option<Oware> {
    Oware::from_setup(oware::Setup {
        ply,
        ..Oware::new(rules).to_setup()
    })
    .ok()
}

#[test]
fn the_largest_move_limit_ends_the_game_at_its_move() {
    let rules = RuleSet::STANDARD.with_max_plies(u32::MAX);
    let mut game = at(rules, u32::MAX - 1).unwrap();
    round_trip(&game);
    let mv = game.legal_moves()[0];
    game.play(mv).unwrap();
    assert_eq!(game.outcome().unwrap().reason, EndReason::MoveLimit);
    assert_eq!(game.ply(), u32::MAX);
    round_trip(&game);
    // A game said to go on at the limit is over already.
    assert!(at(rules, u32::MAX).is_none());
    // Without a limit the count stops at its top and the game plays on.
    let mut endless = at(RuleSet::STANDARD.with_max_plies(0), u32::MAX).unwrap();
    let mv = endless.legal_moves()[0];
    endless.play(mv).unwrap();
    assert!(!endless.is_over());
    assert_eq!(endless.ply(), u32::MAX);
    round_trip(&endless);
}

/// Random games near the top of the count keep the kit's contract (string and serde round
/// trips that play on alike, to the end).
#[test]
fn games_near_the_top_of_the_count_keep_the_contract() {
    let mut starts = Vec::new();
    for limit in [0, u32::MAX - 3, u32::MAX] {
        for ply in [u32::MAX - 6, u32::MAX - 1, u32::MAX] {
            starts.extend(at(RuleSet::STANDARD.with_max_plies(limit), ply));
        }
    }
    assert_eq!(starts.len(), 6);
    let games = 20 * starts.len();
    let kit = Kit::new(starts).games(20).seed(38);
    #[cfg(feature = "serde")]
    let kit = kit.serde();
    assert_eq!(kit.run().finished, games);
}
