//! serde goes through the canonical strings, and deserialising validates like parsing does.
#![cfg(feature = "serde")]

use toguz::prelude::*;

#[test]
fn notation_types_serialise_as_their_strings() {
    let half: HalfMove = "68X".parse().unwrap();
    assert_eq!(serde_json::to_string(&half).unwrap(), "\"68X\"");
    assert_eq!(
        serde_json::from_str::<HalfMove>("\"36х\"")
            .unwrap()
            .to_string(),
        "36X"
    );
    assert!(serde_json::from_str::<HalfMove>("\"06\"").is_err());
    assert_eq!(serde_json::to_string(&Style::Kz).unwrap(), "\"kz\"");
    assert_eq!(
        serde_json::to_string(&PgnResult::Draw).unwrap(),
        "\"1/2-1/2\""
    );
    assert!(serde_json::from_str::<PgnResult>("\"2-0\"").is_err());

    let fen = Fen::new(Toguz::default(), 1).unwrap();
    let json = serde_json::to_string(&fen).unwrap();
    assert_eq!(json, format!("\"{fen}\""));
    assert_eq!(serde_json::from_str::<Fen>(&json).unwrap(), fen);
}

#[test]
fn deserialising_a_position_validates_it() {
    // Well formed, but 163 seeds: refused as an impossible position.
    let json = "\"10S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1\"";
    let err = serde_json::from_str::<Fen>(json).unwrap_err();
    assert!(err.to_string().contains("not a possible position"), "{err}");
}

#[test]
fn game_records_serialise_as_pgn() {
    let moves = [8, 8, 2].map(Move::new);
    let mut game = Record::from_moves(&Toguz::default(), &moves, Style::PlayOk).unwrap();
    game.set_tag("Site", "PlayOK").unwrap();
    let json = serde_json::to_string(&vec![game.clone()]).unwrap();
    let back: Vec<Record> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, [game]);
    assert!(serde_json::from_str::<Record>("\"1. 88(10) *\"").is_ok());
    assert!(serde_json::from_str::<Record>("\"1. 8 *\"").is_err());
}
