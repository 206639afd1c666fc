//! Mangala IV, the living mancala of Gaziantep: two rows of seven holes, no stores on the
//! board, relay sowing from a forced hole, and captures of 2s and 4s together with the holes
//! opposite them, chaining backwards.
//!
//! The rules are numbered M1–M8 as in the guide below. In short:
//!
//! - **Board.** Canonical index `0..14`: `0..7` are South's holes 1..7 (from his left), `7..14`
//!   North's holes 1..7. Sowing goes by increasing index modulo 14. The hole opposite `i` is
//!   `13 - i`. Captured seeds are kept aside, one store per player.
//! - **M1** The mover must play the first occupied hole of his row (his hole 1 if it holds
//!   seeds, else hole 2, …). **M2** A player whose row is empty passes.
//! - **M3** All seeds of the hole are lifted and sown one per hole from the next hole on;
//!   the emptied hole is not skipped on a later lap.
//! - **M4** Where the last seed falls: a hole now holding 1 ends the move; 2 or 4 is a
//!   capture of that hole and the hole opposite it, then backwards, hole by hole, of every hole
//!   holding 2 or 4 (read as it stands: a hole emptied by this capture holds 0 and stops the
//!   walk) with its opposite; 3 or 5 and more is a relay: lift it and sow another lap.
//!   **M5** Captures are made on either row and all go to the mover.
//! - **M6** The game ends when the board is empty; more captured seeds wins, equal draws.
//! - **M7** *(library rule)* The game also ends at the start of the first turn whose position
//!   (board, stores, side to move) already occurred since the last capture. Passes are
//!   turns but not moves. The seeds left are uncounted, or, with [`Leftover::OwnSide`],
//!   scored by the owner of the row they lie on.
//! - **M8** *(library rule)* A move whose relay returns to an earlier state (board, hole to
//!   lift) or has not ended after [`LAP_LIMIT`](mancala_engine::relay::LAP_LIMIT) laps is
//!   endless: it counts as played, changes nothing, and ends the game (reason
//!   `endless-move`). The leftover option applies to its seeds as well.
//!
//! The other library rules: the standard start ([`Mangala4::new`](mancala_engine::Game::new)) is the even board, 7
//! seeds in every hole; the first player is a setup parameter, South by default
//! ([`Setup::side_to_move`]); a random setup drops each of the 98 seeds into a uniformly chosen
//! hole, from a seeded generator ([`Setup::random`]); a position holds at most [`MAX_SEEDS`]
//! seeds.
//!
//! [`Mangala4`] implements the workspace's [`Position`](mancala_engine::Position) trait (its
//! one legal move is the forced move or a pass), so perft, play-outs and the conformance kit
//! work on it; [`Mangala4::play_out`] is the fast way to the end. The opening ritual is
//! [`Ritual`] and [`Opening`], with [`Choices`] evaluating both rows; [`Record`] holds a whole
//! game; [`Stats`] summarises many random starts. The position string, which holds everything
//! that decides the rest of the game, is described in [`notation`]; moves and their action ids
//! in [`Move`].
//!
//! ```
//! use mangala4::prelude::*;
//!
//! // The standard start, South first: South's forced hole is his hole 1 (S1).
//! let mut position = Mangala4::new(RuleSet::STANDARD);
//! assert_eq!(position.forced_move(), Some("S1".parse()?));
//! // Its 7 seeds go to holes 2..7 and North's 1; the last makes that an 8: a relay.
//! let effect = position.play_reported(Move::Sow(0))?;
//! assert!(effect.laps > 1);
//! assert_eq!(position.side_to_move(), Side::North);
//!
//! // A lone seed can never make a 2 or a 4: it goes round until a position repeats (M7).
//! let lone: Mangala4 = "0,0,0,0,0,0,1/0,0,0,0,0,0,0 50 47 S".parse()?;
//! let finish = lone.play_out();
//! assert_eq!(finish.result.to_string(), "south wins 50-47 (repetition)");
//! assert_eq!(finish.left(), 1);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Feature flags
//!
//! None is on by default.
//!
//! - `serde`: `Serialize` and `Deserialize` for the position, setups, moves, the leftover
//!   rule and records, each as its string form (read back through the validating parser).
//!   Adds the `serde` crate with its derive macros: a few seconds more of a first build.
//!
#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod actions;
mod draw;
mod moves;
pub mod notation;
mod playout;
mod position;
pub mod prelude;
pub mod record;
mod repetition;
mod ritual;
mod rules;
mod setup;
mod sowing;
mod stats;

pub use moves::{Capture, Effect, Move, MoveError, ACTIONS, PASS_ACTION};
pub use notation::ParseError;
pub use playout::Finish;
pub use position::Mangala4;
pub use record::{Record, RecordError};
pub use ritual::{ChoiceValue, Choices, Opening, Parity, Ritual, RitualError, Role};
pub use rules::{Leftover, RuleSet, HOLES, MAX_SEEDS, PER_SIDE, STANDARD_SEEDS};
pub use setup::{Run, Setup, SetupError};
pub use stats::{FirstPlayerStats, Stats};
