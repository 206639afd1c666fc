//! Each game crate bound to the package: its options, action ids, observation planes and
//! what a move did, one module per game.

mod katro;
mod mangala4;
mod oware;
mod toguz;

pub(crate) use katro::Katro;
pub(crate) use mangala4::Mangala4;
pub(crate) use oware::Oware;
pub(crate) use toguz::Toguz;

/// Parses a position or move text, handing back the library's message on failure.
pub(crate) fn parse<T: core::str::FromStr>(text: &str) -> Result<T, String>
where
    T::Err: core::fmt::Display,
{
    text.parse().map_err(|e: T::Err| e.to_string())
}
