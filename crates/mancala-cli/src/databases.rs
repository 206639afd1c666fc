//! Endgame databases for the solver and the players, built with progress.

use mancala_games::player::DbSource;
use mancala_games::registry::Registered;
use mancala_games::solver::{BuildOptions, BuildProgress, Databases, EndgameOps, LevelStats};
use std::sync::Arc;

/// Builds `template`'s databases, with a line on standard error for each pass (and each part
/// of a level built in parts) when `progress`.
pub fn build<G>(
    endgame: EndgameOps<G>,
    template: &G,
    options: &BuildOptions,
    progress: bool,
) -> Result<(Databases, Vec<LevelStats>), String> {
    let mut tell = |p: &BuildProgress| {
        let (part, so_far) = match p.part {
            Some((part, parts)) => (format!(", part {part} of {parts}"), " so far"),
            None => (String::new(), ""),
        };
        errln!(
            "progress: level {}, pass {}{part}, {} values set{so_far} ({} positions), {:.1} s",
            p.seeds,
            p.pass,
            p.changed,
            p.positions,
            p.elapsed.as_secs_f64()
        );
    };
    let tell: Option<&mut dyn FnMut(&BuildProgress)> =
        if progress { Some(&mut tell) } else { None };
    endgame
        .build(template, options, tell)
        .map_err(|e| e.to_string())
}

/// The databases a player of `position`'s rules probes, built on every core or read from a
/// file as `source` says, with one line on standard error when done.
pub fn for_player<G: Registered>(
    position: &G,
    source: &DbSource,
) -> Result<Arc<Databases>, String> {
    let started = std::time::Instant::now();
    let databases = mancala_games::player::databases(position, source)?;
    let from = match source {
        DbSource::Build(_) => String::new(),
        DbSource::File(path) => format!(" from `{}`", path.display()),
    };
    errln!(
        "databases{from}: up to {} seeds on the board, {} positions, {:.1} s",
        databases.max_seeds().map_or(-1, i64::from),
        databases.positions(),
        started.elapsed().as_secs_f64()
    );
    Ok(databases)
}
