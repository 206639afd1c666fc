//! Sowing primitives, the hot loops of every mancala.
//!
//! Each primitive has a closed form (every hole of the path gets `seeds / len`, the next
//! `seeds % len` holes one more) and a seed-by-seed twin that drops one seed at a time, kept as
//! the reference the closed form is tested against.
//!
//! Counts are bytes. A primitive that would push a hole past 255 refuses: it returns `None` and
//! changes nothing, so no seed is ever lost to a wrapping byte. The one-pass move
//! [`lift_and_sow_ring_array`], the hot loop of a game, instead relies on its caller's position
//! holding at most 255 seeds on the ring (every game validates its positions; a validated
//! position of any game in the workspace holds at most 162 seeds), checked in debug builds.

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
/// the last seed. Closed form. Returns `None` and changes nothing when `seeds` is `0`, `start`
/// is off the ring, or a hole would hold more than 255 seeds.
#[inline]
pub fn sow_ring(holes: &mut [u8], start: usize, seeds: u32) -> Option<usize> {
    let coverage = Coverage::new(holes.len(), start, usize::try_from(seeds).ok()?)?;
    if !has_room(holes, &coverage) {
        return None;
    }
    // Every hole can take its share, so the whole laps fit a byte.
    let laps = coverage.laps() as u8;
    if laps > 0 {
        for h in holes.iter_mut() {
            *h += laps;
        }
    }
    for run in coverage.runs() {
        for h in &mut holes[run] {
            *h += 1;
        }
    }
    Some(coverage.last())
}

/// `true` if every hole of the ring `holes` can take the seeds `coverage` drops into it and still
/// hold at most 255.
fn has_room(holes: &[u8], coverage: &Coverage) -> bool {
    holes
        .iter()
        .enumerate()
        .all(|(hole, &seeds)| usize::from(seeds) + coverage.seeds_at(hole) <= usize::from(u8::MAX))
}

/// Byte masks over an array of holes, read as windows of two static tables, so runs of holes
/// are marked with a load or two and no comparison per hole.
mod marks {
    /// `BELOW[128 - k..]` starts with `k` bytes `0xFF`, then zeros.
    static BELOW: [u8; 256] = {
        let mut table = [0u8; 256];
        let mut i = 0;
        while i < 128 {
            table[i] = 0xFF;
            i += 1;
        }
        table
    };

    /// `AT[128 - k..]` is `0xFF` at place `k` only.
    static AT: [u8; 256] = {
        let mut table = [0u8; 256];
        table[128] = 0xFF;
        table
    };

    #[inline(always)]
    fn window<const N: usize>(table: &'static [u8; 256], k: usize) -> &'static [u8; N] {
        match table[128 - k.min(128)..].first_chunk::<N>() {
            Some(chunk) => chunk,
            None => &[0; N],
        }
    }

    /// `0xFF` for the holes below `k` (at most 128), `0` for the others.
    #[inline(always)]
    pub(super) fn below<const N: usize>(k: usize) -> &'static [u8; N] {
        window(&BELOW, k)
    }

    /// `0xFF` for hole `k` (at most 128) only.
    #[inline(always)]
    pub(super) fn at<const N: usize>(k: usize) -> &'static [u8; N] {
        window(&AT, k)
    }
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
        let ring = marks::below::<N>(len);
        let (run_start, run_end) = (marks::below::<N>(self.start), marks::below::<N>(self.end1));
        let wrap = marks::below::<N>(self.end2);
        let laps = self.laps as u8;
        let mut gains = [0u8; N];
        for i in 0..N {
            let one_more = (run_end[i] & !run_start[i]) | wrap[i];
            gains[i] = (laps & ring[i]) + (one_more & 1);
        }
        gains
    }
}

/// [`sow_ring`] for a ring kept in the first `len` holes of a fixed-size array (at most 128):
/// every hole is updated by one branch-free pass of byte additions over the array, which the
/// compiler turns into a few vector instructions. Holes from `len` on are left alone. Returns
/// `None` (changing nothing) when `seeds` is `0`, `start` is not below `len`, `len` is larger
/// than the array, or a hole would hold more than 255 seeds.
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
    let coverage = Coverage::new(len, start, usize::try_from(seeds).ok()?)?;
    if !has_room(&holes[..len], &coverage) {
        return None;
    }
    let gains = coverage.gains::<N>(len);
    for (h, gain) in holes.iter_mut().zip(gains) {
        *h += gain;
    }
    Some(coverage.last)
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
    let lifted = marks::at::<N>(origin);
    let (sink_a, sink_b) = (marks::at::<N>(a), marks::at::<N>(b));
    for i in 0..N {
        let kept = holes[i] - (seeds & lifted[i]) + gains[i];
        holes[i] = kept & !(sink_a[i] | sink_b[i]);
    }
    Some((coverage, fed))
}

