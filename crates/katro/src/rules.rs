//! Board sizes and rule options, each with a canonical string form.

use crate::notation::excerpt;
use crate::ParseError;
use core::fmt;
use core::str::FromStr;
use mancala_engine::rules::{OptionValues, RuleOption, RuleOptions, RulesError, Values};
use mancala_engine::topology::{Circuit, Direction, Serpentine};
use mancala_engine::Side;

/// The board: rows × columns, rows counted over the whole board (half of them per player).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Size {
    /// 6 rows of 6, three rows per player: the standard board.
    #[default]
    S6x6,
    /// 4 rows of 4, two rows per player (a regional board).
    S4x4,
    /// 4 rows of 6, two rows per player (a regional board).
    S4x6,
    /// 6 rows of 3, three rows per player (Ludii's option).
    S6x3,
}

impl Size {
    /// Every size, the standard one first.
    pub const ALL: [Size; 4] = [Size::S6x6, Size::S4x4, Size::S4x6, Size::S6x3];

    /// Rows on the whole board.
    #[inline]
    pub const fn rows(self) -> usize {
        match self {
            Size::S6x6 | Size::S6x3 => 6,
            Size::S4x4 | Size::S4x6 => 4,
        }
    }

    /// Columns.
    #[inline]
    pub const fn cols(self) -> usize {
        match self {
            Size::S6x6 | Size::S4x6 => 6,
            Size::S4x4 => 4,
            Size::S6x3 => 3,
        }
    }

    /// Rows owned by each player (2 or 3).
    #[inline]
    pub const fn rows_per_side(self) -> usize {
        self.rows() / 2
    }

    /// Holes on the whole board.
    #[inline]
    pub const fn holes(self) -> usize {
        self.rows() * self.cols()
    }

    /// Holes owned by one player: the length of his circuit.
    #[inline]
    pub const fn holes_per_side(self) -> usize {
        self.holes() / 2
    }

    /// Seeds at the start: 2 in every hole.
    #[inline]
    pub const fn start_seeds(self) -> u32 {
        2 * self.holes() as u32
    }

    /// The core topology of this board (circuits, rows, owners).
    pub const fn topology(self) -> Serpentine {
        match Serpentine::new(self.rows_per_side() as u8, self.cols() as u8) {
            Some(topology) => topology,
            None => panic!("every Katro board size is a valid serpentine board"),
        }
    }

    /// The circuit `side` sows along in `direction` on this board (see the crate docs for the
    /// order).
    pub const fn circuit(self, side: Side, direction: Direction) -> Circuit {
        self.topology().circuit(side, direction)
    }

    /// A small index (`0..4`) for tables, in the order of [`Size::ALL`].
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The size with `rows` rows and `cols` columns, if it is one of the four.
    pub fn from_dimensions(rows: usize, cols: usize) -> Option<Size> {
        Size::ALL
            .into_iter()
            .find(|s| s.rows() == rows && s.cols() == cols)
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.rows(), self.cols())
    }
}

impl FromStr for Size {
    type Err = ParseError;
    /// Accepts `6x6`, `4x4`, `4x6` and `6x3` (rows first).
    fn from_str(s: &str) -> Result<Size, ParseError> {
        Size::ALL
            .into_iter()
            .find(|size| size.to_string() == s)
            .ok_or_else(|| ParseError::Size(excerpt(s)))
    }
}

/// How the sowing direction is decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DirectionRule {
    /// One circuit for the whole game (the default is [`Direction::A`]).
    Fixed(Direction),
    /// The mover chooses A or B at every move: a move is then a hole plus a direction.
    PerTurn,
}

impl Default for DirectionRule {
    fn default() -> Self {
        DirectionRule::Fixed(Direction::A)
    }
}

/// Which of his rows the mover's last seed must fall into for a capture (K4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CaptureRow {
    /// His innermost row holding any seed (Mancala World).
    #[default]
    Innermost,
    /// His inner row only (Ludii).
    Inner,
}

