//! The transposition table of the gain search: bounds on what the rest of the game brings the
//! side to move, found by a board's key, in a fixed amount of memory chosen up front.
//!
//! A bucket is one cache line (64 bytes) of five entries, the five keys first and then their
//! data, so that a probe reads one line. A key is 64 bits and stored whole: where the key is
//! the board itself (see [`Keys`](super::Keys)) a hit is never a different board. A new result
//! takes the place of the bucket's cheapest one (by the nodes it cost, the older of equal
//! cost), so results that were costly to prove stay.

use crate::pages::Pages;
use crate::table::{zeroed_buckets, TableError};
use core::sync::atomic::{fence, AtomicU32, AtomicU64, Ordering};
use zerocopy::{FromBytes, IntoBytes, KnownLayout};

/// Entries per bucket.
const WAYS: usize = 5;

/// "No bound" for a stored lower bound (an upper bound's is [`NO_HIGH`]).
const NO_LOW: i8 = i8::MIN;
/// "No bound" for a stored upper bound.
const NO_HIGH: i8 = i8::MAX;
/// "No move" in a stored entry.
const NO_MOVE: u8 = u8::MAX;

/// One cache line of entries: `keys[i]` with `data[i]`; key `0` marks an empty slot.
///
/// The threads of a solve share the table. A bucket is a sequence lock: a writer makes
/// `version` odd while it writes, and a reader takes what it read only if `version` was even
/// and unchanged around the reading, so no thread ever reads one entry's key with another's
/// bounds. A writer that finds the bucket being written skips its store, which only loses a
/// result.
#[derive(Debug, FromBytes, IntoBytes, KnownLayout)]
#[repr(C, align(64))]
struct Bucket {
    keys: [AtomicU64; WAYS],
    /// Low bound (i8), high bound (i8), move (u8), log2 of the nodes it cost (u8).
    data: [AtomicU32; WAYS],
    version: AtomicU32,
}

/// Bounds read from the table: the value lies in `low..=high`; `best` is the index in the
/// legal move list of the move that proved it, if known.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bounds {
    pub(crate) low: i32,
    pub(crate) high: i32,
    pub(crate) best: Option<usize>,
}

/// The bounds of a stored entry, with `inf` standing for no bound.
fn unpack(data: u32, inf: i32) -> Bounds {
    let low = data as u8 as i8;
    let high = (data >> 8) as u8 as i8;
    let best = (data >> 16) as u8;
    Bounds {
        low: if low == NO_LOW { -inf } else { low.into() },
        high: if high == NO_HIGH { inf } else { high.into() },
        best: (best != NO_MOVE).then_some(usize::from(best)),
    }
}

/// A table of a fixed number of buckets that never grows, shared by the solve's threads.
#[derive(Debug)]
pub(crate) struct Table<'m> {
    buckets: &'m [Bucket],
    mask: usize,
    used: AtomicU64,
}

