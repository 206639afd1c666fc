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
#[cfg(feature = "mangala4")]
#[cfg_attr(docsrs, doc(cfg(feature = "mangala4")))]
pub mod mangala4;
#[cfg(feature = "oware")]
#[cfg_attr(docsrs, doc(cfg(feature = "oware")))]
pub mod oware;
#[cfg(feature = "toguz")]
#[cfg_attr(docsrs, doc(cfg(feature = "toguz")))]
pub mod toguz;

use crate::Evaluator;
use mancala_engine::Game;

/// A game this crate has a player for: the evaluation its strongest player searches with,
/// and the depths the front ends give that player when no depth is asked for.
///
/// Implemented for each game behind its feature, so that generic front ends (the command line,
/// the Python package) find a game's player through its type alone.
///
/// ```
/// # #[cfg(feature = "kalah")] {
/// use mancala_search::games::Played;
/// use mancala_search::{Limits, Pvs};
///
/// fn best<G: Played>(position: &G) -> Option<G::Move>
/// where
///     G: Sync,
///     G::Move: std::hash::Hash,
/// {
///     Pvs::with_evaluator(Limits::depth(4), G::Evaluation::default())
///         .search(position)
///         .best_move
/// }
/// assert!(best(&kalah::Kalah::default()).is_some());
/// # }
/// ```
pub trait Played: Game {
    /// The evaluation the strongest player searches with.
    type Evaluation: Evaluator<Self> + Default + Clone + core::fmt::Debug + Send + Sync + 'static;

    /// The depth of a computer-against-computer game that should take a fraction of a second
    /// under `rules`.
    fn quick_depth(rules: &Self::Rules) -> u32 {
        let _ = rules;
        8
    }

    /// The depth of the computer's move against a person (a time limit usually ends it first).
    fn full_depth(rules: &Self::Rules) -> u32 {
        let _ = rules;
        16
    }

    /// How the evaluation's weights are fitted; `None` (the default) for an evaluation that
    /// has none to fit.
    fn fitting() -> Option<crate::fit::Fitting<Self>> {
        None
    }

    /// A sound bound for proofs of how soon a game ends ([`count_ending_lines`]): `false` only
    /// when no game from `self` can end within `plies` plies. The default, `true`, proves
    /// nothing and prunes nothing.
    ///
    /// [`count_ending_lines`]: crate::count_ending_lines
    fn could_end_within(&self, plies: u32) -> bool {
        let _ = plies;
        true
    }
}
