//! Valid texts to grow inputs from: positions met along seeded random games, and their moves.

use mancala_engine::{Position, Rng};
use std::fmt::Display;

/// Positions along seeded random games from each of `starts`: the start and a few positions of
/// every game, the last one included.
pub fn positions<P: Position>(starts: &[P], games: usize, seed: u64) -> Vec<P> {
    let mut rng = Rng::new(seed);
    let mut found = Vec::new();
    for start in starts {
        found.push(start.clone());
        for _ in 0..games {
            let mut position = start.clone();
            for ply in 0..2_000 {
                if ply % 23 == 7 {
                    found.push(position.clone());
                }
                match position.random_move(&mut rng) {
                    Some(mv) => position.play_unchecked(mv),
                    None => break,
                }
            }
            found.push(position);
        }
    }
    found
}

/// Every item written out.
pub fn texts<T: Display>(items: impl IntoIterator<Item = T>) -> Vec<String> {
    items.into_iter().map(|item| item.to_string()).collect()
}

/// The legal moves of `positions`, written out, each once.
pub fn moves<P>(positions: &[P]) -> Vec<String>
where
    P: Position,
    P::Move: Display,
{
    let mut found: Vec<String> = positions
        .iter()
        .flat_map(|p| p.legal_moves().into_iter().map(|mv| mv.to_string()))
        .collect();
    found.sort();
    found.dedup();
    found
}

/// Records of a seeded random game from each of `starts` (at most `cap` moves: some games need
/// not end), cut after none of its moves, after `mid` (when it lasts that long) and after all;
/// `new` and `play` are the game's record's.
pub fn records<P: Position, R>(
    starts: &[P],
    seed: u64,
    (cap, mid): (usize, usize),
    new: fn(P) -> R,
    play: fn(&mut R, P::Move) -> Result<(), P::MoveError>,
) -> Vec<R> {
    let mut rng = Rng::new(seed);
    let mut found = Vec::new();
    for start in starts {
        let mut line = Vec::new();
        let mut position = start.clone();
        while line.len() < cap {
            let Some(mv) = position.random_move(&mut rng) else {
                break;
            };
            position.play_unchecked(mv);
            line.push(mv);
        }
        for cut in [0, mid, line.len()] {
            if cut <= line.len() {
                let mut record = new(start.clone());
                for &mv in &line[..cut] {
                    play(&mut record, mv).expect("a legal move");
                }
                found.push(record);
            }
        }
    }
    found
}
