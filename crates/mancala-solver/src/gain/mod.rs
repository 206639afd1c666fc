//! The gain search: the proof search for games whose rest is decided by the board alone, in
//! which no position can come back and scores only grow (Kalah without a move limit).
//!
//! A position's value is its score lead plus the *gain* of the rest of the game for its side
//! to move, which depends on the board and the side to move alone; the table holds bounds on
//! gains, keyed by the board as the side to move sees it (a position with North to move as its
//! mirror), so positions that differ only in their scores, or are each other's mirror, share
//! an entry, and the lead is carried down the search outside the table. A gain lies between
//! minus and plus the seeds on the board. No repetition is looked for. The table's move is
//! searched first (past the start, before the other children are made); then the others by
//! what they gain the mover, another turn counting as four and a half seeds (the weight that
//! took fewest nodes on the Kalah boards measured), then the later move (the pit nearest the
//! store). Near the start every child's entry is read before any is searched (enhanced
//! transposition cutoffs). The positions with few seeds on the board are worked out once each
//! in full and kept for the whole solve ([`small`]); a node reads its small children's values
//! as it makes them.
//!
//! On more than one thread, over the one shared table and small table, the threads close in
//! on the root's value together ([`Gain::close_in`]): each runs MTD(f) passes, the later
//! threads passes above the lowest open one, so that the costly proof above the value runs
//! beside the proof of it. For the best moves and the line every thread runs each pass from
//! the root; the first to finish gives the pass's value and stops the others. A helper on
//! another thread's pass searches the children of a node without a table move (most likely
//! one where every move must be refuted) in the reverse order, so that the threads refute
//! them in different orders and each finds the others' results in the table.

mod key;
mod small;
mod table;

pub(crate) use key::BoardKey;

use crate::db::{seen_from_south, Endgame};
use crate::search::{SolveError, INF};
use crate::stack::LARGE_STACK_BYTES;
use crate::{board_seeds, score_lead, Endless, Options, Progress, Solution, MAX_GUESS, PV_LIMIT};
use core::sync::atomic::{AtomicBool, AtomicI32, AtomicU64, AtomicU8, AtomicUsize, Ordering};
use mancala_engine::{Position, Side};
use small::Small;
use std::sync::{Mutex, PoisonError};
use std::time::Instant;
use table::Table;

/// The enhanced transposition cutoffs are tried at nodes with at least this share of the
/// game's seeds on the board (numerator, denominator) only, the few plies nearest the start:
/// further down the probes of every child cost more than the nodes they save (Kalah (6,4)
/// from 20 seeds on is a sixth slower to its value).
const ETC_SHARE: (u32, u32) = (3, 4);

/// A child of a node: the move's index, what it gains the mover, the child's seeds on the
/// board and key (0 where the table does not take it: a game over, a small position), whether
/// the mover moves again, its own gain where it is known without a search (0 for a game over,
/// else the small table's), and its order.
#[derive(Debug, Clone)]
struct Child<P> {
    position: P,
    index: usize,
    gain: i32,
    seeds: u32,
    key: u64,
    same: bool,
    known: Option<i32>,
    order: i32,
}

impl<P> Child<P> {
    /// The bounds `low..=high` on the gain of the child's side to move, as bounds on the gain
    /// of its parent's: the move's own gain added, and turned round where the turn passes.
    #[inline(always)]
    fn for_parent(&self, low: i32, high: i32) -> (i32, i32) {
        if self.same {
            (self.gain + low, self.gain + high)
        } else {
            (self.gain - high, self.gain - low)
        }
    }
}

/// Nodes a thread counts before it adds them to the solve's total.
const NODE_BATCH: u64 = 1 << 10;

/// What the threads of one gain search share.
struct Shared<'a, P: Position> {
    table: Table<'a>,
    small: Small<'a>,
    keys: BoardKey,
    /// Nodes with this many seeds on the board or more read their children's entries.
    etc_seeds: u32,
    options: &'a Options<P>,
    endless: Endless,
    /// Set when the current pass is decided or the solve must stop: every thread returns.
    abort: AtomicBool,
    /// The nodes of every thread, added in batches of [`NODE_BATCH`].
    nodes: AtomicU64,
    /// The bounds on the root's gain proved so far, where threads close in on it together
    /// ([`Gain::close_in`]).
    low: AtomicI32,
    high: AtomicI32,
}

