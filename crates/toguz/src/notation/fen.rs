//! The position string: PlayStrategy's form, with the rule options after it. It is the shape
//! every game's position string has (see [`mancala_engine::notation`]); the holes are written
//! in PlayStrategy's own way.
//!
//! ```text
//! <Black's row>/<White's row> <White's kazan> <Black's kazan> <S|N> [<full-move number>] [<options>]
//! ```
//!
//! Each row is listed left to right as White sees the board, so Black's row runs from his hole
//! 9 down to his hole 1 and White's from 1 to 9. Holes are separated by commas; a hole with
//! seeds is `<count>S`, a run of empty holes is its length as a number, a tuzdik is `t` (its
//! owner is the player across the board). `S` (South, White) or `N` (North, Black) is the
//! player to move. The rows give the board; the options that differ from the standard rules
//! follow as words (`optional-tuzdik`, `no-majority-stop`). A [`Toguz`] is written without a
//! full-move number, a [`Fen`] with one. The start:
//!
//! ```text
//! 9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S
//! ```

use super::rules_text::{option_words, Options};
use super::{quote, ParseError};
use crate::setup::player_name;
use crate::{BoardSize, RuleSet, Setup, Toguz};
use core::fmt;
use core::str::FromStr;
use mancala_engine::notation::{read_side, side_letter};
use mancala_engine::{Game, Side};

/// A position with its full-move number: what a record's `FEN` tag holds. Always a valid
/// position: reading one goes through [`Toguz::from_setup`](mancala_engine::Game::from_setup).
///
/// ```
/// use toguz::notation::Fen;
/// use toguz::{Move, Toguz};
/// use mancala_engine::Position as _;
///
/// let start: Fen = "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1"
///     .parse()
///     .unwrap();
/// assert_eq!(start.position(), Toguz::default());
///
/// let mut position = Toguz::default();
/// position.play(Move::new(8)).unwrap();
/// let after = Fen::new(position, 1).unwrap();
/// assert_eq!(
///     after.to_string(),
///     "9S,9S,1,10S,10S,10S,10S,10S,10S/9S,9S,9S,9S,9S,9S,9S,1S,10S 10 0 N 1"
/// );
/// assert_eq!(after.to_string().parse::<Fen>(), Ok(after));
/// assert_eq!(Fen::new(position, 0), None); // move numbers start at 1
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Fen {
    position: Toguz,
    fullmove: u32,
}

impl Fen {
    /// `position` at full-move number `fullmove`; `None` for `0`, as moves are counted from 1.
    pub fn new(position: Toguz, fullmove: u32) -> Option<Fen> {
        (fullmove > 0).then_some(Fen { position, fullmove })
    }

    /// The position.
    pub fn position(&self) -> Toguz {
        self.position
    }

    /// The full-move number: 1 at the start, one more after each move of Black.
    pub fn fullmove(&self) -> u32 {
        self.fullmove
    }

    /// Reads a position string under `rules`: the rows must be `rules`' board, and options
    /// written in the string must be `rules`' options; a string without options (PlayStrategy's
    /// form) takes `rules`' options. [`FromStr`] takes the rules from the string alone.
    ///
    /// ```
    /// use mancala_engine::Game;
    /// use toguz::notation::Fen;
    /// use toguz::{BoardSize, RuleSet, TuzdikRule};
    ///
    /// let rules = RuleSet { board: BoardSize::Five, tuzdik: TuzdikRule::Optional, ..RuleSet::STANDARD };
    /// let fen = Fen::parse_with_rules("5S,5S,5S,5S,5S/5S,5S,5S,5S,5S 0 0 S 1", rules).unwrap();
    /// assert_eq!(fen.position().rules(), rules);
    /// assert!(Fen::parse_with_rules("9S,9S,9S,9S,9S/5S,5S,5S,5S,5S 0 0 S 1", rules).is_err());
    /// ```
    pub fn parse_with_rules(text: &str, rules: RuleSet) -> Result<Fen, ParseError> {
        let (position, fullmove) = read(text, Some(rules))?;
        let fullmove = fullmove.ok_or(ParseError::NoMoveNumber)?;
        Ok(Fen { position, fullmove })
    }
}

impl From<Toguz> for Fen {
    /// The position at full-move number 1.
    fn from(position: Toguz) -> Fen {
        Fen {
            position,
            fullmove: 1,
        }
    }
}

impl FromStr for Fen {
    type Err = ParseError;

    /// Reads a position string with its full-move number; the rules are the ones the string
    /// gives (the rows' board, the options written, the standard ones otherwise).
    fn from_str(text: &str) -> Result<Fen, ParseError> {
        let (position, fullmove) = read(text, None)?;
        let fullmove = fullmove.ok_or(ParseError::NoMoveNumber)?;
        Ok(Fen { position, fullmove })
    }
}

impl FromStr for Toguz {
    type Err = ParseError;

    /// Reads a position string, with or without a full-move number (which is checked, then
    /// dropped); the rules are the ones the string gives.
    fn from_str(text: &str) -> Result<Toguz, ParseError> {
        read(text, None).map(|(position, _)| position)
    }
}

