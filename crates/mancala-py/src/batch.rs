//! `Batch`: N games of one kind stepped together, for self-play and roll-outs. One call steps
//! every game in Rust with the interpreter released; a finished game restarts at once.

use crate::arrays::{self, array, from_bytes};
use crate::game::{self, Binding};
use crate::guard::{guarded, value_error};
use crate::ints::Int;
use crate::names::{with_game, WithGame};
use mancala_engine::{Rng, Side};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyDict};

/// The most games one batch holds: a bound that keeps a mistyped size from exhausting memory.
const MAX_GAMES: usize = 1 << 24;

/// A generator seed: any integer from 0 to 2^64 - 1.
pub(crate) fn check_seed(seed: Int) -> PyResult<u64> {
    seed.within(0, u64::MAX).ok_or_else(|| {
        value_error(format!(
            "a seed is an integer from 0 to 2^64 - 1, not {seed}"
        ))
    })
}

/// What a batch of any game can do; [`Games`] implements it for each game.
trait Stepper: Send + Sync {
    fn len(&self) -> usize;
    fn observation_len(&self) -> usize;
    fn num_actions(&self) -> usize;
    fn name(&self) -> String;
    /// Restarts every game, drawing random starts from a generator seeded `seed`.
    fn reset(&mut self, seed: u64) -> Result<(), String>;
    /// Checks every action against its game, then plays them all: nothing is played unless
    /// every action is legal.
    fn step(&mut self, actions: &[i64]) -> Result<(), String>;
    /// Writes each game's observation (as its player to move sees it, little-endian float32)
    /// and legal-action mask (one byte per action) straight into the arrays' buffers.
    fn write(&self, observations: &mut [u8], masks: &mut [u8]);
    /// The last step's rewards (`[South, North]` per game) and end flags.
    fn rewards(&self) -> (&[f32], &[bool]);
    fn players(&self) -> Vec<i8>;
    fn texts(&self) -> Vec<String>;
}

/// N games of type `G`, each with its move count since its start.
struct Games<G: Binding> {
    config: G::Config,
    rng: Rng,
    games: Vec<G>,
    moves: Vec<u32>,
    max_moves: u32,
    rewards: Vec<f32>,
    dones: Vec<bool>,
    observation_len: usize,
    num_actions: usize,
}

impl<G: Binding> Games<G> {
    fn new(config: G::Config, n: usize, seed: u64, max_moves: u32) -> Result<Games<G>, String> {
        let mut rng = Rng::new(seed);
        let first = G::start(&config, Some(&mut rng))?;
        let mut batch = Games {
            observation_len: game::observation_len(&first),
            num_actions: first.num_actions(),
            config,
            rng,
            games: Vec::with_capacity(n),
            moves: vec![0; n],
            max_moves,
            rewards: vec![0.0; 2 * n],
            dones: vec![false; n],
        };
        batch.reset(seed)?;
        Ok(batch)
    }

    fn restart(&mut self, index: usize) -> Result<(), String> {
        self.games[index] = G::start(&self.config, Some(&mut self.rng))?;
        self.moves[index] = 0;
        Ok(())
    }
}

impl<G: Binding> Stepper for Games<G> {
    fn len(&self) -> usize {
        self.moves.len()
    }

    fn observation_len(&self) -> usize {
        self.observation_len
    }

    fn num_actions(&self) -> usize {
        self.num_actions
    }

    fn name(&self) -> String {
        game::python_name::<G>()
    }

    fn reset(&mut self, seed: u64) -> Result<(), String> {
        self.rng = Rng::new(seed);
        let n = self.len();
        self.games.clear();
        for _ in 0..n {
            self.games
                .push(G::start(&self.config, Some(&mut self.rng))?);
        }
        self.moves.fill(0);
        self.rewards.fill(0.0);
        self.dones.fill(false);
        Ok(())
    }

    fn step(&mut self, actions: &[i64]) -> Result<(), String> {
        let mut moves = Vec::with_capacity(actions.len());
        for (index, (game, &action)) in self.games.iter().zip(actions).enumerate() {
            let mv = game::checked_move(game, Int::from(action))
                .map_err(|why| format!("game {index}: action {action}: {why}"))?;
            moves.push(mv);
        }
        for (index, mv) in moves.into_iter().enumerate() {
            self.games[index].play_unchecked(mv);
            self.moves[index] += 1;
            let game = &self.games[index];
            let done = game.is_over() || self.moves[index] >= self.max_moves;
            let reward = if done { game::returns(game) } else { [0.0; 2] };
            self.rewards[2 * index..2 * index + 2].copy_from_slice(&reward);
            self.dones[index] = done;
            if done {
                self.restart(index)?;
            }
        }
        Ok(())
    }

    fn write(&self, observations: &mut [u8], masks: &mut [u8]) {
        let (m, a) = (self.observation_len, self.num_actions);
        let mut scratch = vec![0.0f32; m];
        let rows = observations
            .chunks_exact_mut(4 * m)
            .zip(masks.chunks_exact_mut(a));
        for (game, (observation, mask)) in self.games.iter().zip(rows) {
            game::write_observation(game, game.side_to_move(), &mut scratch);
            for (bytes, value) in observation.chunks_exact_mut(4).zip(&scratch) {
                bytes.copy_from_slice(&value.to_le_bytes());
            }
            mask.fill(0);
            for &mv in game.legal_moves().iter() {
                mask[game.action(mv)] = 1;
            }
        }
    }

