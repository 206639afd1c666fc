//! The scenario tests' helpers: read a rule set and a move, play a move on a written board and
//! check the board after it against the expected rows and the simple implementation.

use super::{position, rows_of, Simple};
use katro::{Katro, Move, RuleSet};
use mancala_engine::{Position as _, Side};

pub fn rules(text: &str) -> RuleSet {
    text.parse().unwrap()
}

pub fn mv(text: &str) -> Move {
    text.parse().unwrap()
}

/// Plays `mv` on `before` and checks the board after it; also checks the simple implementation
/// agrees. Returns the position after the move.
pub fn check(before: &[&str], side: Side, rules: RuleSet, mv_text: &str, after: &[&str]) -> Katro {
    let start = position(before, side, rules);
    let mut played = start;
    played
        .play(mv(mv_text))
        .unwrap_or_else(|e| panic!("{mv_text} on {start}: {e}"));
    let expected: Vec<String> = after
        .iter()
        .map(|r| r.split_whitespace().collect::<Vec<_>>().join(" "))
        .collect();
    assert_eq!(rows_of(&played), expected, "{mv_text} on {start}");
    assert_eq!(played.side_to_move(), !side);
    assert_eq!(played.board().seeds(), start.board().seeds());
    let mut simple = Simple::from_katro(&start);
    simple.play(mv(mv_text));
    assert_eq!(
        &*played.board(),
        &simple.flat()[..],
        "simple implementation disagrees"
    );
    played
}
