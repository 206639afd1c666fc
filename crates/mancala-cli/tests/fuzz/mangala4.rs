//! Mangala IV's text entry points: position, setup, move, leftover rule, opening, record.

use crate::checks::{playable, seed_of, serde_agrees};
use crate::entry::{plain, position, text, value};
use crate::games::{moves, positions, texts};
use crate::harness::Budget;
use crate::harness::Reports;
use mancala_engine::{Game, Side};
use mancala_games::mangala4::{
    Leftover, Mangala4, Move, Opening, Parity, Record, Ritual, RuleSet, Setup,
};

/// Runs every Mangala IV entry point.
pub fn all(budget: Budget) {
    let mut reports = Reports::default();
    let own_side = RuleSet {
        leftover: Leftover::OwnSide,
    };
    let mut starts = vec![Mangala4::default(), Mangala4::new(own_side)];
    for seed in 1..4 {
        let setup = Setup {
            rules: if seed % 2 == 0 {
                own_side
            } else {
                RuleSet::STANDARD
            },
            ..Setup::random(seed)
        };
        starts.push(Mangala4::from_setup(setup).expect("a random start is valid"));
    }
    let found = positions(&starts, 3, budget.seed);
    reports.add(position::<Mangala4>(
        "mangala4 position",
        budget.share(0.5),
        &texts(&found),
    ));
    let setups = texts(found.iter().map(Mangala4::to_setup));
    reports.add(value::<Setup>("mangala4 Setup", budget, &setups));
    reports.add(value::<Move>("mangala4 Move", budget, &moves(&found)));
    reports.add(value::<Leftover>(
        "mangala4 Leftover",
        budget,
        &texts([Leftover::Uncounted, Leftover::OwnSide]),
    ));
    let openings: Vec<Opening> = [1, 2]
        .into_iter()
        .flat_map(|hidden| [Parity::Odd, Parity::Even].map(|guess| (hidden, guess)))
        .flat_map(|(hidden, guess)| {
            let ritual = Ritual::new(hidden, guess).expect("a valid ritual");
            Side::BOTH.map(|row| ritual.choose(row))
        })
        .collect();
    reports.add(plain::<Opening>(
        "mangala4 Opening",
        budget,
        &texts(&openings),
    ));
    let records: Vec<String> = starts
        .iter()
        .zip(openings.iter().map(Some).chain([None; 8]))
        .flat_map(|(&start, opening)| {
            let mut record = Record::new(start, opening.copied());
            let mut written = vec![record.to_string()];
            for _ in 0..5 {
                record.play_next();
            }
            written.push(record.to_string());
            written.push(record.play_to_end().to_string());
            written
        })
        .collect();
    reports.add(text::<Record>(
        "mangala4 Record",
        budget.share(0.5),
        &records,
        Some(serde_agrees::<Record>),
        |input, record| playable(*record.position(), seed_of(input)),
    ));
    reports.finish();
}
