//! The capture of Oware and its relatives: from the hole of the last seed, backwards along the
//! row it lies in, every hole whose seeds qualify, up to the first that does not or the row's
//! start. Unlike [`backward_chain`](super::backward_chain) it never takes the hole
//! opposite, and it never leaves the row.
//!
//! Finding the run and taking it are separate steps, so that a game can look at what a
//! capture would take (all of a row, say) before it decides whether it happens.

use core::ops::Range;

/// The holes a capture from `from` would take: `start..from + 1`, the qualifying holes that
/// end at `from` and go back within `row` (`qualifies(seeds)` with each hole's seeds). Empty
/// (`from..from`) when `from` itself does not qualify, is not in `row`, or `row` does not lie
/// within `holes` (at most 64).
///
/// Every hole is tested in one branch-free pass and the run is read off the bits, so the walk
/// costs the same however long it is.
#[inline(always)]
pub fn backward_run<const N: usize>(
    holes: &[u8; N],
    row: Range<usize>,
    from: usize,
    qualifies: impl Fn(u8) -> bool,
) -> Range<usize> {
    if N > 64 || !row.contains(&from) || row.end > N {
        return from..from;
    }
    let mut qualifying = 0u64;
    for (i, &seeds) in holes.iter().enumerate() {
        qualifying |= u64::from(qualifies(seeds)) << i;
    }
    // The holes that stop the walk: those that do not qualify, and every hole before the row;
    // only those up to `from` matter.
    let before_row = (1u64 << row.start) - 1;
    let stoppers = (!qualifying | before_row) & (u64::MAX >> (63 - from));
    if stoppers >> from & 1 == 1 {
        return from..from;
    }
    // The run starts just after the last stopper (or at hole 0 if there is none).
    let start = 64 - stoppers.leading_zeros() as usize;
    start..from + 1
}

/// Empties the holes of `run` and returns the seeds they held (`0` for a run off the board).
/// One branch-free pass over the whole array.
#[inline(always)]
pub fn take<const N: usize>(holes: &mut [u8; N], run: Range<usize>) -> u32 {
    let mut seeds = 0u32;
    for (i, hole) in holes.iter_mut().enumerate() {
        let taken = if run.contains(&i) { *hole } else { 0 };
        seeds += u32::from(taken);
        *hole -= taken;
    }
    seeds
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn two_or_three(seeds: u8) -> bool {
        seeds == 2 || seeds == 3
    }

    #[test]
    fn takes_backwards_to_the_first_hole_that_does_not_qualify() {
        // North's row is 6..12; the last seed fell in hole 10.
        let mut holes: [u8; 12] = [0, 0, 0, 0, 0, 0, 2, 4, 3, 2, 3, 1];
        let run = backward_run(&holes, 6..12, 10, two_or_three);
        assert_eq!(run, 8..11);
        assert_eq!(take(&mut holes, run), 8);
        assert_eq!(holes, [0, 0, 0, 0, 0, 0, 2, 4, 0, 0, 0, 1]);
    }

    #[test]
    fn stops_at_the_start_of_the_row() {
        // Hole 5 qualifies but lies in the other row.
        let holes: [u8; 12] = [0, 0, 0, 0, 0, 2, 2, 3, 0, 0, 0, 0];
        assert_eq!(backward_run(&holes, 6..12, 7, two_or_three), 6..8);
        assert_eq!(backward_run(&holes, 6..12, 8, two_or_three), 8..8);
        assert_eq!(backward_run(&holes, 6..12, 5, two_or_three), 5..5);
        assert_eq!(backward_run(&holes, 6..13, 7, two_or_three), 7..7);
        assert_eq!(take(&mut [1u8, 2], 2..3), 0);
        // From the very first hole of the board, and from the last of a 64-hole board.
        assert_eq!(backward_run(&[2u8, 3], 0..2, 0, two_or_three), 0..1);
        let mut wide = [3u8; 64];
        assert_eq!(backward_run(&wide, 32..64, 63, two_or_three), 32..64);
        assert_eq!(take(&mut wide, 62..64), 6);
        assert_eq!(backward_run(&wide, 32..64, 63, two_or_three), 63..63);
    }

    /// The walk one hole at a time, as the rules word it.
    fn reference(holes: &mut [u8], row: Range<usize>, from: usize) -> u32 {
        let mut taken = 0;
        let mut hole = from;
        loop {
            if !two_or_three(holes[hole]) {
                break;
            }
            taken += u32::from(holes[hole]);
            holes[hole] = 0;
            if hole == row.start {
                break;
            }
            hole -= 1;
        }
        taken
    }

    proptest! {
        #[test]
        fn matches_the_walk_and_conserves_seeds(
            holes in proptest::collection::vec(0u8..5, 2..=16),
            pick in any::<proptest::sample::Index>(),
        ) {
            let per_side = holes.len() / 2;
            let row = if pick.index(2) == 0 { 0..per_side } else { per_side..2 * per_side };
            let from = row.start + pick.index(per_side);
            let mut fast = [0u8; 16];
            fast[..holes.len()].copy_from_slice(&holes);
            let mut slow = holes.clone();
            let run = backward_run(&fast, row.clone(), from, two_or_three);
            prop_assert!(run.is_empty() || (run.start >= row.start && run.end == from + 1));
            let taken = take(&mut fast, run);
            prop_assert_eq!(taken, reference(&mut slow, row, from));
            prop_assert_eq!(&fast[..holes.len()], &slow[..]);
            let before: u32 = holes.iter().map(|&h| u32::from(h)).sum();
            let after: u32 = fast.iter().map(|&h| u32::from(h)).sum();
            prop_assert_eq!(before, after + taken);
        }
    }
}
