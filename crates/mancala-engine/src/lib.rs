//! Mechanisms shared by every mancala in the workspace, and no game's rules.
//!
//! - [`Side`], [`Outcome`], [`EndReason`]: the vocabulary of players and results.
//! - [`topology`]: how holes connect — the two-row [`Ring`](topology::Ring), Katro's
//!   [`Serpentine`](topology::Serpentine) circuits, [`Stores`].
//! - [`sow`]: closed-form sowing primitives with their seed-by-seed references;
//!   [`sow_skip`] sowing that passes over its own origin (Oware).
//! - [`cycle`]: relay sowing round a cycle of board cells, a lap in a few vector
//!   instructions from per-origin tables (Katro's circuits, Mangala IV's ring).
//! - [`relay`]: the relay driver, which always terminates in bounded memory.
//! - [`capture`]: the backward chain capture with opposite holes; [`capture_row`] the
//!   backward run within one row (Oware).
//! - [`notation`]: the shape every game's position string shares, and the helpers that
//!   write and read it.
//! - [`history`]: a game history that tells when a position has occurred before.
//! - [`Position`]: the one trait every game implements; [`perft`](perft::perft) and
//!   [`random_playout`](playout::random_playout) are written once over it. [`Game`] adds
//!   the vocabulary every game crate shares: rules, start, setups, what a move did.
//!
//! ```
//! use mancala_engine::sow::Coverage;
//!
//! // 20 seeds round a ring of 18 holes, the first into hole 3: every hole gets one, and
//! // holes 3 and 4 one more; the last seed lands in hole 4.
//! let coverage = Coverage::new(18, 3, 20).unwrap();
//! assert_eq!(coverage.last(), 4);
//! let sown: Vec<usize> = (2..6).map(|hole| coverage.seeds_at(hole)).collect();
//! assert_eq!(sown, [1, 2, 2, 1]);
//! ```

mod board;
pub mod capture;
pub mod capture_row;
pub mod cycle;
mod error;
mod game;
pub mod history;
pub mod key;
mod moves;
pub mod notation;
mod outcome;
pub mod perft;
pub mod playout;
mod position;
pub mod prelude;
pub mod relay;
mod rng;
mod side;
pub mod sow;
pub mod sow_skip;
pub mod topology;
#[cfg(test)]
mod toy;

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
