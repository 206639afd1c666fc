//! Rule options described once, as a schema: each game's rule set names its options, their
//! values, defaults and docs, and every front end (command lines, position strings, Python
//! keywords, engine options) reads them through [`RuleOptions::parse`] with the same keys,
//! values, defaults and errors.
//!
//! ```
//! use mancala_engine::rules::{OptionValues, RuleOption, RuleOptions, RulesError, Values};
//!
//! /// A toy rule set: a board size and one flag.
//! #[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
//! struct Toy { pits: u8, fast: bool }
//!
//! impl RuleOptions for Toy {
//!     const OPTIONS: &'static [RuleOption] = &[
//!         RuleOption::new("pits", Values::Number { min: 1, max: 8 }, "6", "pits a player has"),
//!         RuleOption::new("fast", Values::Flag, "no", "whether the game is fast"),
//!     ];
//!     fn from_values(values: &OptionValues<'_>) -> Result<Toy, RulesError> {
//!         Ok(Toy { pits: values.number("pits") as u8, fast: values.flag("fast") })
//!     }
//!     fn value(&self, key: &str) -> String {
//!         match key {
//!             "pits" => self.pits.to_string(),
//!             _ => mancala_engine::rules::yes_no(self.fast).to_owned(),
//!         }
//!     }
//! }
//!
//! assert_eq!(Toy::parse("fast=yes").unwrap(), Toy { pits: 6, fast: true });
//! assert_eq!(Toy::parse("").unwrap().options_text(), "pits=6,fast=no");
//! let error = Toy::parse("pits=9").unwrap_err();
//! assert_eq!(error.to_string(), "rule `pits=9`: pits takes 1 to 8");
//! assert!(Toy::parse("slow=yes").is_err());
//! ```

use crate::notation::excerpt;
use core::fmt;

/// The values an option takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Values {
    /// `yes` or `no`.
    Flag,
    /// A whole number from `min` to `max`.
    Number {
        /// The least value.
        min: u64,
        /// The greatest value.
        max: u64,
    },
    /// One of these whole numbers (board sizes that come only in some sizes).
    Numbers(&'static [u32]),
    /// One of these words.
    Choice(&'static [&'static str]),
}

impl fmt::Display for Values {
    /// The values as help texts show them: `yes|no`, `1..=8`, `A|B|per-turn`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Values::Flag => f.write_str("yes|no"),
            Values::Number { min, max } => write!(f, "{min}..={max}"),
            Values::Numbers(numbers) => {
                let words: Vec<String> = numbers.iter().map(u32::to_string).collect();
                f.write_str(&words.join("|"))
            }
            Values::Choice(words) => f.write_str(&words.join("|")),
        }
    }
}

/// One rule option: its key, its values, its default and one line of docs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RuleOption {
    /// The key, lower case with hyphens (`empty-capture`); Python spells it with underscores.
    pub key: &'static str,
    /// The values it takes.
    pub values: Values,
    /// The standard value, as written.
    pub default: &'static str,
    /// What it changes, in one line.
    pub doc: &'static str,
}

impl RuleOption {
    /// An option; `default` must be one of `values` (the schema tests of the games check it).
    pub const fn new(
        key: &'static str,
        values: Values,
        default: &'static str,
        doc: &'static str,
    ) -> RuleOption {
        RuleOption {
            key,
            values,
            default,
            doc,
        }
    }

    /// Checks that `value` is one this option takes; the error says which it takes.
    pub fn check(&self, value: &str) -> Result<(), RulesError> {
        let ok = match self.values {
            Values::Flag => value == "yes" || value == "no",
            Values::Number { min, max } => crate::notation::plain_number(value)
                .is_some_and(|n| (min..=max).contains(&u64::from(n))),
            Values::Numbers(numbers) => {
                crate::notation::plain_number(value).is_some_and(|n| numbers.contains(&n))
            }
            Values::Choice(words) => words.contains(&value),
        };
        if ok {
            Ok(())
        } else {
            let why = match self.values {
                Values::Flag => format!("{} takes yes or no", self.key),
                Values::Number { min, max } => format!("{} takes {min} to {max}", self.key),
                Values::Numbers(numbers) => {
                    let words: Vec<String> = numbers.iter().map(u32::to_string).collect();
                    format!("{} takes {}", self.key, words.join(", "))
                }
                Values::Choice(words) => format!("{} takes {}", self.key, words.join(", ")),
            };
            Err(RulesError::new(self.key, value, why))
        }
    }
}

/// Why a rule text, or one of its options, is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesError {
    /// The key as given (an excerpt), empty for a malformed pair.
    pub key: String,
    /// The value as given (an excerpt).
    pub value: String,
    /// What is wrong.
    pub why: String,
}

impl RulesError {
    /// An error about `key=value`.
    pub fn new(key: &str, value: &str, why: impl Into<String>) -> RulesError {
        RulesError {
            key: excerpt(key),
            value: excerpt(value),
            why: why.into(),
        }
    }
}

