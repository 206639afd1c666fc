//! How long a search may run: by depth, by nodes, by wall-clock time, or the first of several.

use std::sync::atomic::{AtomicBool, AtomicU32, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The deepest an alpha-beta search ever goes, whatever the limits say: the bound that sizes
/// its per-ply tables, keeps a search with only a time or node limit finite, and keeps the
/// recursion far from the end of a thread's stack.
pub const MAX_SEARCH_DEPTH: u32 = 64;

/// The rows of the per-ply tables: one per ply, plus one. Also the deepest ply a search ever
/// reaches, extensions and capture search included, so recursion is bounded.
pub(crate) const PLIES: usize = MAX_SEARCH_DEPTH as usize + 1;

/// The depth [`Limits::default`] searches to: quick on every game of the workspace.
pub const DEFAULT_DEPTH: u32 = 8;

/// The limits of an alpha-beta search; the search stops at whichever comes first.
///
/// Depth and node limits give the same result on every machine; a time limit makes the result
/// depend on the machine's speed, so tests and reproducible analyses use depth or nodes.
/// Every `Limits` ends the search: the depth never exceeds [`MAX_SEARCH_DEPTH`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Limits {
    depth: Option<u32>,
    nodes: Option<u64>,
    time: Option<Duration>,
}

impl Limits {
    /// Searches to `depth` plies (at least 1, at most [`MAX_SEARCH_DEPTH`]).
    pub const fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(clamp_depth(depth)),
            nodes: None,
            time: None,
        }
    }

    /// Searches at most `nodes` positions (counting every position visited, the root of every
    /// iteration included), as deep as that allows.
    pub const fn nodes(nodes: u64) -> Limits {
        Limits {
            depth: None,
            nodes: Some(nodes),
            time: None,
        }
    }

    /// Searches for at most `time` of wall-clock time, as deep as that allows.
    pub const fn time(time: Duration) -> Limits {
        Limits {
            depth: None,
            nodes: None,
            time: Some(time),
        }
    }

    /// These limits with a depth limit added (or replaced).
    pub const fn with_depth(self, depth: u32) -> Limits {
        Limits {
            depth: Some(clamp_depth(depth)),
            ..self
        }
    }

    /// These limits with a node limit added (or replaced).
    pub const fn with_nodes(self, nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..self
        }
    }

    /// These limits with a time limit added (or replaced).
    pub const fn with_time(self, time: Duration) -> Limits {
        Limits {
            time: Some(time),
            ..self
        }
    }

    /// The deepest iteration the search may start: the depth limit, else [`MAX_SEARCH_DEPTH`].
    pub const fn max_depth(&self) -> u32 {
        match self.depth {
            Some(depth) => depth,
            None => MAX_SEARCH_DEPTH,
        }
    }

    /// The node limit, if any.
    pub const fn max_nodes(&self) -> Option<u64> {
        self.nodes
    }

    /// The time limit, if any.
    pub const fn max_time(&self) -> Option<Duration> {
        self.time
    }
}

impl Default for Limits {
    /// Depth [`DEFAULT_DEPTH`], no node or time limit.
    fn default() -> Limits {
        Limits::depth(DEFAULT_DEPTH)
    }
}

const fn clamp_depth(depth: u32) -> u32 {
    if depth == 0 {
        1
    } else if depth > MAX_SEARCH_DEPTH {
        MAX_SEARCH_DEPTH
    } else {
        depth
    }
}

/// A running budget of nodes and time, checked by the searches as they go.
#[derive(Debug, Clone)]
pub(crate) struct Budget {
    max_nodes: Option<u64>,
    deadline: Option<Instant>,
    /// A flag another thread raises to end the search (looked at with the clock).
    stop: Option<Arc<AtomicBool>>,
    /// The nodes of every thread of a parallel search, against which `max_nodes` is counted
    /// (added to every [`CLOCK_INTERVAL`] nodes) instead of this thread's own.
    shared_nodes: Option<Arc<AtomicU64>>,
    /// The deepest iteration any thread of a parallel search has completed ([`FINISHED`]
    /// once the search is over): an iteration no deeper is abandoned.
    finished: Option<Arc<AtomicU32>>,
    /// The depth of the iteration under way (set by the iterative deepening).
    pub(crate) depth: u32,
    /// Set when the budget ended the iteration because another thread completed it.
    pub(crate) overtaken: bool,
}

/// The deepest completed iteration of a search that is over: every thread stops.
pub(crate) const FINISHED: u32 = u32::MAX;

/// How many nodes pass between two looks at the clock (reading it costs more than a node).
pub(crate) const CLOCK_INTERVAL: u64 = 1024;

