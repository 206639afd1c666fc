//! The half-move notations: the tournament (KZ) two-digit form and the PlayOK form.
//!
//! Reading is in two steps. [`HalfMove::from_str`](core::str::FromStr) checks the syntax alone;
//! [`HalfMove::resolve`] then checks the half-move against a position — legality, the landing
//! hole, the tuzdik mark and the kazan total — and gives the [`Move`] to play. Writing goes the
//! other way: [`HalfMove::from_move`] computes every checksum of a move from a position.

use super::{quote, ParseError};
use crate::{Move, MoveError, Toguz, TuzdikRule};
use core::fmt;
use core::str::FromStr;
use mancala_engine::Game;
use mancala_engine::Position as _;

/// The two notations in use; they differ only in how much they record.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Style {
    /// Kazakh score sheets: `76`, `36x`. Captures are not marked.
    Kz,
    /// PlayOK records: `87(10)`, `68X`. An even capture is followed by the mover's kazan total.
    #[default]
    PlayOk,
}

/// A half-move as written: origin hole, landing hole and the marks, not yet checked against any
/// position.
///
/// `Display` writes the PlayOK form (`87(10)`, `68X`), which holds everything the value holds;
/// [`HalfMove::display`] writes either style.
///
/// ```
/// use toguz::notation::{HalfMove, Style};
///
/// let half: HalfMove = "36х".parse().unwrap(); // Cyrillic х
/// assert_eq!((half.from(), half.to(), half.tuzdik()), (3, 6, true));
/// assert_eq!(half.display(Style::Kz).to_string(), "36x");
/// assert_eq!("87(10)".parse::<HalfMove>().unwrap().kazan(), Some(10));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct HalfMove {
    from: u8,
    to: u8,
    tuzdik: bool,
    kazan: Option<u16>,
}

/// Why a half-move does not fit a position: the first checksum that disagrees, or the reason
/// the move is illegal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ResolveError {
    /// The origin hole cannot be played.
    #[error("illegal move from hole {number}: {source}")]
    Illegal {
        /// The origin hole's number.
        number: u8,
        /// Why the rules refuse it.
        source: MoveError,
    },
    /// The last seed lands elsewhere.
    #[error("the last seed lands on hole {actual}, the half-move says {recorded}")]
    Landing {
        /// The landing hole written.
        recorded: u8,
        /// The landing hole by the rules (numbered from its owner's left).
        actual: u8,
    },
    /// The half-move marks a tuzdik the move does not make.
    #[error("the half-move marks a tuzdik but the move makes none")]
    TuzdikNotMade,
    /// The move makes a tuzdik the half-move does not mark.
    #[error("the move makes a tuzdik on hole {number} but the half-move does not mark it")]
    TuzdikNotMarked {
        /// The tuzdik's hole number, counted from its owner's left.
        number: u8,
    },
    /// The kazan total disagrees.
    #[error("the mover's kazan holds {actual} after the move, the half-move says {recorded}")]
    Kazan {
        /// The total written.
        recorded: u16,
        /// The total by the rules.
        actual: u32,
    },
    /// A kazan total is written but the move captures nothing.
    #[error("the half-move gives a kazan total ({recorded}) but the move captures nothing")]
    KazanWithoutCapture {
        /// The total written.
        recorded: u16,
    },
    /// The move captures but the PlayOK half-move gives no kazan total.
    #[error("the move captures {captured} seeds but the half-move gives no kazan total")]
    MissingKazan {
        /// Seeds captured.
        captured: u32,
    },
}

fn is_tuzdik_mark(c: char) -> bool {
    matches!(c, 'x' | 'X' | 'х' | 'Х')
}

impl FromStr for HalfMove {
    type Err = ParseError;

