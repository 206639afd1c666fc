//! Endgame databases: the exact value of every position with few seeds on the board, by the
//! number of seeds on it, for games whose future is decided by the board, the side to move
//! and a little extra state alone (what has been captured only shifts the score), or where
//! the scores decide too (a stop at a majority), with the scores as score states.
//!
//! A level holds every position with `n` seeds on the board and South to move, indexed by the
//! combinatorial number system (the ways of putting `n` seeds into the pits, times the extra
//! states and the score states), one byte a position: the final score difference the rest of
//! the game brings the side to move, plus `n`. The rules treat both sides alike, so a position
//! with North to move is found as its mirror (the rows swapped, South to move) under the other
//! convention: one side to move is stored, half the bytes. Levels are built from 0 seeds up:
//! a capture lowers the count, so a move leads to a level already built or to the same level;
//! within a level the values are recomputed until nothing changes, or, where the game lists
//! the moves into a position, decided once each by retrograde analysis (a level larger than
//! the memory allowed a part at a time, on disk).
//!
//! Positions that can cycle for ever (Toguz Kumalak's sowing without a capture) get the value
//! of the [`Endless`] convention: the value of the game in which an endless line gives the
//! seeds left to the side the convention names. The iteration reaches it by starting from the
//! best value for that side and only moving away from it (the greatest fixed point for that
//! side); retrograde analysis, by deciding the values from that side's worst up and leaving it
//! every position it can keep in the level for ever. A game that can cycle is built under both
//! conventions (two bytes a position); where
//! the two differ, the value depends on the convention. Kalah cannot cycle (a move that
//! keeps the seed count moves seeds forward in the mover's own row), so one convention holds.
//! Oware can cycle, and its repetition rule makes the boards since the last capture part of a
//! position: its databases value each board as if that record were empty (see its
//! [`Endgame`] implementation for what the two conventions then bound).
//!
//! Files: [`Databases::write`], and [`Databases::read`] or [`Databases::open`] (which leaves
//! the levels beyond the memory allowed in the file), in the format of the `file` module
//! (documented in docs/solving.md), with a header naming the game, its rules and the levels,
//! and a checksum.

mod build;
mod disk;
mod file;
mod games;
pub(crate) mod index;

pub use build::{BuildOptions, BuildProgress, LevelStats};

use crate::pages::Pages;
use crate::Endless;
use disk::Disk;
use index::{Binomials, Ranks};
use mancala_engine::{Game, Side};
use std::any::Any;
use std::sync::Arc;

/// The most seeds on the board a level may have: a value plus the seed count fits a byte.
pub const MAX_LEVEL_SEEDS: u32 = 127;

/// The most threads a build runs on: far more than any machine's cores, few enough that
/// every one starts (each has a stack of its own).
pub const MAX_BUILD_THREADS: usize = 256;

