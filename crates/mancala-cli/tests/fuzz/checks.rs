//! The promises checked for whatever an entry point accepts.

use mancala_engine::Position;
use mancala_kit::Kit;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::fmt::{Debug, Display};
use std::str::FromStr;

/// Plies a position accepted from outside is played on, re-read copies following it.
const PLIES: usize = 300;

/// A value accepted from text writes a text that reads back as the same value, written the
/// same way.
pub fn reads_back<T>(value: &T)
where
    T: Display + FromStr + PartialEq + Debug,
    T::Err: Display,
{
    let text = value.to_string();
    match text.parse::<T>() {
        Ok(back) => {
            assert_eq!(&back, value, "`{text}` reads back as another value");
            assert_eq!(back.to_string(), text, "`{text}` is written another way");
        }
        Err(error) => panic!("`{text}`, written for an accepted value, does not read: {error}"),
    }
}

/// A position accepted from outside is one the game can play: along a seeded random game from
/// it, every promise of the conformance kit holds (legal moves empty exactly when over, no seed
/// made or lost, moves and positions reading back), and copies re-read through its string and
/// serde forms play on exactly like it.
pub fn playable<P>(position: P, seed: u64)
where
    P: Position + Debug + Display + FromStr + Serialize + DeserializeOwned,
    <P as FromStr>::Err: Display,
    P::Move: Display + FromStr,
{
    Kit::new([position])
        .games(1)
        .seed(seed)
        .max_plies(PLIES, false)
        .round_trip("serde", through_serde::<P>)
        .run();
}

/// `value` written as JSON and read back.
pub fn through_serde<T: Serialize + DeserializeOwned>(value: &T) -> Result<T, String> {
    let json = serde_json::to_string(value).map_err(|e| e.to_string())?;
    serde_json::from_str(&json).map_err(|e| e.to_string())
}

/// The serde entry point agrees with the parser: a JSON string is read exactly when the parser
/// reads its text, as the same value; any other JSON value is refused.
pub fn serde_agrees<T>(json: &str)
where
    T: DeserializeOwned + FromStr + PartialEq + Debug,
{
    let read = serde_json::from_str::<T>(json).ok();
    let expected = match serde_json::from_str::<serde_json::Value>(json) {
        Ok(serde_json::Value::String(text)) => text.parse::<T>().ok(),
        _ => None,
    };
    assert_eq!(read, expected, "serde and the parser disagree on {json}");
}

/// The seed of the random game played from an accepted input: the input's own hash, so a
/// failure repeats with the input alone.
pub fn seed_of(input: &str) -> u64 {
    input
        .bytes()
        .fold(17, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)))
}
