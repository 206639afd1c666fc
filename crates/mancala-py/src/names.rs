//! Game names: one name per game everywhere (OpenSpiel, PettingZoo, batches, play-outs), with
//! the `mancala_` prefix optional; and the package's one list of games.

use crate::game::{python_name, Binding};
use crate::games::{Kalah, Katro, Mangala4, Oware, Toguz};
use crate::options::Options;
use mancala_engine::Game;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// Work to do with the game type a name picks.
pub(crate) trait WithGame {
    /// What the work gives back.
    type Output;
    /// Does the work for game `G`, started as its keyword options say.
    fn run<G: Binding>(self, config: G::Config) -> Self::Output;
}

/// The games of the package, each named once: its names and the dispatch on them.
macro_rules! registry {
    ($($game:ident),+ $(,)?) => {
        /// Every game's name, as OpenSpiel and PettingZoo know it.
        pub(crate) fn names() -> Vec<String> {
            vec![$(python_name::<$game>()),+]
        }

        /// Runs `work` for the game named `name` (`mancala_toguz` or `toguz`), with the game's
        /// keyword `options` read (strictly) for it; `function` names the Python call in
        /// messages.
        pub(crate) fn with_game<W: WithGame>(
            function: &str,
            name: &str,
            options: Option<&Bound<'_, PyDict>>,
            work: W,
        ) -> PyResult<W::Output> {
            let options = Options::new(&format!("{function}({name:?})"), options)?;
            let short = name.strip_prefix("mancala_").unwrap_or(name);
            $(
                if short == <$game as Game>::NAME {
                    return Ok(work.run::<$game>(options.game::<$game>()?));
                }
            )+
            Err(PyValueError::new_err(format!(
                "no game is named {name:?}; the games are {}",
                names().join(", ")
            )))
        }
    };
}

registry!(Toguz, Mangala4, Katro, Oware, Kalah);
