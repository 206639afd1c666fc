#![doc = include_str!("../README.md")]
//!
//! # Modules
//!
//! - [`Side`], [`Outcome`], [`EndReason`]: the vocabulary of players and results.
//! - [`topology`]: how holes connect — the two-row [`Ring`](topology::Ring), Katro's
//!   [`Serpentine`](topology::Serpentine) circuits, [`Stores`].
//! - [`sowing`]: the sowing kernels in closed form, each beside its seed-by-seed reference —
//!   round a ring, round a ring passing over the origin (Oware), and relay laps along a
//!   [`SowingPath`](sowing::SowingPath) of board cells (Katro's circuits, Mangala IV's ring).
//! - [`capture`]: the backward chain capture with opposite holes, and the backward run within
//!   one row (Oware).
//! - [`packed`]: a board of at most 16 holes as one word, and byte masks over hole arrays.
//! - [`repetition`]: when a deterministic line of play repeats (Brent's method, constant
//!   memory), and a [`PositionHistory`](repetition::PositionHistory) that counts a game's
//!   positions.
//! - [`relay`]: the relay driver, which always terminates in bounded memory.
//! - [`rules`]: rule options described once, as a schema every front end reads them through.
//! - [`notation`]: the shape every game's position string shares, and the helpers that
//!   write and read it.
//! - [`draw`]: the board as every front end draws it, rendered as SVG and as text.
//! - [`Position`]: the one trait every game implements; [`perft`](perft::perft) and
//!   [`random_playout`](playout::random_playout) are written once over it. [`Game`] adds
//!   the vocabulary every game crate shares: rules, start, setups, what a move did.
//! - [`actions`]: a game as learning agents see it: fixed action ids, the observation of
//!   floats, what a move did as named facts.

#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod actions;
mod board;
pub mod capture;
pub mod draw;
mod error;
mod game;
pub mod key;
mod moves;
pub mod notation;
mod outcome;
pub mod packed;
pub mod perft;
pub mod playout;
mod position;
pub mod prelude;
pub mod record;
pub mod relay;
pub mod repetition;
mod rng;
pub mod rules;
mod side;
pub mod sowing;
pub mod topology;

pub use board::{Board, MAX_HOLES};
pub use error::ParseError;
pub use game::Game;
pub use moves::{MoveList, MAX_MOVES};
pub use outcome::{EndReason, GameResult, Outcome};
pub use position::Position;
pub use rng::Rng;
pub use side::Side;
pub use topology::Stores;

#[cfg(feature = "serde")]
#[doc(hidden)]
pub use serde as __serde;

/// Implements serde's `Serialize` and `Deserialize` for types with a canonical text form,
/// through their `Display` and `FromStr`: a value is written as its string and read back
/// through the validating parser, so deserialization can never build what parsing would refuse.
/// Every serde implementation in the workspace is written this one way.
///
/// Needs the core's `serde` feature (a game crate's `serde` feature turns it on).
#[macro_export]
macro_rules! serde_via_str {
    ($($ty:ty),+ $(,)?) => {$(
        impl $crate::__serde::Serialize for $ty {
            fn serialize<S: $crate::__serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }
        impl<'de> $crate::__serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <::std::borrow::Cow<'de, str> as $crate::__serde::Deserialize>::deserialize(deserializer)?;
                text.parse().map_err($crate::__serde::de::Error::custom)
            }
        }
    )+};
}

#[cfg(feature = "serde")]
serde_via_str!(Side, EndReason, Outcome, GameResult);
