//! The workspace's contract and the `Game` trait's promises, checked by the conformance kit on
//! random games of the standard rules and of every option.

use kalah::prelude::*;
use mancala_kit::Kit;

/// Every move a board can name, and some it cannot.
fn probes() -> Vec<Move> {
    (0..=10).map(Move::new).collect()
}

fn record_trip(position: &Kalah) -> Result<Kalah, String> {
    let text = Record::new(*position).to_string();
    let record: Record = text.parse().map_err(|e: RecordError| e.to_string())?;
    Ok(*record.position())
}

#[test]
fn the_standard_game_keeps_the_contract() {
    let report = Kit::new([Kalah::default()])
        .games(60)
        .seed(7)
        .probes(probes())
        .round_trip("record", record_trip)
        .game()
        .run();
    assert_eq!(report.finished, 60);
}

#[test]
fn every_option_keeps_the_contract() {
    let starts: Vec<Kalah> = [
        (6, 4),
        (1, 1),
        (2, 2),
        (1, 5),
        (3, 3),
        (8, 6),
        (5, 6),
        (4, 1),
    ]
    .into_iter()
    .flat_map(|(pits, seeds)| {
        let rules = RuleSet::with_board(pits, seeds).unwrap();
        [
            Kalah::new(rules),
            Kalah::new(rules.with_empty_capture(true)),
            Kalah::new(rules.with_max_plies(0)),
            Kalah::new(rules.with_max_plies(7)),
        ]
    })
    .collect();
    let report = Kit::new(starts)
        .games(8)
        .seed(11)
        .probes(probes())
        .game()
        .run();
    assert_eq!(report.finished, report.games);
}

#[cfg(feature = "serde")]
#[test]
fn serde_goes_through_the_position_string() {
    let report = Kit::new([Kalah::default()]).games(20).seed(3).serde().run();
    assert_eq!(report.finished, 20);
    let json = serde_json::to_string(&Kalah::default()).unwrap();
    assert_eq!(json, "\"4,4,4,4,4,4/4,4,4,4,4,4 0 0 S\"");
    assert!(serde_json::from_str::<Kalah>("\"0,0,0/4,4,4 0 0 S\"").is_err());
    let mv: Move = serde_json::from_str("\"3\"").unwrap();
    assert_eq!(mv, Move::new(3));
    let rules: RuleSet = serde_json::from_str("\"pits=3,seeds=2\"").unwrap();
    assert_eq!(
        serde_json::to_string(&rules).unwrap(),
        "\"pits=3,seeds=2,empty-capture=no,max-plies=1000\""
    );
}
