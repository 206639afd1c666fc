//! Building the levels, from 0 seeds on the board up, each on several threads. A game that
//! cycles and lists the moves into a position is built by retrograde analysis (the module
//! `retrograde`; a level larger than the memory allowed a part at a time, the module
//! `parts`). Otherwise a first pass goes over every position, then passes over the positions
//! still open: for a game that cycles, those with a move that keeps the seed count, until a
//! pass changes nothing (a pass works out both conventions together, as a child with North to
//! move is kept as its mirror under the other one); for a game that cannot cycle, those that
//! read a value not yet settled, until none is left.

mod parts;
mod retrograde;

use super::disk::Disk;
use super::index::{next_board, Binomials, Ranks};
use super::OnDisk;
use super::{
    Databases, DbError, Endgame, Level, Place, States, MAX_BUILD_THREADS, MAX_LEVEL_SEEDS,
};
use crate::pages::Pages;
use crate::Endless;
use mancala_engine::Side;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Positions a thread takes at a time.
const CHUNK: usize = 1 << 14;

/// How a build runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BuildOptions {
    /// Levels from 0 up to this many seeds on the board.
    pub max_seeds: u32,
    /// Building threads, 1 to [`MAX_BUILD_THREADS`] (0 counts as 1; more is refused with
    /// [`DbError::Threads`]); default 1.
    pub threads: usize,
    /// The most bytes the levels in memory and a level's work space may take; default 1 GiB.
    pub memory_bytes: u64,
    /// A file to make, where the lowest levels built go when the next would pass
    /// `memory_bytes` (they are read back from it by position, through the system's file
    /// cache), removed with the databases; refused if something is there already. A level
    /// built by retrograde analysis (a game that cycles and lists the moves into a
    /// position) that would pass `memory_bytes` on its own is built there a part at a time,
    /// with a work file beside it (the path with `.work` added, made and removed the same
    /// way). `None` (the default): every level in memory, and a build that would pass
    /// `memory_bytes` refused before it starts.
    pub disk: Option<PathBuf>,
    /// The seeds on the board where play starts, when the databases serve play from such
    /// boards only: a game that never changes the parity of the seeds on its board
    /// ([`Endgame::db_even_moves`]) then reaches only the levels of that parity, and the
    /// others are not built (they hold no position). `None` (the default): every level.
    pub from_seeds: Option<u32>,
}

impl BuildOptions {
    /// Levels up to `max_seeds` seeds on the board, built on every core the machine has (at
    /// most [`MAX_BUILD_THREADS`]), within the default memory: what a player asks for.
    pub fn on_every_core(max_seeds: u32) -> BuildOptions {
        BuildOptions {
            max_seeds,
            threads: std::thread::available_parallelism()
                .map_or(1, usize::from)
                .min(MAX_BUILD_THREADS),
            ..BuildOptions::default()
        }
    }

    /// Whether the level of `seeds` is built for a game whose moves keep the parity of the
    /// seeds on the board if `even_moves`.
    fn builds(&self, even_moves: bool, seeds: u32) -> bool {
        match self.from_seeds {
            Some(from) if even_moves => (from ^ seeds) & 1 == 0,
            _ => true,
        }
    }
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            max_seeds: 0,
            threads: 1,
            memory_bytes: 1 << 30,
            disk: None,
            from_seeds: None,
        }
    }
}

/// A report on a build, after each pass over a level (and, for a level built in parts, after
/// each part a sweep works).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BuildProgress {
    /// The level's seeds on the board.
    pub seeds: u32,
    /// Passes over the level so far (the first covers every position).
    pub pass: u32,
    /// Positions of the level.
    pub positions: u64,
    /// Values the pass changed, or for a level built by retrograde analysis decided (under
    /// either convention).
    pub changed: u64,
    /// For a level built in parts, the part just worked (from 1) and the level's parts: the
    /// report comes during the sweep `pass`, `changed` counting what it decided so far.
    /// `None` for the report after a whole pass.
    pub part: Option<(u32, u32)>,
    /// Time since the build started.
    pub elapsed: Duration,
}

/// What building a level took.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LevelStats {
    /// Seeds on the board.
    pub seeds: u32,
    /// Positions (indices, some of which no game reaches).
    pub positions: u64,
    /// Passes (each works out both conventions where there are two): for a level built by
    /// retrograde analysis, the first pass and a sweep for each value decided.
    pub passes: u32,
    /// The parts it was built in: 1 in memory, more for a level larger than the memory
    /// allowed, built a part at a time with the levels on disk (0 for a level not built).
    pub parts: u32,
    /// Positions whose value differs between the two conventions.
    pub endless: u64,
    /// Time to build it.
    pub elapsed: Duration,
}

/// How a build makes its positions and indices.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Way {
    /// The quick way: [`Endgame::db_position_quick`], the boards walked in rank order, the
    /// ranks looked up in one table, and where a game that cycles lists the moves into a
    /// position, retrograde analysis.
    Quick,
    /// The plain way the quick one is held to: [`Endgame::db_position`], each board unranked
    /// and each child ranked from the binomials, every position with a move that keeps the
    /// seed count worked out again until a pass changes nothing.
    #[cfg_attr(
        not(all(test, feature = "kalah", feature = "toguz", feature = "oware")),
        allow(dead_code, reason = "the tests build both ways")
    )]
    Plain,
}

