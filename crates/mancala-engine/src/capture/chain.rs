//! The backward chain capture.
//!
//! The backward chain capture of the two-row ring games: a capture takes a hole together with
//! the hole opposite it and then goes on backwards (against the sowing direction) for as long
//! as the holes qualify (Mangala IV's 2s and 4s). The counts are read as they stand during the
//! walk, so a hole emptied earlier in the same chain reads `0`.
//!
//! [`backward_chain`] finds the whole chain at once, without a branch per hole, on a board
//! packed into one word; [`backward_chain_by_hole`] walks it hole by hole on a slice, for any
//! ring and any rule of which holes qualify, and is the reference the fast one is tested against.

use crate::packed::{byte_sum, holding, Word, ONES_BELOW, WORD_HOLES};
use crate::topology::Ring;

/// What a chain capture took.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Chain {
    /// The hole the walk started from.
    pub from: usize,
    /// How many holes qualified: `from`, the hole before it, and so on backwards. Each took its
    /// opposite hole with it. `0` means nothing was taken.
    pub holes: usize,
    /// Seeds taken, from the qualifying holes and their opposites together.
    pub seeds: u32,
}

impl Chain {
    /// The qualifying holes in the order the walk took them (`from` first, going backwards).
    pub fn taken(&self, ring: Ring) -> impl Iterator<Item = usize> {
        let mut hole = self.from;
        (0..self.holes).map(move |k| {
            if k > 0 {
                hole = ring.prev(hole);
            }
            hole
        })
    }
}

/// The backward chain from `landing` on a ring board packed into one word (byte `i` holds hole
/// `i`, bytes past the ring `0`): the board after the capture and what it took. A hole
/// qualifies when its count is one of `qualifying`.
///
/// On two rows the walk never leaves the landing hole's row: the hole before a row's first
/// hole is the one opposite it, emptied when that first hole was taken. And taking a hole
/// empties only its opposite, on the other row. So the chain is the run of qualifying holes
/// that ends at `landing` within its row, as the board stands before the capture: per-byte
/// tests and a leading-zeros count find it without a branch per hole.
///
/// `None` (nothing done) when the ring has more than [`WORD_HOLES`] holes, `landing` is off
/// the ring, or `0` qualifies (the walk could then cross a row end, which
/// [`backward_chain_by_hole`] handles). The result equals `backward_chain_by_hole`'s.
#[inline(always)]
pub fn backward_chain(
    board: Word,
    ring: Ring,
    landing: usize,
    qualifying: &[u8],
) -> Option<(Word, Chain)> {
    let len = ring.len();
    if len > WORD_HOLES || landing >= len || qualifying.contains(&0) {
        return None;
    }
    let per_side = ring.per_side();
    let row = if landing >= per_side { per_side } else { 0 };
    let in_row = (ONES_BELOW[row + per_side] - ONES_BELOW[row]) * 0x80;
    let qualify = qualifying
        .iter()
        .fold(0, |flags, &value| flags | holding(board, value))
        & in_row;
    // Flags of the holes up to the landing hole that stop the walk; the highest one is where
    // it stops (none: it runs to hole 0, the row's first).
    let stops = (ONES_BELOW[landing + 1] * 0x80) & !qualify;
    let below = (127 - stops.leading_zeros() as i32) >> 3;
    let first = (below + 1) as usize;
    let opposites = ONES_BELOW[len - first] - ONES_BELOW[len - 1 - landing];
    let taken = ((ONES_BELOW[landing + 1] - ONES_BELOW[first]) + opposites) * 0xFF;
    let chain = Chain {
        from: landing,
        holes: landing + 1 - first,
        seeds: byte_sum(board & taken),
    };
    Some((board & !taken, chain))
}

