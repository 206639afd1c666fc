//! [`RecordError`]: why a record does not read, replay or take an edit, and where.

use super::{PgnResult, Record};
use crate::notation::{HalfMove, ParseError, ResolveError};
use core::fmt;

/// What is wrong with a record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RecordErrorKind {
    /// A tag pair is not `[Name "value"]` on one line.
    #[error("malformed tag pair `{0}`")]
    BadTag(String),
    /// A `{` comment never ends.
    #[error("a comment is never closed")]
    UnclosedComment,
    /// A half-move's syntax is wrong.
    #[error(transparent)]
    BadMove(ParseError),
    /// A move number that is not the current full-move number.
    #[error("move number `{found}` where {expected} was expected")]
    MoveNumber {
        /// The text read.
        found: String,
        /// The full-move number of the next half-move.
        expected: u64,
    },
    /// A stray `}` or `]`, or another token where none may be.
    #[error("unexpected `{0}`")]
    Unexpected(String),
    /// The `FEN` tag is not a position string (under the `Rules` tag's rules, if there is one).
    #[error("the FEN tag: {0}")]
    BadStart(ParseError),
    /// The `Rules` tag is not a rule set.
    #[error("the Rules tag: {0}")]
    BadRules(ParseError),
    /// The `Result` tag is not a result.
    #[error("the Result tag: {0}")]
    BadResultTag(ParseError),
    /// The moves end without a result.
    #[error("the game ends without a result (1-0, 0-1, 1/2-1/2 or *)")]
    NoResult,
    /// The result after the moves differs from the `Result` tag.
    #[error("the moves end with {token} but the Result tag says {tag}")]
    ResultMismatch {
        /// The tag's value.
        tag: String,
        /// The result after the moves.
        token: PgnResult,
    },
    /// A part of the record is larger than any record needs: the reader keeps what came
    /// before and skips the rest of the game.
    #[error("{what} exceeds {limit}: the rest of the game is skipped")]
    TooLarge {
        /// What is too large: `the length of a line in bytes`, `the number of tags`, …
        what: &'static str,
        /// The limit, in bytes or items.
        limit: usize,
    },
    /// The text could not be read from its source.
    #[error("the text cannot be read: {0}")]
    Io(String),
    /// A tag name other than ASCII letters, digits and `_`.
    #[error("`{0}` is not a tag name (ASCII letters, digits and `_`)")]
    TagName(String),
    /// A tag value with a control character.
    #[error("the value of tag {0} holds a control character")]
    TagValue(String),
    /// The `Result` tag would differ from the result after the moves.
    #[error(
        "the Result tag {tag} differs from the record's result {result}: set_result sets both"
    )]
    ResultTagDiffers {
        /// The value asked for.
        tag: PgnResult,
        /// The result after the moves.
        result: PgnResult,
    },
    /// A comment holding `}`, which would end it.
    #[error("a comment cannot hold `}}`")]
    Comment,
    /// A half-move does not fit the position.
    #[error("{}{source}", half.map(|h| format!("`{h}`: ")).unwrap_or_default())]
    Move {
        /// The half-move as written, if it came from a record.
        half: Option<HalfMove>,
        /// The checksum that disagrees, or why the move is illegal.
        source: ResolveError,
    },
    /// The game is over on the board with another result.
    #[error("the game is over with {by_rules} by the rules, the record says {recorded}")]
    Result {
        /// The recorded result.
        recorded: PgnResult,
        /// The result by the rules.
        by_rules: PgnResult,
    },
    /// A final `{zero}` comment, but the player to move has seeds (or the game ended
    /// otherwise).
    #[error("the record says {{zero}} but the player to move has seeds")]
    NotStarved,
}

/// Why a record does not read, replay or take an edit: what is wrong, and where.
///
/// Its message names what is known of the place: `game 2 (line 5), ply 2: …` from the reader,
/// `ply 4: …` from a replay, only what is wrong for a refused edit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordError {
    /// The game's index in the text, from 0 (the message counts from 1), when read from a text.
    pub game: Option<usize>,
    /// The line, from 1, when read from a text.
    pub line: Option<usize>,
    /// The half-move concerned, counted from 1 (0: the start).
    pub ply: Option<usize>,
    /// What is wrong.
    pub kind: RecordErrorKind,
    /// What the reader read of the game before the error.
    pub partial: Option<Box<Record>>,
}

impl RecordError {
    /// The error at half-move `ply`.
    pub(crate) fn at_ply(ply: usize, kind: RecordErrorKind) -> RecordError {
        RecordError {
            ply: Some(ply),
            ..RecordError::from(kind)
        }
    }
}

impl From<RecordErrorKind> for RecordError {
    fn from(kind: RecordErrorKind) -> RecordError {
        RecordError {
            game: None,
            line: None,
            ply: None,
            kind,
            partial: None,
        }
    }
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut place = Vec::new();
        match (self.game, self.line) {
            (Some(game), Some(line)) => place.push(format!("game {} (line {line})", game + 1)),
            (Some(game), None) => place.push(format!("game {}", game + 1)),
            (None, Some(line)) => place.push(format!("line {line}")),
            (None, None) => {}
        }
        if let Some(ply) = self.ply {
            place.push(format!("ply {ply}"));
        }
        if !place.is_empty() {
            write!(f, "{}: ", place.join(", "))?;
        }
        self.kind.fmt(f)
    }
}

impl std::error::Error for RecordError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.kind)
    }
}
