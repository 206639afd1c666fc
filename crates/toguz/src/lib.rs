//! Toguz Kumalak (Togyz Qumalaq, Toguz Korgool): the two-row mancala of Kazakhstan and
//! Kyrgyzstan, with 9 holes a side, 9 stones a hole, two kazans and the tuzdik.
//!
//! The rules are the federation rules, numbered T1–T7 as in `docs/toguz.md`; the options
//! (optional tuzdik, no stop at majority, the 2 × 7 and 2 × 5 boards) are fields of a
//! [`RuleSet`]. [`Toguz`] implements the workspace's
//! [`Position`](mancala_engine::Position) trait, so perft, play-outs and search work on it.
//!
//! ```
//! use mancala_engine::{Position as _, Side};
//! use toguz::{Move, Toguz};
//!
//! let mut position = Toguz::default();
//! // White sows the 9 stones of his hole 7: the last lands on Black's hole 6, which then holds
//! // 10 stones, an even number, so White takes them.
//! let effect = position.play_reported(Move::new(7)).unwrap();
//! assert_eq!(effect.captured, 10);
//! assert_eq!(position.kazan(Side::South), 10);
//! assert!(position.play(Move::new(10)).is_err());
//! ```

pub mod eval;
mod moves;
pub mod notation;
mod position;
pub mod prelude;
mod rules;
mod setup;

pub use moves::{Move, MoveEffect, MoveError};
pub use position::{Toguz, BLACK, WHITE};
pub use rules::{BoardSize, RuleSet, TuzdikRule};
pub use setup::{Setup, SetupError};
