//! The integration tests of the `toguz` crate, in one binary: a module a subject.

mod common;
mod conformance;
mod notation;
mod notation_guide;
mod notation_serde;
mod perft;
mod perft_tables;
mod pgn;
mod properties;
mod reliability;
mod replay_playok;
mod rules;
mod setup;
