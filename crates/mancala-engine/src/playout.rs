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

/// One game in progress in [`random_playouts`].
struct Lane<P> {
    position: P,
    plies: u32,
    rng: Rng,
}

/// Plays `games` independent random games on this thread and hands each finished one to
/// `finished`. `LANES` games are in play at once and take turns move by move: each game's moves
/// depend on each other, but different games' do not, so the processor overlaps them and the
/// thread plays several times more moves per second than one game at a time would.
///
/// Every lane draws from its own generator, seeded from `rng`; each new game starts from the
/// position `start` draws with its lane's generator. Games end when the rules say so or after
/// `max_plies` moves. The order in which games are handed over is deterministic for a seed.
pub fn random_playouts<P: Position, const LANES: usize>(
    games: u64,
    rng: &mut Rng,
    max_plies: u32,
    mut start: impl FnMut(&mut Rng) -> P,
    mut finished: impl FnMut(Playout<P>),
) {
    let mut lanes: Vec<Lane<P>> = Vec::with_capacity(LANES);
    let mut started = 0;
    while started < games && lanes.len() < LANES.max(1) {
        let mut lane_rng = Rng::new(rng.next_u64());
        let position = start(&mut lane_rng);
        lanes.push(Lane {
            position,
            plies: 0,
            rng: lane_rng,
        });
        started += 1;
    }
    while !lanes.is_empty() {
        let mut i = 0;
        while i < lanes.len() {
            let lane = &mut lanes[i];
            let mv = if lane.plies < max_plies {
                lane.position.random_move(&mut lane.rng)
            } else {
                None
            };
            match mv {
                Some(mv) => {
                    lane.position.play_unchecked(mv);
                    lane.plies += 1;
                    i += 1;
                }
                None => {
                    let outcome = lane.position.outcome();
                    let plies = core::mem::take(&mut lane.plies);
                    if started < games {
                        started += 1;
                        let next = start(&mut lane.rng);
                        let position = core::mem::replace(&mut lane.position, next);
                        finished(Playout {
                            position,
                            plies,
                            outcome,
                        });
                        i += 1;
                    } else {
                        // The last lane moves into place `i`; it has not moved this round.
                        let position = lanes.swap_remove(i).position;
                        finished(Playout {
                            position,
                            plies,
                            outcome,
                        });
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MoveList, Side};

    /// Take-away: players alternately take 1 or 2 from a pile; whoever takes the last wins.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    struct Pile {
        left: u32,
        side: Side,
    }

    impl Position for Pile {
        type Move = u32;
        type MoveError = std::fmt::Error;

        fn side_to_move(&self) -> Side {
            self.side
        }
        fn legal_moves(&self) -> MoveList<u32> {
            (1..=self.left.min(2)).collect()
        }
        fn check_move(&self, mv: u32) -> Result<(), std::fmt::Error> {
            if (1..=self.left.min(2)).contains(&mv) {
                Ok(())
            } else {
                Err(std::fmt::Error)
            }
        }
        fn play_unchecked(&mut self, mv: u32) {
            self.left -= mv;
            self.side = !self.side;
        }
        fn outcome(&self) -> Option<Outcome> {
            (self.left == 0).then(|| Outcome {
                winner: Some(!self.side),
                reason: crate::EndReason::EmptyBoard,
            })
        }
        fn score(&self, _: Side) -> u32 {
            0
        }
    }

    #[test]
    fn interleaved_games_are_whole_games() {
        let start = |rng: &mut Rng| Pile {
            left: 10 + rng.below(20),
            side: Side::South,
        };
        let mut seen = Vec::new();
        random_playouts::<_, 4>(50, &mut Rng::new(3), 1000, start, |p| seen.push(p));
        assert_eq!(seen.len(), 50);
        for game in &seen {
            assert_eq!(game.position.left, 0);
            assert!(game.outcome.is_some());
            // Every move takes 1 or 2, so a pile of 10..30 lasts 5..30 moves.
            assert!((5..30).contains(&game.plies), "{}", game.plies);
        }
        // The same seed gives the same games; a single lane gives whole games too.
        let mut again = Vec::new();
        random_playouts::<_, 4>(50, &mut Rng::new(3), 1000, start, |p| again.push(p));
        assert_eq!(seen, again);
        let mut one = 0;
        random_playouts::<_, 1>(7, &mut Rng::new(3), 1000, start, |_| one += 1);
        assert_eq!(one, 7);
    }

    #[test]
    fn the_ply_cap_ends_a_game() {
        let start = |_: &mut Rng| Pile {
            left: 100,
            side: Side::South,
        };
        let mut seen = Vec::new();
        random_playouts::<_, 3>(5, &mut Rng::new(1), 10, start, |p| seen.push(p));
        assert_eq!(seen.len(), 5);
        assert!(seen.iter().all(|p| p.plies == 10 && p.outcome.is_none()));
        let mut none = 0;
        random_playouts::<_, 3>(0, &mut Rng::new(1), 10, start, |_| none += 1);
        assert_eq!(none, 0);
    }
}
