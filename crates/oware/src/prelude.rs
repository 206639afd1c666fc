//! One `use` line for Oware code: `use oware::prelude::*;` brings the core's vocabulary (the
//! [`Position`] trait, [`Side`], results) and this crate's types.

pub use crate::{
    Effect, GrandSlam, Move, MoveError, Oware, ParseError, Record, RecordError, RuleSet, Setup,
    SetupError,
};
pub use mancala_engine::prelude::*;