/// A game whose positions a database can hold: the board, the side to move and the extra
/// state decide its future. A file's header names it by [`Game::NAME`].
pub trait Endgame: Game<Rules: Send + Sync + 'static> + Send + Sync {
    /// Whether play can go on for ever without a capture (then both conventions are built).
    const CYCLES: bool;

    /// Whether a position also keeps a record of earlier boards that decides its future
    /// (Oware's repetition rule): the databases then give the value of the position with that
    /// record cleared, whose two conventions bracket the game's own value where the record
    /// holds no earlier board (the start, or right after a capture), and
    /// [`Keys::rest_of_game`](crate::Keys::rest_of_game) is refused. Default `false`.
    const HISTORY: bool = false;

    /// The rules as a text for a file's header, or why databases cannot hold them (a move
    /// limit, a stop at a majority of the seeds where the scores are not kept).
    fn db_rules(&self) -> Result<String, DbError>;

    /// The start position of the rules the databases serve for a game under this position's
    /// rules: the same rules without what lets more than the board decide (a move limit, a
    /// stop at a majority), which changes no winner the board decides, so a player probes them.
    fn db_template(&self) -> Self;

    /// The rules of [`db_template`](Endgame::db_template): what a probe compares with the
    /// databases' own, so a game makes them without a position where it can.
    fn db_template_rules(&self) -> Self::Rules {
        self.db_template().rules()
    }

    /// Whether the position's record of earlier boards is empty (the start, or right after a
    /// capture), for a game with [`HISTORY`](Endgame::HISTORY): only there do the databases'
    /// conventions bracket the game's own value. Always `true` for a game without a record.
    fn db_record_empty(&self) -> bool {
        true
    }

    /// The pits of the board, in the order of [`Position::board`](mancala_engine::Position::board):
    /// South's row, then North's, each in its sowing order, so that swapping the halves
    /// swaps the sides.
    fn db_pits(&self) -> usize {
        self.board().len()
    }

    /// Whether no move takes an odd number of seeds off the board (Toguz Kumalak without
    /// tuzdiks: a capture takes an even count, and nothing else leaves the board), so that play
    /// never changes the parity of the seeds on the board. Default `false`.
    fn db_even_moves(&self) -> bool {
        false
    }

    /// How many extra states a board may have (Toguz Kumalak's tuzdiks); 1 for none.
    fn db_extra_states(&self) -> u32 {
        1
    }

    /// This position's extra state, below [`db_extra_states`](Endgame::db_extra_states).
    fn db_extra(&self) -> u32 {
        0
    }

    /// The extra state of the mirrored position (the rows swapped, so each side has what the
    /// other had): the databases keep South to move only and find North's positions by it.
    /// The same state by default.
    fn db_mirror_extra(&self, extra: u32) -> u32 {
        extra
    }

    /// The scores the databases built from this position as their template keep, as a
    /// count of their kinds: 1 (the default) where the board decides the rest of the game and
    /// the scores only shift it; more where the rules let the scores decide too (Toguz
    /// Kumalak on 2 × 5 with the stop at a majority, whose databases keep the kazans from the
    /// template's smaller one up). More than 1 wherever the scores decide, for any position as
    /// template; the file's header and [`db_score_state`](Endgame::db_score_state) take it.
    fn db_score_states(&self) -> u32 {
        1
    }

    /// How many score states such databases keep for each board of `seeds` seeds (the
    /// splits of the scores possible there; 0 where none is). The default is
    /// [`db_score_states`](Endgame::db_score_states).
    fn db_level_scores(&self, seeds: u32) -> u32 {
        let _ = seeds;
        self.db_score_states()
    }

    /// This position's score state and its mirror's in databases of `states`
    /// ([`db_score_states`](Endgame::db_score_states)), each below
    /// [`db_level_scores`](Endgame::db_level_scores) of its seeds, or `None` where such
    /// databases hold no position of its scores. `(0, 0)` where `states` is 1: databases that
    /// keep no scores serve every score.
    fn db_score_state(&self, states: u32) -> Option<(u32, u32)> {
        let _ = states;
        Some((0, 0))
    }

    /// The score state of the mirror of the position with `seeds` on the board and the score
    /// state `state`, in this template's databases; `None` where there is none. The same state
    /// by default.
    fn db_mirror_score(&self, state: u32, seeds: u32) -> Option<u32> {
        let _ = seeds;
        Some(state)
    }

    /// A position under these rules with `pits` on the board, the extra state `extra` and
    /// `side` to move, or `None` when there is none or the game is over there. `extra` counts
    /// the board's extra state times this template's
    /// [`db_level_scores`](Endgame::db_level_scores) of the board's seeds, plus the score
    /// state; where there is one score state the captured seeds split in any way the rules
    /// allow.
    fn db_position(&self, pits: &[u8], extra: u32, side: Side) -> Option<Self>;

    /// The same position as [`db_position`](Endgame::db_position), made the quickest way the
    /// game allows: a build makes one a position. The default is `db_position` itself.
    fn db_position_quick(&self, pits: &[u8], extra: u32, side: Side) -> Option<Self> {
        self.db_position(pits, extra, side)
    }

    /// `f` of the board, borrowed where the game can lend it (as
    /// [`Position::board`](mancala_engine::Position::board) gives it, which the default uses).
    fn with_db_board<R>(&self, f: impl FnOnce(&[u8]) -> R) -> R {
        f(&self.board())
    }

    /// Whether [`db_unmoves`](Endgame::db_unmoves) lists the moves into a position, so that a
    /// game that cycles is built by retrograde analysis, each value decided once (every move
    /// that keeps the seed count must then pass the turn). Default `false`: a build then works
    /// out again every position with a move that keeps the seed count, until a pass changes
    /// nothing.
    const UNMOVES: bool = false;

    /// Calls `found` with boards (South to move, the extra state unchanged) and moves of
    /// South's that may lead to the board `after` (North to move) keeping the seed count:
    /// every such pair once, and perhaps some that do not (a build plays each to check it,
    /// unless [`db_unmoves_exact`](Endgame::db_unmoves_exact)).
    fn db_unmoves(&self, after: &[u8], found: &mut dyn FnMut(&[u8], Self::Move)) {
        let _ = (after, found);
    }

    /// Whether [`db_unmoves`](Endgame::db_unmoves) lists only such pairs, where `after` is a
    /// position not over: each is then a legal move of a position not over that keeps the
    /// seed count and leads there, and a build takes it as listed. Default `false`.
    fn db_unmoves_exact(&self) -> bool {
        false
    }
}

