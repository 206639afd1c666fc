#![doc = include_str!("../README.md")]

pub use katro;
pub use mancala_engine as engine;
pub use mangala4;
pub use oware;
pub use toguz;
