//! The rule options: the board (OpenSpiel's two game parameters) and the three points where a
//! player may want other rules than OpenSpiel's.

use crate::{ParseError, SetupError};
use core::fmt;
use core::str::FromStr;
use mancala_engine::rules::{yes_no, OptionValues, RuleOption, RuleOptions, RulesError, Values};

/// The most houses a player may have: a board of 2 × 8 houses fits one 16-byte vector.
pub const MAX_HOUSES: usize = 8;

/// The most seeds a game may hold, board and stores together: every house keeps its seeds in
/// a byte, and one house may come to hold them all.
pub const MAX_SEEDS: u32 = 255;

/// What a grand slam does: a move whose capture would take every seed on the opponent's row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GrandSlam {
    /// The move is played but takes nothing (OpenSpiel, and the Abapa tournament rule).
    #[default]
    NoCapture,
    /// The move takes them all; the opponent, left without seeds, cannot move, and the game
    /// ends with the mover collecting the seeds on his own row.
    CaptureAll,
}

mancala_engine::named_values! {
    /// The name in rule strings: `no-capture` or `capture-all`.
    GrandSlam, ParseError, |text: &str| ParseError::Rules {
        text: mancala_engine::notation::excerpt(text),
        why: "the grand slam rule is `no-capture` or `capture-all`",
    };
    NoCapture => "no-capture",
    CaptureAll => "capture-all",
}

/// The rules a game follows. Every value is valid: the board is checked when it is made.
///
/// Written (and read) as `houses=6,seeds=4,grand-slam=no-capture,max-plies=1000`, followed
/// by `,majority-stop=no` for a game played on past a majority (the standard rules stop, and
/// their string says nothing of it); reading takes any of the keys, each at most once, and the
/// standard value for the others.
///
/// ```
/// use oware::RuleSet;
///
/// let rules = RuleSet::STANDARD.with_max_plies(0).with_stop_at_majority(false);
/// assert_eq!(rules.to_string(), "houses=6,seeds=4,grand-slam=no-capture,max-plies=0,majority-stop=no");
/// assert_eq!(rules.to_string().parse(), Ok(rules));
/// assert_eq!(RuleSet::STANDARD.to_string(), "houses=6,seeds=4,grand-slam=no-capture,max-plies=1000");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleSet {
    houses: u8,
    seeds: u8,
    grand_slam: GrandSlam,
    max_plies: u32,
    stop_at_majority: bool,
}

impl RuleSet {
    /// OpenSpiel's `oware` with its default parameters: 2 × 6 houses of 4 seeds, a grand slam
    /// takes nothing, and no game goes past 1000 moves.
    pub const STANDARD: RuleSet = RuleSet {
        houses: 6,
        seeds: 4,
        grand_slam: GrandSlam::NoCapture,
        max_plies: 1000,
        stop_at_majority: true,
    };

    /// The standard rules on a board of 2 × `houses` houses holding `seeds` each at the start
    /// (OpenSpiel's `num_houses_per_player` and `num_seeds_per_house`): `houses` in
    /// `1..=`[`MAX_HOUSES`], at least one seed a house, at most [`MAX_SEEDS`] in all.
    pub fn with_board(houses: usize, seeds: usize) -> Result<RuleSet, SetupError> {
        let total = 2 * houses.min(MAX_HOUSES + 1) * seeds.min(MAX_SEEDS as usize + 1);
        if !(1..=MAX_HOUSES).contains(&houses) || seeds == 0 || total > MAX_SEEDS as usize {
            return Err(SetupError::Board { houses, seeds });
        }
        Ok(RuleSet {
            houses: houses as u8,
            seeds: seeds as u8,
            ..RuleSet::STANDARD
        })
    }

    /// These rules with another grand slam rule.
    pub const fn with_grand_slam(self, grand_slam: GrandSlam) -> RuleSet {
        RuleSet { grand_slam, ..self }
    }

    /// These rules with another move limit: a game not over after `max_plies` moves ends in a
    /// draw; `0` for none (repetition still ends every game).
    pub const fn with_max_plies(self, max_plies: u32) -> RuleSet {
        RuleSet { max_plies, ..self }
    }