/// Why a database cannot be built, read or written.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum DbError {
    /// The rules let more than the board decide the game.
    #[error("no database for these rules: {0}")]
    Rules(String),
    /// A level has more seeds than a byte can hold.
    #[error("a level of {seeds} seeds is more than the {MAX_LEVEL_SEEDS} a database holds")]
    TooManySeeds {
        /// The seeds asked for.
        seeds: u32,
    },
    /// The levels would take more memory than allowed.
    #[error(
        "the level of {seeds} seeds needs {needed} bytes in all, more than the {limit} allowed"
    )]
    Memory {
        /// The level that did not fit.
        seeds: u32,
        /// Bytes of every level up to it.
        needed: u64,
        /// The limit.
        limit: u64,
    },
    /// The system could not give the memory.
    #[error("the memory for the level of {seeds} seeds ({bytes} bytes) could not be allocated")]
    Allocation {
        /// The level.
        seeds: u32,
        /// Its bytes.
        bytes: u64,
    },
    /// A file is not a database of this game, or is damaged.
    #[error("not a database of this game: {0}")]
    Format(String),
    /// Reading or writing failed.
    #[error("database file: {0}")]
    Io(#[from] std::io::Error),
    /// A building thread could not be started.
    #[error("cannot start a building thread: {0}")]
    Thread(String),
    /// A board holds more seeds than the databases' game has.
    #[error("the board holds {board} seeds, more than the {game} of the databases' game")]
    Seeds {
        /// The seeds on the board.
        board: u32,
        /// The seeds of the game the databases were built for.
        game: u32,
    },
    /// More building threads than a build takes.
    #[error("{threads} building threads, more than the {MAX_BUILD_THREADS} a build takes")]
    Threads {
        /// The threads asked for.
        threads: usize,
    },
}

/// One level: a byte a position and convention, each convention in memory of its own, in
/// huge pages where the system gives them (a build and a probe read it at random), or moved
/// to the build's file on disk.
#[derive(Debug)]
pub(crate) enum Level {
    /// In memory.
    Memory {
        /// Under [`Endless::South`] (the only one for a game that cannot cycle).
        south: Pages,
        /// Under [`Endless::North`], for a game that can cycle.
        north: Option<Pages>,
    },
    /// Moved to the build's file.
    OnDisk(OnDisk),
}

/// A level in `disk` from `at`: `len` bytes of South's convention, then as many of North's
/// for a game that `cycles`.
#[derive(Debug)]
pub(crate) struct OnDisk {
    pub(crate) disk: Arc<Disk>,
    pub(crate) at: u64,
    pub(crate) len: usize,
    pub(crate) cycles: bool,
}

impl OnDisk {
    /// The value at `index` under `endless`, `None` past the end or where the disk fails.
    #[inline]
    fn get(&self, endless: Endless, index: usize) -> Option<u8> {
        if index >= self.len {
            return None;
        }
        let convention = u64::from(self.cycles && endless == Endless::North);
        self.disk
            .byte(self.at + convention * self.len as u64 + index as u64)
    }

    /// Where its bytes start and end in the file.
    fn span(&self) -> (u64, u64) {
        let conventions = if self.cycles { 2 } else { 1 };
        (self.at, self.at + self.len as u64 * conventions)
    }
}

impl Level {
    /// A level not built: it holds no position.
    pub(crate) fn not_built(cycles: bool) -> Level {
        Level::Memory {
            south: Pages::empty(),
            north: cycles.then(Pages::empty),
        }
    }

    /// A level of `len` positions (of `seeds` seeds), every byte zero, under one convention
    /// or, for a game that `cycles`, two.
    fn zeroed(len: usize, cycles: bool, seeds: u32) -> Result<Level, DbError> {
        let pages = || {
            Pages::zeroed::<u8>(len).ok_or(DbError::Allocation {
                seeds,
                bytes: len as u64,
            })
        };
        Ok(Level::Memory {
            south: pages()?,
            north: if cycles { Some(pages()?) } else { None },
        })
    }

