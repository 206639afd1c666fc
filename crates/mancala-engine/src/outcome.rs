//! How a game ended.

use crate::Side;
use core::fmt;

/// Why a game is over. Each game documents which of these its rules can produce.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum EndReason {
    /// A player holds more than half of all seeds (Toguz Kumalak T6).
    Majority,
    /// The player to move has no seed on his side (Toguz Kumalak T7, Katro K7).
    NoSeeds,
    /// No seed is left on the board (Mangala IV M6).
    EmptyBoard,
    /// A position recurred with no capture in between, so the game could never end (Mangala IV M7).
    Repetition,
    /// A move's relay sowing would never end (Mangala IV M8, Katro K6).
    EndlessMove,
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
        }
    }
}

impl fmt::Display for EndReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
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

#[cfg(test)]
mod tests {
    use super::*;

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
