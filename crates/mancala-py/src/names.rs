//! Game names: one name per game everywhere (OpenSpiel, PettingZoo, batches, play-outs), with
//! the `mancala_` prefix optional.

use crate::game::Game;
use crate::games::{Katro, Mangala4, Oware, Toguz};
use pyo3::exceptions::PyValueError;
use pyo3::PyResult;

/// Every game's name, as OpenSpiel and PettingZoo know it.
pub(crate) const NAMES: [&str; 4] = [Toguz::NAME, Mangala4::NAME, Katro::NAME, Oware::NAME];

/// Work to do with the game type a name picks.
pub(crate) trait WithGame {
    /// What the work gives back.
    type Output;
    /// Does the work for game `G`.
    fn run<G: Game>(self) -> Self::Output;
}

/// Runs `work` for the game named `name` (`mancala_toguz` or `toguz`).
pub(crate) fn with_game<W: WithGame>(name: &str, work: W) -> PyResult<W::Output> {
    let full = if name.starts_with("mancala_") {
        name.to_owned()
    } else {
        format!("mancala_{name}")
    };
    Ok(match full.as_str() {
        Toguz::NAME => work.run::<Toguz>(),
        Mangala4::NAME => work.run::<Mangala4>(),
        Katro::NAME => work.run::<Katro>(),
        Oware::NAME => work.run::<Oware>(),
        _ => {
            return Err(PyValueError::new_err(format!(
                "no game is named {name:?}; the games are {}",
                NAMES.join(", ")
            )))
        }
    })
}