impl<'m> Table<'m> {
    /// An empty table of at most `bytes` bytes (at least one bucket; the bucket count a power
    /// of two), in memory it keeps in `memory`.
    pub(crate) fn with_bytes(
        bytes: usize,
        memory: &'m mut Option<Pages>,
    ) -> Result<Table<'m>, TableError> {
        // All bits zero is an empty bucket.
        let buckets: &'m [Bucket] = zeroed_buckets(bytes, memory)?;
        Ok(Table {
            buckets,
            mask: buckets.len().saturating_sub(1),
            used: AtomicU64::new(0),
        })
    }

    /// The memory the buckets take, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        core::mem::size_of_val(self.buckets)
    }

    /// The entries in use.
    pub(crate) fn used(&self) -> u64 {
        self.used.load(Ordering::Relaxed)
    }

    /// The bucket of `key`: its bits mixed, so that keys that are boards spread.
    #[inline(always)]
    fn bucket(&self, key: u64) -> &Bucket {
        let mixed = (key ^ (key >> 31)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        &self.buckets[(mixed >> 32 ^ mixed) as usize & self.mask]
    }

    /// The bounds stored for `key` (never `0`), if any, with `inf` for a missing bound.
    #[inline(always)]
    pub(crate) fn probe(&self, key: u64, inf: i32) -> Option<Bounds> {
        let bucket = self.bucket(key);
        let before = bucket.version.load(Ordering::Acquire);
        let way = bucket
            .keys
            .iter()
            .position(|k| k.load(Ordering::Relaxed) == key)?;
        let data = bucket.data[way].load(Ordering::Relaxed);
        fence(Ordering::Acquire);
        let after = bucket.version.load(Ordering::Relaxed);
        (before == after && before & 1 == 0).then(|| unpack(data, inf))
    }

    /// Stores (or narrows) the bounds `low..=high` of `key` (never `0`), proved by the move of
    /// index `best`, which cost `nodes` nodes. Bounds beyond a byte are stored weakened.
    pub(crate) fn store(&self, key: u64, low: i32, high: i32, best: Option<usize>, nodes: u64) {
        let bucket = self.bucket(key);
        let version = bucket.version.load(Ordering::Relaxed);
        if version & 1 == 1
            || bucket
                .version
                .compare_exchange(version, version + 1, Ordering::Acquire, Ordering::Relaxed)
                .is_err()
        {
            // Another thread is writing this bucket.
            return;
        }
        fence(Ordering::Release);
        self.store_locked(bucket, key, low, high, best, nodes);
        bucket.version.store(version + 2, Ordering::Release);
    }

    /// [`store`](Self::store) into `bucket`, which this thread alone writes.
    fn store_locked(
        &self,
        bucket: &Bucket,
        key: u64,
        low: i32,
        high: i32,
        best: Option<usize>,
        nodes: u64,
    ) {
        let relaxed = Ordering::Relaxed;
        let work = (64 - nodes.leading_zeros()) as u8;
        // A bound that does not fit a byte is kept as the weaker bound that does, or none.
        let low = low.clamp(-128, 127) as i8;
        let high = high.clamp(-128, 127) as i8;
        let mut best = best.map_or(NO_MOVE, |i| i.min(usize::from(NO_MOVE) - 1) as u8);
        let keys: [u64; WAYS] = core::array::from_fn(|i| bucket.keys[i].load(relaxed));
        let data: [u32; WAYS] = core::array::from_fn(|i| bucket.data[i].load(relaxed));
        let (way, work) = match keys.iter().position(|&k| k == key) {
            Some(way) => {
                // Both results hold: keep the narrower of each bound.
                let old = data[way];
                let (old_low, old_high) = (old as u8 as i8, (old >> 8) as u8 as i8);
                let (low, high) = (low.max(old_low), high.min(old_high));
                if best == NO_MOVE {
                    best = (old >> 16) as u8;
                }
                let work = work.max((old >> 24) as u8);
                bucket.data[way].store(pack(low, high, best, work), relaxed);
                return;
            }
            None => {
                // An empty slot, else the cheapest result, the first of equal cost.
                let mut way = 0;
                let mut cheapest = u32::MAX;
                for (i, (&k, &data)) in keys.iter().zip(&data).enumerate() {
                    let cost = if k == 0 { 0 } else { 1 + (data >> 24) };
                    if cost < cheapest {
                        (way, cheapest) = (i, cost);
                    }
                }
                if cheapest == 0 {
                    self.used.fetch_add(1, relaxed);
                }
                (way, work)
            }
        };
        // The newest result goes first among equals: the slot moves to the bucket's end.
        let mut ways = way;
        while ways + 1 < WAYS && keys[ways + 1] != 0 {
            bucket.keys[ways].store(keys[ways + 1], relaxed);
            bucket.data[ways].store(data[ways + 1], relaxed);
            ways += 1;
        }
        bucket.keys[ways].store(key, relaxed);
        bucket.data[ways].store(pack(low, high, best, work), relaxed);
    }
}

/// An entry's data.
fn pack(low: i8, high: i8, best: u8, work: u8) -> u32 {
    u32::from(low as u8)
        | u32::from(high as u8) << 8
        | u32::from(best) << 16
        | u32::from(work) << 24
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::MAX_TABLE_BYTES;

    const INF: i32 = 1000;

    #[test]
    fn a_bucket_is_a_cache_line_and_bounds_narrow() {
        assert_eq!(core::mem::size_of::<Bucket>(), 64);
        let mut memory = None;
        let table = Table::with_bytes(1 << 12, &mut memory).unwrap();
        assert!(table.bytes() <= 1 << 12);
        table.store(7, -5, 10, Some(2), 100);
        table.store(7, 0, 20, None, 1);
        let b = table.probe(7, INF).unwrap();
        assert_eq!((b.low, b.high, b.best), (0, 10, Some(2)));
        assert!(table.probe(8, INF).is_none());
        assert_eq!(table.used(), 1);
        // Missing and oversized bounds.
        table.store(9, -INF, 300, None, 1);
        let b = table.probe(9, INF).unwrap();
        assert_eq!((b.low, b.high, b.best), (-INF, INF, None));
        table.store(10, 200, INF, None, 1);
        assert_eq!(table.probe(10, INF).unwrap().low, 127);
        table.store(11, -INF, -200, None, 1);
        assert_eq!(table.probe(11, INF).unwrap().high, -128);
        assert!(matches!(
            Table::with_bytes(MAX_TABLE_BYTES + 1, &mut None),
            Err(TableError::TooLarge { .. })
        ));
        assert_eq!(Table::with_bytes(0, &mut None).unwrap().bytes(), 64);
    }

    #[test]
    fn a_full_bucket_keeps_its_costliest_results() {
        let mut memory = None;
        let table = Table::with_bytes(64, &mut memory).unwrap();
        // Every key goes to the one bucket: the costly ones stay, the cheapest gives way.
        for (key, nodes) in [(1, 1_000_000), (2, 10), (3, 50_000), (4, 700), (5, 90)] {
            table.store(key, 0, 0, None, nodes);
        }
        table.store(6, 1, 1, None, 100);
        assert!(table.probe(2, INF).is_none());
        for key in [1, 3, 4, 5, 6] {
            assert!(table.probe(key, INF).is_some(), "key {key}");
        }
        // Of equal cost, the older goes.
        table.store(7, 2, 2, None, 90);
        assert!(table.probe(5, INF).is_none() && table.probe(6, INF).is_some());
        table.store(8, 2, 2, None, 1);
        assert!(table.probe(6, INF).is_none() && table.probe(7, INF).is_some());
        assert!(table.probe(8, INF).is_some());
        assert_eq!(table.used(), 5);
    }
}
