//! Capture primitives.
//!
//! [`backward_chain`] is the chain capture of the two-row ring games in which a capture takes a
//! hole together with the hole opposite it and then goes on backwards (against the sowing
//! direction) for as long as the holes qualify (Mangala IV's 2s and 4s). The counts are read as
//! they stand during the walk, so a hole emptied earlier in the same chain reads `0`.

use crate::topology::Ring;

/// What a [`backward_chain`] took.
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

/// Walks backwards along `ring` from `from`: while the hole under the walk qualifies
/// (`qualifies(hole, count)` with its current count), empties it and the hole opposite it into
/// the returned total, then steps to the hole before it. Stops at the first hole that does not
/// qualify, and after at most one full circuit (so a predicate that accepts `0` cannot make it
/// loop). A `from` outside the ring (or a `holes` slice of another length) takes nothing.
///
/// The caller adds [`Chain::seeds`] to the capturing player's store.
#[inline]
pub fn backward_chain<F>(holes: &mut [u8], ring: Ring, from: usize, mut qualifies: F) -> Chain
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
        let chain = backward_chain(&mut holes, ring, 4, two_or_four);
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
        let chain = backward_chain(&mut holes, ring, 7, two_or_four);
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
        assert_eq!(backward_chain(&mut holes, ring, 5, two_or_four).holes, 0);
        assert_eq!(backward_chain(&mut holes, ring, 14, |_, _| true).seeds, 0);
        assert_eq!(
            backward_chain(&mut holes[..10], ring, 2, |_, _| true).seeds,
            0
        );
        assert_eq!(holes, [3u8; 14]);
    }

    #[test]
    fn a_predicate_accepting_everything_stops_after_one_circuit() {
        let ring = Ring::new(3).unwrap();
        let mut holes = [1u8, 2, 3, 4, 5, 6];
        let chain = backward_chain(&mut holes, ring, 0, |_, _| true);
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

    proptest! {
        #[test]
        fn conserves_seeds_and_matches_the_reference((per_side, holes, from) in ring_board()) {
            let ring = Ring::new(per_side as u8).unwrap();
            let mut fast = holes.clone();
            let mut slow = holes.clone();
            let chain = backward_chain(&mut fast, ring, from, two_or_four);
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
            let chain = backward_chain(&mut holes, ring, from, two_or_four);
            for hole in chain.taken(ring) {
                prop_assert_eq!(ring.owner(hole), ring.owner(from));
            }
        }
    }
}
