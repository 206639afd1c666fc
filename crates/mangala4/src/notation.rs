//! The position string, shared by [`Mangala4`] and [`Setup`], and the parsing helpers of every
//! notation of the crate.
//!
//! A position string has the shape every game's has (see
//! [`mancala_engine::notation`]): space-separated fields, the last three optional:
//!
//! ```text
//! s1,…,s7/n1,…,n7 SOUTH NORTH SIDE [leftover=own-side] [run=T:s1,…,s7/n1,…,n7] [endless]
//! ```
//!
//! - the board: South's holes 1..7, `/`, North's holes 1..7 (the canonical order);
//! - the seeds South and North have captured;
//! - the side to move, `S` or `N`;
//! - the leftover option (M7, M8), written when it is not the standard `none`;
//! - the run since the last capture (M7), written when it has turns: `T` turns, passes
//!   included, played from the board after `:` (the stores as now, the side to move as now
//!   if `T` is even, the other if odd). Play is forced, so this tells every position since the
//!   last capture, and with it when a position repeats;
//! - `endless` when the game ended with an endless move (M8) from this board.
//!
//! So the string holds everything that decides the rest of the game: a position read back
//! plays on exactly as the one written. Numbers are plain decimal (digits only, no sign, no
//! leading zero). Written strings omit what is standard or empty, so every position has
//! exactly one string; reading also takes `leftover=none` written out. A string of the first
//! four fields alone reads as a position whose history begins there, under the standard
//! rules. A start may also be written `BOARD SIDE`: nothing captured.
//!
//! Reading also takes the form written before version 0.2.0, so that saved strings and input
//! files still read: a board of 14 counts without `/`, and the side as `south` or `north`
//! (`c0,…,c13 south`).
//!
//! ```
//! use mangala4::prelude::*;
//!
//! // A lone seed moved from South's hole 3 to his hole 4, and North passed: two turns.
//! let text = "0,0,0,1,0,0,0/0,0,0,0,0,0,0 52 45 S run=2:0,0,1,0,0,0,0/0,0,0,0,0,0,0";
//! let position: Mangala4 = text.parse()?;
//! assert_eq!(position.turns_since_capture(), 2);
//! assert_eq!(position.to_string(), text);
//! // The older form reads as the same position.
//! let older = "0,0,0,1,0,0,0,0,0,0,0,0,0,0 52 45 south run=2:0,0,1,0,0,0,0,0,0,0,0,0,0,0";
//! assert_eq!(older.parse::<Mangala4>()?, position);
//! # Ok::<(), mangala4::ParseError>(())
//! ```

use crate::rules::{Leftover, HOLES, PER_SIDE};
use crate::setup::{Run, Setup, SetupError};
use crate::Mangala4;
use core::fmt;
use core::str::FromStr;
use mancala_engine::notation::{plain_number, read_side_or_word, side_letter, Rows};
use mancala_engine::{Game, Side};

pub(crate) use mancala_engine::notation::excerpt;

/// Why a text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The text does not have the fields the notation has.
    #[error("a {what} has {expected} fields separated by single spaces, but {found} were given")]
    FieldCount {
        /// Which notation.
        what: &'static str,
        /// The fields it has.
        expected: &'static str,
        /// Fields found.
        found: usize,
    },
    /// A board is 14 counts: two rows of 7, separated by `/`.
    #[error("a board has 14 counts, two rows of 7 separated by `/`, but {0} were given")]
    HoleCount(usize),
    /// A row of a board written in two rows is not 7 counts.
    #[error("a row of a board has 7 comma-separated counts, but one has {0}")]
    RowLength(usize),
    /// A number is not plain decimal digits, or is too large.
    #[error(
        "{what} `{text}` is not a plain decimal number (digits only, no leading zero) in range"
    )]
    Number {
        /// What the number stands for.
        what: &'static str,
        /// The text found (its start, if long).
        text: String,
    },
    /// A side to move is `S` or `N` (or, as written before version 0.2.0, `south` or
    /// `north`).
    #[error("side `{0}` is neither `S` nor `N`")]
    Side(String),
    /// A leftover option is `none` or `own-side`.
    #[error("leftover option `{0}` is neither `none` nor `own-side`")]
    Leftover(String),
    /// An optional field of a position string that is not `leftover=…`, `run=…` or
    /// `endless`, or one out of that order.
    #[error("`{0}` is not `leftover=…`, `run=T:BOARD` or `endless` in that order")]
    Field(String),
    /// A move is `S1`..`S7`, `N1`..`N7` or `pass`.
    #[error("move `{0}` is not `S1`..`S7`, `N1`..`N7` or `pass`")]
    Move(String),
    /// The parts parsed but do not make a valid position.
    #[error(transparent)]
    Invalid(#[from] SetupError),
}

