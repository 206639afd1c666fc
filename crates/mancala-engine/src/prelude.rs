//! One `use` line for code over any game: `use mancala_engine::prelude::*;` brings the
//! [`Position`] and [`Game`] traits and the shared vocabulary. Each game crate's prelude adds its own types.

pub use crate::{Board, EndReason, Game, GameResult, MoveList, Outcome, Position, Rng, Side};
