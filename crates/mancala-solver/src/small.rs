//! Exact values of the positions with few seeds on the board, kept for the whole solve: the
//! proof search reaches them again and again under ever other windows, and each is worked
//! out once, the first time it is met (a lazily filled endgame table).

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

/// The most positions the table is sized for: a few tens of megabytes.
const MAX_POSITIONS: u64 = 1 << 21;

/// The most seeds on the board of a position the table takes, whatever the memory.
const MAX_SEEDS: u32 = 16;

/// The values of the rest of the game of small positions, by their keys.
#[derive(Debug)]
pub(crate) struct Small {
    max_seeds: u32,
    values: HashMap<u64, i16, BuildHasherDefault<KeyHasher>>,
}

impl Small {
    /// A table of the positions of a board of `holes` holes with at most as many seeds as keep
    /// their number (both sides to move) within [`MAX_POSITIONS`] and a thirty-second of
    /// `table_bytes`, the memory of the transposition table, and at most a third of the
    /// `seeds` of the game: every small position a search meets is worked out in full, which
    /// pays only where the search itself would visit them many times.
    pub(crate) fn for_board(holes: usize, seeds: u32, table_bytes: usize) -> Small {
        let budget = MAX_POSITIONS.min(table_bytes as u64 / 32);
        let most = MAX_SEEDS.min(seeds / 3);
        let mut max_seeds = 0;
        while max_seeds < most && 2 * boards(holes as u64, max_seeds + 1) <= budget {
            max_seeds += 1;
        }
        Small {
            max_seeds,
            values: HashMap::default(),
        }
    }

    /// The most seeds on the board of a position the table takes.
    pub(crate) fn max_seeds(&self) -> u32 {
        self.max_seeds
    }

    /// The value kept for `key`, if any.
    #[inline]
    pub(crate) fn get(&self, key: u64) -> Option<i32> {
        self.values.get(&key).map(|&v| i32::from(v))
    }

    /// Keeps `value` for `key`.
    pub(crate) fn insert(&mut self, key: u64, value: i32) {
        let value = value.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        self.values.insert(key, value);
    }
}

/// The boards of `holes` holes with at most `seeds` seeds: `C(seeds + holes, holes)`, saturated.
fn boards(holes: u64, seeds: u32) -> u64 {
    let mut count: u64 = 1;
    for i in 1..=u64::from(seeds) {
        // C(holes + i, i) = C(holes + i - 1, i - 1) * (holes + i) / i, exact at every step.
        count = match count.checked_mul(holes + i) {
            Some(c) => c / i,
            None => return u64::MAX,
        };
    }
    count
}

/// Keys are hashes already: the map takes them as they are.
#[derive(Debug, Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn boards_are_counted_and_the_seeds_fit_the_memory() {
        // Two holes: (s + 1)(s + 2) / 2 boards of at most s seeds.
        assert_eq!(boards(2, 3), 10);
        assert_eq!(boards(12, 10), 646_646);
        assert_eq!(boards(u64::MAX / 2, 40), u64::MAX);
        // Kalah (6, n): 2 × 646 646 positions of up to 10 seeds fit 64 MiB, of 11 do not.
        assert_eq!(Small::for_board(12, 48, 64 << 20).max_seeds(), 10);
        assert_eq!(Small::for_board(12, 48, 1 << 10).max_seeds(), 1);
        assert_eq!(Small::for_board(12, 48, 1 << 8).max_seeds(), 0);
        assert_eq!(Small::for_board(2, 60, 64 << 20).max_seeds(), MAX_SEEDS);
        assert_eq!(Small::for_board(8, 24, 64 << 20).max_seeds(), 8);
        let mut small = Small::for_board(12, 48, 64 << 20);
        small.insert(9, -7);
        assert_eq!((small.get(9), small.get(10)), (Some(-7), None));
    }
}
