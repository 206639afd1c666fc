//! Seeded random play-outs: a uniformly random legal move at every ply.

use crate::{Outcome, Position, Rng};

/// The end of a random play-out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Playout<P> {
    /// The last position reached.
    pub position: P,
    /// Moves played.
    pub plies: u32,
    /// The result, or `None` if the ply limit came first.
    pub outcome: Option<Outcome>,
}

/// Plays uniformly random legal moves from `position` until the game ends or `max_plies` moves
/// have been played (a guard for games whose rules allow endless play).
///
/// Never inlined: a whole game is worth a call, and a function of its own keeps the move loop
/// the compiler's whole budget for inlining the game's moves, whatever the caller around it.
#[inline(never)]
pub fn random_playout<P: Position>(mut position: P, rng: &mut Rng, max_plies: u32) -> Playout<P> {
    let plies = position.play_random_moves(rng, max_plies);
    let outcome = position.outcome();
    Playout {
        position,
        plies,
        outcome,
    }
}

/// The plain play-out loop: [`Position::random_move`] then [`Position::play_unchecked`] until
/// the game ends or `max_plies` moves have been played; returns the moves played. It is what
/// [`Position::play_random_moves`] does unless a game overrides it, and the reference a game's
/// own loop is tested against.
#[inline]
pub fn play_random_moves<P: Position>(position: &mut P, rng_out: &mut Rng, max_plies: u32) -> u32 {
    // A local copy of the generator stays in registers through the loop; it is written back once.
    let mut rng = rng_out.clone();
    let mut plies = 0;
    while plies < max_plies {
        match position.random_move(&mut rng) {
            Some(mv) => {
                position.play_unchecked(mv);
                plies += 1;
            }
            None => break,
        }
    }
    *rng_out = rng;
    plies
}
