//! `random_playouts`: whole random games played in Rust, one call for all of them; and
//! `random_game_trace`, one seeded random game ply by ply, which the tests replay through the
//! Python classes to show both sides play the same rules.

use crate::arrays::array;
use crate::batch::check_seed;
use crate::game::{self, Config};
use crate::guard::{guarded, value_error};
use crate::ints::Int;
use crate::names::{with_game, WithGame};
use mancala_games::engine::playout::random_playout;
use mancala_games::engine::{EndReason, Rng};
use mancala_games::registry::Registered;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// The most games one `random_playouts` call plays (12 bytes of results each).
const MAX_PLAYOUTS: usize = 1 << 27;

/// The most plies a trace records.
const MAX_TRACE: u32 = 1_000_000;

/// What the play-outs of one call came to.
struct Tally {
    moves: u64,
    plies: Vec<i32>,
    returns: Vec<f32>,
    wins: [u64; 2],
    draws: u64,
    unfinished: u64,
    reasons: Vec<(EndReason, u64)>,
}

/// Games played between two looks at Ctrl-C.
const CHUNK: usize = 4096;

impl Tally {
    fn new(n: usize) -> Tally {
        Tally {
            moves: 0,
            plies: Vec::with_capacity(n),
            returns: Vec::with_capacity(2 * n),
            wins: [0; 2],
            draws: 0,
            unfinished: 0,
            reasons: EndReason::ALL.iter().map(|&r| (r, 0)).collect(),
        }
    }
}

/// Plays `n` more random games of `G` from `rng`, each capped at `max_moves`.
fn play<G: Registered>(
    config: &Config<G>,
    n: usize,
    rng: &mut Rng,
    max_moves: u32,
    tally: &mut Tally,
) -> Result<(), String> {
    for _ in 0..n {
        let start = config.start(Some(rng))?;
        let end = random_playout(start, rng, max_moves);
        tally.moves += u64::from(end.plies);
        tally.plies.push(end.plies as i32);
        tally.returns.extend(game::returns(&end.position));
        match end.outcome {
            None => tally.unfinished += 1,
            Some(outcome) => {
                match outcome.winner {
                    Some(side) => tally.wins[side.index()] += 1,
                    None => tally.draws += 1,
                }
                if let Some(entry) = tally.reasons.iter_mut().find(|(r, _)| *r == outcome.reason) {
                    entry.1 += 1;
                }
            }
        }
    }
    Ok(())
}

struct Playouts<'py> {
    py: Python<'py>,
    n: usize,
    seed: u64,
    max_moves: u32,
}

impl<'py> WithGame for Playouts<'py> {
    type Output = PyResult<Bound<'py, PyDict>>;
    fn run<G: Registered>(self, config: Config<G>) -> PyResult<Bound<'py, PyDict>> {
        let (n, seed, max_moves) = (self.n, self.seed, self.max_moves);
        let py = self.py;
        let mut rng = Rng::new(seed);
        let mut tally = Tally::new(n);
        let mut left = n;
        // In chunks, one generator throughout (the games are those of one long run), with a
        // look at Ctrl-C between chunks.
        while left > 0 {
            let chunk = left.min(CHUNK);
            py.detach(|| {
                guarded(|| {
                    play::<G>(&config, chunk, &mut rng, max_moves, &mut tally).map_err(value_error)
                })
            })?;
            left -= chunk;
            py.check_signals()?;
        }
        let dict = PyDict::new(py);
        dict.set_item("game", game::python_name::<G>())?;
        dict.set_item("games", n)?;
        dict.set_item("moves", tally.moves)?;
        dict.set_item("south_wins", tally.wins[0])?;
        dict.set_item("north_wins", tally.wins[1])?;
        dict.set_item("draws", tally.draws)?;
        dict.set_item("unfinished", tally.unfinished)?;
        let reasons = PyDict::new(py);
        for (reason, count) in tally.reasons.iter().filter(|(_, c)| *c > 0) {
            reasons.set_item(reason.name(), count)?;
        }
        dict.set_item("reasons", reasons)?;
        dict.set_item("plies", array(py, &tally.plies, &[n])?)?;
        dict.set_item("returns", array(py, &tally.returns, &[n, 2])?)?;
        Ok(dict)
    }
}