/// One level being built, shared by the threads.
struct Work<'a, G> {
    template: &'a G,
    done: &'a [Level],
    binomials: &'a Binomials,
    ranks: &'a Ranks,
    way: Way,
    seeds: usize,
    /// The states of a board of this level: its extra states times `scores`.
    extra: u32,
    /// The score states of a board of this level ([`Endgame::db_level_scores`]).
    scores: u32,
    /// The states of a board of every level.
    states: States<'a>,
    /// The conventions built: South's, then North's for a game that cycles.
    conventions: &'a [Endless],
    /// The level being built, under each of `conventions`.
    level: Building<'a>,
    /// A bit a position: whether the next pass visits it. A game that cycles sets it in the
    /// first pass for a position with a move that keeps the seed count, and it stays. A game
    /// that cannot cycle starts with every bit set and clears a position's once its value is
    /// settled (worked out from settled values alone), so a pass visits only the others.
    visit: &'a [AtomicU64],
}

/// The values of the level being built, under each convention built.
#[derive(Clone, Copy)]
struct Building<'a> {
    south: &'a [AtomicU8],
    north: Option<&'a [AtomicU8]>,
}

impl<'a> Building<'a> {
    fn of(&self, endless: Endless) -> &'a [AtomicU8] {
        match (endless, self.north) {
            (Endless::North, Some(north)) => north,
            _ => self.south,
        }
    }
}

/// A thread's board, and its rank when it holds one.
struct Cursor {
    board: Vec<u8>,
    rank: Option<u64>,
}