impl Budget {
    /// A budget that starts now.
    pub(crate) fn new(max_nodes: Option<u64>, time: Option<Duration>) -> Budget {
        let deadline = time.map(|time| {
            let now = Instant::now();
            now.checked_add(time)
                .unwrap_or(now + Duration::from_secs(1 << 32))
        });
        Budget {
            max_nodes,
            deadline,
            stop: None,
            shared_nodes: None,
            finished: None,
            depth: 0,
            overtaken: false,
        }
    }

    /// This budget, also ended when `stop` is raised.
    pub(crate) fn with_stop(mut self, stop: Option<Arc<AtomicBool>>) -> Budget {
        self.stop = stop;
        self
    }

    /// This budget with its node limit counted over every thread that adds to `nodes`.
    pub(crate) fn with_shared_nodes(mut self, nodes: Arc<AtomicU64>) -> Budget {
        self.shared_nodes = Some(nodes);
        self
    }

    /// This budget, its iteration also ended once `finished` (the deepest iteration any
    /// thread completed) reaches its depth.
    pub(crate) fn with_finished(mut self, finished: Arc<AtomicU32>) -> Budget {
        self.finished = Some(finished);
        self
    }

    /// `true` once `nodes` nodes have used up the budget, or another thread has completed
    /// the iteration under way ([`overtaken`](Budget::overtaken) then says so). The clock is
    /// read only every [`CLOCK_INTERVAL`] nodes, and on the first call.
    #[inline]
    pub(crate) fn exhausted(&mut self, nodes: u64) -> bool {
        if let (Some(max), None) = (self.max_nodes, &self.shared_nodes) {
            if nodes >= max {
                return true;
            }
        }
        if nodes % CLOCK_INTERVAL != 0 {
            return false;
        }
        self.overtaken = false;
        if self.stopped() {
            return true;
        }
        if let Some(shared) = &self.shared_nodes {
            let before = if nodes == 0 {
                shared.load(Ordering::Relaxed)
            } else {
                shared.fetch_add(CLOCK_INTERVAL, Ordering::Relaxed)
            };
            if self.max_nodes.is_some_and(|max| before >= max) {
                return true;
            }
        }
        if self
            .deadline
            .is_some_and(|deadline| Instant::now() >= deadline)
        {
            return true;
        }
        self.overtaken = self
            .finished
            .as_ref()
            .is_some_and(|finished| finished.load(Ordering::Relaxed) >= self.depth);
        self.overtaken
    }

    /// `true` once the stop flag, if any, is raised.
    pub(crate) fn stopped(&self) -> bool {
        self.stop
            .as_ref()
            .is_some_and(|stop| stop.load(Ordering::Relaxed))
    }

    /// `true` once the deadline has passed (reads the clock every time) or the stop flag is
    /// raised.
    pub(crate) fn past_deadline(&self) -> bool {
        self.stopped()
            || self
                .deadline
                .is_some_and(|deadline| Instant::now() >= deadline)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depth_is_clamped_and_limits_combine() {
        assert_eq!(Limits::depth(0).max_depth(), 1);
        assert_eq!(Limits::depth(1000).max_depth(), MAX_SEARCH_DEPTH);
        assert_eq!(Limits::nodes(5).max_depth(), MAX_SEARCH_DEPTH);
        let limits = Limits::depth(3)
            .with_nodes(100)
            .with_time(Duration::from_millis(5));
        assert_eq!(limits.max_depth(), 3);
        assert_eq!(limits.max_nodes(), Some(100));
        assert_eq!(limits.max_time(), Some(Duration::from_millis(5)));
        assert_eq!(Limits::default().max_depth(), DEFAULT_DEPTH);
    }

    #[test]
    fn budget_counts_nodes_and_time() {
        let mut budget = Budget::new(Some(10), None);
        assert!(!budget.exhausted(9));
        assert!(budget.exhausted(10));
        let mut budget = Budget::new(None, Some(Duration::ZERO));
        assert!(budget.exhausted(0));
        assert!(budget.past_deadline());
        let mut budget = Budget::new(None, Some(Duration::MAX));
        assert!(!budget.exhausted(0));
        assert!(!budget.past_deadline());
        assert!(!budget.overtaken);
    }

    #[test]
    fn an_iteration_another_thread_completed_is_overtaken() {
        let finished = Arc::new(AtomicU32::new(4));
        let mut budget = Budget::new(None, None).with_finished(finished.clone());
        budget.depth = 5;
        assert!(!budget.exhausted(0) && !budget.overtaken);
        finished.store(5, Ordering::Relaxed);
        // Looked at with the clock only.
        assert!(!budget.exhausted(1));
        assert!(budget.exhausted(CLOCK_INTERVAL) && budget.overtaken);
        budget.depth = 6;
        assert!(!budget.exhausted(2 * CLOCK_INTERVAL) && !budget.overtaken);
        finished.store(FINISHED, Ordering::Relaxed);
        assert!(budget.exhausted(3 * CLOCK_INTERVAL) && budget.overtaken);
    }
}
