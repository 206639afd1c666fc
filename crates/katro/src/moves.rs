//! Holes and moves, their names and action ids, why a move is refused, and what a move did.

use crate::notation::excerpt;
use crate::{ParseError, Size};
use core::fmt;
use core::str::FromStr;
use mancala_engine::topology::Direction;
use mancala_engine::Side;
use thiserror::Error;

/// A hole named by its row (from South's edge) and column (left to right as South sees it),
/// independent of the board size. Written `a1`: column letter `a..`, row digit `1..`, so `a1`
/// is South's outer left hole and, on 6×6, `f6` North's outer left hole (as North sees it).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Hole {
    row: u8,
    col: u8,
}

impl Hole {
    /// The hole at `row` and `col` (both `0`-based, at most `7`: the notation has letters
    /// `a..h` and digits `1..8`).
    pub const fn new(row: usize, col: usize) -> Option<Hole> {
        if row < 8 && col < 8 {
            Some(Hole {
                row: row as u8,
                col: col as u8,
            })
        } else {
            None
        }
    }

    /// The row, `0` being South's outer row.
    #[inline]
    pub const fn row(self) -> usize {
        self.row as usize
    }

    /// The column, `0` being South's left.
    #[inline]
    pub const fn col(self) -> usize {
        self.col as usize
    }

    /// The board index (`row * cols + col`) on a board of `size`, or `None` if the hole is not
    /// on it.
    #[inline]
    pub const fn index(self, size: Size) -> Option<usize> {
        if self.row() < size.rows() && self.col() < size.cols() {
            Some(self.row() * size.cols() + self.col())
        } else {
            None
        }
    }

    /// The hole of board index `index` on a board of `size`.
    pub const fn from_index(size: Size, index: usize) -> Option<Hole> {
        if index < size.holes() {
            Hole::new(index / size.cols(), index % size.cols())
        } else {
            None
        }
    }
}

impl fmt::Display for Hole {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.col) as char, self.row + 1)
    }
}

// Debug prints the hole's name.
mancala_engine::debug_via_display!(Hole);

impl FromStr for Hole {
    type Err = ParseError;
    /// Accepts exactly a lower-case column letter `a..h` and a row digit `1..8`.
    fn from_str(s: &str) -> Result<Hole, ParseError> {
        match s.as_bytes() {
            &[c @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Hole {
                row: r - b'1',
                col: c - b'a',
            }),
            _ => Err(ParseError::Hole(excerpt(s))),
        }
    }
}

/// A move: the hole whose seeds are lifted, the direction when the rules let the mover choose
/// it, and whether it is a single-seed step (the [`RuleSet::single_seed`](crate::RuleSet)
/// option).
///
/// Written as the hole, then `^` for a step, then `A` or `B` for a chosen direction: `c1`,
/// `c1B`, `b2^`, `b2^A`. Under a fixed direction moves carry none (`direction: None`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move {
    /// The hole played.
    pub hole: Hole,
    /// The direction chosen for this move, when directions are chosen each turn.
    pub direction: Option<Direction>,
    /// `true` for a single-seed step straight inwards instead of a sowing.
    pub step: bool,
}

impl Move {
    /// Sowing from `hole` along the game's fixed circuit.
    pub const fn sow(hole: Hole) -> Move {
        Move {
            hole,
            direction: None,
            step: false,
        }
    }

    /// Sowing from `hole` in a chosen direction (directions chosen each turn).
    pub const fn sow_toward(hole: Hole, direction: Direction) -> Move {
        Move {
            hole,
            direction: Some(direction),
            step: false,
        }
    }

    /// The move's action id, for programs that want a fixed action space (OpenSpiel, neural
    /// networks): `4 × column + 2 × [direction B] + [single-seed step]`, the column counted
    /// from South's left (`0` for `a`). The row is not needed: every move starts in the
    /// mover's outermost row holding seeds (K1), so [`Katro::from_action`](crate::Katro)
    /// finds it from the position. Ids lie in `0..RuleSet::actions()` (24 on six columns);
    /// the direction bit is set only for moves that name direction B (so never under a fixed
    /// direction).
    pub const fn action(self) -> usize {
        let b = matches!(self.direction, Some(Direction::B));
        4 * self.hole.col() + 2 * b as usize + self.step as usize
    }

