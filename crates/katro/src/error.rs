//! Every error of the crate: what is wrong, named precisely.

use crate::{Hole, Move, Size};
use mancala_engine::Side;
use thiserror::Error;

/// Why a setup is not a valid Katro position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum PositionError {
    /// The board array holds seeds at an index beyond the board of the given size.
    #[error("board index {index} holds seeds but a {size} board has only {} holes", size.holes())]
    SeedsOffBoard {
        /// The size of the setup.
        size: Size,
        /// The offending index.
        index: usize,
    },
    /// More seeds than a hole count can hold.
    #[error(
        "{total} seeds on the board; at most {} are supported",
        crate::MAX_SEEDS
    )]
    TooManySeeds {
        /// Seeds on the board.
        total: u32,
    },
    /// The player who is not to move has no seed: no game can reach this, since a mover never
    /// loses seeds during his own move.
    #[error("{side} is not to move and has no seeds, which no game can reach")]
    NoSeedsAfterMove {
        /// The player without seeds.
        side: Side,
    },
}

/// Why a move is not legal in a position.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The hole is not on this board.
    #[error("hole {hole} is not on a {size} board")]
    OffBoard {
        /// The hole named.
        hole: Hole,
        /// The board size.
        size: Size,
    },
    /// The hole belongs to the other player.
    #[error("hole {hole} does not belong to {side}, the player to move")]
    NotOwnHole {
        /// The hole named.
        hole: Hole,
        /// The player to move.
        side: Side,
    },
    /// The hole is empty.
    #[error("hole {hole} is empty")]
    EmptyHole {
        /// The hole named.
        hole: Hole,
    },
    /// K1: the move must start in the mover's outermost row holding seeds.
    #[error("hole {hole} is not in {side}'s outermost row holding seeds (row {})", expected_row + 1)]
    NotOutermostRow {
        /// The hole named.
        hole: Hole,
        /// The player to move.
        side: Side,
        /// The board row (from South's edge, `0`-based) moves must start from.
        expected_row: usize,
    },
    /// The rules let the mover choose the direction, and the move gives none.
    #[error("move {mv} needs a direction (A or B): directions are chosen each turn")]
    DirectionMissing {
        /// The move.
        mv: Move,
    },
    /// The rules fix the direction (or the move needs none), and the move gives one.
    #[error("move {mv} must not give a direction here")]
    DirectionNotAllowed {
        /// The move.
        mv: Move,
    },
    /// A single-seed step that the rules or the position do not allow.
    #[error("step {mv} is not allowed: {reason}")]
    StepNotAllowed {
        /// The move.
        mv: Move,
        /// Why not.
        reason: &'static str,
    },
}

/// Why a string is not valid notation.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Not one of the board sizes.
    #[error("unknown board size `{0}` (expected 6x6, 4x4, 4x6 or 6x3)")]
    Size(String),
    /// Not a rule option name.
    #[error("unknown rule option `{0}` (expected direction, mover-row, opponent-hole, trigger or single-seed)")]
    RuleKey(String),
    /// Not a value of that rule option.
    #[error("`{value}` is not a value of rule option `{key}`")]
    RuleValue {
        /// The option.
        key: String,
        /// The value given.
        value: String,
    },
    /// A rule option without `=value`.
    #[error("rule option `{0}` is not of the form key=value")]
    RulePair(String),
    /// A rule option given twice.
    #[error("rule option `{0}` is given twice")]
    DuplicateRule(String),
    /// Not a hole name.
    #[error("`{0}` is not a hole name (a column letter a-h and a row digit 1-8, like `c1`)")]
    Hole(String),
    /// Not a move.
    #[error("`{0}` is not a move (a hole like `c1`, then `^` for a step, then `A` or `B` for a direction)")]
    Move(String),
    /// Not a side.
    #[error("`{0}` is not a side to move (expected S or N)")]
    Side(String),
    /// The board field is malformed.
    #[error("bad board `{board}`: {reason}")]
    Board {
        /// The board field.
        board: String,
        /// What is wrong.
        reason: String,
    },
    /// The position string has the wrong fields.
    #[error("bad position string: {0}")]
    Fields(String),
    /// The position is well formed but not valid.
    #[error("invalid position: {0}")]
    Position(#[from] PositionError),
    /// A game record line or tag is malformed.
    #[error("bad game record: {0}")]
    Record(String),
    /// A move of a game record is illegal.
    #[error("move {ply} of the record, {mv}, is illegal: {error}")]
    IllegalMove {
        /// 1-based ply number.
        ply: usize,
        /// The move.
        mv: Move,
        /// Why it is illegal.
        error: MoveError,
    },
}
