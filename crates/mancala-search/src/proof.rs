//! Exhaustive proofs over every line of play: how soon a game can end or be won, counting the
//! lines that do, with a game's own sound bound to leave out lines that cannot.

use crate::MAX_SEARCH_DEPTH;
use mancala_engine::Position;

/// What an exhaustive search of every line up to some number of plies found.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct LineCount {
    /// Positions visited (the start included).
    pub nodes: u64,
    /// Subtrees left out because the bound proved no game ends in them.
    pub pruned: u64,
    /// `ended[d]`: move sequences of exactly `d` plies after which the game is over (and not
    /// before).
    pub ended: Vec<u64>,
    /// `won[d]`: those of them that end with a winner.
    pub won: Vec<u64>,
}

impl LineCount {
    /// The fewest plies after which some line has a winner, if any line within the searched
    /// plies does.
    pub fn shortest_win(&self) -> Option<usize> {
        self.won.iter().position(|&n| n > 0)
    }
}

/// Follows every legal move sequence of up to `plies` plies from `position`, stopping a line
/// where the game ends, and counts the lines that end at each ply. A subtree is left out when
/// `could_end_within(position, plies_left)` is `false`: that must be a sound bound (if it says
/// no game ends within `plies_left` plies, none does), and then the counts are exact.
///
/// Recursion is as deep as `plies`, which is capped at [`MAX_SEARCH_DEPTH`] (the counts then stop
/// there); the work grows with the branching factor to that power, so the bound is what makes
/// deep proofs possible.
pub fn count_ending_lines<P: Position>(
    position: &P,
    plies: u32,
    could_end_within: impl Fn(&P, u32) -> bool,
) -> LineCount {
    let plies = plies.min(MAX_SEARCH_DEPTH);
    let mut count = LineCount {
        ended: vec![0; plies as usize + 1],
        won: vec![0; plies as usize + 1],
        ..LineCount::default()
    };
    walk(position, 0, plies, &could_end_within, &mut count);
    count
}

fn walk<P: Position>(
    position: &P,
    ply: usize,
    left: u32,
    could_end_within: &impl Fn(&P, u32) -> bool,
    count: &mut LineCount,
) {
    count.nodes += 1;
    if let Some(outcome) = position.outcome() {
        count.ended[ply] += 1;
        count.won[ply] += u64::from(outcome.winner.is_some());
        return;
    }
    if left == 0 {
        return;
    }
    if !could_end_within(position, left) {
        count.pruned += 1;
        return;
    }
    for mv in position.legal_moves() {
        walk(
            &position.child(mv),
            ply + 1,
            left - 1,
            could_end_within,
            count,
        );
    }
}
