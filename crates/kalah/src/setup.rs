//! Custom positions: a [`Setup`] with public fields, validated into a [`Kalah`] by one
//! fallible constructor, and back.

use crate::position::{Frame, Pits, HOLES};
use crate::{Kalah, RuleSet, MAX_SEEDS};
use mancala_engine::{EndReason, Game, Side};

/// A position as plain data, to be checked by [`Kalah::from_setup`](mancala_engine::Game::from_setup);
/// [`Kalah::to_setup`](mancala_engine::Game::to_setup) gives it back. The default is the
/// standard start.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The rules (the board's size included).
    pub rules: RuleSet,
    /// The seeds of every pit: South's from his left, then North's from his left (the order
    /// of sowing).
    pub board: Vec<u8>,
    /// The seeds in each player's store, South's first.
    pub stores: [u32; 2],
    /// The player to move.
    pub side: Side,
    /// Moves played since the start of the game (the move limit counts them), up to
    /// `u32::MAX` ([`Kalah::ply`]).
    pub ply: u32,
    /// Why the game ended, for a finished game (whose seeds have then been collected).
    pub end: Option<EndReason>,
}

impl Default for Setup {
    fn default() -> Setup {
        Kalah::default().to_setup()
    }
}

/// Why a setup is not a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The board the rules ask for cannot be made.
    #[error(
        "a board of 2 × {pits} pits with {seeds} seeds each is not playable \
         (1 to 8 pits a player, at least one seed a pit, at most 255 seeds in all)"
    )]
    Board {
        /// Pits per player asked for.
        pits: usize,
        /// Seeds per pit asked for.
        seeds: usize,
    },
    /// A board does not have two rows of the rules' pits.
    #[error("a board of 2 × {pits} pits has {expected} counts, but {found} were given")]
    BoardLength {
        /// Pits per player.
        pits: usize,
        /// Counts expected.
        expected: usize,
        /// Counts given.
        found: usize,
    },
    /// More seeds than a game may hold, or none at all.
    #[error("a game holds 1 to {MAX_SEEDS} seeds, pits and stores together, not {0}")]
    Seeds(u64),
    /// A player's pits are all empty in a game said to go on: it would be over.
    #[error("a player's pits are all empty: the game would be over")]
    EmptyRow,
    /// The move limit has been passed in a game said to go on.
    #[error("{ply} moves have been played and the move limit is {limit}: the game would be over")]
    PastLimit {
        /// Moves played.
        ply: u32,
        /// The rules' limit.
        limit: u32,
    },
    /// A finished game's state does not fit the reason it ended.
    #[error("a game ended by {reason} cannot stand like this: {why}")]
    End {
        /// The reason given.
        reason: EndReason,
        /// What does not fit.
        why: &'static str,
    },
}

/// The position `setup` describes, or what is wrong with it
/// ([`Game::from_setup`](mancala_engine::Game::from_setup)).
pub(crate) fn from_setup(setup: Setup) -> Result<Kalah, SetupError> {
    from_parts(
        setup.rules,
        &setup.board,
        setup.stores,
        setup.side,
        setup.ply,
        setup.end,
    )
}

impl Kalah {
    /// The position of a game going on, from its first move, with `board` (as
    /// [`Setup::board`]), `stores` and `side` to move: what
    /// [`Kalah::from_setup`](mancala_engine::Game::from_setup) gives for that setup with no
    /// moves played and no end, with the same checks, but without building a [`Setup`] (for
    /// callers that make many positions, such as an endgame database).
    pub fn from_board(
        rules: RuleSet,
        board: &[u8],
        stores: [u32; 2],
        side: Side,
    ) -> Result<Kalah, SetupError> {
        from_parts(rules, board, stores, side, 0, None)
    }

    /// The seeds of every pit, as [`Position::board`](mancala_engine::Position::board) gives
    /// them, borrowed rather than copied.
    #[inline]
    pub fn pit_seeds(&self) -> &[u8] {
        &self.frame.board[..2 * self.frame.rules.pits()]
    }
}

/// The checks and the making of a position, for [`from_setup`] and [`Kalah::from_board`].
fn from_parts(
    rules: RuleSet,
    pits_given: &[u8],
    stores: [u32; 2],
    side: Side,
    ply: u32,
    end: Option<EndReason>,
) -> Result<Kalah, SetupError> {
    let pits = rules.pits();
    if pits_given.len() != 2 * pits {
        return Err(SetupError::BoardLength {
            pits,
            expected: 2 * pits,
            found: pits_given.len(),
        });
    }
    let on_board: u64 = pits_given.iter().map(|&s| u64::from(s)).sum();
    let total = on_board + stores.iter().map(|&s| u64::from(s)).sum::<u64>();
    if total == 0 || total > u64::from(MAX_SEEDS) {
        return Err(SetupError::Seeds(total));
    }
    let mut board: Pits = [0; HOLES];
    board[..2 * pits].copy_from_slice(pits_given);
    let frame = Frame {
        board,
        stores: stores.map(|s| s as u8),
        side,
        ply,
        rules,
    };
    let limit = rules.max_plies();
    // The count a game ended by the limit stands at: one past it, or `u32::MAX` where the
    // count saturates ([`Kalah::ply`]).
    let ended_at = limit.saturating_add(1);
    match end {
        None => match frame.end() {
            None => Ok(Kalah { frame, end: None }),
            Some(EndReason::MoveLimit) => Err(SetupError::PastLimit { ply, limit }),
            Some(_) => Err(SetupError::EmptyRow),
        },
        Some(reason) => {
            let why = if on_board > 0 {
                Some("the seeds left in the pits are collected at the end")
            } else if limit > 0 && ply > ended_at {
                Some("the game ended at the move limit before this move count")
            } else {
                match reason {
                    EndReason::MoveLimit if limit == 0 || ply != ended_at => {
                        Some("the move count must be one more than the rules' move limit")
                    }
                    EndReason::MoveLimit | EndReason::NoSeeds => None,
                    _ => Some("no Kalah game ends that way"),
                }
            };
            match why {
                Some(why) => Err(SetupError::End { reason, why }),
                None => Ok(Kalah {
                    frame,
                    end: Some(reason),
                }),
            }
        }
    }
}

/// The position as plain data ([`Game::to_setup`](mancala_engine::Game::to_setup)).
pub(crate) fn to_setup(position: &Kalah) -> Setup {
    let frame = &position.frame;
    Setup {
        rules: frame.rules,
        board: frame.board[..2 * frame.rules.pits()].to_vec(),
        stores: frame.stores.map(u32::from),
        side: frame.side,
        ply: frame.ply,
        end: position.end,
    }
}