    /// Its positions (0 for a level not built).
    pub(crate) fn len(&self) -> usize {
        match self {
            Level::Memory { south, .. } => south.bytes().len(),
            Level::OnDisk(level) => level.len,
        }
    }

    /// The value kept at `index` under `endless`; `None` past the level's end, or where the
    /// disk holding it fails.
    #[inline(always)]
    pub(crate) fn get(&self, endless: Endless, index: usize) -> Option<u8> {
        match self {
            Level::Memory { south, north } => {
                let values = match (endless, north) {
                    (Endless::North, Some(north)) => north.bytes(),
                    _ => south.bytes(),
                };
                values.get(index).copied()
            }
            Level::OnDisk(level) => level.get(endless, index),
        }
    }

    /// The bytes it keeps in memory (South's convention first), if it is there.
    pub(crate) fn in_memory(&self) -> Option<(&[u8], Option<&[u8]>)> {
        match self {
            Level::Memory { south, north } => {
                Some((south.bytes(), north.as_ref().map(Pages::bytes)))
            }
            Level::OnDisk(_) => None,
        }
    }

    /// Its bytes (South's convention, then North's), a block at a time, to `put`.
    fn each_block(&self, put: &mut dyn FnMut(&[u8]) -> Result<(), DbError>) -> Result<(), DbError> {
        const BLOCK: usize = 1 << 16;
        match self {
            Level::Memory { south, north } => {
                let held = core::iter::once(south.bytes()).chain(north.as_ref().map(Pages::bytes));
                for chunk in held.flat_map(|values| values.chunks(BLOCK)) {
                    put(chunk)?;
                }
            }
            Level::OnDisk(level) => {
                let (start, end) = level.span();
                let mut block = vec![0; BLOCK];
                for from in (start..end).step_by(BLOCK) {
                    let block = &mut block[..(end - from).min(BLOCK as u64) as usize];
                    level.disk.read(block, from)?;
                    put(block)?;
                }
            }
        }
        Ok(())
    }

    /// Moves it to `disk`, if it is in memory and holds positions.
    fn move_to(&mut self, disk: &Arc<Disk>) -> Result<(), DbError> {
        let Level::Memory { south, north } = self else {
            return Ok(());
        };
        let len = south.bytes().len();
        if len == 0 {
            return Ok(());
        }
        let at = disk.append(south.bytes())?;
        let cycles = north.is_some();
        if let Some(north) = north {
            disk.append(north.bytes())?;
        }
        *self = Level::OnDisk(OnDisk {
            disk: Arc::clone(disk),
            at,
            len,
            cycles,
        });
        Ok(())
    }

    /// The values under each convention held (South's first), to fill: `T` is a byte, or an
    /// atomic byte for threads to share. Nothing for a level on disk.
    fn values_mut<T: zerocopy::FromBytes + zerocopy::IntoBytes + zerocopy::KnownLayout>(
        &mut self,
    ) -> (&mut [T], Option<&mut [T]>) {
        match self {
            Level::Memory { south, north } => (south.values(), north.as_mut().map(Pages::values)),
            Level::OnDisk(_) => (&mut [], None),
        }
    }
}

/// The databases of a game's levels from 0 seeds on the board up.
#[derive(Debug)]
pub struct Databases {
    game: String,
    rules: String,
    /// The rules as the game's own type (`G::Rules` of the game named `game`), compared with
    /// a position's at every probe.
    typed_rules: Box<dyn Any + Send + Sync>,
    /// Every seed of that game: no board with more belongs to it.
    game_seeds: u32,
    pits: usize,
    /// The extra states of a board.
    extra: u32,
    /// The scores kept ([`Endgame::db_score_states`]); 1 where the board decides.
    scores: u32,
    /// The score states of each level's boards ([`Endgame::db_level_scores`]).
    level_scores: Vec<u32>,
    cycles: bool,
    levels: Vec<Level>,
    binomials: Binomials,
    /// The binomials' terms for this board, to rank a board with a lookup a pit.
    ranks: Ranks,
}

/// The index in its level of the position of rank `rank` among the boards, with the extra
/// state `extra` of `extra_states` (South to move).
#[inline]
pub(crate) fn level_index(rank: u64, extra_states: u32, extra: u32) -> u64 {
    rank * u64::from(extra_states) + u64::from(extra)
}

