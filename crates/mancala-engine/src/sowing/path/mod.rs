//! Relay sowing over a cycle of board cells: the lap kernel of every game whose player sows
//! round a closed path of holes (Katro's serpentine circuits, Mangala IV's ring of 14 holes as
//! the identity cycle).
//!
//! A [`SowingPath`] lists cells of a board of `N` bytes in sowing order, all within a window of `W`
//! consecutive cells, and keeps, for every origin cell, how far each cell of the window lies
//! after it. A lap lifts the origin and drops one seed into each of the next `seeds` cells, so
//! a lap shorter than the cycle (almost every lap) is one byte comparison per window cell: a
//! few vector instructions, with no scattered write. Longer laps add the whole rounds first.
//! Cells, landings and sown bits are the board's own, so a game keeps its board as it is and
//! passes it whole. The relay itself — what a lap's end decides — stays with the game, which
//! repeats laps under [`relay`](crate::relay::relay).
//!
//! The same cycle has a second form, [`WordPath`] (from [`SowingPath::word`]), for a board of at
//! most 16 cells kept in one `u128`: a game whose board fits there sows without leaving the
//! registers.

mod word;

pub use word::{WordLanding, WordPath};

use super::Rounds;

/// The most cells a board may hold: the cells a lap sows are reported as bits of a `u64`.
pub const MAX_CELLS: usize = 64;

/// The place recorded for a cell that is not on the cycle.
const OFF: u8 = u8::MAX;

/// [`SowingPath`]'s `after` entry of a cell off the cycle: more places on than any run, and below
/// 128 like every entry, so that a lap compares entries and counts as signed bytes (one
/// vector instruction, where an unsigned byte comparison takes three).
const FAR: u8 = i8::MAX as u8;

/// Where a lap's last seed fell.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Landing {
    /// The board cell that received the last seed.
    pub cell: usize,
    /// Its seeds after the lap: `1` exactly when the last seed fell into an empty hole.
    pub seeds: u8,
    /// Whole rounds of the cycle sown (`seeds / len`): while `0` every cell got at most one
    /// seed, so a game with an occupancy word can tell an empty landing from its bit alone.
    pub rounds: u8,
    /// The cells that received seeds, as bits (bit `i` for board cell `i`): a game that keeps
    /// an occupancy word updates it from this without reading the board.
    pub sown: u64,
}

/// A closed sowing path through some cells of a board of `N` cells (`N` at most
/// [`MAX_CELLS`]), all of them within one window of `W` consecutive cells, with the per-origin
/// tables that make each lap branch-free. The window is all a lap reads and writes; it is the
/// whole board by default.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SowingPath<const N: usize, const W: usize = N> {
    len: u8,
    /// The board cell where the window starts.
    base: u8,
    /// Each cell's place on the cycle ([`OFF`] for cells not on it).
    place: [u8; N],
    /// The cells in sowing order, twice over, so that a place past the end needs no modulo.
    path: [u8; 2 * MAX_CELLS],
    /// `after[origin][i]`: how many places window cell `i` lies after the place following
    /// `origin` (the origin itself last, at `len - 1`; cells off the cycle, or rows of origins
    /// off it, [`FAR`]). A lap of `seeds < len` drops one seed into each cell whose entry is
    /// below `seeds`.
    after: [[u8; W]; N],
    /// `keep[origin]`: `0` at the origin's window cell, `0xFF` at every other.
    keep: [[u8; W]; N],
    /// `0xFF` at the window cells of the cycle, `0` elsewhere: where whole rounds drop seeds.
    on: [u8; W],
    /// `len - 1` at the cells of the cycle, `0` elsewhere: a lap of `seeds` from `origin` is
    /// short (at least one seed, less than a round) when `seeds - 1`, wrapping, is below
    /// `short[origin]`. One test instead of three on the hot path.
    short: [u8; N],
    /// `flips[k]`: the bits of the first `k` places of the doubled path, each counted modulo 2,
    /// so that the cells of a run shorter than the cycle are `flips[end] ^ flips[start]`.
    flips: [u64; 2 * MAX_CELLS + 1],
    /// The bits of every cell of the cycle.
    cells: u64,
    /// For every seed count, the whole rounds and the seeds left over.
    rounds: Rounds,
}