    fn rewards(&self) -> (&[f32], &[bool]) {
        (&self.rewards, &self.dones)
    }

    fn players(&self) -> Vec<i8> {
        self.games
            .iter()
            .map(|g| i8::from(g.side_to_move() == Side::North))
            .collect()
    }

    fn texts(&self) -> Vec<String> {
        self.games.iter().map(ToString::to_string).collect()
    }
}

/// Builds the batch of the game a name picks.
struct Build {
    n: usize,
    seed: u64,
    max_moves: u32,
}

impl WithGame for Build {
    type Output = PyResult<Box<dyn Stepper>>;
    fn run<G: Binding>(self, config: G::Config) -> PyResult<Box<dyn Stepper>> {
        let games = guarded(|| {
            Games::<G>::new(config, self.n, self.seed, self.max_moves).map_err(value_error)
        })?;
        Ok(Box::new(games))
    }
}

/// N games of one kind, stepped together: `reset()` gives `(observations, masks)`, `step(actions)`
/// gives `(observations, masks, rewards, dones)`, numpy arrays with the game as the first axis.
/// Observations are as each game's player to move sees it; rewards are `[player 0, player 1]`,
/// non-zero only on the step that ends a game. A game that ends (or reaches `max_moves`, which
/// counts as a draw) restarts at once, so the observation and mask returned with `dones[i]`
/// set are those of game `i`'s new start. Random starts (Mangala IV, `setup="random"`) are drawn
/// from one generator seeded `seed`.
#[pyclass(module = "mancala", name = "Batch")]
pub struct Batch {
    inner: Box<dyn Stepper>,
    seed: u64,
}

impl Batch {
    fn observe<'py>(&self, py: Python<'py>) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        let (n, m, a) = (
            self.inner.len(),
            self.inner.observation_len(),
            self.inner.num_actions(),
        );
        let inner = &self.inner;
        let mut masks = None;
        let observations = PyByteArray::new_with(py, n * m * 4, |observations| {
            let mask_bytes = PyByteArray::new_with(py, n * a, |mask_bytes| {
                // Both buffers are new and not yet visible to any other thread.
                py.detach(|| {
                    guarded(|| {
                        inner.write(observations, mask_bytes);
                        Ok(())
                    })
                })
            })?;
            masks = Some(mask_bytes);
            Ok(())
        })?;
        let masks = masks.ok_or_else(|| value_error("the masks were not written"))?;
        Ok((
            from_bytes(py, observations, "<f4", &[n, m])?,
            from_bytes(py, masks, "?", &[n, a])?,
        ))
    }
}

#[pymethods]
impl Batch {
    /// `n` games named `name`, with the game's keyword options.
    #[new]
    #[pyo3(signature = (name, n, seed = Int::Value(0), max_moves = Int::Value(1000), **options))]
    fn new(
        name: &str,
        n: Int,
        seed: Int,
        max_moves: Int,
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
        let build = Build { n, seed, max_moves };
        let inner = with_game("Batch", name, options, build)??;
        Ok(Batch { inner, seed })
    }

    /// Restarts every game (with `seed`, or the batch's seed) and returns
    /// `(observations, masks)`.
    #[pyo3(signature = (seed = None))]
    fn reset<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<Int>,
    ) -> PyResult<(Bound<'py, PyAny>, Bound<'py, PyAny>)> {
        if let Some(seed) = seed {
            self.seed = check_seed(seed)?;
        }
        let (inner, seed) = (&mut self.inner, self.seed);
        py.detach(|| guarded(|| inner.reset(seed).map_err(value_error)))?;
        self.observe(py)
    }

    /// Plays one action in every game (an integer array of length `n`) and returns
    /// `(observations, masks, rewards, dones)`. If any action is illegal, `ValueError` names
    /// the first such game and no game is changed.
    #[allow(clippy::type_complexity)]
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
        Bound<'py, PyAny>,
    )> {
        let actions = arrays::actions(py, actions, self.inner.len())?;
        let inner = &mut self.inner;
        py.detach(|| guarded(|| inner.step(&actions).map_err(value_error)))?;
        let (observations, masks) = self.observe(py)?;
        let (rewards, dones) = self.inner.rewards();
        let n = self.inner.len();
        Ok((
            observations,
            masks,
            array(py, rewards, &[n, 2])?,
            array(py, dones, &[n])?,
        ))
    }

    /// The player to move in each game (`0` or `1`), as an int8 array.
    fn players<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let players = guarded(|| Ok(self.inner.players()))?;
        array(py, &players, &[players.len()])
    }

    /// Each game's position string.
    fn to_strings(&self) -> PyResult<Vec<String>> {
        guarded(|| Ok(self.inner.texts()))
    }

    /// The number of games.
    #[getter]
    fn num_games(&self) -> usize {
        self.inner.len()
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