/// [`sow_ring`] one seed at a time: the reference implementation. Refuses exactly when
/// [`sow_ring`] does, changing nothing.
pub fn sow_ring_by_seed(holes: &mut [u8], start: usize, seeds: u32) -> Option<usize> {
    let len = holes.len();
    if seeds == 0 || start >= len {
        return None;
    }
    let mut sown = holes.to_vec();
    let mut hole = start;
    for k in 0..seeds {
        if k > 0 {
            hole = (hole + 1) % len;
        }
        sown[hole] = sown[hole].checked_add(1)?;
    }
    holes.copy_from_slice(&sown);
    Some(hole)
}

/// Lifts every seed from `origin` and sows them round the ring; returns the hole of the last
/// seed, or `None` (changing nothing) when `origin` is empty or out of range, or a hole would
/// hold more than 255 seeds.
#[inline]
pub fn lift_and_sow_ring(holes: &mut [u8], origin: usize, first: FirstSeed) -> Option<usize> {
    let seeds = *holes.get(origin)?;
    let start = match first {
        FirstSeed::Origin => origin,
        FirstSeed::Next => (origin + 1) % holes.len(),
    };
    holes[origin] = 0;
    let last = sow_ring(holes, start, u32::from(seeds));
    if last.is_none() {
        holes[origin] = seeds;
    }
    last
}

/// Sows `seeds` along `path` (board indices in sowing order, a closed circuit), the first seed
/// into `path[start]`; returns the path position of the last seed. Closed form. Returns `None`
/// and changes nothing when `seeds` is `0`, `start` is off the path, the path leaves the board,
/// or a hole would hold more than 255 seeds.
pub fn sow_path(board: &mut [u8], path: &[u8], start: usize, seeds: u32) -> Option<usize> {
    let coverage = Coverage::new(path.len(), start, usize::try_from(seeds).ok()?)?;
    let mut sown: Vec<usize> = board.iter().map(|&h| usize::from(h)).collect();
    for (place, &cell) in path.iter().enumerate() {
        let hole = sown.get_mut(usize::from(cell))?;
        *hole = hole.checked_add(coverage.seeds_at(place))?;
    }
    let sown = sown
        .into_iter()
        .map(|h| u8::try_from(h).ok())
        .collect::<Option<Vec<u8>>>()?;
    board.copy_from_slice(&sown);
    Some(coverage.last())
}

