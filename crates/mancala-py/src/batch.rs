//! `Batch`: N games of one kind stepped together, for self-play and roll-outs, as vectorised
//! RL environments step (EnvPool's and Gymnasium's conventions): one call steps every game in
//! Rust with the interpreter released, optionally on several threads; a finished game restarts
//! at once and its last observation is kept apart.

use crate::arrays::{self, array};
use crate::game::Config;
use crate::guard::{guarded, value_error};
use crate::ints::Int;
use crate::names::{with_game, WithGame};
use crate::outputs::{Outputs, StepArrays};
use crate::stepper::{Games, Rows, Saved, Stepper};
use mancala_games::engine::Side;
use mancala_games::registry::Registered;
use numpy::{PyArray1, PyArray2, PyArrayMethods};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// The most games one batch holds: a bound that keeps a mistyped size from exhausting memory.
const MAX_GAMES: usize = 1 << 24;

/// The most threads a batch steps on.
const MAX_THREADS: usize = 256;

/// A generator seed: any integer from 0 to 2^64 - 1.
pub(crate) fn check_seed(seed: Int) -> PyResult<u64> {
    seed.within(0, u64::MAX).ok_or_else(|| {
        value_error(format!(
            "a seed is an integer from 0 to 2^64 - 1, not {seed}"
        ))
    })
}

/// Builds the batch of the game a name picks.
struct Build {
    n: usize,
    seed: u64,
    max_moves: u32,
    final_view: Option<Side>,
    threads: usize,
}

impl WithGame for Build {
    type Output = PyResult<Box<dyn Stepper>>;
    fn run<G: Registered>(self, config: Config<G>) -> PyResult<Box<dyn Stepper>> {
        let games = guarded(|| {
            Games::<G>::new(
                config,
                self.n,
                self.seed,
                self.max_moves,
                self.final_view,
                self.threads,
            )
            .map_err(value_error)
        })?;
        Ok(Box::new(games))
    }
}

/// N games of one kind, stepped together. `reset()` gives `(observations, masks)`;
/// `step(actions)` and `step_random()` give `(observations, masks, rewards, terminated,
/// truncated)`, numpy arrays with the game as the first axis, which the batch owns and writes
/// in place (`copy=False` hands them out, `copy=True` copies). A game that ends (`terminated`:
/// by the rules; `truncated`: cut at `max_moves`) restarts at once: its row is the new game's
/// start, and the observation it ended on is in `final_observations`. Each game draws its
/// random starts and random moves from its own generator, seeded from `seed` and its index,
/// so the games are the same whatever `threads` is.
#[pyclass(module = "mancala", name = "Batch")]
pub struct Batch {
    inner: Box<dyn Stepper>,
    threads: usize,
    /// The arrays of a step, written in place.
    outputs: Outputs,
    actions: Vec<i64>,
    finals: Vec<f32>,
    closed: bool,
    /// What the batch was made with, to pickle it.
    made: Made,
}

/// The arguments a batch was made with, beyond its name, size and threads.
struct Made {
    seed: u64,
    max_moves: u32,
    final_view: Option<u8>,
    options: Option<Py<PyDict>>,
}

/// The error of a batch used by a second thread while one steps it.
fn busy() -> PyErr {
    PyRuntimeError::new_err(
        "this Batch is in use by another thread: a Batch is stepped by one thread at a time \
         (give each thread a Batch of its own)",
    )
}

/// Borrows the batch for a step, or says why it cannot be.
fn borrow<'py>(slf: &Bound<'py, Batch>) -> PyResult<PyRefMut<'py, Batch>> {
    let batch = slf.try_borrow_mut().map_err(|_| busy())?;
    if batch.closed {
        return Err(PyRuntimeError::new_err("this Batch is closed"));
    }
    Ok(batch)
}

impl Batch {
    /// An error once the batch is closed.
    fn open(&self) -> PyResult<()> {
        if self.closed {
            return Err(PyRuntimeError::new_err("this Batch is closed"));
        }
        Ok(())
    }

    fn shape(&self) -> (usize, usize, usize) {
        (
            self.inner.len(),
            self.inner.observation_len(),
            self.inner.num_actions(),
        )
    }

