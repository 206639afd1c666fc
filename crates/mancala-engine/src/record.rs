//! The plain game record, written once for any [`Game`]: a start position, the moves, the
//! result. A game whose records need nothing more (Kalah, Oware) names it
//! `Record<ItsGame>`; games with tags of their own (Toguz Kumalak's PGN, Katro's) keep theirs.
//!
//! Its text is two tag lines, then the moves in the game's notation, separated by white space:
//!
//! ```text
//! [Start "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S"]
//! [Result "*"]
//! 3 6 1 4
//! ```
//!
//! `Start` is the game's position string and is required; `Result` is `*` for a game in
//! progress or the [`GameResult`] text (`south wins 26-22 (majority)`), and must then be what
//! the moves give.

use crate::{Game, GameResult, Position};
use core::fmt;
use core::str::FromStr;

/// A game: its start and every move, checked as it is played, so a record never holds an
/// illegal move. Its text form is described in the [module docs](self).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record<G: Game> {
    start: G,
    moves: Vec<G::Move>,
    position: G,
}

/// The error of the game's position string.
type PositionError<G> = <G as FromStr>::Err;

/// The error of the game's move notation.
type MoveTextError<G> = <<G as Position>::Move as FromStr>::Err;

/// Why a record does not read or does not replay.
#[derive(thiserror::Error)]
pub enum RecordError<G: Game> {
    /// The text is not laid out as a record.
    #[error("not a record: {0}")]
    Layout(&'static str),
    /// The start position does not read.
    #[error("the start position: {0}")]
    Start(PositionError<G>),
    /// A move does not read.
    #[error("move {ply}: {error}")]
    Notation {
        /// The move's place, from `1`.
        ply: usize,
        /// Why it does not read.
        error: MoveTextError<G>,
    },
    /// A move is illegal where it is played.
    #[error("move {ply} ({mv}) is illegal: {error}")]
    Illegal {
        /// The move's place, from `1`.
        ply: usize,
        /// The move.
        mv: G::Move,
        /// Why it is illegal.
        error: G::MoveError,
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

impl<G: Game> fmt::Debug for RecordError<G>
where
    PositionError<G>: fmt::Debug,
    MoveTextError<G>: fmt::Debug,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Layout(why) => f.debug_tuple("Layout").field(why).finish(),
            RecordError::Start(error) => f.debug_tuple("Start").field(error).finish(),
            RecordError::Notation { ply, error } => f
                .debug_struct("Notation")
                .field("ply", ply)
                .field("error", error)
                .finish(),
            RecordError::Illegal { ply, mv, error } => f
                .debug_struct("Illegal")
                .field("ply", ply)
                .field("mv", mv)
                .field("error", error)
                .finish(),
            RecordError::Result { stated, actual } => f
                .debug_struct("Result")
                .field("stated", stated)
                .field("actual", actual)
                .finish(),
        }
    }
}

impl<G: Game> Clone for RecordError<G>
where
    PositionError<G>: Clone,
    MoveTextError<G>: Clone,
{
    fn clone(&self) -> Self {
        match self {
            RecordError::Layout(why) => RecordError::Layout(why),
            RecordError::Start(error) => RecordError::Start(error.clone()),
            RecordError::Notation { ply, error } => RecordError::Notation {
                ply: *ply,
                error: error.clone(),
            },
            RecordError::Illegal { ply, mv, error } => RecordError::Illegal {
                ply: *ply,
                mv: *mv,
                error: error.clone(),
            },
            RecordError::Result { stated, actual } => RecordError::Result {
                stated: stated.clone(),
                actual: actual.clone(),
            },
        }
    }
}

impl<G: Game> PartialEq for RecordError<G>
where
    PositionError<G>: PartialEq,
    MoveTextError<G>: PartialEq,
{
    fn eq(&self, other: &Self) -> bool {
        use RecordError::*;
        match (self, other) {
            (Layout(a), Layout(b)) => a == b,
            (Start(a), Start(b)) => a == b,
            (Notation { ply, error }, Notation { ply: p, error: e }) => ply == p && error == e,
            (
                Illegal { ply, mv, error },
                Illegal {
                    ply: p,
                    mv: m,
                    error: e,
                },
            ) => ply == p && mv == m && error == e,
            (
                Result { stated, actual },
                Result {
                    stated: s,
                    actual: a,
                },
            ) => stated == s && actual == a,
            _ => false,
        }
    }
}

impl<G: Game> Eq for RecordError<G>
where
    PositionError<G>: Eq,
    MoveTextError<G>: Eq,
{
}

impl<G: Game> Record<G> {
    /// A record of a game starting at `start`, with no moves yet.
    pub fn new(start: G) -> Record<G> {
        Record {
            position: start.clone(),
            start,
            moves: Vec::new(),
        }
    }

    /// Plays `mv` if it is legal, else returns why not and changes nothing.
    pub fn play(&mut self, mv: G::Move) -> Result<(), G::MoveError> {
        self.position.play(mv)?;
        self.moves.push(mv);
        Ok(())
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The moves played.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The position after the last move.
    pub fn position(&self) -> &G {
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

impl<G: Game> fmt::Display for Record<G> {
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
fn tag<'a, G: Game>(line: Option<&'a str>, name: &str) -> Result<&'a str, RecordError<G>> {
    line.map(str::trim)
        .and_then(|line| line.strip_prefix('['))
        .and_then(|line| line.strip_prefix(name))
        .and_then(|line| line.strip_prefix(" \""))
        .and_then(|line| line.strip_suffix("\"]"))
        .ok_or(RecordError::Layout(
            "a record opens with the tag lines [Start \"…\"] and [Result \"…\"]",
        ))
}

impl<G: Game> FromStr for Record<G> {
    type Err = RecordError<G>;
    /// Reads what `Display` writes; the moves may be spread over any number of lines.
    fn from_str(text: &str) -> Result<Record<G>, RecordError<G>> {
        let mut lines = crate::notation::without_byte_order_marks(text).lines();
        let start = tag(lines.next(), "Start")?;
        let stated = tag(lines.next(), "Result")?;
        let mut record = Record::new(start.parse().map_err(RecordError::Start)?);
        for (i, word) in lines.flat_map(str::split_whitespace).enumerate() {
            let ply = i + 1;
            let mv: G::Move = word
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

#[cfg(feature = "serde")]
impl<G: Game> serde::Serialize for Record<G> {
    /// As its text.
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de, G: Game> serde::Deserialize<'de> for Record<G> {
    /// From its text, read back through the checks of [`FromStr`].
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}
