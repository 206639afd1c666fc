//! One `use` line for Kalah code: `use kalah::prelude::*;` brings the core's vocabulary (the
//! [`Position`] trait, [`Side`], results) and this crate's types.

pub use crate::{
    Effect, Kalah, Move, MoveError, ParseError, Record, RecordError, RuleSet, Setup, SetupError,
};
pub use mancala_engine::prelude::*;
