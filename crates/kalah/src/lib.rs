//! Kalah exactly as OpenSpiel's `mancala` game plays it: the same legal moves, boards, stores,
//! players to move and returns at every ply, with OpenSpiel's action ids beside the pit
//! numbers; and the options a Kalah player expects (board size, empty capture, move limit).
//!
//! ```
//! use kalah::prelude::*;
//!
//! let mut game = Kalah::default(); // 2 × 6 pits of 4 seeds, South to move
//! assert_eq!(game.legal_moves().len(), 6);
//! let effect = game.play_reported("3".parse::<Move>()?)?; // the last seed in South's store
//! assert!(effect.extra_turn);
//! assert_eq!(game.side_to_move(), Side::South); // South moves again
//! assert_eq!(Move::new(3).action(Side::South, 6), 3); // OpenSpiel's action id
//!
//! // The position string holds everything that decides the rest of the game.
//! let text = game.to_string();
//! assert_eq!(text, "4,4,0,5,5,5/4,4,4,4,4,4 1 0 S ply=1");
//! assert_eq!(text.parse::<Kalah>()?, game);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The rules, as OpenSpiel plays them
//!
//! - Two rows of 6 pits, 4 seeds in each, and a store for each player at the right end of his
//!   row; South (OpenSpiel's player 0) moves first. Pits are numbered from each player's left.
//! - A move lifts every seed of one of the mover's non-empty pits and sows them one by one
//!   counterclockwise: the rest of his row, his store, the opponent's row (never the
//!   opponent's store), and round again while seeds remain.
//! - If the last seed falls into the mover's store, he moves again (any number of times).
//! - If it falls into one of the mover's pits that was empty, and the opposite pit holds
//!   seeds, that seed and those of the opposite pit go into the mover's store.
//! - The game ends as soon as either player's pits are all empty, after any move; each player's
//!   remaining seeds then go into his store. More seeds wins; equal is a draw (`no-seeds`).
//! - OpenSpiel ends a game once more than 1000 moves have been played (its state is terminal
//!   when the move number exceeds its maximum game length of 1000). Its returns then compare
//!   each player's pits and store, as at any end (the comment in its source calls it a draw,
//!   the code counts): here the seeds are collected and the stores compared (`move-limit`).
//!
//! # Every game ends, without the limit too
//!
//! Seeds in a store never leave it. A move that puts no seed into a store (no lap past the
//! mover's store, no capture) keeps its seeds in the mover's row and moves each of them nearer
//! his store: the sum, over the seeds in the pits, of each seed's distance to its row's store
//! (at most `pits` each) falls by at least one. A move that puts a seed into a store can
//! happen at most once per seed of the game. So a game of `S` seeds on `p` pits a side lasts at
//! most `(S + 1) × (S × p + 1)` moves, and [`RuleSet::with_max_plies`]`(0)` is safe.
//!
//! # Options ([`RuleSet`])
//!
//! | option | default (OpenSpiel) | alternatives |
//! | --- | --- | --- |
//! | pits per player | 6 | 1 to 8 |
//! | seeds per pit | 4 | at least 1, at most 255 seeds in all |
//! | empty capture | off: the opposite pit must hold seeds | on: the last seed alone is captured too |
//! | move limit | more than 1000 moves | any, or none |
//!
//! # Notation
//!
//! A [`Move`] is the pit's number on the mover's side, `1` to `6` from his left; its
//! [`action`](Move::action) is OpenSpiel's action id (South `1..=6`, North `8..=13`). The
//! position string is described in [`notation`], the game record in [`Record`].
//!
//! # Feature flags
//!
//! None is on by default.
//!
//! - `serde`: `Serialize` and `Deserialize` for the position, moves, rules and records, each as
//!   its string form (read back through the validating parser). Adds the `serde` crate with its
//!   derive macros: a few seconds more of a first build.
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
pub use position::Kalah;
pub use record::{Record, RecordError};
pub use rules::{RuleSet, MAX_PITS, MAX_SEEDS};
pub use setup::{Setup, SetupError};

#[cfg(feature = "serde")]
mancala_engine::serde_via_str!(Kalah, Move, RuleSet);