    /// A single-seed step from `hole`, with the direction of the re-sowing after its capture
    /// when directions are chosen each turn and the step captures.
    pub const fn step(hole: Hole, direction: Option<Direction>) -> Move {
        Move {
            hole,
            direction,
            step: true,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.hole)?;
        if self.step {
            f.write_str("^")?;
        }
        match self.direction {
            Some(Direction::A) => f.write_str("A"),
            Some(Direction::B) => f.write_str("B"),
            None => Ok(()),
        }
    }
}

// Debug prints the move as a player writes it.
mancala_engine::debug_via_display!(Move);

impl FromStr for Move {
    type Err = ParseError;
    /// Accepts a hole name, an optional `^` (step), and an optional `A` or `B`, in that order.
    fn from_str(s: &str) -> Result<Move, ParseError> {
        let bad = || ParseError::Move(excerpt(s));
        if !s.is_ascii() || s.len() < 2 {
            return Err(bad());
        }
        let (hole, mut rest) = s.split_at(2);
        let hole: Hole = hole.parse().map_err(|_| bad())?;
        let step = rest.starts_with('^');
        if step {
            rest = &rest[1..];
        }
        let direction = match rest {
            "" => None,
            "A" => Some(Direction::A),
            "B" => Some(Direction::B),
            _ => return Err(bad()),
        };
        Ok(Move {
            hole,
            direction,
            step,
        })
    }
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

/// What a move did, as [`Katro::play_reported`](mancala_engine::Game::play_reported) tells it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Effect {
    /// The mover.
    pub side: Side,
    /// The move played.
    pub mv: Move,
    /// Laps sown (K2–K4; `0` for a single-seed step that only moved its seed). For an endless
    /// move, the laps sown before the verdict.
    pub laps: u32,
    /// Captures made (K4), each taking one opponent hole.
    pub captures: u32,
    /// Seeds taken from the opponent by those captures.
    pub captured: u32,
    /// The move was endless (K6): it changed nothing and the game is over, drawn.
    pub endless: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_round_trip() {
        for row in 0..8 {
            for col in 0..8 {
                let hole = Hole::new(row, col).unwrap();
                assert_eq!(hole.to_string().parse::<Hole>().unwrap(), hole);
            }
        }
        assert_eq!(Hole::new(0, 0).unwrap().to_string(), "a1");
        assert_eq!(Hole::new(5, 5).unwrap().to_string(), "f6");
        assert_eq!(Hole::new(8, 0), None);
        for bad in ["", "a", "a0", "i1", "A1", "a9", "a10", "1a", "é1"] {
            assert!(bad.parse::<Hole>().is_err(), "{bad}");
        }
        let hole: Hole = "c2".parse().unwrap();
        assert_eq!(hole.index(Size::S6x6), Some(8));
        assert_eq!(hole.index(Size::S6x3), Some(5));
        assert_eq!("d2".parse::<Hole>().unwrap().index(Size::S6x3), None);
        assert_eq!(Hole::from_index(Size::S6x3, 8), Some("c3".parse().unwrap()));
        assert_eq!(Hole::from_index(Size::S4x4, 16), None);
    }

    #[test]
    fn action_ids_count_column_direction_and_step() {
        let id = |text: &str| text.parse::<Move>().unwrap().action();
        assert_eq!(
            [id("a1"), id("a1A"), id("a1B"), id("a1^"), id("a1^B")],
            [0, 0, 2, 1, 3]
        );
        assert_eq!([id("f6"), id("f1B"), id("f3^B")], [20, 22, 23]);
    }

    #[test]
    fn moves_round_trip() {
        for text in ["c1", "c1A", "c1B", "b2^", "b2^A", "h8^B"] {
            assert_eq!(text.parse::<Move>().unwrap().to_string(), text);
        }
        let mv: Move = "b2^A".parse().unwrap();
        assert!(mv.step);
        assert_eq!(mv.direction, Some(Direction::A));
        for bad in ["", "c", "c1a", "c1^^", "c1A^", "c1AB", "c1 ", "ĉ1", "z1"] {
            assert!(bad.parse::<Move>().is_err(), "{bad}");
        }
        assert_eq!(format!("{mv:?}"), "b2^A");
        assert_eq!(format!("{:?}", Move::sow("f6".parse().unwrap())), "f6");
        assert_eq!(format!("{:?}", "c3".parse::<Hole>().unwrap()), "c3");
    }
}