/// The extra state of `position` as South to move sees it, and whether that is its mirror's
/// (North to move: the rows swapped). The rules treat the sides alike, so a position is kept
/// as its mirror, South to move.
#[inline(always)]
pub(crate) fn seen_from_south<G: Endgame>(position: &G) -> (u32, bool) {
    let extra = position.db_extra();
    match position.side_to_move() {
        Side::South => (extra, false),
        Side::North => (position.db_mirror_extra(extra), true),
    }
}

/// Where a position's value is kept: its level, its index there, and whether it is kept as
/// its mirror (North to move), whose value is the position's under the other convention.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Place {
    pub(crate) seeds: usize,
    pub(crate) index: usize,
    pub(crate) mirrored: bool,
}

/// The states a board of databases has at each level: its extra states, and the scores kept.
#[derive(Debug, Clone, Copy)]
pub(crate) struct States<'a> {
    /// The extra states of a board.
    pub(crate) extra: u32,
    /// The scores kept ([`Endgame::db_score_states`]).
    pub(crate) scores: u32,
    /// The score states of each level's boards.
    pub(crate) level_scores: &'a [u32],
}

impl States<'_> {
    /// The states of a board of `seeds`, and the score states among them; `None` past the
    /// levels.
    #[inline(always)]
    pub(crate) fn at(&self, seeds: usize) -> Option<(u32, u32)> {
        let scores = *self.level_scores.get(seeds)?;
        Some((self.extra * scores, scores))
    }
}

impl Place {
    /// The place of `position` (its board ranked by `rank`, its mirrored board by
    /// `rank_mirrored`) among levels of `states`.
    #[inline(always)]
    pub(crate) fn of<G: Endgame>(
        position: &G,
        states: States,
        rank: impl FnOnce(&[u8]) -> Option<(u64, usize)>,
        rank_mirrored: impl FnOnce(&[u8]) -> Option<(u64, usize)>,
    ) -> Option<Place> {
        let (extra, mirrored) = seen_from_south(position);
        let (rank, seeds) = if mirrored {
            position.with_db_board(rank_mirrored)?
        } else {
            position.with_db_board(rank)?
        };
        let (board_states, scores) = states.at(seeds)?;
        let extra = if states.scores > 1 {
            let (own, mirror) = position.db_score_state(states.scores)?;
            let score = if mirrored { mirror } else { own };
            (score < scores).then_some(extra * scores + score)?
        } else {
            extra
        };
        let index = level_index(rank, board_states, extra);
        Some(Place {
            seeds,
            index: usize::try_from(index).ok()?,
            mirrored,
        })
    }

    /// The convention the place keeps the position's value under `endless` in.
    #[inline(always)]
    pub(crate) fn convention(&self, endless: Endless) -> Endless {
        if self.mirrored {
            endless.other()
        } else {
            endless
        }
    }
}

impl Databases {
    /// The most seeds on the board a level holds, or `None` for no level.
    pub fn max_seeds(&self) -> Option<u32> {
        (self.levels.len() as u32).checked_sub(1)
    }

    /// The positions of every level (one convention), South to move: each stands for its
    /// mirror with North to move too. A level not built (see [`BuildOptions::from_seeds`])
    /// has none.
    pub fn positions(&self) -> u64 {
        self.levels.iter().map(|l| l.len() as u64).sum()
    }

    /// The bytes of every level.
    pub fn bytes(&self) -> u64 {
        self.positions() * if self.cycles { 2 } else { 1 }
    }

    /// Whether these databases answer for `position`: its game, its rules as
    /// [`db_template`](Endgame::db_template) gives them (its own, where the databases keep the
    /// scores) and its board's size are those they were built for, its board holds no more
    /// seeds than that game has, and its scores are among those kept.
    /// [`probe`](Databases::probe) and [`known`](Databases::known) answer `None` wherever this
    /// fails.
    pub fn fits<G: Endgame>(&self, position: &G) -> Result<(), DbError> {
        let template = if self.scores > 1 {
            position.clone()
        } else {
            position.db_template()
        };
        let rules = template.db_rules()?;
        if G::NAME != self.game
            || rules != self.rules
            || template.db_pits() != self.pits
            || template.db_extra_states().max(1) != self.extra
        {
            return Err(DbError::Format(format!(
                "the databases are of {} ({}), the position of {} ({rules})",
                self.game,
                self.rules,
                G::NAME
            )));
        }
        let board = position.with_db_board(|board| board.iter().map(|&s| u32::from(s)).sum());
        if board > self.game_seeds {
            return Err(DbError::Seeds {
                board,
                game: self.game_seeds,
            });
        }
        if position.db_score_state(self.scores).is_none() {
            return Err(DbError::Format(
                "the databases keep other scores than the position's".into(),
            ));
        }
        Ok(())
    }

