//! The game record: a start position, the moves, the result.

use crate::{Kalah, Move, MoveError, ParseError};
use core::fmt;
use core::str::FromStr;
use mancala_engine::{GameResult, Position as _};

/// A game: its start and every move, checked as it is played, so a record never holds an
/// illegal move.
///
/// Its text is two tag lines, then the moves (pit numbers) separated by white space:
///
/// ```text
/// [Start "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S"]
/// [Result "*"]
/// 3 6 1 4
/// ```
///
/// `Start` is the [position string](crate::notation) and is required; `Result` is `*` for a
/// game in progress or the [`GameResult`] text (`south wins 26-22 (no-seeds)`), and must then
/// be what the moves give.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    start: Kalah,
    moves: Vec<Move>,
    position: Kalah,
}

/// Why a record does not read or does not replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The text is not laid out as a record.
    #[error("not a record: {0}")]
    Layout(&'static str),
    /// The start position does not read.
    #[error("the start position: {0}")]
    Start(ParseError),
    /// A move does not read.
    #[error("move {ply}: {error}")]
    Notation {
        /// The move's place, from `1`.
        ply: usize,
        /// Why it does not read.
        error: ParseError,
    },
    /// A move is illegal where it is played.
    #[error("move {ply} ({mv}) is illegal: {error}")]
    Illegal {
        /// The move's place, from `1`.
        ply: usize,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        error: MoveError,
    },
    /// The result tag is not what the moves give.
    #[error("the result says `{stated}` but the moves give `{actual}`")]
    Result {
        /// The tag's text.
        stated: String,
        /// What the moves give.
        actual: String,
    },
}

impl Record {
    /// A record of a game starting at `start`, with no moves yet.
    pub fn new(start: Kalah) -> Record {
        Record {
            position: start,
            start,
            moves: Vec::new(),
        }
    }

    /// Plays `mv` if it is legal, else returns why not and changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.position.play(mv)?;
        self.moves.push(mv);
        Ok(())
    }

    /// The start position.
    pub fn start(&self) -> &Kalah {
        &self.start
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The position after the last move.
    pub fn position(&self) -> &Kalah {
        &self.position
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.position.result()
    }

    /// The `Result` tag's text: the result, or `*` for a game in progress.
    fn result_text(&self) -> String {
        self.result()
            .map_or_else(|| "*".to_owned(), |result| result.to_string())
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "[Start \"{}\"]", self.start)?;
        writeln!(f, "[Result \"{}\"]", self.result_text())?;
        for (i, mv) in self.moves.iter().enumerate() {
            f.write_str(if i == 0 { "" } else { " " })?;
            write!(f, "{mv}")?;
        }
        writeln!(f)
    }
}

/// The value of tag line `line`, which must be `[NAME "VALUE"]`.
fn tag<'a>(line: Option<&'a str>, name: &str) -> Result<&'a str, RecordError> {
    line.map(str::trim)
        .and_then(|line| line.strip_prefix('['))
        .and_then(|line| line.strip_prefix(name))
        .and_then(|line| line.strip_prefix(" \""))
        .and_then(|line| line.strip_suffix("\"]"))
        .ok_or(RecordError::Layout(
            "a record opens with the tag lines [Start \"…\"] and [Result \"…\"]",
        ))
}

impl FromStr for Record {
    type Err = RecordError;
    /// Reads what `Display` writes; the moves may be spread over any number of lines.
    fn from_str(text: &str) -> Result<Record, RecordError> {
        let mut lines = mancala_engine::notation::without_byte_order_marks(text).lines();
        let start = tag(lines.next(), "Start")?;
        let stated = tag(lines.next(), "Result")?;
        let mut record = Record::new(start.parse().map_err(RecordError::Start)?);
        for (i, word) in lines.flat_map(str::split_whitespace).enumerate() {
            let ply = i + 1;
            let mv: Move = word
                .parse()
                .map_err(|error| RecordError::Notation { ply, error })?;
            record
                .play(mv)
                .map_err(|error| RecordError::Illegal { ply, mv, error })?;
        }
        let actual = record.result_text();
        if stated != actual {
            return Err(RecordError::Result {
                stated: stated.chars().take(80).collect(),
                actual,
            });
        }
        Ok(record)
    }
}
