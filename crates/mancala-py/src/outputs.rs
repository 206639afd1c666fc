//! The arrays a batch owns and every step writes in place: numpy arrays made once, written
//! through rust-numpy's borrow-checked views (no `unsafe` here), each thread a disjoint slice
//! of them. Python is handed views of them, overwritten by the next step, or copies.
//!
//! Observations and masks are kept as bytes (little-endian float32, one byte an action), as
//! the steppers write them, and handed out as float32 and bool views of those bytes.

use numpy::{Element, PyArray1, PyArray2, PyArrayMethods, PyReadwriteArray};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// The five arrays of a step, as Python gets them.
pub(crate) type StepArrays<'py> = (
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
    Bound<'py, PyAny>,
);

/// The arrays of `n` games.
pub(crate) struct Outputs {
    /// Observations as little-endian float32 bytes, `[n, 4 * size]`.
    observation_bytes: Py<PyArray2<u8>>,
    /// Masks, one byte (0 or 1) an action, `[n, actions]`.
    mask_bytes: Py<PyArray2<u8>>,
    /// `[South, North]` a game.
    rewards: Py<PyArray2<f32>>,
    terminated: Py<PyArray1<bool>>,
    truncated: Py<PyArray1<bool>>,
    /// `observation_bytes` seen as float32 `[n, size]`.
    observations: Py<PyAny>,
    /// `mask_bytes` seen as bool `[n, actions]`.
    masks: Py<PyAny>,
}

/// The slices of [`Outputs`] one step writes.
pub(crate) struct Slices<'a> {
    pub observations: &'a mut [u8],
    pub masks: &'a mut [u8],
    pub rewards: &'a mut [f32],
    pub terminated: &'a mut [bool],
    pub truncated: &'a mut [bool],
}

/// The borrows that [`Slices`] come from, held while a step writes.
pub(crate) struct Writing<'py> {
    observations: PyReadwriteArray<'py, u8, numpy::Ix2>,
    masks: PyReadwriteArray<'py, u8, numpy::Ix2>,
    rewards: PyReadwriteArray<'py, f32, numpy::Ix2>,
    terminated: PyReadwriteArray<'py, bool, numpy::Ix1>,
    truncated: PyReadwriteArray<'py, bool, numpy::Ix1>,
}

/// A write borrow of `array`: refused while Rust code reads or writes it elsewhere, or when
/// Python made it read-only.
fn writable<'py, T: Element, D: numpy::ndarray::Dimension>(
    array: &Bound<'py, numpy::PyArray<T, D>>,
) -> PyResult<PyReadwriteArray<'py, T, D>> {
    array.try_readwrite().map_err(|error| {
        PyRuntimeError::new_err(format!("the batch's arrays cannot be written: {error}"))
    })
}

/// The whole of a borrowed array as one slice (the arrays are made contiguous).
fn slice<'a, T: Element, D: numpy::ndarray::Dimension>(
    array: &'a mut PyReadwriteArray<'_, T, D>,
) -> PyResult<&'a mut [T]> {
    array
        .as_slice_mut()
        .map_err(|error| PyRuntimeError::new_err(format!("the batch's arrays: {error}")))
}

impl Outputs {
    /// Zeroed arrays for `n` games of observations of `size` floats and `actions` actions.
    pub(crate) fn new(py: Python<'_>, n: usize, size: usize, actions: usize) -> PyResult<Outputs> {
        let observation_bytes = PyArray2::<u8>::zeros(py, [n, 4 * size], false);
        let mask_bytes = PyArray2::<u8>::zeros(py, [n, actions], false);
        let numpy = crate::arrays::numpy(py)?;
        let observations = observation_bytes.call_method1("view", ("<f4",))?;
        let masks = mask_bytes.call_method1("view", (numpy.getattr("bool_")?,))?;
        Ok(Outputs {
            observations: observations.unbind(),
            masks: masks.unbind(),
            observation_bytes: observation_bytes.unbind(),
            mask_bytes: mask_bytes.unbind(),
            rewards: PyArray2::<f32>::zeros(py, [n, 2], false).unbind(),
            terminated: PyArray1::<bool>::zeros(py, n, false).unbind(),
            truncated: PyArray1::<bool>::zeros(py, n, false).unbind(),
        })
    }

    /// Borrows every array for writing.
    pub(crate) fn write<'py>(&self, py: Python<'py>) -> PyResult<Writing<'py>> {
        Ok(Writing {
            observations: writable(self.observation_bytes.bind(py))?,
            masks: writable(self.mask_bytes.bind(py))?,
            rewards: writable(self.rewards.bind(py))?,
            terminated: writable(self.terminated.bind(py))?,
            truncated: writable(self.truncated.bind(py))?,
        })
    }

    /// `(observations, masks)`: the arrays themselves, or copies.
    pub(crate) fn observed<'py>(
        &self,
        py: Python<'py>,
        copy: bool,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        Ok((
            handed(self.observations.bind(py), copy)?,
            handed(self.masks.bind(py), copy)?,
        ))
    }

    /// The five arrays of a step: the arrays themselves, or copies.
    pub(crate) fn stepped<'py>(&self, py: Python<'py>, copy: bool) -> PyResult<StepArrays<'py>> {
        let (observations, masks) = self.observed(py, copy)?;
        Ok((
            observations,
            masks,
            handed(self.rewards.bind(py).as_any(), copy)?,
            handed(self.terminated.bind(py).as_any(), copy)?,
            handed(self.truncated.bind(py).as_any(), copy)?,
        ))
    }

    /// Which games ended at the last step, either way.
    pub(crate) fn ended(&self, py: Python<'_>) -> PyResult<Vec<bool>> {
        let terminated = self.terminated.bind(py).try_readonly();
        let truncated = self.truncated.bind(py).try_readonly();
        let (Ok(terminated), Ok(truncated)) = (terminated, truncated) else {
            return Err(PyRuntimeError::new_err(
                "the batch's arrays are being written",
            ));
        };
        Ok(terminated
            .as_array()
            .iter()
            .zip(truncated.as_array().iter())
            .map(|(&t, &u)| t || u)
            .collect())
    }
}

impl<'py> Writing<'py> {
    /// The slices to write.
    pub(crate) fn slices(&mut self) -> PyResult<Slices<'_>> {
        Ok(Slices {
            observations: slice(&mut self.observations)?,
            masks: slice(&mut self.masks)?,
            rewards: slice(&mut self.rewards)?,
            terminated: slice(&mut self.terminated)?,
            truncated: slice(&mut self.truncated)?,
        })
    }
}

/// `array` itself, or a copy of it.
fn handed<'py>(array: &Bound<'py, PyAny>, copy: bool) -> PyResult<Bound<'py, PyAny>> {
    if copy {
        array.call_method0("copy")
    } else {
        Ok(array.clone())
    }
}