/// One thread of a gain search.
struct Gain<'s, 'a, 'p, P: Position> {
    shared: &'s Shared<'a, P>,
    /// The plies of the current line.
    ply: usize,
    /// Child lists reused from ply to ply, so a node allocates nothing.
    pool: Vec<Vec<Child<P>>>,
    nodes: u64,
    max_line: usize,
    probes: u64,
    repetitions: u64,
    stopped: Option<SolveError>,
    /// Whether this thread left a pass because [`Shared::abort`] was set, or because the
    /// shared bounds decided its pass.
    aborted: bool,
    /// The null window (its upper end) of this thread's pass while threads close in on the
    /// root's gain together: the pass is left once the shared bounds decide it.
    closing: Option<i32>,
    /// Whether the children of a node without a table move are searched in reverse order (a
    /// helper on the same pass as another thread).
    reversed: bool,
    started: Instant,
    /// The bounds on the root's gain proved so far, and the root's lead.
    bounds: (i32, i32),
    lead: i32,
    progress: Option<&'a mut (dyn FnMut(&Progress) + 'p)>,
}

/// What a helper thread counted in one pass.
#[derive(Default)]
struct Counts {
    nodes: u64,
    max_line: usize,
    probes: u64,
    repetitions: u64,
}

/// Seeds in the stores of `position`.
fn stored<P: Position>(position: &P) -> u32 {
    position.score(Side::South) + position.score(Side::North)
}

/// What `child` gains `mover` over `parent` (the score leads' difference for `mover`).
fn gain_of<P: Position>(parent: &P, child: &P, mover: Side) -> i32 {
    let lead = |p: &P| p.score(mover) as i32 - p.score(!mover) as i32;
    lead(child) - lead(parent)
}

/// Nodes of the shallow search past which [`shallow_guess`] searches no deeper: a few
/// hundredths of a second.
const SHALLOW_NODES: u64 = 1 << 19;

/// The deepest [`shallow_guess`] searches, in moves.
const SHALLOW_DEPTH: u32 = 24;

/// A first guess at the gain of the rest of the game for the side to move of `position`:
/// the shallow search of [`shallow_gain`], two moves deeper at a time until an iteration
/// takes [`SHALLOW_NODES`] nodes. Counting only what the next few moves put in the stores,
/// it guesses low on the boards solved (Kalah (6,4): 7 under either rule, against 8 and 10;
/// (6,5): 8, against 12 with the empty capture), the cheaper side: the passes below the
/// value are quick, and the costly proof above it starts on a full table. No iteration
/// searches more than `budget` nodes (the solve's node limit): one that would is left, and
/// the last finished one's guess kept (0 if none finished).
fn shallow_guess<P: Position>(position: &P, budget: u64) -> i32 {
    let (mut depth, mut guess) = (2, 0);
    loop {
        let mut nodes = 0;
        let Some(found) = shallow_gain(position, depth, -INF, INF, &mut nodes, budget) else {
            return guess;
        };
        guess = found;
        if nodes >= SHALLOW_NODES || depth >= SHALLOW_DEPTH {
            return guess;
        }
        depth += 2;
    }
}

/// The gain of the rest of the game for the side to move of `position` as a shallow search
/// sees it: `depth` moves (another turn counts as one) by fail-soft alpha-beta, the rest of
/// the game taken as no gain; `nodes` counts the positions searched, `None` once it would
/// pass `budget`.
fn shallow_gain<P: Position>(
    position: &P,
    depth: u32,
    mut alpha: i32,
    beta: i32,
    nodes: &mut u64,
    budget: u64,
) -> Option<i32> {
    if *nodes >= budget {
        return None;
    }
    *nodes += 1;
    if depth == 0 || position.is_over() {
        return Some(0);
    }
    let mover = position.side_to_move();
    let mut best = -INF;
    // The pit nearest the store first: most often the move that sows into it.
    for &mv in position.legal_moves().iter().rev() {
        let child = position.child(mv);
        let gain = gain_of(position, &child, mover);
        let value = if child.side_to_move() == mover {
            gain + shallow_gain(&child, depth - 1, alpha - gain, beta - gain, nodes, budget)?
        } else {
            gain - shallow_gain(&child, depth - 1, gain - beta, gain - alpha, nodes, budget)?
        };
        best = best.max(value);
        alpha = alpha.max(value);
        if alpha >= beta {
            break;
        }
    }
    Some(best)
}

