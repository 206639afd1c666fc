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
pub fn random_playout<P: Position>(mut position: P, rng: &mut Rng, max_plies: u32) -> Playout<P> {
    let mut plies = 0;
    while plies < max_plies {
        match position.random_move(rng) {
            Some(mv) => {
                position.play_unchecked(mv);
                plies += 1;
            }
            None => break,
        }
    }
    let outcome = position.outcome();
    Playout {
        position,
        plies,
        outcome,
    }
}
