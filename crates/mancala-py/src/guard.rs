//! The one way errors cross into Python: the library's messages as `ValueError`, and any Rust
//! panic caught before it reaches Python and raised as a `RuntimeError`.

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::PyResult;
use std::panic::{catch_unwind, AssertUnwindSafe};

/// Runs `body`, turning a panic into a `RuntimeError` that names it as an internal error.
/// Everything callable from Python that runs game code goes through here.
pub(crate) fn guarded<T>(body: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(body)) {
        Ok(result) => result,
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            Err(PyRuntimeError::new_err(format!(
                "internal error in the mancala library (please report it): {message}"
            )))
        }
    }
}

/// A library message (an illegal move, a bad position string) as a `ValueError`.
pub(crate) fn value_error(message: impl Into<String>) -> pyo3::PyErr {
    PyValueError::new_err(message.into())
}