    /// Writes every game's observation and mask and hands them out.
    fn observe<'py>(
        &self,
        py: Python<'py>,
        copy: bool,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let mut writing = self.outputs.write(py)?;
        let out = writing.slices()?;
        let (inner, threads) = (&self.inner, self.threads);
        py.detach(|| {
            guarded(|| {
                inner.observe(out.observations, out.masks, threads);
                Ok(())
            })
        })?;
        drop(writing);
        self.outputs.observed(py, copy)
    }

    /// Steps every game (`actions`, or random ones) and hands out the five arrays.
    fn advance<'py>(
        &mut self,
        py: Python<'py>,
        actions: Option<&[i64]>,
        copy: bool,
    ) -> PyResult<StepArrays<'py>> {
        let mut writing = self.outputs.write(py)?;
        let out = writing.slices()?;
        let rows = Rows {
            observations: out.observations,
            masks: out.masks,
            rewards: out.rewards,
            terminated: out.terminated,
            truncated: out.truncated,
            actions: &mut self.actions,
            finals: &mut self.finals,
        };
        let (inner, threads) = (&mut self.inner, self.threads);
        py.detach(|| guarded(|| inner.step(actions, rows, threads).map_err(value_error)))?;
        drop(writing);
        self.outputs.stepped(py, copy)
    }

    /// Which games `indices` picks: an integer array of game indices or a bool mask of one
    /// entry a game.
    fn chosen(&self, py: Python<'_>, indices: &Bound<'_, PyAny>) -> PyResult<Vec<bool>> {
        let n = self.inner.len();
        let array = py.import("numpy")?.call_method1("asarray", (indices,))?;
        let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
        if kind == "b" {
            let shape: Vec<usize> = array.getattr("shape")?.extract()?;
            if shape != [n] {
                return Err(value_error(format!(
                    "a mask of games has one entry a game ({n}), not the shape {shape:?}"
                )));
            }
            return array.call_method0("tolist")?.extract();
        }
        let ndim: usize = array.getattr("ndim")?.extract()?;
        if ndim > 1 {
            let shape: Vec<usize> = array.getattr("shape")?.extract()?;
            return Err(value_error(format!(
                "indices are a flat list of game indices or a bool mask of one entry a game, \
                 not an array of shape {shape:?}"
            )));
        }
        let flat = array.call_method0("ravel")?;
        let count: usize = flat.len()?;
        let mut chosen = vec![false; n];
        if count == 0 {
            // `[]` picks no game (numpy reads an empty list as floats).
            return Ok(chosen);
        }
        let ids = arrays::actions(py, &flat, count, "game indices")?;
        for id in ids {
            let index = usize::try_from(id)
                .ok()
                .filter(|&i| i < n)
                .ok_or_else(|| value_error(format!("game {id} is not in 0 to {}", n - 1)))?;
            chosen[index] = true;
        }
        Ok(chosen)
    }
}

