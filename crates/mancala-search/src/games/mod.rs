//! Each game's fitted evaluation, behind the feature named after the game (all on by default):
//! the features of its positions, the weights fitted to game results, and the [`Linear`]
//! evaluation over them that the players search with. The evaluations read positions through
//! the game crates' public API (a move's preview included), so a rules crate never depends on
//! this one.
//!
//! [`Linear`]: crate::Linear

#[cfg(feature = "kalah")]
#[cfg_attr(docsrs, doc(cfg(feature = "kalah")))]
pub mod kalah;
#[cfg(feature = "katro")]
#[cfg_attr(docsrs, doc(cfg(feature = "katro")))]
pub mod katro;
#[cfg(feature = "oware")]
#[cfg_attr(docsrs, doc(cfg(feature = "oware")))]
pub mod oware;
#[cfg(feature = "toguz")]
#[cfg_attr(docsrs, doc(cfg(feature = "toguz")))]
pub mod toguz;
