//! Relay sowing over a cycle of board cells: the lap kernel of every game whose player sows
//! round a closed path of holes (Katro's serpentine circuits, Mangala IV's ring of 14 holes as
//! the identity cycle).
//!
//! A [`Cycle`] lists the cells of a window of `W` bytes in sowing order and keeps, for every
//! origin cell, how far each cell of the window lies after it. A lap lifts the origin and drops
//! one seed into each of the next `seeds` cells, so a lap shorter than the cycle (almost every
//! lap) is one byte comparison per cell: a few vector instructions over the window, with no
//! scattered write. Longer laps add the whole rounds first. The relay itself — what a lap's end
//! decides — stays with the game, which repeats laps under [`relay`](crate::relay::relay).

/// The most cells a window may hold: the cells a lap sows are reported as bits of a `u64`.
pub const MAX_WINDOW: usize = 64;

/// The place recorded for a window cell that is not on the cycle.
const OFF: u8 = u8::MAX;

/// Where a lap's last seed fell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Landing {
    /// The window cell that received the last seed.
    pub cell: usize,
    /// Its seeds after the lap: `1` exactly when the last seed fell into an empty hole.
    pub seeds: u8,
    /// Whole rounds of the cycle sown (`seeds / len`): while `0` every cell got at most one
    /// seed, so a game with an occupancy word can tell an empty landing from its bit alone.
    pub rounds: u8,
    /// The cells that received seeds, as bits (bit `i` for window cell `i`): a game that keeps
    /// an occupancy word updates it from this without reading the board.
    pub sown: u64,
}

/// A closed sowing path through some cells of a window of `W` cells (`W` at most
/// [`MAX_WINDOW`]), with the per-origin tables that make each lap branch-free.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cycle<const W: usize> {
    len: u8,
    /// Each cell's place on the cycle ([`OFF`] for cells not on it).
    place: [u8; W],
    /// The cells in sowing order, twice over, so that a place past the end needs no modulo.
    path: [u8; 2 * MAX_WINDOW],
    /// `after[origin][cell]`: how many places `cell` lies after the place following `origin`
    /// (the origin itself last, at `len - 1`; cells off the cycle, or rows of origins off it,
    /// `OFF`). A lap of `seeds < len` drops one seed into each cell whose entry is below `seeds`.
    after: [[u8; W]; W],
    /// `keep[origin]`: `0` at the origin, `0xFF` at every other cell.
    keep: [[u8; W]; W],
    /// `0xFF` at the cells of the cycle, `0` elsewhere: where whole rounds drop their seeds.
    on: [u8; W],
    /// `len - 1` at the cells of the cycle, `0` elsewhere: a lap of `seeds` from `origin` is
    /// short (at least one seed, less than a round) when `seeds - 1`, wrapping, is below
    /// `short[origin]`. One test instead of three on the hot path.
    short: [u8; W],
    /// `flips[k]`: the bits of the first `k` places of the doubled path, each counted modulo 2,
    /// so that the cells of a run shorter than the cycle are `flips[end] ^ flips[start]`.
    flips: [u64; 2 * MAX_WINDOW + 1],
    /// The bits of every cell of the cycle.
    cells: u64,
    /// For every seed count, the whole rounds and the seeds left over: `[seeds / len, seeds % len]`.
    rounds: [[u8; 2]; 256],
}

impl<const W: usize> Cycle<W> {
    /// The cycle through the window cells of `path`, in sowing order (the seed after the last
    /// cell goes to the first). `None` if `path` is empty, a cell is outside the window or comes
    /// twice, or the window is wider than [`MAX_WINDOW`].
    pub const fn new(path: &[u8]) -> Option<Cycle<W>> {
        let len = path.len();
        if len == 0 || len > W || W > MAX_WINDOW {
            return None;
        }
        let mut cycle = Cycle {
            len: len as u8,
            place: [OFF; W],
            path: [0; 2 * MAX_WINDOW],
            after: [[OFF; W]; W],
            keep: [[0xFF; W]; W],
            on: [0; W],
            short: [0; W],
            flips: [0; 2 * MAX_WINDOW + 1],
            cells: 0,
            rounds: [[0; 2]; 256],
        };
        let mut k = 0;
        while k < len {
            let cell = path[k] as usize;
            if cell >= W || cycle.place[cell] != OFF {
                return None;
            }
            cycle.place[cell] = k as u8;
            cycle.path[k] = cell as u8;
            cycle.path[k + len] = cell as u8;
            cycle.on[cell] = 0xFF;
            cycle.short[cell] = (len - 1) as u8;
            cycle.cells |= 1 << cell;
            k += 1;
        }
        let mut k = 0;
        while k < 2 * len {
            cycle.flips[k + 1] = cycle.flips[k] ^ 1 << cycle.path[k];
            k += 1;
        }
        let mut from = 0;
        while from < len {
            let origin = path[from] as usize;
            cycle.keep[origin][origin] = 0;
            let mut i = 0;
            while i < len {
                let cell = cycle.path[from + 1 + i] as usize;
                cycle.after[origin][cell] = i as u8;
                i += 1;
            }
            from += 1;
        }
        let mut seeds = 0;
        while seeds < 256 {
            cycle.rounds[seeds] = [(seeds / len) as u8, (seeds % len) as u8];
            seeds += 1;
        }
        Some(cycle)
    }

