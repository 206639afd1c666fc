//! The rule options: the board (OpenSpiel's fixed 6 pits of 4 seeds, made variable), the
//! empty-capture variant and OpenSpiel's move limit.

use crate::{ParseError, SetupError};
use core::fmt;
use core::str::FromStr;
use mancala_engine::notation::excerpt;
use mancala_engine::rules::{yes_no, OptionValues, RuleOption, RuleOptions, RulesError, Values};

/// The most pits a player may have: a board of 2 × 8 pits fits one 16-byte vector.
pub const MAX_PITS: usize = 8;

/// The most seeds a game may hold, board and stores together: every pit and store keeps its
/// seeds in a byte, and one of them may come to hold them all.
pub const MAX_SEEDS: u32 = 255;

/// The rules a game follows. Every value is valid: the board is checked when it is made.
///
/// Written (and read) as `pits=6,seeds=4,empty-capture=no,max-plies=1000`; reading takes any
/// of the keys, each at most once, and the standard value for the others.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleSet {
    pits: u8,
    seeds: u8,
    empty_capture: bool,
    max_plies: u32,
}

impl RuleSet {
    /// OpenSpiel's `mancala`: 2 × 6 pits of 4 seeds, a capture needs seeds in the opposite
    /// pit, and the game ends once more than 1000 moves have been played.
    pub const STANDARD: RuleSet = RuleSet {
        pits: 6,
        seeds: 4,
        empty_capture: false,
        max_plies: 1000,
    };

    /// The standard rules on a board of 2 × `pits` pits holding `seeds` each at the start:
    /// `pits` in `1..=`[`MAX_PITS`], at least one seed a pit, at most [`MAX_SEEDS`] in all.
    pub fn with_board(pits: usize, seeds: usize) -> Result<RuleSet, SetupError> {
        let total = 2 * pits.min(MAX_PITS + 1) * seeds.min(MAX_SEEDS as usize + 1);
        if !(1..=MAX_PITS).contains(&pits) || seeds == 0 || total > MAX_SEEDS as usize {
            return Err(SetupError::Board { pits, seeds });
        }
        Ok(RuleSet {
            pits: pits as u8,
            seeds: seeds as u8,
            ..RuleSet::STANDARD
        })
    }

    /// These rules with the empty-capture variant on or off: when on, a last seed that falls
    /// into one of the mover's empty pits is captured even if the opposite pit is empty.
    pub const fn with_empty_capture(self, empty_capture: bool) -> RuleSet {
        RuleSet {
            empty_capture,
            ..self
        }
    }

    /// These rules with another move limit: a game not over once more than `max_plies` moves
    /// have been played ends there (OpenSpiel's maximum game length); `0` for none (every
    /// game ends anyway: see the crate's docs).
    pub const fn with_max_plies(self, max_plies: u32) -> RuleSet {
        RuleSet { max_plies, ..self }
    }

    /// Pits per player.
    #[inline]
    pub const fn pits(self) -> usize {
        self.pits as usize
    }

    /// Seeds in each pit at the start.
    #[inline]
    pub const fn seeds(self) -> usize {
        self.seeds as usize
    }

    /// Whether a last seed in an empty pit of the mover's is captured with an empty opposite
    /// pit too.
    #[inline]
    pub const fn empty_capture(self) -> bool {
        self.empty_capture
    }

    /// The move limit (`0`: none).
    #[inline]
    pub const fn max_plies(self) -> u32 {
        self.max_plies
    }
}

impl RuleOptions for RuleSet {
    const OPTIONS: &'static [RuleOption] = &[
        RuleOption::new(
            "pits",
            Values::Number {
                min: 1,
                max: MAX_PITS as u64,
            },
            "6",
            "pits a player has",
        ),
        RuleOption::new(
            "seeds",
            Values::Number {
                min: 1,
                max: MAX_SEEDS as u64 / 2,
            },
            "4",
            "seeds in each pit at the start (at most 255 in all)",
        ),
        RuleOption::new(
            "empty-capture",
            Values::Flag,
            "no",
            "a last seed in an empty pit of the mover's captures even opposite an empty pit",
        ),
        RuleOption::new(
            "max-plies",
            Values::Number {
                min: 0,
                max: u32::MAX as u64,
            },
            "1000",
            "the game ends once more moves than this are played (0: no limit)",
        ),
    ];

    fn from_values(values: &OptionValues<'_>) -> Result<RuleSet, RulesError> {
        let (pits, seeds) = (values.number("pits"), values.number("seeds"));
        let rules = RuleSet::with_board(pits as usize, seeds as usize).map_err(|_| {
            RulesError::new(
                "seeds",
                values.text("seeds"),
                format!("{pits} pits of {seeds} seeds hold more than {MAX_SEEDS} seeds"),
            )
        })?;
        Ok(rules
            .with_empty_capture(values.flag("empty-capture"))
            .with_max_plies(values.number("max-plies") as u32))
    }

    fn value(&self, key: &str) -> String {
        match key {
            "pits" => self.pits.to_string(),
            "seeds" => self.seeds.to_string(),
            "empty-capture" => yes_no(self.empty_capture).to_owned(),
            _ => self.max_plies.to_string(),
        }
    }
}

impl Default for RuleSet {
    fn default() -> RuleSet {
        RuleSet::STANDARD
    }
}

/// Reads `yes` or `no`.
pub(crate) fn read_yes_no(text: &str) -> Result<bool, ParseError> {
    match text {
        "yes" => Ok(true),
        "no" => Ok(false),
        _ => Err(ParseError::Rules {
            text: excerpt(text),
            why: "the empty capture rule is `yes` or `no`",
        }),
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "pits={},seeds={},empty-capture={},max-plies={}",
            self.pits,
            self.seeds,
            yes_no(self.empty_capture),
            self.max_plies
        )
    }
}

impl FromStr for RuleSet {
    type Err = ParseError;
    /// Reads `key=value` pairs separated by commas (keys `pits`, `seeds`, `empty-capture`,
    /// `max-plies`, each at most once); the others keep their standard values.
    fn from_str(text: &str) -> Result<RuleSet, ParseError> {
        Ok(RuleSet::parse(text)?)
    }
}
