//! Integer arguments read one way everywhere: any object with `__index__` (a Python `int`,
//! numpy's integers) is taken, a `bool` is refused (`True` is no board size or game count),
//! and a value is range-checked by its caller before anything is sized by it, so no
//! `OverflowError` leaks out where a `ValueError` is documented.

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyInt};
use std::fmt;

static INDEX: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// An integer as Python gave it: its value when it fits 64 bits (signed or not), else only
/// its sign, which is all a range check needs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Int {
    /// A value of `i64` or `u64`.
    Value(i128),
    /// A value beyond 64 bits; `true` when negative.
    Huge(bool),
}

impl Int {
    /// The value as `T` if it lies in `lo..=hi`.
    pub(crate) fn within<T>(self, lo: T, hi: T) -> Option<T>
    where
        T: TryFrom<i128> + PartialOrd + Copy,
    {
        match self {
            Int::Value(v) => T::try_from(v).ok().filter(|v| lo <= *v && *v <= hi),
            Int::Huge(_) => None,
        }
    }
}

impl From<i64> for Int {
    fn from(value: i64) -> Int {
        Int::Value(i128::from(value))
    }
}

impl fmt::Display for Int {
    /// The value, or what it is when too long to quote.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Int::Value(v) => write!(f, "{v}"),
            Int::Huge(false) => f.write_str("a number of more than 64 bits"),
            Int::Huge(true) => f.write_str("a negative number of more than 64 bits"),
        }
    }
}

/// Reads `value` as an integer: `TypeError` for a `bool` or anything without `__index__`.
pub(crate) fn read(value: &Bound<'_, PyAny>) -> PyResult<Int> {
    if value.is_instance_of::<PyBool>() {
        return Err(PyTypeError::new_err("expected an integer, not a bool"));
    }
    let int = if value.is_instance_of::<PyInt>() {
        value.clone()
    } else {
        let py = value.py();
        let index = INDEX.get_or_try_init(py, || {
            Ok::<_, PyErr>(py.import("operator")?.getattr("index")?.unbind())
        })?;
        index.bind(py).call1((value,))?
    };
    if let Ok(v) = int.extract::<i64>() {
        return Ok(Int::Value(i128::from(v)));
    }
    if let Ok(v) = int.extract::<u64>() {
        return Ok(Int::Value(i128::from(v)));
    }
    Ok(Int::Huge(int.lt(0)?))
}

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Int> {
        read(&obj)
    }
}