    /// The cycle through the first `len` cells of the window in index order: a ring such as
    /// Mangala IV's 14 holes. `None` as for [`Cycle::new`].
    pub const fn identity(len: usize) -> Option<Cycle<W>> {
        let mut path = [0u8; MAX_WINDOW];
        let mut k = 0;
        while k < len && k < MAX_WINDOW {
            path[k] = k as u8;
            k += 1;
        }
        if len > MAX_WINDOW {
            return None;
        }
        let (cells, _) = path.split_at(len);
        Cycle::new(cells)
    }

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

    /// The window cells in sowing order.
    #[inline]
    pub fn path(&self) -> &[u8] {
        &self.path[..self.len()]
    }

    /// The place of window cell `cell` on the cycle, or `None` if it is not on it.
    #[inline]
    pub const fn place(&self, cell: usize) -> Option<usize> {
        if cell < W && self.place[cell] != OFF {
            Some(self.place[cell] as usize)
        } else {
            None
        }
    }

    /// The bits of every cell of the cycle.
    #[inline]
    pub const fn cells(&self) -> u64 {
        self.cells
    }

    /// One lap: lifts every seed of window cell `origin` and sows them one by one along the
    /// cycle from the next cell (a lap of the cycle or more passes the emptied origin too).
    /// Cells off the cycle are left alone.
    ///
    /// Returns where the last seed fell, or `None` (changing nothing) when `origin` is empty,
    /// outside the window or off the cycle. The window's seeds must total at most 255, as every
    /// game of the workspace guarantees, so that no count overflows a byte.
    #[inline(always)]
    pub fn lap(&self, window: &mut [u8; W], origin: usize) -> Option<Landing> {
        if origin >= W {
            return None;
        }
        let seeds = window[origin];
        let from = usize::from(self.place[origin]);
        if seeds.wrapping_sub(1) >= self.short[origin] {
            if from == usize::from(OFF) || seeds == 0 {
                return None;
            }
            return Some(self.round_lap(window, origin, from, seeds));
        }
        // Shorter than the cycle: the last seed lands `seeds` places on, and each cell gets at
        // most one seed. The landing's count is read before the pass writes the window. Both
        // places lie below `2 * len`, so the masks only spare the bounds checks.
        let start = from + 1;
        let end = start + usize::from(seeds);
        let cell = usize::from(self.path[(end - 1) % (2 * MAX_WINDOW)]);
        let before = window[cell];
        let (after, keep) = (&self.after[origin], &self.keep[origin]);
        for ((h, &a), &k) in window.iter_mut().zip(after).zip(keep) {
            *h = (*h & k) + u8::from(a < seeds);
        }
        Some(Landing {
            cell,
            seeds: before + 1,
            rounds: 0,
            sown: self.flips[end % (2 * MAX_WINDOW)] ^ self.flips[start % (2 * MAX_WINDOW)],
        })
    }

    /// [`Cycle::lap`] for `seeds` of at least a whole round: every cell of the cycle gets
    /// `seeds / len` seeds, and the next `seeds % len` cells after the origin one more.
    #[inline(never)]
    fn round_lap(&self, window: &mut [u8; W], origin: usize, from: usize, seeds: u8) -> Landing {
        let [rounds, rest] = self.rounds[usize::from(seeds)];
        let cell = usize::from(self.path[from + usize::from(rest)]);
        let before = window[cell];
        let (after, keep) = (&self.after[origin], &self.keep[origin]);
        for (((h, &a), &k), &on) in window.iter_mut().zip(after).zip(keep).zip(&self.on) {
            *h = (*h & k) + (rounds & on) + u8::from(a < rest);
        }
        // The last seed ends a round in the origin when nothing is left over.
        let landed = if rest == 0 {
            rounds
        } else {
            before + rounds + 1
        };
        Landing {
            cell,
            seeds: landed,
            rounds,
            sown: self.cells,
        }
    }
}

