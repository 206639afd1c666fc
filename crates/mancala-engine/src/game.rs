//! The vocabulary every game crate shares, as a trait: the rules, the start, custom positions
//! and what a move did, so that tools, the conformance kit and bindings are written once over
//! every game.

use crate::rules::RuleOptions;
use crate::{Position, Rng};
use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::str::FromStr;
use std::error::Error;

/// A whole game: a [`Position`] with its rules, its start, its validated custom positions and
/// its text forms.
///
/// Contract, beside [`Position`]'s:
/// - `Self::default()` is `Self::new(Self::Rules::default())`, and `new(rules).rules()` is
///   `rules`;
/// - `from_setup(p.to_setup())` gives back a position equal to `p`, and `from_setup` refuses,
///   naming the first thing wrong, every setup no game of these rules can reach (or that the
///   game cannot hold); no other constructor bypasses it;
/// - the position string (`Display`) reads back (`FromStr`) as an equal position, and holds
///   everything that decides the rest of the game;
/// - `play_reported(mv)` leaves the position as [`play`](Position::play) would, and refuses
///   the same moves with the same error.
///
/// ```
/// use mancala_engine::{Game, Position};
///
/// /// The position after `moves` from the start under `rules`, rebuilt from its setup.
/// fn replayed<G: Game>(rules: G::Rules, moves: &[G::Move]) -> Result<G, G::MoveError> {
///     let mut game = G::new(rules);
///     for &mv in moves {
///         game.play_reported(mv)?;
///     }
///     Ok(G::from_setup(game.to_setup()).expect("a reached position is valid"))
/// }
/// # fn check<G: Game>() { let _ = replayed::<G>(G::Rules::default(), &[]); }
/// ```
pub trait Game:
    Position<Move: Display + FromStr<Err: Error + Send + Sync + 'static>>
    + Debug
    + Default
    + Display
    + FromStr<Err: Error + Send + Sync + 'static>
{
    /// The game's short name, lower case, stable: the key registries and tools know it by
    /// (`"toguz"`).
    const NAME: &'static str;

    /// The rule options (board size included); `Default` is the standard rules.
    type Rules: Copy + Eq + Hash + Debug + Default + RuleOptions;

    /// A custom position's raw parts, public fields, not yet validated.
    type Setup: Clone + Eq + Debug;

    /// Why a setup is not a position.
    type SetupError: Error + Clone + PartialEq + Send + Sync + 'static;

    /// What a move did (its captures, where it ended), as [`play_reported`](Game::play_reported)
    /// reports it.
    type Effect: Clone + PartialEq + Debug;

    /// The start position under `rules`.
    fn new(rules: Self::Rules) -> Self;

    /// The rules this position follows.
    fn rules(&self) -> Self::Rules;

    /// A start under `rules` for random play-outs and batches: the rules' start, or, for a
    /// game whose start is dealt at random (Mangala IV), one drawn from `rng`.
    fn random_start(rules: Self::Rules, rng: &mut Rng) -> Self {
        let _ = rng;
        Self::new(rules)
    }

    /// Validates raw parts into a position; the error names the first thing wrong.
    fn from_setup(setup: Self::Setup) -> Result<Self, Self::SetupError>;

    /// The position's parts: [`from_setup`](Game::from_setup) gives the position back.
    fn to_setup(&self) -> Self::Setup;

    /// Plays `mv` if it is legal and says what it did; otherwise returns why not and leaves
    /// the position unchanged.
    fn play_reported(&mut self, mv: Self::Move) -> Result<Self::Effect, Self::MoveError>;
}
