#![doc = include_str!("../README.md")]
//!
//! # How it searches
//!
//! [`solve`] runs a proof search: fail-soft alpha-beta with no depth limit, driven by MTD(f)
//! null-window passes, over a transposition table of a size fixed up front (an option) and
//! with moves ordered by the table's move, then by what a move captures, then by another turn,
//! then the later move of the list. A move after which the same side moves again (Kalah's
//! another turn) is searched without negating the value. Where the board alone decides the
//! rest of the game and no position can come back (Kalah without a move limit, with
//! [`Keys::best_for`] and [`Options::monotone_scores`]), a search of its own runs: its table
//! holds what the rest of the game gains the side to move, keyed by the board as that side
//! sees it (the board itself where it fits 64 bits; a position with North to move as its
//! mirror), with the score lead carried outside; nothing is kept of the current line; near
//! the start every child's entry is read before the children are searched (enhanced
//! transposition cutoffs); and the positions with few seeds left are worked out once each and
//! kept for the whole solve, in a flat array indexed like a database level.
//!
//! A game whose rules give endless play no value (Toguz Kumalak: sowing without a capture can
//! bring a position back for ever) is solved under a convention: a position repeated on the
//! current line ends the game with the seeds left on the board going to one side
//! ([`Endless`]). [`solve_range`] solves under both extreme conventions and gives the value
//! as a range, exact where the two agree — or in one solve, when no line repeated at all.
//! Ending a game at its first repetition gives the value of the endless game itself: the
//! player who gains by it can repeat, the other must leave the cycle. Results that depend on
//! which positions are on the current line are never stored in the table.
//!
//! The search's recursion is as deep as its longest line; [`Options::max_line`] bounds it, so
//! run a solve on a thread with a large stack for long games ([`on_large_stack`]).

#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod db;
mod gain;
mod line;
mod pages;
mod search;
mod solved;
mod stack;
mod table;

pub use db::{
    BuildOptions, BuildProgress, Databases, DbError, Endgame, LevelStats, MAX_BUILD_THREADS,
};
pub use search::SolveError;
pub use solved::{EndgameOps, Solved};
pub use stack::{on_large_stack, StackError, LARGE_STACK_BYTES};
pub use table::{TableError, MAX_TABLE_BYTES};

use mancala_engine::{Position, Side};
use search::Search;
use std::sync::Arc;
use std::time::Duration;

/// Who gets the seeds left on the board when play would never end (a position repeats on the
/// current line).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Endless {
    /// All to South.
    South,
    /// All to North.
    North,
}

impl Endless {
    /// The side that gets the seeds.
    pub const fn side(self) -> Side {
        match self {
            Endless::South => Side::South,
            Endless::North => Side::North,
        }
    }

    /// The other convention: the seeds to the other side.
    pub const fn other(self) -> Endless {
        match self {
            Endless::South => Endless::North,
            Endless::North => Endless::South,
        }
    }
}

/// Exact values of the rest of the game where they are known (the endgame [`Databases`]).
pub trait Probe<P>: Send + Sync + core::fmt::Debug {
    /// The score difference the rest of the game brings `position`'s side to move under
    /// perfect play and the convention `endless`, and whether the other convention gives
    /// another; `None` where unknown.
    fn probe(&self, position: &P, endless: Endless) -> Option<(i32, bool)>;
}

/// What a solve may use.
#[derive(Debug, Clone)]
pub struct Options<P> {
    /// The bytes of the transposition table (at most [`MAX_TABLE_BYTES`]); default 64 MiB.
    pub table_bytes: usize,
    /// The solve stops with [`SolveError::NodeLimit`] after this many nodes; default none.
    pub max_nodes: u64,
    /// The longest line searched, in plies; default 10 000.
    pub max_line: usize,
    /// How the table and the line tell positions apart; default [`Keys::positions`] of
    /// [`Position::key`].
    pub keys: Keys<P>,
    /// Whether the scores never fall and never total more than the seeds of the game (Kalah,
    /// Oware, Toguz Kumalak): the search then prunes a position whose window lies outside what
    /// the seeds left can still change. Default `false`.
    pub monotone_scores: bool,
    /// The value the first MTD(f) pass tries (a published value, or another convention's):
    /// a good guess saves passes, and the result does not depend on it. A guess beyond
    /// [`MAX_GUESS`] counts as that bound. Default `None`: the search's own, from a shallow
    /// search of the start within [`max_nodes`](Self::max_nodes) where the search has one
    /// (the gain search), else 0.
    pub guess: Option<i32>,
    /// Exact values the search takes instead of searching (the endgame databases of the
    /// position's game and rules); default none. A value that depends on the endless-play
    /// convention counts as a repetition.
    pub databases: Option<Arc<dyn Probe<P>>>,
    /// Threads sharing the table, 1 to [`MAX_SOLVE_THREADS`] (0 counts as 1; more is refused
    /// with [`SolveError::Threads`]); default 1. The search of the rest of the game by the
    /// board alone (Kalah without a move limit) uses them; the others run on one thread.
    pub threads: usize,
}