/// [`sow_path`] one seed at a time: the reference implementation. Refuses exactly when
/// [`sow_path`] does, changing nothing.
pub fn sow_path_by_seed(board: &mut [u8], path: &[u8], start: usize, seeds: u32) -> Option<usize> {
    if seeds == 0 || start >= path.len() || path.iter().any(|&c| usize::from(c) >= board.len()) {
        return None;
    }
    let mut sown = board.to_vec();
    let mut pos = start;
    for k in 0..seeds {
        if k > 0 {
            pos = (pos + 1) % path.len();
        }
        let cell = usize::from(path[pos]);
        sown[cell] = sown[cell].checked_add(1)?;
    }
    board.copy_from_slice(&sown);
    Some(pos)
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
    if seeds == 0 || start >= holes.len() {
        return None;
    }
    let mut sown = holes.to_vec();
    let mut kept = [stores.get(Side::South), stores.get(Side::North)];
    let mut hole = start;
    for k in 0..seeds {
        if k > 0 {
            hole = (hole + 1) % holes.len();
        }
        match redirects.iter().find(|&&(h, _)| h == hole) {
            Some(&(_, owner)) => {
                let store = &mut kept[owner.index()];
                *store = store.checked_add(1)?;
            }
            None => sown[hole] = sown[hole].checked_add(1)?,
        }
    }
    holes.copy_from_slice(&sown);
    *stores = Stores::new(kept[0], kept[1]);
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
    fn sowing_more_than_a_byte_holds_is_refused_and_loses_no_seed() {
        // 4 608 seeds round 18 holes would be 256 laps: every hole past 255.
        let mut holes = [0u8; 18];
        assert_eq!(sow_ring(&mut holes, 0, 4608), None);
        assert_eq!(sow_ring_by_seed(&mut holes, 0, 4608), None);
        assert_eq!(sow_ring_array(&mut [0u8; 24], 18, 0, 4608), None);
        assert_eq!(holes, [0; 18]);
        // 255 laps exactly fill every hole.
        assert_eq!(sow_ring(&mut holes, 0, 4590), Some(17));
        assert_eq!(holes, [255; 18]);
        // One seed more into a full hole is refused, whichever primitive sows it.
        let mut holes = [0u8, 255, 0];
        assert_eq!(sow_ring(&mut holes, 1, 1), None);
        assert_eq!(sow_ring_by_seed(&mut holes, 0, 2), None);
        assert_eq!(
            lift_and_sow_ring(&mut [3u8, 255, 0], 0, FirstSeed::Next),
            None
        );
        assert_eq!(sow_path(&mut holes, &[2, 1], 0, 2), None);
        assert_eq!(sow_path_by_seed(&mut holes, &[2, 1], 0, 2), None);
        assert_eq!(holes, [0, 255, 0]);
        assert_eq!(sow_ring(&mut [0u8; 4], 0, u32::MAX), None);
        assert_eq!(sow_ring_by_seed(&mut [0u8; 4], 0, u32::MAX), None);
    }

    #[test]
    fn a_path_that_leaves_the_board_is_refused() {
        let mut board = [1u8; 4];
        assert_eq!(sow_path(&mut board, &[0, 9], 0, 3), None);
        assert_eq!(sow_path_by_seed(&mut board, &[0, 9], 0, 3), None);
        assert_eq!(board, [1; 4]);
    }

    /// A board of any bytes, full holes included, and any number of seeds up to many laps.
    fn crowded_board() -> impl Strategy<Value = (Vec<u8>, usize, u32)> {
        (1usize..12).prop_flat_map(|len| {
            (
                proptest::collection::vec(prop_oneof![Just(0u8), 250u8..=255, any::<u8>()], len),
                0..len,
                prop_oneof![0u32..64, 0u32..4000, Just(u32::MAX)],
            )
        })
    }

    fn total(holes: &[u8]) -> u64 {
        holes.iter().map(|&h| u64::from(h)).sum()
    }

    proptest! {
        #[test]
        fn every_sowing_keeps_every_seed_or_changes_nothing((holes, start, seeds) in crowded_board()) {
            let len = holes.len();
            let mut ring = holes.clone();
            let mut by_seed = holes.clone();
            let mut array = [0u8; 16];
            array[..len].copy_from_slice(&holes);
            // The same ring as a path that starts at another hole.
            let turn = len / 2;
            let path: Vec<u8> = (0..len).map(|place| ((place + turn) % len) as u8).collect();
            let mut along_path = holes.clone();
            let results = [
                sow_ring(&mut ring, start, seeds),
                sow_ring_array(&mut array, len, start, seeds),
                sow_path(&mut along_path, &path, (start + len - turn) % len, seeds)
                    .map(|place| (place + turn) % len),
            ];
            // The seed-by-seed reference takes too long for the largest counts it would refuse.
            if seeds < 4000 {
                prop_assert_eq!(sow_ring_by_seed(&mut by_seed, start, seeds), results[0]);
                prop_assert_eq!(&by_seed, &ring);
            }
            prop_assert!(results.iter().all(|r| *r == results[0]), "{:?}", results);
            prop_assert_eq!(&array[..len], &ring[..]);
            prop_assert_eq!(&along_path, &ring);
            match results[0] {
                Some(_) => prop_assert_eq!(total(&ring), total(&holes) + u64::from(seeds)),
                None => prop_assert_eq!(&ring, &holes),
            }
        }

        #[test]
        fn lifting_and_sowing_keeps_every_seed_or_changes_nothing(
            (holes, origin, _) in crowded_board(),
            origin_first in any::<bool>(),
        ) {
            let first = if origin_first { FirstSeed::Origin } else { FirstSeed::Next };
            let mut sown = holes.clone();
            match lift_and_sow_ring(&mut sown, origin, first) {
                Some(_) => prop_assert_eq!(total(&sown), total(&holes)),
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
