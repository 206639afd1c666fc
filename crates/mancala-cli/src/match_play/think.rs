//! `mancala match think`: searches the start position of a game (or Toguz Kumalak
//! middlegames) with the computer player and prints each completed iteration.

use super::{millis, opening, table_bytes, MAX_ASPIRATION};
use crate::cli::in_range;
use mancala_engine::Position;
use mancala_search::{Limits, MAX_SEARCH_DEPTH};
use std::time::Duration;

/// The most middlegames `think --positions` searches.
const MAX_POSITIONS: u64 = 1_000_000;

/// Searches the start position of a game and prints each iteration.
pub(super) fn run(args: &[String]) -> Result<(), String> {
    let [game, options @ ..] = args else {
        return Err("think takes a game".into());
    };
    let (mut time, mut table, mut depth) = (Duration::from_millis(100), 16 << 20, None);
    let (mut positions, mut pruning, mut threads) = (0u64, true, 1);
    let (mut aspiration, mut quiescence) = (
        mancala_search::DEFAULT_ASPIRATION,
        mancala_search::DEFAULT_QUIESCENCE,
    );
    let mut rest = options.iter();
    while let Some(option) = rest.next() {
        if option == "--old" {
            let limits = Limits::depth(depth.unwrap_or(MAX_SEARCH_DEPTH)).with_time(time);
            let started = std::time::Instant::now();
            let result = mancala_search::AlphaBeta::new(limits).search(&toguz::Toguz::default());
            outln!(
                "old: depth={} nodes={} ms={}",
                result.depth,
                result.nodes,
                started.elapsed().as_millis()
            );
            return Ok(());
        }
        if option == "--score" {
            let limits = Limits::depth(depth.unwrap_or(MAX_SEARCH_DEPTH)).with_time(time);
            think_about(
                &toguz::Toguz::default(),
                mancala_search::Pvs::new(limits),
                table,
            );
            return Ok(());
        }
        let name = option.as_str();
        let known = [
            "--time",
            "--table",
            "--depth",
            "--aspiration",
            "--quiescence",
            "--positions",
            "--pruning",
            "--threads",
        ];
        if !known.contains(&name) {
            return Err(format!("unknown option `{name}`"));
        }
        let value = rest
            .next()
            .ok_or_else(|| format!("{option} takes a whole number"))?;
        match name {
            "--time" => time = millis(name, value, 0)?,
            "--table" => table = table_bytes(name, value)?,
            "--depth" => depth = Some(super::depth(name, value)?),
            "--aspiration" => aspiration = in_range(name, value, 0..=MAX_ASPIRATION)?,
            "--quiescence" => quiescence = in_range(name, value, 0..=MAX_SEARCH_DEPTH)?,
            "--positions" => positions = in_range(name, value, 0..=MAX_POSITIONS)?,
            "--threads" => {
                threads = in_range(name, value, 1..=mancala_search::MAX_THREADS as u32)? as usize
            }
            _ => pruning = in_range(name, value, 0..=1)? != 0,
        }
    }
    let mut limits = Limits::time(time);
    if let Some(depth) = depth {
        limits = limits.with_depth(depth);
    }
    let toguz_player = || {
        mancala_search::Pvs::with_evaluator(
            limits,
            mancala_search::games::toguz::Evaluation::default(),
        )
        .with_aspiration(aspiration)
        .with_quiescence(quiescence)
        .with_pruning(pruning)
        .with_table_bytes(table)
        .with_threads(threads)
    };
    if positions > 0 {
        // Middlegames of 6 to 28 random plies, each searched by a fresh player.
        let mut total = 0;
        for number in 0..positions {
            let plies = 6 + 2 * (number % 12) as u32;
            let position = opening(&toguz::Toguz::default(), 1, number, plies);
            let result = toguz_player().search(&position);
            outln!(
                "position {number} ({plies} plies): depth={} nodes={}",
                result.depth,
                result.nodes
            );
            total += result.nodes;
        }
        outln!("positions={positions} nodes={total}");
        return Ok(());
    }
    match game.as_str() {
        "toguz" => think_about(&toguz::Toguz::default(), toguz_player(), table),
        "katro" => think_about(
            &katro::Katro::default(),
            mancala_search::Pvs::with_evaluator(
                limits,
                mancala_search::games::katro::Evaluation::default(),
            ),
            table,
        ),
        "oware" => think_about(
            &oware::Oware::default(),
            mancala_search::Pvs::with_evaluator(
                limits,
                mancala_search::games::oware::Evaluation::default(),
            ),
            table,
        ),
        "kalah" => think_about(
            &kalah::Kalah::default(),
            mancala_search::Pvs::with_evaluator(
                limits,
                mancala_search::games::kalah::Evaluation::default(),
            ),
            table,
        ),
        other => return Err(format!("unknown game `{other}`")),
    }
    Ok(())
}

/// Searches `position` with `player`, its table of `table` bytes allocated first, and prints
/// each iteration.
fn think_about<P, E>(position: &P, player: mancala_search::Pvs<P, E>, table: usize)
where
    P: Position + Sync,
    P::Move: std::hash::Hash + std::fmt::Display,
    E: mancala_search::Evaluator<P> + Sync,
{
    let mut player = player.with_table_bytes(table);
    player.allocate_table();
    let result = player.search_with(position, |iteration| outln!("{iteration}"));
    outln!(
        "best={} depth={} nodes={}",
        result.best_move.map(|m| m.to_string()).unwrap_or_default(),
        result.depth,
        result.nodes
    );
}
