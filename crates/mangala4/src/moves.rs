//! Moves, what a move did, and why a move is refused.
//!
//! A move is written as a player names it: the hole's owner's initial and its number from his
//! left (`S1`..`S7`, `N1`..`N7`), or `pass`. For reinforcement-learning code (OpenSpiel-style
//! action ids) a move is also a small number relative to the mover: `0..7` his holes 1..7,
//! [`PASS_ACTION`] (`7`) a pass.

use crate::rules::{HOLES, PER_SIDE};
use crate::ParseError;
use core::fmt;
use core::str::FromStr;
use mancala_engine::Side;

/// The number of action ids: the mover's 7 holes and the pass.
pub const ACTIONS: usize = PER_SIDE + 1;
/// The action id of a pass.
pub const PASS_ACTION: usize = PER_SIDE;

/// A move: the forced hole (M1), or a pass when the mover's row is empty (M2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Move {
    /// A pass: the mover's row is empty.
    #[default]
    Pass,
    /// Sow the hole with this canonical index (`0..14`: South's holes 1..7, then North's).
    Sow(u8),
}

impl Move {
    /// The move's action id, relative to the mover: `0..7` for his holes 1..7 (a hole of the
    /// other row gives the id of the hole with the same number), [`PASS_ACTION`] for a pass.
    pub const fn action(self) -> usize {
        match self {
            Move::Pass => PASS_ACTION,
            Move::Sow(hole) => hole as usize % PER_SIDE,
        }
    }

    /// The move with action id `action` for `mover`, or `None` for an id out of range.
    pub const fn from_action(action: usize, mover: Side) -> Option<Move> {
        if action < PER_SIDE {
            Some(Move::Sow((mover.index() * PER_SIDE + action) as u8))
        } else if action == PASS_ACTION {
            Some(Move::Pass)
        } else {
            None
        }
    }
}

impl fmt::Display for Move {
    /// `S1`..`N7`, or `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Move::Pass => f.write_str("pass"),
            Move::Sow(hole) => HoleName(hole).fmt(f),
        }
    }
}

// Debug prints what a player writes.
mancala_engine::debug_via_display!(Move);

impl FromStr for Move {
    type Err = ParseError;
    /// Reads `S1`..`S7`, `N1`..`N7` or `pass`.
    fn from_str(text: &str) -> Result<Move, ParseError> {
        if text == "pass" {
            return Ok(Move::Pass);
        }
        let row = match text.as_bytes() {
            [b'S', b'1'..=b'7'] => 0,
            [b'N', b'1'..=b'7'] => PER_SIDE,
            _ => return Err(ParseError::Move(crate::notation::excerpt(text))),
        };
        Ok(Move::Sow(
            (row + usize::from(text.as_bytes()[1] - b'1')) as u8,
        ))
    }
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Nothing can be played once the game is over.
    #[error("the game is over")]
    GameOver,
    /// The mover has seeds, so he must play his forced hole.
    #[error("{side} cannot pass: his forced hole is {hole_name}", hole_name = HoleName(*.hole))]
    MustSow {
        /// The mover.
        side: Side,
        /// His forced hole (canonical index).
        hole: u8,
    },
    /// The move names another hole than the forced one (M1).
    #[error("{side} must play {forced}, not {played}", forced = HoleName(*.forced), played = HoleName(*.played))]
    NotForced {
        /// The mover.
        side: Side,
        /// The forced hole.
        forced: u8,
        /// The hole the move named.
        played: u8,
    },
    /// The mover's row is empty: he can only pass (M2).
    #[error("{0}'s row is empty: he must pass")]
    MustPass(Side),
}

/// A hole written as its owner's initial and its number from the owner's left (`S1`..`N7`);
/// an index off the board as `hole I`.
#[derive(Debug, Clone, Copy)]
pub(crate) struct HoleName(pub u8);

impl fmt::Display for HoleName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hole = usize::from(self.0);
        if hole >= HOLES {
            return write!(f, "hole {hole}");
        }
        let letter = if hole < PER_SIDE { 'S' } else { 'N' };
        write!(f, "{letter}{}", hole % PER_SIDE + 1)
    }
}

/// What a played move did, for records and displays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Effect {
    /// The mover.
    pub side: Side,
    /// The move played.
    pub mv: Move,
    /// Laps sown (`0` for a pass).
    pub laps: u32,
    /// The capture, if the move ended with one.
    pub capture: Option<Capture>,
    /// The move was endless (M8) and changed nothing.
    pub endless: bool,
}

impl fmt::Display for Effect {
    /// The move as a record writes it: `S1`; a capture adds `x`, the holes taken (landing hole
    /// first) and `=` the seeds taken (`S2xN6N5=12`); a pass is the mover's initial and `-`
    /// (`N-`); an endless move ends with `!` (`S3!`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Move::Sow(hole) = self.mv else {
            let initial = if self.side == Side::South { 'S' } else { 'N' };
            return write!(f, "{initial}-");
        };
        HoleName(hole).fmt(f)?;
        if let Some(capture) = self.capture {
            f.write_str("x")?;
            for taken in capture.taken() {
                HoleName(taken).fmt(f)?;
            }
            write!(f, "={}", capture.seeds)?;
        }
        if self.endless {
            f.write_str("!")?;
        }
        Ok(())
    }
}

/// A capture (M4–M5): the landing hole and the holes before it, each with its opposite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Capture {
    /// The hole the last seed fell into (canonical index).
    pub landing: u8,
    /// How many holes the backward chain took, the landing hole included (at least 1). The
    /// holes are `landing`, `landing - 1`, … (all in the landing hole's row).
    pub holes: u8,
    /// Seeds taken, opposite holes included.
    pub seeds: u8,
}

impl Capture {
    /// The holes taken by the chain (canonical indices), landing hole first; each took the
    /// hole opposite it (`13 - i`) with it.
    pub fn taken(&self) -> impl Iterator<Item = u8> {
        let landing = self.landing;
        (0..self.holes).map(move |k| landing - k)
    }
}