impl<const N: usize, const W: usize> SowingPath<N, W> {
    /// The cycle through the board cells of `path`, in sowing order (the seed after the last
    /// cell goes to the first). The window starts at the lowest cell of the path, or as far
    /// on as the board allows. `None` if `path` is empty, a cell is outside the board or comes
    /// twice, the cells do not fit in one window, or the window is wider than the board or the
    /// board than [`MAX_CELLS`].
    pub const fn new(path: &[u8]) -> Option<SowingPath<N, W>> {
        let len = path.len();
        if len == 0 || len > W || W > N || N > MAX_CELLS {
            return None;
        }
        let mut cycle = SowingPath {
            len: len as u8,
            base: 0,
            place: [OFF; N],
            path: [0; 2 * MAX_CELLS],
            after: [[FAR; W]; N],
            keep: [[0xFF; W]; N],
            on: [0; W],
            short: [0; N],
            flips: [0; 2 * MAX_CELLS + 1],
            cells: 0,
            rounds: Rounds::new(len),
        };
        let (mut lowest, mut highest) = (N, 0);
        let mut k = 0;
        while k < len {
            let cell = path[k] as usize;
            if cell >= N || cycle.place[cell] != OFF {
                return None;
            }
            if cell < lowest {
                lowest = cell;
            }
            if cell > highest {
                highest = cell;
            }
            cycle.place[cell] = k as u8;
            cycle.path[k] = cell as u8;
            cycle.path[k + len] = cell as u8;
            cycle.short[cell] = (len - 1) as u8;
            cycle.cells |= 1 << cell;
            k += 1;
        }
        let base = if lowest < N - W { lowest } else { N - W };
        if highest >= base + W {
            return None;
        }
        cycle.base = base as u8;
        let mut k = 0;
        while k < len {
            cycle.on[path[k] as usize - base] = 0xFF;
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
            cycle.keep[origin][origin - base] = 0;
            let mut i = 0;
            while i < len {
                let cell = cycle.path[from + 1 + i] as usize;
                cycle.after[origin][cell - base] = i as u8;
                i += 1;
            }
            from += 1;
        }
        Some(cycle)
    }

