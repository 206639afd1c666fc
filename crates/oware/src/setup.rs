//! Custom positions: a [`Setup`] with public fields, validated into an [`Oware`] by one
//! fallible constructor, and back.

use crate::position::{Frame, Houses, HOLES};
use crate::{Move, MoveError, Oware, RuleSet, MAX_SEEDS};
use mancala_engine::{EndReason, Game, Side};
use std::collections::HashSet;

/// A position as plain data, to be checked by [`Oware::from_setup`](mancala_engine::Game::from_setup); [`Oware::to_setup`](mancala_engine::Game::to_setup) gives
/// it back. The default is the standard start.
///
/// The repetition record is given as the board right after the last capture (or at the start
/// of the game) and the moves played since: they are replayed, and must lead to `board`
/// without a capture and without ending the game.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The rules (the board's size included).
    pub rules: RuleSet,
    /// The seeds of every house: South's from his left, then North's from his left
    /// (OpenSpiel's order, the order of sowing).
    pub board: Vec<u8>,
    /// The seeds each player has captured (and, once the game is over, collected), South's
    /// first.
    pub stores: [u32; 2],
    /// The player to move.
    pub side: Side,
    /// Moves played since the start of the game (the move limit counts them).
    pub ply: u32,
    /// The board right after the last capture, from which [`since_capture`](Setup::since_capture)
    /// leads to `board`; empty when no move was played since.
    pub last_capture: Vec<u8>,
    /// The moves played since the last capture, oldest first.
    pub since_capture: Vec<Move>,
    /// Why the game ended, for a finished game (whose seeds have then been collected, unless the
    /// move limit ended it).
    pub end: Option<EndReason>,
}

impl Default for Setup {
    fn default() -> Setup {
        Oware::default().to_setup()
    }
}

/// Why a setup is not a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The board the rules ask for cannot be made.
    #[error(
        "a board of 2 × {houses} houses with {seeds} seeds each is not playable \
         (1 to 8 houses a player, at least one seed a house, at most 255 seeds in all)"
    )]
    Board {
        /// Houses per player asked for.
        houses: usize,
        /// Seeds per house asked for.
        seeds: usize,
    },
    /// A board does not have two rows of the rules' houses.
    #[error("a board of 2 × {houses} houses has {expected} counts, but {found} were given")]
    BoardLength {
        /// Houses per player.
        houses: usize,
        /// Counts expected.
        expected: usize,
        /// Counts given.
        found: usize,
    },
    /// More seeds than a game may hold, or none at all.
    #[error("a game holds 1 to {MAX_SEEDS} seeds, board and stores together, not {0}")]
    Seeds(u64),
    /// The stores already decide the game, which would then be over.
    #[error(
        "a store holds more than half of the seeds (or both hold half): the game would be over"
    )]
    Decided,
    /// The side to move cannot move (no seeds, or none that reach a starving opponent), so the
    /// game would be over.
    #[error("the side to move has no legal move: the game would be over")]
    NoMove,
    /// The move limit has been reached in a game said to go on.
    #[error("{ply} moves have been played and the move limit is {limit}: the game would be over")]
    PastLimit {
        /// Moves played.
        ply: u32,
        /// The rules' limit.
        limit: u32,
    },
    /// More moves since the last capture than in the whole game, or than
    /// [`MAX_RUN`].
    #[error("{run} moves since the last capture is more than the game's {ply} or the most a setup may give")]
    RunTooLong {
        /// Moves since the last capture.
        run: usize,
        /// Moves in the game.
        ply: u32,
    },
    /// A board at the last capture without any move since.
    #[error("the board at the last capture is given, but no move since")]
    RunWithoutMoves,
    /// A move since the last capture is not legal where it is played.
    #[error("move {} since the last capture is illegal: {error}", index + 1)]
    RunMove {
        /// The move's place in the list, from `0`.
        index: usize,
        /// Why it is illegal.
        error: MoveError,
    },
    /// A move since the last capture captures, or ends the game.
    #[error("move {} since the last capture captures or ends the game", index + 1)]
    RunBreaks {
        /// The move's place in the list, from `0`.
        index: usize,
    },
    /// The moves since the last capture do not lead to the position given.
    #[error("the moves since the last capture do not lead to the board, stores and side given")]
    RunMismatch,
    /// A finished game's state does not fit the reason it ended.
    #[error("a game ended by {reason} cannot stand like this: {why}")]
    End {
        /// The reason given.
        reason: EndReason,
        /// What does not fit.
        why: &'static str,
    },
}