/// Which opponent hole a capture takes (K4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum CapturedHole {
    /// The hole of that column in the opponent's innermost row holding any seed; if that hole
    /// is empty there is no capture (Mancala World, Wikipedia).
    #[default]
    Row,
    /// The first occupied hole of that column, from the opponent's inner row outwards (Ludii).
    Column,
}

/// Where the last seed of a lap must fall for the capture test (K4).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Trigger {
    /// Into an occupied hole, which is then relayed (Mancala World, Ludii).
    #[default]
    Occupied,
    /// Into an empty hole; the captured seeds and the capturing seed are re-sown (Wikipedia's
    /// reading). Laps ending in occupied holes still relay, without the capture test.
    Empty,
}

/// Every rule of a game: the board size and every option of the rules file. The standard is
/// the 6 × 6 board under the Mancala World reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RuleSet {
    /// The board.
    pub size: Size,
    /// Fixed circuit A, fixed B, or chosen each turn.
    pub direction: DirectionRule,
    /// The mover's row in which a lap must end to capture.
    pub capture_row: CaptureRow,
    /// The opponent's hole a capture takes.
    pub captured_hole: CapturedHole,
    /// Whether the capture test follows a lap ending in an occupied or an empty hole.
    pub trigger: Trigger,
    /// Ludii's single-seed moves: a player with one seed left may also step it straight one
    /// row inwards (see the crate docs for the exact rule).
    pub single_seed: bool,
}

impl Default for RuleSet {
    /// [`RuleSet::STANDARD`].
    fn default() -> RuleSet {
        RuleSet::STANDARD
    }
}

/// The keys of the rule string, in the order it writes them.
const KEYS: [&str; 6] = [
    "size",
    "direction",
    "mover-row",
    "opponent-hole",
    "trigger",
    "single-seed",
];

impl RuleSet {
    /// The standard rules: 6 × 6, fixed direction A, innermost row, row priority, occupied
    /// trigger, no single-seed moves.
    pub const STANDARD: RuleSet = RuleSet {
        size: Size::S6x6,
        direction: DirectionRule::Fixed(Direction::A),
        capture_row: CaptureRow::Innermost,
        captured_hole: CapturedHole::Row,
        trigger: Trigger::Occupied,
        single_seed: false,
    };

    /// The standard options on a board of `size`.
    pub const fn on(size: Size) -> RuleSet {
        RuleSet {
            size,
            ..RuleSet::STANDARD
        }
    }

    /// Every rule set: each size with every combination of options (4 × 3 × 2 × 2 × 2 × 2 =
    /// 192), the standard first.
    pub fn all() -> impl Iterator<Item = RuleSet> {
        Size::ALL
            .into_iter()
            .flat_map(|size| RuleSet::all_options().map(move |rules| RuleSet { size, ..rules }))
    }

    /// Every combination of options on the standard board (48), the standard first.
    fn all_options() -> impl Iterator<Item = RuleSet> {
        let directions = [
            DirectionRule::Fixed(Direction::A),
            DirectionRule::Fixed(Direction::B),
            DirectionRule::PerTurn,
        ];
        let pairs = |n: usize| [n % 2 == 1, n / 2 % 2 == 1];
        directions.into_iter().flat_map(move |direction| {
            (0..16).map(move |n| {
                let [inner, column] = pairs(n >> 2);
                let [empty, single_seed] = pairs(n);
                RuleSet {
                    direction,
                    capture_row: [CaptureRow::Innermost, CaptureRow::Inner][usize::from(inner)],
                    captured_hole: [CapturedHole::Row, CapturedHole::Column][usize::from(column)],
                    trigger: [Trigger::Occupied, Trigger::Empty][usize::from(empty)],
                    single_seed,
                    ..RuleSet::STANDARD
                }
            })
        })
    }

    /// The size of the action space of [`Move::action`](crate::Move::action): four ids per
    /// column.
    pub const fn actions(&self) -> usize {
        4 * self.size.cols()
    }

