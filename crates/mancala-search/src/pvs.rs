//! [`Pvs`]: the strongest player of the workspace — principal-variation search with a
//! transposition table, aspiration windows, killer and history move ordering.

use crate::eval::{Evaluator, ScoreDifference};
use crate::limits::{Budget, Limits};
use crate::negamax::first_guess;
use crate::ordering::{HistoryScores, Killers};
use crate::parallel::Shared;
use crate::pvs_search::{PvsSearch, Tuning};
use crate::report::{Iteration, SearchResult};
use crate::shared_tt::SharedTable;
use crate::tt::{Table, TableError, TranspositionTable, MAX_TABLE_BYTES};
use crate::value::{exact_value, plies_to_end, INFINITY};
use crate::Player;
use core::hash::Hash;
use mancala_engine::Position;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Instant;

/// The transposition table's default size: 16 MiB.
pub const DEFAULT_TABLE_BYTES: usize = 16 << 20;

/// The default half-width of the aspiration window around the previous iteration's value.
pub const DEFAULT_ASPIRATION: i32 = 50;

/// The most threads a search runs on: far more than the cores of any machine these games are
/// played on, and few enough that a mistaken count cannot exhaust the system's threads.
pub const MAX_THREADS: usize = 256;

/// Why a search cannot have the threads asked for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ThreadsError {
    /// The count is zero or above [`MAX_THREADS`].
    #[error("{threads} threads: a search runs on 1 to {MAX_THREADS} threads")]
    OutOfRange {
        /// The count asked for.
        threads: usize,
    },
}

/// The default plies of capture search below the horizon: two scored 66 % against none in a
/// Toguz Kumalak match, four no better than two (the crate's guide).
pub const DEFAULT_QUIESCENCE: u32 = 2;

/// A computer player for any game: principal-variation search (PVS) with iterative deepening.
///
/// - **Transposition table**: every searched position's value, bound and best move are kept
///   under its [`key`](Position::key) in a table of fixed size
///   ([`with_table_bytes`](Pvs::with_table_bytes)), kept from one move of a game to the next.
/// - **Move ordering**: the table's move first (searched before the others are generated), then
///   moves that gain seeds at once (most first), then two killer moves per ply, then the
///   history of cut-offs.
/// - **PVS**: the first move with the full window, the others with a null window, re-searched
///   only when they beat it; late quiet moves first searched shallower, the more so the
///   deeper the search and the later the move ([`with_reductions`](Pvs::with_reductions)).
/// - **Selectivity** near the horizon: outside the principal variation, a node whose static
///   evaluation is far above beta is not searched, nor are quiet moves when it is far below
///   alpha or once enough moves were searched; a node without a table move is searched one
///   ply shallower ([`with_pruning`](Pvs::with_pruning)).
/// - **Aspiration windows**: each iteration starts with a window around the last value
///   ([`with_aspiration`](Pvs::with_aspiration)), widened when the value falls outside it.
/// - **Capture search** at the horizon: the side to move may stand on the evaluation or play
///   a move that gains seeds at once ([`with_quiescence`](Pvs::with_quiescence)).
/// - **Exact values**: an evaluation that knows some positions' final score difference
///   ([`Evaluator::exact`], an endgame database through [`Probed`](crate::Probed)) ends the
///   search there with that value ([`EXACT`](crate::EXACT) and the margin); when every move
///   leads to such a position or ends the game (one at least to such a position), the best of
///   them is played without searching.
///
/// The search stops at its [`Limits`] (the clock is read every 1024 nodes, so a time limit
/// is overrun by well under a millisecond), when a win or loss is proven deep enough that no
/// quicker end can hide behind a reduction, or when an iteration reaches no horizon. An
/// interrupted iteration still counts its root moves that were fully searched and beat the
/// previous best. Recursion is bounded by [`MAX_SEARCH_DEPTH`](crate::MAX_SEARCH_DEPTH).
///
/// There is no randomness: with depth or node limits, the same position searched by players
/// that have seen the same positions before gives the same result
/// ([`clear`](Pvs::clear) forgets them).
///
/// **Threads** ([`with_threads`](Pvs::with_threads), default one): more threads search the
/// same position at once, sharing one transposition table (lazy SMP): helpers search one
/// ply deeper than the depth half the threads are on, an iteration one thread completes
/// ends that depth for all, and the deepest completed iteration of any thread is returned.
/// With more than one thread results depend on timing and are no longer reproducible; with
/// one, the search is exactly the single-threaded one.
#[derive(Debug, Clone)]
pub struct Pvs<P: Position, E = ScoreDifference> {
    pub(crate) limits: Limits,
    pub(crate) evaluator: E,
    pub(crate) aspiration: i32,
    pub(crate) tuning: Tuning,
    /// The table's size asked for, in bytes: it is allocated at the first search.
    table_bytes: usize,
    table: Option<TranspositionTable<P::Move>>,
    /// The table of a search on several threads.
    pub(crate) shared: Option<SharedTable>,
    pub(crate) threads: usize,
    /// Raised by another thread to end the search.
    stop: Option<Arc<AtomicBool>>,
    pub(crate) killers: Killers<P::Move>,
    pub(crate) history: HistoryScores,
}

