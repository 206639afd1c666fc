//! How selective [`Pvs`](super::Pvs) is: how much late quiet moves are reduced, and which
//! moves near the horizon are not searched at all. Every figure here was chosen by node
//! counts to a fixed depth and confirmed by matches (the crate's guide).

use std::sync::LazyLock;

/// The largest reduction of a late move, in plies: more lets a refutation hide too long.
pub(crate) const MAX_REDUCTION: u32 = 3;

/// Pruning (of moves, or of whole nodes on their static evaluation) happens only with fewer
/// plies than this left.
pub(crate) const PRUNING_DEPTH: u32 = 4;

/// The most plies one ply of a line can lose to selectivity: the move itself, its reduction,
/// and one more of the child's own when it has no table move. A line of `p` plies is
/// searched to its end by iteration `REACH * p` however it was reduced, and never pruned.
pub(crate) const REACH: u32 = 2 + MAX_REDUCTION;

/// A late quiet move is reduced by `REDUCTION_BASE + ln(depth) × ln(moves searched) /
/// REDUCTION_DIVISOR` plies, rounded down: a late move in a deep search is rarely the best,
/// and a wrong guess is corrected by the re-search at full depth.
const REDUCTION_BASE: f64 = 0.5;
const REDUCTION_DIVISOR: f64 = 1.5;

/// Rows of the reduction table, by depth left and by moves already searched.
const ROWS: usize = 64;

/// Reductions of a late quiet move by `[depth][moves searched before it]`: logarithms, so
/// worked out once for the whole program rather than by every search.
static REDUCTIONS: LazyLock<[[u8; ROWS]; ROWS]> = LazyLock::new(|| {
    core::array::from_fn(|depth| {
        let mut row = [0u8; ROWS];
        for (searched, cell) in row.iter_mut().enumerate().skip(1) {
            let r = REDUCTION_BASE
                + (depth.max(1) as f64).ln() * (searched as f64).ln() / REDUCTION_DIVISOR;
            *cell = (r.max(0.0) as u32).min(MAX_REDUCTION) as u8;
        }
        row
    })
});

/// Selectivity parameters.
#[derive(Debug, Clone)]
pub(crate) struct Selectivity {
    /// A node this far above beta per ply left, judged statically, is not searched.
    pub(crate) static_margin: i32,
    /// A quiet move whose parent is this far below alpha per ply left is not searched.
    pub(crate) futility_margin: i32,
    /// Quiet moves searched at most, by depth left, before the later ones are dropped.
    pub(crate) late_moves: [usize; PRUNING_DEPTH as usize],
}

impl Selectivity {
    /// The tuned parameters.
    pub(crate) fn new() -> Selectivity {
        Selectivity {
            static_margin: 150,
            futility_margin: 200,
            late_moves: [0, 5, 7, 9],
        }
    }

    /// The reduction of a late quiet move with `depth` plies left after `searched` moves.
    #[inline]
    pub(crate) fn reduction(&self, depth: u32, searched: usize) -> u32 {
        u32::from(REDUCTIONS[(depth as usize).min(ROWS - 1)][searched.min(ROWS - 1)])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reductions_grow_with_depth_and_move_number_up_to_the_cap() {
        let select = Selectivity::new();
        // The first moves and the shallowest searches are not reduced.
        assert_eq!(select.reduction(1, 8), 0);
        assert_eq!(select.reduction(12, 1), 0);
        assert!(select.reduction(3, 3) >= 1);
        for depth in 1..70 {
            for searched in 1..70 {
                let r = select.reduction(depth, searched);
                assert!(r <= MAX_REDUCTION);
                assert!(r >= select.reduction(depth, searched - 1));
                assert!(r >= select.reduction(depth - 1, searched));
            }
        }
        assert_eq!(select.reduction(64, 30), MAX_REDUCTION);
    }
}
