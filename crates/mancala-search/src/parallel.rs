//! [`Pvs`] on several threads (lazy SMP): every thread searches the same root by iterative
//! deepening through one shared table. The threads spread over two depths, the iteration a
//! thread completes first ends that depth for all, and the deepest completed iteration of any
//! thread is the answer.

use crate::eval::Evaluator;
use crate::limits::{Budget, CLOCK_INTERVAL, FINISHED, PLIES};
use crate::negamax::first_guess;
use crate::ordering::{HistoryScores, Killers};
use crate::pvs::{iterate, Plan, Pvs};
use crate::pvs_search::PvsSearch;
use crate::report::{Iteration, SearchResult};
use core::hash::Hash;
use mancala_engine::Position;
use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

/// The stack of a helper thread: as much as a program's main thread usually has, for the
/// search's recursion of at most [`MAX_SEARCH_DEPTH`](crate::MAX_SEARCH_DEPTH) plies.
const HELPER_STACK: usize = 8 << 20;

/// What the threads of one search share besides the table: the deepest iteration completed
/// and its result, and how many threads search each depth.
pub(crate) struct Shared {
    /// The deepest completed iteration's depth, [`FINISHED`] once the search is over.
    finished: Arc<AtomicU32>,
    deepest: Mutex<Option<Published>>,
    /// The threads searching each depth now.
    searching: Vec<AtomicU32>,
    /// Helpers go one depth further while this many threads search the next one.
    crowd: u32,
}

/// A completed iteration, its moves kept as their index among the legal moves (as the table
/// keeps them), so that any game's moves pass between threads.
struct Published {
    depth: u32,
    value: i32,
    best: Option<usize>,
    line: Vec<usize>,
}

/// The indices of `moves`, played in turn from `position`, among the legal moves.
fn indices<P: Position>(position: &P, moves: &[P::Move]) -> Vec<usize> {
    let mut position = position.clone();
    let mut line = Vec::with_capacity(moves.len());
    for &mv in moves {
        let Some(index) = position.legal_moves().iter().position(|&m| m == mv) else {
            break;
        };
        line.push(index);
        position = position.child(mv);
    }
    line
}

/// The moves that `line`'s indices stand for, played in turn from `position`.
fn moves_of<P: Position>(position: &P, line: &[usize]) -> Vec<P::Move> {
    let mut position = position.clone();
    let mut moves = Vec::with_capacity(line.len());
    for &index in line {
        let Some(&mv) = position.legal_moves().get(index) else {
            break;
        };
        moves.push(mv);
        position = position.child(mv);
    }
    moves
}

impl Shared {
    fn new(threads: usize) -> Self {
        Shared {
            finished: Arc::new(AtomicU32::new(0)),
            deepest: Mutex::new(None),
            searching: (0..=PLIES).map(|_| AtomicU32::new(0)).collect(),
            crowd: (threads as u32).div_ceil(2),
        }
    }

    /// The next depth for a thread whose last iteration was `last`: one beyond that and
    /// beyond the deepest completed; a helper skips a depth that half the threads search
    /// already, so that the table fills at two depths at once. Above `max_depth` (the thread
    /// then stops) once the search is over.
    pub(crate) fn begin(&self, last: u32, helper: bool, max_depth: u32) -> u32 {
        let finished = self.finished.load(Ordering::Relaxed);
        if finished == FINISHED {
            return FINISHED;
        }
        let mut depth = last.max(finished) + 1;
        if helper && depth < max_depth && self.threads_at(depth) >= self.crowd {
            depth += 1;
        }
        if let Some(count) = self.searching.get(depth as usize) {
            count.fetch_add(1, Ordering::Relaxed);
        }
        depth
    }

    fn threads_at(&self, depth: u32) -> u32 {
        self.searching
            .get(depth as usize)
            .map_or(0, |count| count.load(Ordering::Relaxed))
    }

    /// A thread's iteration at `depth` ended, completed or not.
    pub(crate) fn end(&self, depth: u32) {
        if let Some(count) = self.searching.get(depth as usize) {
            count.fetch_sub(1, Ordering::Relaxed);
        }
    }

    /// A thread completed `result`'s iteration from `position`; `over`: the search need go
    /// no deeper.
    pub(crate) fn publish<P: Position>(
        &self,
        position: &P,
        result: &SearchResult<P::Move>,
        over: bool,
    ) {
        let mut deepest = self.deepest.lock().unwrap_or_else(PoisonError::into_inner);
        if deepest.as_ref().is_none_or(|old| old.depth < result.depth) {
            let moves = position.legal_moves();
            *deepest = Some(Published {
                depth: result.depth,
                value: result.value,
                best: result
                    .best_move
                    .and_then(|best| moves.iter().position(|&m| m == best)),
                line: indices(position, &result.pv),
            });
            self.finished.fetch_max(result.depth, Ordering::Relaxed);
        }
        if over {
            self.finished.store(FINISHED, Ordering::Relaxed);
        }
    }