/// The most threads a solve takes ([`Options::threads`]).
pub const MAX_SOLVE_THREADS: usize = 256;

impl<P: Position> Default for Options<P> {
    fn default() -> Self {
        Options {
            table_bytes: 64 << 20,
            max_nodes: u64::MAX,
            max_line: 10_000,
            keys: Keys::positions(P::key),
            monotone_scores: false,
            guess: None,
            databases: None,
            threads: 1,
        }
    }
}

impl<P> Options<P> {
    /// The thread count, 0 as 1, or why it is refused.
    fn checked_threads(&self) -> Result<usize, SolveError> {
        match self.threads {
            0 => Ok(1),
            n if n <= MAX_SOLVE_THREADS => Ok(n),
            n => Err(SolveError::Threads { threads: n }),
        }
    }
}

/// A key of the board, the two scores and the side to move only, for games whose position
/// holds a move counter that decides nothing (Kalah and Oware without a move limit).
pub fn board_key<P: Position>(position: &P) -> u64 {
    let board = position.board();
    mancala_engine::key::key_of(&(
        &*board,
        position.score(Side::South),
        position.score(Side::North),
        position.side_to_move(),
    ))
}

/// How a solve tells positions apart, in its table and on the current line.
pub struct Keys<P> {
    key: fn(&P) -> u64,
    rest_of_game: bool,
    /// Whether a position can come back on a line (unknown: yes).
    cycles: bool,
    /// The gain search of the game, where the board alone decides the rest and no position
    /// can come back.
    gain: Option<GainSolve<P>>,
}

/// A solve by the gain search, for one game, with moves as their places in the legal move
/// lists.
type GainSolve<P> = fn(
    &P,
    &Options<P>,
    Endless,
    Option<&mut dyn FnMut(&Progress)>,
) -> Result<Solution<usize>, SolveError>;

impl<P: Position> Keys<P> {
    /// Whole positions, told apart by `key`: equal keys must mean positions whose futures are
    /// the same. [`Position::key`], or [`board_key`] when the board, the scores and the side to
    /// move decide the game (no move counter).
    pub fn positions(key: fn(&P) -> u64) -> Self {
        Keys {
            key,
            rest_of_game: false,
            cycles: true,
            gain: None,
        }
    }

    /// The key of `position`.
    pub(crate) fn key(&self, position: &P) -> u64 {
        (self.key)(position)
    }

    /// Whether the table holds values of the rest of the game, decided by the board alone.
    pub(crate) fn holds_rest(&self) -> bool {
        self.rest_of_game
    }

    /// Whether a position may come back on a line, so the search must look for repetitions.
    pub(crate) fn cycles(&self) -> bool {
        self.cycles
    }

    /// What the table's values are shifted by for `position`: its score lead when the table
    /// holds values of the rest of the game, else nothing.
    pub(crate) fn shift(&self, position: &P) -> i32 {
        if self.rest_of_game {
            score_lead(position)
        } else {
            0
        }
    }
}

impl<P: Endgame> Keys<P> {
    /// The board, its extra state and the side to move, without the scores, where they alone
    /// decide the rest of the game (the rules [`Endgame::db_rules`] accepts: Kalah without a
    /// move limit, Toguz Kumalak played to the end; not Oware, whose repetition record decides
    /// too, see [`Endgame::HISTORY`], nor rules where the scores decide, see
    /// [`Endgame::db_score_states`]): the table then holds bounds on the value
    /// of the rest of the game, so positions that differ only in their scores share one entry.
    /// `None` under other rules.
    pub fn rest_of_game(position: &P) -> Option<Self> {
        if P::HISTORY || position.db_score_states() > 1 {
            // The record of earlier boards, or the scores, decide the rest too.
            return None;
        }
        position.db_rules().ok()?;
        Some(Keys {
            key: rest_key::<P>,
            rest_of_game: true,
            cycles: P::CYCLES,
            gain: (!P::CYCLES).then_some(gain::solve::<P> as GainSolve<P>),
        })
    }

