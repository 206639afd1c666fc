//! The position string, in PlayStrategy's form.
//!
//! ```text
//! <Black's row>/<White's row> <White's kazan> <Black's kazan> <S|N> <full-move number>
//! ```
//!
//! Each row is listed left to right as White sees the board, so Black's row runs from his hole
//! 9 down to his hole 1 and White's from 1 to 9. Holes are separated by commas; a hole with
//! stones is `<count>S`, a run of empty holes is its length as a number, a tuzdik is `t` (its
//! owner is the player across the board). `S` (South, White) or `N` (North, Black) is the
//! player to move. The start:
//!
//! ```text
//! 9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1
//! ```

use crate::{BoardSize, RuleSet, Setup, SetupError, Toguz};
use core::fmt;
use core::str::FromStr;
use mancala_engine::{Position as _, Side};

/// A position with its full-move number: what a position string holds. Always a valid
/// position: reading one goes through [`Toguz::from_setup`].
///
/// ```
/// use toguz::notation::Fen;
/// use toguz::{Move, Toguz};
/// use mancala_engine::Position as _;
///
/// let start: Fen = "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1"
///     .parse()
///     .unwrap();
/// assert_eq!(start.position, Toguz::default());
///
/// let mut position = Toguz::default();
/// position.play(Move::new(8)).unwrap();
/// let after = Fen::new(position, 1);
/// assert_eq!(
///     after.to_string(),
///     "9S,9S,1,10S,10S,10S,10S,10S,10S/9S,9S,9S,9S,9S,9S,9S,1S,10S 10 0 N 1"
/// );
/// assert_eq!(after.to_string().parse::<Fen>().unwrap(), after);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fen {
    /// The position.
    pub position: Toguz,
    /// The full-move number: 1 at the start, one more after each move of Black.
    pub fullmove: u32,
}

/// Why a position string was rejected.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseFenError {
    /// Not the five space-separated fields.
    #[error(
        "expected 5 fields (rows, White's kazan, Black's kazan, side, move number), found {found}"
    )]
    FieldCount {
        /// Fields found.
        found: usize,
    },
    /// The board field is not two rows separated by `/`.
    #[error("expected 2 rows separated by `/`, found {found}")]
    RowCount {
        /// Rows found.
        found: usize,
    },
    /// A hole of a row is not `<count>S`, a run length or `t`.
    #[error("{player}'s row: `{item}` is not a hole (`<count>S`, a run of empty holes, or `t`)")]
    BadHole {
        /// Whose row.
        player: &'static str,
        /// The text read.
        item: String,
    },
    /// A row does not have 9, 7 or 5 holes, or the rows differ.
    #[error("rows of {white} (White) and {black} (Black) holes: both must have 9, 7 or 5")]
    RowLength {
        /// Holes in White's row.
        white: usize,
        /// Holes in Black's row.
        black: usize,
    },
    /// The board size differs from the one of the rules asked for.
    #[error("the rows have {found} holes, the rules want {expected}")]
    BoardMismatch {
        /// Holes per row in the rules.
        expected: usize,
        /// Holes per row in the string.
        found: usize,
    },
    /// A row holds two tuzdiks, but each player makes at most one.
    #[error("{player}'s row holds more than one tuzdik")]
    TwoTuzdiks {
        /// Whose row.
        player: &'static str,
    },
    /// A kazan is not a number of at most three digits.
    #[error("{player}'s kazan `{text}` is not a number")]
    BadKazan {
        /// Whose kazan.
        player: &'static str,
        /// The text read.
        text: String,
    },
    /// The side to move is not `S` or `N`.
    #[error("side to move `{text}` is not `S` or `N`")]
    BadSide {
        /// The text read.
        text: String,
    },
    /// The full-move number is not a positive number.
    #[error("full-move number `{text}` is not a positive number")]
    BadFullmove {
        /// The text read.
        text: String,
    },
    /// The parts do not make a possible position.
    #[error("not a possible position: {0}")]
    Invalid(#[from] SetupError),
}