    /// These rules with the stop at a majority on (`true`, OpenSpiel's rule: a capture that
    /// gives a store more than half of all seeds, or both stores half, ends the game) or off
    /// (`false`: play goes on until the player to move cannot move or a board comes back,
    /// and the seeds left are collected as at every such end). Without a move limit the
    /// winner of a game from a start is the same either way, as a store's seeds are never
    /// lost; the final scores and the game's length differ.
    pub const fn with_stop_at_majority(self, stop_at_majority: bool) -> RuleSet {
        RuleSet {
            stop_at_majority,
            ..self
        }
    }

    /// Houses per player.
    #[inline]
    pub const fn houses(self) -> usize {
        self.houses as usize
    }

    /// Seeds in each house at the start.
    #[inline]
    pub const fn seeds(self) -> usize {
        self.seeds as usize
    }

    /// What a grand slam does.
    #[inline]
    pub const fn grand_slam(self) -> GrandSlam {
        self.grand_slam
    }

    /// The move limit (`0`: none).
    #[inline]
    pub const fn max_plies(self) -> u32 {
        self.max_plies
    }

    /// Whether a majority of the seeds in a store ends the game (the default, OpenSpiel's).
    #[inline]
    pub const fn stop_at_majority(self) -> bool {
        self.stop_at_majority
    }
}

impl Default for RuleSet {
    fn default() -> RuleSet {
        RuleSet::STANDARD
    }
}

impl fmt::Display for RuleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "houses={},seeds={},grand-slam={},max-plies={}",
            self.houses, self.seeds, self.grand_slam, self.max_plies
        )?;
        if !self.stop_at_majority {
            f.write_str(",majority-stop=no")?;
        }
        Ok(())
    }
}

impl FromStr for RuleSet {
    type Err = ParseError;
    /// Reads `key=value` pairs separated by commas (keys `houses`, `seeds`, `grand-slam`,
    /// `max-plies`, `majority-stop` (`yes` or `no`), each at most once); the others keep their
    /// standard values.
    fn from_str(text: &str) -> Result<RuleSet, ParseError> {
        Ok(RuleSet::parse(text)?)
    }
}

impl RuleOptions for RuleSet {
    const OPTIONS: &'static [RuleOption] = &[
        RuleOption::new(
            "houses",
            Values::Number {
                min: 1,
                max: MAX_HOUSES as u64,
            },
            "6",
            "houses a player has (OpenSpiel's num_houses_per_player)",
        ),
        RuleOption::new(
            "seeds",
            Values::Number {
                min: 1,
                max: MAX_SEEDS as u64 / 2,
            },
            "4",
            "seeds in each house at the start, at most 255 in all (num_seeds_per_house)",
        ),
        RuleOption::new(
            "grand-slam",
            Values::Choice(&["no-capture", "capture-all"]),
            "no-capture",
            "what a capture of every seed on the opponent's row does",
        ),
        RuleOption::new(
            "max-plies",
            Values::Number {
                min: 0,
                max: u32::MAX as u64,
            },
            "1000",
            "a game not over after this many moves is a draw (0: no limit)",
        ),
        RuleOption::new(
            "majority-stop",
            Values::Flag,
            "yes",
            "a store with more than half the seeds ends the game",
        ),
    ];

    fn from_values(values: &OptionValues<'_>) -> Result<RuleSet, RulesError> {
        let (houses, seeds) = (values.number("houses"), values.number("seeds"));
        let rules = RuleSet::with_board(houses as usize, seeds as usize).map_err(|_| {
            RulesError::new(
                "seeds",
                values.text("seeds"),
                format!("{houses} houses of {seeds} seeds hold more than {MAX_SEEDS} seeds"),
            )
        })?;
        let grand_slam = match values.text("grand-slam") {
            "capture-all" => GrandSlam::CaptureAll,
            _ => GrandSlam::NoCapture,
        };
        Ok(rules
            .with_grand_slam(grand_slam)
            .with_max_plies(values.number("max-plies") as u32)
            .with_stop_at_majority(values.flag("majority-stop")))
    }

    fn value(&self, key: &str) -> String {
        match key {
            "houses" => self.houses.to_string(),
            "seeds" => self.seeds.to_string(),
            "grand-slam" => self.grand_slam.to_string(),
            "max-plies" => self.max_plies.to_string(),
            _ => yes_no(self.stop_at_majority).to_owned(),
        }
    }
}