    /// The deepest completed result from `position`, if it is deeper than `depth`.
    pub(crate) fn deeper_than<P: Position>(
        &self,
        position: &P,
        depth: u32,
    ) -> Option<SearchResult<P::Move>> {
        let deepest = self.deepest.lock().unwrap_or_else(PoisonError::into_inner);
        let found = deepest.as_ref().filter(|found| found.depth > depth)?;
        Some(SearchResult {
            best_move: found
                .best
                .and_then(|index| position.legal_moves().get(index).copied()),
            value: found.value,
            depth: found.depth,
            nodes: 0,
            pv: moves_of(position, &found.line),
        })
    }
}

/// Searches `position` on `pvs.threads` threads: helpers are started (as many as the system
/// gives) for the whole search, the main thread searches beside them, and when it ends (its
/// limits, or the search is over) it stops the helpers. The result is the deepest iteration
/// completed by any thread; the node count is every thread's.
pub(crate) fn search<P, E>(
    pvs: &mut Pvs<P, E>,
    position: &P,
    first: SearchResult<P::Move>,
    budget: Budget,
    started: Instant,
    mut report: impl FnMut(&Iteration<P::Move>),
) -> SearchResult<P::Move>
where
    P: Position + Sync,
    P::Move: Hash,
    E: Evaluator<P> + Sync,
{
    let threads = pvs.threads;
    pvs.shared_table().new_search();
    pvs.killers.clear();
    pvs.history.age();
    let Pvs {
        limits,
        evaluator,
        aspiration,
        tuning,
        shared: table,
        killers,
        history,
        ..
    } = pvs;
    let Some(table) = table.as_ref() else {
        return first;
    };
    let (evaluator, tuning, aspiration, max_depth) =
        (&*evaluator, *tuning, *aspiration, limits.max_depth());
    let shared = Shared::new(threads);
    let shared = &shared;
    let helpers_stop = Arc::new(AtomicBool::new(false));
    let counted = Arc::new(AtomicU64::new(0));
    std::thread::scope(|scope| {
        let mut helpers = Vec::with_capacity(threads - 1);
        for helper in 1..threads {
            let budget = Budget::new(limits.max_nodes(), None)
                .with_stop(Some(helpers_stop.clone()))
                .with_shared_nodes(counted.clone())
                .with_finished(shared.finished.clone());
            let plan = Plan {
                max_depth,
                aspiration,
                helper: true,
            };
            let spawned = std::thread::Builder::new()
                .name(format!("search helper {helper}"))
                .stack_size(HELPER_STACK)
                .spawn_scoped(scope, move || {
                    let Ok(first) = first_guess(position, evaluator) else {
                        return 0;
                    };
                    let mut killers = Killers::new();
                    let mut history = HistoryScores::new();
                    let mut search = PvsSearch::new(
                        evaluator,
                        tuning,
                        table,
                        &mut killers,
                        &mut history,
                        budget,
                    );
                    let nodes = |n| n;
                    iterate(
                        &mut search,
                        position,
                        first,
                        plan,
                        started,
                        |_| {},
                        nodes,
                        Some(shared),
                    );
                    search.progress.nodes
                });
            // A thread the system refuses is one helper fewer, not an error.
            if let Ok(handle) = spawned {
                helpers.push(handle);
            }
        }
        let budget = budget
            .with_shared_nodes(counted.clone())
            .with_finished(shared.finished.clone());
        let mut search = PvsSearch::new(evaluator, tuning, table, killers, history, budget);
        let plan = Plan {
            max_depth,
            aspiration,
            helper: false,
        };
        let mut result = iterate(
            &mut search,
            position,
            first,
            plan,
            started,
            &mut report,
            |n| {
                // The helpers' nodes as they last added them, and all of this thread's.
                counted
                    .load(Ordering::Relaxed)
                    .saturating_sub(n - n % CLOCK_INTERVAL)
                    + n
            },
            Some(shared),
        );
        helpers_stop.store(true, Ordering::Relaxed);
        let mut nodes = search.progress.nodes;
        for handle in helpers {
            nodes += handle.join().unwrap_or(0);
        }
        // A helper may have completed a deeper iteration after the main thread stopped.
        if let Some(deeper) = shared.deeper_than(position, result.depth) {
            result = deeper;
            report(&Iteration {
                depth: result.depth,
                value: result.value,
                nodes,
                elapsed: started.elapsed(),
                pv: result.pv.clone(),
            });
        }
        result.nodes = nodes;
        result
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shared_tt::SharedTable;
    use crate::tt::TranspositionTable;
    use crate::Limits;
    use mancala_engine::{Rng, Side};
    use mancala_kit::toy::Pile;

    /// One thread through the shared table searches exactly as through its own table: the
    /// shared table keeps the same entries, so values, lines and node counts agree, search
    /// after search (the table kept between them).
    #[test]
    fn the_shared_table_on_one_thread_searches_as_the_own_table() {
        let mut rng = Rng::new(11);
        for bytes in [1 << 8, 1 << 14] {
            let mut own = Pvs::new(Limits::depth(12)).with_table_bytes(bytes);
            let mut shared = own.clone();
            let buckets = TranspositionTable::<u32>::buckets_for(bytes);
            shared.shared = Some(SharedTable::try_with_buckets(buckets).unwrap());
            for round in 0..40 {
                let cards: Vec<u8> = (0..12).map(|_| rng.below(10) as u8).collect();
                let side = if round % 2 == 0 {
                    Side::South
                } else {
                    Side::North
                };
                let game = Pile {
                    side,
                    ..Pile::cards(&cards)
                };
                let expected = own.search(&game);
                let first = crate::negamax::first_guess(&game, &shared.evaluator).unwrap();
                let budget = Budget::new(None, None);
                let got = search(&mut shared, &game, first, budget, Instant::now(), |_| {});
                assert_eq!(got, expected, "cards {cards:?}");
            }
        }
    }

    /// A card row of `len` random cards, `round` deciding who moves.
    fn row(rng: &mut Rng, len: usize, round: usize) -> Pile {
        let cards: Vec<u8> = (0..len).map(|_| rng.below(10) as u8).collect();
        let side = if round % 2 == 0 {
            Side::South
        } else {
            Side::North
        };
        Pile {
            side,
            ..Pile::cards(&cards)
        }
    }

    #[test]
    fn helpers_take_the_next_depth_or_the_one_after_and_stop_when_it_is_over() {
        let shared = Shared::new(2);
        assert_eq!(shared.begin(0, false, 10), 1);
        // The main thread is at depth 1, half the threads: the helper goes one further.
        assert_eq!(shared.begin(0, true, 10), 2);
        // The main thread never skips, not even a depth the helper is on.
        shared.end(1);
        assert_eq!(shared.begin(1, false, 10), 2);
        // No helper goes beyond the depth limit.
        assert_eq!(shared.begin(1, true, 2), 2);
        let game = Pile::cards(&[3, 1, 4, 1, 5]);
        let mut line = Vec::new();
        let mut position = game;
        for _ in 0..3 {
            let mv = position.legal_moves()[0];
            line.push(mv);
            position = position.child(mv);
        }
        let result = SearchResult {
            best_move: line.first().copied(),
            value: 7,
            depth: 4,
            nodes: 99,
            pv: line.clone(),
        };
        shared.publish(&game, &result, false);
        // The deepest completed depth is where every thread goes on from.
        assert_eq!(shared.begin(2, false, 10), 5);
        assert_eq!(shared.begin(1, true, 10), 6);
        assert!(shared.deeper_than(&game, 4).is_none());
        let back = shared.deeper_than(&game, 3).unwrap();
        assert_eq!(back, SearchResult { nodes: 0, ..result });
        // A shallower result does not replace it; a search that is over stops every thread.
        shared.publish(
            &game,
            &SearchResult {
                depth: 3,
                ..back.clone()
            },
            true,
        );
        assert_eq!(shared.deeper_than(&game, 3), Some(back));
        assert_eq!(shared.begin(5, false, 10), FINISHED);
        assert_eq!(shared.begin(5, true, 10), FINISHED);
    }

    /// With two or four threads and a small table (so threads overwrite each other's
    /// entries), a search deep enough to see every row to its end returns one thread's exact
    /// value; a fixed-depth search completes that depth with a legal move and line.
    #[test]
    fn several_threads_find_one_threads_exact_values_and_complete_the_depth() {
        let mut rng = Rng::new(29);
        for round in 0..24 {
            let game = row(&mut rng, 11, round);
            let pruning = round % 3 != 0;
            let one = Pvs::new(Limits::depth(64))
                .with_pruning(pruning)
                .search(&game);
            for threads in [2, 4] {
                let many = |limits| {
                    Pvs::new(limits)
                        .with_pruning(pruning)
                        .with_threads(threads)
                        .with_table_bytes(1 << 10)
                        .search(&game)
                };
                let exact = many(Limits::depth(64));
                assert_eq!(exact.value, one.value, "round {round}, {threads} threads");
                assert!(game.legal_moves().contains(&exact.best_move.unwrap()));
                let fixed = many(Limits::depth(5));
                assert_eq!(fixed.depth, 5, "round {round}, {threads} threads");
                assert_eq!(fixed.pv.first(), fixed.best_move.as_ref());
                let mut line = game;
                for &mv in &fixed.pv {
                    assert!(line.play(mv).is_ok(), "{fixed:?}");
                }
            }
        }
    }
}
