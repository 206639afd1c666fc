//! Sowing primitives, the hot loops of every mancala.
//!
//! Each primitive has a closed form (every hole of the path gets `seeds / len`, the next
//! `seeds % len` holes one more) and a seed-by-seed twin that drops one seed at a time, kept as
//! the reference the closed form is tested against.
//!
//! Counts are bytes: callers keep every count within `u8` (a validated position of any game in
//! the workspace holds at most 162 seeds).

use crate::{Side, Stores};

/// Where the first seed of a sowing falls, relative to the hole it was lifted from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FirstSeed {
    /// Into the next hole (Mangala IV, Katro, and Toguz Kumalak's single stone).
    Next,
    /// Back into the emptied hole itself (Toguz Kumalak with two or more stones).
    Origin,
}

/// Sows `seeds` round the whole ring `holes`, the first seed into `start`; returns the hole of
/// the last seed, or `None` (and changes nothing) when `seeds` is `0`. Closed form.
#[inline]
pub fn sow_ring(holes: &mut [u8], start: usize, seeds: u32) -> Option<usize> {
    let len = holes.len();
    if seeds == 0 || start >= len {
        return None;
    }
    let laps = (seeds as usize / len) as u8;
    let rest = seeds as usize % len;
    if laps > 0 {
        for h in holes.iter_mut() {
            *h += laps;
        }
    }
    let end = start + rest;
    if end <= len {
        for h in &mut holes[start..end] {
            *h += 1;
        }
    } else {
        for h in &mut holes[start..] {
            *h += 1;
        }
        for h in &mut holes[..end - len] {
            *h += 1;
        }
    }
    Some((start + seeds as usize - 1) % len)
}

/// `STEP[128 - k..][i]` is `1` when `i >= k`, else `0`: a window of it marks every hole from
/// `k` on, so runs of holes become differences of two windows, with no comparison per hole.
static STEP: [u8; 256] = {
    let mut step = [0u8; 256];
    let mut i = 128;
    while i < 256 {
        step[i] = 1;
        i += 1;
    }
    step
};

/// The holes `k..N` as `1`s (`k` at most 128).
#[inline(always)]
fn from_hole<const N: usize>(k: usize) -> &'static [u8; N] {
    let window = &STEP[128 - k.min(128)..];
    match window.first_chunk::<N>() {
        Some(chunk) => chunk,
        None => &[0; N],
    }
}

/// [`sow_ring`] for a ring kept in the first `len` holes of a fixed-size array (at most 128):
/// every hole is updated by one branch-free pass of byte additions over the array, which the
/// compiler turns into a few vector instructions. Holes from `len` on are left alone. Returns
/// `None` (changing nothing) when `seeds` is `0` or `start` is not below `len`.
#[inline(always)]
pub fn sow_ring_array<const N: usize>(
    holes: &mut [u8; N],
    len: usize,
    start: usize,
    seeds: u32,
) -> Option<usize> {
    if seeds == 0 || start >= len || len > N || N > 128 {
        return None;
    }
    let seeds = seeds as usize;
    // Most sowings are shorter than a lap: skip the divisions then.
    let (laps, rest) = if seeds < len {
        (0, seeds)
    } else {
        (seeds / len, seeds % len)
    };
    // Every ring hole gets `laps`; the holes `start..end1` and `0..end2` one more.
    let end = start + rest;
    let (end1, end2) = if end > len {
        (len, end - len)
    } else {
        (end, 0)
    };
    let (all, ring_end) = (from_hole::<N>(0), from_hole::<N>(len));
    let (run_start, run_end) = (from_hole::<N>(start), from_hole::<N>(end1));
    let wrap_end = from_hole::<N>(end2);
    let laps = laps as u8;
    for i in 0..N {
        let ring = all[i] - ring_end[i];
        let extra = (run_start[i] - run_end[i]) + (all[i] - wrap_end[i]);
        holes[i] += laps * ring + extra;
    }
    // The last seed lies `seeds - 1` holes after `start`: `rest - 1` modulo the length.
    let last = if rest == 0 {
        start + len - 1
    } else {
        start + rest - 1
    };
    Some(if last >= len { last - len } else { last })
}

/// [`sow_ring`] one seed at a time: the reference implementation.
pub fn sow_ring_by_seed(holes: &mut [u8], start: usize, seeds: u32) -> Option<usize> {
    if seeds == 0 || start >= holes.len() {
        return None;
    }
    let mut hole = start;
    for k in 0..seeds {
        if k > 0 {
            hole = (hole + 1) % holes.len();
        }
        holes[hole] += 1;
    }
    Some(hole)
}