impl fmt::Display for RulesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.key.is_empty() {
            write!(f, "rule `{}`: {}", self.value, self.why)
        } else {
            write!(f, "rule `{}={}`: {}", self.key, self.value, self.why)
        }
    }
}

impl std::error::Error for RulesError {}

/// Every option of a schema with its value, given or standard, each checked against the
/// values its option takes: what [`RuleOptions::from_values`] builds a rule set from.
#[derive(Debug, Clone)]
pub struct OptionValues<'a> {
    options: &'static [RuleOption],
    values: Vec<&'a str>,
}

impl<'a> OptionValues<'a> {
    /// The value of option `key`, as written.
    ///
    /// # Panics
    ///
    /// If `key` is not in the schema: a game's `from_values` asks only for its own keys.
    pub fn text(&self, key: &str) -> &'a str {
        let index = self
            .options
            .iter()
            .position(|option| option.key == key)
            .unwrap_or_else(|| panic!("`{key}` is not an option of this schema"));
        self.values[index]
    }

    /// The value of flag `key`.
    pub fn flag(&self, key: &str) -> bool {
        self.text(key) == "yes"
    }

    /// The value of number `key` (within its schema's bounds).
    pub fn number(&self, key: &str) -> u64 {
        crate::notation::plain_number(self.text(key)).map_or(0, u64::from)
    }
}

/// `yes` or `no`, as flags are written.
pub const fn yes_no(flag: bool) -> &'static str {
    if flag {
        "yes"
    } else {
        "no"
    }
}

/// A game's rule set, described by its schema: read from `key=value` pairs and written back.
///
/// Contract (the conformance kit checks it): every option's default is one of its values;
/// `parse("")` is `Self::default()`; `parse(&r.options_text())` is `r`.
pub trait RuleOptions: Sized + Copy + Default {
    /// The options, in the order texts write them.
    const OPTIONS: &'static [RuleOption];

    /// The rule set these values give; refuses combinations the game cannot play (a board
    /// too large), naming the option.
    fn from_values(values: &OptionValues<'_>) -> Result<Self, RulesError>;

    /// The value of option `key` in this rule set, as written.
    fn value(&self, key: &str) -> String;

    /// Reads `key=value` pairs separated by commas, each key at most once, in any order; the
    /// options not given take their standard values. The empty text is the standard rules.
    fn parse(text: &str) -> Result<Self, RulesError> {
        let pairs = if text.trim().is_empty() {
            Vec::new()
        } else {
            text.split(',')
                .map(|pair| {
                    pair.split_once('=')
                        .map(|(key, value)| (key.trim(), value.trim()))
                        .ok_or_else(|| {
                            RulesError::new(
                                "",
                                pair,
                                "rules are `key=value` pairs joined by commas",
                            )
                        })
                })
                .collect::<Result<Vec<_>, _>>()?
        };
        Self::from_pairs(&pairs)
    }

    /// The rule set of these `(key, value)` pairs, as [`parse`](RuleOptions::parse) reads them.
    fn from_pairs(pairs: &[(&str, &str)]) -> Result<Self, RulesError> {
        let mut values: Vec<&str> = Self::OPTIONS.iter().map(|option| option.default).collect();
        let mut given = vec![false; values.len()];
        for &(key, value) in pairs {
            let Some(index) = Self::OPTIONS.iter().position(|option| option.key == key) else {
                let keys: Vec<&str> = Self::OPTIONS.iter().map(|option| option.key).collect();
                let why = if keys.is_empty() {
                    "this game has no rule options".to_owned()
                } else {
                    format!("the keys are {}", keys.join(", "))
                };
                return Err(RulesError::new(key, value, why));
            };
            if given[index] {
                return Err(RulesError::new(key, value, "a rule is given twice"));
            }
            Self::OPTIONS[index].check(value)?;
            given[index] = true;
            values[index] = value;
        }
        Self::from_values(&OptionValues {
            options: Self::OPTIONS,
            values,
        })
    }

    /// Every option with its value, `key=value` joined by commas in the schema's order.
    fn options_text(&self) -> String {
        let pairs: Vec<String> = Self::OPTIONS
            .iter()
            .map(|option| format!("{}={}", option.key, self.value(option.key)))
            .collect();
        pairs.join(",")
    }

    /// The options whose value differs from the standard one, as
    /// [`options_text`](RuleOptions::options_text) writes them (empty for the standard rules).
    fn changed_options_text(&self) -> String {
        let pairs: Vec<String> = Self::OPTIONS
            .iter()
            .filter_map(|option| {
                let value = self.value(option.key);
                (value != option.default).then(|| format!("{}={value}", option.key))
            })
            .collect();
        pairs.join(",")
    }
}

/// A game without rule options.
impl RuleOptions for () {
    const OPTIONS: &'static [RuleOption] = &[];

    fn from_values(_values: &OptionValues<'_>) -> Result<(), RulesError> {
        Ok(())
    }

    fn value(&self, _key: &str) -> String {
        String::new()
    }
}