    /// [`Keys::rest_of_game`] where the rules allow it, else whole positions by
    /// [`Position::key`]. Either way the search looks for repeated positions only in a game
    /// where they can happen ([`Endgame::CYCLES`]).
    pub fn best_for(position: &P) -> Self {
        Self::rest_of_game(position).unwrap_or(Keys {
            cycles: P::CYCLES,
            ..Self::positions(P::key)
        })
    }
}

impl<P: Position> Keys<P> {
    /// The gain search, where it serves: keys of the board alone, no position that can come
    /// back, scores that only grow.
    fn gain_search(&self, monotone_scores: bool) -> Option<GainSolve<P>> {
        self.gain
            .filter(|_| monotone_scores && self.holds_rest() && !self.cycles())
    }
}

impl<P> Clone for Keys<P> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<P> Copy for Keys<P> {}

impl<P> core::fmt::Debug for Keys<P> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Keys")
            .field("rest_of_game", &self.rest_of_game)
            .finish_non_exhaustive()
    }
}

/// The seeds on the board of `position`.
pub(crate) fn board_seeds<P: Position>(position: &P) -> u32 {
    position.seeds_on_side(Side::South) + position.seeds_on_side(Side::North)
}

/// The score lead of `position`'s side to move.
pub(crate) fn score_lead<P: Position>(position: &P) -> i32 {
    let me = position.side_to_move();
    position.score(me) as i32 - position.score(!me) as i32
}

/// A key of the board, its extra state and the side to move, without the scores.
fn rest_key<P: Endgame>(position: &P) -> u64 {
    position.with_db_board(|pits| {
        mancala_engine::key::key_of(&(pits, position.db_extra(), position.side_to_move()))
    })
}

/// A report on a long solve, given every few million nodes and after every MTD(f) pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the solve started.
    pub elapsed: Duration,
    /// The value proved so far is at least this ...
    pub low: i32,
    /// ... and at most this.
    pub high: i32,
    /// Slots of the table in use.
    pub table_entries: u64,
}

/// A solved position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Solution<M> {
    /// The final score difference under perfect play, for the side to move.
    pub value: i32,
    /// Every move that keeps that value, in the order of the legal moves; empty when the game
    /// is over.
    pub best: Vec<M>,
    /// A line of best play from the position (it stops at the end, at a repetition, or after
    /// [`PV_LIMIT`] plies).
    pub pv: Vec<M>,
    /// Whether the principal variation ends in a repeated position.
    pub pv_repeats: bool,
    /// Nodes searched.
    pub nodes: u64,
    /// Positions met again on the line being searched: `0` means the endless-play convention
    /// decided nothing.
    pub repetitions: u64,
    /// The longest line searched, in plies.
    pub longest_line: usize,
    /// Positions whose value the databases gave.
    pub probes: u64,
    /// The bytes of the transposition table.
    pub table_bytes: usize,
    /// Slots of the table in use at the end.
    pub table_entries: u64,
    /// Wall-clock time of the solve.
    pub elapsed: Duration,
}

/// The largest guess [`Options::guess`] takes, either way: beyond any game's score.
pub const MAX_GUESS: i32 = 10_000;

/// The most plies of a principal variation.
pub const PV_LIMIT: usize = 1_000;

/// Solves `position` under the endless-play convention `endless`, reporting to `progress`.
pub fn solve<'p, P: Position>(
    position: &P,
    options: &Options<P>,
    endless: Endless,
    progress: Option<&mut (dyn FnMut(&Progress) + 'p)>,
) -> Result<Solution<P::Move>, SolveError> {
    options.checked_threads()?;
    if let Some(gain) = options.keys.gain_search(options.monotone_scores) {
        let progress = progress.map(|p| p as &mut dyn FnMut(&Progress));
        return gain(position, options, endless, progress).map(|s| moves_of(position, s));
    }
    let mut memory = None;
    let mut search = Search::new(options, endless, progress, &mut memory)?;
    let value = search.mtdf(
        position,
        options.guess.unwrap_or(0).clamp(-MAX_GUESS, MAX_GUESS),
    );
    if let Some(error) = search.stopped() {
        return Err(error);
    }
    let mover = position.side_to_move();
    search.push(position);
    let moves = position.legal_moves();
    let mut best = Vec::new();
    for &mv in moves.iter() {
        if search.at_least(&position.child(mv), mover, value) {
            best.push(mv);
        }
    }
    search.pop();
    let (pv, pv_repeats) = principal_variation(&mut search, position, value);
    if let Some(error) = search.stopped() {
        return Err(error);
    }
    Ok(Solution {
        value,
        best,
        pv,
        pv_repeats,
        nodes: search.nodes,
        repetitions: search.repetitions,
        longest_line: search.max_line,
        probes: search.probes,
        table_bytes: search.table.bytes(),
        table_entries: search.table.used,
        elapsed: search.started.elapsed(),
    })
}

