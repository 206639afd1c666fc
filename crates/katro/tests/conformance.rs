//! The core's conformance kit on every board size and every option set: the trait's contract,
//! probes of every move a caller can write on the board, and the position's round trips
//! through its string, its setup, a game record and (with the `serde` feature) serde, and the
//! `Game` trait's promises.

use katro::{Direction, Hole, Katro, Move, Record, RuleSet, Size};
use mancala_engine::Game;
use mancala_kit::Kit;

/// Every move a caller can write on a board of `size` (every hole, with and without a
/// direction and a step), and some holes off it.
fn probes(size: Size) -> Vec<Move> {
    let holes = (0..size.holes())
        .filter_map(|index| Hole::from_index(size, index))
        .chain(
            [Hole::new(7, 7), Hole::new(size.rows(), 0)]
                .into_iter()
                .flatten(),
        );
    holes
        .flat_map(|hole| {
            [None, Some(Direction::A), Some(Direction::B)]
                .into_iter()
                .flat_map(move |direction| {
                    [false, true].map(|step| Move {
                        hole,
                        direction,
                        step,
                    })
                })
        })
        .collect()
}

/// The position through a game record holding it as its start.
fn through_a_record(position: &Katro) -> Result<Katro, String> {
    let text = Record::new(*position).to_string();
    let record: Record = text.parse().map_err(|e| format!("{e}"))?;
    Ok(*record.start())
}

#[test]
fn every_size_and_option_set_keeps_the_contract() {
    for size in Size::ALL {
        let starts: Vec<Katro> = RuleSet::all()
            .filter(|rules| rules.size == size)
            .map(Katro::new)
            .collect();
        // Katro games need not end: a game may go round for ever without a capture.
        let kit = Kit::new(starts)
            .games(1)
            .seed(7)
            .max_plies(150, false)
            .probes(probes(size))
            .round_trip("a record", through_a_record)
            .game();
        #[cfg(feature = "serde")]
        let kit = kit.serde();
        let report = kit.run();
        assert_eq!(report.games, 48, "{size}");
        assert!(report.finished > 0, "{size}: no game ended");
    }
}