/// [`Cycle::lap`] one seed at a time along `path` (window cells in sowing order): the reference
/// implementation. Returns the cell of the last seed, or `None` when `origin` is empty or not
/// on the path.
pub fn lap_by_seed(window: &mut [u8], path: &[u8], origin: usize) -> Option<usize> {
    let mut place = path.iter().position(|&c| usize::from(c) == origin)?;
    let seeds = core::mem::take(window.get_mut(origin)?);
    if seeds == 0 {
        return None;
    }
    for _ in 0..seeds {
        place = (place + 1) % path.len();
        window[usize::from(path[place])] += 1;
    }
    Some(usize::from(path[place]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_lap_and_a_bit_along_a_scattered_cycle() {
        // The cycle runs through cells 4, 0, 6, 2 (cells 1, 3, 5, 7 are off it). Six seeds from
        // cell 0 go to cells 6, 2, 4, 0, 6, 2: cells 6 and 2 get two, 4 and 0 one, and the last
        // seed falls into cell 2, which then holds 2.
        let cycle = Cycle::<8>::new(&[4, 0, 6, 2]).unwrap();
        assert_eq!(cycle.place(6), Some(2));
        assert_eq!(cycle.place(1), None);
        let mut window = [6u8, 9, 0, 9, 1, 9, 0, 9];
        let landing = cycle.lap(&mut window, 0).unwrap();
        assert_eq!(window, [1, 9, 2, 9, 2, 9, 2, 9]);
        assert_eq!(landing.cell, 2);
        assert_eq!(landing.seeds, 2);
        assert_eq!(landing.sown, 0b0101_0101);
        // Two seeds from cell 6: cells 2 and 4, the last into a hole that held 2.
        let landing = cycle.lap(&mut window, 6).unwrap();
        assert_eq!(window, [1, 9, 3, 9, 3, 9, 0, 9]);
        assert_eq!(
            (landing.cell, landing.seeds, landing.sown),
            (4, 3, 0b0001_0100)
        );
        // Nothing to sow, off the cycle, outside the window.
        assert_eq!(cycle.lap(&mut window, 6), None);
        assert_eq!(cycle.lap(&mut window, 1), None);
        assert_eq!(cycle.lap(&mut window, 8), None);
        assert_eq!(window, [1, 9, 3, 9, 3, 9, 0, 9]);
    }

    #[test]
    fn a_whole_round_ends_in_the_emptied_origin() {
        let cycle = Cycle::<16>::identity(14).unwrap();
        let mut window = [0u8; 16];
        window[3] = 14;
        let landing = cycle.lap(&mut window, 3).unwrap();
        assert_eq!((landing.cell, landing.seeds, landing.rounds), (3, 1, 1));
        assert_eq!(&window[..14], &[1; 14]);
        assert_eq!(&window[14..], &[0, 0]);
    }

    #[test]
    fn bad_paths_are_refused() {
        assert!(Cycle::<8>::new(&[]).is_none());
        assert!(Cycle::<8>::new(&[1, 8]).is_none());
        assert!(Cycle::<8>::new(&[1, 2, 1]).is_none());
        assert!(Cycle::<65>::new(&[0]).is_none());
        assert!(Cycle::<8>::identity(9).is_none());
        assert_eq!(
            Cycle::<8>::identity(8).unwrap().path(),
            &[0, 1, 2, 3, 4, 5, 6, 7]
        );
    }

    /// A cycle through some cells of a window of 32, in a random order, a window whose seeds
    /// total at most 255, and an origin cell on the cycle.
    fn cycle_and_window() -> impl Strategy<Value = (Vec<u8>, Vec<u8>, usize)> {
        (
            Just((0u8..32).collect::<Vec<u8>>()).prop_shuffle(),
            1usize..=32,
        )
            .prop_flat_map(|(cells, len)| {
                let path = cells[..len].to_vec();
                (Just(path), proptest::collection::vec(0u8..8, 32), 0..len)
            })
    }

    proptest! {
        #[test]
        fn the_tables_sow_as_seed_by_seed(
            (path, mut window, k) in cycle_and_window(),
            seeds in 1u8..=255,
        ) {
            let origin = usize::from(path[k]);
            // At most 31 cells of 7 seeds beside the origin: 38 seeds or more are left for it.
            window[origin] = 0;
            let others: u8 = window.iter().sum();
            window[origin] = seeds.min(255 - others);
            let cycle = Cycle::<32>::new(&path).unwrap();
            let mut fast = [0u8; 32];
            fast.copy_from_slice(&window);
            let mut slow = window.clone();
            let landing = cycle.lap(&mut fast, origin);
            let last = lap_by_seed(&mut slow, &path, origin);
            prop_assert_eq!(&fast[..], &slow[..]);
            prop_assert_eq!(landing.map(|l| l.cell), last);
            let landing = landing.unwrap();
            prop_assert_eq!(landing.seeds, fast[landing.cell]);
            prop_assert_eq!(usize::from(landing.rounds), usize::from(window[origin]) / path.len());
            // The sown bits are exactly the cells that gained seeds (the origin only when it
            // was sown into after being emptied).
            let gained = (0..32).filter(|&i| {
                if i == origin { fast[i] > 0 } else { fast[i] > window[i] }
            });
            prop_assert_eq!(landing.sown, gained.fold(0u64, |bits, i| bits | 1 << i));
        }
    }
}