    /// Reads `ab`, `abx`, `abX`, `abх` (Cyrillic), `ab(n)` or `abX(n)`: origin `a` and landing
    /// `b` in `1..=9`, a tuzdik mark, a kazan total `n` of at most 162.
    fn from_str(text: &str) -> Result<HalfMove, ParseError> {
        if text.is_empty() {
            return Err(ParseError::EmptyHalfMove);
        }
        let owned = || quote(text);
        let mut chars = text.chars();
        let digit = |c: Option<char>| match c {
            Some(c @ '1'..='9') => Some(c as u8 - b'0'),
            _ => None,
        };
        let (Some(from), Some(to)) = (digit(chars.next()), digit(chars.next())) else {
            return Err(ParseError::BadHalfMoveHoles { text: owned() });
        };
        let mut rest = chars.as_str();
        let mut tuzdik = false;
        if let Some(c) = rest.chars().next() {
            if is_tuzdik_mark(c) {
                tuzdik = true;
                rest = &rest[c.len_utf8()..];
            }
        }
        let mut kazan = None;
        if let Some(inner) = rest.strip_prefix('(') {
            let Some(close) = inner.find(')') else {
                return Err(ParseError::BadHalfMoveKazan { text: owned() });
            };
            let digits = &inner[..close];
            let valid = !digits.is_empty() && digits.len() <= 3;
            let valid = valid && digits.bytes().all(|b| b.is_ascii_digit());
            match digits.parse::<u16>() {
                Ok(n) if valid && n <= 162 => kazan = Some(n),
                _ => return Err(ParseError::BadHalfMoveKazan { text: owned() }),
            }
            rest = &inner[close + 1..];
        }
        if !rest.is_empty() {
            return Err(ParseError::HalfMoveTrailing { text: owned() });
        }
        Ok(HalfMove {
            from,
            to,
            tuzdik,
            kazan,
        })
    }
}

impl HalfMove {
    /// A half-move from its parts, if both holes are in `1..=9` and the kazan total is at most
    /// 162 (the seeds of the game).
    pub fn new(from: u8, to: u8, tuzdik: bool, kazan: Option<u16>) -> Option<HalfMove> {
        let hole = 1..=9;
        let ok = hole.contains(&from) && hole.contains(&to) && kazan.is_none_or(|k| k <= 162);
        ok.then_some(HalfMove {
            from,
            to,
            tuzdik,
            kazan,
        })
    }

    /// The mover's hole the seeds come from, `1..=9`.
    pub fn from(self) -> u8 {
        self.from
    }

    /// The hole where the last seed lands, numbered from its owner's left, `1..=9`.
    pub fn to(self) -> u8 {
        self.to
    }

    /// Whether the half-move is marked as making a tuzdik.
    pub fn tuzdik(self) -> bool {
        self.tuzdik
    }

    /// The mover's kazan total after the move, written by PlayOK after an even capture.
    pub fn kazan(self) -> Option<u16> {
        self.kazan
    }

    /// The same half-move without its kazan total: what the KZ notation records.
    pub fn without_kazan(self) -> HalfMove {
        HalfMove {
            kazan: None,
            ..self
        }
    }

    /// The half-move that writes `mv` played from `position`, with every checksum of `style`
    /// (landing, tuzdik mark, and for PlayOK the kazan total after an even capture).
    ///
    /// ```
    /// use toguz::notation::{HalfMove, Style};
    /// use toguz::{Move, Toguz};
    ///
    /// let half = HalfMove::from_move(&Toguz::default(), Move::new(8), Style::PlayOk).unwrap();
    /// assert_eq!(half.to_string(), "87(10)");
    /// ```
    pub fn from_move(position: &Toguz, mv: Move, style: Style) -> Result<HalfMove, MoveError> {
        let mut after = *position;
        let effect = after.play_reported(mv)?;
        let ring = position.ring();
        let me = position.side_to_move();
        let kazan = (style == Style::PlayOk && effect.captured > 0).then(|| after.kazan(me) as u16);
        Ok(HalfMove {
            from: mv.number(),
            to: ring.number(effect.landing) as u8,
            tuzdik: effect.tuzdik.is_some(),
            kazan,
        })
    }