impl<G: Endgame> Work<'_, G> {
    /// Where the value of `position` is kept, `None` past the levels' seeds.
    fn locate(&self, position: &G) -> Option<Place> {
        match self.way {
            Way::Quick => Place::of(
                position,
                self.states,
                |board| self.ranks.rank(board),
                |board| self.ranks.rank_mirrored(board),
            ),
            Way::Plain => {
                let seeds = crate::board_seeds(position) as usize;
                Place::of(
                    position,
                    self.states,
                    |board| Some((self.binomials.rank(board), seeds)),
                    |board| {
                        let (south, north) = board.split_at(board.len() / 2);
                        Some((self.binomials.rank(&[north, south].concat()), seeds))
                    },
                )
            }
        }
    }

    /// Puts the board of rank `rank` into `cursor`: the next one after the board there, or
    /// unranked afresh.
    fn seek(&self, rank: u64, cursor: &mut Cursor) {
        let step = match (self.way, cursor.rank) {
            (Way::Quick, Some(at)) if at == rank => true,
            (Way::Quick, Some(at)) if at + 1 == rank => next_board(&mut cursor.board),
            _ => false,
        };
        if !step {
            self.binomials.unrank(rank, self.seeds, &mut cursor.board);
        }
        cursor.rank = Some(rank);
    }

    /// The values of position `index` (South to move) under each convention built, from the
    /// values known now, and what it read; `None` for an index no position has, or a
    /// finished game.
    fn value(&self, index: usize, cursor: &mut Cursor) -> Option<([i32; 2], Reads)> {
        let states = u64::from(self.extra);
        self.seek(index as u64 / states, cursor);
        let (board, extra) = (&cursor.board, (index as u64 % states) as u32);
        let position = self.position(board, extra)?;
        if position.is_over() {
            return None;
        }
        // A game that cannot cycle works out a child in this level from its own children:
        // in Kalah such a child is the opponent's, kept as a mirror ranked anywhere in the
        // level, while its own children in the level come before the position in rank order
        // (each row's seeds only move on), so a pass in rank order settles nearly every value.
        self.best(&position, !G::CYCLES)
    }

    /// Whether the value at `index` of this level is settled (see [`Work::visit`]; read
    /// before the value, which is written before the bit is cleared).
    fn settled(&self, index: usize) -> bool {
        self.visit[index / 64].load(Ordering::Acquire) & 1 << (index % 64) == 0
    }

    /// The position of `board` with the extra state `extra`, South to move, made `way`.
    fn position(&self, board: &[u8], extra: u32) -> Option<G> {
        match self.way {
            Way::Quick => self.template.db_position_quick(board, extra, Side::South),
            Way::Plain => self.template.db_position(board, extra, Side::South),
        }
    }

    /// Calls `each(child, gain, sign)` for every move of `position` (not over), until it
    /// returns `None`: `gain` is what the move adds to the mover's lead, `sign` `1` if the
    /// mover moves again in the child, else `-1` (`None` where the game ends). `None` if a
    /// call returned it.
    #[inline(always)]
    pub(super) fn each_move(
        position: &G,
        mut each: impl FnMut(&G, i32, Option<i32>) -> Option<()>,
    ) -> Option<()> {
        let me = position.side_to_move();
        let diff = |p: &G| p.score(me) as i32 - p.score(!me) as i32;
        let before = diff(position);
        for mv in position.legal_moves() {
            let child = position.child(mv);
            let gain = diff(&child) - before;
            let sign = (!child.is_over()).then(|| if child.side_to_move() == me { 1 } else { -1 });
            each(&child, gain, sign)?;
        }
        Some(())
    }

    /// [`each_move`](Work::each_move), with `to` where the child is kept and its sign in
    /// place of the sign. `None` if a call returned it or a child has no place.
    #[inline(always)]
    fn each_child(
        &self,
        position: &G,
        mut each: impl FnMut(&G, i32, Option<(Place, i32)>) -> Option<()>,
    ) -> Option<()> {
        Self::each_move(position, |child, gain, sign| {
            let to = match sign {
                Some(sign) => Some((self.locate(child)?, sign)),
                None => None,
            };
            each(child, gain, to)
        })
    }

    /// The value kept at `place` in a level built before this one, under `endless`, for the
    /// side to move there.
    #[inline(always)]
    fn below(&self, place: &Place, endless: Endless) -> Option<i32> {
        let value = self
            .done
            .get(place.seeds)?
            .get(place.convention(endless), place.index)?;
        Some(i32::from(value) - place.seeds as i32)
    }

    /// The best value for `position`'s side to move (not over) under each convention built,
    /// from the values known now (a child in this level worked out from its own children if
    /// `ahead`); whether a move keeps the seed count; whether every value of this level it
    /// read was settled.
    fn best(&self, position: &G, ahead: bool) -> Option<([i32; 2], Reads)> {
        let built = self.conventions.len();
        let (mut best, mut reads) = ([i32::MIN; 2], Reads::default());
        self.each_child(position, |child, gain, to| {
            let Some((place, sign)) = to else {
                for best in &mut best {
                    *best = (*best).max(gain);
                }
                return Some(());
            };
            let here = place.seeds == self.seeds;
            reads.inner |= here;
            if here && ahead {
                let (values, child_reads) = self.best(child, false)?;
                reads.settled &= child_reads.settled;
                for (best, value) in best.iter_mut().zip(values).take(built) {
                    *best = (*best).max(gain + sign * value);
                }
                return Some(());
            }
            if here {
                reads.settled &= self.settled(place.index);
            }
            for (best, &endless) in best.iter_mut().zip(self.conventions) {
                let value = if here {
                    let values = self.level.of(place.convention(endless));
                    i32::from(values.get(place.index)?.load(Ordering::Relaxed)) - self.seeds as i32
                } else {
                    self.below(&place, endless)?
                };
                *best = (*best).max(gain + sign * value);
            }
            Some(())
        })?;
        (best[0] > i32::MIN).then_some((best, reads))
    }

    /// Runs `work(chunk, room)` over the indices of `range` a chunk at a time on `threads`
    /// threads, each with room of its own made by `room()`.
    fn in_chunks<R>(
        &self,
        threads: usize,
        range: Range<usize>,
        room: impl Fn() -> R + Sync,
        work: impl Fn(Range<usize>, &mut R) + Sync,
    ) -> Result<(), DbError> {
        let end = range.end;
        let next = AtomicUsize::new(range.start);
        let failed = AtomicBool::new(false);
        std::thread::scope(|scope| {
            let worker = || {
                let mut room = room();
                loop {
                    let start = next.fetch_add(CHUNK, Ordering::Relaxed);
                    if start >= end {
                        break;
                    }
                    work(start..(start + CHUNK).min(end), &mut room);
                }
            };
            let handles: Vec<_> = (1..threads)
                .map(|_| std::thread::Builder::new().spawn_scoped(scope, worker))
                .collect();
            worker();
            for handle in handles {
                let lost = handle.map_or(true, |handle| handle.join().is_err());
                failed.fetch_or(lost, Ordering::Relaxed);
            }
        });
        if failed.load(Ordering::Relaxed) {
            return Err(DbError::Thread("a building thread failed".into()));
        }
        Ok(())
    }

    /// The state of the mirror of a position of this level with the state `state`, `None`
    /// where it has none.
    fn mirror_state(&self, state: u32) -> Option<u32> {
        let (extra, score) = (state / self.scores, state % self.scores);
        let score = self.template.db_mirror_score(score, self.seeds as u32)?;
        (score < self.scores).then(|| self.template.db_mirror_extra(extra) * self.scores + score)
    }

    /// A thread's room to unrank boards in.
    fn cursor(&self) -> Cursor {
        Cursor {
            board: vec![0; self.template.db_pits()],
            rank: None,
        }
    }

    /// One pass over the positions `0..len` (the first, for a game that cycles) or those
    /// whose bit is set; the values changed, and the positions left unsettled (a game that
    /// cannot cycle).
    fn pass(&self, first: bool, threads: usize) -> Result<(u64, u64), DbError> {
        let changed = AtomicU64::new(0);
        let unsettled = AtomicU64::new(0);
        let settling = !G::CYCLES;
        // Every position in a first pass of a game that cycles, else those whose bit is set.
        let every = first && !settling;
        self.in_chunks(
            threads,
            0..self.level.south.len(),
            || self.cursor(),
            |chunk, cursor| {
                let mut skip_to = chunk.start;
                for index in chunk {
                    if index < skip_to {
                        continue;
                    }
                    let bit = 1u64 << (index % 64);
                    let word = &self.visit[index / 64];
                    if !every {
                        let bits = word.load(Ordering::Relaxed);
                        if bits >> (index % 64) == 0 {
                            // None left in this word.
                            skip_to = (index / 64 + 1) * 64;
                            continue;
                        }
                        if bits & bit == 0 {
                            continue;
                        }
                    }
                    let Some((best, reads)) = self.value(index, cursor) else {
                        // No position, or a finished game: never probed.
                        for &endless in self.conventions {
                            let values = self.level.of(endless);
                            values[index].store(self.seeds as u8, Ordering::Relaxed);
                        }
                        if settling {
                            word.fetch_and(!bit, Ordering::Release);
                        }
                        continue;
                    };
                    if first && reads.inner && !settling {
                        word.fetch_or(bit, Ordering::Relaxed);
                    }
                    for (&endless, value) in self.conventions.iter().zip(best) {
                        let byte = (value + self.seeds as i32) as u8;
                        let values = self.level.of(endless);
                        if values[index].swap(byte, Ordering::Relaxed) != byte {
                            changed.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                    if settling {
                        if reads.settled {
                            word.fetch_and(!bit, Ordering::Release);
                        } else {
                            unsettled.fetch_add(1, Ordering::Relaxed);
                        }
                    }
                }
            },
        )?;
        Ok((
            changed.load(Ordering::Relaxed),
            unsettled.load(Ordering::Relaxed),
        ))
    }
}

/// What working out a position read of the level being built.
#[derive(Debug, Clone, Copy)]
struct Reads {
    /// A move keeps the seed count.
    inner: bool,
    /// Every value of the level read was settled.
    settled: bool,
}

impl Default for Reads {
    fn default() -> Self {
        Reads {
            inner: false,
            settled: true,
        }
    }
}

/// The work file of a level built in parts, beside the build's file `path`: `path.work`.
fn work_path(path: &std::path::Path) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(".work");
    PathBuf::from(name)
}

