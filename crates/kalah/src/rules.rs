//! The rule options: the board (OpenSpiel's fixed 6 pits of 4 seeds, made variable), the
//! empty-capture variant and OpenSpiel's move limit.

use crate::{ParseError, SetupError};
use core::fmt;
use core::str::FromStr;
use mancala_engine::notation::excerpt;

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

impl Default for RuleSet {
    fn default() -> RuleSet {
        RuleSet::STANDARD
    }
}

/// `yes` or `no`.
fn yes_no(flag: bool) -> &'static str {
    if flag {
        "yes"
    } else {
        "no"
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
        let bad = |why| ParseError::Rules {
            text: excerpt(text),
            why,
        };
        let standard = RuleSet::STANDARD;
        let (mut pits, mut seeds) = (standard.pits(), standard.seeds());
        let (mut empty_capture, mut max_plies) = (standard.empty_capture, standard.max_plies);
        let mut seen: Vec<&str> = Vec::new();
        for pair in text.split(',') {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| bad("rules are `key=value` pairs separated by commas"))?;
            if seen.contains(&key) {
                return Err(bad("a rule is given twice"));
            }
            seen.push(key);
            match key {
                "pits" => pits = crate::notation::number("pits", value)? as usize,
                "seeds" => seeds = crate::notation::number("seeds", value)? as usize,
                "empty-capture" => empty_capture = read_yes_no(value)?,
                "max-plies" => max_plies = crate::notation::number("max-plies", value)?,
                _ => return Err(bad("the keys are pits, seeds, empty-capture and max-plies")),
            }
        }
        Ok(RuleSet::with_board(pits, seeds)?
            .with_empty_capture(empty_capture)
            .with_max_plies(max_plies))
    }
}