    /// Checks the half-move against `position` and returns the move it records.
    ///
    /// Checked in order: the origin hole is legal, the last seed lands on the written hole, the
    /// tuzdik mark agrees with the move, and a written kazan total equals the mover's kazan after
    /// an even capture. Under [`Style::PlayOk`] a capture without a kazan total is also an
    /// error; under [`Style::Kz`] captures are not marked, so a missing total is accepted.
    /// Under optional tuzdik rules the mark is the claim: a marked half-move claims the tuzdik.
    ///
    /// ```
    /// use toguz::notation::{HalfMove, ResolveError, Style};
    /// use toguz::{Move, Toguz};
    ///
    /// let start = Toguz::default();
    /// let half: HalfMove = "87(10)".parse().unwrap();
    /// assert_eq!(half.resolve(&start, Style::PlayOk), Ok(Move::new(8)));
    /// let wrong: HalfMove = "86".parse().unwrap();
    /// assert_eq!(
    ///     wrong.resolve(&start, Style::Kz),
    ///     Err(ResolveError::Landing { recorded: 6, actual: 7 })
    /// );
    /// ```
    pub fn resolve(self, position: &Toguz, style: Style) -> Result<Move, ResolveError> {
        let number = self.from;
        let mv = if self.tuzdik && position.rules().tuzdik == TuzdikRule::Optional {
            Move::claiming(number)
        } else {
            Move::new(number)
        };
        let mut after = *position;
        let effect = after
            .play_reported(mv)
            .map_err(|source| ResolveError::Illegal { number, source })?;
        let ring = position.ring();
        let landing = ring.number(effect.landing) as u8;
        if landing != self.to {
            return Err(ResolveError::Landing {
                recorded: self.to,
                actual: landing,
            });
        }
        match (self.tuzdik, effect.tuzdik) {
            (true, None) => return Err(ResolveError::TuzdikNotMade),
            (false, Some(hole)) => {
                return Err(ResolveError::TuzdikNotMarked {
                    number: ring.number(hole) as u8,
                })
            }
            _ => {}
        }
        let me = position.side_to_move();
        let actual = after.kazan(me);
        match (self.kazan, effect.captured) {
            (Some(recorded), 0) => return Err(ResolveError::KazanWithoutCapture { recorded }),
            (Some(recorded), _) if u32::from(recorded) != actual => {
                return Err(ResolveError::Kazan { recorded, actual })
            }
            (None, captured) if captured > 0 && style == Style::PlayOk => {
                return Err(ResolveError::MissingKazan { captured })
            }
            _ => {}
        }
        Ok(mv)
    }

    /// A value that writes the half-move in `style`: KZ drops the kazan total and marks a
    /// tuzdik with a Latin `x`; PlayOK writes `X` and the total.
    pub fn display(self, style: Style) -> impl fmt::Display {
        StyledHalfMove { half: self, style }
    }
}

struct StyledHalfMove {
    half: HalfMove,
    style: Style,
}

impl fmt::Display for StyledHalfMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let h = self.half;
        write!(f, "{}{}", h.from, h.to)?;
        match self.style {
            Style::Kz => {
                if h.tuzdik {
                    f.write_str("x")?;
                }
            }
            Style::PlayOk => {
                if h.tuzdik {
                    f.write_str("X")?;
                }
                if let Some(k) = h.kazan {
                    write!(f, "({k})")?;
                }
            }
        }
        Ok(())
    }
}

impl fmt::Display for HalfMove {
    /// The PlayOK form, which keeps every mark: `87(10)`, `68X`, `22`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.display(Style::PlayOk).fmt(f)
    }
}

mancala_engine::named_values! {
    /// The style's name: `kz` or `playok`.
    Style, ParseError, |text: &str| ParseError::BadStyle { text: quote(text) };
    Kz => "kz",
    PlayOk => "playok",
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn syntax_accepts_both_styles_and_rejects_the_rest() {
        for (text, from, to, tuzdik, kazan) in [
            ("76", 7, 6, false, None),
            ("36x", 3, 6, true, None),
            ("36х", 3, 6, true, None),
            ("36Х", 3, 6, true, None),
            ("68X", 6, 8, true, None),
            ("87(10)", 8, 7, false, Some(10)),
            ("99(162)", 9, 9, false, Some(162)),
        ] {
            let half: HalfMove = text.parse().unwrap();
            assert_eq!(HalfMove::new(from, to, tuzdik, kazan), Some(half), "{text}");
        }
        for text in [
            "", "7", "06", "70", "7a", "a7", "76y", "76(", "76()", "76(163)", "76(1x)", "76(10",
            "76(10)x", "76xx", "76 ", "(10)", "76(0010)", "76(+1)",
        ] {
            assert!(text.parse::<HalfMove>().is_err(), "{text:?}");
        }
    }

    #[test]
    fn display_round_trips() {
        for text in ["76", "68X", "87(10)", "11"] {
            let half: HalfMove = text.parse().unwrap();
            assert_eq!(half.to_string(), text);
            assert_eq!(half.to_string().parse::<HalfMove>(), Ok(half));
        }
        let half: HalfMove = "36X".parse().unwrap();
        assert_eq!(half.display(Style::Kz).to_string(), "36x");
    }
}
