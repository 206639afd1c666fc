//! Keyword options, read strictly: each known option with its type checked, and any option
//! left over refused, so a misspelt rule never passes silently as the default.

use crate::arrays;
use crate::game::Config;
use crate::ints::{self, Int};
use mancala_games::engine::actions::Start;
use mancala_games::engine::rules::{yes_no, RuleOptions, Values};
use mancala_games::engine::Side;
use mancala_games::registry::Registered;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString};

/// The keyword options of one call, consumed option by option.
pub(crate) struct Options<'py> {
    /// What the options are for, for the messages (`Toguz()`, `Batch('katro')`).
    owner: String,
    dict: Option<Bound<'py, PyDict>>,
}

impl<'py> Options<'py> {
    /// The options of `owner`, copied so that reading them leaves the caller's dict alone.
    pub(crate) fn new(owner: &str, dict: Option<&Bound<'py, PyDict>>) -> PyResult<Options<'py>> {
        let dict = dict.map(|d| d.copy()).transpose()?;
        Ok(Options {
            owner: owner.to_owned(),
            dict,
        })
    }

    /// Removes and returns the option `key`, if given. `None` is a value like any other (and
    /// of no option's type): only leaving an option out gives its default.
    fn take(&mut self, key: &str) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(dict) = &self.dict else {
            return Ok(None);
        };
        let value = dict.get_item(key)?;
        if value.is_some() {
            dict.del_item(key)?;
        }
        Ok(value)
    }

    fn wrong_type(&self, key: &str, expected: &str, value: &Bound<'py, PyAny>) -> PyErr {
        if value.is_none() {
            return PyTypeError::new_err(format!(
                "{}: option `{key}` takes {expected}, not None (leave it out for its default)",
                self.owner
            ));
        }
        let got = value
            .get_type()
            .fully_qualified_name()
            .map(|n| n.to_string())
            .unwrap_or_else(|_| "?".into());
        PyTypeError::new_err(format!(
            "{}: option `{key}` takes {expected}, not {got}",
            self.owner
        ))
    }

    /// An integer option: an `int` or any integer with `__index__` (numpy's), never a
    /// `bool` (`True` is no board size). Its caller checks the range.
    pub(crate) fn int(&mut self, key: &str, default: i64) -> PyResult<Int> {
        match self.take(key)? {
            None => Ok(Int::from(default)),
            Some(v) => ints::read(&v).map_err(|_| self.wrong_type(key, "an int", &v)),
        }
    }

    /// A text option.
    pub(crate) fn text(&mut self, key: &str, default: &str) -> PyResult<String> {
        match self.take(key)? {
            None => Ok(default.to_owned()),
            Some(v) if v.is_instance_of::<PyString>() => v.extract(),
            Some(v) => Err(self.wrong_type(key, "a str", &v)),
        }
    }

    /// A text option that names one of `choices` (name, value); any other text is refused
    /// with the names listed.
    pub(crate) fn choice<T: Copy>(
        &mut self,
        key: &str,
        default: &str,
        choices: &[(&str, T)],
    ) -> PyResult<T> {
        let text = self.text(key, default)?;
        match choices.iter().find(|(name, _)| *name == text) {
            Some(&(_, value)) => Ok(value),
            None => {
                let names: Vec<String> = choices.iter().map(|(n, _)| format!("`{n}`")).collect();
                Err(self.bad_value(key, names.join(" or ")))
            }
        }
    }

    /// The rule set of game rules `R`, read from the keywords its schema names: each key
    /// spelt with underscores (`empty-capture` is `empty_capture`), a flag as a `bool`, a
    /// number as an `int`, a choice as a `str`; the schema's parser gives the errors, as on
    /// the command line.
    pub(crate) fn rules<R: RuleOptions>(&mut self) -> PyResult<R> {
        let mut pairs: Vec<(&'static str, String)> = Vec::new();
        for option in R::OPTIONS {
            let key = option.key.replace('-', "_");
            let Some(value) = self.take(&key)? else {
                continue;
            };
            let text = match option.values {
                Values::Flag
                    if value.is_instance_of::<PyBool>() || arrays::is_numpy_bool(&value)? =>
                {
                    yes_no(value.is_truthy()?).to_owned()
                }
                Values::Flag => return Err(self.wrong_type(&key, "a bool", &value)),
                Values::Number { .. } | Values::Numbers(_) => ints::read(&value)
                    .map_err(|_| self.wrong_type(&key, "an int", &value))?
                    .to_string(),
                Values::Choice(_) if value.is_instance_of::<PyString>() => value.extract()?,
                Values::Choice(_) => return Err(self.wrong_type(&key, "a str", &value)),
            };
            pairs.push((option.key, text));
        }
        let pairs: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (*k, v.as_str())).collect();
        R::from_pairs(&pairs).map_err(|error| {
            let key = error.key.replace('-', "_");
            self.bad_value(&key, error)
        })
    }

    /// A `ValueError` about the value of option `key`.
    pub(crate) fn bad_value(&self, key: &str, why: impl std::fmt::Display) -> PyErr {
        PyValueError::new_err(format!("{}: option `{key}`: {why}", self.owner))
    }

    /// Reads game `G`'s options (its start options, for a game that offers other starts, then
    /// its rules), then refuses any left over: every caller reads them so.
    pub(crate) fn game<G: Registered>(mut self) -> PyResult<Config<G>> {
        let start = if G::OTHER_STARTS {
            self.start()?
        } else {
            Start::STANDARD
        };
        let rules = self.rules()?;
        self.finish()?;
        Ok(Config { rules, start })
    }

    /// The start options of a game that offers starts beside its rules' standard one
    /// ([`Actions::OTHER_STARTS`](mancala_games::engine::actions::Actions::OTHER_STARTS)): `setup` (`even`, the standard start, or `random`, a board
    /// dealt at random), `setup_seed` (the deal's seed) and `first_player` (0 or 1).
    fn start(&mut self) -> PyResult<Start> {
        let random = self.choice("setup", "even", &[("even", false), ("random", true)])?;
        let seed = self.int("setup_seed", 0)?;
        let seed = seed.within(0, u64::MAX).ok_or_else(|| {
            self.bad_value(
                "setup_seed",
                format!("a seed from 0 to 2^64 - 1, not {seed}"),
            )
        })?;
        let first = self.int("first_player", 0)?;
        let first = first
            .within(0, 1)
            .and_then(Side::from_index)
            .ok_or_else(|| {
                self.bad_value(
                    "first_player",
                    format!("0 (South) or 1 (North), not {first}"),
                )
            })?;
        Ok(Start {
            dealt: random.then_some(seed),
            first,
        })
    }

    /// Refuses any option not read: a misspelt option must not fall back to the default.
    fn finish(self) -> PyResult<()> {
        let Some(dict) = self.dict else {
            return Ok(());
        };
        match dict.keys().iter().next() {
            None => Ok(()),
            Some(key) => Err(PyTypeError::new_err(format!(
                "{} got an unexpected keyword argument {}",
                self.owner,
                key.repr()?
            ))),
        }
    }
}