/// Walks backwards along `ring` from `from`: while the hole under the walk qualifies
/// (`qualifies(hole, count)` with its current count), empties it and the hole opposite it into
/// the returned total, then steps to the hole before it. Stops at the first hole that does not
/// qualify, and after at most one full circuit (so a predicate that accepts `0` cannot make it
/// loop). A `from` outside the ring (or a `holes` slice of another length) takes nothing.
///
/// The caller adds [`Chain::seeds`] to the capturing player's store. This is the reference
/// for [`backward_chain`], and serves the rings and rules that one does not.
#[inline]
pub fn backward_chain_by_hole<F>(
    holes: &mut [u8],
    ring: Ring,
    from: usize,
    mut qualifies: F,
) -> Chain
where
    F: FnMut(usize, u8) -> bool,
{
    let mut chain = Chain {
        from,
        holes: 0,
        seeds: 0,
    };
    let len = ring.len();
    if holes.len() != len || from >= len {
        return chain;
    }
    let mut hole = from;
    while chain.holes < len && qualifies(hole, holes[hole]) {
        let opposite = ring.opposite(hole);
        chain.seeds += u32::from(core::mem::take(&mut holes[hole]));
        chain.seeds += u32::from(core::mem::take(&mut holes[opposite]));
        chain.holes += 1;
        hole = ring.prev(hole);
    }
    chain
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn two_or_four(_: usize, count: u8) -> bool {
        count == 2 || count == 4
    }

    #[test]
    fn takes_qualifying_holes_and_their_opposites_backwards() {
        // Ring of 2 × 7: holes 4, 3, 2 hold 2, 4, 2; hole 1 holds 3 and stops the walk.
        let ring = Ring::new(7).unwrap();
        let mut holes = [1, 3, 2, 4, 2, 5, 1, 1, 1, 1, 1, 6, 1, 1];
        let chain = backward_chain_by_hole(&mut holes, ring, 4, two_or_four);
        assert_eq!(
            chain,
            Chain {
                from: 4,
                holes: 3,
                seeds: 2 + 4 + 2 + 1 + 1 + 6
            }
        );
        assert_eq!(holes, [1, 3, 0, 0, 0, 5, 1, 1, 1, 0, 0, 0, 1, 1]);
        assert_eq!(chain.taken(ring).collect::<Vec<_>>(), vec![4, 3, 2]);
    }

    #[test]
    fn a_hole_emptied_by_the_chain_stops_it() {
        // From North's first hole (7), the hole before is South's last (6), opposite of 7:
        // emptied by the first capture, it reads 0 and ends the walk although it held a 2.
        let ring = Ring::new(7).unwrap();
        let mut holes = [0, 0, 0, 0, 0, 0, 2, 4, 0, 0, 0, 0, 0, 0];
        let chain = backward_chain_by_hole(&mut holes, ring, 7, two_or_four);
        assert_eq!(
            chain,
            Chain {
                from: 7,
                holes: 1,
                seeds: 6
            }
        );
        assert_eq!(holes, [0; 14]);
    }

    #[test]
    fn nothing_qualifies_or_out_of_range() {
        let ring = Ring::new(7).unwrap();
        let mut holes = [3u8; 14];
        assert_eq!(
            backward_chain_by_hole(&mut holes, ring, 5, two_or_four).holes,
            0
        );
        assert_eq!(
            backward_chain_by_hole(&mut holes, ring, 14, |_, _| true).seeds,
            0
        );
        assert_eq!(
            backward_chain_by_hole(&mut holes[..10], ring, 2, |_, _| true).seeds,
            0
        );
        assert_eq!(holes, [3u8; 14]);
    }

    #[test]
    fn a_predicate_accepting_everything_stops_after_one_circuit() {
        let ring = Ring::new(3).unwrap();
        let mut holes = [1u8, 2, 3, 4, 5, 6];
        let chain = backward_chain_by_hole(&mut holes, ring, 0, |_, _| true);
        assert_eq!(chain.holes, 6);
        assert_eq!(chain.seeds, 21);
        assert_eq!(holes, [0; 6]);
    }

    /// The walk one hole at a time with explicit indices, as the rules word it.
    fn reference(holes: &mut [u8], per_side: usize, from: usize) -> (usize, u32) {
        let len = 2 * per_side;
        let (mut taken, mut seeds, mut hole) = (0, 0u32, from);
        for _ in 0..len {
            let count = holes[hole];
            if count != 2 && count != 4 {
                break;
            }
            seeds += u32::from(holes[hole]) + u32::from(holes[len - 1 - hole]);
            holes[hole] = 0;
            holes[len - 1 - hole] = 0;
            taken += 1;
            hole = (hole + len - 1) % len;
        }
        (taken, seeds)
    }

    fn ring_board() -> impl Strategy<Value = (usize, Vec<u8>, usize)> {
        (1usize..10).prop_flat_map(|per_side| {
            (
                Just(per_side),
                proptest::collection::vec(0u8..6, 2 * per_side),
                0..2 * per_side,
            )
        })
    }

    /// A ring of at most 16 holes, its counts (mostly small, so chains are common, with some
    /// large ones), a landing hole and a set of qualifying counts without `0`.
    fn word_board() -> impl Strategy<Value = (usize, Vec<u8>, usize, Vec<u8>)> {
        (1usize..=8).prop_flat_map(|per_side| {
            (
                Just(per_side),
                proptest::collection::vec(prop_oneof![4 => 0u8..6, 1 => any::<u8>()], 2 * per_side),
                0..2 * per_side,
                proptest::collection::vec(1u8..=5, 1..=3),
            )
        })
    }

    #[test]
    fn the_word_chain_refuses_what_it_cannot_do() {
        let mut holes = [0u8; 16];
        holes[3] = 2;
        let board = u128::from_le_bytes(holes);
        assert_eq!(backward_chain(board, Ring::new(9).unwrap(), 3, &[2]), None);
        assert_eq!(backward_chain(board, Ring::new(7).unwrap(), 14, &[2]), None);
        assert_eq!(
            backward_chain(board, Ring::new(7).unwrap(), 3, &[0, 2]),
            None
        );
        let (after, chain) = backward_chain(board, Ring::new(7).unwrap(), 3, &[2]).unwrap();
        assert_eq!((after, chain.holes, chain.seeds), (0, 1, 2));
    }

    #[test]
    fn the_word_chain_sums_more_than_a_byte() {
        // South's holes 1..7 hold 2 each, North's 250 each: the chain takes 7 × 252 seeds.
        let ring = Ring::new(7).unwrap();
        let mut holes = [0u8; 16];
        holes[..7].fill(2);
        holes[7..14].fill(250);
        let (after, chain) = backward_chain(u128::from_le_bytes(holes), ring, 6, &[2, 4]).unwrap();
        assert_eq!((after, chain.holes, chain.seeds), (0, 7, 7 * 252));
    }

    proptest! {
        #[test]
        fn the_word_chain_matches_the_walk_by_hole(
            (per_side, holes, landing, qualifying) in word_board()
        ) {
            let ring = Ring::new(per_side as u8).unwrap();
            let mut padded = [0u8; 16];
            padded[..holes.len()].copy_from_slice(&holes);
            let (after, chain) =
                backward_chain(u128::from_le_bytes(padded), ring, landing, &qualifying).unwrap();
            let mut slow = holes.clone();
            let reference =
                backward_chain_by_hole(&mut slow, ring, landing, |_, count| qualifying.contains(&count));
            prop_assert_eq!(chain, reference);
            prop_assert_eq!(&after.to_le_bytes()[..holes.len()], &slow[..]);
            prop_assert!(after.to_le_bytes()[holes.len()..].iter().all(|&b| b == 0));
        }

        #[test]
        fn conserves_seeds_and_matches_the_reference((per_side, holes, from) in ring_board()) {
            let ring = Ring::new(per_side as u8).unwrap();
            let mut fast = holes.clone();
            let mut slow = holes.clone();
            let chain = backward_chain_by_hole(&mut fast, ring, from, two_or_four);
            let (taken, seeds) = reference(&mut slow, per_side, from);
            prop_assert_eq!(&fast, &slow);
            prop_assert_eq!((chain.holes, chain.seeds), (taken, seeds));
            let before: u32 = holes.iter().map(|&h| u32::from(h)).sum();
            let after: u32 = fast.iter().map(|&h| u32::from(h)).sum();
            prop_assert_eq!(before, after + chain.seeds);
            // Every taken hole and its opposite are empty; the hole that stopped the walk
            // does not qualify.
            for hole in chain.taken(ring) {
                prop_assert_eq!(fast[hole], 0);
                prop_assert_eq!(fast[ring.opposite(hole)], 0);
            }
        }

        #[test]
        fn on_two_rows_the_chain_never_leaves_the_row_it_started_in(
            (per_side, holes, from) in ring_board()
        ) {
            let ring = Ring::new(per_side as u8).unwrap();
            let mut holes = holes;
            let chain = backward_chain_by_hole(&mut holes, ring, from, two_or_four);
            for hole in chain.taken(ring) {
                prop_assert_eq!(ring.owner(hole), ring.owner(from));
            }
        }
    }
}