    /// Each key of the rule string with this rule set's value, in the written order.
    fn values(&self) -> [&'static str; 6] {
        [
            match self.size {
                Size::S6x6 => "6x6",
                Size::S4x4 => "4x4",
                Size::S4x6 => "4x6",
                Size::S6x3 => "6x3",
            },
            match self.direction {
                DirectionRule::Fixed(Direction::A) => "A",
                DirectionRule::Fixed(Direction::B) => "B",
                DirectionRule::PerTurn => "per-turn",
            },
            match self.capture_row {
                CaptureRow::Innermost => "innermost",
                CaptureRow::Inner => "inner",
            },
            match self.captured_hole {
                CapturedHole::Row => "row",
                CapturedHole::Column => "column",
            },
            match self.trigger {
                Trigger::Occupied => "occupied",
                Trigger::Empty => "empty",
            },
            mancala_engine::rules::yes_no(self.single_seed),
        ]
    }

    /// Sets the rule named `key` (as in the rule string) to `value`: the way to build a rule
    /// set from separate options, in any order (command lines use it).
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), ParseError> {
        let bad = || ParseError::RuleValue {
            key: excerpt(key),
            value: excerpt(value),
        };
        match key {
            "size" => self.size = value.parse()?,
            "direction" => {
                self.direction = match value {
                    "A" => DirectionRule::Fixed(Direction::A),
                    "B" => DirectionRule::Fixed(Direction::B),
                    "per-turn" => DirectionRule::PerTurn,
                    _ => return Err(bad()),
                }
            }
            "mover-row" => {
                self.capture_row = match value {
                    "innermost" => CaptureRow::Innermost,
                    "inner" => CaptureRow::Inner,
                    _ => return Err(bad()),
                }
            }
            "opponent-hole" => {
                self.captured_hole = match value {
                    "row" => CapturedHole::Row,
                    "column" => CapturedHole::Column,
                    _ => return Err(bad()),
                }
            }
            "trigger" => {
                self.trigger = match value {
                    "occupied" => Trigger::Occupied,
                    "empty" => Trigger::Empty,
                    _ => return Err(bad()),
                }
            }
            "single-seed" => {
                self.single_seed = match value {
                    "yes" => true,
                    "no" => false,
                    _ => return Err(bad()),
                }
            }
            _ => return Err(ParseError::RuleKey(excerpt(key))),
        }
        Ok(())
    }

    /// The options without the size, as the position string writes them (the board there
    /// shows the size): the rule string of these options on the standard board.
    pub fn options(&self) -> RuleSet {
        RuleSet {
            size: Size::S6x6,
            ..*self
        }
    }
}

impl RuleOptions for RuleSet {
    const OPTIONS: &'static [RuleOption] = &[
        RuleOption::new(
            "size",
            Values::Choice(&["6x6", "4x4", "4x6", "6x3"]),
            "6x6",
            "the board: rows x columns",
        ),
        RuleOption::new(
            "direction",
            Values::Choice(&["A", "B", "per-turn"]),
            "A",
            "the circuit sown along: fixed A or B, or chosen each turn",
        ),
        RuleOption::new(
            "mover-row",
            Values::Choice(&["innermost", "inner"]),
            "innermost",
            "the mover's row in which a lap must end to capture",
        ),
        RuleOption::new(
            "opponent-hole",
            Values::Choice(&["row", "column"]),
            "row",
            "the opponent's hole a capture takes: by row priority or in the column",
        ),
        RuleOption::new(
            "trigger",
            Values::Choice(&["occupied", "empty"]),
            "occupied",
            "whether a capture follows a lap ending in an occupied or an empty hole",
        ),
        RuleOption::new(
            "single-seed",
            Values::Flag,
            "no",
            "a player with one seed left may step it one row inwards",
        ),
    ];

    fn from_values(values: &OptionValues<'_>) -> Result<RuleSet, RulesError> {
        let mut rules = RuleSet::STANDARD;
        for key in KEYS {
            let value = values.text(key);
            rules
                .set(key, value)
                .map_err(|error| RulesError::new(key, value, error.to_string()))?;
        }
        Ok(rules)
    }

    fn value(&self, key: &str) -> String {
        let index = KEYS.iter().position(|&k| k == key).unwrap_or(0);
        self.values()[index].to_owned()
    }
}