/// The bytes the build of a level of `len` positions takes: its values under `conventions`,
/// and its work (a byte a position for retrograde analysis, else a bit).
fn work_bytes(len: u64, conventions: u64, retrograde: bool) -> u64 {
    len.saturating_mul(conventions)
        .saturating_add(if retrograde { len } else { len / 8 + 8 })
}

/// A zeroed array of `len` atomics, or an allocation error.
fn atomics<T: Default>(len: usize, seeds: u32) -> Result<Vec<T>, DbError> {
    let mut values = Vec::new();
    values
        .try_reserve_exact(len)
        .map_err(|_| DbError::Allocation {
            seeds,
            bytes: (len * core::mem::size_of::<T>()) as u64,
        })?;
    values.resize_with(len, T::default);
    Ok(values)
}

impl Databases {
    /// Builds the levels of `template`'s game and rules up to `options.max_seeds` seeds on the
    /// board, reporting each pass to `progress`; with what each level took.
    pub fn build<G: Endgame>(
        template: &G,
        options: &BuildOptions,
        progress: Option<&mut dyn FnMut(&BuildProgress)>,
    ) -> Result<(Databases, Vec<LevelStats>), DbError> {
        Databases::build_by(template, options, progress, Way::Quick)
    }

    /// [`build`](Databases::build), making the positions and indices `way`.
    pub(crate) fn build_by<G: Endgame>(
        template: &G,
        options: &BuildOptions,
        mut progress: Option<&mut dyn FnMut(&BuildProgress)>,
        way: Way,
    ) -> Result<(Databases, Vec<LevelStats>), DbError> {
        if options.threads > MAX_BUILD_THREADS {
            return Err(DbError::Threads {
                threads: options.threads,
            });
        }
        let mut db = Databases::empty(template, options.max_seeds)?;
        let even_moves = template.db_even_moves();
        // Retrograde analysis keeps a byte a position of work, the passes a bit.
        let retrograde = G::CYCLES && G::UNMOVES && way == Way::Quick;
        db.check_memory(options, even_moves, retrograde)?;
        let started = Instant::now();
        let mut stats = Vec::new();
        let mut disk = None;
        for seeds in 0..=options.max_seeds {
            if !options.builds(even_moves, seeds) {
                db.levels.push(Level::not_built(db.cycles));
                stats.push(LevelStats {
                    seeds,
                    positions: 0,
                    passes: 0,
                    parts: 0,
                    endless: 0,
                    elapsed: Duration::ZERO,
                });
                continue;
            }
            let level_started = Instant::now();
            let len = db.level_len(seeds)? as usize;
            let conventions: &[Endless] = if db.cycles {
                &[Endless::South, Endless::North]
            } else {
                &[Endless::South]
            };
            let needed = work_bytes(len as u64, conventions.len() as u64, retrograde);
            // A level built by retrograde analysis that would not fit is built a part at a
            // time, with every level below on disk.
            let in_parts = retrograde && options.disk.is_some() && needed > options.memory_bytes;
            if let Some(path) = &options.disk {
                let mut file = || -> Result<Arc<Disk>, DbError> {
                    Ok(Arc::clone(match &mut disk {
                        Some(disk) => disk,
                        None => disk.insert(Arc::new(Disk::create(path)?)),
                    }))
                };
                db.make_room(
                    needed.min(options.memory_bytes),
                    options.memory_bytes,
                    &mut file,
                )?;
                if in_parts {
                    file()?;
                }
            }
            // A level built in parts holds nothing in memory: its values go to the disk.
            let mut level = if in_parts {
                Level::not_built(db.cycles)
            } else {
                Level::zeroed(len, db.cycles, seeds)?
            };
            let (south, north) = level.values_mut::<AtomicU8>();
            let building = Building {
                south,
                north: north.map(|north| &*north),
            };
            // The start: South moves in every position kept, so the best value under South's
            // convention, the worst under North's (zeros).
            for value in building.south {
                value.store((2 * seeds) as u8, Ordering::Relaxed);
            }
            let visit: Vec<AtomicU64> = if retrograde {
                Vec::new()
            } else {
                atomics(len.div_ceil(64), seeds)?
            };
            if !G::CYCLES {
                // Nothing is settled yet.
                for word in &visit {
                    word.store(u64::MAX, Ordering::Relaxed);
                }
            }
            // The level's states: `level_len` found them above.
            let (extra, scores) = db
                .states()
                .at(seeds as usize)
                .ok_or(DbError::TooManySeeds { seeds })?;
            let work = Work {
                template,
                done: &db.levels,
                binomials: &db.binomials,
                ranks: &db.ranks,
                way,
                seeds: seeds as usize,
                extra,
                scores,
                states: db.states(),
                conventions,
                level: building,
                visit: &visit,
            };
            // No more threads than the level has chunks: a small level is one thread's.
            let threads = options.threads.clamp(1, len.div_ceil(CHUNK).max(1));
            let mut report = |pass, changed, part| {
                if let Some(progress) = progress.as_mut() {
                    progress(&BuildProgress {
                        seeds,
                        pass,
                        positions: len as u64,
                        changed,
                        part,
                        elapsed: started.elapsed(),
                    });
                }
            };
            let mut passes = 0;
            let mut parts = 1;
            let (mut endless, mut on_disk) = (None, None);
            if let (true, Some(disk), Some(path)) = (in_parts, &disk, &options.disk) {
                let plan = parts::Plan::within(len, options.memory_bytes);
                parts = plan.parts(len);
                let at = disk.reserve(2 * len as u64)?;
                let work_file = Disk::create(&work_path(path))?;
                work_file.reserve(len as u64)?;
                let store = parts::Store {
                    values: disk,
                    at,
                    work: &work_file,
                };
                let (made, differ) =
                    work.retrograde_in_parts(threads, len, plan, store, &mut report)?;
                (passes, endless) = (made, Some(differ));
                disk.check()?;
                on_disk = Some(Level::OnDisk(OnDisk {
                    disk: Arc::clone(disk),
                    at,
                    len,
                    cycles: db.cycles,
                }));
            } else if retrograde {
                let mut state = Pages::zeroed::<AtomicU8>(len).ok_or(DbError::Allocation {
                    seeds,
                    bytes: len as u64,
                })?;
                passes = work.retrograde(threads, state.values(), &mut report)?;
                if let Some(disk) = &disk {
                    disk.check()?;
                }
            }
            for pass in 1.. {
                if retrograde {
                    break;
                }
                let (changed, unsettled) = work.pass(pass == 1, threads)?;
                if let Some(disk) = &disk {
                    disk.check()?;
                }
                passes += 1;
                report(pass, changed, None);
                // Every value settled (a game that cannot cycle), or a pass that changed
                // nothing: the values are the fixed point.
                let settled = !G::CYCLES && unsettled == 0;
                if settled || (changed == 0 && pass > 1) {
                    break;
                }
            }
            let level = on_disk.unwrap_or(level);
            let endless = endless.unwrap_or_else(|| match level.in_memory() {
                Some((south, Some(north))) => {
                    south.iter().zip(north).filter(|(s, n)| s != n).count() as u64
                }
                _ => 0,
            });
            db.levels.push(level);
            stats.push(LevelStats {
                seeds,
                positions: len as u64,
                passes,
                parts: parts as u32,
                endless,
                elapsed: level_started.elapsed(),
            });
        }
        Ok((db, stats))
    }

