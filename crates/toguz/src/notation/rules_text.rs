//! The rule set as text: the board (`2x9`, `2x7`, `2x5`) and the words of the options that
//! differ from the standard ones. Position strings end with the same option words.

use super::{quote, ParseError};
use crate::{BoardSize, RuleSet, TuzdikRule};
use core::fmt;
use core::str::FromStr;

/// The word of optional tuzdiks.
const OPTIONAL_TUZDIK: &str = "optional-tuzdik";
/// The word of play beyond a majority.
const NO_MAJORITY_STOP: &str = "no-majority-stop";

/// The words of `rules`' options that differ from the standard ones, in their fixed order.
pub(crate) fn option_words(rules: RuleSet) -> impl Iterator<Item = &'static str> {
    let optional = (rules.tuzdik == TuzdikRule::Optional).then_some(OPTIONAL_TUZDIK);
    let no_stop = (!rules.stop_at_majority).then_some(NO_MAJORITY_STOP);
    optional.into_iter().chain(no_stop)
}

/// Options read one word at a time, each at most once.
#[derive(Default)]
pub(crate) struct Options {
    optional_tuzdik: bool,
    no_majority_stop: bool,
}

impl Options {
    /// Takes `word` if it is an option word; `Ok(false)` if it is not one.
    pub(crate) fn read(&mut self, word: &str) -> Result<bool, ParseError> {
        let flag = match word {
            OPTIONAL_TUZDIK => &mut self.optional_tuzdik,
            NO_MAJORITY_STOP => &mut self.no_majority_stop,
            _ => return Ok(false),
        };
        if *flag {
            return Err(ParseError::RepeatedOption {
                text: word.to_owned(),
            });
        }
        *flag = true;
        Ok(true)
    }

    /// Whether any option was read.
    pub(crate) fn any(&self) -> bool {
        self.optional_tuzdik || self.no_majority_stop
    }

    /// The rules on `board` with the options read.
    pub(crate) fn rules(&self, board: BoardSize) -> RuleSet {
        RuleSet {
            tuzdik: if self.optional_tuzdik {
                TuzdikRule::Optional
            } else {
                TuzdikRule::Automatic
            },
            stop_at_majority: !self.no_majority_stop,
            board,
        }
    }
}

impl fmt::Display for RuleSet {
    /// The board, then the words of the options that differ from the standard ones:
    /// `2x9`, `2x7 optional-tuzdik no-majority-stop`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "2x{}", self.board.per_side())?;
        for word in option_words(*self) {
            write!(f, " {word}")?;
        }
        Ok(())
    }
}

impl FromStr for RuleSet {
    type Err = ParseError;

    /// Reads the board (`2x9`, `2x7` or `2x5`) and then, in any order, the option words
    /// `optional-tuzdik` and `no-majority-stop`, separated by white space.
    fn from_str(text: &str) -> Result<RuleSet, ParseError> {
        let mut words = text.split_ascii_whitespace();
        let first = words.next().unwrap_or("");
        let board = match first {
            "2x9" => BoardSize::Nine,
            "2x7" => BoardSize::Seven,
            "2x5" => BoardSize::Five,
            _ => return Err(ParseError::BadBoard { text: quote(first) }),
        };
        let mut options = Options::default();
        for word in words {
            if !options.read(word)? {
                return Err(ParseError::BadOption { text: quote(word) });
            }
        }
        Ok(options.rules(board))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_set_reads_back() {
        for rules in RuleSet::ALL {
            assert_eq!(rules.to_string().parse(), Ok(rules));
        }
        assert_eq!(
            "2x9  no-majority-stop optional-tuzdik".parse::<RuleSet>(),
            "2x9 optional-tuzdik no-majority-stop".parse()
        );
    }

    #[test]
    fn unknown_and_repeated_words_are_refused() {
        for bad in [
            "",
            "9",
            "2x8",
            "optional-tuzdik",
            "2x9 optional",
            "2x9 optional-tuzdik optional-tuzdik",
        ] {
            assert!(bad.parse::<RuleSet>().is_err(), "{bad:?}");
        }
    }
}
