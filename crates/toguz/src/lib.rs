//! Toguz Kumalak (Togyz Qumalaq, Toguz Korgool): the two-row mancala of Kazakhstan and
//! Kyrgyzstan, with 9 holes a side, 9 seeds (kumalak) a hole, two kazans and the tuzdik.
//!
//! The rules are the federation rules, numbered T1–T7 as in the rules guide below; the options
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
//! - [`record`]: PGN game records; [`notation_guide`]: the notations, with examples.
//!
//! # Feature flags
//!
//! None is on by default.
//!
//! - `serde`: `Serialize` and `Deserialize` for the position, moves, rules, half-moves and
//!   records, each as its string form (read back through the validating parser). Adds the
//!   `serde` crate with its derive macros: a few seconds more of a first build.
//!
#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod actions;
mod bits;
mod draw;
mod moves;
mod nine;
pub mod notation;
mod playout_nine;
mod position;
pub mod prelude;
pub mod record;
mod repetition;
mod replies_nine;
mod rules;
mod setup;
mod sowing;

pub use moves::{Effect, Move, MoveError};
pub use notation::ParseError;
pub use position::{Toguz, BLACK, WHITE};
pub use record::{Record, RecordError};
pub use repetition::{RepetitionRule, RepetitionRuleError};
pub use rules::{BoardSize, RuleSet, TuzdikRule};
pub use setup::{Setup, SetupError};

#[doc = include_str!("../NOTATION.md")]
pub mod notation_guide {}

#[cfg(feature = "serde")]
mancala_engine::serde_via_str!(
    Toguz,
    Move,
    RuleSet,
    RepetitionRule,
    notation::Fen,
    notation::HalfMove,
    notation::Style,
    record::Record,
    record::PgnResult,
);
