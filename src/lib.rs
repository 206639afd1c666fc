#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]

pub use kalah;
pub use katro;
pub use mancala_engine as engine;
#[cfg(feature = "search")]
pub use mancala_search as search;
#[cfg(feature = "solver")]
pub use mancala_solver as solver;
pub use mangala4;
pub use oware;
pub use toguz;

#[cfg(feature = "search")]
#[cfg_attr(docsrs, doc(cfg(feature = "search")))]
pub mod player;
pub mod registry;