/// A non-negative number of at most `max_digits` ASCII digits.
pub(crate) fn small_number(text: &str, max_digits: usize) -> Option<u32> {
    let ok =
        !text.is_empty() && text.len() <= max_digits && text.bytes().all(|b| b.is_ascii_digit());
    if ok {
        text.parse().ok()
    } else {
        None
    }
}

fn player_name(side: Side) -> &'static str {
    match side {
        Side::South => "White",
        Side::North => "Black",
    }
}

/// One row as written: counts left to right and the place of a tuzdik, if any.
fn parse_row(text: &str, player: &'static str) -> Result<(Vec<u32>, Option<usize>), ParseFenError> {
    let mut counts = Vec::new();
    let mut tuzdik = None;
    let bad = |item: &str| ParseFenError::BadHole {
        player,
        item: item.to_owned(),
    };
    for item in text.split(',') {
        if counts.len() > 9 {
            break; // too long already; the length check reports it
        }
        if item == "t" || item == "T" {
            if tuzdik.is_some() {
                return Err(ParseFenError::TwoTuzdiks { player });
            }
            tuzdik = Some(counts.len());
            counts.push(0);
        } else if let Some(count) = item.strip_suffix(['S', 's']) {
            counts.push(small_number(count, 3).ok_or_else(|| bad(item))?);
        } else {
            let run = small_number(item, 1)
                .filter(|&n| n > 0)
                .ok_or_else(|| bad(item))?;
            counts.extend(core::iter::repeat_n(0, run as usize));
        }
    }
    Ok((counts, tuzdik))
}

impl Fen {
    /// The string for `position` at full-move number `fullmove`.
    pub fn new(position: Toguz, fullmove: u32) -> Fen {
        Fen { position, fullmove }
    }

    /// Reads a position string under `rules`, whose board must match the rows' length.
    /// [`FromStr`] reads it under the standard rules with the board the rows give.
    ///
    /// ```
    /// use toguz::notation::Fen;
    /// use toguz::{BoardSize, RuleSet};
    ///
    /// let mut rules = RuleSet::STANDARD;
    /// rules.board = BoardSize::Five;
    /// let fen = Fen::parse_with_rules("5S,5S,5S,5S,5S/5S,5S,5S,5S,5S 0 0 S 1", rules).unwrap();
    /// assert_eq!(fen.position.rules(), rules);
    /// assert!(Fen::parse_with_rules("9S,9S,9S,9S,9S/5S,5S,5S,5S,5S 0 0 S 1", rules).is_err());
    /// ```
    pub fn parse_with_rules(text: &str, rules: RuleSet) -> Result<Fen, ParseFenError> {
        Fen::parse(text, Some(rules))
    }

    fn parse(text: &str, rules: Option<RuleSet>) -> Result<Fen, ParseFenError> {
        let fields: Vec<&str> = text.split_ascii_whitespace().take(6).collect();
        let [board, white_kazan, black_kazan, side, fullmove] = fields[..] else {
            return Err(ParseFenError::FieldCount {
                found: fields.len(),
            });
        };
        let rows: Vec<&str> = board.split('/').take(3).collect();
        let [black_row, white_row] = rows[..] else {
            return Err(ParseFenError::RowCount { found: rows.len() });
        };
        let (black, black_tuzdik) = parse_row(black_row, "Black")?;
        let (white, white_tuzdik) = parse_row(white_row, "White")?;
        let size = BoardSize::from_per_side(white.len()).filter(|_| white.len() == black.len());
        let Some(size) = size else {
            return Err(ParseFenError::RowLength {
                white: white.len(),
                black: black.len(),
            });
        };
        let rules = match rules {
            Some(rules) if rules.board != size => {
                return Err(ParseFenError::BoardMismatch {
                    expected: rules.board.per_side(),
                    found: size.per_side(),
                })
            }
            Some(rules) => rules,
            None => RuleSet {
                board: size,
                ..RuleSet::STANDARD
            },
        };
        let n = size.per_side();
        let kazan = |text: &str, side: Side| {
            small_number(text, 3).ok_or_else(|| ParseFenError::BadKazan {
                player: player_name(side),
                text: text.to_owned(),
            })
        };
        let kazans = [
            kazan(white_kazan, Side::South)?,
            kazan(black_kazan, Side::North)?,
        ];
        let side_to_move = match side {
            "S" => Side::South,
            "N" => Side::North,
            _ => {
                return Err(ParseFenError::BadSide {
                    text: side.to_owned(),
                })
            }
        };
        let fullmove = small_number(fullmove, 9)
            .filter(|&n| n > 0)
            .ok_or_else(|| ParseFenError::BadFullmove {
                text: fullmove.to_owned(),
            })?;
        // White's row is already in canonical order; Black's is written from his hole n to 1.
        let mut holes = white;
        holes.extend(black.iter().rev());
        let tuzdiks = [
            black_tuzdik.map(|k| n + (n - 1 - k)), // a `t` on Black's row belongs to White
            white_tuzdik,
        ];
        let setup = Setup {
            holes,
            kazans,
            tuzdiks,
            side_to_move,
            rules,
        };
        let position = Toguz::from_setup(&setup)?;
        Ok(Fen { position, fullmove })
    }
}

