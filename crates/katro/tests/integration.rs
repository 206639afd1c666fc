//! The integration tests of the `katro` crate, in one binary: a module a subject.

mod common;
mod conformance;
mod notation;
mod options;
mod perft;
mod perft_tables;
mod properties;
mod record;
mod record_memory;
mod scenarios;
