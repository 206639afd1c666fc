//! Toguz Kumalak's text entry points: position, move, rules, repetition rule, half-move,
//! notation style, position-with-move-number (FEN), record result, record, and the reader of a
//! file of records.

use crate::checks::{playable, reads_back, seed_of, serde_agrees};
use crate::entry::{clear, position, text, value};
use crate::games::{moves, positions, texts};
use crate::harness::{run, Budget, Reports};
use crate::inputs::draw;
use mancala_engine::{Game, Position as _, Rng};
use mancala_games::toguz::notation::{Fen, HalfMove, Style};
use mancala_games::toguz::record::{read_records, write_records, PgnResult, Record};
use mancala_games::toguz::{BoardSize, RepetitionRule, RuleSet, Toguz, TuzdikRule};

/// The rule sets positions are drawn under: the standard rules, and each option on its own.
fn rule_sets() -> [RuleSet; 5] {
    let standard = RuleSet::STANDARD;
    [
        standard,
        RuleSet {
            tuzdik: TuzdikRule::Optional,
            ..standard
        },
        RuleSet {
            stop_at_majority: false,
            ..standard
        },
        RuleSet {
            board: BoardSize::Seven,
            ..standard
        },
        RuleSet {
            board: BoardSize::Five,
            ..standard
        },
    ]
}

/// Records of seeded random games under every rule set, in both styles, whole and cut short.
fn records(starts: &[Toguz], seed: u64) -> Vec<Record> {
    let mut rng = Rng::new(seed);
    let mut found = Vec::new();
    for start in starts {
        for style in [Style::Kz, Style::PlayOk] {
            let mut position = *start;
            let mut played = Vec::new();
            while let Some(mv) = position.random_move(&mut rng) {
                position.play_unchecked(mv);
                played.push(mv);
            }
            for cut in [0, played.len() / 3, played.len()] {
                let record = Record::from_moves(start, &played[..cut], style)
                    .expect("a record of legal moves");
                found.push(record);
            }
        }
    }
    found
}

/// Files of several records each, for the record reader and `mancala replay`.
pub fn record_files(seed: u64) -> Vec<String> {
    let starts = rule_sets().map(Toguz::new);
    records(&starts, seed)
        .chunks(4)
        .map(|games| write_records(games.iter()))
        .collect()
}

/// Runs every Toguz Kumalak entry point.
pub fn all(budget: Budget) {
    let mut reports = Reports::default();
    let starts = rule_sets().map(Toguz::new);
    let found = positions(&starts, 3, budget.seed);
    reports.add(position::<Toguz>(
        "toguz position",
        budget.share(0.5),
        &texts(&found),
    ));
    reports.add(value::<mancala_games::toguz::Move>(
        "toguz Move",
        budget,
        &moves(&found),
    ));
    reports.add(value::<RuleSet>(
        "toguz RuleSet",
        budget,
        &texts(RuleSet::ALL),
    ));
    reports.add(value::<RepetitionRule>(
        "toguz RepetitionRule",
        budget,
        &texts(RepetitionRule::ALL),
    ));
    let halves: Vec<String> = found
        .iter()
        .flat_map(|p| p.legal_moves().into_iter().map(move |mv| (p, mv)))
        .flat_map(|(p, mv)| {
            [Style::Kz, Style::PlayOk]
                .map(|style| HalfMove::from_move(p, mv, style).map(|half| half.to_string()))
        })
        .filter_map(Result::ok)
        .collect();
    reports.add(value::<HalfMove>("toguz HalfMove", budget, &halves));
    reports.add(value::<Style>(
        "toguz Style",
        budget,
        &texts([Style::Kz, Style::PlayOk]),
    ));
    let results = [
        PgnResult::WhiteWins,
        PgnResult::BlackWins,
        PgnResult::Draw,
        PgnResult::Unknown,
    ];
    reports.add(value::<PgnResult>(
        "toguz PgnResult",
        budget,
        &texts(results),
    ));
    let fens: Vec<String> = found
        .iter()
        .zip(1..)
        .filter_map(|(&p, number)| Fen::new(p, number))
        .map(|fen| fen.to_string())
        .collect();
    reports.add(text::<Fen>(
        "toguz Fen",
        budget.share(0.5),
        &fens,
        Some(serde_agrees::<Fen>),
        |input, fen| playable(fen.position(), seed_of(input)),
    ));
    let records = records(&starts, budget.seed);
    reports.add(text::<Record>(
        "toguz Record",
        budget.share(0.5),
        &texts(&records),
        Some(serde_agrees::<Record>),
        |input, record| {
            let replay = record.replay();
            if replay.error.is_none() {
                playable(replay.position, seed_of(input));
            }
        },
    ));
    // A file of records: several games, read one at a time.
    let files = record_files(budget.seed);
    reports.add(run(
        "toguz read_records",
        budget.share(0.5),
        |rng| draw(rng, &files),
        |input| {
            let mut read = 0;
            for record in read_records(input) {
                match record {
                    Ok(record) => {
                        reads_back(&record);
                        read += 1;
                    }
                    Err(error) => clear(&error),
                }
            }
            read > 0
        },
    ));
    reports.finish();
}
