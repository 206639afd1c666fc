//! The result as a record writes it: `1-0`, `0-1`, `1/2-1/2` or `*`.

use crate::notation::{quote, ParseError};
use core::fmt;
use core::str::FromStr;
use mancala_engine::{Outcome, Side};

/// A game's result as a PGN record writes it, after the moves and in the `Result` tag. (The
/// full result of a finished position, with scores and the reason, is the core's
/// [`GameResult`](mancala_engine::GameResult).)
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum PgnResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unknown, unfinished or not recorded.
    #[default]
    Unknown,
}

impl PgnResult {
    /// The record form: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            PgnResult::WhiteWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::Unknown => "*",
        }
    }

    /// The result of a finished game.
    pub fn from_outcome(outcome: Outcome) -> PgnResult {
        match outcome.winner {
            Some(Side::South) => PgnResult::WhiteWins,
            Some(Side::North) => PgnResult::BlackWins,
            None => PgnResult::Draw,
        }
    }
}

impl fmt::Display for PgnResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for PgnResult {
    type Err = ParseError;

    /// Reads `1-0`, `0-1`, `1/2-1/2` or `*`.
    fn from_str(text: &str) -> Result<PgnResult, ParseError> {
        match text {
            "1-0" => Ok(PgnResult::WhiteWins),
            "0-1" => Ok(PgnResult::BlackWins),
            "1/2-1/2" => Ok(PgnResult::Draw),
            "*" => Ok(PgnResult::Unknown),
            _ => Err(ParseError::BadResult { text: quote(text) }),
        }
    }
}
