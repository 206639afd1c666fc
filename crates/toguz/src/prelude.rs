//! One `use` line for Toguz Kumalak code: `use toguz::prelude::*;` brings the core's
//! vocabulary (the [`Position`] trait, [`Side`], results) and this crate's types.

pub use crate::notation::{Fen, HalfMove, ResolveError, Style};
pub use crate::record::{PgnResult, Record, RecordError};
pub use crate::{
    BoardSize, Effect, Move, MoveError, ParseError, RuleSet, Setup, SetupError, Toguz, TuzdikRule,
    BLACK, WHITE,
};
pub use mancala_engine::prelude::*;
