//! The integration tests of the `oware` crate, in one binary: a module a subject.

mod conformance;
mod counters;
mod majority;
mod notation;
mod openspiel;
mod perft;
mod perft_tables;
mod reference;
mod scenarios;
