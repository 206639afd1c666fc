//! Moves, what they did, and why one is refused.

use crate::rules::MAX_HOUSES;
use crate::ParseError;
use core::fmt;
use core::str::FromStr;
use mancala_engine::notation::excerpt;

/// A move: one of the mover's houses, counted from his own left. Player-relative, as
/// OpenSpiel's actions are: [`action`](Move::action) is OpenSpiel's action id (`0` for the
/// leftmost house), and the move is written as the house's number, `1` for the leftmost.
///
/// OpenSpiel writes action `k` as the letter `A + k` for player 0 (South) and `a + k` for
/// player 1 (North): move `3` is its `C` or `c`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Move {
    index: u8,
}

impl Move {
    /// The move from the mover's house `number` (`1` for his leftmost). A number off the board
    /// gives a move that [`check_move`](mancala_engine::Position::check_move) refuses.
    #[inline]
    pub const fn new(number: u8) -> Move {
        Move {
            index: number.wrapping_sub(1),
        }
    }

    /// The move with OpenSpiel's action id `action` (`0..houses`), if it names a house of some
    /// board (`action < `[`MAX_HOUSES`]).
    #[inline]
    pub const fn from_action(action: usize) -> Option<Move> {
        if action < MAX_HOUSES {
            Some(Move {
                index: action as u8,
            })
        } else {
            None
        }
    }

    /// OpenSpiel's action id: the house's place `0..houses` in the mover's row.
    #[inline]
    pub const fn action(self) -> usize {
        self.index as usize
    }

    /// The house's number on the mover's side, `1` for his leftmost.
    #[inline]
    pub const fn number(self) -> u8 {
        self.index.wrapping_add(1)
    }
}

impl fmt::Display for Move {
    /// The house's number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

// Debug prints what a player writes.
mancala_engine::debug_via_display!(Move);

impl FromStr for Move {
    type Err = ParseError;
    /// Reads a house number, one digit `1` to `8`.
    fn from_str(text: &str) -> Result<Move, ParseError> {
        match text.as_bytes() {
            &[digit @ b'1'..=b'8'] => Ok(Move::new(digit - b'0')),
            _ => Err(ParseError::Move(excerpt(text))),
        }
    }
}

/// What a move did.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Effect {
    /// The canonical index of the house where the last seed fell.
    pub last: usize,
    /// Seeds captured (`0` if none).
    pub captured: u32,
    /// Whether the capture would have taken every seed on the opponent's row (a grand slam);
    /// under the standard rules it then takes nothing.
    pub grand_slam: bool,
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The house number is not on the board.
    #[error("there is no house {number} (houses are numbered 1..={houses})")]
    NoSuchHouse {
        /// The number given.
        number: u8,
        /// Houses per player on this board.
        houses: usize,
    },
    /// The house is empty.
    #[error("house {number} is empty")]
    EmptyHouse {
        /// The house's number.
        number: u8,
    },
    /// The opponent has no seeds and this move gives him none: a player must feed him.
    #[error("the opponent has no seeds and the move from house {number} gives him none")]
    MustFeed {
        /// The house's number.
        number: u8,
    },
}
