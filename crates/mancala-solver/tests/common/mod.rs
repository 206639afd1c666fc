//! Plain exhaustive minimax, shared by the tests: every line followed to its end, no table,
//! no pruning, a position equal to one earlier on the line ending the game by the endless-play
//! convention; and the random endgames the tests put to it.

use mancala_engine::{Position, Rng, Side};
use std::cell::Cell;

/// Exact value for the side to move, or `None` past `budget` nodes.
pub fn minimax<P: Position>(
    position: &P,
    line: &mut Vec<P>,
    endless: Side,
    budget: &Cell<u64>,
) -> Option<i32> {
    if budget.get() == 0 {
        return None;
    }
    budget.set(budget.get() - 1);
    let me = position.side_to_move();
    if position.is_over() {
        return Some(position.score(me) as i32 - position.score(!me) as i32);
    }
    if line.contains(position) {
        let mut scores = [position.score(Side::South), position.score(Side::North)];
        scores[endless.index()] +=
            position.seeds_on_side(Side::South) + position.seeds_on_side(Side::North);
        return Some(scores[me.index()] as i32 - scores[(!me).index()] as i32);
    }
    line.push(position.clone());
    let mut best = None;
    for mv in position.legal_moves() {
        let child = position.child(mv);
        let value = minimax(&child, line, endless, budget)?;
        let value = if child.side_to_move() == me {
            value
        } else {
            -value
        };
        best = Some(best.map_or(value, |b: i32| b.max(value)));
    }
    line.pop();
    best
}

/// The value of each legal move from `position`, by [`minimax`].
pub fn move_values<P: Position>(
    position: &P,
    endless: Side,
    budget: u64,
) -> Option<Vec<(P::Move, i32)>> {
    let budget = Cell::new(budget);
    let me = position.side_to_move();
    let mut line = vec![position.clone()];
    position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let child = position.child(mv);
            let value = minimax(&child, &mut line, endless, &budget)?;
            Some((
                mv,
                if child.side_to_move() == me {
                    value
                } else {
                    -value
                },
            ))
        })
        .collect()
}

/// The seeds on both rows.
pub fn seeds_on_board<P: Position>(position: &P) -> u32 {
    position.seeds_on_side(Side::South) + position.seeds_on_side(Side::North)
}

/// Plays random moves drawn from `rng` until at most `most` seeds are on the board (or the
/// game ends).
pub fn play_down_to<P: Position>(position: &mut P, rng: &mut Rng, most: u32) {
    while seeds_on_board(position) > most {
        match position.random_move(rng) {
            Some(mv) => position.play_unchecked(mv),
            None => break,
        }
    }
}
