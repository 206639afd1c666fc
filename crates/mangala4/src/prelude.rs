//! One `use` line for Mangala IV: `use mangala4::prelude::*;` brings the core's
//! [`Position`] trait and vocabulary together with this game's types.

pub use mancala_engine::prelude::*;

pub use crate::{
    Capture, Effect, Finish, Leftover, Mangala4, Move, MoveError, ParseError, Record, RecordError,
    RuleSet, Run, Setup, SetupError,
};