    /// No levels yet, for `template`'s game, with binomials and ranks up to `max_seeds`.
    pub(crate) fn empty<G: Endgame>(template: &G, max_seeds: u32) -> Result<Databases, DbError> {
        if max_seeds > MAX_LEVEL_SEEDS {
            return Err(DbError::TooManySeeds { seeds: max_seeds });
        }
        let rules = template.db_rules()?;
        let pits = template.db_pits();
        let binomials = Binomials::new(max_seeds as usize + pits + 1);
        let start = G::new(template.rules());
        let game_seeds = start.with_db_board(|board| board.iter().map(|&s| u32::from(s)).sum());
        let scores = template.db_score_states().max(1);
        let level_scores = (0..=max_seeds)
            .map(|seeds| {
                if scores > 1 {
                    template.db_level_scores(seeds)
                } else {
                    1
                }
            })
            .collect();
        Ok(Databases {
            game: G::NAME.to_owned(),
            rules,
            typed_rules: Box::new(if scores > 1 {
                template.rules()
            } else {
                template.db_template_rules()
            }),
            game_seeds,
            pits,
            extra: template.db_extra_states().max(1),
            scores,
            level_scores,
            cycles: G::CYCLES,
            levels: Vec::new(),
            ranks: Ranks::new(&binomials, pits, max_seeds as usize),
            binomials,
        })
    }

    /// Moves the lowest levels in memory to the disk `disk()` gives until `needed` bytes more
    /// fit within `limit`.
    fn make_room(
        &mut self,
        needed: u64,
        limit: u64,
        mut disk: impl FnMut() -> Result<Arc<Disk>, DbError>,
    ) -> Result<(), DbError> {
        let conventions = if self.cycles { 2 } else { 1 };
        let mut kept: u64 = self
            .levels
            .iter()
            .filter(|level| level.in_memory().is_some())
            .map(|level| level.len() as u64 * conventions)
            .sum();
        for level in &mut self.levels {
            if kept.saturating_add(needed) <= limit {
                break;
            }
            if level.in_memory().is_some() && level.len() > 0 {
                kept -= level.len() as u64 * conventions;
                level.move_to(&disk()?)?;
            }
        }
        Ok(())
    }

    /// Fails with the first level whose build would pass the memory allowed (every level
    /// below it kept, unless there is a disk to move them to, and its own work, unless it can
    /// be built in parts), before any is built: a size asked for by mistake is refused at
    /// once, not after hours of building the levels that fit.
    pub(crate) fn check_memory(
        &self,
        options: &BuildOptions,
        even_moves: bool,
        retrograde: bool,
    ) -> Result<(), DbError> {
        let conventions = if self.cycles { 2 } else { 1 };
        let mut kept: u64 = 0;
        for seeds in 0..=options.max_seeds {
            if !options.builds(even_moves, seeds) {
                continue;
            }
            let len = self.level_len(seeds)?;
            // With a disk, the levels below can all leave memory, and a level built by
            // retrograde analysis can be built a part at a time.
            let below = if options.disk.is_some() { 0 } else { kept };
            let needed = below.saturating_add(work_bytes(len, conventions, retrograde));
            let in_parts = options.disk.is_some() && retrograde;
            if needed > options.memory_bytes && !in_parts {
                return Err(DbError::Memory {
                    seeds,
                    needed,
                    limit: options.memory_bytes,
                });
            }
            kept = kept.saturating_add(len.saturating_mul(conventions));
        }
        Ok(())
    }

