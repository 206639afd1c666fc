//! The exact values of the positions with few seeds on the board, kept for the whole solve:
//! the search reaches them again and again under ever other windows, and each is worked out
//! once, the first time it is met (a lazily filled endgame table). A flat array indexed as the
//! databases index a level (the board's rank and the extra state, South to move: a position
//! with North to move is kept as its mirror), a byte a position, zero for "not worked out
//! yet", shared by the threads of a solve.

use crate::db::index::{Binomials, Ranks};
use crate::db::level_index;
use crate::pages::Pages;
use core::sync::atomic::{AtomicU8, Ordering};

/// The most positions the table is sized for: a few tens of megabytes.
const MAX_POSITIONS: u64 = 1 << 26;

/// The most seeds on the board of a position the table takes, whatever the memory.
const MAX_SEEDS: u32 = 16;

/// The values of the rest of the game of small positions.
#[derive(Debug)]
pub(crate) struct Small<'m> {
    max_seeds: u32,
    extra_states: u32,
    ranks: Ranks,
    /// Where each level starts.
    starts: Vec<usize>,
    /// The value plus 128, or 0 for unknown. The threads of a solve share it: a value is
    /// exact, so two threads that work out the same position write the same byte.
    values: &'m [AtomicU8],
}

impl<'m> Small<'m> {
    /// A table of the positions of a board of `pits` pits with `extra_states` extra states,
    /// with at most as many seeds as keep their number within [`MAX_POSITIONS`] and an
    /// eighth of `table_bytes` (the transposition table's memory), and at most a third of the
    /// `seeds` of the game: every small position the search meets is worked out in full,
    /// which pays only where the search itself would visit them many times. Its memory is
    /// kept in `memory`; without it, the table takes no position.
    pub(crate) fn for_board(
        pits: usize,
        extra_states: u32,
        seeds: u32,
        table_bytes: usize,
        memory: &'m mut Option<Pages>,
    ) -> Small<'m> {
        let budget = MAX_POSITIONS.min(table_bytes as u64 / 8);
        let most = MAX_SEEDS.min(seeds / 3);
        let binomials = Binomials::new(most as usize + pits + 2);
        let per_board = u64::from(extra_states.max(1));
        let level = |s: u32| {
            binomials
                .configurations(s as usize, pits)
                .and_then(|c| c.checked_mul(per_board))
        };
        let mut starts = vec![0usize];
        let mut total = level(0).unwrap_or(u64::MAX);
        let mut max_seeds = 0;
        if total > budget {
            starts.clear();
        } else {
            starts.push(total as usize);
            while max_seeds < most {
                match level(max_seeds + 1).and_then(|l| l.checked_add(total)) {
                    Some(t) if t <= budget => total = t,
                    _ => break,
                }
                max_seeds += 1;
                starts.push(total as usize);
            }
        }
        let pages = (!starts.is_empty())
            .then(|| Pages::zeroed::<AtomicU8>(total as usize))
            .flatten();
        let values: &'m [AtomicU8] = match pages {
            Some(pages) => memory.insert(pages).values(),
            // Not a level fits, or the system does not give the memory.
            None => {
                starts.clear();
                &[]
            }
        };
        Small {
            max_seeds: if starts.is_empty() { 0 } else { max_seeds },
            extra_states: extra_states.max(1),
            ranks: Ranks::new(&binomials, pits, max_seeds as usize),
            starts,
            values,
        }
    }

    /// Whether the table takes positions with `seeds` seeds on the board.
    #[inline(always)]
    pub(crate) fn holds(&self, seeds: u32) -> bool {
        seeds <= self.max_seeds && !self.starts.is_empty()
    }

    /// The most seeds on the board of a position the table takes, if it takes any.
    #[cfg_attr(not(test), allow(dead_code, reason = "the tests ask"))]
    pub(crate) fn max_seeds(&self) -> Option<u32> {
        (!self.starts.is_empty()).then_some(self.max_seeds)
    }

    /// The slot of the position of `board` with the extra state `extra` and South to move,
    /// or, if `mirrored`, of its mirror (the rows swapped, `extra` already the mirror's), if
    /// the table takes it.
    #[inline]
    pub(crate) fn slot(&self, board: &[u8], extra: u32, mirrored: bool) -> Option<usize> {
        let (rank, seeds) = if mirrored {
            self.ranks.rank_mirrored(board)?
        } else {
            self.ranks.rank(board)?
        };
        let start = *self.starts.get(seeds)?;
        let index = level_index(rank, self.extra_states, extra);
        Some(start + index as usize)
    }

    /// The value kept in `slot`, if any.
    #[inline(always)]
    pub(crate) fn get(&self, slot: usize) -> Option<i32> {
        let stored = self.values[slot].load(Ordering::Relaxed);
        (stored != 0).then(|| i32::from(stored) - 128)
    }

    /// Keeps `value` (at most the seeds of the position in size, so within a byte) in `slot`.
    #[inline(always)]
    pub(crate) fn insert(&self, slot: usize, value: i32) {
        debug_assert!(value.abs() <= 127);
        self.values[slot].store((value.clamp(-127, 127) + 128) as u8, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seeds_fit_the_memory_and_values_are_kept() {
        // Kalah (6, 4): C(28, 12) positions of up to 16 seeds (a third of the game's) fit
        // 256 MiB / 8; with 64 MiB, C(25, 12) of up to 13, of 14 not.
        let most =
            |pits, seeds, bytes| Small::for_board(pits, 1, seeds, bytes, &mut None).max_seeds();
        assert_eq!(most(12, 48, 256 << 20), Some(16));
        assert_eq!(most(12, 48, 64 << 20), Some(13));
        assert_eq!(most(12, 48, 1 << 8), Some(1));
        assert_eq!(most(12, 48, 0), None);
        assert_eq!(most(2, 60, 64 << 20), Some(MAX_SEEDS));
        assert_eq!(most(8, 24, 64 << 20), Some(8));
        let mut memory = None;
        let small = Small::for_board(4, 1, 12, 1 << 20, &mut memory);
        assert!(small.holds(4) && !small.holds(5));
        let a = small.slot(&[1, 0, 2, 1], 0, true).unwrap();
        let b = small.slot(&[1, 0, 2, 1], 0, false).unwrap();
        let c = small.slot(&[0, 1, 2, 1], 0, true).unwrap();
        assert!(a != b && a != c && b != c);
        // A position and the mirror of its mirror share their slot.
        assert_eq!(small.slot(&[2, 1, 1, 0], 0, false), Some(a));
        assert!(small.slot(&[1, 0, 2, 2], 0, false).is_none());
        assert_eq!(small.get(a), None);
        small.insert(a, -7);
        small.insert(b, 0);
        assert_eq!(
            (small.get(a), small.get(b), small.get(c)),
            (Some(-7), Some(0), None)
        );
    }
}
