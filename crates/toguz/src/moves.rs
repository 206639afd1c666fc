//! Moves, what they did, and why one is refused.

use crate::ParseError;
use core::fmt;
use core::str::FromStr;

/// A move: one of the mover's holes, numbered `1..=9` from his own left, and (under
/// [`TuzdikRule::Optional`](crate::TuzdikRule::Optional)) whether he claims the tuzdik the move
/// would make.
///
/// Written as players write it: the hole number, with `*` for a claimed tuzdik (`7`, `3*`).
/// `Display`, `FromStr` and `Debug` all use that form.
///
/// ```
/// use toguz::Move;
///
/// assert_eq!("7".parse::<Move>(), Ok(Move::new(7)));
/// assert_eq!("3*".parse::<Move>(), Ok(Move::claiming(3)));
/// assert_eq!(format!("{:?}", Move::claiming(3)), "3*");
/// assert!("10".parse::<Move>().is_err());
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct Move {
    index: u8,
    claim: bool,
}

impl Move {
    /// A move from the mover's hole `number` (`1..=9`), claiming nothing. A number off the board
    /// gives a move that [`check_move`](mancala_engine::Position::check_move) refuses.
    #[inline]
    pub const fn new(number: u8) -> Move {
        Move {
            index: number.wrapping_sub(1),
            claim: false,
        }
    }

    /// A move from hole `number` that claims the tuzdik it makes (optional-tuzdik rules only).
    #[inline]
    pub const fn claiming(number: u8) -> Move {
        Move {
            index: number.wrapping_sub(1),
            claim: true,
        }
    }

    /// The hole's number `1..=9` on the mover's side.
    #[inline]
    pub const fn number(self) -> u8 {
        self.index.wrapping_add(1)
    }

    /// The hole's place `0..9` in the mover's row.
    #[inline]
    pub const fn index(self) -> usize {
        self.index as usize
    }

    /// Whether the move claims a tuzdik.
    #[inline]
    pub const fn claims_tuzdik(self) -> bool {
        self.claim
    }

    /// The move as a small integer in `0..18`, player-relative, for learning code that wants a
    /// fixed action space: `0..9` are holes 1..9, `9..18` the same holes claiming a tuzdik.
    #[inline]
    pub const fn action(self) -> usize {
        self.index as usize + 9 * self.claim as usize
    }

    /// The move with the given [`action`](Move::action), if it is in `0..18`.
    pub const fn from_action(action: usize) -> Option<Move> {
        if action < 18 {
            Some(Move {
                index: (action % 9) as u8,
                claim: action >= 9,
            })
        } else {
            None
        }
    }
}

impl fmt::Display for Move {
    /// The hole number, with `*` for a claimed tuzdik.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.number())?;
        if self.claim {
            f.write_str("*")?;
        }
        Ok(())
    }
}

// Debug prints what a player writes.
mancala_engine::debug_via_display!(Move);

impl FromStr for Move {
    type Err = ParseError;

    /// Reads a hole number `1..=9`, with `*` after it to claim a tuzdik.
    fn from_str(text: &str) -> Result<Move, ParseError> {
        let bad = || ParseError::BadMove {
            text: crate::notation::quote(text),
        };
        let (digit, claim) = match text.strip_suffix('*') {
            Some(digit) => (digit, true),
            None => (text, false),
        };
        match digit.as_bytes() {
            [d @ b'1'..=b'9'] => {
                let number = d - b'0';
                Ok(if claim {
                    Move::claiming(number)
                } else {
                    Move::new(number)
                })
            }
            _ => Err(bad()),
        }
    }
}

/// What a move did: the facts a score sheet records.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Effect {
    /// The canonical index (`0..18`) of the hole where the last seed fell.
    pub landing: usize,
    /// Seeds taken by an even capture (`0` if none).
    pub captured: u32,
    /// The canonical index of the tuzdik the move made, if it made one.
    pub tuzdik: Option<usize>,
}

/// Why a move was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
    /// The hole number is not on the board.
    #[error("there is no hole {number} (holes are numbered 1..={per_side})")]
    NoSuchHole {
        /// The number given.
        number: u8,
        /// Holes per row on this board.
        per_side: usize,
    },
    /// The hole is the opponent's tuzdik, which is never played.
    #[error("hole {number} is the opponent's tuzdik")]
    TuzdikHole {
        /// The hole's number.
        number: u8,
    },
    /// The hole has no seed.
    #[error("hole {number} is empty")]
    EmptyHole {
        /// The hole's number.
        number: u8,
    },
    /// Under automatic tuzdik rules a move cannot claim a tuzdik.
    #[error("tuzdiks are made automatically under these rules: a move cannot claim one")]
    ClaimNotAllowed,
    /// The move claims a tuzdik but would not make one.
    #[error("the move from hole {number} does not make a tuzdik, so it cannot claim one")]
    NothingToClaim {
        /// The hole's number.
        number: u8,
    },
}
