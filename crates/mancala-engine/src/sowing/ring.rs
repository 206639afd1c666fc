//! Sowing round a ring in closed form, the hot loop of a two-row mancala: every hole of the ring
//! gets `seeds / len`, the next `seeds % len` holes one more ([`Coverage`] tells where the seeds
//! fall without sowing them), and [`lift_and_sow_ring_array`] makes a whole move in one pass.
//! Seed-by-seed twins that drop one seed at a time are kept as the references the closed form
//! is tested against.
//!
//! Counts are bytes. The one-pass move relies on its caller's position holding at most 255
//! seeds on the ring (every game validates its positions; a validated position of any game in
//! the workspace holds at most 255), checked in debug builds; the references refuse a sowing
//! that would push a hole past 255: they return `None` and change nothing, so no seed is ever
//! lost to a wrapping byte.

use crate::packed::{mask_at, mask_below};
use crate::{Side, Stores};

/// Where the first seed of a sowing falls, relative to the hole it was lifted from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FirstSeed {
    /// Into the next hole (Mangala IV, Katro, and Toguz Kumalak's single stone).
    Next,
    /// Back into the emptied hole itself (Toguz Kumalak with two or more stones).
    Origin,
}

/// Where the seeds of one sowing round a ring fall, worked out without sowing them: every hole
/// gets `laps`, and the holes `start..end1` and `0..end2` one more. Look-ahead code (a game
/// counting the replies to a move, say) reads a move's effect from it without touching a board.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Coverage {
    laps: usize,
    start: usize,
    end1: usize,
    end2: usize,
    last: usize,
    len: usize,
}

impl Coverage {
    /// The coverage of `seeds` sown from `start` (the hole of the first seed) round a ring of
    /// `len` holes, or `None` when `seeds` is `0` or `start` is not below `len`.
    #[inline(always)]
    pub fn new(len: usize, start: usize, seeds: usize) -> Option<Coverage> {
        if seeds == 0 || start >= len {
            return None;
        }
        // Most sowings are shorter than a lap: skip the divisions then.
        let (laps, rest) = if seeds < len {
            (0, seeds)
        } else {
            (seeds / len, seeds % len)
        };
        let end = start + rest;
        let (end1, end2) = if end > len {
            (len, end - len)
        } else {
            (end, 0)
        };
        // The last seed lies `seeds - 1` holes after `start`: `rest - 1` modulo the length.
        let last = if rest == 0 { start + len - 1 } else { end - 1 };
        let last = if last >= len { last - len } else { last };
        Some(Coverage {
            laps,
            start,
            end1,
            end2,
            last,
            len,
        })
    }

    /// The hole of the last seed.
    #[inline(always)]
    pub fn last(&self) -> usize {
        self.last
    }

    /// Seeds every hole of the ring gets: the whole laps.
    #[inline(always)]
    pub fn laps(&self) -> usize {
        self.laps
    }

    /// The holes that get one seed more than [`laps`](Coverage::laps): a run from the first
    /// seed's hole, and, when the sowing wraps round, a run from hole `0`.
    #[inline(always)]
    pub fn runs(&self) -> [core::ops::Range<usize>; 2] {
        [self.start..self.end1, 0..self.end2]
    }

    /// Seeds the sowing drops into ring hole `hole` (`0` for a hole off the ring).
    #[inline(always)]
    pub fn seeds_at(&self, hole: usize) -> usize {
        // Bitwise, not short-circuit: no branch on where the hole lies.
        let in_run = (hole >= self.start) & (hole < self.end1);
        let on_ring = hole < self.len;
        usize::from(on_ring) * (self.laps + usize::from(in_run | (hole < self.end2)))
    }

    /// A bit per hole that receives at least one seed (rings of at most 64 holes).
    #[inline(always)]
    pub fn reached(&self) -> u64 {
        let below = |k: usize| if k >= 64 { u64::MAX } else { (1u64 << k) - 1 };
        if self.laps > 0 {
            below(self.len)
        } else {
            (below(self.end1) & !below(self.start)) | below(self.end2)
        }
    }

