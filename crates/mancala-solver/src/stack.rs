//! A thread to solve on: the proof search recurses once a ply of its longest line, and the
//! longest line ([`Options::max_line`](crate::Options::max_line), 10 000 plies by default)
//! needs more stack than a program's main thread or an interpreter's thread has.

use std::fmt;

/// The stack of [`on_large_stack`]'s thread: enough for the default longest line.
pub const LARGE_STACK_BYTES: usize = 1 << 30;

/// Why [`on_large_stack`] gave no result.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StackError {
    /// The system would not start the thread.
    Spawn(String),
    /// The work panicked, with its message.
    Panicked(String),
}

impl fmt::Display for StackError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StackError::Spawn(why) => write!(f, "cannot start the solving thread: {why}"),
            StackError::Panicked(why) => write!(f, "the solve failed: {why}"),
        }
    }
}

impl std::error::Error for StackError {}

/// Runs `work` (a solve, say) on a thread of its own with a stack of [`LARGE_STACK_BYTES`],
/// waits for it and returns what it returned. It may borrow from the caller.
///
/// ```
/// use kalah::{Kalah, RuleSet};
/// use mancala_engine::Game;
/// use mancala_solver::{on_large_stack, solve, Endless, Options};
///
/// let position = Kalah::new(RuleSet::with_board(3, 2).unwrap().with_max_plies(0));
/// let options = Options::default();
/// let solved = on_large_stack(|| solve(&position, &options, Endless::South, None)).unwrap();
/// assert_eq!(solved.unwrap().value, 4);
/// ```
pub fn on_large_stack<R: Send>(work: impl FnOnce() -> R + Send) -> Result<R, StackError> {
    std::thread::scope(|scope| {
        std::thread::Builder::new()
            .stack_size(LARGE_STACK_BYTES)
            .spawn_scoped(scope, work)
            .map_err(|error| StackError::Spawn(error.to_string()))?
            .join()
            .map_err(|panic| {
                let message = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic without a message".to_owned());
                StackError::Panicked(message)
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Recurses `depth` times with a frame of about a kilobyte.
    fn deep(depth: u32) -> u32 {
        let frame = [depth as u8; 1024];
        if depth == 0 {
            return 0;
        }
        std::hint::black_box(&frame);
        1 + deep(depth - 1)
    }

    #[test]
    fn work_runs_with_a_stack_deeper_than_a_test_threads_and_a_panic_is_an_error() {
        // 100 000 kilobyte frames: about 100 MB, far past a test thread's 2 MiB.
        assert_eq!(on_large_stack(|| deep(100_000)), Ok(100_000));
        let failed = on_large_stack(|| -> u32 { panic!("no value") });
        assert_eq!(failed, Err(StackError::Panicked("no value".to_owned())));
    }
}
