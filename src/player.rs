//! The strongest computer player of every registered game, written once for the command line,
//! the engine protocol, the page of `mancala serve` and the Python package: the
//! principal-variation search with the game's evaluation, taking the exact values of the
//! game's endgame databases where they are given and know the position.
//!
//! ```
//! use mancala_games::kalah::Kalah;
//! use mancala_games::player;
//! use mancala_games::search::Limits;
//!
//! let start = Kalah::default();
//! let found = player::strongest::<Kalah>(Limits::depth(6), None).search(&start);
//! assert_eq!(found.depth, 6);
//! assert!(found.best_move.is_some());
//! ```

use crate::registry::Registered;
use crate::search::games::Played;
use crate::search::{Limits, Probed, Pvs};
#[cfg(feature = "solver")]
use crate::solver::{BuildOptions, Databases};
#[cfg(feature = "solver")]
use std::sync::Arc;

/// Exact values of the rest of the game, where known: what a player's evaluation takes first.
pub type Rest<G> = Box<dyn Fn(&G) -> Option<i32> + Send + Sync>;

/// The strongest player of game `G`.
pub type Player<G> = Pvs<G, Probed<<G as Played>::Evaluation, Rest<G>>>;

/// The strongest player of `G` under `limits` (threads and table size through
/// [`Pvs`]'s builder methods), taking the exact values `rest` gives.
pub fn with_rest<G: Registered>(limits: Limits, rest: Rest<G>) -> Player<G> {
    Pvs::with_evaluator(limits, Probed::new(G::Evaluation::default(), rest))
}

/// The strongest player of `G` under `limits`, with the exact values of `databases` (built
/// by [`databases`] for the position's rules) where they know the position.
#[cfg(feature = "solver")]
pub fn strongest<G: Registered>(limits: Limits, databases: Option<Arc<Databases>>) -> Player<G> {
    with_rest(limits, rest(databases))
}

/// What `databases` know of the rest of a game of `G` from a position: the exact value where
/// they hold it for the position's rules and size, nothing elsewhere (or without databases).
#[cfg(feature = "solver")]
pub fn rest<G: Registered>(databases: Option<Arc<Databases>>) -> Rest<G> {
    match (databases, G::endgame()) {
        (Some(databases), Some(endgame)) => {
            Box::new(move |position: &G| endgame.known(&databases, position))
        }
        _ => Box::new(|_: &G| None),
    }
}

/// The strongest player of `G` under `limits`.
#[cfg(not(feature = "solver"))]
pub fn strongest<G: Registered>(limits: Limits) -> Player<G> {
    with_rest(limits, Box::new(|_: &G| None))
}

/// Where a player's endgame databases come from.
#[cfg(feature = "solver")]
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum DbSource {
    /// Built now, up to this many seeds on the board, on every core.
    Build(u32),
    /// Read from a file written for the same game and rules (`mancala solve … --db-write
    /// FILE`, or [`Databases::write`]), so that they are built once, not in every process.
    File(std::path::PathBuf),
}

/// The endgame databases a player of `position`'s rules probes, built or read as `source`
/// says; an error naming the game for one without databases, for a size the memory option
/// refuses, or for a file that cannot be read or holds other rules.
#[cfg(feature = "solver")]
pub fn databases<G: Registered>(position: &G, source: &DbSource) -> Result<Arc<Databases>, String> {
    let endgame = G::endgame().ok_or_else(|| format!("{} has no endgame databases", G::NAME))?;
    let template = endgame.template(position);
    let databases = match source {
        DbSource::Build(seeds) => {
            endgame
                .build(&template, &BuildOptions::on_every_core(*seeds), None)
                .map_err(|e| e.to_string())?
                .0
        }
        DbSource::File(path) => {
            // A file's levels are its bytes: what it holds is what it may take in memory.
            let size = std::fs::metadata(path).map_or(0, |m| m.len());
            let memory = size.max(BuildOptions::default().memory_bytes);
            endgame.read_file(path, &template, memory)?
        }
    };
    Ok(Arc::new(databases))
}

#[cfg(all(test, feature = "solver"))]
mod tests {
    use super::*;
    use crate::engine::{Game as _, Position as _};
    use crate::kalah::{Kalah, RuleSet};

    #[test]
    fn a_player_with_databases_plays_their_best_move() {
        // Two pits of two seeds, without a move limit: every position is in the databases.
        let start = Kalah::new(RuleSet::with_board(2, 2).unwrap().with_max_plies(0));
        let databases = databases(&start, &DbSource::Build(8)).unwrap();
        let found = strongest::<Kalah>(Limits::depth(2), Some(databases)).search(&start);
        assert!(found.best_move.is_some());
        assert!(start.legal_moves().contains(&found.best_move.unwrap()));
    }

    #[test]
    fn databases_read_from_a_file_know_what_the_built_ones_know() {
        // Three pits of two seeds: the databases to 12 seeds hold every position.
        let start = Kalah::new(RuleSet::with_board(3, 2).unwrap().with_max_plies(0));
        let built = databases(&start, &DbSource::Build(12)).unwrap();
        let path = std::env::temp_dir().join(format!("player-db-{}.db", std::process::id()));
        built.write(std::fs::File::create(&path).unwrap()).unwrap();
        let read = databases(&start, &DbSource::File(path.clone())).unwrap();
        let endgame = <Kalah as crate::solver::Solved>::endgame().unwrap();
        let mut position = start;
        let mut compared = 0;
        while !position.is_over() {
            assert_eq!(
                endgame.known(&read, &position),
                endgame.known(&built, &position)
            );
            compared += usize::from(endgame.known(&read, &position).is_some());
            let mv = position.legal_moves()[0];
            position.play_unchecked(mv);
        }
        assert!(compared > 0, "no position of the line was in the databases");
        // Another board's rules: refused, naming the field.
        let other = Kalah::new(RuleSet::with_board(4, 2).unwrap().with_max_plies(0));
        let error = databases(&other, &DbSource::File(path.clone())).unwrap_err();
        std::fs::remove_file(&path).unwrap();
        assert!(
            error.contains("pit count") || error.contains("rules"),
            "{error}"
        );
        let missing = databases(&start, &DbSource::File(path)).unwrap_err();
        assert!(
            missing.starts_with("cannot open the database file"),
            "{missing}"
        );
    }

    #[test]
    fn a_game_without_databases_says_so() {
        let error = databases(&crate::katro::Katro::default(), &DbSource::Build(4)).unwrap_err();
        assert_eq!(error, "katro has no endgame databases");
    }
}
