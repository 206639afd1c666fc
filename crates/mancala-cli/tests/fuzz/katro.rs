//! Katro's text entry points: position, move, hole, board size, rules, record.

use crate::checks::{playable, seed_of, serde_agrees};
use crate::entry::{position, text, value};
use crate::games::{moves, positions, records, texts};
use crate::harness::{Budget, Reports};
use mancala_engine::Game;
use mancala_engine::Position as _;
use mancala_games::katro::{Hole, Katro, Record, RuleSet, Size};

/// Runs every Katro entry point.
pub fn all(budget: Budget) {
    let mut reports = Reports::default();
    // Every board size and option set, a few of each.
    let rule_sets: Vec<RuleSet> = RuleSet::all().step_by(7).collect();
    let starts: Vec<Katro> = rule_sets.iter().map(|&rules| Katro::new(rules)).collect();
    let found = positions(&starts, 1, budget.seed);
    reports.add(position::<Katro>(
        "katro position",
        budget.share(0.5),
        &texts(&found),
    ));
    reports.add(value::<mancala_games::katro::Move>(
        "katro Move",
        budget,
        &moves(&found),
    ));
    let holes: Vec<String> = found
        .iter()
        .flat_map(|p| p.legal_moves().into_iter().map(|mv| mv.hole))
        .map(|hole: Hole| hole.to_string())
        .collect();
    reports.add(value::<Hole>("katro Hole", budget, &holes));
    reports.add(value::<Size>("katro Size", budget, &texts(Size::ALL)));
    reports.add(value::<RuleSet>(
        "katro RuleSet",
        budget,
        &texts(&rule_sets),
    ));
    reports.add(text::<Record>(
        "katro Record",
        budget.share(0.5),
        &texts(records(
            &starts,
            budget.seed,
            (300, 11),
            Record::new,
            Record::play,
        )),
        Some(serde_agrees::<Record>),
        |input, record| playable(*record.position(), seed_of(input)),
    ));
    reports.finish();
}
