//! Oware's text entry points: position, move, rules, grand slam rule, record.

use crate::checks::{playable, seed_of, serde_agrees};
use crate::entry::{position, text, value};
use crate::games::{moves, positions, records, texts};
use crate::harness::{Budget, Reports};
use mancala_engine::Game;
use mancala_games::oware::{GrandSlam, Oware, Record, RuleSet};

/// The rule sets positions are drawn under: the standard one, smaller and larger boards, the
/// other grand slam rule, a short move limit, the largest one and none.
fn rule_sets() -> Vec<RuleSet> {
    let board = |houses, seeds| RuleSet::with_board(houses, seeds).expect("a valid board");
    vec![
        RuleSet::STANDARD,
        board(3, 2),
        board(8, 6),
        RuleSet::STANDARD.with_grand_slam(GrandSlam::CaptureAll),
        RuleSet::STANDARD.with_max_plies(40),
        RuleSet::STANDARD.with_max_plies(u32::MAX),
        RuleSet::STANDARD.with_max_plies(0),
    ]
}

/// Starts near the top of the move count: under the largest move limit, which the next moves
/// reach, and without a limit, where the count stops at its top.
fn counter_starts() -> Vec<Oware> {
    [u32::MAX, 0]
        .into_iter()
        .flat_map(|limit| [u32::MAX - 2, u32::MAX - 1].map(move |ply| (limit, ply)))
        .map(|(limit, ply)| {
            Oware::from_setup(mancala_games::oware::Setup {
                ply,
                ..Oware::new(RuleSet::STANDARD.with_max_plies(limit)).to_setup()
            })
            .expect("a game going on near the top of the count")
        })
        .collect()
}

/// Runs every Oware entry point.
pub fn all(budget: Budget) {
    let mut reports = Reports::default();
    let rule_sets = rule_sets();
    let mut starts: Vec<Oware> = rule_sets.iter().map(|&rules| Oware::new(rules)).collect();
    starts.extend(counter_starts());
    let found = positions(&starts, 2, budget.seed);
    reports.add(position::<Oware>(
        "oware position",
        budget.share(0.5),
        &texts(&found),
    ));
    reports.add(value::<mancala_games::oware::Move>(
        "oware Move",
        budget,
        &moves(&found),
    ));
    reports.add(value::<RuleSet>(
        "oware RuleSet",
        budget,
        &texts(&rule_sets),
    ));
    let slams = [GrandSlam::NoCapture, GrandSlam::CaptureAll];
    reports.add(value::<GrandSlam>("oware GrandSlam", budget, &texts(slams)));
    reports.add(text::<Record>(
        "oware Record",
        budget.share(0.5),
        &texts(records(
            &starts,
            budget.seed,
            (usize::MAX, 10),
            Record::new,
            Record::play,
        )),
        Some(serde_agrees::<Record>),
        |input, record| playable(record.position().clone(), seed_of(input)),
    ));
    reports.finish();
}
