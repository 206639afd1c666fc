//! An optional rule for a game that would never end: the federation rules give a position
//! that comes back, with no capture in between, no value, and two programs that each always
//! play the same move in it loop for ever. A driver that keeps the game's positions (for
//! example in a [`PositionHistory`](mancala_engine::repetition::PositionHistory)) ends such a
//! game with [`Toguz::repetition_result`] under the rule chosen here.

use crate::Toguz;
use mancala_engine::{EndReason, GameResult, Outcome, Position, Side};

/// What a repeated position does: nothing under the federation rules (the default), or it
/// ends the game, with the seeds left on the board scored one of two ways.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum RepetitionRule {
    /// No rule: play goes on (the federation rules, which know no repetition).
    #[default]
    None,
    /// The game ends; each player takes the seeds on his own side, as at T7.
    OwnSide,
    /// The game ends; the seeds on the board count for no one.
    Uncounted,
}

impl Toguz {
    /// The result of a game ended here by a repetition under `rule`, or `None` when the rule
    /// ends nothing (or the game is already over).
    ///
    /// ```
    /// use toguz::{RepetitionRule, Toguz};
    ///
    /// // One seed in each player's last hole of 2 × 5: the moves can go round for ever.
    /// let position: Toguz = "1S,4/4,1S 24 24 S".parse().unwrap();
    /// assert_eq!(position.repetition_result(RepetitionRule::None), None);
    /// let end = position.repetition_result(RepetitionRule::OwnSide).unwrap();
    /// assert_eq!(end.to_string(), "draw 25-25 (repetition)");
    /// let end = position.repetition_result(RepetitionRule::Uncounted).unwrap();
    /// assert_eq!(end.to_string(), "draw 24-24 (repetition)");
    /// ```
    pub fn repetition_result(&self, rule: RepetitionRule) -> Option<GameResult> {
        if rule == RepetitionRule::None || self.is_over() {
            return None;
        }
        let score = |side| {
            let left = match rule {
                RepetitionRule::OwnSide => self.seeds_on_side(side),
                _ => 0,
            };
            self.store(side) + left
        };
        let scores = [score(Side::South), score(Side::North)];
        Some(GameResult {
            outcome: Outcome::by_score(scores[0], scores[1], EndReason::Repetition),
            scores,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Move;
    use mancala_engine::repetition::PositionHistory;

    #[test]
    fn the_two_seed_cycle_comes_back_and_a_repetition_ends_it() {
        let start: Toguz = "1S,4/4,1S 24 24 S".parse().unwrap();
        let mut history = PositionHistory::new(start);
        for hole in [5, 5, 1, 1, 2, 2, 3, 3, 4, 4] {
            assert!(!history.is_repetition());
            history.play(Move::new(hole)).unwrap();
        }
        assert!(history.is_repetition());
        assert_eq!(*history.current(), start);
        let end = history
            .current()
            .repetition_result(RepetitionRule::OwnSide)
            .unwrap();
        assert_eq!(end.outcome.reason, EndReason::Repetition);
        assert_eq!(end.scores, [25, 25]);
    }
}
