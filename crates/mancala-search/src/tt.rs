//! The transposition table: what earlier searches learnt about a position, found by its
//! [`key`](mancala_engine::Position::key), in a fixed amount of memory.

/// The most memory a transposition table takes, 1 GiB; a larger size is capped to it. That is
/// tens of millions of entries, more than a search of these games stores in a minute, and the
/// cap keeps a mistaken size from claiming the machine's memory.
pub const MAX_TABLE_BYTES: usize = 1 << 30;

/// Why a transposition table of the size asked for cannot be had.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TableError {
    /// The size asked for is above [`MAX_TABLE_BYTES`].
    #[error("a transposition table of {bytes} bytes is larger than the most a search takes, {MAX_TABLE_BYTES} bytes")]
    TooLarge {
        /// The size asked for.
        bytes: usize,
    },
    /// The system could not give the memory.
    #[error("the memory for a transposition table of {bytes} bytes could not be allocated")]
    Allocation {
        /// The size of the table that could not be allocated.
        bytes: usize,
    },
}

/// What a stored value says about the position's true value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value is exact.
    Exact,
    /// The true value is at least this (the search failed high).
    Lower,
    /// The true value is at most this (the search failed low).
    Upper,
}

/// One stored search result.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Entry<M> {
    /// The full key, to tell the position apart from others in the same slot.
    pub(crate) key: u64,
    /// The value, with won and lost games counted from this position (not from the root).
    pub(crate) value: i32,
    /// The depth the value was searched to.
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
    /// The search that wrote the entry, so older entries give way first.
    pub(crate) generation: u8,
    /// The best move found, tried first the next time.
    pub(crate) best: Option<M>,
}

/// Entries per bucket: the first keeps the deepest result, the second the latest.
pub(crate) const WAYS: usize = 2;

/// What the search asks of a transposition table, whether one thread's own
/// ([`TranspositionTable`]) or shared between threads
/// ([`SharedTable`](crate::shared_tt::SharedTable)). A table may keep a move in its own form
/// (`Stored`), read back against the legal moves of the position.
pub(crate) trait Table<M> {
    /// The form a best move takes in the table.
    type Stored: Copy;

    /// The entry stored for `key`, if any.
    fn probe(&mut self, key: u64) -> Option<Entry<Self::Stored>>;

    /// The move `stored` stands for among `moves`, the legal moves of the position.
    fn resolve(stored: Self::Stored, moves: &[M]) -> Option<M>;

    /// The form `mv`, one of `moves`, is kept in (`None` if it cannot be).
    fn encode(mv: M, moves: &[M]) -> Option<Self::Stored>;

    /// Stores a result.
    fn store(&mut self, key: u64, value: i32, depth: u32, bound: Bound, best: Option<Self::Stored>);
}

impl<M: Copy + PartialEq> Table<M> for &mut TranspositionTable<M> {
    type Stored = M;

    #[inline]
    fn probe(&mut self, key: u64) -> Option<Entry<M>> {
        (**self).probe(key)
    }

    #[inline]
    fn resolve(stored: M, _moves: &[M]) -> Option<M> {
        Some(stored)
    }

    #[inline]
    fn encode(mv: M, _moves: &[M]) -> Option<M> {
        Some(mv)
    }

    #[inline]
    fn store(&mut self, key: u64, value: i32, depth: u32, bound: Bound, best: Option<M>) {
        (**self).store(key, value, depth, bound, best);
    }
}

/// A hash table of search results with a fixed number of slots, chosen at construction from a
/// size in bytes. It never grows: a new result replaces an older or shallower one.
#[derive(Debug, Clone)]
pub(crate) struct TranspositionTable<M> {
    slots: Vec<Option<Entry<M>>>,
    /// `buckets - 1`: the bucket of a key is `key & mask`.
    mask: usize,
    generation: u8,
}

impl<M: Copy> TranspositionTable<M> {
    /// The bytes of one bucket.
    const BUCKET_BYTES: usize = WAYS * core::mem::size_of::<Option<Entry<M>>>();

    /// The buckets a table of at most `bytes` bytes (and at most [`MAX_TABLE_BYTES`]) has: the
    /// largest power of two that fits, at least one.
    pub(crate) fn buckets_for(bytes: usize) -> usize {
        let wanted = (bytes.min(MAX_TABLE_BYTES) / Self::BUCKET_BYTES).max(1);
        1usize << (usize::BITS - 1 - wanted.leading_zeros())
    }

    /// The bytes a table asked to take at most `bytes` bytes takes.
    pub(crate) fn bytes_for(bytes: usize) -> usize {
        Self::buckets_for(bytes) * Self::BUCKET_BYTES
    }

    /// A table of `buckets` buckets (a power of two), or the error that the memory cannot be
    /// had.
    fn try_with_buckets(buckets: usize) -> Result<Self, TableError> {
        let refused = TableError::Allocation {
            bytes: buckets.saturating_mul(Self::BUCKET_BYTES),
        };
        let len = buckets.checked_mul(WAYS).ok_or(refused.clone())?;
        let mut slots = Vec::new();
        slots.try_reserve_exact(len).map_err(|_| refused)?;
        slots.resize(len, None);
        Ok(TranspositionTable {
            slots,
            mask: buckets - 1,
            generation: 0,
        })
    }

    /// A table of at most `bytes` bytes, capped at [`MAX_TABLE_BYTES`], or the error that the
    /// memory cannot be had.
    pub(crate) fn try_with_bytes(bytes: usize) -> Result<Self, TableError> {
        Self::try_with_buckets(Self::buckets_for(bytes))
    }

