//! The threads that share a batch's step with the calling thread. The caller and the pool
//! threads take the step's shares in turn until none is left, so a step on `n` threads runs on
//! exactly `n`; between steps the pool threads wait awake for a while, as a step that must
//! first wake a sleeping thread pays the operating system's wake-up, which is as long as the
//! whole step of a small batch.

use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

/// How long the pool threads wait awake for the next step, and the caller for the pool
/// threads' shares, before leaving the core to others: longer than the interpreter's work
/// between the steps of a tight loop, short against a step that waits on a model.
const AWAKE: Duration = Duration::from_micros(500);

/// The pool threads of a batch stepped on more than one thread.
pub(crate) struct Workers {
    pool: rayon::ThreadPool,
    /// Counts the steps begun: a pool thread waiting awake returns when it moves.
    steps: Arc<AtomicU64>,
}

impl Workers {
    /// The pool threads of a batch stepped on `threads` threads, or none for one thread.
    pub(crate) fn new(threads: usize) -> Result<Option<Workers>, String> {
        if threads <= 1 {
            return Ok(None);
        }
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads - 1)
            .thread_name(|i| format!("mancala-batch-{}", i + 1))
            .build()
            .map(|pool| {
                Some(Workers {
                    pool,
                    steps: Arc::new(AtomicU64::new(0)),
                })
            })
            .map_err(|e| format!("the batch's {threads} threads could not be started: {e}"))
    }

    /// Keeps each pool thread awake until the next step begins or [`AWAKE`] has passed.
    fn stay_awake(&self) {
        let seen = self.steps.load(Ordering::Acquire);
        for _ in 0..self.pool.current_num_threads() {
            let steps = Arc::clone(&self.steps);
            self.pool
                .spawn(move || wait_while(|| steps.load(Ordering::Acquire) == seen));
        }
    }
}

impl Drop for Workers {
    fn drop(&mut self) {
        // Releases the threads waiting awake at once.
        self.steps.fetch_add(1, Ordering::Release);
    }
}

/// Spins while `waiting` holds, for at most [`AWAKE`].
fn wait_while(waiting: impl Fn() -> bool) {
    let start = Instant::now();
    while waiting() {
        for _ in 0..64 {
            std::hint::spin_loop();
        }
        if start.elapsed() > AWAKE {
            return;
        }
    }
}

/// Runs `work` on each item: one after another without `workers`; else on the calling thread
/// and the pool threads at once, each taking the next item not yet taken until none is left,
/// so a thread slowed by others on its core does less of the work. The first error in item
/// order wins.
pub(crate) fn on_threads<T: Send>(
    workers: Option<&Workers>,
    items: Vec<T>,
    work: impl Fn(T) -> Result<(), String> + Sync,
) -> Result<(), String> {
    let Some(workers) = workers else {
        return items.into_iter().try_for_each(work);
    };
    workers.steps.fetch_add(1, Ordering::Release);
    let count = items.len();
    let jobs = Mutex::new(items.into_iter().enumerate());
    let first_error: Mutex<Option<(usize, String)>> = Mutex::new(None);
    let finished = AtomicUsize::new(0);
    let take_jobs = || {
        loop {
            let job = jobs.lock().unwrap_or_else(PoisonError::into_inner).next();
            let Some((index, item)) = job else { break };
            if let Err(error) = work(item) {
                let mut first = first_error.lock().unwrap_or_else(PoisonError::into_inner);
                if first.as_ref().is_none_or(|(earlier, _)| index < *earlier) {
                    *first = Some((index, error));
                }
            }
        }
        finished.fetch_add(1, Ordering::Release);
    };
    let helpers = workers
        .pool
        .current_num_threads()
        .min(count.saturating_sub(1));
    workers.pool.in_place_scope(|scope| {
        for _ in 0..helpers {
            scope.spawn(|_| take_jobs());
        }
        take_jobs();
        // The scope's own wait sleeps; a helper finishing a moment later is waited for awake.
        wait_while(|| finished.load(Ordering::Acquire) <= helpers);
    });
    workers.stay_awake();
    match first_error
        .into_inner()
        .unwrap_or_else(PoisonError::into_inner)
    {
        Some((_, error)) => Err(error),
        None => Ok(()),
    }
}
