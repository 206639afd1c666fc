//! `search()` on every game object: the workspace's strongest computer player (the
//! principal-variation search of `mancala-search`, with the game's fitted evaluation where it
//! has one, as `mancala play` picks it), run with the interpreter released.

use crate::game::Binding;
use crate::games::{Kalah, Katro, Mangala4, Oware, Toguz};
use crate::guard::value_error;
use crate::interrupt::{interruptible, stopped, Stop};
use crate::ints::Int;
use mancala_search::{
    plies_to_end, Limits, Probed, Pvs, ScoreDifference, SearchResult, MAX_SEARCH_DEPTH, MAX_THREADS,
};
use mancala_solver::{BuildOptions, Databases, Endgame};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The most seconds a search may be given (a day): a bound on a mistyped time.
const MAX_SECONDS: f64 = 86_400.0;

/// The largest transposition table a search may ask for, in MiB.
const MAX_TABLE_MIB: usize = 4096;

/// A time in seconds: any real number but a `bool` (`True` is no time).
pub(crate) struct Seconds(f64);

impl<'a, 'py> FromPyObject<'a, 'py> for Seconds {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Seconds> {
        if obj.is_instance_of::<PyBool>() {
            return Err(PyTypeError::new_err(
                "time is a number of seconds, not a bool",
            ));
        }
        Ok(Seconds(obj.extract()?))
    }
}

/// A game the computer player can search.
pub(crate) trait Searchable: Binding {
    /// Searches `self` under `limits`, with a table of `bytes` bytes shared by `threads`
    /// threads, taking the exact values of `databases` where they know the position, until
    /// `stop` is raised.
    fn best(
        &self,
        limits: Limits,
        bytes: usize,
        threads: usize,
        databases: Option<&Databases>,
        stop: &Stop,
    ) -> SearchResult<Self::Move>;

    /// The endgame databases of this position's rules (the game played to its end) up to
    /// `seeds` seeds on the board; an error for a game that has none.
    fn databases(&self, seeds: u32) -> Result<Arc<Databases>, String> {
        let _ = seeds;
        Err(format!(
            "{} has no endgame databases: endgame_seeds must be 0",
            Self::NAME
        ))
    }

    /// What the rest of the game brings the side to move where `databases` know it.
    fn known_in(&self, databases: &Databases) -> Option<i32> {
        let _ = databases;
        None
    }
}

/// `Searchable` for a game with its evaluator; `databases` after it for a game with endgame
/// databases (the name of the method it then implements).
macro_rules! searchable {
    ($game:ty, $evaluator:expr $(, $databases:ident)?) => {
        impl Searchable for $game {
            fn best(
                &self,
                limits: Limits,
                bytes: usize,
                threads: usize,
                databases: Option<&Databases>,
                stop: &Stop,
            ) -> SearchResult<Self::Move> {
                let rest = |position: &Self| databases.and_then(|db| position.known_in(db));
                let pvs = Pvs::with_evaluator(limits, Probed::new($evaluator, rest))
                    .with_table_bytes(bytes)
                    .with_threads(threads);
                run(pvs, self, stop)
            }

            $(
                fn $databases(&self, seeds: u32) -> Result<Arc<Databases>, String> {
                    built(&self.db_template(), seeds)
                }

                fn known_in(&self, databases: &Databases) -> Option<i32> {
                    databases.known(self)
                }
            )?
        }
    };
}

searchable!(
    Toguz,
    mancala_search::games::toguz::Evaluation::default(),
    databases
);
searchable!(Katro, mancala_search::games::katro::Evaluation::default());
searchable!(Mangala4, ScoreDifference);
searchable!(
    Oware,
    mancala_search::games::oware::Evaluation::default(),
    databases
);
searchable!(
    Kalah,
    mancala_search::games::kalah::Evaluation::default(),
    databases
);

/// Runs `pvs` on `position` with its table allocated first (outside the time limit), and
/// always to depth 1 at least, as engines do: a time limit too short for the first iteration
/// still gives a searched move. `stop` ends it early, with whatever it found.
fn run<P, E>(mut pvs: Pvs<P, E>, position: &P, stop: &Stop) -> SearchResult<P::Move>
where
    P: mancala_engine::Position + Sync,
    P::Move: std::hash::Hash,
    E: mancala_search::Evaluator<P> + Sync,
{
    pvs.set_stop(Some(Arc::clone(stop)));
    pvs.allocate_table();
    let found = pvs.search(position);
    if found.depth > 0 || found.best_move.is_none() || stopped(stop) {
        return found;
    }
    pvs.set_limits(Limits::depth(1));
    pvs.search(position)
}

/// The databases built so far in this process, by game, rules and seeds: a search asks for
/// the same ones again and again.
static BUILT: Mutex<Option<Built>> = Mutex::new(None);

/// Databases by game and rules (one text) and seeds.
type Built = HashMap<(String, u32), Arc<Databases>>;

/// `template`'s databases up to `seeds` seeds on the board: built once a process, on every
/// core, within the databases' default memory (1 GiB).
fn built<G: Endgame>(template: &G, seeds: u32) -> Result<Arc<Databases>, String> {
    let rules = template.db_rules().map_err(|e| e.to_string())?;
    let key = (format!("{} {rules}", G::NAME), seeds);
    let mut cache = BUILT
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(databases) = cache.get_or_insert_with(HashMap::new).get(&key) {
        return Ok(Arc::clone(databases));
    }
    let (databases, _) = Databases::build(template, &BuildOptions::on_every_core(seeds), None)
        .map_err(|e| e.to_string())?;
    let databases = Arc::new(databases);
    cache
        .get_or_insert_with(HashMap::new)
        .insert(key, Arc::clone(&databases));
    Ok(databases)
}