    /// The positions of the level of `seeds`, or a memory error when they pass `u64`.
    pub(crate) fn level_len(&self, seeds: u32) -> Result<u64, DbError> {
        self.binomials
            .configurations(seeds as usize, self.pits)
            .and_then(|c| c.checked_mul(u64::from(self.states().at(seeds as usize)?.0)))
            .filter(|&len| usize::try_from(len).is_ok())
            .ok_or(DbError::Memory {
                seeds,
                needed: u64::MAX,
                limit: u64::MAX,
            })
    }
}

// The tests build every game's databases.
#[cfg(all(test, feature = "kalah", feature = "toguz", feature = "oware"))]
mod tests {
    use super::*;
    use mancala_engine::Game;

    /// The file of `template`'s databases up to `max_seeds`, built `way` on two threads.
    fn file<G: Endgame>(template: &G, max_seeds: u32, way: Way) -> Vec<u8> {
        file_on(template, max_seeds, way, 2)
    }

    /// The same on `threads` threads.
    fn file_on<G: Endgame>(template: &G, max_seeds: u32, way: Way, threads: usize) -> Vec<u8> {
        let options = BuildOptions {
            max_seeds,
            threads,
            ..BuildOptions::default()
        };
        let (db, _) = Databases::build_by(template, &options, None, way).unwrap();
        let mut bytes = Vec::new();
        db.write(&mut bytes).unwrap();
        bytes
    }

    fn same_both_ways<G: Endgame>(template: &G, max_seeds: u32) {
        let quick = file(template, max_seeds, Way::Quick);
        assert!(quick.len() > 100);
        assert!(quick == file(template, max_seeds, Way::Plain));
    }

    #[test]
    fn kalah_databases_are_the_same_built_either_way() {
        for (pits, seeds, max) in [(2, 3, 12), (3, 3, 10), (4, 2, 8), (6, 4, 5)] {
            for empty in [false, true] {
                let rules = kalah::RuleSet::with_board(pits, seeds)
                    .unwrap()
                    .with_empty_capture(empty)
                    .with_max_plies(0);
                same_both_ways(&kalah::Kalah::new(rules), max);
            }
        }
    }

    /// Levels of many chunks, where two threads read values the other is still working out:
    /// the values they settle on are those of one thread, which meets every child first.
    #[test]
    fn kalah_databases_are_the_same_on_one_thread_and_on_two() {
        for empty in [false, true] {
            let rules = kalah::RuleSet::with_board(6, 4)
                .unwrap()
                .with_empty_capture(empty)
                .with_max_plies(0);
            let kalah = kalah::Kalah::new(rules);
            let one = file_on(&kalah, 11, Way::Quick, 1);
            assert!(one == file_on(&kalah, 11, Way::Quick, 2));
            assert!(one == file_on(&kalah, 11, Way::Plain, 2));
        }
    }

    #[test]
    fn toguz_databases_are_the_same_built_either_way() {
        // 2 × 5 to 10 seeds: levels of several chunks, their values read while two threads
        // work them out.
        for (board, max) in [(toguz::BoardSize::Five, 10), (toguz::BoardSize::Seven, 3)] {
            let rules = toguz::RuleSet {
                board,
                stop_at_majority: false,
                ..toguz::RuleSet::STANDARD
            };
            same_both_ways(&toguz::Toguz::new(rules), max);
        }
        // With the stop at a majority, from kazans of 16 and 14: the kazans kept too.
        let stop: toguz::Toguz = "2S,2S,2S,2S,2S/2S,2S,2S,2S,2S 16 14 S".parse().unwrap();
        assert_eq!(stop.db_score_states(), 6);
        same_both_ways(&stop, 10);
    }

    /// Toguz Kumalak 2 × 5 keeps the parity of the seeds on its board: built for play from a
    /// board of even seeds, the even levels are those of the whole build, value for value,
    /// the odd ones hold nothing, and a file of them reads back the same. Toguz Kumalak with
    /// tuzdiks and Kalah build every level whatever the start.
    #[test]
    fn only_the_levels_of_the_starts_parity_where_the_moves_keep_it() {
        let rules = toguz::RuleSet {
            board: toguz::BoardSize::Five,
            stop_at_majority: false,
            ..toguz::RuleSet::STANDARD
        };
        let template = toguz::Toguz::new(rules);
        let build = |from_seeds| {
            let options = BuildOptions {
                max_seeds: 8,
                threads: 2,
                from_seeds,
                ..BuildOptions::default()
            };
            Databases::build(&template, &options, None).unwrap()
        };
        let (whole, _) = build(None);
        let (even, stats) = build(Some(40));
        for (seeds, (all, kept)) in whole.levels.iter().zip(&even.levels).enumerate() {
            let values = |level: &Level| -> Vec<u8> {
                let (south, north) = level.in_memory().unwrap();
                [south, north.unwrap()].concat()
            };
            if seeds % 2 == 0 {
                assert!(all.len() > 0 && values(all) == values(kept), "{seeds}");
                assert!(stats[seeds].passes > 0);
            } else {
                assert!(kept.len() == 0 && matches!(kept.in_memory(), Some((_, Some(_)))));
                assert!(values(kept).is_empty());
                assert_eq!((stats[seeds].positions, stats[seeds].passes), (0, 0));
            }
        }
        assert!(even.positions() < whole.positions());
        let mut bytes = Vec::new();
        even.write(&mut bytes).unwrap();
        let read = Databases::read(&bytes[..], &template, u64::MAX).unwrap();
        let mut again = Vec::new();
        read.write(&mut again).unwrap();
        assert!(bytes == again);
        // A level's size is all of its boards or none.
        let at = bytes.len() - 8 - even.bytes() as usize - 8 * 9 + 8;
        assert_eq!(bytes[at..at + 8], [0; 8], "level 1's size");
        bytes[at] = 1;
        let error = Databases::read(&bytes[..], &template, u64::MAX).unwrap_err();
        assert!(error.to_string().contains("level 1 is 1"), "{error}");
        // Boards with tuzdiks, and Kalah: the parity changes, so every level is built.
        let seven = toguz::Toguz::new(toguz::RuleSet {
            board: toguz::BoardSize::Seven,
            ..rules
        });
        let kalah = kalah::Kalah::new(kalah::RuleSet::with_board(3, 2).unwrap().with_max_plies(0));
        let options = BuildOptions {
            max_seeds: 3,
            from_seeds: Some(40),
            ..BuildOptions::default()
        };
        for (_, stats) in [
            Databases::build(&seven, &options, None).unwrap(),
            Databases::build(&kalah, &options, None).unwrap(),
        ] {
            assert!(stats
                .iter()
                .all(|level| level.positions > 0 && level.passes > 0));
        }
    }

