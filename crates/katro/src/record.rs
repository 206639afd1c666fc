//! The game record: a start position, the moves, the result, extra tags; and its reader, in
//! time linear in the text and holding only what the record keeps.

use crate::notation::excerpt;
use crate::{Katro, Move, MoveError, ParseError};
use core::fmt;
use core::str::FromStr;
use mancala_engine::repetition::PositionHistory;
use mancala_engine::{GameResult, Position as _};
use std::collections::HashSet;
use thiserror::Error;

/// A game: its start position and every move, checked as it is played, so a record never
/// holds an illegal move. Extra tags (event, players, …) are kept in order.
///
/// The text form is a few tag lines then the moves:
///
/// ```text
/// [Start "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S"]
/// [Result "*"]
/// [Event "club night"]
/// a1 d4 b1
/// ```
///
/// `Start` is the [position string](Katro#impl-Display-for-Katro) (with its rules) and is
/// required; `Result` is `*` for a game in progress or the [`GameResult`] text
/// (`south wins 20-4 (no-seeds)`, `draw 8-8 (endless-move)`), and when present it must match
/// what the moves give. Moves are in [move notation](Move), separated by white space; move
/// numbers such as `12.` are allowed and ignored. Tag values may not contain `"` or line
/// breaks. A byte-order mark before the first line is skipped, and a `Result` holding the
/// outcome alone (`south wins (no-seeds)`), as older records wrote it, is read too.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    start: Katro,
    position: Katro,
    moves: Vec<Move>,
    tags: Vec<(String, String)>,
}

/// Why a record does not read, or a tag cannot be set.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RecordError {
    /// A tag line is malformed, repeated, misplaced or not allowed (line numbers from 1).
    #[error("line {line}: {reason}")]
    Tag {
        /// The line of the tag (`0` for a tag set by [`Record::set_tag`]).
        line: usize,
        /// What is wrong.
        reason: String,
    },
    /// The record has no `Start` tag.
    #[error("the Start tag is missing")]
    MissingStart,
    /// The `Start` tag does not hold a valid position string.
    #[error("the Start position does not read: {0}")]
    Start(ParseError),
    /// A word of the moves is not a move.
    #[error("line {line}: {error}")]
    NotAMove {
        /// The line of the word.
        line: usize,
        /// Why it does not read.
        error: ParseError,
    },
    /// A move of the record is illegal where it is played.
    #[error("move {ply} of the record, {mv}, is illegal: {error}")]
    IllegalMove {
        /// 1-based ply number.
        ply: usize,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        error: MoveError,
    },
    /// The `Result` tag disagrees with the moves.
    #[error("the Result tag says `{claimed}` but the moves give `{actual}`")]
    WrongResult {
        /// The tag's value.
        claimed: String,
        /// The result of the moves.
        actual: String,
    },
}

impl Record {
    /// A record of a game starting at `start`, with no moves yet.
    pub fn new(start: Katro) -> Record {
        Record {
            start,
            position: start,
            moves: Vec::new(),
            tags: Vec::new(),
        }
    }

    /// Plays `mv` if it is legal, else returns why not and changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), MoveError> {
        self.position.play(mv)?;
        self.moves.push(mv);
        Ok(())
    }

    /// The start position.
    pub fn start(&self) -> &Katro {
        &self.start
    }

    /// The position after the last move.
    pub fn position(&self) -> &Katro {
        &self.position
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The game replayed into a [`PositionHistory`] (every position, repetition counts).
    pub fn history(&self) -> PositionHistory<Katro> {
        let mut history = PositionHistory::new(self.start);
        for &mv in &self.moves {
            // Every move of a record was legal when it was played.
            if history.play(mv).is_err() {
                break;
            }
        }
        history
    }

    /// The extra tags, in order.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// Adds or replaces an extra tag. `Start` and `Result` are derived from the game and cannot
    /// be set; names must be ASCII letters and values free of `"` and line breaks.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), RecordError> {
        check_tag(name, value).map_err(|reason| RecordError::Tag { line: 0, reason })?;
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
        Ok(())
    }

    /// The result once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.position.result()
    }

    /// The value of the `Result` tag: `*` while the game goes on, else the result's text.
    fn result_text(&self) -> String {
        self.result()
            .map_or_else(|| "*".to_owned(), |result| result.to_string())
    }
}

