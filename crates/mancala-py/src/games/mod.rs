//! Each game crate bound to the package: its options, action ids, observation planes and
//! what a move did, one module per game.

mod kalah;
mod katro;
mod mangala4;
mod oware;
mod toguz;

pub(crate) use kalah::Kalah;
pub(crate) use katro::Katro;
pub(crate) use mangala4::Mangala4;
pub(crate) use oware::Oware;
pub(crate) use toguz::Toguz;
