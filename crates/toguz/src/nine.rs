//! The standard board's sowing, its ring length a constant 18: where the seeds fall is a little
//! arithmetic, and the seeds each hole gains are one window of a small table, so a move is a
//! handful of whole-register operations on the 32 bytes of holes. The 7- and 5-hole boards keep
//! the core's general sowing; both are tested against the core's seed-by-seed reference.

use crate::position::HOLE_BYTES;
use mancala_engine::packed::mask_at;
use mancala_engine::sowing::Rounds;

/// Holes on the standard board's ring.
const LEN: usize = 18;

/// `RUNS[rest][18 - start..][..32]` holds, at each ring hole `i`, `1` if `i` is one of the
/// `rest` holes from `start` on round the ring (the bytes past the ring are masked off). Rows
/// past 17 are never read: they let a masked index stand in for a bounds check.
static RUNS: [[u8; 64]; 32] = {
    let mut table = [[0u8; 64]; 32];
    let mut rest = 0;
    while rest < LEN {
        let mut j = 0;
        while j < 64 {
            table[rest][j] = (j % LEN < rest) as u8;
            j += 1;
        }
        rest += 1;
    }
    table
};

/// `SPLIT`: the whole laps of the ring and the seeds left over, without a division.
static SPLIT: Rounds = Rounds::new(LEN);

/// `WRAP[k]`: hole `k` of a ring counted on past its end, back on the ring.
static WRAP: [u8; 64] = {
    let mut table = [0u8; 64];
    let mut k = 0;
    while k < 64 {
        table[k] = (k % LEN) as u8;
        k += 1;
    }
    table
};

/// `0xFF` on the ring's holes, `0` on the spare hole and the padding.
const RING: [u8; HOLE_BYTES] = {
    let mut mask = [0u8; HOLE_BYTES];
    let mut i = 0;
    while i < LEN {
        mask[i] = 0xFF;
        i += 1;
    }
    mask
};

/// A 32-byte window of a 64-byte table, starting at `from` (at most 32).
#[inline(always)]
fn window(table: &'static [u8; 64], from: usize) -> &'static [u8; HOLE_BYTES] {
    match table[from % 64..].first_chunk::<HOLE_BYTES>() {
        Some(chunk) => chunk,
        None => &[0; HOLE_BYTES],
    }
}

/// Where `seeds` sown from `start` fall on the 18-hole ring: `laps` in every hole, one more in
/// the `rest` holes from `start` on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Spread {
    start: usize,
    laps: usize,
    rest: usize,
}

impl Spread {
    /// The spread of `seeds` (at least one) from `start`: a ring hole, or 18 for hole 0 (so
    /// a single seed's start is its origin plus one, with no wrap to test).
    #[inline(always)]
    pub(crate) fn new(start: usize, seeds: u8) -> Spread {
        let [laps, rest] = SPLIT.split(seeds);
        Spread {
            start,
            laps: usize::from(laps),
            rest: usize::from(rest),
        }
    }

    /// The hole of the last seed: `seeds - 1` holes after the start (the moves read it from
    /// [`facts`]; the tests check one against the other).
    #[cfg(test)]
    pub(crate) fn last(&self) -> usize {
        usize::from(WRAP[(self.start + self.rest + LEN - 1) % 64])
    }

    /// Seeds the last hole receives: every lap, and the last seed's.
    #[cfg(test)]
    pub(crate) fn seeds_at_last(&self) -> u32 {
        (self.laps + usize::from(self.rest != 0)) as u32
    }

    /// Seeds hole `hole` receives (`0` for the spare hole 18 and beyond).
    #[inline(always)]
    pub(crate) fn seeds_at(&self, hole: usize) -> u32 {
        let d = usize::from(WRAP[(hole + LEN - self.start) % 64]);
        u32::from(hole < LEN) * (self.laps + usize::from(d < self.rest)) as u32
    }

    /// A bit per hole that receives a seed.
    #[inline(always)]
    pub(crate) const fn reached(&self) -> u32 {
        let run = if self.laps > 0 { LEN } else { self.rest };
        let bits = ((1u64 << run) - 1) << self.start;
        ((bits | bits >> LEN) & ((1 << LEN) - 1)) as u32
    }
}

/// What a move from a ring hole with a given count does, packed in a word: the holes it
/// reaches (bits 0..18), the last seed's hole (bits 18..23) and the seeds that hole gets (bits
/// 23..27). `FACTS[origin][seeds]`, the single seed going on to the next hole (T2).
static FACTS: [[u32; 256]; LEN] = {
    let mut table = [[0u32; 256]; LEN];
    let mut origin = 0;
    while origin < LEN {
        let mut seeds = 1;
        while seeds < 256 {
            let start = if seeds == 1 { origin + 1 } else { origin };
            let spread = Spread {
                start,
                laps: seeds / LEN,
                rest: seeds % LEN,
            };
            let last = (start + seeds - 1) % LEN;
            let at_last = seeds.div_ceil(LEN);
            table[origin][seeds] = spread.reached() | (last as u32) << 18 | (at_last as u32) << 23;
            seeds += 1;
        }
        origin += 1;
    }
    table
};