/// Why an extra tag may not be set, if it may not.
fn check_tag(name: &str, value: &str) -> Result<(), String> {
    if name == "Start" || name == "Result" {
        Err(format!("tag `{name}` is derived from the game"))
    } else if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphabetic()) {
        Err(format!(
            "`{}` is not a tag name (ASCII letters)",
            excerpt(name)
        ))
    } else if value.contains(['"', '\n', '\r']) {
        Err(format!(
            "the value of tag `{name}` contains a quote or a line break"
        ))
    } else {
        Ok(())
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "[Start \"{}\"]", self.start)?;
        writeln!(f, "[Result \"{}\"]", self.result_text())?;
        for (name, value) in &self.tags {
            writeln!(f, "[{name} \"{value}\"]")?;
        }
        for (k, mv) in self.moves.iter().enumerate() {
            if k > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{mv}")?;
        }
        writeln!(f)
    }
}

/// The name and value of a tag line `[Name "value"]`.
fn parse_tag(line: &str) -> Result<(&str, &str), String> {
    let bad = || {
        format!(
            "`{}` is not a tag line like [Name \"value\"]",
            excerpt(line)
        )
    };
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let (name, quoted) = inner.split_once(' ').ok_or_else(bad)?;
    let value = quoted
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(bad)?;
    if value.contains('"') {
        return Err(bad());
    }
    Ok((name, value))
}

/// `true` for a move number such as `12.`.
fn is_move_number(word: &str) -> bool {
    word.strip_suffix('.')
        .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
}

/// The record being read: the tags first, then, from the first line of moves, the game.
struct Reader<'a> {
    start: Option<&'a str>,
    result: Option<&'a str>,
    tags: Vec<(&'a str, &'a str)>,
    names: HashSet<&'a str>,
    record: Option<Record>,
}

impl<'a> Reader<'a> {
    fn tag(&mut self, line: usize, text: &'a str) -> Result<(), RecordError> {
        let bad = |reason| RecordError::Tag { line, reason };
        if self.record.is_some() {
            return Err(bad("a tag line after the moves".into()));
        }
        let (name, value) = parse_tag(text).map_err(bad)?;
        let first = match name {
            "Start" => self.start.replace(value).is_none(),
            "Result" => self.result.replace(value).is_none(),
            _ => {
                check_tag(name, value).map_err(bad)?;
                self.tags.push((name, value));
                self.names.insert(name)
            }
        };
        if !first {
            return Err(bad(format!("tag `{name}` is given twice")));
        }
        Ok(())
    }

    /// The record, begun from the tags when the moves start.
    fn record(&mut self) -> Result<&mut Record, RecordError> {
        if self.record.is_none() {
            let start = self.start.ok_or(RecordError::MissingStart)?;
            let mut record = Record::new(start.parse().map_err(RecordError::Start)?);
            record.tags = core::mem::take(&mut self.tags)
                .into_iter()
                .map(|(name, value)| (name.to_owned(), value.to_owned()))
                .collect();
            self.record = Some(record);
        }
        Ok(self.record.as_mut().expect("the record was just begun"))
    }

    fn moves(&mut self, line: usize, text: &str) -> Result<(), RecordError> {
        let record = self.record()?;
        for word in text.split_ascii_whitespace() {
            if is_move_number(word) {
                continue;
            }
            let mv: Move = word
                .parse()
                .map_err(|error| RecordError::NotAMove { line, error })?;
            let ply = record.moves.len() + 1;
            record
                .play(mv)
                .map_err(|error| RecordError::IllegalMove { ply, mv, error })?;
        }
        Ok(())
    }
}

impl FromStr for Record {
    type Err = RecordError;
    /// Reads and replays a record; every move must be legal and a `Result` tag must match.
    /// Time is linear in the text, and nothing is kept but the record itself.
    fn from_str(s: &str) -> Result<Record, RecordError> {
        let text = mancala_engine::notation::without_byte_order_marks(s);
        let mut reader = Reader {
            start: None,
            result: None,
            tags: Vec::new(),
            names: HashSet::new(),
            record: None,
        };
        for (k, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.starts_with('[') {
                reader.tag(k + 1, line)?;
            } else if !line.is_empty() {
                reader.moves(k + 1, line)?;
            }
        }
        let claimed = reader.result;
        let record = reader.record()?;
        if let Some(claimed) = claimed {
            let actual = record.result_text();
            let outcome_only = record.result().map(|r| r.outcome.to_string());
            if claimed != actual && Some(claimed) != outcome_only.as_deref() {
                return Err(RecordError::WrongResult {
                    claimed: excerpt(claimed),
                    actual,
                });
            }
        }
        Ok(reader.record.take().expect("the record was begun"))
    }
}
