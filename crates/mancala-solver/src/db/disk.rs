//! Levels kept on disk: a build that would pass its memory moves its lowest levels, once
//! built, to a file of its own and reads their values back from it by position. Each thread
//! keeps the blocks it read last (positions near in rank have children near in rank), the
//! system's file cache keeps in memory what fits of the file, and the rest is read from the
//! disk. The file is removed when the databases are. A file of databases opened
//! ([`Databases::open`](super::Databases::open)) is read the same way, and left in place.

use super::DbError;
use std::cell::RefCell;
use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Mutex, PoisonError};

/// The bytes a thread reads at a time, and keeps.
const BLOCK: usize = 1 << 7;
/// The blocks a thread keeps, each in the slot its number falls in: 16 MiB.
const SLOTS: usize = 1 << 17;

/// Tells one file of a process from another for the threads' blocks.
static NEXT_ID: AtomicU64 = AtomicU64::new(1);

thread_local! {
    static BLOCKS: RefCell<Blocks> = const {
        RefCell::new(Blocks {
            held: Vec::new(),
            bytes: Vec::new(),
        })
    };
}

/// A thread's blocks, slot by slot.
struct Blocks {
    /// The file's id, the block's number and how many of its bytes are held (fewer than
    /// [`BLOCK`] where the file ended); id 0 for none.
    held: Vec<(u64, u64, usize)>,
    /// [`BLOCK`] bytes a slot.
    bytes: Vec<u8>,
}

/// The file the levels moved out of memory are appended to.
#[derive(Debug)]
pub(crate) struct Disk {
    id: u64,
    file: Positioned,
    path: PathBuf,
    /// Where the next level goes.
    end: AtomicU64,
    /// The first read that failed: a build stops on it (a probe only misses).
    failed: Mutex<Option<std::io::Error>>,
    /// Whether the file is the build's own, removed with it (not a file of databases opened).
    owned: bool,
}

impl Disk {
    /// A new file at `path`, refused where something is there already.
    pub(crate) fn create(path: &Path) -> Result<Disk, DbError> {
        let file = File::options()
            .read(true)
            .write(true)
            .create_new(true)
            .open(path)
            .map_err(|error| {
                DbError::Io(std::io::Error::new(
                    error.kind(),
                    format!("cannot make {} to keep levels in: {error}", path.display()),
                ))
            })?;
        Ok(Disk::of(file, path, 0, true))
    }

    /// The file at `path`, to read only; it is left where it is.
    pub(crate) fn open(path: &Path) -> Result<Disk, DbError> {
        let file = File::open(path)?;
        let end = file.metadata()?.len();
        Ok(Disk::of(file, path, end, false))
    }

    /// `file`, at `path`, of `end` bytes, removed with the databases if `owned`.
    fn of(file: File, path: &Path, end: u64, owned: bool) -> Disk {
        Disk {
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            file: Positioned::new(file),
            path: path.to_owned(),
            end: AtomicU64::new(end),
            failed: Mutex::new(None),
            owned,
        }
    }

    /// Writes `bytes` after everything written before; where they start.
    pub(crate) fn append(&self, bytes: &[u8]) -> Result<u64, DbError> {
        let at = self.end.fetch_add(bytes.len() as u64, Ordering::Relaxed);
        self.file.write_all_at(bytes, at)?;
        Ok(at)
    }

    /// Room for `len` bytes after everything written before, to write with
    /// [`write`](Disk::write); where it starts. It starts a block of its own, the gap before
    /// it written: a block a thread read across the room's start before the room was written
    /// would hold bytes of it not yet there, and a block read up to it must not end early.
    pub(crate) fn reserve(&self, len: u64) -> Result<u64, DbError> {
        let block = BLOCK as u64;
        let mut end = self.end.load(Ordering::Relaxed);
        loop {
            let start = end.div_ceil(block) * block;
            match self.end.compare_exchange_weak(
                end,
                start + len,
                Ordering::Relaxed,
                Ordering::Relaxed,
            ) {
                Ok(_) => {
                    self.file
                        .write_all_at(&[0; BLOCK][..(start - end) as usize], end)?;
                    return Ok(start);
                }
                Err(now) => end = now,
            }
        }
    }

    /// Writes `bytes` at `at`, within room appended or reserved before.
    pub(crate) fn write(&self, bytes: &[u8], at: u64) -> Result<(), DbError> {
        Ok(self.file.write_all_at(bytes, at)?)
    }

    /// Gives back everything after the first `end` bytes, to the system too.
    pub(crate) fn cut(&self, end: u64) -> Result<(), DbError> {
        self.end.store(end, Ordering::Relaxed);
        Ok(self.file.set_len(end)?)
    }

