//! How a game ended.

use crate::{ParseError, Side};
use core::fmt;
use core::str::FromStr;

/// Why a game is over. Each game documents which of these its rules can produce.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// A player holds more than half of all seeds (Toguz Kumalak T6).
    Majority,
    /// A player has no seed on his side: the player to move (Toguz Kumalak T7, Katro K7), or
    /// either player after any move (Kalah).
    NoSeeds,
    /// No seed is left on the board that could change the result, written `empty`: the board
    /// is bare (Mangala IV M6), or both stores hold half of the seeds, so what is left on it
    /// cannot decide the game (Oware).
    EmptyBoard,
    /// A position recurred with no capture in between, so the game could never end (Mangala IV M7).
    Repetition,
    /// A move's relay sowing would never end (Mangala IV M8, Katro K6).
    EndlessMove,
    /// The rules' move limit was reached (Oware as OpenSpiel plays it: 1000 moves).
    MoveLimit,
}

impl EndReason {
    /// A short lower-case name, stable for machine-readable output.
    pub const fn name(self) -> &'static str {
        match self {
            EndReason::Majority => "majority",
            EndReason::NoSeeds => "no-seeds",
            EndReason::EmptyBoard => "empty",
            EndReason::Repetition => "repetition",
            EndReason::EndlessMove => "endless-move",
            EndReason::MoveLimit => "move-limit",
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl EndReason {
    /// Every reason, in declaration order.
    pub const ALL: [EndReason; 6] = [
        EndReason::Majority,
        EndReason::NoSeeds,
        EndReason::EmptyBoard,
        EndReason::Repetition,
        EndReason::EndlessMove,
        EndReason::MoveLimit,
    ];
}

impl FromStr for EndReason {
    type Err = ParseError;
    /// Reads the [`name`](EndReason::name).
    fn from_str(text: &str) -> Result<EndReason, ParseError> {
        EndReason::ALL
            .into_iter()
            .find(|reason| reason.name() == text)
            .ok_or_else(|| {
                ParseError::new(
                    "reason",
                    text,
                    "expected majority, no-seeds, empty, repetition, endless-move or move-limit",
                )
            })
    }
}

/// The result of a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// The winner, or `None` for a draw.
    pub winner: Option<Side>,
    /// Why the game ended.
    pub reason: EndReason,
}

impl Outcome {
    /// The outcome decided by comparing final scores: the higher wins, equal scores draw.
    pub fn by_score(south: u32, north: u32, reason: EndReason) -> Outcome {
        let winner = match south.cmp(&north) {
            core::cmp::Ordering::Greater => Some(Side::South),
            core::cmp::Ordering::Less => Some(Side::North),
            core::cmp::Ordering::Equal => None,
        };
        Outcome { winner, reason }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(side) => write!(f, "{side} wins ({})", self.reason),
            None => write!(f, "draw ({})", self.reason),
        }
    }
}

impl FromStr for Outcome {
    type Err = ParseError;
    /// Reads what `Display` writes: `south wins (majority)`, `draw (empty)`.
    fn from_str(text: &str) -> Result<Outcome, ParseError> {
        let bad = |why| ParseError::new("outcome", text, why);
        let (head, reason) = text
            .strip_suffix(')')
            .and_then(|rest| rest.split_once(" ("))
            .ok_or_else(|| bad("expected `<side> wins (<reason>)` or `draw (<reason>)`"))?;
        let reason = reason.parse()?;
        let winner = match head {
            "draw" => None,
            _ => Some(
                head.strip_suffix(" wins")
                    .ok_or_else(|| bad("expected `<side> wins` or `draw`"))?
                    .parse::<Side>()?,
            ),
        };
        Ok(Outcome { winner, reason })
    }
}

/// A finished game's result as people read it: who won, the final scores, and why it ended.
/// Its text, the same in every game, is `south wins 82-70 (majority)` or `draw 49-49 (empty)`
/// (scores South's first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GameResult {
    /// Who won and why the game ended.
    pub outcome: Outcome,
    /// The final scores, indexed by [`Side::index`].
    pub scores: [u32; 2],
}

impl GameResult {
    /// The final score of `side`.
    pub fn score(&self, side: Side) -> u32 {
        self.scores[side.index()]
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [south, north] = self.scores;
        match self.outcome.winner {
            Some(side) => write!(f, "{side} wins {south}-{north} ({})", self.outcome.reason),
            None => write!(f, "draw {south}-{north} ({})", self.outcome.reason),
        }
    }
}

impl FromStr for GameResult {
    type Err = ParseError;
    /// Reads what `Display` writes.
    fn from_str(text: &str) -> Result<GameResult, ParseError> {
        let bad = |why| ParseError::new("result", text, why);
        let (head, reason) = text
            .strip_suffix(')')
            .and_then(|rest| rest.split_once(" ("))
            .ok_or_else(|| bad("expected `<side> wins S-N (<reason>)` or `draw S-N (<reason>)`"))?;
        let (who, scores) = head
            .rsplit_once(' ')
            .ok_or_else(|| bad("expected the scores as `S-N`"))?;
        let (south, north) = scores
            .split_once('-')
            .ok_or_else(|| bad("expected the scores as `S-N`"))?;
        let number = |digits: &str| {
            if digits.is_empty() || digits.len() > 9 || !digits.bytes().all(|b| b.is_ascii_digit())
            {
                Err(bad("a score is a number of at most nine digits"))
            } else {
                Ok(digits.parse::<u32>().expect("nine digits fit a u32"))
            }
        };
        let scores = [number(south)?, number(north)?];
        let outcome: Outcome = format!("{who} ({reason})").parse()?;
        let result = GameResult { outcome, scores };
        let expected = Outcome::by_score(scores[0], scores[1], outcome.reason).winner;
        if outcome.winner != expected && outcome.winner.is_some() == expected.is_some() {
            return Err(bad("the winner named is the one with the lower score"));
        }
        Ok(result)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn texts_read_back_what_they_write() {
        for reason in EndReason::ALL {
            assert_eq!(reason.name().parse::<EndReason>(), Ok(reason));
            for (winner, scores) in [
                (None, [81, 81]),
                (None, [40, 32]),
                (Some(Side::South), [82, 70]),
                (Some(Side::North), [3, 95]),
            ] {
                let outcome = Outcome { winner, reason };
                assert_eq!(outcome.to_string().parse::<Outcome>(), Ok(outcome));
                let result = GameResult { outcome, scores };
                assert_eq!(result.to_string().parse::<GameResult>(), Ok(result));
            }
        }
        let result = GameResult {
            outcome: Outcome {
                winner: Some(Side::South),
                reason: EndReason::Majority,
            },
            scores: [82, 70],
        };
        assert_eq!(result.to_string(), "south wins 82-70 (majority)");
        for bad in [
            "",
            "south wins",
            "draw 1-2",
            "south wins 1-x (empty)",
            "nobody wins (empty)",
            "north wins 82-70 (majority)",
        ] {
            assert!(
                bad.parse::<GameResult>().is_err(),
                "{bad:?} should be refused"
            );
        }
    }

    #[test]
    fn by_score_picks_the_higher_total() {
        assert_eq!(
            Outcome::by_score(82, 80, EndReason::Majority).winner,
            Some(Side::South)
        );
        assert_eq!(
            Outcome::by_score(1, 97, EndReason::EmptyBoard).winner,
            Some(Side::North)
        );
        assert_eq!(Outcome::by_score(81, 81, EndReason::NoSeeds).winner, None);
    }
}
