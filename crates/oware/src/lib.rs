//! Oware Abapa exactly as OpenSpiel's `oware` game plays it: the same legal moves, boards,
//! scores, ends and returns at every ply (checked against OpenSpiel itself by this crate's
//! tests), with OpenSpiel's action ids.
//!
//! ```
//! use oware::prelude::*;
//!
//! let mut game = Oware::default(); // 2 × 6 houses of 4 seeds, South to move
//! assert_eq!(game.legal_moves().len(), 6);
//! game.play("3".parse::<Move>()?)?; // South sows his third house (OpenSpiel's action 2)
//! assert_eq!(game.side_to_move(), Side::North);
//! assert_eq!(&*game.board(), &[4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4]);
//!
//! // The position string holds everything that decides the rest of the game.
//! let text = game.to_string();
//! assert_eq!(text, "4,4,0,5,5,5/5,4,4,4,4,4 0 0 N ply=1 run=4,4,4,4,4,4/4,4,4,4,4,4:3");
//! assert_eq!(text.parse::<Oware>()?, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The rules, as OpenSpiel plays them
//!
//! - Two rows of 6 houses, 4 seeds in each; South (OpenSpiel's player 0) moves first. Houses
//!   are numbered from each player's left; sowing runs counterclockwise, from South's houses
//!   on to North's and back.
//! - A move lifts every seed of one of the mover's houses and sows them one by one into the
//!   following houses. A sowing of 12 seeds or more passes over the house it came from, which
//!   ends the move empty.
//! - If the last seed falls on the opponent's row and makes 2 or 3 there, those seeds are
//!   captured, and so are those of the houses before it on that row (going back, clockwise)
//!   for as long as they hold 2 or 3.
//! - A grand slam, a capture that would take every seed on the opponent's row, captures
//!   nothing ([`GrandSlam`] makes it capture all).
//! - A player whose opponent has no seeds must play a move that gives him some.
//! - The game ends when a store holds more than half of all seeds or both hold half; when the
//!   player to move has no legal move; or when a board (with the same side to move) comes back
//!   since the last capture. Each player then collects the seeds on his own row.
//! - [`RuleSet::with_stop_at_majority`]`(false)` (not OpenSpiel's rule) plays on past a
//!   majority: after a capture the game ends only when the board is empty, the player to move
//!   cannot move, or a board comes back. The winner of any game from a start without a move
//!   limit is the same, as stores never lose seeds (a start holds an even number of seeds,
//!   so both stores at half means an empty board); the scores count every seed.
//! - OpenSpiel plays no game past 1000 moves: it refuses the next move and scores the game 0
//!   to 0. Here the game ends there as a draw ([`EndReason::MoveLimit`](mancala_engine::EndReason)),
//!   with the seeds left where they are; [`RuleSet::with_max_plies`] moves or lifts the limit.
//!
//! The results' reasons: `majority` (a store holds more than half), `empty` (both hold
//! half), `no-seeds` (the player to move cannot move: he has no seeds, or his opponent has none
//! and no move reaches him), `repetition`, `move-limit`. The winner is the player with more
//! seeds in his store, as OpenSpiel's returns say; the move limit always draws.
//!
//! # Options ([`RuleSet`])
//!
//! | option | default (OpenSpiel) | alternatives |
//! | --- | --- | --- |
//! | houses per player | 6 | 1 to 8 |
//! | seeds per house | 4 | at least 1, at most 255 seeds in all |
//! | [`GrandSlam`] | captures nothing | captures all |
//! | move limit | 1000 moves | any, or none |
//! | stop at a majority | on | off (play to the end: `majority-stop=no`) |
//!
//! # Notation
//!
//! A [`Move`] is the house's number on the mover's side, `1` to `6` from his left; its
//! [`action`](Move::action) is OpenSpiel's action id (`0` to `5`). The position string is
//! described in [`notation`], the game record in [`Record`].
//!
//! # Feature flags
//!
//! None is on by default.
//!
//! - `serde`: `Serialize` and `Deserialize` for the position, moves, rules and records, each as its string form
//!   (read back through the validating parser). Adds the `serde` crate with its derive
//!   macros: a few seconds more of a first build.
//!
#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod actions;
mod draw;
mod moves;
pub mod notation;
mod position;
pub mod prelude;
pub mod record;
mod rules;
mod setup;
mod sowing;

pub use moves::{Effect, Move, MoveError};
pub use notation::ParseError;
pub use position::Oware;
pub use record::{Record, RecordError};
pub use rules::{GrandSlam, RuleSet, MAX_HOUSES, MAX_SEEDS};
pub use setup::{Setup, SetupError, MAX_RUN};

#[cfg(feature = "serde")]
mancala_engine::serde_via_str!(Oware, Move, RuleSet, GrandSlam);
