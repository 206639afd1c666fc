//! Moves, what they did, and why one is refused.

use crate::rules::MAX_PITS;
use crate::ParseError;
use core::fmt;
use core::str::FromStr;
use mancala_engine::notation::excerpt;
use mancala_engine::Side;

/// A move: one of the mover's pits, counted from his own left (his store is on his right),
/// written as the pit's number, `1` for the leftmost.
///
/// OpenSpiel's `mancala` numbers the cells of the whole board instead (its action ids are
/// absolute, not the mover's): North's store is `0`, South's pits `1..=6` from his left,
/// South's store `7`, North's pits `8..=13` from his left. [`action`](Move::action) and
/// [`from_action`](Move::from_action) convert, on a board of any size (`2 × pits + 2` cells).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Move {
    index: u8,
}

impl Move {
    /// The move from the mover's pit `number` (`1` for his leftmost). A number off the board
    /// gives a move that [`check_move`](mancala_engine::Position::check_move) refuses.
    #[inline]
    pub const fn new(number: u8) -> Move {
        Move {
            index: number.wrapping_sub(1),
        }
    }

    /// The pit's place in the mover's row, `0` for his leftmost.
    #[inline]
    pub const fn index(self) -> usize {
        self.index as usize
    }

    /// The pit's number on the mover's side, `1` for his leftmost.
    #[inline]
    pub const fn number(self) -> u8 {
        self.index.wrapping_add(1)
    }

    /// OpenSpiel's action id for this move by `side` on a board of `pits` pits a player: the
    /// pit's cell, `1..=pits` for South, `pits + 2..=2 × pits + 1` for North.
    #[inline]
    pub const fn action(self, side: Side, pits: usize) -> usize {
        match side {
            Side::South => 1 + self.index as usize,
            Side::North => pits + 2 + self.index as usize,
        }
    }

    /// The player and move of OpenSpiel's action id `action` on a board of `pits` pits a
    /// player, if it names a pit (the stores, `0` and `pits + 1`, are no moves).
    pub const fn from_action(action: usize, pits: usize) -> Option<(Side, Move)> {
        if pits == 0 || pits > MAX_PITS {
            None
        } else if action >= 1 && action <= pits {
            Some((Side::South, Move::new(action as u8)))
        } else if action >= pits + 2 && action <= 2 * pits + 1 {
            Some((Side::North, Move::new((action - pits - 1) as u8)))
        } else {
            None
        }
    }
}

impl fmt::Display for Move {
    /// The pit's number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())
    }
}

// Debug prints what a player writes.
mancala_engine::debug_via_display!(Move);

impl FromStr for Move {
    type Err = ParseError;
    /// Reads a pit number, one digit `1` to `8`.
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
    /// The canonical index of the pit where the last seed fell (South's pits first), or `None`
    /// when it fell into the mover's store.
    pub last: Option<usize>,
    /// Whether the mover moves again: his last seed fell into his store and the game goes on.
    pub extra_turn: bool,
    /// Seeds captured into the mover's store: the last seed and those of the opposite pit
    /// (`0` if none).
    pub captured: u32,
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The pit number is not on the board.
    #[error("there is no pit {number} (pits are numbered 1..={pits})")]
    NoSuchPit {
        /// The number given.
        number: u8,
        /// Pits per player on this board.
        pits: usize,
    },
    /// The pit is empty.
    #[error("pit {number} is empty")]
    EmptyPit {
        /// The pit's number.
        number: u8,
    },
}
