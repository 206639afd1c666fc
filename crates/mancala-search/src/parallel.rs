//! [`Pvs`] on several threads (lazy SMP): every thread searches the same root through one
//! shared table, each with its own move ordering; the main thread's result is the answer.

use crate::eval::Evaluator;
use crate::limits::{Budget, CLOCK_INTERVAL};
use crate::negamax::first_guess;
use crate::ordering::{HistoryScores, Killers};
use crate::pvs::{iterate, Plan, Pvs};
use crate::pvs_search::PvsSearch;
use crate::report::{Iteration, SearchResult};
use core::hash::Hash;
use mancala_engine::Position;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// The stack of a helper thread: as much as a program's main thread usually has, for the
/// search's recursion of at most [`MAX_SEARCH_DEPTH`](crate::MAX_SEARCH_DEPTH) plies.
const HELPER_STACK: usize = 8 << 20;

/// Searches `position` on `pvs.threads` threads: helpers are started (as many as the system
/// gives), the main thread searches as one thread would but through the shared table, and
/// when it ends it stops the helpers. The node count is every thread's.
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
        shared,
        killers,
        history,
        ..
    } = pvs;
    let Some(table) = shared.as_ref() else {
        return first;
    };
    let (evaluator, tuning, aspiration, max_depth) =
        (&*evaluator, *tuning, *aspiration, limits.max_depth());
    let helpers_stop = Arc::new(AtomicBool::new(false));
    let counted = Arc::new(AtomicU64::new(0));
    std::thread::scope(|scope| {
        let mut helpers = Vec::with_capacity(threads - 1);
        for helper in 1..threads {
            let budget = Budget::new(limits.max_nodes(), None)
                .with_stop(Some(helpers_stop.clone()))
                .with_shared_nodes(counted.clone());
            let plan = Plan {
                max_depth,
                aspiration,
                skew: (helper % 2) as u32,
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
                    iterate(&mut search, position, first, plan, started, |_| {}, |n| n);
                    search.progress.nodes
                });
            // A thread the system refuses is one helper fewer, not an error.
            if let Ok(handle) = spawned {
                helpers.push(handle);
            }
        }
        let budget = budget.with_shared_nodes(counted.clone());
        let mut search = PvsSearch::new(evaluator, tuning, table, killers, history, budget);
        let plan = Plan {
            max_depth,
            aspiration,
            skew: 0,
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
        );
        helpers_stop.store(true, Ordering::Relaxed);
        result.nodes = search.progress.nodes;
        for handle in helpers {
            result.nodes += handle.join().unwrap_or(0);
        }
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
}
