//! One `use` line for Katro programs: `use katro::prelude::*;` brings the core's shared
//! vocabulary (the [`Position`] trait, [`Side`], [`GameResult`], ...) and Katro's own types.

pub use crate::{
    CaptureRow, CapturedHole, Direction, DirectionRule, Effect, History, Hole, Katro, Move,
    MoveError, ParseError, Record, RecordError, RuleSet, Setup, SetupError, Size, Trigger,
};
pub use mancala_engine::prelude::*;