/// `solution` with the places of moves in the legal move lists made the moves of `root` and
/// of the principal variation's positions.
fn moves_of<P: Position>(root: &P, solution: Solution<usize>) -> Solution<P::Move> {
    let moves = root.legal_moves();
    let best = solution.best.iter().map(|&i| moves[i]).collect();
    let mut position = root.clone();
    let mut pv = Vec::with_capacity(solution.pv.len());
    for &i in &solution.pv {
        let mv = position.legal_moves()[i];
        position.play_unchecked(mv);
        pv.push(mv);
    }
    Solution {
        value: solution.value,
        best,
        pv,
        pv_repeats: solution.pv_repeats,
        nodes: solution.nodes,
        repetitions: solution.repetitions,
        longest_line: solution.longest_line,
        probes: solution.probes,
        table_bytes: solution.table_bytes,
        table_entries: solution.table_entries,
        elapsed: solution.elapsed,
    }
}

/// A line of best play from `root`, whose value is `value`: at each position the first move
/// that keeps the value, with the line's positions kept on the search's line so that the
/// tests see the same repetitions the solve saw.
fn principal_variation<P: Position>(
    search: &mut Search<'_, '_, P>,
    root: &P,
    value: i32,
) -> (Vec<P::Move>, bool) {
    let (mut line, mut position, mut value) = (Vec::new(), root.clone(), value);
    let (mut repeats, mut pushed) = (false, 0);
    while line.len() < PV_LIMIT && !position.is_over() && search.stopped().is_none() {
        search.push(&position);
        pushed += 1;
        let mover = position.side_to_move();
        let found = position
            .legal_moves()
            .into_iter()
            .find(|&mv| search.at_least(&position.child(mv), mover, value));
        let Some(mv) = found else { break };
        line.push(mv);
        let child = position.child(mv);
        if child.side_to_move() != mover {
            value = -value;
        }
        position = child;
        if search.repeats(&position) {
            repeats = true;
            break;
        }
    }
    for _ in 0..pushed {
        search.pop();
    }
    (line, repeats)
}

/// A value under both extreme endless-play conventions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RangeSolution<M> {
    /// The solution with the seeds of an endless game going to South.
    pub south: Solution<M>,
    /// The same going to North; `None` when the first solve met no repetition, so the value
    /// is exact without it.
    pub north: Option<Solution<M>>,
}

impl<M: Copy + PartialEq> RangeSolution<M> {
    /// The lowest value for the side to move over the two conventions.
    pub fn low(&self) -> i32 {
        self.north
            .as_ref()
            .map_or(self.south.value, |n| n.value.min(self.south.value))
    }

    /// The highest.
    pub fn high(&self) -> i32 {
        self.north
            .as_ref()
            .map_or(self.south.value, |n| n.value.max(self.south.value))
    }

    /// The value, when the conventions agree on it.
    pub fn exact(&self) -> Option<i32> {
        (self.low() == self.high()).then_some(self.low())
    }

    /// The moves best under both conventions, or, if none is, those of the South convention.
    pub fn best(&self) -> Vec<M> {
        match &self.north {
            None => self.south.best.clone(),
            Some(north) => {
                let both: Vec<M> = self
                    .south
                    .best
                    .iter()
                    .copied()
                    .filter(|mv| north.best.contains(mv))
                    .collect();
                if both.is_empty() {
                    self.south.best.clone()
                } else {
                    both
                }
            }
        }
    }

    /// Nodes of both solves.
    pub fn nodes(&self) -> u64 {
        self.south.nodes + self.north.as_ref().map_or(0, |n| n.nodes)
    }
}

/// Solves `position` under the South convention and, if any line repeated, under the North
/// one too.
pub fn solve_range<'p, P: Position>(
    position: &P,
    options: &Options<P>,
    mut progress: Option<&mut (dyn FnMut(&Progress) + 'p)>,
) -> Result<RangeSolution<P::Move>, SolveError> {
    let south = solve(position, options, Endless::South, progress.as_deref_mut())?;
    let north = if south.repetitions > 0 {
        // The conventions' values are often equal: the first is a good first guess.
        let options = Options {
            guess: Some(south.value),
            ..options.clone()
        };
        Some(solve(position, &options, Endless::North, progress)?)
    } else {
        None
    };
    Ok(RangeSolution { south, north })
}