    /// The cycle through the first `len` cells of the board in index order: a ring such as
    /// Mangala IV's 14 holes. `None` as for [`SowingPath::new`].
    pub const fn identity(len: usize) -> Option<SowingPath<N, W>> {
        let mut path = [0u8; MAX_CELLS];
        let mut k = 0;
        while k < len && k < MAX_CELLS {
            path[k] = k as u8;
            k += 1;
        }
        if len > MAX_CELLS {
            return None;
        }
        let (cells, _) = path.split_at(len);
        SowingPath::new(cells)
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

    /// The board cells in sowing order.
    #[inline]
    pub fn path(&self) -> &[u8] {
        &self.path[..self.len()]
    }

    /// The board cell where the window a lap reads and writes starts.
    #[inline]
    pub const fn window_start(&self) -> usize {
        self.base as usize
    }

    /// The place of board cell `cell` on the cycle, or `None` if it is not on it.
    #[inline]
    pub const fn place(&self, cell: usize) -> Option<usize> {
        if cell < N && self.place[cell] != OFF {
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

    /// The window of `board` a lap reads and writes. Always there (the constructor placed the
    /// window within the board); `None` only to spare a panic path.
    #[inline(always)]
    fn window<'a>(&self, board: &'a mut [u8; N]) -> Option<&'a mut [u8; W]> {
        // A window as wide as the board starts at 0: known at compile time.
        let base = if N == W { 0 } else { usize::from(self.base) };
        board.get_mut(base..)?.first_chunk_mut::<W>()
    }

    /// One lap: lifts every seed of board cell `origin` and sows them one by one along the
    /// cycle from the next cell (a lap of the cycle or more passes the emptied origin too).
    /// Cells off the cycle are left alone.
    ///
    /// Returns where the last seed fell, or `None` (changing nothing) when `origin` is empty,
    /// outside the board or off the cycle. The board's seeds must total at most 255, as every
    /// game of the workspace guarantees, so that no count overflows a byte.
    #[inline(always)]
    pub fn lap(&self, board: &mut [u8; N], origin: usize) -> Option<Landing> {
        if origin >= N {
            return None;
        }
        let seeds = board[origin];
        let from = usize::from(self.place[origin]);
        if seeds.wrapping_sub(1) >= self.short[origin] {
            if from == usize::from(OFF) || seeds == 0 {
                return None;
            }
            return self.round_lap(board, origin, from, seeds);
        }
        // Shorter than the cycle: the last seed lands `seeds` places on, and each cell gets at
        // most one seed. The landing's count is read before the pass writes the window (a
        // caller that does not use it loses the read). Both places lie below `2 * len`, so the
        // masks only spare the bounds checks.
        let start = from + 1;
        let end = start + usize::from(seeds);
        let cell = usize::from(self.path[(end - 1) % (2 * MAX_CELLS)]);
        let before = board.get(cell).copied().unwrap_or(0);
        let (after, keep) = (&self.after[origin], &self.keep[origin]);
        let window = self.window(board)?;
        // Entries and `seeds` (below `len`) lie below 128: signed bytes compare them alike.
        let run = seeds as i8;
        for ((h, &a), &k) in window.iter_mut().zip(after).zip(keep) {
            *h = (*h & k) + u8::from((a as i8) < run);
        }
        Some(Landing {
            cell,
            seeds: before + 1,
            rounds: 0,
            sown: self.flips[end % (2 * MAX_CELLS)] ^ self.flips[start % (2 * MAX_CELLS)],
        })
    }

    /// [`SowingPath::lap`] for `seeds` of at least a whole round: every cell of the cycle gets
    /// `seeds / len` seeds, and the next `seeds % len` cells after the origin one more.
    #[inline(never)]
    fn round_lap(
        &self,
        board: &mut [u8; N],
        origin: usize,
        from: usize,
        seeds: u8,
    ) -> Option<Landing> {
        let [rounds, rest] = self.rounds.split(seeds);
        let cell = usize::from(self.path[(from + usize::from(rest)) % (2 * MAX_CELLS)]);
        let before = board.get(cell).copied().unwrap_or(0);
        let (after, keep) = (self.after.get(origin)?, self.keep.get(origin)?);
        let window = self.window(board)?;
        let run = rest as i8;
        for (((h, &a), &k), &on) in window.iter_mut().zip(after).zip(keep).zip(&self.on) {
            *h = (*h & k) + (rounds & on) + u8::from((a as i8) < run);
        }
        // The last seed ends a round in the origin when nothing is left over.
        let landed = if rest == 0 {
            rounds
        } else {
            before + rounds + 1
        };
        Some(Landing {
            cell,
            seeds: landed,
            rounds,
            sown: self.cells,
        })
    }
}

/// [`SowingPath::lap`] one seed at a time along `path` (board cells in sowing order): the reference
/// implementation. Returns the cell of the last seed, or `None` when `origin` is empty or not
/// on the path.
pub fn lap_by_seed(board: &mut [u8], path: &[u8], origin: usize) -> Option<usize> {
    let mut place = path.iter().position(|&c| usize::from(c) == origin)?;
    let seeds = core::mem::take(board.get_mut(origin)?);
    if seeds == 0 {
        return None;
    }
    for _ in 0..seeds {
        place = (place + 1) % path.len();
        board[usize::from(path[place])] += 1;
    }
    Some(usize::from(path[place]))
}

#[cfg(test)]
mod tests;
