//! The index of a level: the ways of putting `n` seeds into `k` pits, numbered by the
//! combinatorial number system (stars and bars: the pits' running sums place `k - 1` bars
//! among `n + k - 1` slots, and a set of bar places has a rank), times the extra states, times
//! the side to move, so that a level is a flat array.

/// Binomial coefficients up to a size, each `None` past `u64`.
#[derive(Debug, Clone)]
pub(crate) struct Binomials {
    /// `rows[n][k]` is `n` choose `k`, for `k <= n`.
    rows: Vec<Vec<Option<u64>>>,
}

impl Binomials {
    /// The coefficients of every `n < size`.
    pub(crate) fn new(size: usize) -> Binomials {
        let mut rows: Vec<Vec<Option<u64>>> = Vec::with_capacity(size);
        for n in 0..size {
            let mut row = vec![Some(1u64); n + 1];
            for k in 1..n {
                let above = &rows[n - 1];
                row[k] = above[k - 1]
                    .zip(above[k])
                    .and_then(|(a, b)| a.checked_add(b));
            }
            rows.push(row);
        }
        Binomials { rows }
    }

    /// `n` choose `k` (0 when `k > n`); `None` past `u64` or past the table.
    pub(crate) fn choose(&self, n: usize, k: usize) -> Option<u64> {
        if k > n {
            return Some(0);
        }
        *self.rows.get(n)?.get(k)?
    }

    /// How many ways `seeds` seeds go into `pits` pits.
    pub(crate) fn configurations(&self, seeds: usize, pits: usize) -> Option<u64> {
        if pits == 0 {
            return Some(u64::from(seeds == 0));
        }
        self.choose(seeds + pits - 1, pits - 1)
    }

    /// The rank of `board` among the boards of its pit count and seed sum, below
    /// [`configurations`](Binomials::configurations).
    pub(crate) fn rank(&self, board: &[u8]) -> u64 {
        let mut rank = 0;
        let mut bar = 0usize;
        for (j, &seeds) in board.iter().take(board.len().saturating_sub(1)).enumerate() {
            bar += usize::from(seeds);
            // The bar after pit j stands at slot (seeds so far) + j.
            rank += self.choose(bar + j, j + 1).unwrap_or(0);
        }
        rank
    }

    /// The board of `pits` pits holding `seeds` seeds whose rank is `rank`, written to `board`.
    pub(crate) fn unrank(&self, mut rank: u64, seeds: usize, board: &mut [u8]) {
        let pits = board.len();
        if pits == 0 {
            return;
        }
        // The bars from the last: each the largest slot whose coefficient fits the rank; the
        // pit after bar j holds the slots between it and the next bar.
        let mut above = seeds + pits - 1;
        for i in (1..pits).rev() {
            let mut slot = above - 1;
            while slot > 0 && self.choose(slot, i).is_none_or(|c| c > rank) {
                slot -= 1;
            }
            rank -= self.choose(slot, i).unwrap_or(0);
            board[i] = (above - slot - 1) as u8;
            above = slot;
        }
        board[0] = above as u8;
    }
}

/// The next board after `board` in rank order (the same seeds), written over it; `false`
/// when `board` is the last. The bars' successor: the first bar that can move up one slot
/// does, and the bars below it drop to the bottom, so the pit before it takes their seeds.
pub(crate) fn next_board(board: &mut [u8]) -> bool {
    let mut below = 0u8;
    for j in 0..board.len().saturating_sub(1) {
        if board[j + 1] > 0 {
            board[j + 1] -= 1;
            board[j] += below + 1;
            return true;
        }
        below += board[j];
        board[j] = 0;
    }
    // The last board (every seed in the first pit): put it back.
    if let Some(first) = board.first_mut() {
        *first += below;
    }
    false
}

/// The terms of [`Binomials::rank`] for one board size as a flat table, so that ranking a
/// board is a lookup a pit, with its seed count on the way.
#[derive(Debug, Clone)]
pub(crate) struct Ranks {
    /// `terms[j * stride + bar]`: the term of the bar after pit `j` with `bar` seeds below it.
    terms: Vec<u64>,
    stride: usize,
}

impl Ranks {
    /// The terms for boards of `pits` pits with at most `max_seeds` seeds.
    pub(crate) fn new(binomials: &Binomials, pits: usize, max_seeds: usize) -> Ranks {
        let stride = max_seeds + 1;
        let mut terms = Vec::with_capacity(pits.saturating_sub(1) * stride);
        for j in 0..pits.saturating_sub(1) {
            terms.extend((0..stride).map(|bar| binomials.choose(bar + j, j + 1).unwrap_or(0)));
        }
        Ranks { terms, stride }
    }

