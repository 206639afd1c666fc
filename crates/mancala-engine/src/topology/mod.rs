//! How holes connect: the two-row ring of Toguz Kumalak and Mangala IV, the serpentine
//! per-player circuits of Katro, and the stores (troughs) beside the path.

mod ring;
mod serpentine;
mod stores;

pub use ring::Ring;
pub use serpentine::{Circuit, Direction, Serpentine, MAX_CIRCUIT};
pub use stores::Stores;