/// The facts of a move from `origin` (a ring hole) with `seeds` (at least one) seeds: the
/// holes it reaches, the last seed's hole, and the seeds that hole gets; one look-up.
#[inline(always)]
pub(crate) fn facts(origin: usize, seeds: u8) -> (u32, usize, u32) {
    let word = FACTS[origin % LEN][usize::from(seeds)];
    (
        word & ((1 << LEN) - 1),
        (word >> 18 & 31) as usize,
        word >> 23,
    )
}

/// Lifts the seeds of `origin`, sows them as `spread` says, and takes the seeds that fall into
/// the two `sinks` (tuzdiks, or the spare hole 18 for none) off the board; returns those seeds.
/// One pass over the holes, with no single-byte write before it that a wide read would wait
/// on. The holes past the ring stay empty.
#[inline(always)]
pub(crate) fn lift_and_sow(
    holes: &mut [u8; HOLE_BYTES],
    origin: usize,
    spread: Spread,
    sinks: [usize; 2],
) -> [u8; 2] {
    let sown = lifted_and_sown(holes, origin, spread);
    // A sink held nothing, so what it holds now is what fell into it.
    let fed = [sown[sinks[0] % HOLE_BYTES], sown[sinks[1] % HOLE_BYTES]];
    let (sink_a, sink_b) = (
        mask_at::<HOLE_BYTES>(sinks[0] % HOLE_BYTES),
        mask_at::<HOLE_BYTES>(sinks[1] % HOLE_BYTES),
    );
    for i in 0..HOLE_BYTES {
        holes[i] = sown[i] & !(sink_a[i] | sink_b[i]);
    }
    fed
}

/// The holes once the seeds of `origin` are lifted and sown as `spread` says, the sinks not yet
/// emptied. The holes past the ring stay as they were.
#[inline(always)]
pub(crate) fn lifted_and_sown(
    holes: &[u8; HOLE_BYTES],
    origin: usize,
    spread: Spread,
) -> [u8; HOLE_BYTES] {
    // Every hole index here is below 32: the masks only spare the bounds checks.
    let run = window(&RUNS[spread.rest % 32], LEN.wrapping_sub(spread.start) % 32);
    let lifted = mask_at::<HOLE_BYTES>(origin % HOLE_BYTES);
    let laps = spread.laps as u8;
    let mut sown = [0u8; HOLE_BYTES];
    for i in 0..HOLE_BYTES {
        let gain = (run[i].wrapping_add(laps)) & RING[i];
        sown[i] = (holes[i] & !lifted[i]).wrapping_add(gain);
    }
    sown
}

/// `0xFF` at every hole but the two `sinks`: the mask that empties them.
#[inline(always)]
pub(crate) fn keeping_all_but(sinks: [usize; 2]) -> [u8; HOLE_BYTES] {
    let (sink_a, sink_b) = (
        mask_at::<HOLE_BYTES>(sinks[0] % HOLE_BYTES),
        mask_at::<HOLE_BYTES>(sinks[1] % HOLE_BYTES),
    );
    core::array::from_fn(|i| !(sink_a[i] | sink_b[i]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::sowing::{lift_and_sow_ring_array, Coverage, FirstSeed};
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn the_spread_agrees_with_the_cores_coverage(start in 0usize..=18, seeds in 1u8..=255) {
            let spread = Spread::new(start, seeds);
            let coverage = Coverage::new(18, start % 18, usize::from(seeds)).expect("seeds on the ring");
            prop_assert_eq!(spread.last(), coverage.last());
            prop_assert_eq!(spread.reached(), coverage.reached() as u32);
            prop_assert_eq!(spread.seeds_at_last(), coverage.seeds_at(coverage.last()) as u32);
            for hole in 0..24 {
                prop_assert_eq!(spread.seeds_at(hole), coverage.seeds_at(hole) as u32, "hole {}", hole);
            }
        }

        #[test]
        fn the_facts_agree_with_the_spread(origin in 0usize..18, seeds in 1u8..=255) {
            let spread = Spread::new(origin + usize::from(seeds == 1), seeds);
            let expected = (spread.reached(), spread.last(), spread.seeds_at_last());
            prop_assert_eq!(facts(origin, seeds), expected);
        }

        #[test]
        fn the_table_sowing_agrees_with_the_cores(
            board in proptest::collection::vec(0u8..12, 18),
            origin in 0usize..18,
            seeds in 1u8..=162,
            single_next in any::<bool>(),
            sinks in (0usize..19, 0usize..19),
        ) {
            let (a, b) = sinks;
            prop_assume!(a != origin && b != origin && (a != b || a == 18));
            let mut holes = [0u8; HOLE_BYTES];
            holes[..18].copy_from_slice(&board);
            holes[a] = 0;
            holes[b] = 0;
            holes[origin] = seeds;
            // Keep the ring at most 255 seeds, as every position does.
            let total: u32 = holes.iter().map(|&h| u32::from(h)).sum();
            prop_assume!(total <= 255);
            let first = if single_next { FirstSeed::Next } else { FirstSeed::Origin };
            let mut core = holes;
            let (coverage, core_fed) =
                lift_and_sow_ring_array(&mut core, 18, origin, first, [a, b]).expect("a sowing");
            let start = origin + usize::from(single_next);
            let spread = Spread::new(start, seeds);
            let fed = lift_and_sow(&mut holes, origin, spread, [a, b]);
            prop_assert_eq!(fed, core_fed);
            prop_assert_eq!(holes, core);
            prop_assert_eq!(spread.last(), coverage.last());
        }
    }
}
