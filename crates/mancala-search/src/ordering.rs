//! What a search remembers about good moves, to try them first: killers per ply and a
//! history of cut-offs per side and move.

use crate::limits::PLIES;
use core::hash::{Hash, Hasher};
use mancala_engine::Side;

/// Slots of the history table per side; moves share a slot only by a hash collision, which
/// costs ordering quality, never correctness.
const HISTORY_SLOTS: usize = 256;

/// Two moves per ply that recently caused a cut-off there: siblings often refute alike. Both
/// searches keep them: [`Pvs`](crate::Pvs) from one search to the next, cleared at each,
/// [`AlphaBeta`](crate::AlphaBeta) for one search.
#[derive(Debug, Clone)]
pub(crate) struct Killers<M> {
    plies: [[Option<M>; 2]; PLIES],
}

impl<M: Copy + Eq> Killers<M> {
    /// Killers for every ply a search reaches, all empty.
    pub(crate) fn new() -> Self {
        Killers {
            plies: [[None; 2]; PLIES],
        }
    }

    /// The killers of `ply`.
    #[inline]
    pub(crate) fn at(&self, ply: usize) -> [Option<M>; 2] {
        self.plies[ply]
    }

    /// Records that `mv` caused a cut-off at `ply`.
    #[inline]
    pub(crate) fn record(&mut self, ply: usize, mv: M) {
        let slot = &mut self.plies[ply];
        if slot[0] != Some(mv) {
            slot[1] = slot[0];
            slot[0] = Some(mv);
        }
    }

    /// Forgets every killer.
    pub(crate) fn clear(&mut self) {
        self.plies.fill([None; 2]);
    }
}

/// The history heuristic's scores: how often each move (by side) caused a cut-off, weighted by
/// the depth left; a move good in many places is likely good in the next one.
#[derive(Debug, Clone)]
pub(crate) struct HistoryScores {
    scores: Vec<u32>,
}

impl HistoryScores {
    /// No cut-off recorded yet.
    pub(crate) fn new() -> HistoryScores {
        HistoryScores {
            scores: vec![0; 2 * HISTORY_SLOTS],
        }
    }

    #[inline]
    fn slot<M: Hash>(side: Side, mv: &M) -> usize {
        let mut hasher = MoveHasher(0);
        mv.hash(&mut hasher);
        side.index() * HISTORY_SLOTS + (hasher.0 >> 56) as usize % HISTORY_SLOTS
    }

    /// The score of `side`'s move `mv`.
    #[inline]
    pub(crate) fn score<M: Hash>(&self, side: Side, mv: &M) -> u32 {
        self.scores[Self::slot(side, mv)]
    }

    /// Records a cut-off by `side`'s move `mv` with `depth` plies left to search.
    #[inline]
    pub(crate) fn record<M: Hash>(&mut self, side: Side, mv: &M, depth: u32) {
        let slot = &mut self.scores[Self::slot(side, mv)];
        *slot = slot.saturating_add(depth * depth);
        if *slot > 1 << 30 {
            self.age();
        }
    }

    /// Halves every score, so recent cut-offs count more than old ones.
    pub(crate) fn age(&mut self) {
        self.scores.iter_mut().for_each(|score| *score /= 2);
    }
}

/// A hasher for moves, cheaper than the position keys' (a move is a byte or two): a
/// multiply per word, the top bits taken.
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.write_u64(u64::from(byte));
        }
    }

    #[inline]
    fn write_u64(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(8) ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn killers_keep_the_two_latest_distinct_moves() {
        let mut killers = Killers::new();
        killers.record(1, 5u8);
        killers.record(1, 5u8);
        assert_eq!(killers.at(1), [Some(5), None]);
        killers.record(1, 7u8);
        killers.record(1, 8u8);
        assert_eq!(killers.at(1), [Some(8), Some(7)]);
        assert_eq!(killers.at(0), [None, None]);
        killers.clear();
        assert_eq!(killers.at(1), [None, None]);
    }

    #[test]
    fn history_grows_with_depth_and_ages() {
        let mut history = HistoryScores::new();
        history.record(Side::South, &3u8, 4);
        history.record(Side::South, &3u8, 2);
        assert_eq!(history.score(Side::South, &3u8), 20);
        assert_eq!(history.score(Side::North, &3u8), 0);
        history.age();
        assert_eq!(history.score(Side::South, &3u8), 10);
    }
}
