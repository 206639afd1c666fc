//! `mancala match think`: searches the start position of a game (or random middlegames) with
//! the computer player and prints each completed iteration.

use super::{millis, opening, table_bytes, MAX_ASPIRATION};
use crate::cli::in_range;
use mancala_games::engine::Position;
use mancala_games::registry::{self, Registered, Visitor};
use mancala_games::search::{
    AlphaBeta, Evaluator, Limits, Pvs, DEFAULT_ASPIRATION, DEFAULT_QUIESCENCE, MAX_SEARCH_DEPTH,
    MAX_THREADS,
};
use std::time::Duration;

/// The most middlegames `think --positions` searches.
const MAX_POSITIONS: u64 = 1_000_000;

/// Searches the start position of a game and prints each iteration.
pub(super) fn run(args: &[String]) -> Result<(), String> {
    let [game, options @ ..] = args else {
        return Err("think takes a game".into());
    };
    registry::with_game(game, Think(options)).map_err(|unknown| unknown.to_string())?
}

/// `think` on the arguments after the game's name.
struct Think<'a>(&'a [String]);

impl Visitor for Think<'_> {
    type Output = Result<(), String>;
    fn visit<G: Registered>(self) -> Self::Output {
        think::<G>(self.0)
    }
}

fn think<G: Registered>(options: &[String]) -> Result<(), String> {
    let (mut time, mut table, mut depth) = (Duration::from_millis(100), 16 << 20, None);
    let (mut positions, mut pruning, mut threads) = (0u64, true, 1);
    let (mut aspiration, mut quiescence) = (DEFAULT_ASPIRATION, DEFAULT_QUIESCENCE);
    let mut rest = options.iter();
    while let Some(option) = rest.next() {
        if option == "--old" {
            let limits = Limits::depth(depth.unwrap_or(MAX_SEARCH_DEPTH)).with_time(time);
            let started = std::time::Instant::now();
            let result = AlphaBeta::new(limits).search(&G::default());
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
            think_about(&G::default(), Pvs::new(limits), table);
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
            "--threads" => threads = in_range(name, value, 1..=MAX_THREADS as u32)? as usize,
            _ => pruning = in_range(name, value, 0..=1)? != 0,
        }
    }
    let mut limits = Limits::time(time);
    if let Some(depth) = depth {
        limits = limits.with_depth(depth);
    }
    let player = || {
        Pvs::with_evaluator(limits, G::Evaluation::default())
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
            let position = opening(&G::default(), 1, number, plies);
            let result = player().search(&position);
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
    think_about(&G::default(), player(), table);
    Ok(())
}

/// Searches `position` with `player`, its table of `table` bytes allocated first, and prints
/// each iteration.
fn think_about<P, E>(position: &P, player: Pvs<P, E>, table: usize)
where
    P: Position + Sync,
    P::Move: std::hash::Hash + std::fmt::Display,
    E: Evaluator<P> + Sync,
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