/// Lifts every seed from `origin` and sows them round the ring; returns the hole of the last
/// seed, or `None` when `origin` is empty or out of range.
#[inline]
pub fn lift_and_sow_ring(holes: &mut [u8], origin: usize, first: FirstSeed) -> Option<usize> {
    let seeds = u32::from(*holes.get(origin)?);
    holes[origin] = 0;
    let start = match first {
        FirstSeed::Origin => origin,
        FirstSeed::Next => (origin + 1) % holes.len(),
    };
    sow_ring(holes, start, seeds)
}

/// Sows `seeds` along `path` (board indices in sowing order, a closed circuit), the first seed
/// into `path[start]`; returns the path position of the last seed, or `None` (changing
/// nothing) when `seeds` is `0` or `start` is off the path. Closed form.
#[inline]
pub fn sow_path(board: &mut [u8], path: &[u8], start: usize, seeds: u32) -> Option<usize> {
    let len = path.len();
    if seeds == 0 || start >= len {
        return None;
    }
    let laps = (seeds as usize / len) as u8;
    let rest = seeds as usize % len;
    if laps > 0 {
        for &h in path {
            board[h as usize] += laps;
        }
    }
    for k in 0..rest {
        let pos = if start + k >= len {
            start + k - len
        } else {
            start + k
        };
        board[path[pos] as usize] += 1;
    }
    Some((start + seeds as usize - 1) % len)
}

/// [`sow_path`] one seed at a time: the reference implementation.
pub fn sow_path_by_seed(board: &mut [u8], path: &[u8], start: usize, seeds: u32) -> Option<usize> {
    if seeds == 0 || start >= path.len() {
        return None;
    }
    let mut pos = start;
    for k in 0..seeds {
        if k > 0 {
            pos = (pos + 1) % path.len();
        }
        board[path[pos] as usize] += 1;
    }
    Some(pos)
}

/// Moves every seed that fell into a redirected hole to the store of that hole's beneficiary
/// (a Toguz Kumalak tuzdik). Redirected holes are always empty between moves, so whatever they
/// hold after a sowing fell there during it.
#[inline]
pub fn redirect(holes: &mut [u8], redirects: &[(usize, Side)], stores: &mut Stores) {
    for &(hole, owner) in redirects {
        let seeds = core::mem::take(&mut holes[hole]);
        stores.add(owner, u16::from(seeds));
    }
}

