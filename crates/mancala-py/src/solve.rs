//! `solve()` on every game object: the exact value of the position by `mancala-solver`'s proof
//! search, with what the solver knows of each game
//! ([`Solved`](mancala_games::solver::Solved)), under both endless-play
//! conventions where play could go on for ever, run with the interpreter released.

use crate::guard::{guarded, value_error};
use crate::interrupt::{interruptible, stopped, Stop};
use crate::ints::Int;
use crate::search::line;
use mancala_games::registry::Registered;
use mancala_games::solver::{
    on_large_stack, solve_range, Endless, Options, Probe, SolveError, MAX_TABLE_BYTES,
};
use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use std::sync::Arc;

/// The nodes a solve may visit when the caller names no limit: a few minutes at most, so
/// that a position too big to solve ends with an error rather than running for hours.
pub(crate) const DEFAULT_MAX_NODES: u64 = 100_000_000;

/// The solver's hook that ends a solve once Ctrl-C raised `stop`: the solver asks it at
/// every node for a known value (as it asks endgame databases) and it knows none; once
/// `stop` is up, it unwinds the solve (without the panic hook: no fault is meant), whose
/// result nobody waits for any more.
#[derive(Debug)]
struct Interrupt(Stop);

impl<P> Probe<P> for Interrupt {
    fn probe(&self, _: &P, _: Endless) -> Option<(i32, bool)> {
        if stopped(&self.0) {
            std::panic::resume_unwind(Box::new("interrupted"));
        }
        None
    }
}

/// Solves `game` within `nodes` nodes and a table of `table_mb` MiB and returns a dict:
/// `value` (the exact final score difference for the player to move, `None` when it depends
/// on who is given the seeds of an endless game), `low` and `high` (the value under the two
/// conventions), `best` and `best_moves` (every best move, as action ids and in notation), `pv`
/// and `pv_moves` (a principal variation) and `nodes`.
pub(crate) fn solve<'py, G: Registered>(
    py: Python<'py>,
    game: &G,
    nodes: Option<Int>,
    table_mb: Int,
) -> PyResult<Bound<'py, PyDict>> {
    let max_nodes = match nodes {
        None => DEFAULT_MAX_NODES,
        Some(nodes) => nodes
            .within(1, u64::MAX)
            .ok_or_else(|| value_error(format!("nodes must be from 1 to 2^64 - 1, not {nodes}")))?,
    };
    let max_mib = MAX_TABLE_BYTES >> 20;
    let table = table_mb.within(1, max_mib).ok_or_else(|| {
        value_error(format!(
            "table_mb must be from 1 to {max_mib} MiB, not {table_mb}"
        ))
    })?;
    // The game's keys and score bounds (`Solved::solve_options`), the caller's limits.
    let options = Options {
        table_bytes: table << 20,
        max_nodes,
        ..G::solve_options(game)
    };
    let solved = interruptible(py, |stop| {
        let options = Options {
            databases: Some(Arc::new(Interrupt(Arc::clone(stop)))),
            ..options
        };
        on_large_stack(|| guarded(|| Ok(solve_range(game, &options, None))))
            .map_err(|error| PyRuntimeError::new_err(error.to_string()))?
    })?;
    let range = solved.map_err(|error| match error {
        SolveError::Table(_) => value_error(error.to_string()),
        SolveError::LineLimit { plies } => PyRuntimeError::new_err(format!(
            "a line of more than {plies} plies was met, the longest the solver follows: \
             this position cannot be solved here"
        )),
        _ => PyRuntimeError::new_err(error.to_string()),
    })?;
    let best: Vec<(usize, String)> = range
        .best()
        .into_iter()
        .map(|mv| (game.action(mv), mv.to_string()))
        .collect();
    let pv = line(game, &range.south.pv);
    let dict = PyDict::new(py);
    dict.set_item("value", range.exact())?;
    dict.set_item("low", range.low())?;
    dict.set_item("high", range.high())?;
    dict.set_item("best", best.iter().map(|(a, _)| *a).collect::<Vec<_>>())?;
    dict.set_item(
        "best_moves",
        best.into_iter().map(|(_, m)| m).collect::<Vec<_>>(),
    )?;
    dict.set_item("pv", pv.iter().map(|(a, _)| *a).collect::<Vec<_>>())?;
    dict.set_item(
        "pv_moves",
        pv.into_iter().map(|(_, m)| m).collect::<Vec<_>>(),
    )?;
    dict.set_item("nodes", range.nodes())?;
    Ok(dict)
}