/// Parses a plain decimal number: digits only, no sign, no leading zero (except `0` itself).
pub(crate) fn parse_number(what: &'static str, text: &str) -> Result<u32, ParseError> {
    plain_number(text).ok_or_else(|| ParseError::Number {
        what,
        text: excerpt(text),
    })
}

/// Parses a board: `s1,…,s7/n1,…,n7`, or the older 14 counts without `/`.
pub(crate) fn parse_board(text: &str) -> Result<[u32; HOLES], ParseError> {
    let mut counts = [0u32; HOLES];
    let mut found = 0;
    let in_rows = text.contains('/');
    for row in text.split('/') {
        let mut in_row = 0;
        for field in row.split(',') {
            if let Some(count) = counts.get_mut(found) {
                *count = parse_number("hole count", field)?;
            }
            found += 1;
            in_row += 1;
        }
        if in_rows && in_row != PER_SIDE {
            return Err(ParseError::RowLength(in_row));
        }
    }
    if found != HOLES {
        return Err(ParseError::HoleCount(found));
    }
    Ok(counts)
}

/// Parses the side to move: `S` or `N`, or the older `south` or `north`.
pub(crate) fn parse_side(text: &str) -> Result<Side, ParseError> {
    read_side_or_word(text).ok_or_else(|| ParseError::Side(excerpt(text)))
}

impl fmt::Display for Setup {
    /// The position string of these parts (see the [module docs](self)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [south, north] = self.stores;
        let side = side_letter(self.side_to_move);
        write!(
            f,
            "{} {south} {north} {side}",
            Rows::new(&self.holes, PER_SIDE)
        )?;
        if self.rules.leftover != Leftover::Uncounted {
            write!(f, " leftover={}", self.rules.leftover)?;
        }
        if let Some(run) = &self.run {
            write!(f, " run={}:{}", run.turns, Rows::new(&run.start, PER_SIDE))?;
        }
        if self.endless {
            f.write_str(" endless")?;
        }
        Ok(())
    }
}

impl FromStr for Setup {
    type Err = ParseError;

    /// Reads a position string (see the [module docs](self)), without checking that the parts
    /// make a position: [`Mangala4::from_setup`](mancala_engine::Game::from_setup) does that.
    fn from_str(text: &str) -> Result<Setup, ParseError> {
        let field_count = || ParseError::FieldCount {
            what: "position",
            expected: "2, or 4 to 7,",
            found: text.split(' ').count(),
        };
        let mut fields = text.split(' ');
        let holes = parse_board(fields.next().unwrap_or_default())?;
        let second = fields.next().ok_or_else(field_count)?;
        let Some(third) = fields.next() else {
            // The start form: board and first player.
            let first = parse_side(second)?;
            return Ok(Setup {
                side_to_move: first,
                ..Setup::start(holes)
            });
        };
        let south = parse_number("south's store", second)?;
        let north = parse_number("north's store", third)?;
        let side = parse_side(fields.next().ok_or_else(field_count)?)?;
        let mut setup = Setup {
            stores: [south, north],
            side_to_move: side,
            ..Setup::start(holes)
        };
        let mut field = fields.next();
        if let Some(value) = field.and_then(|f| f.strip_prefix("leftover=")) {
            setup.rules.leftover = value.parse()?;
            field = fields.next();
        }
        if let Some(value) = field.and_then(|f| f.strip_prefix("run=")) {
            let (turns, start) = value
                .split_once(':')
                .ok_or_else(|| ParseError::Field(excerpt(value)))?;
            setup.run = Some(Run {
                turns: parse_number("turns since the last capture", turns)?,
                start: parse_board(start)?,
            });
            field = fields.next();
        }
        if field == Some("endless") {
            setup.endless = true;
            field = fields.next();
        }
        match field {
            None => Ok(setup),
            Some(other) => Err(ParseError::Field(excerpt(other))),
        }
    }
}

impl fmt::Display for Mangala4 {
    /// The position string (see the [module docs](crate::notation)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.to_setup().fmt(f)
    }
}

impl FromStr for Mangala4 {
    type Err = ParseError;

    /// Reads a position string and validates it as [`Mangala4::from_setup`](mancala_engine::Game::from_setup) does.
    fn from_str(text: &str) -> Result<Mangala4, ParseError> {
        Ok(Mangala4::from_setup(text.parse()?)?)
    }
}

#[cfg(feature = "serde")]
mancala_engine::serde_via_str!(Mangala4, Setup, crate::Move, Leftover, crate::Record);