impl<P: Position> Pvs<P, ScoreDifference> {
    /// A search with the given limits and the [`ScoreDifference`] evaluation.
    pub fn new(limits: Limits) -> Self {
        Pvs::with_evaluator(limits, ScoreDifference)
    }
}

impl<P: Position, E> Pvs<P, E> {
    /// A search with the given limits and a game's own evaluation, a table of
    /// [`DEFAULT_TABLE_BYTES`], windows of [`DEFAULT_ASPIRATION`], reductions on and
    /// [`DEFAULT_QUIESCENCE`] plies of capture search.
    pub fn with_evaluator(limits: Limits, evaluator: E) -> Self {
        Pvs {
            limits,
            evaluator,
            aspiration: DEFAULT_ASPIRATION,
            tuning: Tuning {
                quiescence: DEFAULT_QUIESCENCE,
                reductions: true,
                pruning: true,
            },
            table_bytes: DEFAULT_TABLE_BYTES,
            table: None,
            shared: None,
            threads: 1,
            stop: None,
            killers: Killers::new(),
            history: HistoryScores::new(),
        }
    }

    /// A transposition table of at most `bytes` bytes, and at most [`MAX_TABLE_BYTES`] (its
    /// previous contents are dropped). It is allocated at the first search (or by
    /// [`allocate_table`](Pvs::allocate_table)); should the system refuse that much memory,
    /// the table is the largest smaller one it gives, as [`table_bytes`](Pvs::table_bytes)
    /// then says. [`try_with_table_bytes`](Pvs::try_with_table_bytes) reports the refusal
    /// instead.
    pub fn with_table_bytes(mut self, bytes: usize) -> Self {
        self.table_bytes = bytes.min(MAX_TABLE_BYTES);
        self.table = None;
        self.shared = None;
        self
    }

    /// A transposition table of at most `bytes` bytes, allocated now: an error when `bytes`
    /// is above [`MAX_TABLE_BYTES`] or the system cannot give the memory, for a caller that
    /// would rather know than play with a smaller table.
    pub fn try_with_table_bytes(mut self, bytes: usize) -> Result<Self, TableError> {
        if bytes > MAX_TABLE_BYTES {
            return Err(TableError::TooLarge { bytes });
        }
        self.table_bytes = bytes;
        if self.threads > 1 {
            self.shared = Some(SharedTable::try_with_buckets(SharedTable::buckets_for(
                bytes,
            ))?);
            self.table = None;
        } else {
            self.table = Some(TranspositionTable::try_with_bytes(bytes)?);
            self.shared = None;
        }
        Ok(self)
    }

    /// Searches on `threads` threads, clamped to 1 to [`MAX_THREADS`]
    /// ([`try_with_threads`](Pvs::try_with_threads) reports a count out of range instead).
    /// Going from one thread to several or back drops the table.
    pub fn with_threads(mut self, threads: usize) -> Self {
        self.set_threads(threads.clamp(1, MAX_THREADS));
        self
    }