/// Seed-by-seed sowing round the ring with redirected holes: each seed that lands in one goes
/// straight to its beneficiary's store. The reference for [`sow_ring`] followed by
/// [`redirect`].
pub fn sow_ring_redirected_by_seed(
    holes: &mut [u8],
    start: usize,
    seeds: u32,
    redirects: &[(usize, Side)],
    stores: &mut Stores,
) -> Option<usize> {
    if seeds == 0 || start >= holes.len() {
        return None;
    }
    let mut hole = start;
    for k in 0..seeds {
        if k > 0 {
            hole = (hole + 1) % holes.len();
        }
        match redirects.iter().find(|&&(h, _)| h == hole) {
            Some(&(_, owner)) => stores.add(owner, 1),
            None => holes[hole] += 1,
        }
    }
    Some(hole)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_lap_and_a_bit() {
        let mut holes = [0u8; 6];
        assert_eq!(sow_ring(&mut holes, 4, 8), Some(5));
        assert_eq!(holes, [1, 1, 1, 1, 2, 2]);
        assert_eq!(sow_ring(&mut holes, 0, 0), None);
        assert_eq!(sow_ring(&mut holes, 6, 1), None);
    }

    #[test]
    fn origin_returning_and_plain() {
        let mut holes = [3u8, 0, 0, 0];
        assert_eq!(lift_and_sow_ring(&mut holes, 0, FirstSeed::Origin), Some(2));
        assert_eq!(holes, [1, 1, 1, 0]);
        let mut holes = [3u8, 0, 0, 0];
        assert_eq!(lift_and_sow_ring(&mut holes, 0, FirstSeed::Next), Some(3));
        assert_eq!(holes, [0, 1, 1, 1]);
        let mut holes = [0u8, 2];
        assert_eq!(lift_and_sow_ring(&mut holes, 0, FirstSeed::Next), None);
        assert_eq!(lift_and_sow_ring(&mut holes, 5, FirstSeed::Next), None);
    }

    #[test]
    fn redirected_seeds_reach_the_store() {
        let mut holes = [0u8; 4];
        let mut stores = Stores::default();
        sow_ring(&mut holes, 1, 9);
        redirect(&mut holes, &[(2, Side::North)], &mut stores);
        assert_eq!(holes, [2, 3, 0, 2]);
        assert_eq!(stores.get(Side::North), 2);
    }

    fn board_and_start() -> impl Strategy<Value = (Vec<u8>, usize, u32)> {
        (2usize..20).prop_flat_map(|len| {
            (
                proptest::collection::vec(0u8..5, len),
                0..len,
                0u32..(5 * len as u32),
            )
        })
    }

    proptest! {
        #[test]
        fn ring_closed_form_equals_seed_by_seed((holes, start, seeds) in board_and_start()) {
            let mut fast = holes.clone();
            let mut slow = holes.clone();
            prop_assert_eq!(sow_ring(&mut fast, start, seeds), sow_ring_by_seed(&mut slow, start, seeds));
            prop_assert_eq!(&fast, &slow);
            let before: u32 = holes.iter().map(|&h| u32::from(h)).sum();
            let after: u32 = fast.iter().map(|&h| u32::from(h)).sum();
            prop_assert_eq!(after, before + seeds);
        }

        #[test]
        fn array_closed_form_equals_seed_by_seed((holes, start, seeds) in board_and_start()) {
            let len = holes.len();
            let mut fast = [7u8; 24];
            fast[..len].copy_from_slice(&holes);
            let mut slow = holes.clone();
            prop_assert_eq!(sow_ring_array(&mut fast, len, start, seeds), sow_ring_by_seed(&mut slow, start, seeds));
            prop_assert_eq!(&fast[..len], &slow[..]);
            prop_assert!(fast[len..].iter().all(|&h| h == 7), "holes past the ring changed");
        }

        #[test]
        fn redirected_closed_form_equals_seed_by_seed(
            (mut holes, start, seeds) in board_and_start(),
            targets in proptest::collection::vec((0usize..20, any::<bool>()), 0..3),
        ) {
            let len = holes.len();
            let mut redirects: Vec<(usize, Side)> = Vec::new();
            for (hole, north) in targets {
                let hole = hole % len;
                if !redirects.iter().any(|&(h, _)| h == hole) {
                    holes[hole] = 0;
                    redirects.push((hole, if north { Side::North } else { Side::South }));
                }
            }
            let (mut fast, mut slow) = (holes.clone(), holes.clone());
            let (mut fast_stores, mut slow_stores) = (Stores::default(), Stores::default());
            let last = sow_ring(&mut fast, start, seeds);
            redirect(&mut fast, &redirects, &mut fast_stores);
            let slow_last = sow_ring_redirected_by_seed(&mut slow, start, seeds, &redirects, &mut slow_stores);
            prop_assert_eq!(last, slow_last);
            prop_assert_eq!(&fast, &slow);
            prop_assert_eq!(fast_stores, slow_stores);
            let before: u32 = holes.iter().map(|&h| u32::from(h)).sum();
            let after: u32 = fast.iter().map(|&h| u32::from(h)).sum::<u32>() + fast_stores.total();
            prop_assert_eq!(after, before + seeds);
        }

        #[test]
        fn path_closed_form_equals_seed_by_seed(
            (holes, start, seeds) in board_and_start(),
            shuffle in any::<u64>(),
        ) {
            // A path over every other hole, in a scrambled order.
            let mut path: Vec<u8> = (0..holes.len() as u8).step_by(2).collect();
            let n = path.len();
            for i in (1..n).rev() {
                path.swap(i, (shuffle as usize).wrapping_mul(i + 7) % (i + 1));
            }
            let start = start % n;
            let (mut fast, mut slow) = (holes.clone(), holes.clone());
            prop_assert_eq!(sow_path(&mut fast, &path, start, seeds), sow_path_by_seed(&mut slow, &path, start, seeds));
            prop_assert_eq!(&fast, &slow);
            for (i, (&b, &a)) in holes.iter().zip(&fast).enumerate() {
                if !path.contains(&(i as u8)) {
                    prop_assert_eq!(a, b, "hole {} off the path changed", i);
                }
            }
        }
    }
}