impl fmt::Display for Fen {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write(f, &self.position, Some(self.fullmove))
    }
}

impl fmt::Display for Toguz {
    /// The position string, without a full-move number.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write(f, self, None)
    }
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

/// One row as written: counts left to right and the place of a tuzdik, if any.
fn read_row(text: &str, player: &'static str) -> Result<(Vec<u32>, Option<usize>), ParseError> {
    let mut counts = Vec::new();
    let mut tuzdik = None;
    let bad = |item: &str| ParseError::BadHole {
        player,
        item: quote(item),
    };
    for item in text.split(',') {
        if counts.len() > 9 {
            break; // too long already; the length check reports it
        }
        if item == "t" || item == "T" {
            if tuzdik.is_some() {
                return Err(ParseError::TwoTuzdiks { player });
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

/// Reads a position string under `rules` if given (see [`Fen::parse_with_rules`]), else under
/// the rules it gives; the full-move number if there is one.
fn read(text: &str, rules: Option<RuleSet>) -> Result<(Toguz, Option<u32>), ParseError> {
    let mut fields = text.split_ascii_whitespace();
    let mut next = |found: usize| fields.next().ok_or(ParseError::FieldCount { found });
    let (board, white_kazan, black_kazan, side) = (next(0)?, next(1)?, next(2)?, next(3)?);
    let rows: Vec<&str> = board.split('/').take(3).collect();
    let [black_row, white_row] = rows[..] else {
        return Err(ParseError::RowCount { found: rows.len() });
    };
    let (black, black_tuzdik) = read_row(black_row, "Black")?;
    let (white, white_tuzdik) = read_row(white_row, "White")?;
    let size = BoardSize::from_per_side(white.len()).filter(|_| white.len() == black.len());
    let Some(size) = size else {
        return Err(ParseError::RowLength {
            white: white.len(),
            black: black.len(),
        });
    };
    let kazan = |text: &str, side: Side| {
        small_number(text, 3).ok_or_else(|| ParseError::BadKazan {
            player: player_name(side),
            text: quote(text),
        })
    };
    let kazans = [
        kazan(white_kazan, Side::South)?,
        kazan(black_kazan, Side::North)?,
    ];
    let side_to_move = read_side(side).ok_or_else(|| ParseError::BadSide { text: quote(side) })?;
    let mut fullmove = None;
    let mut options = Options::default();
    for (i, word) in fields.enumerate() {
        if i == 0 && word.bytes().all(|b| b.is_ascii_digit()) {
            fullmove = Some(move_number(word)?);
        } else if !options.read(word)? {
            return Err(ParseError::BadOption { text: quote(word) });
        }
    }
    let written = options.rules(size);
    let rules = match rules {
        None => written,
        Some(rules) if rules.board == size && (!options.any() || rules == written) => rules,
        Some(rules) => {
            return Err(ParseError::RulesMismatch {
                expected: rules.to_string(),
                found: written.to_string(),
            })
        }
    };
    let n = size.per_side();
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
    Ok((Toguz::from_setup(setup)?, fullmove))
}

/// A full-move number: `1..=u32::MAX`, in digits.
fn move_number(word: &str) -> Result<u32, ParseError> {
    let digits = word.trim_start_matches('0');
    let value = if digits.len() <= 10 {
        digits.parse::<u64>().unwrap_or(0)
    } else {
        0
    };
    match u32::try_from(value) {
        Ok(n) if n > 0 => Ok(n),
        _ => Err(ParseError::MoveNumberOutOfRange { text: quote(word) }),
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

/// Writes the position string, with `fullmove` if given.
fn write(f: &mut fmt::Formatter<'_>, p: &Toguz, fullmove: Option<u32>) -> fmt::Result {
    let ring = p.ring();
    let tuzdiks = [p.tuzdik(Side::South), p.tuzdik(Side::North)];
    let hole = |i: usize| (p.holes()[i], tuzdiks.contains(&Some(i)));
    let black: Vec<_> = ring.row(Side::North).rev().map(hole).collect();
    let white: Vec<_> = ring.row(Side::South).map(hole).collect();
    write_row(f, &black)?;
    f.write_str("/")?;
    write_row(f, &white)?;
    let side = side_letter(p.side);
    write!(
        f,
        " {} {} {side}",
        p.kazan(Side::South),
        p.kazan(Side::North)
    )?;
    if let Some(fullmove) = fullmove {
        write!(f, " {fullmove}")?;
    }
    for word in option_words(p.rules()) {
        write!(f, " {word}")?;
    }
    Ok(())
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
    fn move_numbers_cover_every_u32_but_zero() {
        assert_eq!(move_number("1"), Ok(1));
        assert_eq!(move_number("0004294967295"), Ok(u32::MAX));
        for bad in ["0", "000", "4294967296", "99999999999999999999999"] {
            let error = move_number(bad).unwrap_err();
            assert!(
                error.to_string().contains("from 1 to 4294967295"),
                "{error}"
            );
        }
    }

    #[test]
    fn malformed_strings_are_rejected() {
        let start = "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1";
        assert!(start.parse::<Fen>().is_ok());
        for bad in [
            "",
            "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S",
            "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1 x",
            "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1 2",
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