    /// Searches on `threads` threads: an error when `threads` is zero or above
    /// [`MAX_THREADS`].
    pub fn try_with_threads(mut self, threads: usize) -> Result<Self, ThreadsError> {
        if !(1..=MAX_THREADS).contains(&threads) {
            return Err(ThreadsError::OutOfRange { threads });
        }
        self.set_threads(threads);
        Ok(self)
    }

    /// The threads each search runs on.
    pub fn threads(&self) -> usize {
        self.threads
    }

    fn set_threads(&mut self, threads: usize) {
        if (threads > 1) != (self.threads > 1) {
            self.table = None;
            self.shared = None;
        }
        self.threads = threads;
    }

    /// Ends each later search soon after `stop` is raised (within about a thousand nodes), as
    /// if its time were up: the result is that of the iterations done. An engine raises it
    /// from the thread that reads its commands. `None`: no such flag.
    pub fn set_stop(&mut self, stop: Option<Arc<AtomicBool>>) {
        self.stop = stop;
    }

    /// The half-width of the aspiration window, in the evaluation's units (`0`: every
    /// iteration searches with the full window).
    pub fn with_aspiration(mut self, window: i32) -> Self {
        self.aspiration = window.max(0);
        self
    }

    /// Up to `plies` plies of capture search below the horizon (`0`: none).
    pub fn with_quiescence(mut self, plies: u32) -> Self {
        self.tuning.quiescence = plies;
        self
    }

    /// Whether late quiet moves are first searched one ply shallower (default: yes).
    pub fn with_reductions(mut self, on: bool) -> Self {
        self.tuning.reductions = on;
        self
    }

    /// Whether the search is selective (default: yes): late quiet moves reduced by more
    /// plies the deeper the search and the later the move, also on the principal variation;
    /// near the horizon, nodes far above beta and quiet moves far below alpha or late in the
    /// order not searched; a node without a table move searched one ply shallower. Off, late
    /// quiet moves lose one ply at most and every other move is searched: the plain search
    /// that each selective feature's node counts and matches are measured against.
    pub fn with_pruning(mut self, on: bool) -> Self {
        self.tuning.pruning = on;
        self
    }

    limits_and_evaluator!(E);

    /// Allocates the transposition table now, if it is not allocated yet, as an engine does at
    /// start-up: the first search then spends its time searching. Without this call the first
    /// search allocates the table on its own clock. Like the first search, it takes the
    /// largest table up to the size asked for that the system gives.
    pub fn allocate_table(&mut self) {
        let bytes = self.table_bytes;
        if self.threads > 1 {
            self.shared_table();
        } else {
            self.table
                .get_or_insert_with(|| TranspositionTable::with_bytes_or_less(bytes));
        }
    }

    /// The table the threads share, allocated if it is not yet.
    pub(crate) fn shared_table(&mut self) -> &mut SharedTable {
        let bytes = self.table_bytes;
        self.shared
            .get_or_insert_with(|| SharedTable::with_bytes_or_less(bytes))
    }

    /// The memory of the transposition table, in bytes (at most the size asked for, and at
    /// most [`MAX_TABLE_BYTES`]); before the table is allocated, the size it is to have.
    pub fn table_bytes(&self) -> usize {
        match (&self.table, &self.shared) {
            (Some(table), _) => table.bytes(),
            (None, Some(shared)) => shared.bytes(),
            (None, None) if self.threads > 1 => SharedTable::bytes_for(self.table_bytes),
            (None, None) => TranspositionTable::<P::Move>::bytes_for(self.table_bytes),
        }
    }

    /// Forgets everything learnt from earlier searches (as before a new game).
    pub fn clear(&mut self) {
        if let Some(table) = &mut self.table {
            table.clear();
        }
        if let Some(shared) = &mut self.shared {
            shared.clear();
        }
        self.killers.clear();
        self.history = HistoryScores::new();
    }
}

