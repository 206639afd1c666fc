//! Toguz Kumalak (Togyz Qumalaq, Toguz Korgool): the two-row mancala of Kazakhstan and
//! Kyrgyzstan, with 9 holes a side, 9 seeds (kumalak) a hole, two kazans and the tuzdik.
//!
//! The rules are the federation rules, numbered T1–T7 as in `docs/toguz.md`; the options
//! (optional tuzdik, no stop at majority, the 2 × 7 and 2 × 5 boards) are fields of a
//! [`RuleSet`]. [`Toguz`] implements the workspace's
//! [`Position`](mancala_engine::Position) trait, so perft, play-outs and search work on it.
//!
//! ```
//! use toguz::prelude::*;
//!
//! let mut position = Toguz::default();
//! // White sows the 9 seeds of his hole 7: the last lands on Black's hole 6, which then holds
//! // 10 seeds, an even number, so White takes them.
//! let effect = position.play_reported("7".parse().unwrap()).unwrap();
//! assert_eq!(effect.captured, 10);
//! assert_eq!(position.store(WHITE), 10);
//! assert!(position.play(Move::new(10)).is_err());
//! ```
//!
//! - [`Toguz`], [`Setup`], [`RuleSet`], [`Move`], [`Effect`]: the game.
//! - [`notation`]: half-moves, the position string, [`ParseError`].
//! - [`record`]: PGN game records.

mod bits;
#[cfg(feature = "search")]
#[cfg_attr(docsrs, doc(cfg(feature = "search")))]
pub mod eval;
mod moves;
mod nine;
pub mod notation;
mod playout_nine;
mod position;
pub mod prelude;
pub mod record;
mod replies_nine;
mod rules;
mod setup;
mod sowing;

pub use moves::{Effect, Move, MoveError};
pub use notation::ParseError;
pub use position::{Toguz, BLACK, WHITE};
pub use record::{Record, RecordError};
pub use rules::{BoardSize, RuleSet, TuzdikRule};
pub use setup::{Setup, SetupError};

/// The Rust examples of the crate's pages in `docs/`, run as doc tests.
#[cfg(doctest)]
mod docs {
    #[doc = include_str!("../../../docs/toguz.md")]
    struct Rules;
    #[doc = include_str!("../../../docs/toguz-notation.md")]
    struct Notation;
}

#[cfg(feature = "serde")]
mancala_engine::serde_via_str!(
    Toguz,
    Move,
    RuleSet,
    notation::Fen,
    notation::HalfMove,
    notation::Style,
    record::Record,
    record::PgnResult,
);
