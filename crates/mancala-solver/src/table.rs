//! The transposition table of the proof search: bounds on exact values, found by a position's
//! key, in a fixed amount of memory chosen up front.

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

/// One stored result: the true value lies in `low..=high`.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Entry {
    /// The full key; `0` marks an empty slot (a position whose key is 0 is never stored).
    key: u64,
    pub(crate) low: i16,
    pub(crate) high: i16,
    /// The index in the legal move list of the move that proved the bound, or `u8::MAX`.
    pub(crate) best: u8,
    /// The log2 of the nodes the result cost, so costly results are kept first.
    work: u8,
}

/// Entries per bucket: the first keeps the costliest result, the second the latest.
const WAYS: usize = 2;

/// A table of a fixed number of slots that never grows: a new result replaces a cheaper one.
#[derive(Debug)]
pub(crate) struct Table {
    slots: Vec<Entry>,
    mask: usize,
    pub(crate) used: u64,
}

impl Table {
    /// A table of at most `bytes` bytes (at least one bucket; the bucket count a power of two).
    pub(crate) fn with_bytes(bytes: usize) -> Result<Table, TableError> {
        if bytes > MAX_TABLE_BYTES {
            return Err(TableError::TooLarge { bytes });
        }
        let bucket = WAYS * core::mem::size_of::<Entry>();
        let wanted = (bytes / bucket).max(1);
        let buckets = 1usize << (usize::BITS - 1 - wanted.leading_zeros());
        let len = buckets * WAYS;
        let mut slots = Vec::new();
        slots
            .try_reserve_exact(len)
            .map_err(|_| TableError::Allocation {
                bytes: len * bucket / WAYS,
            })?;
        slots.resize(len, Entry::default());
        Ok(Table {
            slots,
            mask: buckets - 1,
            used: 0,
        })
    }

    /// The memory the slots take, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * core::mem::size_of::<Entry>()
    }

    fn bucket(&self, key: u64) -> usize {
        ((key ^ (key >> 32)) as usize & self.mask) * WAYS
    }

    /// The bounds stored for `key`, if any.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let start = self.bucket(key);
        self.slots[start..start + WAYS]
            .iter()
            .find(|entry| entry.key == key && key != 0)
            .copied()
    }

    /// Stores (or narrows) the bounds of `key`.
    pub(crate) fn store(&mut self, key: u64, low: i32, high: i32, best: Option<usize>, nodes: u64) {
        if key == 0 {
            return;
        }
        let start = self.bucket(key);
        let work = (64 - nodes.leading_zeros()) as u8;
        let best = best.map_or(u8::MAX, |i| i.min(254) as u8);
        let clamp = |v: i32| v.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        let mut entry = Entry {
            key,
            low: clamp(low),
            high: clamp(high),
            best,
            work,
        };
        let slots = &mut self.slots[start..start + WAYS];
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
        if slots.iter().any(|e| e.key == 0) {
            self.used += 1;
        }
        if slots[0].key == 0 || slots[0].work <= work {
            slots[1] = slots[0];
            slots[0] = entry;
        } else {
            slots[1] = entry;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_narrow_and_sizes_are_checked() {
        let mut table = Table::with_bytes(1 << 12).unwrap();
        assert!(table.bytes() <= 1 << 12);
        table.store(7, -5, 10, Some(2), 100);
        table.store(7, 0, 20, None, 1);
        let entry = table.probe(7).unwrap();
        assert_eq!((entry.low, entry.high, entry.best), (0, 10, 2));
        assert!(table.probe(8).is_none());
        assert!(matches!(
            Table::with_bytes(MAX_TABLE_BYTES + 1),
            Err(TableError::TooLarge { .. })
        ));
        let tiny = Table::with_bytes(0).unwrap();
        assert_eq!(tiny.bytes(), WAYS * core::mem::size_of::<Entry>());
    }
}
