//! The rule options, and the board's fixed size.

use crate::ParseError;
use mancala_engine::rules::{OptionValues, RuleOption, RuleOptions, RulesError, Values};

/// Holes on the board.
pub const HOLES: usize = 14;
/// Holes in one row.
pub const PER_SIDE: usize = 7;
/// Seeds in a standard game.
pub const STANDARD_SEEDS: u32 = 98;
/// The most seeds a position may hold, board and stores together: counts are bytes, and this
/// bound keeps every count, during any sowing, within a byte.
pub const MAX_SEEDS: u32 = 255;

/// What becomes of the seeds still on the board when a game ends with some left (M7
/// repetition, M8 endless move). A library rule: the rules text leaves them uncounted and names
/// the other choice as an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Leftover {
    /// Nobody gets them (the standard rule).
    #[default]
    Uncounted,
    /// Each player adds the seeds lying on his own row to his score.
    OwnSide,
}

mancala_engine::named_values! {
    /// The name used on command lines, in position strings and in records: `none` or
    /// `own-side`.
    Leftover, ParseError, |text: &str| ParseError::Leftover(crate::notation::excerpt(text));
    Uncounted => "none",
    OwnSide => "own-side",
}

/// The rule options. Everything else is fixed by the rules (the board is always 2 × 7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// Who scores the seeds left on the board at the end (M7, M8).
    pub leftover: Leftover,
}

impl RuleSet {
    /// The rules as the rules text gives them: leftover seeds uncounted.
    pub const STANDARD: RuleSet = RuleSet {
        leftover: Leftover::Uncounted,
    };
}

impl Default for RuleSet {
    /// [`RuleSet::STANDARD`].
    fn default() -> RuleSet {
        RuleSet::STANDARD
    }
}

impl RuleOptions for RuleSet {
    const OPTIONS: &'static [RuleOption] = &[RuleOption::new(
        "leftover",
        Values::Choice(&["none", "own-side"]),
        "none",
        "who scores the seeds left on the board at an end by repetition or endless move",
    )];

    fn from_values(values: &OptionValues<'_>) -> Result<RuleSet, RulesError> {
        let leftover = match values.text("leftover") {
            "own-side" => Leftover::OwnSide,
            _ => Leftover::Uncounted,
        };
        Ok(RuleSet { leftover })
    }

    fn value(&self, _key: &str) -> String {
        self.leftover.to_string()
    }
}
