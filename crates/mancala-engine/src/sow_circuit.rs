//! Sowing along a circuit whose holes lie scattered over a board array (a Katro player's
//! serpentine), in one branch-free pass over the whole array.
//!
//! The circuit is given by its place table: for every cell of the array, its place on the
//! circuit, or [`OFF_CIRCUIT`] for cells that are not on it. A sowing of `seeds` from place
//! `start` covers a run of places (every place `seeds / len` times, the next `seeds % len`
//! places once more), so each cell's gain follows from comparing its place with the run's ends:
//! byte comparisons over the array, which the compiler turns into a few vector instructions,
//! instead of one scattered write per seed.

use crate::sow::Coverage;

/// The place recorded for a cell that is not on the circuit.
pub const OFF_CIRCUIT: u8 = u8::MAX;

/// Lifts every seed of cell `origin` and sows them along the circuit described by `place`
/// (each cell's place on a circuit of `len` holes, or [`OFF_CIRCUIT`]), the first seed into
/// the place after the origin's. Cells off the circuit are left alone.
///
/// Returns the place of the last seed, or `None` (changing nothing) when `origin` is empty,
/// out of range or off the circuit, or when `len` is `0` or above 128. Lifting and sowing in
/// one pass, with no single-byte write before it, keeps the processor from stalling on a wide
/// read of a byte just written.
#[inline(always)]
pub fn lift_and_sow_circuit_array<const N: usize>(
    holes: &mut [u8; N],
    place: &[u8; N],
    len: usize,
    origin: usize,
) -> Option<usize> {
    if origin >= N || len == 0 || len > 128 {
        return None;
    }
    let from = usize::from(place[origin]);
    let seeds = usize::from(holes[origin]);
    if from >= len || seeds == 0 {
        return None;
    }
    let start = if from + 1 == len { 0 } else { from + 1 };
    let coverage = Coverage::new(len, start, seeds)?;
    let [run, wrap] = coverage.runs();
    // Every value below fits in a byte: places and lengths are at most 128, laps at most 255.
    let (len8, from8, seeds8, laps8) = (len as u8, from as u8, seeds as u8, coverage.laps() as u8);
    let (start8, span8, end2_8) = (run.start as u8, run.len() as u8, wrap.end as u8);
    for (h, &p) in holes.iter_mut().zip(place) {
        let on = p < len8;
        // `p - start` wraps to 128 or more for places before `start` and for cells off the
        // circuit, so only the run's places compare below `span`.
        let one_more = p.wrapping_sub(start8) < span8 || p < end2_8;
        let gain = (if on { laps8 } else { 0 }) + u8::from(one_more);
        let lifted = if p == from8 { seeds8 } else { 0 };
        *h = h.wrapping_sub(lifted).wrapping_add(gain);
    }
    Some(coverage.last())
}

/// [`lift_and_sow_circuit_array`] one seed at a time along `path` (the board cells in circuit
/// order): the reference implementation. `origin` is a board cell; returns the place of the
/// last seed, or `None` when `origin` is empty or off the path.
pub fn lift_and_sow_circuit_by_seed(holes: &mut [u8], path: &[u8], origin: usize) -> Option<usize> {
    let mut pos = path.iter().position(|&c| usize::from(c) == origin)?;
    let seeds = core::mem::take(&mut holes[origin]);
    if seeds == 0 {
        return None;
    }
    for _ in 0..seeds {
        pos = (pos + 1) % path.len();
        holes[usize::from(path[pos])] += 1;
    }
    Some(pos)
}

/// The place table of `path` over an array of `N` cells: each path cell's place on it,
/// [`OFF_CIRCUIT`] for the others. Cells of `path` must be below `N`.
pub const fn place_table<const N: usize>(path: &[u8]) -> [u8; N] {
    let mut place = [OFF_CIRCUIT; N];
    let mut k = 0;
    while k < path.len() {
        place[path[k] as usize] = k as u8;
        k += 1;
    }
    place
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_lap_and_a_bit_along_a_scattered_circuit() {
        // The circuit runs through cells 4, 0, 6, 2 (cells 1, 3, 5, 7 are off it). Six seeds
        // from cell 0 (place 1): places 2, 3, 0, 1, 2, 3, so cells 6 and 2 get two, cells 4 and
        // 0 one, and the last seed falls on place 3 (cell 2).
        let path = [4u8, 0, 6, 2];
        let place = place_table::<8>(&path);
        assert_eq!(
            place,
            [
                1,
                OFF_CIRCUIT,
                3,
                OFF_CIRCUIT,
                0,
                OFF_CIRCUIT,
                2,
                OFF_CIRCUIT
            ]
        );
        let mut holes = [6u8, 9, 0, 9, 1, 9, 0, 9];
        assert_eq!(
            lift_and_sow_circuit_array(&mut holes, &place, 4, 0),
            Some(3)
        );
        assert_eq!(holes, [1, 9, 2, 9, 2, 9, 2, 9]);
        assert_eq!(
            lift_and_sow_circuit_array(&mut [0u8; 8], &place, 4, 0),
            None
        );
        assert_eq!(lift_and_sow_circuit_array(&mut holes, &place, 4, 1), None);
        assert_eq!(lift_and_sow_circuit_array(&mut holes, &place, 4, 8), None);
    }

    /// A circuit through some cells of an array of 40, in a random order, a board, and an
    /// origin cell on the circuit.
    fn circuit_and_board() -> impl Strategy<Value = (Vec<u8>, Vec<u8>, usize)> {
        (
            Just((0u8..40).collect::<Vec<u8>>()).prop_shuffle(),
            1usize..=36,
        )
            .prop_flat_map(|(cells, len)| {
                let path = cells[..len].to_vec();
                (Just(path), proptest::collection::vec(0u8..6, 40), 0..len)
            })
    }

    proptest! {
        #[test]
        fn circuit_closed_form_equals_seed_by_seed(
            (path, mut holes, k) in circuit_and_board(),
            seeds in 1u8..120,
        ) {
            let origin = usize::from(path[k]);
            holes[origin] = seeds;
            let place = place_table::<40>(&path);
            let mut fast = [0u8; 40];
            fast.copy_from_slice(&holes);
            let mut slow = holes.clone();
            prop_assert_eq!(
                lift_and_sow_circuit_array(&mut fast, &place, path.len(), origin),
                lift_and_sow_circuit_by_seed(&mut slow, &path, origin)
            );
            prop_assert_eq!(&fast[..], &slow[..]);
        }
    }
}