impl<P, E> Pvs<P, E>
where
    P: Position + Sync,
    P::Move: Hash,
    E: Evaluator<P> + Sync,
{
    /// Searches `position` and returns the best move found with its value, depth, node count
    /// and principal variation.
    pub fn search(&mut self, position: &P) -> SearchResult<P::Move> {
        self.search_with(position, |_| {})
    }

    /// Like [`search`](Pvs::search), calling `report` after every completed iteration with its
    /// depth, value, nodes, time and principal variation (with several
    /// [threads](Pvs::with_threads), the main thread's iterations, counting every thread's
    /// nodes).
    pub fn search_with(
        &mut self,
        position: &P,
        report: impl FnMut(&Iteration<P::Move>),
    ) -> SearchResult<P::Move> {
        // The clock starts before the table is allocated (at the first search, unless
        // `allocate_table` came first), so the allocation counts against the time limit.
        let started = Instant::now();
        let budget = Budget::new(self.limits.max_nodes(), self.limits.max_time())
            .with_stop(self.stop.clone());
        let result = match first_guess(position, &self.evaluator) {
            Ok(result) => result,
            Err(done) => return done,
        };
        if let Some(perfect) = exact_choice(position, &self.evaluator) {
            return perfect;
        }
        if self.threads > 1 {
            return crate::parallel::search(self, position, result, budget, started, report);
        }
        let bytes = self.table_bytes;
        let table = self
            .table
            .get_or_insert_with(|| TranspositionTable::with_bytes_or_less(bytes));
        table.new_search();
        self.killers.clear();
        self.history.age();
        let mut search = PvsSearch::new(
            &self.evaluator,
            self.tuning,
            table,
            &mut self.killers,
            &mut self.history,
            budget,
        );
        let plan = Plan {
            max_depth: self.limits.max_depth(),
            aspiration: self.aspiration,
            helper: false,
        };
        let mut result = iterate(
            &mut search,
            position,
            result,
            plan,
            started,
            report,
            |n| n,
            None,
        );
        result.nodes = search.progress.nodes;
        result
    }
}

/// The perfect move, found without searching, when every move leads to a position whose
/// value the evaluator knows exactly or ends the game, and at least one to a known position
/// (a search finds the best of finished games on its own); `None` otherwise.
fn exact_choice<P: Position, E: Evaluator<P>>(
    position: &P,
    evaluator: &E,
) -> Option<SearchResult<P::Move>> {
    let me = position.side_to_move();
    let moves = position.legal_moves();
    let mut best: Option<(i32, P::Move)> = None;
    let mut known = false;
    for &mv in moves.iter() {
        let child = position.child(mv);
        let margin = if child.is_over() {
            i32::try_from(i64::from(child.score(me)) - i64::from(child.score(me.opponent())))
                .ok()?
        } else {
            known = true;
            let margin = evaluator.exact(&child)?;
            if child.side_to_move() == me {
                margin
            } else {
                margin.checked_neg()?
            }
        };
        if best.is_none_or(|(value, _)| margin > value) {
            best = Some((margin, mv));
        }
    }
    let (margin, mv) = best.filter(|_| known)?;
    Some(SearchResult {
        best_move: Some(mv),
        value: exact_value(margin),
        depth: 1,
        nodes: moves.len() as u64 + 1,
        pv: vec![mv],
    })
}

/// How one thread deepens: to which depth, with which window, and whether it is a helper of
/// a parallel search (which may skip a depth another thread is on).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Plan {
    pub(crate) max_depth: u32,
    pub(crate) aspiration: i32,
    pub(crate) helper: bool,
}

