//! The core's text forms: side, end reason, outcome, game result.

use crate::entry::value;
use crate::harness::Budget;
use crate::harness::Reports;
use mancala_engine::{EndReason, GameResult, Outcome, Side};

fn outcomes() -> Vec<Outcome> {
    let winners = [None, Some(Side::South), Some(Side::North)];
    EndReason::ALL
        .into_iter()
        .flat_map(|reason| winners.map(|winner| Outcome { winner, reason }))
        .collect()
}

/// Runs every core entry point.
pub fn all(budget: Budget) {
    let mut reports = Reports::default();
    let sides: Vec<String> = Side::BOTH.iter().map(Side::to_string).collect();
    reports.add(value::<Side>("core Side", budget, &sides));
    let reasons: Vec<String> = EndReason::ALL.iter().map(EndReason::to_string).collect();
    reports.add(value::<EndReason>("core EndReason", budget, &reasons));
    let outcomes = outcomes();
    let texts: Vec<String> = outcomes.iter().map(Outcome::to_string).collect();
    reports.add(value::<Outcome>("core Outcome", budget, &texts));
    let results: Vec<String> = outcomes
        .iter()
        .flat_map(|&outcome| {
            let scores = match outcome.winner {
                None => [[0, 0], [81, 81], [40, 32]],
                Some(Side::South) => [[82, 70], [1, 0], [999_999_999, 3]],
                Some(Side::North) => [[3, 95], [0, 1], [48, 100]],
            };
            scores.map(|scores| GameResult { outcome, scores }.to_string())
        })
        .collect();
    reports.add(value::<GameResult>("core GameResult", budget, &results));
    reports.finish();
}
