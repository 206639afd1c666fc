//! The opening ritual, "Tek mi, Çift mi?" (odd or even?), and the evaluation of the side
//! choice it grants.
//!
//! The challenger hides one or two seeds in his fist; the other player (the guesser) says
//! odd or even. A right guess lets the guesser choose his row; a wrong one lets the challenger
//! assign the rows, which comes to the challenger choosing his own. Either way one player, the
//! chooser, takes a row and the other player gets the other one.

use crate::notation::parse_side;
use crate::{Mangala4, ParseError};
use core::fmt;
use mancala_engine::{Rng, Side};

/// Odd or even.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Parity {
    /// One seed hidden.
    Odd,
    /// Two seeds hidden.
    Even,
}

impl fmt::Display for Parity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Parity::Odd => "odd",
            Parity::Even => "even",
        })
    }
}

/// A player's part in the ritual.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    /// The player who hides the seeds and asks.
    Challenger,
    /// The player who guesses.
    Guesser,
}

impl Role {
    /// The other role.
    pub const fn other(self) -> Role {
        match self {
            Role::Challenger => Role::Guesser,
            Role::Guesser => Role::Challenger,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::Challenger => "challenger",
            Role::Guesser => "guesser",
        })
    }
}

/// Why a ritual was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RitualError {
    /// The challenger hides one or two seeds.
    #[error("the challenger hides 1 or 2 seeds, not {0}")]
    Hidden(u32),
    /// The opening string is malformed.
    #[error("opening `{0}` is not of the form `hid=1|2 guess=odd|even chooser=challenger|guesser row=south|north`")]
    Malformed(String),
    /// The chooser written in an opening string is not the one the hidden count and the guess
    /// give.
    #[error("with {hidden} hidden and the guess {guess}, the {expected} chooses, not the {found}")]
    WrongChooser {
        /// Counters hidden.
        hidden: u8,
        /// The guess.
        guess: Parity,
        /// The chooser the rules give.
        expected: Role,
        /// The chooser written.
        found: Role,
    },
    /// A field failed to parse.
    #[error(transparent)]
    Parse(#[from] ParseError),
}

/// The hidden count and the guess: who chooses the rows follows from them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ritual {
    hidden: u8,
    guess: Parity,
}

impl Ritual {
    /// The challenger hid `hidden` seeds (1 or 2) and the guesser said `guess`.
    pub fn new(hidden: u32, guess: Parity) -> Result<Ritual, RitualError> {
        match hidden {
            1 | 2 => Ok(Ritual {
                hidden: hidden as u8,
                guess,
            }),
            _ => Err(RitualError::Hidden(hidden)),
        }
    }

    /// A ritual with the hidden count and the guess each drawn uniformly (for simulations).
    pub fn random(rng: &mut Rng) -> Ritual {
        let hidden = 1 + rng.below(2) as u8;
        let guess = if rng.below(2) == 0 {
            Parity::Odd
        } else {
            Parity::Even
        };
        Ritual { hidden, guess }
    }

    /// Counters hidden (1 or 2).
    pub const fn hidden(&self) -> u8 {
        self.hidden
    }

    /// The guess.
    pub const fn guess(&self) -> Parity {
        self.guess
    }

    /// The parity actually hidden.
    pub const fn parity(&self) -> Parity {
        if self.hidden == 1 {
            Parity::Odd
        } else {
            Parity::Even
        }
    }

    /// Whether the guesser guessed right.
    pub fn guessed_right(&self) -> bool {
        self.parity() == self.guess
    }

    /// Who chooses the rows: the guesser if he guessed right, else the challenger.
    pub fn chooser(&self) -> Role {
        if self.guessed_right() {
            Role::Guesser
        } else {
            Role::Challenger
        }
    }

    /// The opening that results when the chooser takes `row`.
    pub fn choose(self, row: Side) -> Opening {
        Opening { ritual: self, row }
    }
}