    /// A path in the system's temporary folder for this process's `G` files of `kind`, with
    /// nothing there.
    fn test_path<G: Endgame>(kind: &str) -> PathBuf {
        let path = std::env::temp_dir().join(format!(
            "mancala-solver-test-{}-{}.{kind}",
            std::process::id(),
            G::NAME
        ));
        let _ = std::fs::remove_file(&path);
        path
    }

    /// The databases of `template`'s game to `max_seeds`, built in memory, built within
    /// `memory_bytes` with the lowest levels moved to disk, and written and opened within
    /// `memory_bytes` (the lowest levels read from the file), are the same: each value read
    /// by position, and the files written. The file the build made goes with its databases,
    /// a file there already is refused, and a file opened stays.
    fn same_on_disk<G: Endgame>(template: &G, max_seeds: u32, memory_bytes: u64) {
        let path = test_path::<G>("levels");
        let in_memory = BuildOptions {
            max_seeds,
            threads: 2,
            ..BuildOptions::default()
        };
        let on_disk = BuildOptions {
            memory_bytes,
            disk: Some(path.clone()),
            ..in_memory.clone()
        };
        let (all, _) = Databases::build(template, &in_memory, None).unwrap();
        let (some, _) = Databases::build(template, &on_disk, None).unwrap();
        let moved = some.levels.iter().filter(|l| l.in_memory().is_none());
        assert!(moved.count() > 1, "no level was moved to disk");
        assert!(path.exists());
        for (seeds, (all, some)) in all.levels.iter().zip(&some.levels).enumerate() {
            for endless in [Endless::South, Endless::North] {
                for index in 0..=all.len() {
                    let (a, b) = (all.get(endless, index), some.get(endless, index));
                    assert_eq!(a, b, "level {seeds}, {endless:?}, {index}");
                }
            }
        }
        let bytes = |db: &Databases| {
            let mut bytes = Vec::new();
            db.write(&mut bytes).unwrap();
            bytes
        };
        assert!(bytes(&all) == bytes(&some));
        let refused = Databases::build(template, &on_disk, None).unwrap_err();
        assert!(refused.to_string().contains("cannot make"), "{refused}");
        drop(some);
        assert!(!path.exists());
        // A file of databases: read within the memory it is refused, opened it is kept in
        // part on disk.
        let written = bytes(&all);
        std::fs::write(&path, &written).unwrap();
        let refused = Databases::read(&written[..], template, memory_bytes).unwrap_err();
        assert!(matches!(refused, DbError::Memory { .. }), "{refused}");
        let opened = Databases::open(&path, template, memory_bytes).unwrap();
        let on_disk = opened.levels.iter().filter(|l| l.in_memory().is_none());
        assert!(on_disk.count() > 1, "no level was left on disk");
        assert!(opened.levels.last().unwrap().in_memory().is_some());
        for (seeds, (all, opened)) in all.levels.iter().zip(&opened.levels).enumerate() {
            for endless in [Endless::South, Endless::North] {
                for index in 0..=all.len() {
                    let (a, b) = (all.get(endless, index), opened.get(endless, index));
                    assert_eq!(a, b, "level {seeds}, {endless:?}, {index}");
                }
            }
        }
        assert!(bytes(&opened) == written);
        drop(opened);
        assert!(path.exists(), "an opened file was removed");
        // Damaged on disk, it is refused as a read refuses it.
        let mut bad = written;
        let at = bad.len() - 9;
        bad[at] ^= 1;
        std::fs::write(&path, &bad).unwrap();
        let refused = Databases::open(&path, template, memory_bytes).unwrap_err();
        std::fs::remove_file(&path).unwrap();
        assert!(matches!(refused, DbError::Format(_)), "{refused}");
    }

    #[test]
    fn levels_on_disk_read_back_as_they_were_built() {
        // Toguz Kumalak 2 × 5 cycles, built by retrograde analysis; its level of 10 seeds
        // takes 277 134 bytes to build.
        let toguz = toguz::Toguz::new(toguz::RuleSet {
            board: toguz::BoardSize::Five,
            stop_at_majority: false,
            ..toguz::RuleSet::STANDARD
        });
        same_on_disk(&toguz, 10, 300_000);
        // Kalah cannot cycle: one convention, built by passes; its level of 12 seeds on 3
        // pits a side, 6 188 positions, takes 6 969 bytes.
        let kalah = kalah::Kalah::new(kalah::RuleSet::with_board(3, 3).unwrap().with_max_plies(0));
        same_on_disk(&kalah, 12, 8_000);
        // In Oware the conventions differ in most positions from 2 seeds on: a level read
        // under the other's would show. Its level of 12 seeds on 4 houses a side, 50 388
        // positions, takes 151 164 bytes.
        let oware = oware::Oware::new(oware::RuleSet::with_board(4, 2).unwrap()).db_template();
        same_on_disk(&oware, 12, 160_000);
    }