    /// The byte at `at` (written before), or `None` (the error kept for
    /// [`check`](Disk::check)) if it cannot be read.
    pub(crate) fn byte(&self, at: u64) -> Option<u8> {
        let (number, offset) = (at / BLOCK as u64, (at % BLOCK as u64) as usize);
        BLOCKS.with_borrow_mut(|Blocks { held, bytes }| {
            if held.is_empty() {
                held.resize(SLOTS, (0, 0, 0));
                bytes.resize(SLOTS * BLOCK, 0);
            }
            let slot = number as usize % SLOTS;
            let (id, kept, len) = &mut held[slot];
            let bytes = &mut bytes[slot * BLOCK..][..BLOCK];
            // A block read where the file ended may have grown since.
            if (*id, *kept) != (self.id, number) || offset >= *len {
                let start = number * BLOCK as u64;
                let end = self.end.load(Ordering::Relaxed).min(start + BLOCK as u64);
                *len = end.saturating_sub(start) as usize;
                (*id, *kept) = (self.id, number);
                if let Err(error) = self.file.read_exact_at(&mut bytes[..*len], start) {
                    *id = 0;
                    self.failed
                        .lock()
                        .unwrap_or_else(PoisonError::into_inner)
                        .get_or_insert(error);
                    return None;
                }
            }
            (offset < *len).then(|| bytes[offset])
        })
    }

    /// Fills `bytes` from `at`.
    pub(crate) fn read(&self, bytes: &mut [u8], at: u64) -> Result<(), DbError> {
        Ok(self.file.read_exact_at(bytes, at)?)
    }

    /// The first read that failed since the last check, as an error.
    pub(crate) fn check(&self) -> Result<(), DbError> {
        let failed = self
            .failed
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .take();
        failed.map_or(Ok(()), |error| Err(DbError::Io(error)))
    }
}

impl Drop for Disk {
    fn drop(&mut self) {
        if self.owned {
            // Nothing to do if it is gone already.
            let _ = std::fs::remove_file(&self.path);
        }
    }
}

/// A file read and written at given places, from several threads at once.
#[derive(Debug)]
struct Positioned {
    #[cfg(unix)]
    file: File,
    #[cfg(not(unix))]
    file: Mutex<File>,
}

#[cfg(unix)]
impl Positioned {
    fn new(file: File) -> Positioned {
        Positioned { file }
    }

    fn read_exact_at(&self, bytes: &mut [u8], at: u64) -> std::io::Result<()> {
        std::os::unix::fs::FileExt::read_exact_at(&self.file, bytes, at)
    }

    fn write_all_at(&self, bytes: &[u8], at: u64) -> std::io::Result<()> {
        std::os::unix::fs::FileExt::write_all_at(&self.file, bytes, at)
    }

    fn set_len(&self, len: u64) -> std::io::Result<()> {
        self.file.set_len(len)
    }
}

/// Elsewhere one thread at a time seeks and reads: slower, the same bytes.
#[cfg(not(unix))]
impl Positioned {
    fn new(file: File) -> Positioned {
        Positioned {
            file: Mutex::new(file),
        }
    }

    fn read_exact_at(&self, bytes: &mut [u8], at: u64) -> std::io::Result<()> {
        use std::io::{Read, Seek, SeekFrom};
        let mut file = self.file.lock().unwrap_or_else(PoisonError::into_inner);
        file.seek(SeekFrom::Start(at))?;
        file.read_exact(bytes)
    }

    fn write_all_at(&self, bytes: &[u8], at: u64) -> std::io::Result<()> {
        use std::io::{Seek, SeekFrom, Write};
        let mut file = self.file.lock().unwrap_or_else(PoisonError::into_inner);
        file.seek(SeekFrom::Start(at))?;
        file.write_all(bytes)
    }

    fn set_len(&self, len: u64) -> std::io::Result<()> {
        self.file
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .set_len(len)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn room_reserved_starts_a_block_and_the_bytes_before_it_read_back() {
        let path = std::env::temp_dir().join(format!(
            "mancala-solver-test-{}-reserve.levels",
            std::process::id()
        ));
        let _ = std::fs::remove_file(&path);
        let disk = Disk::create(&path).unwrap();
        let bytes: Vec<u8> = (0..100).collect();
        assert_eq!(disk.append(&bytes).unwrap(), 0);
        let at = disk.reserve(300).unwrap();
        assert_eq!(at, BLOCK as u64);
        // The last bytes before the room read back while the room is not yet written (a
        // block of them ends where the room starts).
        assert_eq!(disk.byte(99), Some(99));
        assert_eq!(disk.byte(5), Some(5));
        disk.check().unwrap();
        disk.write(&[7; 300], at).unwrap();
        assert_eq!(disk.byte(at + 299), Some(7));
        assert_eq!(disk.append(&[9]).unwrap(), at + 300);
        drop(disk);
        assert!(!path.exists());
    }
}
