//! The position string, both ways.
//!
//! The shape every game's position string has (see [`mancala_engine::notation`]): four
//! fields, then keyed fields, separated by single spaces:
//!
//! ```text
//! 4,4,4,4,4,4/4,4,4,4,4,4 0 0 S
//! 4,4,0,5,5,5/4,4,4,4,4,4 1 0 S ply=1
//! ```
//!
//! 1. the board: South's pits from his left, `/`, North's pits from his left (each row in the
//!    order of sowing, towards its owner's store); its length gives the rules' pits;
//! 2. South's store;
//! 3. North's store;
//! 4. the side to move, `S` or `N`;
//!
//! then, in this order and each only when it is not the default:
//! - `ply=N`, the moves played since the start (default `0`);
//! - `end=REASON`, why a finished game ended (`no-seeds`, `move-limit`);
//! - `seeds=S`, the rules' seeds per pit at the start (default `4`);
//! - `empty-capture=yes` (default `no`);
//! - `max-plies=N`, the move limit, `0` for none (default `1000`).
//!
//! Numbers are plain decimal: digits only, no sign, no leading zero.

use crate::{Kalah, RuleSet, Setup, SetupError};
use core::fmt;
use core::str::FromStr;
use mancala_engine::notation::{
    plain_number, read_keyed, read_side, read_two_rows, side_letter, KeyedError, Rows, RowsError,
};
use mancala_engine::{EndReason, Game};

/// Why a text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// A move is one digit, the pit number `1` to `8`.
    #[error("`{0}` is not a move: a move is a pit number, 1 to 8")]
    Move(String),
    /// A field of a position string does not read (what it stands for, the text found and
    /// what it should be, in the core's shape).
    #[error(transparent)]
    Field(#[from] mancala_engine::ParseError),
    /// A rule option is unknown, repeated or out of its range.
    #[error(transparent)]
    Option(#[from] mancala_engine::rules::RulesError),
    /// A rule string does not read.
    #[error("rules `{text}`: {why}")]
    Rules {
        /// The text found.
        text: String,
        /// What it should be.
        why: &'static str,
    },
    /// The fields read, but do not make a position.
    #[error(transparent)]
    Invalid(#[from] SetupError),
}

/// The error for a field `what` holding `text`.
fn field(what: &'static str, text: &str, why: &'static str) -> ParseError {
    ParseError::Field(mancala_engine::ParseError::new(what, text, why))
}

/// What a number must be.
const NUMBER: &str = "a plain decimal number in range is expected";

/// Reads a plain decimal number: digits only, no sign, no leading zero (but `0` itself).
pub(crate) fn number(what: &'static str, text: &str) -> Result<u32, ParseError> {
    plain_number(text).ok_or_else(|| field(what, text, NUMBER))
}

/// Reads `c,c,…/c,c,…`: two rows of equal length, at most 8 pits each.
fn board(text: &str) -> Result<Vec<u8>, ParseError> {
    read_two_rows(text, crate::MAX_PITS).map_err(|error| match error {
        RowsError::Count(count) => field("pit count", count, NUMBER),
        RowsError::NoRows => field(
            "board",
            text,
            "two rows of counts separated by `/` are expected",
        ),
        RowsError::TooLong => field("board", text, "a row has at most 8 pits"),
        RowsError::TooBig => field("board", text, "a pit holds at most 255 seeds"),
        RowsError::Unequal => field("board", text, "both rows have the same number of pits"),
    })
}

/// The keyed fields, in the order they are written.
const KEYS: [&str; 5] = ["ply", "end", "seeds", "empty-capture", "max-plies"];

impl fmt::Display for Kalah {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let setup = self.to_setup();
        let [south, north] = setup.stores;
        let (row, side) = (setup.board.len() / 2, side_letter(setup.side));
        write!(f, "{} {south} {north} {side}", Rows::new(&setup.board, row))?;
        if setup.ply > 0 {
            write!(f, " ply={}", setup.ply)?;
        }
        if let Some(reason) = setup.end {
            write!(f, " end={reason}")?;
        }
        let (rules, standard) = (setup.rules, RuleSet::STANDARD);
        if rules.seeds() != standard.seeds() {
            write!(f, " seeds={}", rules.seeds())?;
        }
        if rules.empty_capture() {
            write!(f, " empty-capture=yes")?;
        }
        if rules.max_plies() != standard.max_plies() {
            write!(f, " max-plies={}", rules.max_plies())?;
        }
        Ok(())
    }
}

impl FromStr for Kalah {
    type Err = ParseError;
    /// Reads what `Display` writes (keyed fields that hold their default may be written too).
    fn from_str(text: &str) -> Result<Kalah, ParseError> {
        let mut fields = text.split(' ');
        let mut next = |what| {
            fields
                .next()
                .ok_or_else(|| field(what, "", "the field is missing"))
        };
        let counts = board(next("board")?)?;
        let stores = [
            number("store", next("south's store")?)?,
            number("store", next("north's store")?)?,
        ];
        let side_text = next("side")?;
        let side = read_side(side_text)
            .ok_or_else(|| field("side", side_text, "`S` or `N` is expected"))?;
        let mut setup = Setup {
            board: counts,
            stores,
            side,
            ..Setup::default()
        };
        let pits = setup.board.len() / 2;
        let standard = RuleSet::STANDARD;
        let (mut seeds, mut empty_capture, mut max_plies) =
            (standard.seeds(), false, standard.max_plies());
        for keyed in read_keyed(fields, &KEYS) {
            let (key, value) = keyed.map_err(|error| match error {
                KeyedError::NotKeyed(keyed) => {
                    field("keyed field", keyed, "`key=value` is expected")
                }
                KeyedError::OutOfOrder(keyed) => field(
                    "keyed field",
                    keyed,
                    "keys are ply, end, seeds, empty-capture, max-plies, in this order, once each",
                ),
            })?;
            match key {
                "ply" => setup.ply = number("move count", value)?,
                "end" => {
                    let reason: EndReason = value.parse().map_err(|_| {
                        field("end", value, "a reason such as `no-seeds` is expected")
                    })?;
                    setup.end = Some(reason);
                }
                "seeds" => seeds = number("seeds per pit", value)? as usize,
                "empty-capture" => empty_capture = crate::rules::read_yes_no(value)?,
                _ => max_plies = number("move limit", value)?,
            }
        }
        setup.rules = RuleSet::with_board(pits, seeds)?
            .with_empty_capture(empty_capture)
            .with_max_plies(max_plies);
        Ok(Kalah::from_setup(setup)?)
    }
}