    /// Seeds the sowing drops into each hole of a ring of `len` kept in an array of `N`.
    #[inline(always)]
    fn gains<const N: usize>(&self, len: usize) -> [u8; N] {
        let ring = mask_below::<N>(len);
        let (run_start, run_end) = (mask_below::<N>(self.start), mask_below::<N>(self.end1));
        let wrap = mask_below::<N>(self.end2);
        let laps = self.laps as u8;
        let mut gains = [0u8; N];
        for i in 0..N {
            let one_more = (run_end[i] & !run_start[i]) | wrap[i];
            gains[i] = (laps & ring[i]) + (one_more & 1);
        }
        gains
    }
}

/// A whole sowing move on a ring kept in the first `len` holes of a fixed-size array, in one
/// pass over the array: lifts every seed of `origin`, sows them (the first into `origin` itself
/// or into the next hole), and takes the seeds that fall into the two `sinks` off the board (a
/// Toguz Kumalak tuzdik; a sink at `len` or beyond stands for none, and its byte is cleared).
///
/// The caller's position guarantees, as every validated position of a game does, that the ring
/// holds at most 255 seeds in all and that the sinks hold none: this is the hot loop, so those
/// are checked in debug builds only (a hole past 255 or a seed in a sink would be lost).
///
/// Returns where the seeds fell ([`Coverage`]: the last one's hole, the holes reached) and the
/// seeds that fell into each sink, or `None` (changing nothing) when `origin` is empty or not
/// below `len`. Doing it all in one pass, with
/// no single-byte write before it, keeps the processor from stalling on a wide read of bytes
/// just written one by one.
#[inline(always)]
pub fn lift_and_sow_ring_array<const N: usize>(
    holes: &mut [u8; N],
    len: usize,
    origin: usize,
    first: FirstSeed,
    sinks: [usize; 2],
) -> Option<(Coverage, [u8; 2])> {
    if origin >= len || len > N || N > 128 || holes[origin] == 0 {
        return None;
    }
    debug_assert!(
        holes[..len].iter().map(|&h| u32::from(h)).sum::<u32>() <= u32::from(u8::MAX),
        "a ring of more than 255 seeds"
    );
    debug_assert!(
        sinks.iter().all(|&sink| sink >= len || holes[sink] == 0),
        "seeds in a sink"
    );
    let seeds = holes[origin];
    let start = match first {
        FirstSeed::Origin => origin,
        FirstSeed::Next if origin + 1 == len => 0,
        FirstSeed::Next => origin + 1,
    };
    let coverage = Coverage::new(len, start, usize::from(seeds))?;
    let [a, b] = sinks;
    let fed = [coverage.seeds_at(a) as u8, coverage.seeds_at(b) as u8];
    let gains = coverage.gains::<N>(len);
    let lifted = mask_at::<N>(origin);
    let (sink_a, sink_b) = (mask_at::<N>(a), mask_at::<N>(b));
    for i in 0..N {
        let kept = holes[i] - (seeds & lifted[i]) + gains[i];
        holes[i] = kept & !(sink_a[i] | sink_b[i]);
    }
    Some((coverage, fed))
}

/// Sows `seeds` round the whole ring `holes` one seed at a time, the first into `start`;
/// returns the hole of the last seed. The reference [`Coverage`] is tested against. Returns
/// `None` and changes nothing when `seeds` is `0`, `start` is off the ring, or a hole would hold
/// more than 255 seeds.
pub fn sow_ring_by_seed(holes: &mut [u8], start: usize, seeds: u32) -> Option<usize> {
    sow_ring_redirected_by_seed(holes, start, seeds, &[], &mut Stores::default())
}

