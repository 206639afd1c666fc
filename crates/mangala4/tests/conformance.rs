//! The core's conformance kit on Mangala IV: the even start and seeded random starts, both
//! first players, both leftover rules; every hole and the pass probed at every ply; the
//! position string, the setup, serde and the record as round trips that must play on
//! identically, and the `Game` trait's promises.

use mancala_kit::Kit;
use mangala4::prelude::*;
use mangala4::Leftover;

fn starts() -> Vec<Mangala4> {
    let mut starts = Vec::new();
    for leftover in [Leftover::Uncounted, Leftover::OwnSide] {
        let rules = RuleSet { leftover };
        for side_to_move in Side::BOTH {
            let setups = std::iter::once(Setup::even()).chain((0..12).map(Setup::random));
            for setup in setups {
                let setup = Setup {
                    side_to_move,
                    rules,
                    ..setup
                };
                starts.push(Mangala4::from_setup(setup).unwrap());
            }
        }
    }
    starts
}

/// Every hole of the board, one hole past it, and the pass.
fn probes() -> Vec<Move> {
    (0..=14).map(Move::Sow).chain([Move::Pass]).collect()
}

/// The position as the start of a record, written and read back.
fn through_a_record(position: &Mangala4) -> Result<Mangala4, String> {
    let text = Record::new(*position, None).to_string();
    let record: Record = text.parse().map_err(|e: RecordError| e.to_string())?;
    Ok(*record.position())
}

#[test]
fn mangala4_keeps_the_contract() {
    let starts = starts();
    let count = starts.len();
    // Play is forced, so every game from a start is the same: two games each are plenty, and
    // the kit's re-read copies start at random plies of each.
    let kit = Kit::new(starts)
        .games(2)
        .seed(4)
        .probes(probes())
        .max_plies(5_000, true)
        .round_trip("a record", through_a_record)
        .game();
    #[cfg(feature = "serde")]
    let kit = kit.serde();
    let report = kit.run();
    assert_eq!(report.games, 2 * count);
    assert_eq!(report.finished, report.games);
    assert!(report.positions > 20 * report.games);
}