/// The board of `counts`, which must hold two rows of `rules`' houses.
fn houses_of(rules: RuleSet, counts: &[u8]) -> Result<Houses, SetupError> {
    let houses = rules.houses();
    if counts.len() != 2 * houses {
        return Err(SetupError::BoardLength {
            houses,
            expected: 2 * houses,
            found: counts.len(),
        });
    }
    let mut board = [0; HOLES];
    board[..counts.len()].copy_from_slice(counts);
    Ok(board)
}

/// The position `setup` describes, or what is wrong with it
/// ([`Game::from_setup`](mancala_engine::Game::from_setup)).
pub(crate) fn from_setup(setup: Setup) -> Result<Oware, SetupError> {
    let (frame, on_board) = frame_of(
        setup.rules,
        &setup.board,
        setup.stores,
        setup.side,
        setup.ply,
    )?;
    let board = frame.board;
    if let Some(reason) = setup.end {
        let why = finished_misfit(&frame, reason, on_board);
        let why = why.or_else(|| {
            (!setup.since_capture.is_empty() || !setup.last_capture.is_empty())
                .then_some("a finished game keeps no moves since the last capture")
        });
        return match why {
            Some(why) => Err(SetupError::End { reason, why }),
            None => Ok(Oware::assemble(frame, Some(reason), vec![board])),
        };
    }
    if setup.since_capture.is_empty() {
        if !setup.last_capture.is_empty() {
            return Err(SetupError::RunWithoutMoves);
        }
        return fresh(frame);
    }
    replay_run(&setup, frame)
}

/// The frame of a setup's board, stores, side and move count, with the seeds on its board,
/// or what is wrong with them.
fn frame_of(
    rules: RuleSet,
    counts: &[u8],
    stores: [u32; 2],
    side: Side,
    ply: u32,
) -> Result<(Frame, u64), SetupError> {
    let board = houses_of(rules, counts)?;
    let on_board: u64 = board.iter().map(|&s| u64::from(s)).sum();
    let total = on_board + stores.iter().map(|&s| u64::from(s)).sum::<u64>();
    if total == 0 || total > u64::from(MAX_SEEDS) {
        return Err(SetupError::Seeds(total));
    }
    let frame = Frame {
        board,
        stores: stores.map(|s| s as u8),
        side,
        ply,
        rules,
    };
    Ok((frame, on_board))
}

/// The game going on at `frame`, with no board before it in its repetition record, or why
/// it would be over.
fn fresh(frame: Frame) -> Result<Oware, SetupError> {
    match frame.end_or_moves(true, false) {
        Ok(_) => Ok(Oware::assemble(frame, None, vec![frame.board])),
        Err(EndReason::NoSeeds) => Err(SetupError::NoMove),
        Err(EndReason::MoveLimit) => Err(SetupError::PastLimit {
            ply: frame.ply,
            limit: frame.rules.max_plies(),
        }),
        Err(_) => Err(SetupError::Decided),
    }
}

impl Oware {
    /// The position of a game going on with `board` (as [`Setup::board`]), `stores` and
    /// `side` to move, no move played and no earlier board in its repetition record: what
    /// [`Oware::from_setup`](mancala_engine::Game::from_setup) gives for that setup with no
    /// moves, no run since a capture and no end, with the same checks, but without building a
    /// [`Setup`] (for callers that make many positions, such as an endgame database).
    pub fn from_board(
        rules: RuleSet,
        board: &[u8],
        stores: [u32; 2],
        side: Side,
    ) -> Result<Oware, SetupError> {
        fresh(frame_of(rules, board, stores, side, 0)?.0)
    }

    /// The seeds of every house, as [`Position::board`](mancala_engine::Position::board) gives
    /// them, borrowed rather than copied.
    #[inline]
    pub fn house_seeds(&self) -> &[u8] {
        &self.frame.board[..2 * self.frame.rules.houses()]
    }
}

/// The position as plain data ([`Game::to_setup`](mancala_engine::Game::to_setup)).
pub(crate) fn to_setup(position: &Oware) -> Setup {
    let frame = &position.frame;
    let len = 2 * frame.rules.houses();
    let (last_capture, since_capture) = match position.seen.len() {
        0 | 1 => (Vec::new(), Vec::new()),
        n => (
            position.seen[0][..len].to_vec(),
            moves_since_capture(position, n),
        ),
    };
    Setup {
        rules: frame.rules,
        board: frame.board[..len].to_vec(),
        stores: frame.stores.map(u32::from),
        side: frame.side,
        ply: frame.ply,
        last_capture,
        since_capture,
        end: position.end,
    }
}

