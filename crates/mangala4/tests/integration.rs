//! The integration tests of the `mangala4` crate, in one binary: a module a subject.

mod common;
mod conformance;
mod notation;
mod perft_tables;
mod properties;
mod reliability;
mod scenarios;