/// A completed ritual: who chose and the row he took. Its string form (used in game records)
/// is `hid=H guess=G chooser=C row=R`, the chooser being checked against the hidden count and
/// the guess when parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Opening {
    /// The hidden count and the guess.
    pub ritual: Ritual,
    /// The row the chooser took.
    pub row: Side,
}

impl Opening {
    /// The row of the player with `role`.
    pub fn side_of(&self, role: Role) -> Side {
        if role == self.ritual.chooser() {
            self.row
        } else {
            !self.row
        }
    }

    /// The role of the player seated at `side`.
    pub fn role_at(&self, side: Side) -> Role {
        if side == self.row {
            self.ritual.chooser()
        } else {
            self.ritual.chooser().other()
        }
    }
}

impl fmt::Display for Opening {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "hid={} guess={} chooser={} row={}",
            self.ritual.hidden,
            self.ritual.guess,
            self.ritual.chooser(),
            self.row
        )
    }
}

impl core::str::FromStr for Opening {
    type Err = RitualError;

    fn from_str(s: &str) -> Result<Opening, RitualError> {
        let malformed = || RitualError::Malformed(crate::notation::excerpt(s));
        let mut fields = s.split(' ');
        let (Some(hid), Some(guess), Some(chooser), Some(row), None) = (
            fields.next(),
            fields.next(),
            fields.next(),
            fields.next(),
            fields.next(),
        ) else {
            return Err(malformed());
        };
        let hid = hid.strip_prefix("hid=").ok_or_else(malformed)?;
        let hidden = crate::notation::parse_number("hidden count", hid)?;
        let guess = match guess.strip_prefix("guess=").ok_or_else(malformed)? {
            "odd" => Parity::Odd,
            "even" => Parity::Even,
            _ => return Err(malformed()),
        };
        let found = match chooser.strip_prefix("chooser=").ok_or_else(malformed)? {
            "challenger" => Role::Challenger,
            "guesser" => Role::Guesser,
            _ => return Err(malformed()),
        };
        let row = parse_side(row.strip_prefix("row=").ok_or_else(malformed)?)?;
        let ritual = Ritual::new(hidden, guess)?;
        if ritual.chooser() != found {
            return Err(RitualError::WrongChooser {
                hidden: ritual.hidden,
                guess,
                expected: ritual.chooser(),
                found,
            });
        }
        Ok(ritual.choose(row))
    }
}

/// How the game goes for the chooser if he takes a given row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ChoiceValue {
    /// The chooser's final score.
    pub own: u32,
    /// The other player's final score.
    pub other: u32,
}

impl ChoiceValue {
    /// Own score minus the other's.
    pub fn margin(&self) -> i64 {
        i64::from(self.own) - i64::from(self.other)
    }
}

/// Both side choices evaluated by playing the game out (play is forced, so the result of each
/// choice is known in advance).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Choices {
    /// The chooser takes South's row.
    pub south: ChoiceValue,
    /// The chooser takes North's row.
    pub north: ChoiceValue,
    /// The play-out both values come from.
    pub finish: crate::Finish,
}

impl Choices {
    /// Evaluates both rows for a chooser, for the game from `start`.
    ///
    /// The first player is a side (a setup parameter), not a person, so the chooser's row does
    /// not change the game that is played, only which end of it he gets: one play-out answers
    /// for both rows.
    pub fn evaluate(start: &Mangala4) -> Choices {
        let finish = start.play_out();
        let south = finish.score(Side::South);
        let north = finish.score(Side::North);
        Choices {
            south: ChoiceValue {
                own: south,
                other: north,
            },
            north: ChoiceValue {
                own: north,
                other: south,
            },
            finish,
        }
    }

    /// The value of taking `row`.
    pub fn value(&self, row: Side) -> ChoiceValue {
        match row {
            Side::South => self.south,
            Side::North => self.north,
        }
    }

    /// The row with the better margin for the chooser; South when both are equal (a draw).
    pub fn best(&self) -> Side {
        if self.north.margin() > self.south.margin() {
            Side::North
        } else {
            Side::South
        }
    }
}