/// Solves `position` by the gain search; the caller has checked that its keys hold values
/// of the rest of the game, that no position can come back and that scores only grow.
pub(crate) fn solve<P: Endgame>(
    position: &P,
    options: &Options<P>,
    endless: Endless,
    progress: Option<&mut (dyn FnMut(&Progress) + '_)>,
) -> Result<Solution<usize>, SolveError> {
    let started = Instant::now();
    let seeds = board_seeds(position);
    let pits = position.with_db_board(<[u8]>::len);
    let extra = position.db_extra_states();
    let threads = options.checked_threads()?;
    let (mut table_memory, mut small_memory) = (None, None);
    let shared = Shared {
        table: Table::with_bytes(options.table_bytes, &mut table_memory)?,
        small: Small::for_board(
            pits,
            extra,
            seeds + stored(position),
            options.table_bytes,
            &mut small_memory,
        ),
        keys: BoardKey::new(pits, extra),
        etc_seeds: ((seeds + stored(position)) * ETC_SHARE.0).div_ceil(ETC_SHARE.1),
        options,
        endless,
        abort: AtomicBool::new(false),
        nodes: AtomicU64::new(0),
        low: AtomicI32::new(-INF),
        high: AtomicI32::new(INF),
    };
    let lead = score_lead(position);
    let mut gain = Gain::new(&shared, 0, started, progress);
    gain.lead = lead;
    let (mut value, mut best, mut pv) = (lead, Vec::new(), Vec::new());
    if !position.is_over() {
        let guess = match options.guess {
            Some(guess) => guess.clamp(-MAX_GUESS, MAX_GUESS) - lead,
            None => shallow_guess(position, options.max_nodes),
        };
        let rest = gain.close_in(position, seeds, guess, threads);
        value = lead + rest;
        if gain.stopped.is_none() {
            best = gain.best_moves(position, rest, threads);
            pv = gain.principal_variation(position, rest, threads);
        }
    }
    if let Some(error) = gain.stopped {
        return Err(error);
    }
    Ok(Solution {
        value,
        best,
        pv,
        pv_repeats: false,
        nodes: gain.nodes,
        repetitions: gain.repetitions,
        longest_line: gain.max_line,
        probes: gain.probes,
        table_bytes: shared.table.bytes(),
        table_entries: shared.table.used(),
        elapsed: gain.started.elapsed(),
    })
}

impl<'s, 'a, 'p, P: Endgame> Gain<'s, 'a, 'p, P> {
    /// A thread of the search over `shared`: `helper` 0 for the thread that reports progress
    /// and finds the best moves, else a helper (the odd ones take moves in reverse order).
    fn new(
        shared: &'s Shared<'a, P>,
        helper: usize,
        started: Instant,
        progress: Option<&'a mut (dyn FnMut(&Progress) + 'p)>,
    ) -> Self {
        Gain {
            shared,
            ply: 0,
            pool: Vec::new(),
            nodes: 0,
            max_line: 0,
            probes: 0,
            repetitions: 0,
            stopped: None,
            aborted: false,
            closing: None,
            reversed: helper % 2 == 1,
            started,
            bounds: (-INF, INF),
            lead: 0,
            progress,
        }
    }

    /// Whether this thread must leave the pass it is in.
    #[inline(always)]
    fn halted(&self) -> bool {
        self.stopped.is_some() || self.aborted
    }

    /// A null-window pass at `beta` on `threads` threads: the root's gain, fail-soft, from
    /// the first thread that finishes; `None` if none finished (this thread's `stopped` then
    /// says why).
    fn pass(&mut self, root: &P, seeds: u32, key: u64, beta: i32, threads: usize) -> Option<i32> {
        let shared = self.shared;
        shared.abort.store(false, Ordering::Relaxed);
        self.aborted = false;
        if threads <= 1 {
            let value = self.search(root, seeds, key, beta - 1, beta);
            return self.stopped.is_none().then_some(value);
        }
        // The first value any thread finds, else the first error: either ends the pass.
        let found: Mutex<(Option<i32>, Option<SolveError>)> = Mutex::new((None, None));
        let record = |outcome: Option<Result<i32, SolveError>>| {
            let Some(outcome) = outcome else { return };
            let mut found = found.lock().unwrap_or_else(PoisonError::into_inner);
            match outcome {
                Ok(value) => _ = found.0.get_or_insert(value),
                Err(error) => _ = found.1.get_or_insert(error),
            }
            shared.abort.store(true, Ordering::Relaxed);
        };
        self.with_helpers(threads, |gain, _| {
            record(gain.outcome(root, seeds, key, beta));
        });
        self.aborted = false;
        shared.abort.store(false, Ordering::Relaxed);
        let (winner, error) = found.into_inner().unwrap_or_else(PoisonError::into_inner);
        if winner.is_none() {
            self.stopped = error;
        }
        winner
    }

    /// Runs `work` on this thread (helper 0) and on `threads - 1` helpers, each a thread of
    /// its own over the shared tables, and adds what the helpers counted to this thread's
    /// counts (and the first limit a helper met to this thread's, if it met none). A helper
    /// that cannot be started leaves the work to the others.
    fn with_helpers(&mut self, threads: usize, work: impl Fn(&mut Self, usize) + Sync) {
        let (shared, started, work) = (self.shared, self.started, &work);
        let helpers: Vec<(Counts, Option<SolveError>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (1..threads)
                .filter_map(|helper| {
                    let builder = std::thread::Builder::new()
                        .name(format!("mancala-solve-{helper}"))
                        .stack_size(LARGE_STACK_BYTES);
                    builder
                        .spawn_scoped(scope, move || {
                            let mut gain = Gain::new(shared, helper, started, None);
                            work(&mut gain, helper);
                            (gain.counts(), gain.stopped)
                        })
                        .ok()
                })
                .collect();
            work(self, 0);
            handles
                .into_iter()
                .map(|h| h.join().unwrap_or_default())
                .collect()
        });
        for (counts, stopped) in helpers {
            self.nodes += counts.nodes;
            self.max_line = self.max_line.max(counts.max_line);
            self.probes += counts.probes;
            self.repetitions += counts.repetitions;
            if self.stopped.is_none() {
                self.stopped = stopped;
            }
        }
    }

    /// This thread's null-window search at `beta` from `root`: its value, the limit it met
    /// (taken from `stopped`), or `None` if another thread ended the pass first.
    fn outcome(
        &mut self,
        root: &P,
        seeds: u32,
        key: u64,
        beta: i32,
    ) -> Option<Result<i32, SolveError>> {
        let value = self.search(root, seeds, key, beta - 1, beta);
        match self.stopped.take() {
            Some(error) => Some(Err(error)),
            None => (!self.aborted).then_some(Ok(value)),
        }
    }

    /// What this thread counted.
    fn counts(&self) -> Counts {
        Counts {
            nodes: self.nodes,
            max_line: self.max_line,
            probes: self.probes,
            repetitions: self.repetitions,
        }
    }

    fn report(&mut self) {
        if let Some(progress) = self.progress.as_mut() {
            let shift = |v: i32| if v.abs() >= INF { v } else { v + self.lead };
            progress(&Progress {
                nodes: self.nodes,
                elapsed: self.started.elapsed(),
                low: shift(self.bounds.0),
                high: shift(self.bounds.1),
                table_entries: self.shared.table.used(),
            });
        }
    }

    /// The key of `position`.
    #[inline(always)]
    fn key(&self, position: &P) -> u64 {
        let (extra, mirrored) = seen_from_south(position);
        position.with_db_board(|pits| self.shared.keys.key(pits, extra, mirrored))
    }

    /// The child of `position` (`mover` to move) by its legal move `mv`, the `index`-th.
    #[inline(always)]
    fn child(&self, position: &P, mover: Side, index: usize, mv: P::Move) -> Child<P> {
        let child = position.child(mv);
        let gain = gain_of(position, &child, mover);
        let same = child.side_to_move() == mover;
        let over = child.is_over();
        // A small child's value is read here, with its siblings', so that the reads overlap
        // rather than each wait in a search of its own (most are not in the cache).
        let (seeds, key, known) = if over {
            (0, 0, Some(0))
        } else {
            let seeds = board_seeds(&child);
            if self.shared.small.holds(seeds) {
                let slot = self.small_slot(&child);
                (seeds, 0, slot.and_then(|slot| self.shared.small.get(slot)))
            } else {
                (seeds, self.key(&child), None)
            }
        };
        // By what the move gains (a capture's seeds, a seed in the store), another turn
        // counting as four and a half seeds, then the later move (Kalah's pit nearer the
        // store); fewer than 256 moves.
        let order = (2 * gain + 9 * i32::from(same && !over)) * 256 + index as i32;
        Child {
            position: child,
            index,
            gain,
            seeds,
            key,
            same,
            known,
            order,
        }
    }

    /// The children of `position` (not over) by its legal `moves` into `children`, ordered,
    /// and, if `etc`, what the table knows of each as bounds on the gain of `position`: the
    /// most one of them assures and the most any of them allows.
    fn children(
        &self,
        position: &P,
        moves: &[P::Move],
        etc: bool,
        children: &mut Vec<Child<P>>,
    ) -> (i32, i32) {
        let mover = position.side_to_move();
        let (mut assured, mut allowed) = (-INF, -INF);
        for (index, &mv) in moves.iter().enumerate() {
            let child = self.child(position, mover, index, mv);
            let (low, high) = match child.known {
                Some(rest) => (rest, rest),
                None => {
                    let s = child.seeds as i32;
                    let (mut low, mut high) = (-s, s);
                    if etc && child.key != 0 {
                        if let Some(b) = self.shared.table.probe(child.key, INF) {
                            (low, high) = (low.max(b.low), high.min(b.high));
                        }
                    }
                    (low, high)
                }
            };
            let (low, high) = child.for_parent(low, high);
            assured = assured.max(low);
            allowed = allowed.max(high);
            children.push(child);
        }
        children.sort_unstable_by_key(|c| core::cmp::Reverse(c.order));
        (assured, allowed)
    }

    /// The gain `child` brings its parent's side to move, searched in that side's window
    /// `alpha..beta`.
    #[inline(always)]
    fn child_value(&mut self, child: &Child<P>, alpha: i32, beta: i32) -> i32 {
        let g = child.gain;
        if let Some(rest) = child.known {
            child.for_parent(rest, rest).0
        } else if child.same {
            g + self.search(&child.position, child.seeds, child.key, alpha - g, beta - g)
        } else {
            g - self.search(&child.position, child.seeds, child.key, g - beta, g - alpha)
        }
    }

    /// Counts a node, adding a full batch to the solve's total; whether it added one.
    #[inline(always)]
    fn tally(&mut self) -> bool {
        self.nodes += 1;
        let full = self.nodes % NODE_BATCH == 0;
        if full {
            self.shared.nodes.fetch_add(NODE_BATCH, Ordering::Relaxed);
        }
        full
    }

    /// Whether the shared bounds on the root's gain already decide this thread's closing pass.
    fn decided(&self) -> bool {
        self.closing.is_some_and(|beta| {
            let low = self.shared.low.load(Ordering::Relaxed);
            let high = self.shared.high.load(Ordering::Relaxed);
            !(low < beta && beta <= high)
        })
    }

    /// Counts a node of the search; whether this thread must leave the pass (a limit met,
    /// or the pass decided by another thread).
    #[inline(always)]
    fn count_node(&mut self) -> bool {
        let shared = self.shared;
        if self.tally() {
            if self.nodes & 0x3f_ffff == 0 {
                self.report();
            }
            self.aborted = shared.abort.load(Ordering::Relaxed) || self.decided();
        }
        let total = shared.nodes.load(Ordering::Relaxed) + self.nodes % NODE_BATCH;
        if total >= shared.options.max_nodes {
            self.stopped
                .get_or_insert(SolveError::NodeLimit { nodes: total });
        }
        self.halted()
    }

    /// The gain of `position` (not over, `seeds` on its board, its key `key`) for its side to
    /// move, fail-soft: below `alpha` an upper bound, above `beta` a lower bound, between them
    /// exact.
    fn search(&mut self, position: &P, seeds: u32, key: u64, mut alpha: i32, mut beta: i32) -> i32 {
        if self.count_node() {
            return 0;
        }
        if let Some(databases) = &self.shared.options.databases {
            // No position can come back, so the value holds on any line.
            if let Some((rest, differs)) = databases.probe(position, self.shared.endless) {
                self.probes += 1;
                self.repetitions += u64::from(differs);
                return rest;
            }
        }
        if self.shared.small.holds(seeds) {
            return self.small_value(position);
        }
        let s = seeds as i32;
        // The side to move gains at most every seed left and loses at most as many.
        if alpha >= s {
            return s;
        }
        if beta <= -s {
            return -s;
        }
        let ply = self.ply;
        if ply >= self.shared.options.max_line {
            self.stopped.get_or_insert(SolveError::LineLimit {
                plies: self.shared.options.max_line,
            });
            return 0;
        }
        self.max_line = self.max_line.max(ply + 1);
        let (mut low, mut high, mut hint) = (-s, s, None);
        if let Some(b) = self.shared.table.probe(key, INF) {
            (low, high, hint) = (low.max(b.low), high.min(b.high), b.best);
            if low >= beta || low == high {
                return low;
            }
            if high <= alpha {
                return high;
            }
            alpha = alpha.max(low);
            beta = beta.min(high);
        }
        let (alpha0, nodes0) = (alpha, self.nodes);
        let (mut best, mut best_index) = (-INF, 0);
        self.ply += 1;
        {
            let mut children = self
                .pool
                .get_mut(ply)
                .map(core::mem::take)
                .unwrap_or_default();
            children.clear();
            let etc = seeds >= self.shared.etc_seeds;
            // Without the children's entries to read, the table's move is searched before
            // the others are made: where it cuts off, they never are.
            let moves = position.legal_moves();
            let mut searched = None;
            if let (false, Some(index)) = (etc, hint) {
                if let Some(&mv) = moves.get(index) {
                    let child = self.child(position, position.side_to_move(), index, mv);
                    let value = self.child_value(&child, alpha, beta);
                    (best, best_index, searched) = (value, index, Some(index));
                    alpha = alpha.max(value);
                }
            }
            let (assured, allowed) = if alpha >= beta || self.halted() {
                (-INF, INF)
            } else {
                self.children(position, &moves, etc, &mut children)
            };
            if searched.is_some() {
                children.retain(|c| Some(c.index) != searched);
            } else if let Some(c) = children.iter_mut().find(|c| Some(c.index) == hint) {
                c.order = i32::MAX;
                children.sort_unstable_by_key(|c| core::cmp::Reverse(c.order));
            } else if self.reversed {
                // Where every move is likely to need refuting, the helpers take them in
                // another order than the first thread.
                children.reverse();
            }
            if alpha >= beta || self.halted() {
                // The table's move cut off, or the pass is over.
            } else if assured >= beta || best.max(allowed) <= alpha {
                // What the children's entries prove already (enhanced transposition cutoffs).
                best = if assured >= beta {
                    assured
                } else {
                    best.max(allowed)
                };
            } else {
                for child in &children {
                    let value = self.child_value(child, alpha, beta);
                    if value > best {
                        (best, best_index) = (value, child.index);
                    }
                    alpha = alpha.max(value);
                    if alpha >= beta {
                        break;
                    }
                }
            }
            self.pool_put(ply, children);
        }
        self.ply -= 1;
        if self.halted() {
            return 0;
        }
        let (low, high) = if best >= beta {
            (best, INF)
        } else if best <= alpha0 {
            (-INF, best)
        } else {
            (best, best)
        };
        let index = (best > alpha0).then_some(best_index);
        self.shared
            .table
            .store(key, low, high, index, self.nodes - nodes0);
        best
    }

    /// Gives the child list of `ply` back for reuse.
    fn pool_put(&mut self, ply: usize, children: Vec<Child<P>>) {
        if self.pool.len() <= ply {
            self.pool.resize_with(ply + 1, Vec::new);
        }
        self.pool[ply] = children;
    }

    /// The slot of `position` in the small table, if it takes it.
    #[inline(always)]
    fn small_slot(&self, position: &P) -> Option<usize> {
        let (extra, mirrored) = seen_from_south(position);
        position.with_db_board(|pits| self.shared.small.slot(pits, extra, mirrored))
    }

    /// The exact gain of `position`, one the small table takes, for its side to move: from
    /// the table, or worked out over every move and kept there.
    fn small_value(&mut self, position: &P) -> i32 {
        let slot = self
            .small_slot(position)
            .expect("the table takes the position");
        if let Some(value) = self.shared.small.get(slot) {
            return value;
        }
        self.tally();
        let mover = position.side_to_move();
        // The side to move gains at most every seed left.
        let most = board_seeds(position) as i32;
        let mut best = -INF;
        for mv in position.legal_moves() {
            let child = position.child(mv);
            let gain = gain_of(position, &child, mover);
            let value = if child.is_over() {
                gain
            } else if child.side_to_move() == mover {
                gain + self.small_value(&child)
            } else {
                gain - self.small_value(&child)
            };
            best = best.max(value);
            if best >= most {
                break;
            }
        }
        self.shared.small.insert(slot, best);
        best
    }

    /// Whether the gain of `position` (not over) is at least `value`, searched on `threads`
    /// threads (false if the search stopped).
    fn at_least(&mut self, position: &P, value: i32, threads: usize) -> bool {
        let key = self.key(position);
        let seeds = board_seeds(position);
        self.pass(position, seeds, key, value, threads)
            .is_some_and(|g| g >= value)
    }

    /// Whether the child of `position` by `mv` keeps the gain `rest` for the side to move.
    fn keeps(&mut self, position: &P, mv: P::Move, rest: i32, threads: usize) -> bool {
        let mover = position.side_to_move();
        let child = position.child(mv);
        let gain = gain_of(position, &child, mover);
        if child.is_over() {
            gain >= rest
        } else if child.side_to_move() == mover {
            self.at_least(&child, rest - gain, threads)
        } else {
            !self.at_least(&child, gain - rest + 1, threads)
        }
    }

    /// The places in the legal move list of every move of `position` that keeps its gain
    /// `rest`. On several threads each thread tests moves of its own (each test is a proof
    /// of its own, most of them that a move falls short), and this thread tests any a helper
    /// left.
    fn best_moves(&mut self, position: &P, rest: i32, threads: usize) -> Vec<usize> {
        let moves = position.legal_moves();
        // Per move: 0 not tested, 1 falls short, 2 keeps the gain.
        let tested: Vec<AtomicU8> = moves.iter().map(|_| AtomicU8::new(0)).collect();
        if threads > 1 {
            let next = AtomicUsize::new(0);
            self.with_helpers(threads, |gain, _| {
                gain.reversed = false;
                let moves = position.legal_moves();
                while !gain.halted() {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&mv) = moves.get(i) else { break };
                    let keeps = gain.keeps(position, mv, rest, 1);
                    if !gain.halted() {
                        tested[i].store(1 + u8::from(keeps), Ordering::Relaxed);
                    }
                }
            });
        }
        let mut best = Vec::new();
        for (i, &mv) in moves.iter().enumerate() {
            if self.halted() {
                break;
            }
            let keeps = match tested[i].load(Ordering::Relaxed) {
                0 => self.keeps(position, mv, rest, 1),
                done => done == 2,
            };
            if keeps {
                best.push(i);
            }
        }
        best
    }

    /// A line of best play from `root`, whose gain is `rest`. At each position the moves are
    /// tried in the order the table makes likeliest to keep the gain (see
    /// [`Self::likely_best_first`]), so the line rarely costs a proof that a move falls short.
    fn principal_variation(&mut self, root: &P, rest: i32, threads: usize) -> Vec<usize> {
        let (mut line, mut position, mut rest) = (Vec::new(), root.clone(), rest);
        while line.len() < PV_LIMIT && !position.is_over() && self.stopped.is_none() {
            let moves = position.legal_moves();
            let Some(i) = self
                .likely_best_first(&position, &moves)
                .into_iter()
                .find(|&i| self.keeps(&position, moves[i], rest, threads))
            else {
                break;
            };
            let mv = moves[i];
            line.push(i);
            let mover = position.side_to_move();
            let child = position.child(mv);
            let gain = gain_of(&position, &child, mover);
            rest = if child.side_to_move() == mover {
                rest - gain
            } else {
                gain - rest
            };
            position = child;
        }
        line
    }

    /// The places of the legal `moves` of `position` (not over), likeliest best first: by the
    /// least each is known to gain (a child's table entry or its small value), then the
    /// table's move, then the search's own order.
    fn likely_best_first(&self, position: &P, moves: &[P::Move]) -> Vec<usize> {
        let mover = position.side_to_move();
        let hint = self
            .shared
            .table
            .probe(self.key(position), INF)
            .and_then(|b| b.best);
        let mut ranked: Vec<(i32, bool, i32, usize)> = moves
            .iter()
            .enumerate()
            .map(|(index, &mv)| {
                let child = self.child(position, mover, index, mv);
                let bounds = match child.known {
                    Some(rest) => Some((rest, rest)),
                    None => (child.key != 0)
                        .then(|| self.shared.table.probe(child.key, INF))
                        .flatten()
                        .map(|b| (b.low, b.high)),
                };
                let least = bounds.map_or(-INF, |(low, high)| child.for_parent(low, high).0);
                (least, hint == Some(index), child.order, index)
            })
            .collect();
        ranked.sort_unstable_by(|a, b| b.cmp(a));
        ranked.into_iter().map(|(.., index)| index).collect()
    }

    /// The exact gain of `root` (not over, `seeds` on its board) on `threads` threads that
    /// close in on it together, each by MTD(f) passes from `guess`, thread `k` a pass `2k`
    /// above the lowest open one. Proving that the value is at least `v` and proving that it
    /// is below `v + 1` cost differently (the first needs one good move at each of the mover's
    /// turns, the second all of them refuted); so the proof above the value starts while the
    /// proof of the value itself is under way. A thread whose pass fails low has found the
    /// top end and from then on helps on the lowest open pass, its moves in the reverse
    /// order. Each pass is left as soon as the shared bounds decide it. On one thread this is
    /// plain MTD(f).
    fn close_in(&mut self, root: &P, seeds: u32, guess: i32, threads: usize) -> i32 {
        let shared = self.shared;
        let s = seeds as i32;
        shared.low.store(-s, Ordering::Relaxed);
        shared.high.store(s, Ordering::Relaxed);
        shared.abort.store(false, Ordering::Relaxed);
        let key = self.key(root);
        self.with_helpers(threads, |gain, helper| {
            gain.close(root, seeds, key, guess, 2 * helper as i32);
        });
        shared.abort.store(false, Ordering::Relaxed);
        self.aborted = false;
        self.bounds.0
    }

    /// This thread's passes of [`close_in`](Self::close_in), from `guess`, `ahead` above the
    /// lowest open pass, until the shared bounds meet or the solve stops.
    fn close(&mut self, root: &P, seeds: u32, key: u64, guess: i32, mut ahead: i32) {
        let shared = self.shared;
        let mut g = guess;
        self.reversed = false;
        loop {
            let low = shared.low.load(Ordering::Relaxed);
            let high = shared.high.load(Ordering::Relaxed);
            self.bounds = (low, high);
            if low >= high || shared.abort.load(Ordering::Relaxed) {
                break;
            }
            g = g.clamp(low, high);
            let beta = (if g == low { g + 1 } else { g } + ahead).min(high);
            self.closing = Some(beta);
            self.aborted = false;
            let value = self.search(root, seeds, key, beta - 1, beta);
            self.closing = None;
            if self.stopped.is_some() {
                // A limit: the other threads stop too.
                shared.abort.store(true, Ordering::Relaxed);
                break;
            }
            if self.aborted {
                // Decided by the others, or the solve stopped: look again.
                continue;
            }
            g = value;
            if value >= beta {
                shared.low.fetch_max(value, Ordering::Relaxed);
            } else {
                shared.high.fetch_min(value, Ordering::Relaxed);
                if ahead > 0 {
                    ahead = 0;
                    self.reversed = true;
                }
            }
            self.bounds = (
                shared.low.load(Ordering::Relaxed),
                shared.high.load(Ordering::Relaxed),
            );
            self.report();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The guess within a budget is the one of the deepest iteration that fits it (0 if
    /// none does).
    #[test]
    fn the_shallow_guess_keeps_to_its_budget() {
        let rules = kalah::RuleSet::with_board(6, 4).expect("a board");
        let start = <kalah::Kalah as mancala_engine::Game>::new(rules);
        let unbounded = shallow_guess(&start, u64::MAX);
        assert_eq!(unbounded, 7);
        assert_eq!(shallow_guess(&start, 0), 0);
        // Depth by depth, the nodes each iteration takes alone.
        let mut depth = 2;
        let mut before = 0;
        loop {
            let mut nodes = 0;
            let guess = shallow_gain(&start, depth, -INF, INF, &mut nodes, u64::MAX).unwrap();
            // A budget of exactly this iteration keeps its guess; one node fewer, the last.
            assert_eq!(shallow_guess(&start, nodes), guess, "depth {depth}");
            assert_eq!(shallow_guess(&start, nodes - 1), before, "depth {depth}");
            if nodes >= SHALLOW_NODES {
                assert_eq!(guess, unbounded);
                break;
            }
            (before, depth) = (guess, depth + 2);
        }
    }
}
