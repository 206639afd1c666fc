//! The fuzzers of the two kinds of text entry point: a value type's `FromStr` (moves, rule sets,
//! results) and a position type's. Both check the serde entry point on the same inputs.

use crate::checks::{playable, reads_back, seed_of, serde_agrees};
use crate::harness::{note, run, Budget};
use crate::inputs::{draw, json};
use mancala_engine::Position;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::{Debug, Display};
use std::str::FromStr;

/// The longest error message a parser may give: enough to say what is wrong and quote a little
/// of the input, never the whole of a large one.
const MAX_MESSAGE: usize = 400;

/// Fuzzes `T`'s `FromStr` with inputs grown from `corpus` (valid texts): whatever it accepts
/// reads back as itself and passes `more`; whatever it refuses gets a short error message; when
/// `T` has a serde form (`serde`), the serde entry point agrees with the parser.
pub fn text<T>(
    name: &str,
    budget: Budget,
    corpus: &[String],
    serde: Option<fn(&str)>,
    more: impl Fn(&str, T),
) -> Result<(), String>
where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Display,
{
    assert_corpus_valid::<T>(name, corpus);
    run(
        name,
        budget,
        |rng| draw(rng, corpus),
        |input| {
            let accepted = match input.parse::<T>() {
                Ok(value) => {
                    reads_back(&value);
                    more(input, value);
                    true
                }
                Err(error) => {
                    clear(&error);
                    false
                }
            };
            if let Some(agrees) = serde {
                agrees(&json(input));
            }
            accepted
        },
    )
}

/// [`text`] for a value type with a serde form and nothing more to check.
pub fn value<T>(name: &str, budget: Budget, corpus: &[String]) -> Result<(), String>
where
    T: FromStr + Display + PartialEq + Debug + DeserializeOwned,
    T::Err: Display,
{
    text::<T>(name, budget, corpus, Some(serde_agrees::<T>), |_, _| {})
}

/// [`text`] for a value type without a serde form.
pub fn plain<T>(name: &str, budget: Budget, corpus: &[String]) -> Result<(), String>
where
    T: FromStr + Display + PartialEq + Debug,
    T::Err: Display,
{
    text::<T>(name, budget, corpus, None, |_, _| {})
}

/// [`text`] for a position type: whatever is accepted also plays on (see [`playable`]).
pub fn position<P>(name: &str, budget: Budget, corpus: &[String]) -> Result<(), String>
where
    P: Position + Debug + Display + FromStr + Serialize + DeserializeOwned,
    <P as FromStr>::Err: Display,
    P::Move: Display + FromStr,
{
    text::<P>(
        name,
        budget,
        corpus,
        Some(serde_agrees::<P>),
        |input, position| {
            playable(position, seed_of(input));
        },
    )
}

/// The refusal of an input says what is wrong; a message too long to read (one that quotes
/// all of a large input, say) is noted.
pub fn clear(error: &dyn Display) {
    let message = error.to_string();
    assert!(!message.trim().is_empty(), "an error without a message");
    if message.len() > MAX_MESSAGE {
        note(format!(
            "an error message of {} bytes: {}…",
            message.len(),
            message.chars().take(60).collect::<String>()
        ));
    }
}

/// The corpus the inputs grow from is made of valid texts (else the suite fuzzes the wrong
/// thing).
fn assert_corpus_valid<T>(name: &str, corpus: &[String])
where
    T: FromStr,
    T::Err: Display,
{
    assert!(!corpus.is_empty(), "fuzz {name}: an empty corpus");
    for text in corpus {
        if let Err(error) = text.parse::<T>() {
            panic!("fuzz {name}: the corpus text `{text}` does not read: {error}");
        }
    }
}
