//! The position string, both ways.
//!
//! The shape every game's position string has (see [`mancala_engine::notation`]): four
//! fields, then keyed fields, separated by single spaces:
//!
//! ```text
//! 4,4,4,4,4,4/4,4,4,4,4,4 0 0 S
//! 4,4,0,5,5,5/5,4,4,4,4,4 0 0 N ply=1 run=4,4,4,4,4,4/4,4,4,4,4,4:3
//! ```
//!
//! 1. the board: South's houses from his left, `/`, North's houses from his left (each row
//!    in the order of sowing, as OpenSpiel lists them); its length gives the rules' houses;
//! 2. South's store;
//! 3. North's store;
//! 4. the side to move, `S` or `N`;
//!
//! then, in this order and each only when it is not the default:
//! - `ply=N`, the moves played since the start (default `0`);
//! - `run=BOARD:MOVES`, the repetition record: the board right after the last capture (or at
//!   the start) and the moves played since, one digit each (default: no move since);
//! - `end=REASON`, why a finished game ended (`majority`, `empty`, `repetition`, `no-seeds`,
//!   `move-limit`);
//! - `seeds=S`, the rules' seeds per house at the start (default `4`);
//! - `grand-slam=capture-all` (default `no-capture`);
//! - `max-plies=N`, the move limit, `0` for none (default `1000`);
//! - `majority-stop=no`, play on past a majority of the seeds in a store (default `yes`).
//!
//! Numbers are plain decimal: digits only, no sign, no leading zero. Reading also takes the
//! form written before version 0.2.0, so that saved strings still read: the stores as one
//! field `S-N` and the side as `south` or `north` (`4,4,4,4,4,4/4,4,4,4,4,4 0-0 south`).

use crate::{GrandSlam, Move, Oware, RuleSet, Setup, SetupError};
use core::fmt;
use core::str::FromStr;
use mancala_engine::notation::{
    plain_number, read_keyed, read_side_or_word, read_two_rows, side_letter, KeyedError, Rows,
    RowsError,
};
use mancala_engine::{EndReason, Game};

/// Why a text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// A move is one digit, the house number `1` to `8`.
    #[error("`{0}` is not a move: a move is a house number, 1 to 8")]
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

/// Reads `c,c,…/c,c,…`: two rows of equal length, at most 8 houses each.
fn board(text: &str) -> Result<Vec<u8>, ParseError> {
    read_two_rows(text, crate::MAX_HOUSES).map_err(|error| match error {
        RowsError::Count(count) => field("house count", count, NUMBER),
        RowsError::NoRows => field(
            "board",
            text,
            "two rows of counts separated by `/` are expected",
        ),
        RowsError::TooLong => field("board", text, "a row has at most 8 houses"),
        RowsError::TooBig => field("board", text, "a house holds at most 255 seeds"),
        RowsError::Unequal => field("board", text, "both rows have the same number of houses"),
    })
}

/// The keyed fields, in the order they are written.
const KEYS: [&str; 7] = [
    "ply",
    "run",
    "end",
    "seeds",
    "grand-slam",
    "max-plies",
    "majority-stop",
];

/// Reads `yes` or `no`.
pub(crate) fn yes_no(text: &str) -> Option<bool> {
    match text {
        "yes" => Some(true),
        "no" => Some(false),
        _ => None,
    }
}