    /// Whether the databases were built for game `G` under `rules` (what
    /// [`fits`](Databases::fits) checks first, without making a text at every probe).
    #[inline]
    fn built_for<G: Endgame>(&self, rules: G::Rules) -> bool {
        G::NAME == self.game
            && self
                .typed_rules
                .downcast_ref::<G::Rules>()
                .is_some_and(|built| *built == rules)
    }

    /// The rules of `position` these databases are compared with: its own where they keep
    /// the scores, else its [`db_template_rules`](Endgame::db_template_rules).
    #[inline]
    fn served_rules<G: Endgame>(&self, position: &G) -> G::Rules {
        if self.scores > 1 {
            position.rules()
        } else {
            position.db_template_rules()
        }
    }

    /// The states of its boards.
    pub(crate) fn states(&self) -> States<'_> {
        States {
            extra: self.extra,
            scores: self.scores,
            level_scores: &self.level_scores,
        }
    }

    /// Where `position`'s value is kept, if it is held and the databases were built for
    /// `rules`.
    fn locate<G: Endgame>(&self, position: &G, rules: G::Rules) -> Option<Place> {
        if !self.built_for::<G>(rules) {
            return None;
        }
        let sized = |board: &[u8]| board.len() == self.pits;
        let place = Place::of(
            position,
            self.states(),
            |board| sized(board).then(|| self.ranks.rank(board)).flatten(),
            |board| {
                sized(board)
                    .then(|| self.ranks.rank_mirrored(board))
                    .flatten()
            },
        )?;
        if place.seeds >= self.levels.len() || place.seeds > self.game_seeds as usize {
            return None;
        }
        Some(place)
    }

    /// The score difference the rest of the game brings `position`'s side to move under
    /// perfect play and the convention `endless`, and whether the other convention gives
    /// another; `None` when its level is not held, the game is over, or the databases do not
    /// [`fit`](Databases::fits) it (other rules, a larger board, more seeds than their game
    /// has). (For a game with
    /// [`HISTORY`](Endgame::HISTORY), the value of the position with its record cleared.)
    pub fn probe<G: Endgame>(&self, position: &G, endless: Endless) -> Option<(i32, bool)> {
        self.probe_under(position, endless, self.served_rules(position))
    }

    /// [`probe`](Databases::probe), where the databases were built for `rules`.
    fn probe_under<G: Endgame>(
        &self,
        position: &G,
        endless: Endless,
        rules: G::Rules,
    ) -> Option<(i32, bool)> {
        if position.is_over() {
            return None;
        }
        let place = self.locate(position, rules)?;
        let level = self.levels.get(place.seeds)?;
        let value = |endless: Endless| {
            level
                .get(place.convention(endless), place.index)
                .map(|v| i32::from(v) - place.seeds as i32)
        };
        let mine = value(endless)?;
        Some((mine, value(endless.other())? != mine))
    }

    /// What the rest of the game brings `position`'s side to move where no endless-play
    /// convention decides it: the value a player can take as exact. It holds under any rule
    /// that gives an endless game's seeds out between the two extremes (a repetition rule
    /// that ends the game, as Oware's), and its sign holds under a stop at a majority too.
    /// `None` for a position whose record holds earlier boards
    /// ([`Endgame::db_record_empty`]), which a repetition may end where the databases see
    /// play go on.
    pub fn known<G: Endgame>(&self, position: &G) -> Option<i32> {
        if !position.db_record_empty() {
            return None;
        }
        self.probe(position, Endless::South)
            .and_then(|(value, differs)| (!differs).then_some(value))
    }
}

/// What a search takes as exact: only the values of databases built for the position's own
/// rules, not for those its template lifts to (a stop at a majority or a move limit lifted),
/// which a player may probe for the winner but a proof may not use.
impl<G: Endgame> crate::Probe<G> for Databases {
    fn probe(&self, position: &G, endless: Endless) -> Option<(i32, bool)> {
        self.probe_under(position, endless, position.rules())
    }
}
