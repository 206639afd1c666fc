//! The memory of the large tables the searches and the databases' builds read at random (the
//! transposition tables, the table of small positions, the databases' levels): zeroed, mapped for the table alone and, on Linux, asked for in
//! huge pages. With the usual 4 KiB pages nearly every probe of a table of hundreds of
//! megabytes also misses the processor's address cache (TLB); with 2 MiB pages most do not.

use memmap2::{MmapMut, MmapOptions};
use zerocopy::{FromBytes, IntoBytes, KnownLayout};

/// Zeroed memory for `len` values of one type, lent to a table for as long as it lives.
#[derive(Debug)]
pub(crate) struct Pages {
    map: Option<MmapMut>,
}

impl Pages {
    /// No memory.
    pub(crate) fn empty() -> Pages {
        Pages { map: None }
    }

    /// Memory for `len` values of `T`, all bits zero; `None` if the system does not give it.
    pub(crate) fn zeroed<T>(len: usize) -> Option<Pages> {
        let bytes = len.checked_mul(core::mem::size_of::<T>())?;
        if bytes == 0 {
            return Some(Pages { map: None });
        }
        let map = MmapOptions::new().len(bytes).map_anon().ok()?;
        // Only a hint: without huge pages the table works the same, slower.
        #[cfg(target_os = "linux")]
        let _ = map.advise(memmap2::Advice::HugePage);
        Some(Pages { map: Some(map) })
    }

    /// The memory as bytes, to read.
    pub(crate) fn bytes(&self) -> &[u8] {
        self.map.as_deref().unwrap_or(&[])
    }

    /// The memory as the values it was made for (as many as fit).
    pub(crate) fn values<T: FromBytes + IntoBytes + KnownLayout>(&mut self) -> &mut [T] {
        let Some(map) = self.map.as_mut() else {
            return &mut [];
        };
        let len = map.len() / core::mem::size_of::<T>().max(1);
        <[T]>::mut_from_prefix_with_elems(&mut map[..], len)
            .map(|(values, _)| values)
            .unwrap_or(&mut [])
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use core::sync::atomic::{AtomicU64, Ordering};

    #[test]
    fn values_start_at_zero_and_keep_what_is_stored() {
        let mut pages = Pages::zeroed::<AtomicU64>(1 << 20).expect("8 MiB");
        let values: &[AtomicU64] = pages.values();
        assert_eq!(values.len(), 1 << 20);
        assert!(values.iter().all(|v| v.load(Ordering::Relaxed) == 0));
        values[12_345].store(7, Ordering::Relaxed);
        assert_eq!(values[12_345].load(Ordering::Relaxed), 7);
    }

    #[test]
    fn no_values_take_no_memory() {
        let mut pages = Pages::zeroed::<AtomicU64>(0).expect("nothing");
        assert!(pages.values::<AtomicU64>().is_empty());
        assert!(Pages::zeroed::<AtomicU64>(usize::MAX).is_none());
    }
}
