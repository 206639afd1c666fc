//! The transposition table of the proof search: bounds on exact values, found by a position's
//! key, in a fixed amount of memory chosen up front.
//!
//! The table is an array of buckets of one cache line each (64 bytes, four entries): a probe
//! costs one miss of the memory at most. A new result takes the place of the bucket's cheapest
//! one (by the nodes it cost), so results that were costly to prove stay.

use crate::pages::Pages;
use zerocopy::{FromBytes, IntoBytes, KnownLayout};

/// The most memory a table takes, 16 GiB: a larger size asked for is an error, so a mistaken
/// option cannot claim the machine.
pub const MAX_TABLE_BYTES: usize = 16 << 30;

/// Why a table of the size asked for cannot be had.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// The size asked for is above [`MAX_TABLE_BYTES`].
    #[error("a table of {bytes} bytes is larger than the most the solver takes, {MAX_TABLE_BYTES} bytes")]
    TooLarge {
        /// The size asked for.
        bytes: usize,
    },
    /// The system could not give the memory.
    #[error("the memory for a table of {bytes} bytes could not be allocated")]
    Allocation {
        /// The size that could not be allocated.
        bytes: usize,
    },
}

/// The buckets of a table of at most `bytes` bytes (at least one bucket; their count a power
/// of two), all bits zero, in memory kept in `memory`.
pub(crate) fn zeroed_buckets<B: FromBytes + IntoBytes + KnownLayout>(
    bytes: usize,
    memory: &mut Option<Pages>,
) -> Result<&mut [B], TableError> {
    if bytes > MAX_TABLE_BYTES {
        return Err(TableError::TooLarge { bytes });
    }
    let bucket = core::mem::size_of::<B>();
    let wanted = (bytes / bucket).max(1);
    let len = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
    let pages = Pages::zeroed::<B>(len).ok_or(TableError::Allocation {
        bytes: len * bucket,
    })?;
    Ok(memory.insert(pages).values())
}

/// One stored result: the true value lies in `low..=high`. All bits zero is an empty slot.
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout)]
#[repr(C)]
pub(crate) struct Entry {
    /// The full key; `0` marks an empty slot (a position whose key is 0 is never stored).
    key: u64,
    pub(crate) low: i16,
    pub(crate) high: i16,
    /// The index in the legal move list of the move that proved the bound, or `u8::MAX`.
    pub(crate) best: u8,
    /// The log2 of the nodes the result cost, so costly results are kept first.
    work: u8,
    /// The bytes an entry of 16 would leave as padding, named so that every byte is defined.
    spare: u16,
}

/// Entries per bucket: as many as one cache line holds.
const WAYS: usize = 4;

/// One cache line of entries.
#[derive(Debug, Clone, Copy, FromBytes, IntoBytes, KnownLayout)]
#[repr(C, align(64))]
struct Bucket([Entry; WAYS]);

/// A table of a fixed number of buckets that never grows.
#[derive(Debug)]
pub(crate) struct Table<'m> {
    buckets: &'m mut [Bucket],
    mask: usize,
    pub(crate) used: u64,
}

impl<'m> Table<'m> {
    /// An empty table of at most `bytes` bytes (at least one bucket; the bucket count a power
    /// of two), in memory it keeps in `memory`.
    pub(crate) fn with_bytes(
        bytes: usize,
        memory: &'m mut Option<Pages>,
    ) -> Result<Table<'m>, TableError> {
        let buckets: &'m mut [Bucket] = zeroed_buckets(bytes, memory)?;
        Ok(Table {
            mask: buckets.len().saturating_sub(1),
            buckets,
            used: 0,
        })
    }

    /// The memory the buckets take, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        core::mem::size_of_val(self.buckets)
    }

    fn bucket(&self, key: u64) -> usize {
        (key ^ (key >> 32)) as usize & self.mask
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        if key == 0 {
            return None;
        }
        self.buckets[self.bucket(key)]
            .0
            .iter()
            .find(|entry| entry.key == key)
            .copied()
    }

    /// Stores (or narrows) the bounds of `key`, which cost `nodes` nodes to prove.
    pub(crate) fn store(&mut self, key: u64, low: i32, high: i32, best: Option<usize>, nodes: u64) {
        if key == 0 {
            return;
        }
        let index = self.bucket(key);
        let work = (64 - nodes.leading_zeros()) as u8;
        let best = best.map_or(u8::MAX, |i| i.min(254) as u8);
        let clamp = |v: i32| v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        let mut entry = Entry {
            key,
            low: clamp(low),
            high: clamp(high),
            best,
            work,
            spare: 0,
        };
        let slots = &mut self.buckets[index].0;
        if let Some(old) = slots.iter_mut().find(|e| e.key == key) {
            // Both bounds hold: keep the narrower of each.
            entry.low = entry.low.max(old.low);
            entry.high = entry.high.min(old.high);
            if entry.best == u8::MAX {
                entry.best = old.best;
            }
            entry.work = entry.work.max(old.work);
            *old = entry;
            return;
        }
        // The empty slot, else the cheapest result (the later one of equal cost).
        let victim = slots
            .iter_mut()
            .min_by_key(|e| if e.key == 0 { -1 } else { i32::from(e.work) })
            .expect("a bucket has slots");
        if victim.key == 0 {
            self.used += 1;
        }
        *victim = entry;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_narrow_and_sizes_are_checked() {
        let mut memory = None;
        let mut table = Table::with_bytes(1 << 12, &mut memory).unwrap();
        assert!(table.bytes() <= 1 << 12);
        table.store(7, -5, 10, Some(2), 100);
        table.store(7, 0, 20, None, 1);
        let entry = table.probe(7).unwrap();
        assert_eq!((entry.low, entry.high, entry.best), (0, 10, 2));
        assert!(table.probe(8).is_none());
        assert_eq!(table.used, 1);
        assert!(matches!(
            Table::with_bytes(MAX_TABLE_BYTES + 1, &mut None),
            Err(TableError::TooLarge { .. })
        ));
        assert_eq!(Table::with_bytes(0, &mut None).unwrap().bytes(), 64);
    }

    #[test]
    fn a_full_bucket_keeps_its_costliest_results() {
        let mut memory = None;
        let mut table = Table::with_bytes(64, &mut memory).unwrap();
        assert_eq!(core::mem::size_of::<Bucket>(), 64);
        // Every key goes to the one bucket: the costly ones stay, the cheapest gives way.
        for (key, nodes) in [(1, 1_000_000), (2, 10), (3, 50_000), (4, 700)] {
            table.store(key, 0, 0, None, nodes);
        }
        table.store(5, 1, 1, None, 100);
        assert!(table.probe(2).is_none());
        for key in [1, 3, 4, 5] {
            assert!(table.probe(key).is_some(), "key {key}");
        }
        table.store(6, 2, 2, None, 1);
        assert!(table.probe(5).is_none() && table.probe(6).is_some());
        assert_eq!(table.used, 4);
    }
}
