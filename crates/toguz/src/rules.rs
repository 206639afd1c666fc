//! The rule options: which of the variants in use a position follows.

use mancala_engine::rules::{yes_no, OptionValues, RuleOption, RuleOptions, RulesError, Values};

/// How a tuzdik is made when rule T4 allows one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum TuzdikRule {
    /// Made whenever T4 allows it (every implementation and every recorded game).
    #[default]
    Automatic,
    /// The mover may claim it or decline it: a move is a hole plus a claim flag, and a move that
    /// could make a tuzdik is offered twice.
    Optional,
}

/// The board: rows of 9, 7 or 5 holes, as many seeds per hole as holes per row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum BoardSize {
    /// 2 × 9 holes, 9 seeds each (162 in all): the standard game.
    #[default]
    Nine,
    /// 2 × 7 holes, 7 seeds each (98): a regional simplified form, with tuzdiks.
    Seven,
    /// 2 × 5 holes, 5 seeds each (50), without tuzdiks: the junior form.
    Five,
}

impl BoardSize {
    /// Holes in one player's row (also the seeds per hole at the start).
    #[inline]
    pub const fn per_side(self) -> usize {
        match self {
            BoardSize::Nine => 9,
            BoardSize::Seven => 7,
            BoardSize::Five => 5,
        }
    }

    /// Holes on the board.
    #[inline]
    pub const fn holes(self) -> usize {
        2 * self.per_side()
    }

    /// Seeds in the game.
    #[inline]
    pub const fn seeds(self) -> u32 {
        (self.holes() * self.per_side()) as u32
    }

    /// Whether tuzdiks exist on this board (not on 2 × 5).
    #[inline]
    pub const fn has_tuzdiks(self) -> bool {
        !matches!(self, BoardSize::Five)
    }

    /// The board with rows of `per_side` holes, if it is one of 9, 7 or 5.
    pub const fn from_per_side(per_side: usize) -> Option<BoardSize> {
        match per_side {
            9 => Some(BoardSize::Nine),
            7 => Some(BoardSize::Seven),
            5 => Some(BoardSize::Five),
            _ => None,
        }
    }
}

/// The rule options, with the federation rules as the default.
///
/// Written (`Display`, `FromStr`) as the board then the options that differ from the
/// standard ones: `2x9`, `2x7 optional-tuzdik`, `2x9 no-majority-stop`.
///
/// ```
/// use toguz::{BoardSize, RuleSet, TuzdikRule};
///
/// let rules = RuleSet { board: BoardSize::Seven, tuzdik: TuzdikRule::Optional, ..RuleSet::STANDARD };
/// assert_eq!(rules.to_string(), "2x7 optional-tuzdik");
/// assert_eq!("2x7 optional-tuzdik".parse(), Ok(rules));
/// assert_eq!(RuleSet::default(), RuleSet::STANDARD);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// Automatic (default) or optional tuzdik creation.
    pub tuzdik: TuzdikRule,
    /// T6: end the game as soon as a kazan holds more than half the seeds (default `true`).
    /// When `false` play goes on until T7; the winner is the same, the length differs.
    pub stop_at_majority: bool,
    /// The board (default 2 × 9).
    pub board: BoardSize,
}

impl RuleSet {
    /// The federation rules: automatic tuzdik, stop at majority, 2 × 9.
    pub const STANDARD: RuleSet = RuleSet {
        tuzdik: TuzdikRule::Automatic,
        stop_at_majority: true,
        board: BoardSize::Nine,
    };

    /// Every rule set: each board (2 × 9, 2 × 7, 2 × 5) with each tuzdik rule, with and
    /// without the stop at a majority, the standard rules first.
    ///
    /// ```
    /// use toguz::RuleSet;
    ///
    /// assert_eq!(RuleSet::ALL[0], RuleSet::STANDARD);
    /// assert!((1..12).all(|i| !RuleSet::ALL[..i].contains(&RuleSet::ALL[i])));
    /// ```
    pub const ALL: [RuleSet; 12] = {
        let boards = [BoardSize::Nine, BoardSize::Seven, BoardSize::Five];
        let tuzdiks = [TuzdikRule::Automatic, TuzdikRule::Optional];
        let mut all = [RuleSet::STANDARD; 12];
        let mut i = 0;
        while i < 12 {
            all[i] = RuleSet {
                tuzdik: tuzdiks[i / 2 % 2],
                stop_at_majority: i % 2 == 0,
                board: boards[i / 4],
            };
            i += 1;
        }
        all
    };
}

impl Default for RuleSet {
    fn default() -> RuleSet {
        RuleSet::STANDARD
    }
}

impl RuleOptions for RuleSet {
    const OPTIONS: &'static [RuleOption] = &[
        RuleOption::new(
            "board",
            Values::Numbers(&[9, 7, 5]),
            "9",
            "holes a row: 9 (federation), 7, or 5 without tuzdiks",
        ),
        RuleOption::new(
            "tuzdik",
            Values::Choice(&["automatic", "optional"]),
            "automatic",
            "whether a tuzdik is made whenever allowed, or at the mover's choice",
        ),
        RuleOption::new(
            "majority-stop",
            Values::Flag,
            "yes",
            "a kazan with more than half the seeds ends the game",
        ),
    ];

    fn from_values(values: &OptionValues<'_>) -> Result<RuleSet, RulesError> {
        let board = match values.number("board") {
            7 => BoardSize::Seven,
            5 => BoardSize::Five,
            _ => BoardSize::Nine,
        };
        let tuzdik = match values.text("tuzdik") {
            "optional" => TuzdikRule::Optional,
            _ => TuzdikRule::Automatic,
        };
        Ok(RuleSet {
            tuzdik,
            stop_at_majority: values.flag("majority-stop"),
            board,
        })
    }

    fn value(&self, key: &str) -> String {
        match key {
            "board" => self.board.per_side().to_string(),
            "tuzdik" => match self.tuzdik {
                TuzdikRule::Automatic => "automatic".to_owned(),
                TuzdikRule::Optional => "optional".to_owned(),
            },
            _ => yes_no(self.stop_at_majority).to_owned(),
        }
    }
}