#[pymethods]
impl Batch {
    /// `n` games named `name`, with the game's keyword options, stepped on `threads` threads.
    /// `final_view` (0 or 1) writes every final observation as that player sees it.
    #[new]
    #[pyo3(
        signature = (name, n, seed = Int::Value(0), max_moves = Int::Value(1000), threads = Int::Value(1), final_view = None, **options),
        text_signature = "(name, n, seed=0, max_moves=1000, threads=1, final_view=None, **options)"
    )]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        name: &str,
        n: Int,
        seed: Int,
        max_moves: Int,
        threads: Int,
        final_view: Option<Int>,
        options: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Batch> {
        let n = n
            .within(1, MAX_GAMES)
            .ok_or_else(|| value_error(format!("a batch holds 1 to {MAX_GAMES} games, not {n}")))?;
        let seed = check_seed(seed)?;
        let max_moves = max_moves.within(1, u32::MAX).ok_or_else(|| {
            value_error(format!(
                "max_moves must be from 1 to 2^32 - 1 (4294967295), not {max_moves}"
            ))
        })?;
        let threads = threads.within(1, MAX_THREADS).ok_or_else(|| {
            value_error(format!(
                "threads must be from 1 to {MAX_THREADS}, not {threads}"
            ))
        })?;
        let view = final_view
            .map(|view| {
                view.within(0u8, 1)
                    .ok_or_else(|| value_error(format!("final_view is 0 or 1, not {view}")))
            })
            .transpose()?;
        let build = Build {
            n,
            seed,
            max_moves,
            final_view: view.map(|v| if v == 0 { Side::South } else { Side::North }),
            threads,
        };
        let made = Made {
            seed,
            max_moves,
            final_view: view,
            options: options.map(|o| o.copy()).transpose()?.map(Bound::unbind),
        };
        let inner = with_game("Batch", name, options, build)??;
        let (m, a) = (inner.observation_len(), inner.num_actions());
        Ok(Batch {
            outputs: Outputs::new(py, n, m, a)?,
            inner,
            threads,
            actions: vec![-1; n],
            finals: vec![0.0; n * m],
            closed: false,
            made,
        })
    }

    /// Restarts the games and returns `(observations, masks)` of every game. `seed=None`
    /// draws the new starts from where each game's generator stands; a seed restarts the
    /// generators as a new batch with that seed has them. `indices` (game indices, or a bool
    /// mask of one entry a game) restarts only those games. `copy` as for `step`.
    #[pyo3(signature = (seed = None, indices = None, copy = true))]
    fn reset<'py>(
        slf: &Bound<'py, Self>,
        seed: Option<Int>,
        indices: Option<&Bound<'py, PyAny>>,
        copy: bool,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let py = slf.py();
        let mut this = borrow(slf)?;
        let seed = seed.map(check_seed).transpose()?;
        let chosen = indices.map(|i| this.chosen(py, i)).transpose()?;
        let inner = &mut this.inner;
        py.detach(|| guarded(|| inner.reset(seed, chosen.as_deref()).map_err(value_error)))?;
        this.observe(py, copy)
    }

    /// Plays one action in every game (an integer array of length `n`) and returns
    /// `(observations, masks, rewards, terminated, truncated)`. The action `-1` leaves its
    /// game as it is (no reward, not ended). If any action is illegal,
    /// `ValueError` names the first such game and no game is changed. With `copy=False` the
    /// arrays are the batch's own, written in place and overwritten by the next step (or
    /// reset); `copy=True` returns copies.
    #[pyo3(signature = (actions, copy = true))]
    fn step<'py>(
        slf: &Bound<'py, Self>,
        actions: &Bound<'py, PyAny>,
        copy: bool,
    ) -> PyResult<StepArrays<'py>> {
        let py = slf.py();
        let mut this = borrow(slf)?;
        let n = this.inner.len();
        // An int64 array of one action a game is read where it lies; anything else is
        // checked and converted first.
        if let Ok(array) = actions.cast::<PyArray1<i64>>() {
            if let Ok(view) = array.try_readonly() {
                if let Ok(ids) = view.as_slice() {
                    if ids.len() == n {
                        return this.advance(py, Some(ids), copy);
                    }
                }
            }
        }
        let ids = arrays::actions(py, actions, n, "actions")?;
        this.advance(py, Some(&ids), copy)
    }

    /// Plays a uniformly random legal action in every game, drawn in Rust from each game's
    /// generator, and returns what `step` returns (`copy` as there); `last_actions` holds the
    /// actions.
    #[pyo3(signature = (copy = true))]
    fn step_random<'py>(slf: &Bound<'py, Self>, copy: bool) -> PyResult<StepArrays<'py>> {
        borrow(slf)?.advance(slf.py(), None, copy)
    }

    /// Frees the games' memory; the batch can no longer be stepped or reset
    /// (`RuntimeError`). Closing twice does nothing.
    fn close(slf: &Bound<'_, Self>) -> PyResult<()> {
        let mut this = slf.try_borrow_mut().map_err(|_| busy())?;
        this.closed = true;
        this.inner.release();
        this.outputs = Outputs::new(slf.py(), 0, 0, 0)?;
        this.finals = Vec::new();
        this.actions = Vec::new();
        Ok(())
    }

    /// The observation each game ended on at the last step, float32 `[n, size]`: as the
    /// player to move saw it for a game cut at `max_moves`, as the last mover sees it for a
    /// game the rules ended; zeros for the games that did not end.
    #[getter]
    fn final_observations<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.open()?;
        let (n, m, _) = self.shape();
        let ended = self.outputs.ended(py)?;
        let array = PyArray2::<f32>::zeros(py, [n, m], false);
        {
            let mut rows = array
                .try_readwrite()
                .map_err(|e| value_error(e.to_string()))?;
            let rows = rows
                .as_slice_mut()
                .map_err(|e| value_error(e.to_string()))?;
            let kept = self.finals.chunks_exact(m.max(1));
            for ((row, kept), ended) in rows.chunks_exact_mut(m.max(1)).zip(kept).zip(ended) {
                if ended {
                    row.copy_from_slice(kept);
                }
            }
        }
        Ok(array.into_any())
    }

    /// Pickles the batch whole: its games, their generators and the last step's arrays, so
    /// that the copy goes on exactly as the batch would.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyTuple>> {
        let py = slf.py();
        let this = slf.try_borrow().map_err(|_| busy())?;
        this.open()?;
        let (n, m, _) = this.shape();
        let made = &this.made;
        let arguments = (
            this.inner.name(),
            n,
            made.seed,
            made.max_moves,
            this.threads,
            made.final_view,
        );
        let options = match &made.options {
            Some(options) => options.bind(py).copy()?,
            None => PyDict::new(py),
        };
        let saved = guarded(|| Ok(this.inner.save()))?;
        let state = PyDict::new(py);
        let texts: Vec<&str> = saved.iter().map(|(text, _, _)| text.as_str()).collect();
        state.set_item("games", texts)?;
        let moves: Vec<u32> = saved.iter().map(|(_, moves, _)| *moves).collect();
        state.set_item("moves", array(py, &moves, &[n])?)?;
        let generators: Vec<u64> = saved.iter().flat_map(|(_, _, rng)| *rng).collect();
        state.set_item("generators", array(py, &generators, &[n, 4])?)?;
        state.set_item("last_actions", array(py, &this.actions, &[n])?)?;
        state.set_item("finals", array(py, &this.finals, &[n, m])?)?;
        let (_, _, rewards, terminated, truncated) = this.outputs.stepped(py, true)?;
        state.set_item("rewards", rewards)?;
        state.set_item("terminated", terminated)?;
        state.set_item("truncated", truncated)?;
        let restore = py.import("mancala")?.getattr("_restore_batch")?;
        (restore, (arguments, options, state)).into_pyobject(py)
    }

    /// Puts back the state `__reduce__` saved, into a batch made with the same arguments.
    fn _restore(slf: &Bound<'_, Self>, state: &Bound<'_, PyDict>) -> PyResult<()> {
        let py = slf.py();
        let mut this = borrow(slf)?;
        let (n, m, _) = this.shape();
        let item = |key: &str| -> PyResult<Bound<'_, PyAny>> {
            state
                .get_item(key)?
                .ok_or_else(|| value_error(format!("the saved batch lacks `{key}`")))
        };
        let flat = |key: &str, len: usize| -> PyResult<Bound<'_, PyAny>> {
            let values = item(key)?.call_method1("reshape", (-1,))?;
            if values.len()? != len {
                return Err(value_error(format!(
                    "the saved `{key}` is not of {len} values"
                )));
            }
            values.call_method0("tolist")
        };
        let texts: Vec<String> = item("games")?.extract()?;
        let moves: Vec<u32> = flat("moves", n)?.extract()?;
        let generators: Vec<u64> = flat("generators", 4 * n)?.extract()?;
        let games: Vec<Saved> = texts
            .into_iter()
            .zip(moves)
            .zip(generators.chunks_exact(4))
            .map(|((text, moves), rng)| (text, moves, [rng[0], rng[1], rng[2], rng[3]]))
            .collect();
        let inner = &mut this.inner;
        guarded(|| inner.load(&games).map_err(value_error))?;
        this.actions = flat("last_actions", n)?.extract()?;
        this.finals = flat("finals", n * m)?.extract()?;
        let rewards: Vec<f32> = flat("rewards", 2 * n)?.extract()?;
        let terminated: Vec<bool> = flat("terminated", n)?.extract()?;
        let truncated: Vec<bool> = flat("truncated", n)?.extract()?;
        {
            let mut writing = this.outputs.write(py)?;
            let out = writing.slices()?;
            out.rewards.copy_from_slice(&rewards);
            out.terminated.copy_from_slice(&terminated);
            out.truncated.copy_from_slice(&truncated);
        }
        this.observe(py, false)?;
        Ok(())
    }

    /// The action played in each game at the last step (int64; `-1` before any step).
    #[getter]
    fn last_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.open()?;
        array(py, &self.actions, &[self.actions.len()])
    }

    /// The player to move in each game (`0` or `1`), as an int8 array.
    fn players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        self.open()?;
        let players = guarded(|| Ok(self.inner.players()))?;
        array(py, &players, &[players.len()])
    }

    /// Each game's position string.
    fn to_strings(&self) -> PyResult<Vec<String>> {
        self.open()?;
        guarded(|| Ok(self.inner.texts()))
    }

    /// The number of games.
    #[getter]
    fn num_games(&self) -> usize {
        self.inner.len()
    }

    /// The threads a step runs on.
    #[getter]
    fn threads(&self) -> usize {
        self.threads
    }

    /// The length of one game's observation.
    #[getter]
    fn observation_size(&self) -> usize {
        self.inner.observation_len()
    }

    /// The size of the action space.
    #[getter]
    fn num_actions(&self) -> usize {
        self.inner.num_actions()
    }

    /// The game's name.
    #[getter]
    fn name(&self) -> String {
        self.inner.name()
    }

    fn __len__(&self) -> usize {
        self.inner.len()
    }
}
