//! The transposition table that the threads of a parallel search share: the same buckets and
//! replacement as [`TranspositionTable`](crate::tt::TranspositionTable), in atomics.
//!
//! An entry is two 64-bit words, the data and the key xor-ed with the data, each read and
//! written on its own with relaxed ordering. A reader that meets a pair written half by one
//! thread and half by another finds a key that does not match and ignores the entry, so a
//! race costs a lost entry, never a wrong one (a lockless table, as chess engines keep). A
//! best move is kept as its index among the position's legal moves, which the position's key
//! decides.

use crate::tt::{Bound, Entry, Table, TableError, WAYS};
use std::sync::atomic::{AtomicU64, Ordering};

/// One entry: the data word and the key xor-ed with it; both zero when empty.
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// The bytes of one bucket.
const BUCKET_BYTES: usize = WAYS * core::mem::size_of::<Slot>();

/// The largest move index kept; a move later in the list is stored without its move.
const MAX_INDEX: usize = 254;

/// A transposition table whose entries any thread may read and write through `&self`.
#[derive(Debug)]
pub(crate) struct SharedTable {
    slots: Vec<Slot>,
    mask: usize,
    generation: u8,
}

/// The data word of an entry: the value, depth, bound (never zero, so a stored word is never
/// zero), generation and the move's index plus one (zero: no move).
fn pack(value: i32, depth: u8, bound: Bound, generation: u8, best: Option<u8>) -> u64 {
    let bound = match bound {
        Bound::Exact => 1u64,
        Bound::Lower => 2,
        Bound::Upper => 3,
    };
    let best = best.map_or(0, |index| u64::from(index) + 1);
    u64::from(value as u32)
        | u64::from(depth) << 32
        | bound << 40
        | u64::from(generation) << 42
        | best << 50
}

/// The entry a data word holds, with its key; `None` for an empty slot.
fn unpack(key: u64, data: u64) -> Option<Entry<u8>> {
    let bound = match (data >> 40) & 3 {
        1 => Bound::Exact,
        2 => Bound::Lower,
        3 => Bound::Upper,
        _ => return None,
    };
    let best = ((data >> 50) & 0xff) as u8;
    Some(Entry {
        key,
        value: data as u32 as i32,
        depth: (data >> 32) as u8,
        bound,
        generation: (data >> 42) as u8,
        best: best.checked_sub(1),
    })
}

impl Clone for SharedTable {
    /// A copy of every entry as it is read now.
    fn clone(&self) -> Self {
        let copy = |word: &AtomicU64| AtomicU64::new(word.load(Ordering::Relaxed));
        SharedTable {
            slots: self
                .slots
                .iter()
                .map(|slot| Slot {
                    check: copy(&slot.check),
                    data: copy(&slot.data),
                })
                .collect(),
            mask: self.mask,
            generation: self.generation,
        }
    }
}

impl SharedTable {
    /// The buckets a table of at most `bytes` bytes (capped at [`MAX_TABLE_BYTES`]) has: the
    /// largest power of two that fits, at least one.
    ///
    /// [`MAX_TABLE_BYTES`]: crate::MAX_TABLE_BYTES
    pub(crate) fn buckets_for(bytes: usize) -> usize {
        let wanted = (bytes.min(crate::MAX_TABLE_BYTES) / BUCKET_BYTES).max(1);
        1usize << (usize::BITS - 1 - wanted.leading_zeros())
    }

    /// The bytes a table asked to take at most `bytes` bytes takes.
    pub(crate) fn bytes_for(bytes: usize) -> usize {
        Self::buckets_for(bytes) * BUCKET_BYTES
    }

    /// A table of `buckets` buckets (a power of two), or the error that the memory cannot be
    /// had.
    pub(crate) fn try_with_buckets(buckets: usize) -> Result<Self, TableError> {
        let refused = TableError::Allocation {
            bytes: buckets.saturating_mul(BUCKET_BYTES),
        };
        let len = buckets.checked_mul(WAYS).ok_or(refused.clone())?;
        let mut slots = Vec::new();
        slots.try_reserve_exact(len).map_err(|_| refused)?;
        slots.resize_with(len, Slot::default);
        Ok(SharedTable {
            slots,
            mask: buckets - 1,
            generation: 0,
        })
    }

    /// The largest table of at most `bytes` bytes whose memory can be had: each size refused
    /// is halved, down to one bucket.
    pub(crate) fn with_bytes_or_less(bytes: usize) -> Self {
        let mut buckets = Self::buckets_for(bytes);
        loop {
            match Self::try_with_buckets(buckets) {
                Ok(table) => return table,
                Err(_) if buckets > 1 => buckets /= 2,
                Err(_) => {
                    return SharedTable {
                        slots: (0..WAYS).map(|_| Slot::default()).collect(),
                        mask: 0,
                        generation: 0,
                    }
                }
            }
        }
    }

    /// The memory the slots take, in bytes.
    pub(crate) fn bytes(&self) -> usize {
        self.slots.len() * core::mem::size_of::<Slot>()
    }

    /// Starts a new search: entries of earlier ones are replaced before this one's.
    pub(crate) fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    /// Forgets everything.
    pub(crate) fn clear(&mut self) {
        for slot in &mut self.slots {
            *slot = Slot::default();
        }
        self.generation = 0;
    }

    #[inline]
    fn bucket(&self, key: u64) -> &[Slot] {
        let start = (key as usize & self.mask) * WAYS;
        &self.slots[start..start + WAYS]
    }

