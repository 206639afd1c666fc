//! The position string and the parsing helpers shared by every notation of the crate.
//!
//! A position string is four fields separated by single spaces:
//!
//! ```text
//! c0,c1,…,c13 SOUTH NORTH SIDE
//! ```
//!
//! the 14 counts in canonical order (South's holes 1..7, then North's 1..7), the counters South
//! and North have captured, and the side to move (`south` or `north`). Numbers are plain decimal
//! (digits only, no sign, no leading zero), so every position has exactly one string. The rule
//! options are not part of it, nor is the history: a parsed position counts M7 repeats from
//! itself on.

use crate::engine::HOLES;
use crate::{Mangala4, RuleSet, SetupError};
use core::fmt;
use mancala_engine::{Position as _, Side};

/// Why a string was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// The string does not have the number of white-space separated fields the notation has.
    #[error("a {what} has {expected} fields separated by spaces, but {found} were given")]
    FieldCount {
        /// Which notation.
        what: &'static str,
        /// Fields it has.
        expected: usize,
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
        /// The text found.
        text: String,
    },
    /// A side is `south` or `north`.
    #[error("side `{0}` is neither `south` nor `north`")]
    Side(String),
    /// A leftover option is `none` or `own-side`.
    #[error("leftover option `{0}` is neither `none` nor `own-side`")]
    Leftover(String),
    /// The parts parsed but do not make a valid board or position.
    #[error(transparent)]
    Invalid(#[from] SetupError),
}

/// Parses a plain decimal number: digits only, no sign, no leading zero (except `0` itself).
pub(crate) fn parse_number(what: &'static str, text: &str) -> Result<u32, ParseError> {
    let plain = !text.is_empty()
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    match text.parse::<u32>() {
        Ok(n) if plain => Ok(n),
        _ => Err(ParseError::Number {
            what,
            text: text.to_owned(),
        }),
    }
}

/// Parses `c0,…,c13`.
pub(crate) fn parse_board(text: &str) -> Result<[u32; HOLES], ParseError> {
    let fields: Vec<&str> = text.split(',').collect();
    if fields.len() != HOLES {
        return Err(ParseError::HoleCount(fields.len()));
    }
    let mut counts = [0u32; HOLES];
    for (count, field) in counts.iter_mut().zip(fields) {
        *count = parse_number("hole count", field)?;
    }
    Ok(counts)
}

/// Parses `south` or `north`.
pub(crate) fn parse_side(text: &str) -> Result<Side, ParseError> {
    match text {
        "south" => Ok(Side::South),
        "north" => Ok(Side::North),
        _ => Err(ParseError::Side(text.to_owned())),
    }
}

/// Writes `c0,…,c13`.
pub(crate) fn write_board(f: &mut fmt::Formatter<'_>, board: &[u8; HOLES]) -> fmt::Result {
    for (i, count) in board.iter().enumerate() {
        if i > 0 {
            f.write_str(",")?;
        }
        write!(f, "{count}")?;
    }
    Ok(())
}

impl Mangala4 {
    /// Parses a position string (see the [module docs](crate::notation)) under `rules`.
    pub fn from_notation(text: &str, rules: RuleSet) -> Result<Mangala4, ParseError> {
        let fields: Vec<&str> = text.split(' ').collect();
        let [board, south, north, side] = fields[..] else {
            return Err(ParseError::FieldCount {
                what: "position",
                expected: 4,
                found: fields.len(),
            });
        };
        let counts = parse_board(board)?;
        let south = parse_number("captured total", south)?;
        let north = parse_number("captured total", north)?;
        let side = parse_side(side)?;
        let total: u64 = counts
            .iter()
            .chain([&south, &north])
            .map(|&c| u64::from(c))
            .sum();
        if total > u64::from(crate::MAX_COUNTERS) {
            return Err(SetupError::TooManyCounters(total).into());
        }
        // Every number is now at most MAX_COUNTERS (255), so the casts are exact.
        let board = counts.map(|c| c as u8);
        Ok(Mangala4::from_parts(
            board,
            [south as u8, north as u8],
            side,
            rules,
        )?)
    }
}

impl fmt::Display for Mangala4 {
    /// The position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_board(f, &self.board())?;
        write!(
            f,
            " {} {} {}",
            self.captured(Side::South),
            self.captured(Side::North),
            self.side_to_move()
        )
    }
}

impl core::str::FromStr for Mangala4 {
    type Err = ParseError;

    /// Parses a position string under the default rules.
    fn from_str(s: &str) -> Result<Mangala4, ParseError> {
        Mangala4::from_notation(s, RuleSet::default())
    }
}

#[cfg(feature = "serde")]
mod serde_impls {
    use crate::{Mangala4, Setup};
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    /// As the position string (rule options are not part of it: default rules on the way back).
    impl Serialize for Mangala4 {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self)
        }
    }

    /// From the position string, validated.
    impl<'de> Deserialize<'de> for Mangala4 {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Mangala4, D::Error> {
            let text = String::deserialize(deserializer)?;
            text.parse().map_err(D::Error::custom)
        }
    }

    /// As the setup string (`c0,…,c13 FIRST`).
    impl Serialize for Setup {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_str(self)
        }
    }

    /// From the setup string, validated.
    impl<'de> Deserialize<'de> for Setup {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Setup, D::Error> {
            let text = String::deserialize(deserializer)?;
            text.parse().map_err(D::Error::custom)
        }
    }
}