/// Seed-by-seed sowing round the ring with redirected holes: each seed that lands in one goes
/// straight to its beneficiary's store. The reference for [`lift_and_sow_ring_array`]. Returns
/// `None` and changes nothing when `seeds` is `0`, `start` is off the ring, or a hole or a
/// store would overflow.
pub fn sow_ring_redirected_by_seed(
    holes: &mut [u8],
    start: usize,
    seeds: u32,
    redirects: &[(usize, Side)],
    stores: &mut Stores,
) -> Option<usize> {
    let len = holes.len();
    if seeds == 0 || start >= len {
        return None;
    }
    // Seed `k` falls `k` holes after the first.
    let hole_of = |k: u32| (start + k as usize % len) % len;
    for k in 0..seeds {
        if !move_seed(holes, stores, redirects, hole_of(k), 1) {
            // Take back the seeds already sown, and refuse.
            for back in 0..k {
                move_seed(holes, stores, redirects, hole_of(back), -1);
            }
            return None;
        }
    }
    Some(hole_of(seeds - 1))
}

/// Adds `step` (one seed, or minus one) to `hole`, or to its owner's store if it is redirected;
/// `false`, changing nothing, if the count would leave its type's range.
fn move_seed(
    holes: &mut [u8],
    stores: &mut Stores,
    redirects: &[(usize, Side)],
    hole: usize,
    step: i8,
) -> bool {
    match redirects.iter().find(|&&(h, _)| h == hole) {
        Some(&(_, owner)) => {
            let mut counts = [stores.get(Side::South), stores.get(Side::North)];
            let count = &mut counts[owner.index()];
            match count.checked_add_signed(i16::from(step)) {
                Some(next) => *count = next,
                None => return false,
            }
            *stores = Stores::new(counts[0], counts[1]);
        }
        None => match holes[hole].checked_add_signed(step) {
            Some(next) => holes[hole] = next,
            None => return false,
        },
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_lap_and_a_bit_seed_by_seed() {
        let mut holes = [0u8; 6];
        assert_eq!(sow_ring_by_seed(&mut holes, 4, 8), Some(5));
        assert_eq!(holes, [1, 1, 1, 1, 2, 2]);
        assert_eq!(sow_ring_by_seed(&mut holes, 0, 0), None);
        assert_eq!(sow_ring_by_seed(&mut holes, 6, 1), None);
    }

    #[test]
    fn one_pass_move_lifts_sows_and_feeds_the_sinks() {
        // 9 seeds from hole 1 of a ring of 6 kept in 8 bytes, first seed back into hole 1: holes
        // 1, 2, 3 get two, holes 4, 5, 0 one. Sinks at hole 3 (its two seeds leave the board)
        // and at 7, past the ring (none; its byte is cleared).
        let mut holes = [0u8, 9, 1, 0, 0, 0, 5, 5];
        let (coverage, fed) = lift_and_sow_ring_array(&mut holes, 6, 1, FirstSeed::Origin, [3, 7])
            .expect("a legal sowing");
        let last = coverage.last();
        assert_eq!(holes, [1, 2, 3, 0, 1, 1, 5, 0]);
        assert_eq!((last, fed), (3, [2, 0]));
        assert_eq!(
            lift_and_sow_ring_array(&mut [0u8; 8], 6, 1, FirstSeed::Next, [9, 9]),
            None
        );
        assert_eq!(
            lift_and_sow_ring_array(&mut holes, 6, 6, FirstSeed::Next, [9, 9]),
            None
        );
    }

    #[test]
    fn the_references_refuse_more_than_a_byte_holds_and_lose_no_seed() {
        // 4 608 seeds round 18 holes would be 256 laps: every hole past 255.
        let mut holes = [0u8; 18];
        assert_eq!(sow_ring_by_seed(&mut holes, 0, 4608), None);
        assert_eq!(holes, [0; 18]);
        // 255 laps exactly fill every hole.
        assert_eq!(sow_ring_by_seed(&mut holes, 0, 4590), Some(17));
        assert_eq!(holes, [255; 18]);
        assert_eq!(sow_ring_by_seed(&mut [0u8; 4], 0, u32::MAX), None);
        // One seed more into a full hole or a full store is refused.
        let mut holes = [0u8, 255, 0];
        let mut stores = Stores::new(u16::MAX, 0);
        assert_eq!(sow_ring_by_seed(&mut holes, 0, 2), None);
        let south_sink = [(0, Side::South)];
        assert_eq!(
            sow_ring_redirected_by_seed(&mut holes, 2, 2, &south_sink, &mut stores),
            None
        );
        assert_eq!(holes, [0, 255, 0]);
        assert_eq!(stores, Stores::new(u16::MAX, 0));
    }

    /// A board of any bytes, full holes included, and any number of seeds up to many laps.
    fn crowded_board() -> impl Strategy<Value = (Vec<u8>, usize, u32)> {
        (1usize..12).prop_flat_map(|len| {
            (
                proptest::collection::vec(prop_oneof![Just(0u8), 250u8..=255, any::<u8>()], len),
                0..len,
                0u32..4000,
            )
        })
    }

    fn total(holes: &[u8]) -> u64 {
        holes.iter().map(|&h| u64::from(h)).sum()
    }

    proptest! {
        #[test]
        fn the_reference_keeps_every_seed_or_changes_nothing((holes, start, seeds) in crowded_board()) {
            let mut sown = holes.clone();
            match sow_ring_by_seed(&mut sown, start, seeds) {
                Some(_) => prop_assert_eq!(total(&sown), total(&holes) + u64::from(seeds)),
                None => prop_assert_eq!(&sown, &holes),
            }
        }
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
        fn coverage_tells_where_the_seeds_fall((holes, start, seeds) in board_and_start()) {
            let len = holes.len();
            let mut sown = vec![0u8; len];
            let last = sow_ring_by_seed(&mut sown, start, seeds);
            let coverage = Coverage::new(len, start, seeds as usize);
            prop_assert_eq!(coverage.map(|c| c.last()), last);
            if let Some(coverage) = coverage {
                for (hole, &n) in sown.iter().enumerate() {
                    prop_assert_eq!(coverage.seeds_at(hole), usize::from(n), "hole {}", hole);
                    prop_assert_eq!(coverage.reached() >> hole & 1 == 1, n > 0, "hole {}", hole);
                }
                prop_assert_eq!(coverage.seeds_at(len), 0);
                prop_assert_eq!(coverage.reached() >> len, 0);
            }
        }

        #[test]
        fn one_pass_move_equals_seed_by_seed(
            (mut holes, origin, _) in board_and_start(),
            seeds in 1u8..60,
            origin_first in any::<bool>(),
            targets in proptest::collection::vec(0usize..24, 2),
        ) {
            let len = holes.len();
            holes[origin] = seeds;
            // Two distinct sinks, neither the origin, either of them possibly absent (>= len).
            let (a, b) = (targets[0], targets[1]);
            prop_assume!(a != b && a != origin && b != origin);
            for s in [a, b] {
                if s < len {
                    holes[s] = 0;
                }
            }
            let first = if origin_first { FirstSeed::Origin } else { FirstSeed::Next };
            let mut fast = [9u8; 24];
            fast[..len].copy_from_slice(&holes);
            let got = lift_and_sow_ring_array(&mut fast, len, origin, first, [a, b]);

            let mut slow = holes.clone();
            let mut stores = Stores::default();
            slow[origin] = 0;
            let start = if origin_first { origin } else { (origin + 1) % len };
            let redirects: Vec<(usize, Side)> = [(a, Side::South), (b, Side::North)]
                .into_iter()
                .filter(|&(s, _)| s < len)
                .collect();
            let last = sow_ring_redirected_by_seed(&mut slow, start, u32::from(seeds), &redirects, &mut stores);
            let fed = [stores.get(Side::South) as u8, stores.get(Side::North) as u8];
            prop_assert_eq!(got.map(|(c, fed)| (c.last(), fed)), last.map(|l| (l, fed)));
            prop_assert_eq!(&fast[..len], &slow[..]);
            for (i, &h) in fast.iter().enumerate().skip(len) {
                let expected = if i == a || i == b { 0 } else { 9 };
                prop_assert_eq!(h, expected, "hole {} past the ring", i);
            }
        }

    }
}
