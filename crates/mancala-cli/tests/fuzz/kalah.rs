//! Kalah's text entry points: position, move, rules, record.

use crate::checks::{playable, seed_of, serde_agrees};
use crate::entry::{position, text, value};
use crate::games::{moves, positions, records, texts};
use crate::harness::{Budget, Reports};
use mancala_engine::Game;
use mancala_games::kalah::{Kalah, Record, RuleSet};

/// The rule sets positions are drawn under: the standard one, smaller and larger boards, the
/// empty capture, a short move limit, the largest one and none.
fn rule_sets() -> Vec<RuleSet> {
    let board = |pits, seeds| RuleSet::with_board(pits, seeds).expect("a valid board");
    vec![
        RuleSet::STANDARD,
        board(3, 2),
        board(8, 6),
        RuleSet::STANDARD.with_empty_capture(true),
        RuleSet::STANDARD.with_max_plies(40),
        RuleSet::STANDARD.with_max_plies(u32::MAX),
        RuleSet::STANDARD.with_max_plies(0),
    ]
}

/// Starts near the top of the move count: under the largest move limit, which the next moves
/// reach, and without a limit, where the count stops at its top.
fn counter_starts() -> Vec<Kalah> {
    [u32::MAX, 0]
        .into_iter()
        .flat_map(|limit| [u32::MAX - 2, u32::MAX - 1].map(move |ply| (limit, ply)))
        .map(|(limit, ply)| {
            Kalah::from_setup(mancala_games::kalah::Setup {
                ply,
                ..Kalah::new(RuleSet::STANDARD.with_max_plies(limit)).to_setup()
            })
            .expect("a game going on near the top of the count")
        })
        .collect()
}

/// Runs every Kalah entry point.
pub fn all(budget: Budget) {
    let mut reports = Reports::default();
    let rule_sets = rule_sets();
    let mut starts: Vec<Kalah> = rule_sets.iter().map(|&rules| Kalah::new(rules)).collect();
    starts.extend(counter_starts());
    let found = positions(&starts, 2, budget.seed);
    reports.add(position::<Kalah>(
        "kalah position",
        budget.share(0.5),
        &texts(&found),
    ));
    reports.add(value::<mancala_games::kalah::Move>(
        "kalah Move",
        budget,
        &moves(&found),
    ));
    reports.add(value::<RuleSet>(
        "kalah RuleSet",
        budget,
        &texts(&rule_sets),
    ));
    let record_texts = texts(records(
        &starts,
        budget.seed,
        (usize::MAX, 10),
        Record::new,
        Record::play,
    ));
    reports.add(text::<Record>(
        "kalah Record",
        budget.share(0.5),
        &record_texts,
        Some(serde_agrees::<Record>),
        |input, record| playable(*record.position(), seed_of(input)),
    ));
    // Kalah's record is the core's plain record, an entry point of the core's own: fuzzed here
    // as the core's generic type, through Kalah (Oware's record is it too).
    reports.add(text::<mancala_engine::record::Record<Kalah>>(
        "core Record",
        budget.share(0.25),
        &record_texts,
        Some(serde_agrees::<mancala_engine::record::Record<Kalah>>),
        |input, record| playable(*record.position(), seed_of(input)),
    ));
    reports.finish();
}