/// The moves between the `n` boards of the repetition record. In a move without a capture
/// only the house sown from loses seeds (it is emptied; every other house gains or keeps),
/// so each move is the one house of its mover's row that lost seeds.
fn moves_since_capture(position: &Oware, n: usize) -> Vec<Move> {
    let houses = position.rules().houses();
    (0..n - 1)
        .map(|j| {
            let moves_after = n - 1 - j;
            let mover = if moves_after % 2 == 1 {
                !position.frame.side
            } else {
                position.frame.side
            };
            let row = position.frame.row(mover);
            let (before, after) = (&position.seen[j], &position.seen[j + 1]);
            let index = (0..houses)
                .find(|&i| after[row.start + i] < before[row.start + i])
                .unwrap_or(0);
            Move::new(index as u8 + 1)
        })
        .collect()
}

/// What does not fit in a game said to have ended for `reason`, if anything.
fn finished_misfit(frame: &Frame, reason: EndReason, on_board: u64) -> Option<&'static str> {
    let total = u32::from(frame.stores[0]) + u32::from(frame.stores[1]) + on_board as u32;
    let [south, north] = frame.stores.map(u32::from);
    let limit = frame.rules.max_plies();
    if reason != EndReason::MoveLimit && limit != 0 && frame.ply > limit {
        // The move that reached the limit ended the game, whatever came after it.
        return Some("the game ended at the move limit before this move count");
    }
    match reason {
        EndReason::MoveLimit => {
            let limit = frame.rules.max_plies();
            if limit == 0 || frame.ply != limit {
                Some("the move count must be the rules' move limit")
            } else if frame
                .end_or_moves(true, false)
                .is_err_and(|r| r != EndReason::MoveLimit)
            {
                Some("the game would have ended otherwise first")
            } else {
                None
            }
        }
        _ if on_board > 0 => Some("the seeds left on the board are collected at the end"),
        EndReason::Majority if !frame.rules.stop_at_majority() => {
            Some("the rules play on past a majority")
        }
        EndReason::Majority if south.max(north) <= total / 2 => {
            Some("no store holds more than half of the seeds")
        }
        EndReason::EmptyBoard if south.min(north) < total / 2 => {
            Some("each store must hold half of the seeds")
        }
        EndReason::Majority | EndReason::EmptyBoard | EndReason::Repetition => None,
        EndReason::NoSeeds => None,
        _ => Some("no Oware game ends that way"),
    }
}

/// The longest repetition record a setup may give: a million moves without a capture, far
/// beyond any game, keeps reading a hostile string within a few megabytes and milliseconds.
pub const MAX_RUN: usize = 1 << 20;

/// The position `setup` describes, reached by replaying its moves since the last capture from
/// the board at that capture; `frame` is what they must lead to. Repeats are found with a set
/// of the boards of each side, so a long record replays in linear time.
fn replay_run(setup: &Setup, frame: Frame) -> Result<Oware, SetupError> {
    let run = setup.since_capture.len();
    if run > MAX_RUN || run as u64 > u64::from(setup.ply) {
        return Err(SetupError::RunTooLong {
            run,
            ply: setup.ply,
        });
    }
    let side = if run % 2 == 1 {
        !setup.side
    } else {
        setup.side
    };
    let start = Oware::from_setup(Setup {
        rules: setup.rules,
        board: setup.last_capture.clone(),
        stores: setup.stores,
        side,
        ply: setup.ply - run as u32,
        last_capture: Vec::new(),
        since_capture: Vec::new(),
        end: None,
    })?;
    let mut current = start.frame;
    let mut seen = Vec::with_capacity(run + 1);
    seen.push(current.board);
    // The boards met so far with each side to move: South's and North's.
    let mut met: [HashSet<Houses>; 2] = Default::default();
    met[current.side.index()].insert(current.board);
    for (index, &mv) in setup.since_capture.iter().enumerate() {
        current
            .check(mv)
            .map_err(|error| SetupError::RunMove { index, error })?;
        let (next, effect) = current.after(mv);
        let repeated = !met[next.side.index()].insert(next.board);
        if effect.captured > 0 || next.end_or_moves(false, repeated).is_err() {
            return Err(SetupError::RunBreaks { index });
        }
        seen.push(next.board);
        current = next;
    }
    if current != frame {
        return Err(SetupError::RunMismatch);
    }
    Ok(Oware::assemble(frame, None, seen))
}
