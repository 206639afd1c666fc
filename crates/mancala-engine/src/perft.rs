//! Perft: the number of move sequences of exactly `depth` moves, as in chess. A game that ends
//! before `depth` contributes nothing. The last ply is bulk-counted with
//! [`Position::count_legal_moves`] instead of being played.

use crate::Position;

/// The number of move sequences of exactly `depth` moves from `position`.
pub fn perft<P: Position>(position: &P, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => position.count_legal_moves() as u64,
        _ => {
            let moves = position.legal_moves();
            if depth == 2 {
                // The last level is counted from each move, in place.
                return moves
                    .iter()
                    .map(|&mv| position.count_legal_moves_after(mv) as u64)
                    .sum();
            }
            let mut nodes = 0;
            for mv in moves {
                nodes += perft(&position.child(mv), depth - 1);
            }
            nodes
        }
    }
}

/// Perft split by first move: each legal move with the count below it (for hunting a
/// disagreement with another implementation).
pub fn divide<P: Position>(position: &P, depth: u32) -> Vec<(P::Move, u64)> {
    position
        .legal_moves()
        .into_iter()
        .map(|mv| (mv, perft(&position.child(mv), depth.saturating_sub(1))))
        .collect()
}

/// [`perft`] shared out across threads (rayon's pool): the positions a few plies down, as
/// many as it takes to keep every thread busy (a start with few moves is expanded further), are
/// counted in parallel.
#[cfg(feature = "parallel")]
pub fn perft_parallel<P>(position: &P, depth: u32) -> u64
where
    P: Position + Send + Sync,
    P::Move: Send + Sync,
{
    use rayon::prelude::*;
    let wanted = 8 * rayon::current_num_threads();
    let mut frontier = vec![position.clone()];
    let mut remaining = depth;
    while remaining > 2 && frontier.len() < wanted {
        // perft(p, d) is the sum of perft(child, d - 1) over p's children: expanding every
        // position of the frontier one ply keeps the total.
        frontier = frontier
            .iter()
            .flat_map(|p| p.legal_moves().into_iter().map(move |mv| p.child(mv)))
            .collect();
        remaining -= 1;
    }
    frontier.par_iter().map(|p| perft(p, remaining)).sum()
}

/// [`perft`] without bulk counting: every leaf is reached by playing its move. The reference the
/// bulk-counting version is tested against.
pub fn perft_by_leaf<P: Position>(position: &P, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for mv in position.legal_moves() {
        nodes += perft_by_leaf(&position.child(mv), depth - 1);
    }
    nodes
}