    /// The words of a slot and the entry they hold (with the key they claim).
    #[inline]
    fn read(slot: &Slot) -> (u64, u64, Option<Entry<u8>>) {
        let data = slot.data.load(Ordering::Relaxed);
        let check = slot.check.load(Ordering::Relaxed);
        (check, data, unpack(check ^ data, data))
    }

    #[inline]
    fn write(slot: &Slot, check: u64, data: u64) {
        slot.data.store(data, Ordering::Relaxed);
        slot.check.store(check, Ordering::Relaxed);
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry<u8>> {
        self.bucket(key)
            .iter()
            .find_map(|slot| Self::read(slot).2.filter(|entry| entry.key == key))
    }

    /// Stores a result, as [`TranspositionTable::store`](crate::tt::TranspositionTable)
    /// does: the first way keeps the deepest result of the current search (or any result of
    /// the same position), the second takes whatever the first does not.
    #[inline]
    pub(crate) fn store(&self, key: u64, value: i32, depth: u32, bound: Bound, best: Option<u8>) {
        let depth = depth.min(u32::from(u8::MAX)) as u8;
        let generation = self.generation;
        let mut best = best;
        let slots = self.bucket(key);
        let (first_check, first_data, first) = Self::read(&slots[0]);
        let way = match first {
            Some(first) if first.key == key => {
                best = best.or(first.best);
                0
            }
            Some(first) if first.generation == generation && first.depth > depth => {
                if let Some(second) = Self::read(&slots[1]).2.filter(|second| second.key == key) {
                    best = best.or(second.best);
                }
                1
            }
            Some(_) => {
                Self::write(&slots[1], first_check, first_data);
                0
            }
            None => 0,
        };
        let data = pack(value, depth, bound, generation, best);
        Self::write(&slots[way], key ^ data, data);
    }
}

impl<M: Copy + PartialEq> Table<M> for &SharedTable {
    type Stored = u8;

    #[inline]
    fn probe(&mut self, key: u64) -> Option<Entry<u8>> {
        SharedTable::probe(self, key)
    }

    #[inline]
    fn resolve(stored: u8, moves: &[M]) -> Option<M> {
        moves.get(usize::from(stored)).copied()
    }

    #[inline]
    fn encode(mv: M, moves: &[M]) -> Option<u8> {
        let index = moves.iter().position(|&other| other == mv)?;
        (index <= MAX_INDEX).then_some(index as u8)
    }

    #[inline]
    fn store(&mut self, key: u64, value: i32, depth: u32, bound: Bound, best: Option<u8>) {
        SharedTable::store(self, key, value, depth, bound, best);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_through_their_words() {
        for (value, depth, bound, generation, best) in [
            (-7, 5, Bound::Lower, 3, Some(3)),
            (i32::MAX, 255, Bound::Exact, 255, None),
            (i32::MIN, 0, Bound::Upper, 0, Some(254)),
        ] {
            let data = pack(value, depth, bound, generation, best);
            assert_ne!(data, 0);
            let entry = unpack(99, data).unwrap();
            assert_eq!(
                (
                    entry.key,
                    entry.value,
                    entry.depth,
                    entry.bound,
                    entry.generation,
                    entry.best
                ),
                (99, value, depth, bound, generation, best)
            );
        }
        assert!(unpack(0, 0).is_none());
    }

    #[test]
    fn the_shared_table_finds_what_it_stored_and_ignores_a_torn_entry() {
        let mut table = SharedTable::try_with_buckets(SharedTable::buckets_for(1 << 16)).unwrap();
        assert!(table.bytes() <= 1 << 16 && table.bytes() > 1 << 14);
        table.new_search();
        assert!(table.probe(42).is_none());
        table.store(42, -7, 5, Bound::Lower, Some(3));
        let entry = table.probe(42).unwrap();
        assert_eq!(
            (entry.value, entry.depth, entry.bound, entry.best),
            (-7, 5, Bound::Lower, Some(3))
        );
        let other = 42 + (table.mask as u64 + 1);
        table.store(other, 1, 2, Bound::Exact, None);
        assert_eq!(table.probe(42).unwrap().depth, 5);
        assert_eq!(table.probe(other).unwrap().value, 1);
        table.store(42, 9, 6, Bound::Exact, None);
        let entry = table.probe(42).unwrap();
        assert_eq!((entry.value, entry.best), (9, Some(3)));
        // Another thread's data word under this key's check word: the key no longer matches.
        let slot = &table.bucket(42)[0];
        slot.data
            .store(pack(1, 1, Bound::Exact, 1, None), Ordering::Relaxed);
        assert!(table.probe(42).is_none());
        table.clear();
        assert!(table.probe(other).is_none());
    }

    #[test]
    fn moves_are_kept_as_their_index() {
        let moves = [4u8, 7, 9];
        assert_eq!(<&SharedTable as Table<u8>>::encode(9, &moves), Some(2));
        assert_eq!(<&SharedTable as Table<u8>>::encode(5, &moves), None);
        assert_eq!(<&SharedTable as Table<u8>>::resolve(1, &moves), Some(7));
        assert_eq!(<&SharedTable as Table<u8>>::resolve(3, &moves), None);
        let many: Vec<u16> = (0..300).collect();
        assert_eq!(<&SharedTable as Table<u16>>::encode(254, &many), Some(254));
        assert_eq!(<&SharedTable as Table<u16>>::encode(255, &many), None);
    }
}
