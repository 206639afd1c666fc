//! What a search value means: an evaluation within `±MAX_EVAL`, a result known exactly from
//! an endgame database (`±(EXACT + margin)`), or a won or lost game that carries the plies to
//! its end. Every threshold between them is derived here, once.

use crate::limits::{MAX_SEARCH_DEPTH, PLIES};
use mancala_engine::Position;

/// The value of a won game, before the plies it takes are subtracted: a win in `n` plies from
/// the root is worth `WIN - n`, a loss `-(WIN - n)`, so the search prefers quick wins and slow
/// losses.
pub const WIN: i32 = 1_000_000_000;

/// The largest value an [`Evaluator`](crate::Evaluator) may give; larger values are clamped,
/// so an evaluation can never be mistaken for a won or lost game.
pub const MAX_EVAL: i32 = WIN / 2;

/// A position whose final score difference is known exactly
/// ([`Evaluator::exact`](crate::Evaluator::exact)) is worth `EXACT + margin` when won by
/// `margin`, `-(EXACT + margin)` when lost by it, and 0 when drawn: above every evaluation,
/// below every win the search sees to its end (a known win is a win, but how many plies it
/// takes is not known).
pub const EXACT: i32 = MAX_EVAL + MAX_EVAL / 2;

/// The largest margin an exact value carries; larger ones count as this.
const MAX_MARGIN: i32 = WIN / 8;

/// The search value of a final score difference known exactly, for the side to move.
#[inline]
pub(crate) fn exact_value(margin: i32) -> i32 {
    let margin = margin.clamp(-MAX_MARGIN, MAX_MARGIN);
    match margin.signum() {
        1 => EXACT + margin,
        -1 => -(EXACT - margin),
        _ => 0,
    }
}

/// The final score difference a search value announces, when it is a won or lost result
/// known exactly (see [`EXACT`]): `None` for an evaluation, a draw or a game seen to its end.
pub const fn exact_margin(value: i32) -> Option<i32> {
    let magnitude = value.unsigned_abs();
    if magnitude > EXACT as u32 && magnitude <= (EXACT + MAX_MARGIN) as u32 {
        let margin = (magnitude - EXACT as u32) as i32;
        Some(if value > 0 { margin } else { -margin })
    } else {
        None
    }
}

/// Above every value a search can return: the bounds of a full window.
pub(crate) const INFINITY: i32 = WIN + 1;

/// Values at least this far from zero announce a won or lost game: no line is longer than
/// [`PLIES`] plies.
pub(crate) const WON: i32 = WIN - PLIES as i32;

/// The plies to the end of the game a search value announces: `Some(n)` for a game won
/// (positive value) or lost (negative) in `n` plies, `None` for an evaluation.
pub const fn plies_to_end(value: i32) -> Option<u32> {
    let magnitude = value.unsigned_abs();
    if magnitude >= WON as u32 && magnitude <= WIN as u32 {
        Some(WIN as u32 - magnitude)
    } else {
        None
    }
}

/// The value of a finished game for its side to move, `ply` plies from the root.
pub(crate) fn terminal_value<P: Position>(position: &P, ply: usize) -> i32 {
    let ply = ply.min(MAX_SEARCH_DEPTH as usize) as i32;
    match position.outcome().and_then(|outcome| outcome.winner) {
        Some(winner) if winner == position.side_to_move() => WIN - ply,
        Some(_) => -(WIN - ply),
        None => 0,
    }
}

/// An evaluation kept within `±MAX_EVAL`, so it is never mistaken for a won or lost game.
#[inline]
pub(crate) fn clamp_eval(value: i32) -> i32 {
    value.clamp(-MAX_EVAL, MAX_EVAL)
}

/// A value as the transposition table keeps it: a won or lost game counted from this node,
/// not the root, so it stays right when the position is met at another ply.
#[inline]
pub(crate) fn to_table(value: i32, ply: usize) -> i32 {
    if value >= WON {
        value + ply as i32
    } else if value <= -WON {
        value - ply as i32
    } else {
        value
    }
}

/// A value from the transposition table, counted from the root again.
#[inline]
pub(crate) fn from_table(value: i32, ply: usize) -> i32 {
    if value >= WON {
        value - ply as i32
    } else if value <= -WON {
        value + ply as i32
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_to_end_reads_won_and_lost_values() {
        assert_eq!(plies_to_end(WIN), Some(0));
        assert_eq!(plies_to_end(WIN - 5), Some(5));
        assert_eq!(plies_to_end(-(WIN - 7)), Some(7));
        assert_eq!(plies_to_end(WON), Some(PLIES as u32));
        assert_eq!(plies_to_end(WON - 1), None);
        assert_eq!(plies_to_end(MAX_EVAL), None);
        assert_eq!(plies_to_end(0), None);
        assert_eq!(plies_to_end(-3), None);
        assert_eq!(plies_to_end(i32::MIN), None);
    }

    #[test]
    fn exact_values_lie_between_evaluations_and_seen_wins() {
        for margin in [1, 7, 162, MAX_MARGIN, -1, -40, -MAX_MARGIN] {
            let value = exact_value(margin);
            assert!(value.abs() > MAX_EVAL && value.abs() < WON, "{margin}");
            assert_eq!(plies_to_end(value), None);
            assert_eq!(exact_margin(value), Some(margin));
        }
        assert_eq!(exact_value(0), 0);
        assert_eq!(exact_margin(0), None);
        assert_eq!(exact_margin(MAX_EVAL), None);
        assert_eq!(exact_margin(WIN - 3), None);
        assert_eq!(exact_value(i32::MAX), exact_value(MAX_MARGIN));
        assert!(exact_value(3) > exact_value(2) && exact_value(-2) > exact_value(-3));
        assert!(exact_value(-1) < -MAX_EVAL && exact_value(1) > MAX_EVAL);
    }

    #[test]
    fn table_values_count_wins_from_the_node_and_back() {
        for value in [WIN - 3, -(WIN - 9), WON, -WON, MAX_EVAL, -17, 0] {
            let stored = to_table(value, 4);
            assert_eq!(from_table(stored, 4), value);
        }
        // A win 3 plies from the root met 2 plies down is a win in 1 from there.
        assert_eq!(to_table(WIN - 3, 2), WIN - 1);
        assert_eq!(to_table(-(WIN - 3), 2), -(WIN - 1));
        assert_eq!(to_table(MAX_EVAL, 2), MAX_EVAL);
    }
}
