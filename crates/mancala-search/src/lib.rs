//! Computer players for every mancala written on [`mancala_engine`]: each is written once over
//! the [`Position`] trait, so a game gets them all by implementing it.
//!
//! - [`Pvs`]: the strongest — principal-variation search with a transposition table,
//!   aspiration windows, killer and history move ordering, reporting each [`Iteration`];
//! - [`AlphaBeta`]: plain negamax alpha-beta with iterative deepening, the reference that
//!   [`Pvs`] is measured against;
//! - [`Mcts`]: Monte Carlo tree search (UCT) over seeded random play-outs, needing no
//!   evaluation;
//! - [`RandomPlayer`]: a uniformly random legal move, the baseline the others are measured
//!   against;
//! - [`count_ending_lines`]: not a player but an exhaustive proof of how soon a game can end,
//!   pruned by a game's sound bound.
//!
//! The alpha-beta searches stop at their [`Limits`] (depth, nodes or time) and judge
//! positions with an [`Evaluator`]: by default the [`ScoreDifference`], or a game's own, such
//! as a [`Linear`] sum of its [`Features`]. They return a [`SearchResult`] whose value is an
//! evaluation within [`MAX_EVAL`] or a won or lost game near [`WIN`] ([`plies_to_end`] reads
//! it).
//!
//! All of them implement [`Player`], and [`play_game`] plays a game between any two of them.
//! Everything is deterministic: alpha-beta has no randomness, and the others draw on a
//! [`Rng`] seeded at construction (only a time limit makes results depend on the machine).
//! Sizes taken from the caller are bounded: depths by [`MAX_SEARCH_DEPTH`], the
//! transposition table by [`MAX_TABLE_BYTES`] (a table the system refuses is an error, or a
//! smaller table, never an abort), the Monte Carlo tree by [`MAX_TREE_NODES`].
//!
//! The example plays Nim with one pile (the mancala kit's toy game): take 1 to 3, whoever
//! takes the last wins, and a multiple of 4 is lost for the mover.
//!
//! ```
//! use mancala_engine::Side;
//! use mancala_kit::toy::Pile;
//! use mancala_search::{play_game, AlphaBeta, Limits, Mcts, Player, RandomPlayer};
//!
//! let start = Pile::nim(10);
//!
//! // Alpha-beta sees the whole game: take 2, leaving a multiple of 4.
//! let result = AlphaBeta::new(Limits::depth(12)).search(&start);
//! assert_eq!(result.best_move, Some(2));
//! assert!(result.value > 0);
//!
//! // Monte Carlo search finds it too, with enough play-outs.
//! let mut mcts = Mcts::new(7).with_iterations(5_000);
//! assert_eq!(mcts.choose(&start), Some(2));
//!
//! // Perfect play beats random play from a won position.
//! let end = play_game(start, &mut AlphaBeta::new(Limits::depth(12)), &mut RandomPlayer::new(1), 100);
//! assert_eq!(end.outcome.and_then(|o| o.winner), Some(Side::South));
//! ```
//!
//! # Feature flags
//!
//! One a game, all on by default: `toguz`, `katro`, `oware`, `kalah`, each the game's fitted
//! evaluation in [`games`] (and a dependency on the game's crate).
//!
#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]

/// The accessors of a search's limits and evaluation (fields `limits` and `evaluator`),
/// alike for every searching player.
macro_rules! limits_and_evaluator {
    ($evaluator:ty) => {
        /// The limits each search runs under.
        pub fn limits(&self) -> Limits {
            self.limits
        }

        /// Changes the limits of later searches (e.g. a time control's budget for the next
        /// move).
        pub fn set_limits(&mut self, limits: Limits) {
            self.limits = limits;
        }

        /// The evaluation in use.
        pub fn evaluator(&self) -> &$evaluator {
            &self.evaluator
        }
    };
}

mod alphabeta;
pub mod elo;
mod eval;
pub mod fit;
pub mod games;
mod limits;
mod mcts;
mod negamax;
mod ordering;
mod parallel;
mod proof;
mod prune;
mod pvs;
mod pvs_search;
mod report;
mod shared_tt;
mod tt;
mod value;

pub use alphabeta::AlphaBeta;
pub use eval::{Evaluator, Features, Linear, Probed, ScoreDifference};
pub use limits::{Limits, DEFAULT_DEPTH, MAX_SEARCH_DEPTH};
pub use mcts::{
    Mcts, MctsResult, DEFAULT_ITERATIONS, DEFAULT_MAX_TREE_NODES, DEFAULT_PLAYOUT_PLIES,
    MAX_TREE_NODES,
};
pub use proof::{count_ending_lines, LineCount};
pub use pvs::{
    Pvs, ThreadsError, DEFAULT_ASPIRATION, DEFAULT_QUIESCENCE, DEFAULT_TABLE_BYTES, MAX_THREADS,
};
pub use report::{Iteration, SearchResult};
pub use tt::{TableError, MAX_TABLE_BYTES};
pub use value::{exact_margin, plies_to_end, EXACT, MAX_EVAL, WIN};

use mancala_engine::playout::Playout;
use mancala_engine::{Position, Rng, Side};

/// Anything that picks a move in a position: a search, a random player, a human at a prompt.
/// Generic code (matches, tournaments, the examples) is written against this.
pub trait Player<P: Position> {
    /// The move to play in `position`, or `None` when the game is over (a player may also
    /// return `None` to resign).
    fn choose(&mut self, position: &P) -> Option<P::Move>;
}

/// The move a searching player plays: none once the game is over, the only legal move without
/// searching, otherwise the best move `search` finds.
fn searched_choice<P: Position>(
    position: &P,
    search: impl FnOnce(&P) -> Option<P::Move>,
) -> Option<P::Move> {
    if position.is_over() {
        return None;
    }
    match *position.legal_moves() {
        [only] => Some(only),
        _ => search(position),
    }
}

/// A player that picks a legal move uniformly at random: the baseline opponent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RandomPlayer {
    rng: Rng,
}

impl RandomPlayer {
    /// A random player whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: Rng::new(seed),
        }
    }
}

impl<P: Position> Player<P> for RandomPlayer {
    fn choose(&mut self, position: &P) -> Option<P::Move> {
        position.random_move(&mut self.rng)
    }
}

/// Plays a game from `position`, asking `south` or `north` for a move whenever that side is to
/// move, until the game ends, `max_plies` moves have been played, or a player returns `None` or
/// an illegal move (then the game stops where it is, with no outcome unless it was over).
pub fn play_game<P: Position>(
    mut position: P,
    south: &mut dyn Player<P>,
    north: &mut dyn Player<P>,
    max_plies: u32,
) -> Playout<P> {
    let mut plies = 0;
    while plies < max_plies && !position.is_over() {
        let player: &mut dyn Player<P> = match position.side_to_move() {
            Side::South => &mut *south,
            Side::North => &mut *north,
        };
        let Some(mv) = player.choose(&position) else {
            break;
        };
        if position.play(mv).is_err() {
            break;
        }
        plies += 1;
    }
    let outcome = position.outcome();
    Playout {
        position,
        plies,
        outcome,
    }
}
