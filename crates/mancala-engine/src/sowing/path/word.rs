//! The word form of a [`SowingPath`]: the same laps over a window of at most 16 cells kept in one
//! `u128` (cell `i` is byte `i`).
//!
//! A game whose whole board fits in 16 bytes (Mangala IV's ring of 14) keeps it in a register
//! through a relay: a lap is then two word additions and a mask, and the landing count a
//! shift, with no round trip through memory. The tables come from the cycle's own, so both
//! forms sow every lap alike (a property test holds each to [`lap_by_seed`]).
//!
//! [`lap_by_seed`]: super::lap_by_seed

use super::{Rounds, SowingPath};
use crate::packed::{seeds_at, Word, WORD_HOLES};

/// Where a word lap's last seed fell, and the board it left.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WordLanding {
    /// The board after the lap.
    pub board: Word,
    /// The cell that received the last seed.
    pub cell: usize,
    /// Its seeds after the lap: `1` exactly when the last seed fell into an empty hole.
    pub seeds: u8,
}

/// A [`SowingPath`] through at most [`WORD_HOLES`] cells, as word tables: per origin, the gains of
/// a run shorter than a round after it, the mask that lifts it and the landing cell of each
/// run; per seed count, the whole rounds and the seeds left over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WordPath {
    len: u8,
    /// The cycle's cells, as bits.
    on: u16,
    /// `short[origin][rest]`: a `1` in each of the `rest` cells after `origin` along the cycle
    /// (`rest` below the cycle's length; `0` for origins off the cycle).
    short: [[Word; WORD_HOLES]; WORD_HOLES],
    /// `land[origin][rest]`: the cell `rest` places after `origin` (the origin itself for `0`
    /// and for origins off the cycle).
    land: [[u8; WORD_HOLES]; WORD_HOLES],
    /// `keep[origin]`: every byte but the origin's (every byte for origins off the cycle).
    keep: [Word; WORD_HOLES],
    /// `whole[seeds]`: the gains of the whole rounds of `seeds`, in every cell of the cycle.
    whole: [Word; 256],
    /// For every seed count, the whole rounds and the seeds left over.
    rounds: Rounds,
}

impl<const N: usize, const W: usize> SowingPath<N, W> {
    /// The same cycle in word form, for a board of at most [`WORD_HOLES`] cells; `None` for a
    /// larger one.
    pub const fn word(&self) -> Option<WordPath> {
        if N > WORD_HOLES {
            return None;
        }
        let len = self.len as usize;
        let mut word = WordPath {
            len: self.len,
            on: 0,
            short: [[0; WORD_HOLES]; WORD_HOLES],
            land: [[0; WORD_HOLES]; WORD_HOLES],
            keep: [Word::MAX; WORD_HOLES],
            whole: [0; 256],
            rounds: Rounds::new(len),
        };
        let mut ones: Word = 0;
        let mut origin = 0;
        while origin < WORD_HOLES {
            let mut rest = 0;
            while rest < WORD_HOLES {
                word.land[origin][rest] = origin as u8;
                rest += 1;
            }
            if origin < N && self.place[origin] != super::OFF {
                word.on |= 1 << origin;
                ones |= 1 << (8 * origin);
                word.keep[origin] = !(0xFF << (8 * origin));
                let from = self.place[origin] as usize;
                let mut rest = 1;
                while rest < len {
                    let cell = self.path[from + rest] as usize;
                    word.short[origin][rest] = word.short[origin][rest - 1] | 1 << (8 * cell);
                    word.land[origin][rest] = cell as u8;
                    rest += 1;
                }
            }
            origin += 1;
        }
        let mut seeds = 0;
        while seeds < 256 {
            word.whole[seeds] = word.rounds.split(seeds as u8)[0] as Word * ones;
            seeds += 1;
        }
        Some(word)
    }
}

impl WordPath {
    /// Cells on the cycle.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Always `false`: a cycle has at least one cell.
    #[inline]
    pub const fn is_empty(&self) -> bool {
        false
    }

    /// The bits of every cell of the cycle.
    #[inline]
    pub const fn cells(&self) -> u16 {
        self.on
    }

    /// One lap, as [`SowingPath::lap`]: lifts every seed of cell `origin` and sows them along the
    /// cycle from the next cell. `None` (the board unchanged) when `origin` is empty, outside
    /// the window or off the cycle. The board's seeds must total at most 255.
    #[inline(always)]
    pub fn lap(&self, board: Word, origin: usize) -> Option<WordLanding> {
        if origin >= WORD_HOLES || self.on >> origin & 1 == 0 {
            return None;
        }
        let seeds = seeds_at(board, origin);
        (seeds != 0).then(|| self.lap_of(board, origin, seeds))
    }

