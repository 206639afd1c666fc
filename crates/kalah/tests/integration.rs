//! The integration tests of the `kalah` crate, in one binary: a module a subject.

mod conformance;
mod counters;
mod openspiel;
mod perft_tables;
mod plain;
mod properties;
mod reference;
mod scenarios;
