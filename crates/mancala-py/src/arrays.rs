//! numpy arrays of Rust values made through numpy's own Python API (`frombuffer` over a
//! `bytearray`), for the arrays made once a call; and integer arrays read back from Python.
//! The arrays a batch writes at every step are in [`crate::outputs`].

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyByteArray, PyBytes, PyModule};

static NUMPY: PyOnceLock<Py<PyModule>> = PyOnceLock::new();

/// numpy's module, imported once.
pub(crate) fn numpy(py: Python<'_>) -> PyResult<&Bound<'_, PyModule>> {
    NUMPY
        .get_or_try_init(py, || Ok(py.import("numpy")?.unbind()))
        .map(|m| m.bind(py))
}

/// Whether `value` is one of numpy's bools (`np.True_`, `np.False_`).
pub(crate) fn is_numpy_bool(value: &Bound<'_, PyAny>) -> PyResult<bool> {
    let bool_type = numpy(value.py())?.getattr("bool_")?;
    value.is_instance(&bool_type)
}

/// An element type of the arrays the package hands out.
pub(crate) trait Element: Copy {
    /// numpy's name for the type, byte order included.
    const DTYPE: &'static str;
    /// Bytes per element.
    const SIZE: usize;
    /// Writes the element, little-endian, into `out` (of [`SIZE`](Element::SIZE) bytes).
    fn write(self, out: &mut [u8]);
}

macro_rules! element {
    ($ty:ty, $dtype:literal) => {
        impl Element for $ty {
            const DTYPE: &'static str = $dtype;
            const SIZE: usize = core::mem::size_of::<$ty>();
            #[inline]
            fn write(self, out: &mut [u8]) {
                out.copy_from_slice(&self.to_le_bytes());
            }
        }
    };
}

element!(f32, "<f4");
element!(i8, "i1");
element!(i32, "<i4");
element!(i64, "<i8");
element!(u32, "<u4");
element!(u64, "<u8");

impl Element for bool {
    const DTYPE: &'static str = "?";
    const SIZE: usize = 1;
    #[inline]
    fn write(self, out: &mut [u8]) {
        out[0] = u8::from(self);
    }
}

/// A new writable numpy array of `values`, in the given shape.
pub(crate) fn array<'py, T: Element>(
    py: Python<'py>,
    values: &[T],
    shape: &[usize],
) -> PyResult<Bound<'py, PyAny>> {
    debug_assert_eq!(shape.iter().product::<usize>(), values.len());
    let bytes = PyByteArray::new_with(py, values.len() * T::SIZE, |buffer| {
        for (chunk, &value) in buffer.chunks_exact_mut(T::SIZE).zip(values) {
            value.write(chunk);
        }
        Ok(())
    })?;
    let flat = numpy(py)?.call_method1("frombuffer", (bytes, T::DTYPE))?;
    if shape.len() == 1 {
        Ok(flat)
    } else {
        flat.call_method1("reshape", (shape.to_vec(),))
    }
}

/// Reads `n` integers (`what`: action ids, game indices) from a numpy array or any sequence of integers; anything else (floats,
/// another length) is refused rather than rounded or broadcast.
pub(crate) fn actions(
    py: Python<'_>,
    value: &Bound<'_, PyAny>,
    n: usize,
    what: &str,
) -> PyResult<Vec<i64>> {
    let array = numpy(py)?.call_method1("asarray", (value,))?;
    let dtype = array.getattr("dtype")?;
    let kind: String = dtype.getattr("kind")?.extract()?;
    if kind != "i" && kind != "u" {
        return Err(PyTypeError::new_err(format!(
            "{what} must be integers, not an array of dtype {}",
            dtype.str()?
        )));
    }
    let shape: Vec<usize> = array.getattr("shape")?.extract()?;
    if shape != [n] {
        return Err(PyValueError::new_err(format!(
            "expected {n} {what}, one per game, got an array of shape {shape:?}"
        )));
    }
    if kind == "u" && n > 0 {
        // An unsigned id past i64::MAX would wrap when converted: refuse it first, naming it.
        let too_big = array.call_method1("__gt__", (i64::MAX,))?;
        if too_big.call_method0("any")?.is_truthy()? {
            let index: usize = too_big.call_method0("argmax")?.extract()?;
            let value = array.get_item(index)?;
            return Err(PyValueError::new_err(if what == "actions" {
                format!("game {index}: action {value} is out of range")
            } else {
                format!("{what}: {value} is out of range")
            }));
        }
    }
    let bytes = array
        .call_method1("astype", ("<i8",))?
        .call_method0("tobytes")?;
    let bytes = bytes.cast::<PyBytes>()?.as_bytes();
    Ok(bytes
        .chunks_exact(8)
        .map(|c| i64::from_le_bytes(c.try_into().expect("chunks of 8 bytes")))
        .collect())
}
