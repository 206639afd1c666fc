//! Long work (a search, a solve) run off the interpreter's thread, so that Ctrl-C reaches it:
//! the calling thread waits with the interpreter released and looks at Python's signals
//! every few milliseconds; when a signal handler raises (`KeyboardInterrupt`), it raises the
//! work's stop flag, waits for the work to wind down and raises that exception.

use crate::guard::guarded;
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::sync::Arc;
use std::time::Duration;

/// How often the waiting thread looks at Python's signals.
const POLL: Duration = Duration::from_millis(10);

/// A flag the work looks at as it goes: raised, it ends as soon as it can.
pub(crate) type Stop = Arc<AtomicBool>;

/// Runs `work` on a thread of its own and returns its result, or the exception a signal
/// handler raised while it ran (the work is stopped and waited for first).
pub(crate) fn interruptible<R: Send>(
    py: Python<'_>,
    work: impl FnOnce(&Stop) -> PyResult<R> + Send,
) -> PyResult<R> {
    let stop: Stop = Arc::new(AtomicBool::new(false));
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        let flag = &stop;
        scope.spawn(move || {
            // The receiver is gone only once the caller stopped listening.
            let _ = sender.send(guarded(|| work(flag)));
        });
        let mut receiver = receiver;
        loop {
            let (back, outcome) = py.detach(move || {
                let outcome = receiver.recv_timeout(POLL);
                (receiver, outcome)
            });
            receiver = back;
            match outcome {
                Ok(result) => return result,
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(PyRuntimeError::new_err(
                        "internal error in the mancala library (please report it): the work \
                         thread ended without a result",
                    ))
                }
                Err(RecvTimeoutError::Timeout) => {}
            }
            if let Err(signal) = py.check_signals() {
                stop.store(true, Ordering::Relaxed);
                py.detach(move || {
                    let _ = receiver.recv();
                });
                return Err(signal);
            }
        }
    })
}

/// Whether `stop` has been raised.
pub(crate) fn stopped(stop: &Stop) -> bool {
    stop.load(Ordering::Relaxed)
}
