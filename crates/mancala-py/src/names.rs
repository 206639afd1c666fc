//! Game names: one name per game everywhere (OpenSpiel, PettingZoo, batches, play-outs), with
//! the `mancala_` prefix optional, and the dispatch on them. The games are the facade's
//! registry ([`mancala_games::registry`]): a game registered there is a game here.

use crate::game::Config;
use crate::options::Options;
use mancala_games::engine::rules::{RuleOptions, Values};
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

/// Each keyword option of a game with its default, in the order they are read.
struct Defaults<'py>(Python<'py>);

impl<'py> WithGame for Defaults<'py> {
    type Output = PyResult<Bound<'py, PyDict>>;

    fn run<G: Registered>(self, _: Config<G>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(self.0);
        if G::OTHER_STARTS {
            dict.set_item("setup", "even")?;
            dict.set_item("setup_seed", 0)?;
            dict.set_item("first_player", 0)?;
        }
        for option in <G::Rules as RuleOptions>::OPTIONS {
            let key = option.key.replace('-', "_");
            match option.values {
                Values::Flag => dict.set_item(key, option.default == "yes")?,
                Values::Number { .. } | Values::Numbers(_) => {
                    let number: u64 = option.default.parse().map_err(|_| {
                        PyValueError::new_err(format!("the default of `{key}` is no number"))
                    })?;
                    dict.set_item(key, number)?
                }
                Values::Choice(_) => dict.set_item(key, option.default)?,
            }
        }
        Ok(dict)
    }
}

/// The keyword options of game `name` with their defaults, in the order the game reads them:
/// the start options of a game with random starts (`setup`, `setup_seed`, `first_player`),
/// then its rule options (`mancala rules GAME`), each key spelt with underscores, a flag as a
/// `bool`, a number as an `int`, a choice as a `str`.
#[pyfunction]
pub(crate) fn default_options<'py>(py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyDict>> {
    with_game("default_options", name, None, Defaults(py))?
}