impl fmt::Display for RuleSet {
    /// The rule string: the rules that differ from the standard, as `key=value` joined by
    /// commas in the fixed order `size`, `direction`, `mover-row`, `opponent-hole`, `trigger`,
    /// `single-seed`; `default` when none differ. Example: `size=4x4,direction=per-turn`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let standard = RuleSet::STANDARD.values();
        let mut first = true;
        for ((key, value), default) in KEYS.into_iter().zip(self.values()).zip(standard) {
            if value != default {
                if !first {
                    f.write_str(",")?;
                }
                write!(f, "{key}={value}")?;
                first = false;
            }
        }
        if first {
            f.write_str("default")?;
        }
        Ok(())
    }
}

impl FromStr for RuleSet {
    type Err = ParseError;
    /// Reads exactly what [`Display`](fmt::Display) writes, and nothing else: `default`, or
    /// the rules that differ from the standard in the written order, each once, with the
    /// values `size=6x6|4x4|4x6|6x3`, `direction=A|B|per-turn`, `mover-row=innermost|inner`,
    /// `opponent-hole=row|column`, `trigger=occupied|empty`, `single-seed=yes|no`. Rules
    /// given in another order, or at their standard value, are refused, so that every rule set
    /// has one string; [`RuleSet::set`] builds one from options in any order.
    fn from_str(s: &str) -> Result<RuleSet, ParseError> {
        let mut rules = RuleSet::STANDARD;
        if s == "default" {
            return Ok(rules);
        }
        let mut next_key = 0;
        for pair in s.split(',') {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| ParseError::RulePair(excerpt(pair)))?;
            rules.set(key, value)?;
            let position = KEYS.iter().position(|&k| k == key).unwrap_or(0);
            if position < next_key || value == RuleSet::STANDARD.values()[position] {
                return Err(ParseError::RulesNotCanonical(excerpt(s)));
            }
            next_key = position + 1;
        }
        Ok(rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_round_trip() {
        for size in Size::ALL {
            assert_eq!(size.to_string().parse::<Size>().unwrap(), size);
            assert_eq!(Size::from_dimensions(size.rows(), size.cols()), Some(size));
            assert_eq!(size.topology().len(), size.holes());
        }
        assert!("6x4".parse::<Size>().is_err());
        assert_eq!(Size::S4x6.to_string(), "4x6");
        assert_eq!(Size::S6x3.holes_per_side(), 9);
    }

    #[test]
    fn rule_sets_round_trip() {
        let all: Vec<RuleSet> = RuleSet::all().collect();
        assert_eq!(all.len(), 192);
        assert_eq!(all[0], RuleSet::default());
        for (k, rules) in all.iter().enumerate() {
            assert!(!all[..k].contains(rules), "{rules} listed twice");
            let text = rules.to_string();
            assert_eq!(text.parse::<RuleSet>().unwrap(), *rules, "{text}");
        }
        assert_eq!(RuleSet::default().to_string(), "default");
        let r: RuleSet = "size=4x4,direction=per-turn,trigger=empty".parse().unwrap();
        assert_eq!(r.size, Size::S4x4);
        assert_eq!(r.options().to_string(), "direction=per-turn,trigger=empty");
        for bad in [
            "",
            "trigger",
            "trigger=full",
            "colour=red",
            "trigger=empty,trigger=empty",
            "trigger=empty,direction=per-turn",
            "direction=A",
            "single-seed=no",
            "size=6x6",
            "direction=per-turn,size=4x4",
            "default,trigger=empty",
            "trigger=empty,",
        ] {
            assert!(bad.parse::<RuleSet>().is_err(), "accepted {bad:?}");
        }
    }

    #[test]
    fn options_can_be_set_in_any_order() {
        let mut rules = RuleSet::STANDARD;
        rules.set("trigger", "empty").unwrap();
        rules.set("direction", "A").unwrap();
        rules.set("size", "6x3").unwrap();
        assert_eq!(rules.to_string(), "size=6x3,trigger=empty");
        assert!(rules.set("size", "5x5").is_err());
        assert!(rules.set("colour", "red").is_err());
    }
}
