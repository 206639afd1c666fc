//! Capture kernels: the backward chain of the two-row ring games, which takes each hole with
//! the one opposite it (Mangala IV), and the backward run within one row (Oware). Each has a
//! fast form and a hole-by-hole reference it is tested against.

mod chain;
mod row;

pub use chain::{backward_chain, backward_chain_by_hole, Chain};
pub use row::{backward_run, take};