    /// `template`'s databases to `max_seeds` (the levels of the parity of `from_seeds`),
    /// built within `memory_bytes` with the levels on disk, the largest levels a part at a
    /// time: the same bytes as built in memory, and no file left behind.
    fn same_in_parts<G: Endgame>(
        template: &G,
        max_seeds: u32,
        from_seeds: Option<u32>,
        memory_bytes: u64,
    ) {
        let path = test_path::<G>(&format!("{max_seeds}.parts"));
        let in_memory = BuildOptions {
            max_seeds,
            threads: 2,
            from_seeds,
            ..BuildOptions::default()
        };
        let in_parts = BuildOptions {
            memory_bytes,
            disk: Some(path.clone()),
            ..in_memory.clone()
        };
        // The reports after each pass, and in parts after each part a pass works.
        let mut passes = Vec::new();
        let mut by_part = Vec::new();
        let (all, whole) =
            Databases::build(template, &in_memory, Some(&mut |p| passes.push(*p))).unwrap();
        let (some, cut) =
            Databases::build(template, &in_parts, Some(&mut |p| by_part.push(*p))).unwrap();
        assert!(!work_path(&path).exists(), "a work file was left");
        let cut_up = cut.iter().filter(|level| level.parts > 2).count();
        assert!(
            cut_up >= 2,
            "fewer than two levels were built in parts: {cut:?}"
        );
        for (whole, cut) in whole.iter().zip(&cut) {
            assert_eq!(whole.endless, cut.endless, "level {}", whole.seeds);
            assert_eq!(whole.passes, cut.passes, "level {}", whole.seeds);
            // Each part of each pass reported, in order, the pass's count only growing.
            let of_level = || by_part.iter().filter(|p| p.seeds == cut.seeds);
            let mut last = (1, 0, 0);
            for p in of_level().filter_map(|p| Some((p.pass, p.part?, p.changed))) {
                let (pass, (part, parts), changed) = p;
                assert_eq!(parts, cut.parts, "level {}", cut.seeds);
                assert!((1..=parts).contains(&part), "{p:?}");
                if pass == last.0 {
                    assert!(changed >= last.2, "{p:?} after {last:?}");
                }
                assert!(
                    pass >= last.0 && pass <= cut.passes + 1,
                    "{p:?} after {last:?}"
                );
                last = (pass, part, changed);
            }
            // The first pass reports each part (a level of one part may be built in memory).
            let first = of_level()
                .filter(|p| p.pass == 1 && p.part.is_some())
                .count() as u32;
            assert!(
                first == cut.parts || (first == 0 && cut.parts == 1),
                "level {}: {first} reports of {} parts",
                cut.seeds,
                cut.parts
            );
            // Each sweep's first round works every part.
            let swept = of_level()
                .filter(|p| p.pass > 1 && p.part.is_some())
                .count() as u32;
            if first > 0 {
                assert!(swept >= (cut.passes - 1) * cut.parts, "level {}", cut.seeds);
            }
        }
        // The reports after each pass are those of the build in memory.
        by_part.retain(|p| p.part.is_none());
        let plain = |p: &BuildProgress| (p.seeds, p.pass, p.changed, p.positions);
        assert!(by_part.iter().map(plain).eq(passes.iter().map(plain)));
        let bytes = |db: &Databases| {
            let mut bytes = Vec::new();
            db.write(&mut bytes).unwrap();
            bytes
        };
        assert!(bytes(&all) == bytes(&some), "other bytes built in parts");
        drop(some);
        assert!(!path.exists());
    }

    #[test]
    fn levels_larger_than_memory_are_built_in_parts() {
        // Toguz Kumalak 2 × 5 played to the end, the even levels to 14 seeds (817 190
        // positions, 2.5 MB to build at the last), within 240 kB: parts of 40 000 positions,
        // 11 250 messages in memory before they go to the work file, read back 4 096 at a time.
        let rules = toguz::RuleSet {
            board: toguz::BoardSize::Five,
            stop_at_majority: false,
            ..toguz::RuleSet::STANDARD
        };
        same_in_parts(&toguz::Toguz::new(rules), 14, Some(0), 240_000);
        // No memory at all: parts of the least size, every level on disk.
        same_in_parts(&toguz::Toguz::new(rules), 12, Some(0), 0);
        // With the stop at a majority, the kazans kept too.
        let stop: toguz::Toguz = "2S,2S,2S,2S,2S/2S,2S,2S,2S,2S 16 14 S".parse().unwrap();
        same_in_parts(&stop, 12, Some(0), 240_000);
        // Oware's list of the moves into a position is checked by playing them.
        let oware = oware::Oware::new(oware::RuleSet::with_board(4, 2).unwrap()).db_template();
        same_in_parts(&oware, 12, None, 60_000);
    }

    #[test]
    fn oware_databases_are_the_same_built_either_way() {
        for (houses, seeds, max) in [(3, 2, 12), (4, 2, 8), (6, 4, 4)] {
            let played_to_the_end =
                oware::Oware::new(oware::RuleSet::with_board(houses, seeds).unwrap()).db_template();
            same_both_ways(&played_to_the_end, max);
        }
    }
}
