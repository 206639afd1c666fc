//! Game names: one name per game everywhere (OpenSpiel, PettingZoo, batches, play-outs), with
//! the `mancala_` prefix optional.

use crate::game::Game;
use crate::games::{Katro, Mangala4, Oware, Toguz};
use crate::options::Options;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Every game's name, as OpenSpiel and PettingZoo know it.
pub(crate) const NAMES: [&str; 4] = [Toguz::NAME, Mangala4::NAME, Katro::NAME, Oware::NAME];

/// Work to do with the game type a name picks.
pub(crate) trait WithGame {
    /// What the work gives back.
    type Output;
    /// Does the work for game `G`, started as its keyword options say.
    fn run<G: Game>(self, config: G::Config) -> Self::Output;
}

/// Runs `work` for the game named `name` (`mancala_toguz` or `toguz`), with the game's keyword
/// `options` read (strictly) for it; `function` names the Python call in messages.
pub(crate) fn with_game<W: WithGame>(
    function: &str,
    name: &str,
    options: Option<&Bound<'_, PyDict>>,
    work: W,
) -> PyResult<W::Output> {
    let options = Options::new(&format!("{function}({name:?})"), options)?;
    let full = if name.starts_with("mancala_") {
        name.to_owned()
    } else {
        format!("mancala_{name}")
    };
    Ok(match full.as_str() {
        Toguz::NAME => work.run::<Toguz>(options.game::<Toguz>()?),
        Mangala4::NAME => work.run::<Mangala4>(options.game::<Mangala4>()?),
        Katro::NAME => work.run::<Katro>(options.game::<Katro>()?),
        Oware::NAME => work.run::<Oware>(options.game::<Oware>()?),
        _ => {
            return Err(PyValueError::new_err(format!(
                "no game is named {name:?}; the games are {}",
                NAMES.join(", ")
            )))
        }
    })
}
