//! [`ParseError`]: why a text does not read as a move, a half-move, a position, a rule set or a
//! result.

use crate::SetupError;

/// `text`, cut to a readable length: the core's excerpt, the same in every game.
pub(crate) use mancala_engine::notation::excerpt as quote;

/// Why a text does not read: one error for every text form of the crate (moves, half-moves,
/// position strings, rule sets, results, move styles).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseError {
    /// A move is not a hole number `1..=9`, with `*` to claim a tuzdik.
    #[error(
        "`{text}` is not a move: a hole number from 1 to 9, with `*` after it to claim a tuzdik"
    )]
    BadMove {
        /// The text read.
        text: String,
    },
    /// An empty half-move.
    #[error("empty half-move")]
    EmptyHalfMove,
    /// A half-move does not start with two digits `1..=9`.
    #[error("`{text}`: a half-move starts with two digits 1..9 (origin, landing hole)")]
    BadHalfMoveHoles {
        /// The text read.
        text: String,
    },
    /// A half-move's kazan total in parentheses is missing, not a number or too large.
    #[error("`{text}`: the kazan total in parentheses must be a number from 0 to 162")]
    BadHalfMoveKazan {
        /// The text read.
        text: String,
    },
    /// Something follows a half-move.
    #[error("`{text}`: unexpected text after the half-move")]
    HalfMoveTrailing {
        /// The text read.
        text: String,
    },
    /// A position string has too few fields.
    #[error(
        "a position string has the rows, White's kazan, Black's kazan and the side to move; \
         found only {found} of these fields"
    )]
    FieldCount {
        /// Fields found.
        found: usize,
    },
    /// The board field is not two rows separated by `/`.
    #[error("expected 2 rows separated by `/`, found {found}")]
    RowCount {
        /// Rows found.
        found: usize,
    },
    /// A hole of a row is not `<count>S`, a run length or `t`.
    #[error("{player}'s row: `{item}` is not a hole (`<count>S`, a run of empty holes, or `t`)")]
    BadHole {
        /// Whose row.
        player: &'static str,
        /// The text read.
        item: String,
    },
    /// A row does not have 9, 7 or 5 holes, or the rows differ.
    #[error("rows of {white} (White) and {black} (Black) holes: both must have 9, 7 or 5")]
    RowLength {
        /// Holes in White's row.
        white: usize,
        /// Holes in Black's row.
        black: usize,
    },
    /// A row holds two tuzdiks, but each player makes at most one.
    #[error("{player}'s row holds more than one tuzdik")]
    TwoTuzdiks {
        /// Whose row.
        player: &'static str,
    },
    /// A kazan is not a number of at most three digits.
    #[error("{player}'s kazan `{text}` is not a number of seeds (at most three digits)")]
    BadKazan {
        /// Whose kazan.
        player: &'static str,
        /// The text read.
        text: String,
    },
    /// The side to move is not `S` or `N`.
    #[error("side to move `{text}` is not `S` (White) or `N` (Black)")]
    BadSide {
        /// The text read.
        text: String,
    },
    /// The full-move number is zero or larger than 4 294 967 295.
    #[error("the full-move number `{text}` is out of range: it counts from 1 to 4294967295")]
    MoveNumberOutOfRange {
        /// The text read.
        text: String,
    },
    /// A string with a full-move number was expected, and it has none.
    #[error("the position string has no full-move number after the side to move")]
    NoMoveNumber,
    /// A word after the side to move is neither the full-move number nor a rule option.
    #[error(
        "`{text}` is not a rule option (optional-tuzdik, no-majority-stop) nor a full-move number"
    )]
    BadOption {
        /// The text read.
        text: String,
    },
    /// A rule option is given twice.
    #[error("the rule option `{text}` is given twice")]
    RepeatedOption {
        /// The option.
        text: String,
    },
    /// A rule set's text does not start with the board.
    #[error("`{text}` is not a board: expected 2x9, 2x7 or 2x5")]
    BadBoard {
        /// The text read.
        text: String,
    },
    /// The rows or options of a position string differ from the rules it was read under.
    #[error("the position string is for the rules `{found}`, not `{expected}`")]
    RulesMismatch {
        /// The rules asked for, written as a rule set.
        expected: String,
        /// The rules the string gives.
        found: String,
    },
    /// The parts read do not make a possible position.
    #[error("not a possible position: {0}")]
    Impossible(#[from] SetupError),
    /// A result is not `1-0`, `0-1`, `1/2-1/2` or `*`.
    #[error("`{text}` is not a result (1-0, 0-1, 1/2-1/2 or *)")]
    BadResult {
        /// The text read.
        text: String,
    },
    /// A move style is not `kz` or `playok`.
    #[error("`{text}` is not a move style (kz or playok)")]
    BadStyle {
        /// The text read.
        text: String,
    },
}
