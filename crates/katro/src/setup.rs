//! Custom positions: a [`Setup`] with public fields, validated into a [`Katro`] by
//! [`Katro::from_setup`](mancala_engine::Game::from_setup), which refuses what no game can reach.

use crate::sowing::CELLS;
use crate::{Katro, RuleSet, Size, BOARD_CELLS, MAX_SEEDS};
use mancala_engine::{Game, Position as _, Side};
use thiserror::Error;

/// A raw position with public fields: what a caller fills in before validation by
/// [`Katro::from_setup`](mancala_engine::Game::from_setup), and what [`Katro::to_setup`](mancala_engine::Game::to_setup) gives back.
///
/// ```
/// use katro::{Katro, RuleSet, Setup, SetupError, Size};
/// use mancala_engine::{Game, Side};
///
/// let mut setup = Setup::start(RuleSet::on(Size::S4x4));
/// setup.board[..8].fill(0); // South has no seeds...
/// setup.side_to_move = Side::North; // ...and he is not to move: no game gets here.
/// assert_eq!(
///     Katro::from_setup(setup),
///     Err(SetupError::NoSeedsAfterMove { side: Side::South })
/// );
/// let start = Katro::default();
/// assert_eq!(Katro::from_setup(start.to_setup()), Ok(start));
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The rules, the board size among them.
    pub rules: RuleSet,
    /// Seeds per hole by board index `row * cols + col` (rows from South's edge); indices from
    /// `rules.size.holes()` on must be `0`.
    pub board: [u8; BOARD_CELLS],
    /// The player to move.
    pub side_to_move: Side,
    /// `true` for a game that ended when `side_to_move`'s move was found endless (K6): the
    /// board is the one before that move.
    pub endless: bool,
}

impl Setup {
    /// The start of a game under `rules`: 2 seeds in every hole, South to move.
    pub fn start(rules: RuleSet) -> Setup {
        let mut board = [0; BOARD_CELLS];
        board[..rules.size.holes()].fill(2);
        Setup {
            rules,
            board,
            side_to_move: Side::South,
            endless: false,
        }
    }
}

impl Default for Setup {
    /// The start under [`RuleSet::STANDARD`].
    fn default() -> Setup {
        Setup::start(RuleSet::STANDARD)
    }
}

/// Why a setup is not a Katro position that a game can reach.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SetupError {
    /// The board array holds seeds at an index beyond the board of the given size.
    #[error("board index {index} holds seeds but a {size} board has only {} holes", size.holes())]
    SeedsOffBoard {
        /// The size of the setup.
        size: Size,
        /// The offending index.
        index: usize,
    },
    /// More seeds than a hole count can hold.
    #[error("{total} seeds on the board; at most {MAX_SEEDS} are supported")]
    TooManySeeds {
        /// Seeds on the board.
        total: u32,
    },
    /// The player who is not to move has no seed: no game can reach this, since a mover never
    /// loses seeds during his own move.
    #[error("{side} is not to move and has no seeds, which no game can reach")]
    NoSeedsAfterMove {
        /// The player without seeds.
        side: Side,
    },
    /// The game is marked as ended by an endless move, but none of the mover's moves here is
    /// endless (or he has none): no game can reach this.
    #[error(
        "the game is marked as ended by an endless move, but no move of {side} here is endless"
    )]
    NoEndlessMove {
        /// The player to move.
        side: Side,
    },
}

/// Validates a setup ([`Game::from_setup`](mancala_engine::Game::from_setup)).
pub(crate) fn from_setup(setup: Setup) -> Result<Katro, SetupError> {
    let size = setup.rules.size;
    if let Some(index) = (size.holes()..BOARD_CELLS).find(|&i| setup.board[i] != 0) {
        return Err(SetupError::SeedsOffBoard { size, index });
    }
    let total: u32 = setup.board.iter().map(|&s| u32::from(s)).sum();
    if total > MAX_SEEDS {
        return Err(SetupError::TooManySeeds { total });
    }
    let mut board = [0; CELLS];
    board[..BOARD_CELLS].copy_from_slice(&setup.board);
    let mover = setup.side_to_move;
    let before = Katro::from_parts(board, setup.rules, mover, false);
    if before.seeds_on_side(!mover) == 0 {
        return Err(SetupError::NoSeedsAfterMove { side: !mover });
    }
    if !setup.endless {
        return Ok(before);
    }
    // Every legal move's relay ends within the lap limit, so this always returns.
    let endless = before
        .legal_moves()
        .iter()
        .any(|&mv| before.child(mv).is_endless());
    if endless {
        Ok(Katro::from_parts(board, setup.rules, mover, true))
    } else {
        Err(SetupError::NoEndlessMove { side: mover })
    }
}

/// The raw setup of a position ([`Game::to_setup`](mancala_engine::Game::to_setup)).
pub(crate) fn to_setup(position: &Katro) -> Setup {
    let mut board = [0; BOARD_CELLS];
    board.copy_from_slice(&position.cells()[..BOARD_CELLS]);
    Setup {
        rules: position.rules(),
        board,
        side_to_move: position.side_to_move(),
        endless: position.is_endless(),
    }
}
