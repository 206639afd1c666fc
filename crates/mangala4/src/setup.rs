//! Start boards: random from a seed, even, or custom; and the first player.

use crate::engine::HOLES;
use crate::notation::{parse_board, parse_side};
use crate::{Mangala4, ParseError, RuleSet, MAX_COUNTERS};
use core::fmt;
use mancala_engine::{Rng, Side};

/// Counters in a standard game.
pub const STANDARD_COUNTERS: u32 = 98;

/// Why a board or position was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// A board has exactly 14 holes.
    #[error("a board has 14 holes, but {0} counts were given")]
    HoleCount(usize),
    /// The total does not fit the counter type.
    #[error("{0} counters in all, more than the {max} a position can hold", max = MAX_COUNTERS)]
    TooManyCounters(u64),
    /// A start needs at least one counter.
    #[error("the board is empty: a game needs at least one counter")]
    EmptyBoard,
}

/// A start: the 14 counts (validated) and the player who moves first.
///
/// Its string form is the play-out example's input line: the 14 counts in canonical order,
/// comma-separated, a space, and `south` or `north` (e.g. `7,7,7,7,7,7,7,7,7,7,7,7,7,7 south`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    board: [u8; HOLES],
    first: Side,
}

impl Default for Setup {
    /// The even start, South first.
    fn default() -> Setup {
        Setup::even()
    }
}

impl Setup {
    /// Seven counters in every hole (the balanced competitive start), South first.
    pub const fn even() -> Setup {
        Setup {
            board: [7; HOLES],
            first: Side::South,
        }
    }

    /// The traditional random start, reproducible from `seed` on every machine: each of the 98
    /// counters in turn is dropped into a hole chosen uniformly among the 14 (a multinomial
    /// spread; holes may stay empty), drawing from [`Rng::new(seed)`](Rng::new) with
    /// `below(14)`. South first.
    pub fn random(seed: u64) -> Setup {
        Setup::random_from(&mut Rng::new(seed))
    }

    /// [`random`](Setup::random) drawing from a generator the caller already has.
    pub fn random_from(rng: &mut Rng) -> Setup {
        let mut board = [0u8; HOLES];
        for _ in 0..STANDARD_COUNTERS {
            board[rng.below(HOLES as u32) as usize] += 1;
        }
        Setup {
            board,
            first: Side::South,
        }
    }

    /// Any counts, in canonical order (South's holes 1..7, then North's 1..7), South first.
    /// Refused: not exactly 14 counts, more than [`MAX_COUNTERS`] in all, or an empty board.
    pub fn custom(counts: &[u32]) -> Result<Setup, SetupError> {
        if counts.len() != HOLES {
            return Err(SetupError::HoleCount(counts.len()));
        }
        let total: u64 = counts.iter().map(|&c| u64::from(c)).sum();
        if total > u64::from(MAX_COUNTERS) {
            return Err(SetupError::TooManyCounters(total));
        }
        if total == 0 {
            return Err(SetupError::EmptyBoard);
        }
        let mut board = [0u8; HOLES];
        for (hole, &count) in board.iter_mut().zip(counts) {
            *hole = count as u8;
        }
        Ok(Setup {
            board,
            first: Side::South,
        })
    }

    /// The same board with `first` to move first (a library rule: the rules text does not say
    /// who starts; the default is South).
    pub const fn with_first(mut self, first: Side) -> Setup {
        self.first = first;
        self
    }

    /// The 14 counts in canonical order.
    pub const fn board(&self) -> [u8; HOLES] {
        self.board
    }

    /// The player who moves first.
    pub const fn first(&self) -> Side {
        self.first
    }

    /// Counters on the board.
    pub fn total(&self) -> u32 {
        self.board.iter().map(|&c| u32::from(c)).sum()
    }

    /// The start position under `rules`.
    pub fn position(&self, rules: RuleSet) -> Mangala4 {
        Mangala4::new(self, rules)
    }
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::notation::write_board(f, &self.board)?;
        write!(f, " {}", self.first)
    }
}

impl core::str::FromStr for Setup {
    type Err = ParseError;

    /// Parses `c0,…,c13 FIRST`: exactly two fields separated by one space; counts are plain
    /// decimal numbers (no sign, no leading zero); FIRST is `south` or `north`.
    fn from_str(s: &str) -> Result<Setup, ParseError> {
        let fields: Vec<&str> = s.split(' ').collect();
        let [board, first] = fields[..] else {
            return Err(ParseError::FieldCount {
                what: "setup",
                expected: 2,
                found: fields.len(),
            });
        };
        let counts = parse_board(board)?;
        let first = parse_side(first)?;
        Ok(Setup::custom(&counts)?.with_first(first))
    }
}
