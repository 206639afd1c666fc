//! Sowing kernels, each in closed form beside the seed-by-seed reference it is tested against:
//!
//! - round a ring of holes, the hot loop of a two-row mancala: [`Coverage`] tells where the
//!   seeds of a sowing fall without sowing them, [`lift_and_sow_ring_array`] makes a whole move
//!   in one pass (Toguz Kumalak);
//! - round a ring that passes over its own origin: [`lift_and_sow_skipping_origin`] (Oware);
//! - along a closed path of board cells, one relay lap at a time: [`SowingPath`], and its word
//!   form [`WordPath`] for a board packed in one word (Katro's circuits, Mangala IV's ring);
//! - [`Rounds`]: the whole rounds and the seeds left over, the one division they all need.

mod path;
mod ring;
mod rounds;
mod skip;

pub use path::{lap_by_seed, Landing, SowingPath, WordLanding, WordPath, MAX_CELLS};
pub use ring::{
    lift_and_sow_ring_array, sow_ring_by_seed, sow_ring_redirected_by_seed, Coverage, FirstSeed,
};
pub use rounds::Rounds;
pub use skip::{lift_and_sow_skipping_origin, lift_and_sow_skipping_origin_by_seed};