impl fmt::Display for Oware {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let setup = self.to_setup();
        let [south, north] = setup.stores;
        let (row, side) = (setup.board.len() / 2, side_letter(setup.side));
        write!(f, "{} {south} {north} {side}", Rows::new(&setup.board, row))?;
        if setup.ply > 0 {
            write!(f, " ply={}", setup.ply)?;
        }
        if !setup.since_capture.is_empty() {
            write!(f, " run={}:", Rows::new(&setup.last_capture, row))?;
            for mv in &setup.since_capture {
                write!(f, "{mv}")?;
            }
        }
        if let Some(reason) = setup.end {
            write!(f, " end={reason}")?;
        }
        let (rules, standard) = (setup.rules, RuleSet::STANDARD);
        if rules.seeds() != standard.seeds() {
            write!(f, " seeds={}", rules.seeds())?;
        }
        if rules.grand_slam() != standard.grand_slam() {
            write!(f, " grand-slam={}", rules.grand_slam())?;
        }
        if rules.max_plies() != standard.max_plies() {
            write!(f, " max-plies={}", rules.max_plies())?;
        }
        if !rules.stop_at_majority() {
            f.write_str(" majority-stop=no")?;
        }
        Ok(())
    }
}

impl FromStr for Oware {
    type Err = ParseError;
    /// Reads what `Display` writes (keyed fields that hold their default may be written too),
    /// and the older form (see the [module docs](self)).
    fn from_str(text: &str) -> Result<Oware, ParseError> {
        let mut fields = text.split(' ');
        let mut next = |what| {
            fields
                .next()
                .ok_or_else(|| field(what, "", "the field is missing"))
        };
        let counts = board(next("board")?)?;
        let south = next("south's store")?;
        // The older form writes both stores in one field, `S-N`.
        let (south, north) = match south.split_once('-') {
            Some(pair) => pair,
            None => (south, next("north's store")?),
        };
        let stores = [number("store", south)?, number("store", north)?];
        let side_text = next("side")?;
        let side = read_side_or_word(side_text)
            .ok_or_else(|| field("side", side_text, "`S` or `N` is expected"))?;
        let mut setup = Setup {
            board: counts,
            stores,
            side,
            ..Setup::default()
        };
        let houses = setup.board.len() / 2;
        let (mut seeds, mut grand_slam, mut max_plies) = (
            RuleSet::STANDARD.seeds(),
            GrandSlam::default(),
            RuleSet::STANDARD.max_plies(),
        );
        let mut stop_at_majority = RuleSet::STANDARD.stop_at_majority();
        for keyed in read_keyed(fields, &KEYS) {
            let (key, value) = keyed.map_err(|error| match error {
                KeyedError::NotKeyed(keyed) => {
                    field("keyed field", keyed, "`key=value` is expected")
                }
                KeyedError::OutOfOrder(keyed) => field(
                    "keyed field",
                    keyed,
                    "keys are ply, run, end, seeds, grand-slam, max-plies, majority-stop, in this order, once each",
                ),
            })?;
            match key {
                "ply" => setup.ply = number("move count", value)?,
                "run" => {
                    let (start, moves) = value
                        .split_once(':')
                        .ok_or_else(|| field("run", value, "`BOARD:MOVES` is expected"))?;
                    setup.last_capture = board(start)?;
                    if moves.len() > crate::setup::MAX_RUN || moves.is_empty() {
                        return Err(field("run", value, "one to a million moves are expected"));
                    }
                    setup.since_capture = (0..moves.len())
                        .map(|i| moves.get(i..i + 1).unwrap_or("").parse::<Move>())
                        .collect::<Result<_, _>>()?;
                }
                "end" => {
                    let reason: EndReason = value.parse().map_err(|_| {
                        field("end", value, "a reason such as `majority` is expected")
                    })?;
                    setup.end = Some(reason);
                }
                "seeds" => seeds = number("seeds per house", value)? as usize,
                "grand-slam" => grand_slam = value.parse()?,
                "max-plies" => max_plies = number("move limit", value)?,
                _ => {
                    stop_at_majority = yes_no(value)
                        .ok_or_else(|| field("majority-stop", value, "`yes` or `no` is expected"))?
                }
            }
        }
        setup.rules = RuleSet::with_board(houses, seeds)?
            .with_grand_slam(grand_slam)
            .with_max_plies(max_plies)
            .with_stop_at_majority(stop_at_majority);
        Ok(Oware::from_setup(setup)?)
    }
}