/// Plays `n` uniformly random games of the game `name` to their end in Rust, with the
/// interpreter released, and returns a dict: `moves` (all games together), `games`,
/// `south_wins`, `north_wins`, `draws`, `unfinished` (games cut at `max_moves`), `reasons`
/// (games per end reason), and the numpy arrays `plies` (int32, per game) and `returns`
/// (float32, `[n, 2]`). Ctrl-C (`KeyboardInterrupt`) stops it between chunks of 4096 games.
#[pyfunction]
#[pyo3(
    signature = (name, n, seed = Int::Value(0), max_moves = Int::Value(100_000), **options),
    text_signature = "(name, n, seed=0, max_moves=100000, **options)"
)]
pub(crate) fn random_playouts<'py>(
    py: Python<'py>,
    name: &str,
    n: Int,
    seed: Int,
    max_moves: Int,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    let n = n.within(0, MAX_PLAYOUTS).ok_or_else(|| {
        value_error(format!(
            "0 to at most {MAX_PLAYOUTS} games a call (their per-game arrays must fit in memory), not {n}"
        ))
    })?;
    let seed = check_seed(seed)?;
    let max_moves = max_moves.within(0, u32::MAX).ok_or_else(|| {
        value_error(format!(
            "max_moves must be from 0 to 2^32 - 1 (4294967295), not {max_moves}"
        ))
    })?;
    let work = Playouts {
        py,
        n,
        seed,
        max_moves,
    };
    with_game("random_playouts", name, options, work)?
}

struct Trace<'py> {
    py: Python<'py>,
    seed: u64,
    max_moves: u32,
}

impl<'py> WithGame for Trace<'py> {
    type Output = PyResult<Bound<'py, PyDict>>;
    fn run<G: Registered>(self, config: Config<G>) -> PyResult<Bound<'py, PyDict>> {
        let py = self.py;
        let (seed, max_moves) = (self.seed, self.max_moves);
        let (start, plies, over, result) = guarded(|| {
            let mut rng = Rng::new(seed);
            let mut position = config.start(Some(&mut rng)).map_err(value_error)?;
            let start = position.to_string();
            let mut plies = Vec::new();
            for _ in 0..max_moves {
                let Some(mv) = position.random_move(&mut rng) else {
                    break;
                };
                let legal: Vec<String> = position
                    .legal_moves()
                    .iter()
                    .map(|&m| m.to_string())
                    .collect();
                position.play(mv).map_err(|e| value_error(e.to_string()))?;
                plies.push((legal, mv.to_string(), position.to_string()));
            }
            let result = position.result().map(|r| r.to_string());
            Ok((start, plies, position.is_over(), result))
        })?;
        let dict = PyDict::new(py);
        dict.set_item("start", start)?;
        let plies = PyList::new(py, plies)?;
        dict.set_item("plies", plies)?;
        dict.set_item("over", over)?;
        dict.set_item("result", result)?;
        Ok(dict)
    }
}

/// One seeded random game of `name` played in Rust through the rules crate alone (its moves in
/// notation, no action ids): a dict with `start` (the position string), `plies` (for each ply
/// the legal moves in notation, the move played, the position string after it), `over` and
/// `result`. The tests replay it through the Python classes.
#[pyfunction]
#[pyo3(
    signature = (name, seed = Int::Value(0), max_moves = Int::Value(1000), **options),
    text_signature = "(name, seed=0, max_moves=1000, **options)"
)]
pub(crate) fn random_game_trace<'py>(
    py: Python<'py>,
    name: &str,
    seed: Int,
    max_moves: Int,
    options: Option<&Bound<'py, PyDict>>,
) -> PyResult<Bound<'py, PyDict>> {
    let seed = check_seed(seed)?;
    let max_moves = max_moves.within(0, MAX_TRACE).ok_or_else(|| {
        value_error(format!(
            "a trace holds 0 to at most {MAX_TRACE} plies, not {max_moves}"
        ))
    })?;
    let work = Trace {
        py,
        seed,
        max_moves,
    };
    with_game("random_game_trace", name, options, work)?
}
