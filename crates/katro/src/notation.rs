//! The position string, and why a text does not read.
//!
//! A Katro position string has the shape every game's has (see
//! [`mancala_engine::notation`]): the rows separated by `/`, holes by `,`, then the side to
//! move `S` or `N`; Katro has no stores, so no numbers come between.

use crate::{Katro, RuleSet, Setup, SetupError, Size, BOARD_CELLS};
use core::fmt;
use core::str::FromStr;
use mancala_engine::notation::{plain_number, read_side, side_letter};
use mancala_engine::Game;
use mancala_engine::Position as _;
use thiserror::Error;

/// Why a text is not valid notation (a size, a rule string, a hole, a move, a position string).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParseError {
    /// Not one of the board sizes.
    #[error("unknown board size `{0}` (expected 6x6, 4x4, 4x6 or 6x3)")]
    Size(String),
    /// Not a rule name.
    #[error("unknown rule `{0}` (expected size, direction, mover-row, opponent-hole, trigger or single-seed)")]
    RuleKey(String),
    /// Not a value of that rule.
    #[error("`{value}` is not a value of rule `{key}`")]
    RuleValue {
        /// The rule.
        key: String,
        /// The value given.
        value: String,
    },
    /// A rule without `=value`.
    #[error("rule `{0}` is not of the form key=value")]
    RulePair(String),
    /// Rules not in their one written form: out of order, repeated, or at their standard value.
    #[error("rule string `{0}` is not in its canonical form: only the rules that differ from the standard, once each, in the order size, direction, mover-row, opponent-hole, trigger, single-seed")]
    RulesNotCanonical(String),
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
        /// The board field (its start, if long).
        board: String,
        /// What is wrong.
        reason: String,
    },
    /// The position string has the wrong fields.
    #[error("bad position string: {0}")]
    Fields(String),
    /// The position is well formed but no game reaches it.
    #[error("impossible position: {0}")]
    Setup(#[from] SetupError),
}

pub(crate) use mancala_engine::notation::excerpt;

impl fmt::Display for Katro {
    /// The position string: the board, the side to move, then the rule options if not the
    /// standard ones (the board shows the size) and `endless` for a game ended by an endless
    /// move. The board lists rows from North's outer row (top, as South sees the board) down
    /// to South's outer row, separated by `/`; each row lists its holes from column `a` to the
    /// last, separated by `,`. Example (4 × 4 start): `2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let rules = self.rules();
        let (rows, cols) = (rules.size.rows(), rules.size.cols());
        let board = self.board();
        for row in (0..rows).rev() {
            for col in 0..cols {
                write!(f, "{}", board[row * cols + col])?;
                if col + 1 < cols {
                    f.write_str(",")?;
                }
            }
            if row > 0 {
                f.write_str("/")?;
            }
        }
        write!(f, " {}", side_letter(self.side_to_move()))?;
        if rules.options() != RuleSet::STANDARD {
            write!(f, " {}", rules.options())?;
        }
        if self.is_endless() {
            f.write_str(" endless")?;
        }
        Ok(())
    }
}

/// Reads the board field: its shape gives the size.
fn parse_board(text: &str) -> Result<(Size, [u8; BOARD_CELLS]), ParseError> {
    let bad = |reason: String| ParseError::Board {
        board: excerpt(text),
        reason,
    };
    let rows = text.split('/').count();
    let cols = text.split('/').next().unwrap_or("").split(',').count();
    let size = Size::from_dimensions(rows, cols).ok_or_else(|| {
        bad(format!(
            "{rows} rows of {cols} holes is not a Katro board (6x6, 4x4, 4x6 or 6x3)"
        ))
    })?;
    let mut board = [0u8; BOARD_CELLS];
    for (k, row_text) in text.split('/').enumerate() {
        let row = size.rows() - 1 - k;
        let holes = row_text.split(',').count();
        if holes != cols {
            return Err(bad(format!(
                "row {} has {holes} holes, not {cols}",
                row + 1
            )));
        }
        for (col, count) in row_text.split(',').enumerate() {
            let seeds = plain_number(count).and_then(|n| u8::try_from(n).ok());
            let seeds = seeds.ok_or_else(|| {
                bad(format!(
                    "`{}` is not a seed count from 0 to 255 (no leading zeros)",
                    excerpt(count)
                ))
            })?;
            board[row * cols + col] = seeds;
        }
    }
    Ok((size, board))
}

impl FromStr for Katro {
    type Err = ParseError;
    /// Reads a position string (see [`Display`](fmt::Display)) and validates it as
    /// [`Katro::from_setup`](mancala_engine::Game::from_setup) does. Accepts exactly the canonical form: single spaces between
    /// fields, no leading zeros, the rule options in their canonical form without the size
    /// (never `default`).
    fn from_str(s: &str) -> Result<Katro, ParseError> {
        let mut fields = s.split(' ');
        let (Some(board), Some(side)) = (fields.next(), fields.next()) else {
            return Err(ParseError::Fields(format!(
                "`{}` needs a board and a side to move",
                excerpt(s)
            )));
        };
        let (size, board) = parse_board(board)?;
        let side_to_move = read_side(side).ok_or_else(|| ParseError::Side(excerpt(side)))?;
        let mut rest = [fields.next(), fields.next(), fields.next()];
        if rest[0] == Some("endless") {
            rest = [None, rest[0], rest[1]];
        }
        let options = match rest[0] {
            None => RuleSet::STANDARD,
            Some("default") => {
                return Err(ParseError::Fields(
                    "standard rules are written by leaving them out".into(),
                ))
            }
            Some(text) => {
                let options: RuleSet = text.parse()?;
                if options.size != RuleSet::STANDARD.size {
                    return Err(ParseError::Fields(
                        "the board gives the size: the rules must not name it".into(),
                    ));
                }
                options
            }
        };
        let endless = match (rest[1], rest[2], fields.next()) {
            (None, None, None) => false,
            (Some("endless"), None, None) => true,
            _ => {
                return Err(ParseError::Fields(
                    "after the side to move: expected the rules, then `endless`".into(),
                ))
            }
        };
        let setup = Setup {
            rules: RuleSet { size, ..options },
            board,
            side_to_move,
            endless,
        };
        Ok(Katro::from_setup(setup)?)
    }
}
