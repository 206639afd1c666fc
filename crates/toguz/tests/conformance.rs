//! The workspace's contract, checked by the core's conformance kit under every rule set: move
//! lists and `check_move` agree (for every hole number 0..=10, claimed or not), seeds are
//! conserved, a position re-read from its string, its setup, serde and a record plays on
//! exactly like the original to the end of the game, and the `Game` trait's promises hold.

use crate::common::rule_sets;

use mancala_kit::Kit;
use rule_sets::rule_sets;
use toguz::prelude::*;

/// Every move a caller could name, legal or not.
fn probes() -> impl Iterator<Item = Move> {
    (0..=10u8).flat_map(|n| [Move::new(n), Move::claiming(n)])
}

/// The position written as the start of a record, read back and replayed.
fn through_a_record(position: &Toguz) -> Result<Toguz, String> {
    let record = Record::from_moves(position, &[], Style::PlayOk).map_err(|e| e.to_string())?;
    let read: Record = record
        .to_string()
        .parse()
        .map_err(|e: RecordError| e.to_string())?;
    let replay = read.replay();
    match replay.error {
        Some(error) => Err(error.to_string()),
        None => Ok(replay.position),
    }
}

#[test]
fn every_rule_set_keeps_the_contract() {
    for rules in rule_sets() {
        let kit = Kit::new([Toguz::new(rules)])
            .games(12)
            .seed(2025)
            .probes(probes())
            .round_trip("a record", through_a_record)
            .game();
        #[cfg(feature = "serde")]
        let kit = kit.serde();
        let report = kit.run();
        assert_eq!(report.games, 12, "{rules}");
        assert_eq!(report.finished, 12, "every game ends under {rules}");
        assert!(report.positions > 12 * 20, "{rules}: {report:?}");
    }
}

#[test]
fn positions_with_tuzdiks_keep_the_contract() {
    // White's tuzdik on Black's hole 3, Black's on White's hole 5, then play on from there.
    let text = "9S,9S,9S,9S,9S,9S,t,9S,6S/9S,9S,9S,9S,t,9S,9S,9S,9S 12 9 S";
    let mut starts = Vec::new();
    for rules in rule_sets()
        .into_iter()
        .filter(|r| r.board == BoardSize::Nine)
    {
        let start: Toguz = format!("{text} {}", option_words(rules))
            .trim_end()
            .parse()
            .unwrap();
        assert_eq!(start.rules(), rules);
        starts.push(start);
    }
    let report = Kit::new(starts)
        .games(8)
        .seed(7)
        .probes(probes())
        .round_trip("a record", through_a_record)
        .game()
        .run();
    assert_eq!(report.finished, report.games);
}

/// The words a position string ends with for `rules`' options.
fn option_words(rules: RuleSet) -> String {
    rules
        .to_string()
        .split_once(' ')
        .map_or(String::new(), |(_, words)| words.to_owned())
}