    /// The largest table of at most `bytes` bytes (capped at [`MAX_TABLE_BYTES`]) whose memory
    /// can be had: each size refused is halved, down to one bucket.
    pub(crate) fn with_bytes_or_less(bytes: usize) -> Self {
        Self::largest_that_fits(Self::buckets_for(bytes), Self::try_with_buckets)
    }

    /// The first table `allocate` gives for `buckets`, `buckets / 2`, … buckets; one bucket is
    /// small enough to be allocated as any other small value is.
    fn largest_that_fits(
        mut buckets: usize,
        mut allocate: impl FnMut(usize) -> Result<Self, TableError>,
    ) -> Self {
        while buckets > 1 {
            if let Ok(table) = allocate(buckets) {
                return table;
            }
            buckets /= 2;
        }
        TranspositionTable {
            slots: vec![None; WAYS],
            mask: 0,
            generation: 0,
        }
    }

    /// The memory the slots take, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * core::mem::size_of::<Option<Entry<M>>>()
    }

    /// Starts a new search: entries of earlier ones are replaced before this one's.
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        self.slots.fill(None);
        self.generation = 0;
    }

    #[inline]
    fn bucket(&self, key: u64) -> usize {
        (key as usize & self.mask) * WAYS
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry<M>> {
        let start = self.bucket(key);
        self.slots[start..start + WAYS]
            .iter()
            .flatten()
            .find(|entry| entry.key == key)
            .copied()
    }

    /// Stores a result. The first way keeps the deepest result of the current search (or any
    /// result of the same position), the second takes whatever the first does not.
    #[inline]
    pub(crate) fn store(
        &mut self,
        key: u64,
        value: i32,
        depth: u32,
        bound: Bound,
        best: Option<M>,
    ) {
        let start = self.bucket(key);
        let depth = depth.min(u32::from(u8::MAX)) as u8;
        let generation = self.generation;
        let mut entry = Entry {
            key,
            value,
            depth,
            bound,
            generation,
            best,
        };
        let slots = &mut self.slots[start..start + WAYS];
        let way = match slots[0] {
            Some(first) if first.key == key => {
                // Keep the move we had if this result found none.
                entry.best = entry.best.or(first.best);
                0
            }
            Some(first) if first.generation == generation && first.depth > depth => {
                if let Some(second) = slots[1].filter(|second| second.key == key) {
                    entry.best = entry.best.or(second.best);
                }
                1
            }
            Some(first) => {
                // The first way's occupant moves down to the second.
                slots[1] = Some(first);
                0
            }
            None => 0,
        };
        slots[way] = Some(entry);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_keeps_to_its_size_and_finds_what_it_stored() {
        let mut table = TranspositionTable::<u8>::try_with_bytes(1 << 16).unwrap();
        assert!(table.bytes() <= 1 << 16);
        assert!(table.bytes() > 1 << 14);
        assert!(table.probe(42).is_none());
        table.store(42, -7, 5, Bound::Lower, Some(3));
        let entry = table.probe(42).unwrap();
        assert_eq!(
            (entry.value, entry.depth, entry.bound, entry.best),
            (-7, 5, Bound::Lower, Some(3))
        );
        // A shallower result for another key in the same bucket goes to the second way, so
        // both are found.
        let other = 42 + (table.mask as u64 + 1);
        table.store(other, 1, 2, Bound::Exact, None);
        assert_eq!(table.probe(42).unwrap().depth, 5);
        assert_eq!(table.probe(other).unwrap().value, 1);
        // The same key again replaces its entry but keeps its move.
        table.store(42, 9, 6, Bound::Exact, None);
        let entry = table.probe(42).unwrap();
        assert_eq!((entry.value, entry.best), (9, Some(3)));
        table.clear();
        assert!(table.probe(42).is_none());
    }

    #[test]
    fn a_tiny_table_still_has_a_bucket() {
        let mut table = TranspositionTable::<u8>::with_bytes_or_less(0);
        table.store(1, 1, 1, Bound::Exact, None);
        table.store(2, 2, 1, Bound::Exact, None);
        assert_eq!(table.probe(2).unwrap().value, 2);
    }

    #[test]
    fn a_size_that_cannot_be_allocated_is_an_error_not_an_abort() {
        // Far beyond any machine's memory, yet within what a `Vec` may ask the system for.
        let buckets = (1usize << 62) / TranspositionTable::<u8>::BUCKET_BYTES;
        assert!(matches!(
            TranspositionTable::<u8>::try_with_buckets(buckets),
            Err(TableError::Allocation { bytes }) if bytes > 1 << 61
        ));
        // Beyond what a `Vec` may hold at all.
        assert!(matches!(
            TranspositionTable::<u8>::try_with_buckets(usize::MAX / 2 + 1),
            Err(TableError::Allocation { .. })
        ));
    }

    #[test]
    fn sizes_are_capped_and_a_refused_size_is_halved_until_it_fits() {
        let most = TranspositionTable::<u8>::bytes_for(MAX_TABLE_BYTES);
        assert!(most <= MAX_TABLE_BYTES && most > MAX_TABLE_BYTES / 2);
        assert_eq!(TranspositionTable::<u8>::bytes_for(usize::MAX), most);
        let mut asked = Vec::new();
        let table = TranspositionTable::<u8>::largest_that_fits(64, |buckets| {
            asked.push(buckets);
            if buckets > 8 {
                Err(TableError::Allocation { bytes: 0 })
            } else {
                TranspositionTable::try_with_buckets(buckets)
            }
        });
        assert_eq!(asked, [64, 32, 16, 8]);
        assert_eq!(table.mask, 7);
        let table = TranspositionTable::<u8>::largest_that_fits(4, |_| {
            Err(TableError::Allocation { bytes: 0 })
        });
        assert_eq!(table.mask, 0);
        assert_eq!(table.bytes(), TranspositionTable::<u8>::BUCKET_BYTES);
    }
}
