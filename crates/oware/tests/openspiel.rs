//! This crate against OpenSpiel's `oware` itself: seeded random games played by OpenSpiel
//! (through `openspiel_trace.py`, with the Python named by `MANCALA_PYTHON`, default
//! `python3`) are replayed here, and every legal-move list, board, pair of scores, end and
//! return must agree; so must perft from the start, at every depth OpenSpiel reaches in a few
//! seconds.
//!
//! Without `pyspiel` the tests print `skipped: …` and pass, unless `MANCALA_REQUIRE_OPENSPIEL`
//! is set (as CI sets it), when they fail.

use mancala_engine::perft::perft;
use oware::prelude::*;
use std::io::Write as _;

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/openspiel_trace.py");

/// The output of the trace script run with `args`, or `None` (having said why) when OpenSpiel
/// is not there and not required.
fn openspiel(args: &[&str]) -> Option<String> {
    mancala_kit::openspiel::trace(SCRIPT, args)
}

/// How the replayed games ended, to show the comparison reached every kind of end.
#[derive(Debug, Default)]
struct Tally {
    games: usize,
    plies: usize,
    ends: Vec<EndReason>,
}

/// Replays a trace, checking every fact OpenSpiel wrote down against this crate.
fn replay(trace: &str, tally: &mut Tally) {
    let mut position = Oware::default();
    for (number, line) in trace.lines().enumerate() {
        let context = || format!("trace line {}: `{line}`; position `{position}`", number + 1);
        let (kind, rest) = line.split_once(' ').unwrap_or((line, ""));
        match kind {
            "game" => {
                let params: Vec<usize> = rest.split(' ').map(|n| n.parse().unwrap()).collect();
                let rules = RuleSet::with_board(params[0], params[1]).expect("a valid board");
                position = Oware::new(rules);
                tally.games += 1;
            }
            "state" => check_state(&position, rest, &context),
            "move" => {
                let action: usize = rest.parse().unwrap();
                let mv = Move::from_action(action).expect("an action id");
                if let Err(error) = position.clone().play(mv) {
                    panic!(
                        "OpenSpiel's move {action} is refused: {error} ({})",
                        context()
                    );
                }
                position.play_unchecked(mv);
                tally.plies += 1;
            }
            "end" => {
                let returns: Vec<f64> = rest.split(' ').map(|r| r.parse().unwrap()).collect();
                let outcome = position
                    .outcome()
                    .unwrap_or_else(|| panic!("not over ({})", context()));
                let expected = match outcome.winner {
                    Some(Side::South) => [1.0, -1.0],
                    Some(Side::North) => [-1.0, 1.0],
                    None => [0.0, 0.0],
                };
                assert_eq!(returns, expected, "returns ({})", context());
                tally.ends.push(outcome.reason);
            }
            "limit" => {
                let plies: u32 = rest.parse().unwrap();
                let outcome = position
                    .outcome()
                    .unwrap_or_else(|| panic!("not over ({})", context()));
                assert_eq!(outcome.reason, EndReason::MoveLimit, "{}", context());
                assert_eq!(outcome.winner, None, "{}", context());
                assert_eq!(position.ply(), plies, "{}", context());
                tally.ends.push(outcome.reason);
            }
            _ => panic!("unknown trace line ({})", context()),
        }
    }
}

/// Checks one `state` line: `TERMINAL | PLAYER | SCORE0 SCORE1 | SEEDS… | LEGAL…`.
fn check_state(position: &Oware, facts: &str, context: &dyn Fn() -> String) {
    let parts: Vec<&str> = facts.split('|').map(str::trim).collect();
    let [terminal, player, scores, seeds, legal] = parts[..] else {
        panic!("a state has five parts ({})", context());
    };
    let numbers = |text: &str| -> Vec<u32> {
        text.split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect()
    };
    assert_eq!(
        numbers(seeds),
        position
            .board()
            .iter()
            .map(|&s| u32::from(s))
            .collect::<Vec<_>>(),
        "board ({})",
        context()
    );
    let scores = numbers(scores);
    assert_eq!(
        scores,
        [position.score(Side::South), position.score(Side::North)],
        "scores ({})",
        context()
    );
    assert_eq!(
        numbers(player),
        [position.side_to_move().index() as u32],
        "player ({})",
        context()
    );
    // OpenSpiel's state after its last allowed move is not terminal, but it takes no move more.
    let limited = position
        .outcome()
        .is_some_and(|o| o.reason == EndReason::MoveLimit);
    if limited {
        assert_eq!(terminal, "0", "{}", context());
        return;
    }
    assert_eq!(
        terminal == "1",
        position.is_over(),
        "terminal ({})",
        context()
    );
    let ours: Vec<u32> = position
        .legal_moves()
        .iter()
        .map(|mv| mv.action() as u32)
        .collect();
    assert_eq!(numbers(legal), ours, "legal moves ({})", context());
}

#[test]
fn random_games_agree_with_openspiel_ply_by_ply() {
    let mut tally = Tally::default();
    // The standard board, then OpenSpiel's two parameters at other values.
    let runs: [(&str, &str, &str, &str); 8] = [
        ("6", "4", "2000", "random"),
        ("2", "2", "300", "random"),
        ("3", "3", "300", "random"),
        ("1", "3", "100", "random"),
        ("4", "5", "300", "random"),
        ("5", "1", "300", "random"),
        ("8", "3", "200", "random"),
        ("6", "4", "6", "quiet"),
    ];
    for (seed, (houses, seeds, games, policy)) in runs.into_iter().enumerate() {
        let seed = (seed + 1).to_string();
        let Some(trace) = openspiel(&["games", houses, seeds, games, &seed, policy]) else {
            return;
        };
        replay(&trace, &mut tally);
    }
    assert_eq!(tally.games, 3506);
    assert_eq!(tally.ends.len(), tally.games, "every game reached its end");
    for reason in [
        EndReason::Majority,
        EndReason::NoSeeds,
        EndReason::Repetition,
        EndReason::MoveLimit,
    ] {
        assert!(tally.ends.contains(&reason), "no game ended by {reason}");
    }
    let _ = writeln!(
        std::io::stderr(),
        "compared {} games, {} plies, with OpenSpiel",
        tally.games,
        tally.plies
    );
}

#[test]
fn perft_agrees_with_openspiel() {
    for (houses, seeds, budget) in [("6", "4", "6"), ("2", "2", "2"), ("3", "3", "2")] {
        let Some(trace) = openspiel(&["perft", houses, seeds, budget]) else {
            return;
        };
        let rules = RuleSet::with_board(houses.parse().unwrap(), seeds.parse().unwrap()).unwrap();
        let start = Oware::new(rules);
        let mut depths = 0;
        for line in trace.lines() {
            let fields: Vec<u64> = line
                .strip_prefix("perft ")
                .expect("a perft line")
                .split(' ')
                .map(|n| n.parse().unwrap())
                .collect();
            let (depth, nodes) = (fields[0] as u32, fields[1]);
            assert_eq!(
                perft(&start, depth),
                nodes,
                "perft({depth}) on 2 × {houses}, {seeds} seeds"
            );
            depths += 1;
        }
        assert!(depths >= 5, "OpenSpiel reached only depth {depths}");
    }
}