    /// The rank of `board` (as [`Binomials::rank`] gives it) and its seeds, or `None` when it
    /// holds more seeds than the table.
    #[inline]
    pub(crate) fn rank(&self, board: &[u8]) -> Option<(u64, usize)> {
        let mut rank = 0;
        let mut bar = 0usize;
        let (last, rows) = board.split_last()?;
        for (row, &seeds) in self.terms.chunks_exact(self.stride).zip(rows) {
            bar += usize::from(seeds);
            rank += row.get(bar)?;
        }
        let seeds = bar + usize::from(*last);
        (seeds < self.stride).then_some((rank, seeds))
    }

    /// [`rank`](Ranks::rank) of `board` with its two halves swapped (the board as the other
    /// side sees it), without a copy.
    #[inline]
    pub(crate) fn rank_mirrored(&self, board: &[u8]) -> Option<(u64, usize)> {
        let (south, north) = board.split_at(board.len() / 2);
        let (mut rank, mut bar) = (0, 0usize);
        let mut rows = self.terms.chunks_exact(self.stride);
        for &seeds in north.iter().chain(south) {
            bar += usize::from(seeds);
            // Every pit but the last has a row of terms.
            if let Some(row) = rows.next() {
                rank += row.get(bar)?;
            }
        }
        (bar < self.stride).then_some((rank, bar))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every board of `pits` pits and `seeds` seeds, in lexicographic order.
    fn boards(pits: usize, seeds: usize) -> Vec<Vec<u8>> {
        if pits == 1 {
            return vec![vec![seeds as u8]];
        }
        let mut all = Vec::new();
        for first in 0..=seeds {
            for mut rest in boards(pits - 1, seeds - first) {
                rest.insert(0, first as u8);
                all.push(rest);
            }
        }
        all
    }

    #[test]
    fn the_flat_ranks_and_the_successor_follow_the_rank_order() {
        let b = Binomials::new(40);
        for pits in 1..=6 {
            let ranks = Ranks::new(&b, pits, 7);
            for seeds in 0..=7 {
                let all = boards(pits, seeds);
                let mut walk = vec![0; pits];
                b.unrank(0, seeds, &mut walk);
                for rank in 0..all.len() as u64 {
                    let mut board = vec![0; pits];
                    b.unrank(rank, seeds, &mut board);
                    assert_eq!(walk, board, "{pits} pits, {seeds} seeds, rank {rank}");
                    assert_eq!(ranks.rank(&board), Some((b.rank(&board), seeds)));
                    let half = pits / 2;
                    let mirrored = [&board[half..], &board[..half]].concat();
                    assert_eq!(
                        ranks.rank_mirrored(&board),
                        Some((b.rank(&mirrored), seeds))
                    );
                    let more = next_board(&mut walk);
                    assert_eq!(more, rank + 1 < all.len() as u64);
                }
                // Past the last board, the walk stands on it still.
                let mut last = vec![0; pits];
                b.unrank(all.len() as u64 - 1, seeds, &mut last);
                assert_eq!(walk, last);
            }
            if pits > 0 {
                let mut over = vec![0; pits];
                over[pits - 1] = 8;
                assert_eq!(ranks.rank(&over), None);
            }
        }
    }

    #[test]
    fn ranks_are_a_bijection_onto_the_configurations() {
        let b = Binomials::new(40);
        for pits in 1..=6 {
            for seeds in 0..=7 {
                let all = boards(pits, seeds);
                assert_eq!(b.configurations(seeds, pits), Some(all.len() as u64));
                let mut seen = vec![false; all.len()];
                for board in &all {
                    let rank = b.rank(board) as usize;
                    assert!(
                        !seen[rank],
                        "rank {rank} twice for {pits} pits, {seeds} seeds"
                    );
                    seen[rank] = true;
                    let mut back = vec![0; pits];
                    b.unrank(rank as u64, seeds, &mut back);
                    assert_eq!(&back, board);
                }
            }
        }
        assert_eq!(b.choose(39, 20), Some(68_923_264_410));
        assert_eq!(b.choose(5, 7), Some(0));
        assert_eq!(b.choose(40, 1), None);
    }
}