impl FromStr for Fen {
    type Err = ParseFenError;

    /// Reads a position string under the standard rules, on the board its rows give.
    fn from_str(text: &str) -> Result<Fen, ParseFenError> {
        Fen::parse(text, None)
    }
}

fn write_row(f: &mut fmt::Formatter<'_>, holes: &[(u8, bool)]) -> fmt::Result {
    let mut empty = 0;
    let mut first = true;
    let mut sep = |f: &mut fmt::Formatter<'_>| {
        let s = if first { "" } else { "," };
        first = false;
        f.write_str(s)
    };
    for &(count, tuzdik) in holes {
        if count == 0 && !tuzdik {
            empty += 1;
            continue;
        }
        if empty > 0 {
            sep(f)?;
            write!(f, "{empty}")?;
            empty = 0;
        }
        sep(f)?;
        if tuzdik {
            f.write_str("t")?;
        } else {
            write!(f, "{count}S")?;
        }
    }
    if empty > 0 {
        sep(f)?;
        write!(f, "{empty}")?;
    }
    Ok(())
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = &self.position;
        let ring = p.ring();
        let tuzdiks = [p.tuzdik(Side::South), p.tuzdik(Side::North)];
        let hole = |i: usize| (p.holes()[i], tuzdiks.contains(&Some(i)));
        let black: Vec<_> = ring.row(Side::North).rev().map(hole).collect();
        let white: Vec<_> = ring.row(Side::South).map(hole).collect();
        write_row(f, &black)?;
        f.write_str("/")?;
        write_row(f, &white)?;
        let side = match p.side_to_move() {
            Side::South => "S",
            Side::North => "N",
        };
        write!(
            f,
            " {} {} {side} {}",
            p.kazan(Side::South),
            p.kazan(Side::North),
            self.fullmove
        )
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Fen {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Fen {
    /// Reads the string and validates the position, exactly as [`FromStr`] does.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Fen, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tuzdiks_go_to_the_player_across_the_board() {
        // White's tuzdik on Black's hole 3, Black's on White's hole 5.
        let text = "9S,9S,9S,9S,9S,9S,t,9S,6S/9S,9S,9S,9S,t,9S,9S,9S,9S 12 9 S 4";
        let fen: Fen = text.parse().unwrap();
        assert_eq!(fen.position.tuzdik(Side::South), Some(9 + 2));
        assert_eq!(fen.position.tuzdik(Side::North), Some(4));
        assert_eq!(fen.position.hole(Side::North, 1), Some(6));
        assert_eq!(fen.to_string(), text);
    }

    #[test]
    fn malformed_strings_are_rejected() {
        let start = "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1";
        assert!(start.parse::<Fen>().is_ok());
        for bad in [
            "",
            "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S",
            "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1 x",
            "9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1",
            "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S/9S 0 0 S 1",
            "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1",
            "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9X 0 0 S 1",
            "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 W 1",
            "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 0",
            "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S -0 0 S 1",
            "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 1 0 S 1",
            "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,0 0 0 S 1",
            "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,,9S 0 0 S 1",
            "t,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 3 0 S 1",
        ] {
            assert!(bad.parse::<Fen>().is_err(), "{bad:?}");
        }
    }
}
