//! Game names: one name per game everywhere (OpenSpiel, PettingZoo, batches, play-outs), with
//! the `mancala_` prefix optional, and the dispatch on them. The games are the facade's
//! registry ([`mancala_games::registry`]): a game registered there is a game here.

use crate::game::Config;
use crate::options::Options;
use mancala_games::registry::{self, Registered, Visitor};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Work to do with the game type a name picks.
pub(crate) trait WithGame {
    /// What the work gives back.
    type Output;
    /// Does the work for game `G`, started as its keyword options say.
    fn run<G: Registered>(self, config: Config<G>) -> Self::Output;
}

/// Every game's name, as OpenSpiel and PettingZoo know it, in the registry's order.
pub(crate) fn names() -> Vec<String> {
    registry::GAMES
        .iter()
        .map(|entry| format!("mancala_{}", entry.name))
        .collect()
}

/// The work of [`with_game`] on the game the registry picks: its options read, then run.
struct Visit<'py, W> {
    options: Options<'py>,
    work: W,
}

impl<W: WithGame> Visitor for Visit<'_, W> {
    type Output = PyResult<W::Output>;

    fn visit<G: Registered>(self) -> PyResult<W::Output> {
        Ok(self.work.run::<G>(self.options.game::<G>()?))
    }
}

/// Runs `work` for the game named `name` (`mancala_toguz` or `toguz`), with the game's
/// keyword `options` read (strictly) for it; `function` names the Python call in messages.
pub(crate) fn with_game<W: WithGame>(
    function: &str,
    name: &str,
    options: Option<&Bound<'_, PyDict>>,
    work: W,
) -> PyResult<W::Output> {
    let options = Options::new(&format!("{function}({name:?})"), options)?;
    let short = name.strip_prefix("mancala_").unwrap_or(name);
    registry::with_game(short, Visit { options, work }).map_err(|_| {
        PyValueError::new_err(format!(
            "no game is named {name:?}; the games are {}",
            names().join(", ")
        ))
    })?
}