/// Iterative deepening from `result`, the first guess, until the limits, a proven end or an
/// iteration that meets no horizon; `report` hears of each completed iteration, with its
/// nodes counted by `nodes` from this thread's. With `shared`, one thread of a parallel
/// search: the depths come from what the threads do, an iteration another thread completes
/// first is abandoned and its result taken, and each completed one is published.
#[allow(clippy::too_many_arguments)]
pub(crate) fn iterate<P, E, T>(
    search: &mut PvsSearch<'_, P, E, T>,
    position: &P,
    mut result: SearchResult<P::Move>,
    plan: Plan,
    started: Instant,
    mut report: impl FnMut(&Iteration<P::Move>),
    nodes: impl Fn(u64) -> u64,
    shared: Option<&Shared>,
) -> SearchResult<P::Move>
where
    P: Position,
    P::Move: Hash,
    E: Evaluator<P>,
    T: Table<P::Move>,
{
    let mut depth = 0;
    let mut reported = 0;
    loop {
        depth = match shared {
            Some(shared) => shared.begin(depth, plan.helper, plan.max_depth),
            None => depth + 1,
        };
        if depth > plan.max_depth {
            break;
        }
        search.progress.budget.depth = depth;
        search.progress.horizon_reached = false;
        let value = aspiration_search(search, position, depth, result.value, plan.aspiration);
        if let Some(shared) = shared {
            shared.end(depth);
        }
        let overtaken = search.progress.aborted && search.progress.budget.overtaken;
        let mut over = false;
        if overtaken {
            // Another thread completed this depth: go on from its result (taken below). The
            // node where the budget said so counts, so that it is not looked at twice.
            search.progress.aborted = false;
            search.progress.budget.overtaken = false;
            search.progress.nodes += 1;
        } else if search.progress.aborted {
            // Root moves fully searched in the unfinished iteration that beat the old best.
            if let Some(&best) = search.progress.root_pv().first() {
                result.best_move = Some(best);
                result.pv = search.progress.root_pv().to_vec();
            }
            break;
        } else {
            result.value = value;
            result.depth = depth;
            result.pv = search.progress.root_pv().to_vec();
            if let Some(&best) = result.pv.first() {
                result.best_move = Some(best);
            }
            // A won or lost game in `p` plies is final once no quicker end can be hidden: a
            // line of `p` plies is searched to its end at depth `p`, at `2p` when every ply
            // of it may have been reduced by one, at `REACH × p` with selectivity.
            let reach = match (search.tuning.reductions, search.tuning.pruning) {
                (_, true) => crate::prune::REACH,
                (true, false) => 2,
                (false, false) => 1,
            };
            let proven = plies_to_end(value).is_some_and(|plies| depth >= reach * plies);
            over = !search.progress.horizon_reached || proven || depth >= plan.max_depth;
        }
        if let Some(shared) = shared {
            if !overtaken {
                shared.publish(position, &result, over);
            }
            if let Some(deeper) = shared.deeper_than(position, result.depth) {
                result = deeper;
            }
        }
        if result.depth > reported {
            reported = result.depth;
            report(&Iteration {
                depth: result.depth,
                value: result.value,
                nodes: nodes(search.progress.nodes),
                elapsed: started.elapsed(),
                pv: result.pv.clone(),
            });
        }
        if over || search.progress.budget.past_deadline() {
            break;
        }
    }
    result
}

/// One iteration: a window of `±window` around `guess`, widened fourfold on the side the
/// value fell out of until it falls inside (a zero `window` searches the full window at once).
fn aspiration_search<P, E, T>(
    search: &mut PvsSearch<'_, P, E, T>,
    position: &P,
    depth: u32,
    guess: i32,
    window: i32,
) -> i32
where
    P: Position,
    P::Move: Hash,
    E: Evaluator<P>,
    T: Table<P::Move>,
{
    if window == 0 || depth < 3 {
        return search.search(position, depth, -INFINITY, INFINITY, 0);
    }
    let (mut below, mut above) = (window, window);
    loop {
        let alpha = guess.saturating_sub(below).max(-INFINITY);
        let beta = guess.saturating_add(above).min(INFINITY);
        let value = search.search(position, depth, alpha, beta, 0);
        if search.progress.aborted {
            return value;
        }
        if value <= alpha && alpha > -INFINITY {
            below = below.saturating_mul(4);
        } else if value >= beta && beta < INFINITY {
            above = above.saturating_mul(4);
        } else {
            return value;
        }
    }
}

impl<P, E> Player<P> for Pvs<P, E>
where
    P: Position + Sync,
    P::Move: Hash,
    E: Evaluator<P> + Sync,
{
    /// The best move of a [`search`](Pvs::search); a single legal move is returned without
    /// searching.
    fn choose(&mut self, position: &P) -> Option<P::Move> {
        crate::searched_choice(position, |position| self.search(position).best_move)
    }
}
