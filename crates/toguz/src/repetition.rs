//! An optional rule for a game that would never end: the federation rules give a position
//! that comes back, with no capture in between, no value, and two programs that each always
//! play the same move in it loop for ever. A driver that keeps the game's positions (for
//! example in a [`PositionHistory`](mancala_engine::repetition::PositionHistory)) ends such a
//! game with [`Toguz::repetition_result`] under the rule chosen here.

use crate::Toguz;
use core::fmt;
use core::str::FromStr;
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

impl RepetitionRule {
    /// Every rule, in the order of their names.
    pub const ALL: [RepetitionRule; 3] = [
        RepetitionRule::None,
        RepetitionRule::OwnSide,
        RepetitionRule::Uncounted,
    ];

    /// The rule's name on a command line: `none`, `own-side` or `uncounted`.
    pub const fn name(self) -> &'static str {
        match self {
            RepetitionRule::None => "none",
            RepetitionRule::OwnSide => "own-side",
            RepetitionRule::Uncounted => "uncounted",
        }
    }
}

impl fmt::Display for RepetitionRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that names no [`RepetitionRule`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RepetitionRuleError {
    excerpt: String,
}

impl fmt::Display for RepetitionRuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a repetition rule (none, own-side or uncounted)",
            self.excerpt
        )
    }
}

impl std::error::Error for RepetitionRuleError {}

impl FromStr for RepetitionRule {
    type Err = RepetitionRuleError;

    /// Reads a rule's [name](RepetitionRule::name), in any case.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        RepetitionRule::ALL
            .into_iter()
            .find(|rule| rule.name().eq_ignore_ascii_case(text))
            .ok_or_else(|| RepetitionRuleError {
                excerpt: text.chars().take(40).collect(),
            })
    }
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

    #[test]
    fn every_rule_reads_back_from_its_name_and_other_texts_are_refused() {
        for rule in RepetitionRule::ALL {
            assert_eq!(rule.to_string().parse::<RepetitionRule>(), Ok(rule));
            assert_eq!(
                rule.name().to_uppercase().parse::<RepetitionRule>(),
                Ok(rule)
            );
        }
        let error = "own side".parse::<RepetitionRule>().unwrap_err();
        assert!(error.to_string().contains("`own side`"), "{error}");
        let long = "x".repeat(1000).parse::<RepetitionRule>().unwrap_err();
        assert!(long.to_string().len() < 100, "{long}");
    }
}