    /// [`WordPath::lap`] for a caller that already knows the origin's count `seeds` (a relay
    /// has it from the previous lap's landing) and that the origin is on the cycle: three
    /// table reads and two additions, no test. `origin` is taken modulo [`WORD_HOLES`].
    ///
    /// Given another count, or an origin off the cycle, it cannot fail either, but the board
    /// it returns is not a lap's.
    #[inline(always)]
    pub fn lap_of(&self, board: Word, origin: usize, seeds: u8) -> WordLanding {
        let origin = origin % WORD_HOLES;
        let rest = usize::from(self.rounds.split(seeds)[1]) % WORD_HOLES;
        let gains = self.whole[usize::from(seeds)] + self.short[origin][rest];
        // No byte carries into the next: no count exceeds the 255 seeds on the board.
        let board = (board & self.keep[origin]) + gains;
        let cell = usize::from(self.land[origin][rest]);
        WordLanding {
            board,
            cell,
            seeds: seeds_at(board, cell),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::lap_by_seed;
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_ring_of_fourteen_sows_round_and_ends_in_its_origin() {
        let ring = SowingPath::<16>::identity(14).unwrap().word().unwrap();
        assert_eq!(ring.len(), 14);
        assert_eq!(ring.cells(), (1 << 14) - 1);
        let mut bytes = [0u8; 16];
        bytes[3] = 28;
        let landing = ring.lap(Word::from_le_bytes(bytes), 3).unwrap();
        let mut expected = [2u8; 16];
        expected[14..].fill(0);
        assert_eq!(landing.board.to_le_bytes(), expected);
        assert_eq!((landing.cell, landing.seeds), (3, 2));
    }

    #[test]
    fn nothing_is_sown_from_an_empty_or_foreign_cell() {
        let cycle = SowingPath::<16>::new(&[4, 0, 6, 2])
            .unwrap()
            .word()
            .unwrap();
        let board = Word::from_le_bytes([3; 16]);
        assert_eq!(cycle.lap(board, 1), None);
        assert_eq!(cycle.lap(board, 16), None);
        assert_eq!(cycle.lap(0, 4), None);
        assert!(SowingPath::<17>::identity(14).unwrap().word().is_none());
        // Three seeds from cell 6: cells 2, 4 and 0, the last into a hole that held 3.
        let landing = cycle.lap(board, 6).unwrap();
        let mut expected = [3u8; 16];
        expected[6] = 0;
        for cell in [2, 4, 0] {
            expected[cell] = 4;
        }
        assert_eq!(landing.board.to_le_bytes(), expected);
        assert_eq!((landing.cell, landing.seeds), (0, 4));
    }

    /// A cycle through some cells of a window of 16 in a random order, a window whose seeds
    /// total at most 255, and an origin cell on the cycle.
    fn cycle_and_window() -> impl Strategy<Value = (Vec<u8>, Vec<u8>, usize)> {
        (
            Just((0u8..16).collect::<Vec<u8>>()).prop_shuffle(),
            1usize..=16,
        )
            .prop_flat_map(|(cells, len)| {
                let path = cells[..len].to_vec();
                (Just(path), proptest::collection::vec(0u8..12, 16), 0..len)
            })
    }

    proptest! {
        #[test]
        fn the_word_sows_as_seed_by_seed_and_as_the_window(
            (path, mut window, k) in cycle_and_window(),
            seeds in 1u8..=255,
        ) {
            let origin = usize::from(path[k]);
            // At most 15 cells of 11 seeds beside the origin: 90 seeds or more are left for it.
            window[origin] = 0;
            let others: u8 = window.iter().sum();
            window[origin] = seeds.min(255 - others);
            let cycle = SowingPath::<16>::new(&path).unwrap();
            let word = cycle.word().unwrap();
            let mut bytes = [0u8; 16];
            bytes.copy_from_slice(&window);
            let landing = word.lap(Word::from_le_bytes(bytes), origin).unwrap();
            let known = word.lap_of(Word::from_le_bytes(bytes), origin, window[origin]);
            prop_assert_eq!(landing, known);
            let mut slow = window.clone();
            let last = lap_by_seed(&mut slow, &path, origin);
            prop_assert_eq!(&landing.board.to_le_bytes()[..], &slow[..]);
            prop_assert_eq!(Some(landing.cell), last);
            prop_assert_eq!(landing.seeds, slow[landing.cell]);
            let mut fast = bytes;
            let window_landing = cycle.lap(&mut fast, origin).unwrap();
            prop_assert_eq!((window_landing.cell, window_landing.seeds), (landing.cell, landing.seeds));
        }
    }
}
