//! Board sizes and rule options, each with a canonical string form.

use crate::ParseError;
use core::fmt;
use core::str::FromStr;
use mancala_engine::topology::{Direction, Serpentine};

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
            .ok_or_else(|| ParseError::Size(s.to_string()))
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

/// Every rule option of the rules file. The default is the Mancala World reading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RuleSet {
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

impl RuleSet {
    /// The default rules (fixed direction A, innermost row, row priority, occupied trigger,
    /// no single-seed moves).
    pub const DEFAULT: RuleSet = RuleSet {
        direction: DirectionRule::Fixed(Direction::A),
        capture_row: CaptureRow::Innermost,
        captured_hole: CapturedHole::Row,
        trigger: Trigger::Occupied,
        single_seed: false,
    };

    /// Every combination of options (3 × 2 × 2 × 2 × 2 = 48), the default first.
    pub fn all() -> impl Iterator<Item = RuleSet> {
        let directions = [
            DirectionRule::Fixed(Direction::A),
            DirectionRule::Fixed(Direction::B),
            DirectionRule::PerTurn,
        ];
        directions.into_iter().flat_map(|direction| {
            [CaptureRow::Innermost, CaptureRow::Inner]
                .into_iter()
                .flat_map(move |capture_row| {
                    [CapturedHole::Row, CapturedHole::Column]
                        .into_iter()
                        .flat_map(move |captured_hole| {
                            [Trigger::Occupied, Trigger::Empty].into_iter().flat_map(
                                move |trigger| {
                                    [false, true].into_iter().map(move |single_seed| RuleSet {
                                        direction,
                                        capture_row,
                                        captured_hole,
                                        trigger,
                                        single_seed,
                                    })
                                },
                            )
                        })
                })
        })
    }

    fn fields(&self) -> [(&'static str, &'static str); 5] {
        [
            (
                "direction",
                match self.direction {
                    DirectionRule::Fixed(Direction::A) => "A",
                    DirectionRule::Fixed(Direction::B) => "B",
                    DirectionRule::PerTurn => "per-turn",
                },
            ),
            (
                "mover-row",
                match self.capture_row {
                    CaptureRow::Innermost => "innermost",
                    CaptureRow::Inner => "inner",
                },
            ),
            (
                "opponent-hole",
                match self.captured_hole {
                    CapturedHole::Row => "row",
                    CapturedHole::Column => "column",
                },
            ),
            (
                "trigger",
                match self.trigger {
                    Trigger::Occupied => "occupied",
                    Trigger::Empty => "empty",
                },
            ),
            ("single-seed", if self.single_seed { "on" } else { "off" }),
        ]
    }

    /// Sets the option named `key` (as in the string form) to `value`.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), ParseError> {
        let bad = || ParseError::RuleValue {
            key: key.to_string(),
            value: value.to_string(),
        };
        match key {
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
                    "on" => true,
                    "off" => false,
                    _ => return Err(bad()),
                }
            }
            _ => return Err(ParseError::RuleKey(key.to_string())),
        }
        Ok(())
    }
}

impl fmt::Display for RuleSet {
    /// The options that differ from the default, as `key=value` joined by commas, in a fixed
    /// order; `default` when none differ. Example: `direction=per-turn,trigger=empty`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let defaults = RuleSet::DEFAULT.fields();
        let mut first = true;
        for ((key, value), (_, default)) in self.fields().into_iter().zip(defaults) {
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
    /// Accepts `default`, or `key=value` pairs joined by commas, each key at most once, in any
    /// order; keys not given keep their default. Keys and values are those of the
    /// [`Display`](fmt::Display) form (`direction=A|B|per-turn`, `mover-row=innermost|inner`,
    /// `opponent-hole=row|column`, `trigger=occupied|empty`, `single-seed=on|off`).
    fn from_str(s: &str) -> Result<RuleSet, ParseError> {
        let mut rules = RuleSet::DEFAULT;
        if s == "default" {
            return Ok(rules);
        }
        let mut seen: Vec<&str> = Vec::new();
        for pair in s.split(',') {
            let (key, value) = pair
                .split_once('=')
                .ok_or_else(|| ParseError::RulePair(pair.to_string()))?;
            if seen.contains(&key) {
                return Err(ParseError::DuplicateRule(key.to_string()));
            }
            rules.set(key, value)?;
            seen.push(key);
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
        assert_eq!(all.len(), 48);
        assert_eq!(all[0], RuleSet::default());
        for rules in all {
            let text = rules.to_string();
            assert_eq!(text.parse::<RuleSet>().unwrap(), rules, "{text}");
        }
        assert_eq!(RuleSet::default().to_string(), "default");
        let r: RuleSet = "trigger=empty,direction=per-turn".parse().unwrap();
        assert_eq!(r.to_string(), "direction=per-turn,trigger=empty");
        assert!("trigger=full".parse::<RuleSet>().is_err());
        assert!("colour=red".parse::<RuleSet>().is_err());
        assert!("trigger".parse::<RuleSet>().is_err());
        assert!("trigger=empty,trigger=empty".parse::<RuleSet>().is_err());
        assert!("".parse::<RuleSet>().is_err());
    }
}