/// A search as Python asked for it, checked.
pub(crate) struct Search {
    /// When the search stops.
    limits: Limits,
    /// The endgame databases' seeds on the board; `0` for none.
    endgame_seeds: u32,
    /// The transposition table's size in bytes.
    bytes: usize,
    /// The threads sharing the table.
    threads: usize,
}

/// The limits as Python gave them: `time` in seconds, `depth` in plies, `nodes`, `threads`
/// and the table's size in MiB; with none of the three limits, depth
/// [`mancala_search::DEFAULT_DEPTH`].
pub(crate) fn limits(
    time: Option<Seconds>,
    depth: Option<Int>,
    nodes: Option<Int>,
    threads: Int,
    table_mb: Int,
    endgame_seeds: Int,
) -> PyResult<Search> {
    let most = mancala_solver::db::MAX_LEVEL_SEEDS;
    let endgame_seeds = endgame_seeds.within(0, most).ok_or_else(|| {
        value_error(format!(
            "endgame_seeds must be from 0 to {most}, not {endgame_seeds}"
        ))
    })?;
    let threads = threads.within(1, MAX_THREADS).ok_or_else(|| {
        value_error(format!(
            "threads must be from 1 to {MAX_THREADS}, not {threads}"
        ))
    })?;
    let mut limits: Option<Limits> = None;
    if let Some(depth) = depth {
        let depth = depth.within(1, MAX_SEARCH_DEPTH).ok_or_else(|| {
            value_error(format!(
                "depth must be from 1 to {MAX_SEARCH_DEPTH} plies, not {depth}"
            ))
        })?;
        limits = Some(Limits::depth(depth));
    }
    if let Some(nodes) = nodes {
        let nodes = nodes
            .within(1, u64::MAX)
            .ok_or_else(|| value_error(format!("nodes must be from 1 to 2^64 - 1, not {nodes}")))?;
        limits = Some(match limits {
            Some(l) => l.with_nodes(nodes),
            None => Limits::nodes(nodes),
        });
    }
    if let Some(Seconds(time)) = time {
        if !(time > 0.0 && time <= MAX_SECONDS) {
            return Err(value_error(format!(
                "time must be more than 0 and at most {MAX_SECONDS} seconds, not {time}"
            )));
        }
        let time = Duration::from_secs_f64(time);
        limits = Some(match limits {
            Some(l) => l.with_time(time),
            None => Limits::time(time),
        });
    }
    let table = table_mb.within(1, MAX_TABLE_MIB).ok_or_else(|| {
        value_error(format!(
            "table_mb must be from 1 to {MAX_TABLE_MIB} MiB, not {table_mb}"
        ))
    })?;
    Ok(Search {
        limits: limits.unwrap_or_default(),
        endgame_seeds,
        bytes: table << 20,
        threads,
    })
}

/// The moves of `moves` played one after another from `game`, as action ids and in notation,
/// up to the first that is not legal where it comes.
pub(crate) fn line<G: Binding>(game: &G, moves: &[G::Move]) -> Vec<(usize, String)> {
    let mut position = game.clone();
    let mut line = Vec::new();
    for &mv in moves {
        if position.check_move(mv).is_err() {
            break;
        }
        line.push((position.action(mv), mv.to_string()));
        position.play_unchecked(mv);
    }
    line
}

/// Searches `game` and returns a dict: `action` (the best action id, `None` once the game is
/// over), `move` (in notation), `value` (for the player to move: an evaluation, or near
/// ±1 000 000 000 for a won or lost game), `plies_to_end` (the plies to the announced end,
/// `None` for an evaluation), `pv` and `pv_moves` (the principal variation as action ids and
/// in notation, starting with the best move), `depth` and `nodes`.
pub(crate) fn search<'py, G: Searchable>(
    py: Python<'py>,
    game: &G,
    Search {
        limits,
        endgame_seeds,
        bytes,
        threads,
    }: Search,
) -> PyResult<Bound<'py, PyDict>> {
    let (result, pv) = interruptible(py, |stop| {
        let databases = match endgame_seeds {
            0 => None,
            seeds => Some(game.databases(seeds).map_err(value_error)?),
        };
        let result = game.best(limits, bytes, threads, databases.as_deref(), stop);
        let pv = line(game, &result.pv);
        Ok((result, pv))
    })?;
    let dict = PyDict::new(py);
    let best = result.best_move;
    dict.set_item("action", best.map(|mv| game.action(mv)))?;
    dict.set_item("move", best.map(|mv| mv.to_string()))?;
    dict.set_item("value", result.value)?;
    dict.set_item("plies_to_end", plies_to_end(result.value))?;
    dict.set_item("pv", pv.iter().map(|(a, _)| *a).collect::<Vec<_>>())?;
    dict.set_item(
        "pv_moves",
        pv.into_iter().map(|(_, m)| m).collect::<Vec<_>>(),
    )?;
    dict.set_item("depth", result.depth)?;
    dict.set_item("nodes", result.nodes)?;
    Ok(dict)
}
