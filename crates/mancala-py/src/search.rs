//! `search()` on every game object: the workspace's strongest computer player (the
//! principal-variation search of `mancala-search`, with the game's fitted evaluation where it
//! has one, as `mancala play` picks it), run with the interpreter released.

use crate::guard::value_error;
use crate::interrupt::{interruptible, stopped, Stop};
use crate::ints::Int;
use mancala_games::engine::rules::RuleOptions;
use mancala_games::player::{self, DbSource, Player};
use mancala_games::registry::Registered;
use mancala_games::search::{plies_to_end, Limits, SearchResult, MAX_SEARCH_DEPTH, MAX_THREADS};
use mancala_games::solver::Databases;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict};
use std::collections::HashMap;
use std::path::PathBuf;
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

/// Runs `player` on `position` with its table allocated first (outside the time limit), and
/// always to depth 1 at least, as engines do: a time limit too short for the first iteration
/// still gives a searched move. `stop` ends it early, with whatever it found.
fn run<G: Registered>(mut player: Player<G>, position: &G, stop: &Stop) -> SearchResult<G::Move> {
    player.set_stop(Some(Arc::clone(stop)));
    player.allocate_table();
    let found = player.search(position);
    if found.depth > 0 || found.best_move.is_none() || stopped(stop) {
        return found;
    }
    player.set_limits(Limits::depth(1));
    player.search(position)
}

/// The databases built or read so far in this process, by game, rules and source: a search
/// asks for the same ones again and again.
static BUILT: Mutex<Option<Built>> = Mutex::new(None);

/// Databases by game and rules (one text) and where they came from.
type Built = HashMap<(String, DbSource), Arc<Databases>>;

/// The endgame databases of `position`'s rules as `source` says: built (on every core, within
/// the databases' default memory of 1 GiB) or read, once a process; an error for a game that
/// has none (`ValueError`), or a file that cannot be opened (an `OSError` of its kind, as
/// Python's own).
fn databases<G: Registered>(position: &G, source: &DbSource) -> PyResult<Arc<Databases>> {
    let Some(endgame) = G::endgame() else {
        return Err(value_error(format!(
            "{} has no endgame databases: endgame_seeds must be 0 and endgame_file None",
            G::NAME
        )));
    };
    let template = endgame.template(position);
    let key = (
        format!("{} {}", G::NAME, template.rules().options_text()),
        source.clone(),
    );
    let mut cache = BUILT
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    if let Some(databases) = cache.get_or_insert_with(HashMap::new).get(&key) {
        return Ok(Arc::clone(databases));
    }
    if let DbSource::File(path) = source {
        std::fs::File::open(path).map_err(|e| {
            let why = format!("cannot open the database file `{}`: {e}", path.display());
            PyErr::from(std::io::Error::new(e.kind(), why))
        })?;
    }
    let databases = player::databases(position, source).map_err(value_error)?;
    cache
        .get_or_insert_with(HashMap::new)
        .insert(key, Arc::clone(&databases));
    Ok(databases)
}

/// The `endgame_seeds` argument, checked.
fn endgame_seeds(seeds: Int) -> PyResult<u32> {
    let most = mancala_games::solver::db::MAX_LEVEL_SEEDS;
    seeds.within(0, most).ok_or_else(|| {
        value_error(format!(
            "endgame_seeds must be from 0 to {most}, not {seeds}"
        ))
    })
}

/// Builds `game`'s databases up to `seeds` seeds on the board (or takes those built before)
/// and writes them to `path`; the positions they hold.
pub(crate) fn write_endgame<G: Registered>(
    py: Python<'_>,
    game: &G,
    path: PathBuf,
    seeds: Int,
) -> PyResult<u64> {
    let seeds = endgame_seeds(seeds)?;
    let databases = py.detach(|| databases(game, &DbSource::Build(seeds)))?;
    let file = std::fs::File::create(&path).map_err(|e| {
        let why = format!("cannot create the database file `{}`: {e}", path.display());
        PyErr::from(std::io::Error::new(e.kind(), why))
    })?;
    py.detach(|| databases.write(file))
        .map_err(|e| value_error(format!("`{}`: {e}", path.display())))?;
    Ok(databases.positions())
}

/// A search as Python asked for it, checked.
pub(crate) struct Search {
    /// When the search stops.
    limits: Limits,
    /// The endgame databases it probes, if any.
    endgame: Option<DbSource>,
    /// The transposition table's size in bytes.
    bytes: usize,
    /// The threads sharing the table.
    threads: usize,
}

/// The limits as Python gave them: `time` in seconds, `depth` in plies, `nodes`, `threads`
/// and the table's size in MiB; with none of the three limits, depth
/// [`mancala_games::search::DEFAULT_DEPTH`].
pub(crate) fn limits(
    time: Option<Seconds>,
    depth: Option<Int>,
    nodes: Option<Int>,
    threads: Int,
    table_mb: Int,
    (endgame_seeds, endgame_file): (Int, Option<PathBuf>),
) -> PyResult<Search> {
    let endgame = match (self::endgame_seeds(endgame_seeds)?, endgame_file) {
        (0, None) => None,
        (seeds, None) => Some(DbSource::Build(seeds)),
        (0, Some(path)) => Some(DbSource::File(path)),
        (_, Some(_)) => {
            return Err(value_error(
                "endgame_seeds and endgame_file do not go together",
            ))
        }
    };
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
        endgame,
        bytes: table << 20,
        threads,
    })
}

/// The moves of `moves` played one after another from `game`, as action ids and in notation,
/// up to the first that is not legal where it comes.
pub(crate) fn line<G: Registered>(game: &G, moves: &[G::Move]) -> Vec<(usize, String)> {
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
pub(crate) fn search<'py, G: Registered>(
    py: Python<'py>,
    game: &G,
    Search {
        limits,
        endgame,
        bytes,
        threads,
    }: Search,
) -> PyResult<Bound<'py, PyDict>> {
    let (result, pv) = interruptible(py, |stop| {
        let databases = match &endgame {
            None => None,
            Some(source) => Some(databases(game, source)?),
        };
        let player = player::strongest::<G>(limits, databases)
            .with_table_bytes(bytes)
            .with_threads(threads);
        let result = run(player, game, stop);
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
