//! The position string, shared by [`Mangala4`] and [`Setup`], and the parsing helpers of every
//! notation of the crate.
//!
//! A position string is space-separated fields, the last three optional:
//!
//! ```text
//! c0,c1,…,c13 SOUTH NORTH SIDE [leftover=own-side] [run=T:s0,s1,…,s13] [endless]
//! ```
//!
//! - the 14 counts in canonical order (South's holes 1..7, then North's 1..7);
//! - the seeds South and North have captured;
//! - the side to move, `south` or `north`;
//! - the leftover option (M7, M8), written when it is not the standard `none`;
//! - the run since the last capture (M7), written when it has turns: `T` turns, passes
//!   included, played from the board `s0,…,s13` (the stores as now, the side to move as now
//!   if `T` is even, the other if odd). Play is forced, so this tells every position since the
//!   last capture, and with it when a position repeats;
//! - `endless` when the game ended with an endless move (M8) from this board.
//!
//! So the string holds everything that decides the rest of the game: a position read back
//! plays on exactly as the one written. Numbers are plain decimal (digits only, no sign, no
//! leading zero). Written strings omit what is standard or empty, so every position has
//! exactly one string; reading also takes `leftover=none` written out. A string of the first
//! four fields alone (as written before runs were recorded) reads as a position whose history
//! begins there, under the standard rules. A start may also be written `c0,…,c13 SIDE`:
//! nothing captured.
//!
//! ```
//! use mangala4::prelude::*;
//!
//! // A lone seed moved from South's hole 3 to his hole 4, and North passed: two turns.
//! let text = "0,0,0,1,0,0,0,0,0,0,0,0,0,0 52 45 south run=2:0,0,1,0,0,0,0,0,0,0,0,0,0,0";
//! let position: Mangala4 = text.parse()?;
//! assert_eq!(position.turns_since_capture(), 2);
//! assert_eq!(position.to_string(), text);
//! # Ok::<(), mangala4::ParseError>(())
//! ```

use crate::rules::{Leftover, HOLES};
use crate::setup::{Run, Setup, SetupError};
use crate::Mangala4;
use core::fmt;
use core::str::FromStr;
use mancala_engine::Side;

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
    /// A board is 14 comma-separated counts.
    #[error("a board has 14 comma-separated counts, but {0} were given")]
    HoleCount(usize),
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
    /// A side is `south` or `north`.
    #[error("side `{0}` is neither `south` nor `north`")]
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

/// The longest piece of a refused text an error keeps: enough to find it, never the whole of
/// a huge input.
const EXCERPT: usize = 40;

/// `text`, or its start followed by `…` if it is long.
pub(crate) fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT) {
        None => text.to_owned(),
        Some((end, _)) => format!("{}…", &text[..end]),
    }
}

/// Parses a plain decimal number: digits only, no sign, no leading zero (except `0` itself).
pub(crate) fn parse_number(what: &'static str, text: &str) -> Result<u32, ParseError> {
    let plain = !text.is_empty()
        && text.len() <= 10
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    match text.parse::<u32>() {
        Ok(n) if plain => Ok(n),
        _ => Err(ParseError::Number {
            what,
            text: excerpt(text),
        }),
    }
}

/// Parses `c0,…,c13`.
pub(crate) fn parse_board(text: &str) -> Result<[u32; HOLES], ParseError> {
    let mut counts = [0u32; HOLES];
    let mut found = 0;
    for field in text.split(',') {
        if let Some(count) = counts.get_mut(found) {
            *count = parse_number("hole count", field)?;
        }
        found += 1;
    }
    if found != HOLES {
        return Err(ParseError::HoleCount(found));
    }
    Ok(counts)
}

/// Parses `south` or `north`.
pub(crate) fn parse_side(text: &str) -> Result<Side, ParseError> {
    match text {
        "south" => Ok(Side::South),
        "north" => Ok(Side::North),
        _ => Err(ParseError::Side(excerpt(text))),
    }
}

/// Writes `c0,…,c13`.
pub(crate) fn write_board(f: &mut fmt::Formatter<'_>, board: &[u32; HOLES]) -> fmt::Result {
    for (i, count) in board.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{count}")?;
    }
    Ok(())
}

impl fmt::Display for Setup {
    /// The position string of these parts (see the [module docs](self)).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(f, &self.holes)?;
        let [south, north] = self.stores;
        write!(f, " {south} {north} {}", self.side_to_move)?;
        if self.rules.leftover != Leftover::Uncounted {
            write!(f, " leftover={}", self.rules.leftover)?;
        }
        if let Some(run) = &self.run {
            write!(f, " run={}:", run.turns)?;
            write_board(f, &run.start)?;
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
    /// make a position: [`Mangala4::from_setup`] does that.
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

    /// Reads a position string and validates it as [`Mangala4::from_setup`] does.
    fn from_str(text: &str) -> Result<Mangala4, ParseError> {
        Ok(Mangala4::from_setup(text.parse()?)?)
    }
}

#[cfg(feature = "serde")]
mancala_engine::serde_via_str!(Mangala4, Setup, crate::Move, Leftover, crate::Record);
