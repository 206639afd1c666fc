//! This crate against OpenSpiel's `mancala` itself: seeded random games played by OpenSpiel
//! (through `openspiel_trace.py`, with the Python named by `MANCALA_PYTHON`, default
//! `python3`) are replayed here, and every legal-action list, board, store, player to move
//! and the returns must agree; so must perft from the start to depth 8.
//!
//! Without `pyspiel` the tests print `skipped: …` and pass, unless `MANCALA_REQUIRE_OPENSPIEL`
//! is set (as CI sets it), when they fail.

use kalah::prelude::*;
use mancala_engine::perft::perft;

const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/openspiel_trace.py");

/// The output of the trace script run with `args`, or `None` (having said why) when OpenSpiel
/// is not there and not required.
fn openspiel(args: &[&str]) -> Option<String> {
    mancala_kit::openspiel::trace(SCRIPT, args)
}

/// Checks one `state` line, `TERMINAL | PLAYER | CELLS… | LEGAL…`, against `position`. At the
/// end OpenSpiel leaves the seeds in the pits and counts them for their owner; here they have
/// gone into the stores, so the totals are compared.
fn check_state(position: &Kalah, facts: &str, context: &dyn Fn() -> String) {
    let parts: Vec<&str> = facts.split('|').map(str::trim).collect();
    let [terminal, player, cells, legal] = parts[..] else {
        panic!("a state has four parts ({})", context());
    };
    let numbers = |text: &str| -> Vec<u32> {
        text.split_whitespace()
            .map(|n| n.parse().unwrap())
            .collect()
    };
    let cells = numbers(cells);
    assert_eq!(
        position.is_over(),
        terminal == "1",
        "terminal ({})",
        context()
    );
    let (south, north) = (position.store(Side::South), position.store(Side::North));
    if position.is_over() {
        let south_total: u32 = cells[1..=7].iter().sum();
        let north_total: u32 = cells[8..].iter().sum::<u32>() + cells[0];
        assert_eq!(
            (south, north),
            (south_total, north_total),
            "totals ({})",
            context()
        );
        assert!(position.board().iter().all(|&s| s == 0), "{}", context());
    } else {
        let board: Vec<u32> = position.board().iter().map(|&s| u32::from(s)).collect();
        let mut expected = cells[1..=6].to_vec();
        expected.extend(&cells[8..]);
        assert_eq!(board, expected, "board ({})", context());
        assert_eq!(
            (south, north),
            (cells[7], cells[0]),
            "stores ({})",
            context()
        );
        let player: usize = player.parse().unwrap();
        assert_eq!(
            position.side_to_move().index(),
            player,
            "player ({})",
            context()
        );
    }
    let side = position.side_to_move();
    let ours: Vec<u32> = position
        .legal_moves()
        .iter()
        .map(|mv| mv.action(side, 6) as u32)
        .collect();
    assert_eq!(ours, numbers(legal), "legal actions ({})", context());
}

#[test]
fn random_games_agree_with_openspiel_move_for_move() {
    let Some(trace) = openspiel(&["games", "3000", "23"]) else {
        return;
    };
    let mut position = Kalah::default();
    let (mut games, mut plies, mut extra_turns, mut captures) = (0, 0, 0, 0);
    let mut winners = [0usize; 3];
    for (number, line) in trace.lines().enumerate() {
        let context = || format!("trace line {}: `{line}`; position `{position}`", number + 1);
        let (kind, rest) = line.split_once(' ').unwrap_or((line, ""));
        match kind {
            "game" => {
                position = Kalah::default();
                games += 1;
            }
            "state" => check_state(&position, rest, &context),
            "move" => {
                let action: usize = rest.parse().unwrap();
                let (side, mv) = Move::from_action(action, 6).expect("a pit's action id");
                assert_eq!(side, position.side_to_move(), "{}", context());
                let effect = match position.clone().play_reported(mv) {
                    Ok(effect) => effect,
                    Err(e) => panic!("OpenSpiel's move {action} is refused: {e} ({})", context()),
                };
                position.play_unchecked(mv);
                extra_turns += usize::from(effect.extra_turn);
                captures += usize::from(effect.captured > 0);
                plies += 1;
            }
            "end" => {
                let returns: Vec<f64> = rest.split(' ').map(|r| r.parse().unwrap()).collect();
                let outcome = position
                    .outcome()
                    .unwrap_or_else(|| panic!("not over ({})", context()));
                let (expected, slot) = match outcome.winner {
                    Some(Side::South) => ([1.0, -1.0], 0),
                    Some(Side::North) => ([-1.0, 1.0], 1),
                    None => ([0.0, 0.0], 2),
                };
                assert_eq!(returns, expected, "returns ({})", context());
                winners[slot] += 1;
            }
            _ => panic!("unknown trace line ({})", context()),
        }
    }
    println!("{games} games, {plies} moves, {extra_turns} extra turns, {captures} captures, wins/losses/draws {winners:?}");
    assert_eq!(games, 3000);
    assert!(extra_turns > 0 && captures > 0 && winners.iter().all(|&n| n > 0));
}

#[test]
fn perft_agrees_with_openspiel_to_depth_8() {
    let Some(counts) = openspiel(&["perft", "8"]) else {
        return;
    };
    let theirs: Vec<u64> = counts
        .split_whitespace()
        .map(|n| n.parse().unwrap())
        .collect();
    let ours: Vec<u64> = (1..=8)
        .map(|depth| perft(&Kalah::default(), depth))
        .collect();
    assert_eq!(ours, theirs);
}
