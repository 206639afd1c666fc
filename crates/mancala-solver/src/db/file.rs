//! The file format of the databases, version 2, all numbers little-endian:
//!
//! | bytes | what |
//! | --- | --- |
//! | 8 | the magic `MANCALDB` |
//! | 4 | the version, 2 (version 1 held both sides to move) |
//! | 2 + n | the game's name: its length, then its bytes (UTF-8) |
//! | 2 + n | the rules, likewise |
//! | 4 | the pits of the board |
//! | 4 | the extra states of a board, times the scores kept (`Endgame::db_score_states`) |
//! | 1 | the conventions held: 1 (the game cannot cycle) or 2 (South's, then North's) |
//! | 4 | the levels, from 0 seeds on the board up |
//! | 8 a level | its positions: all its boards' (times the extra states and the level's score states), or 0 for a level not built |
//! | … | each level's bytes (South to move), a convention after the other: the value for the side to move plus the seeds |
//! | 8 | FNV-1a (64 bits) of every byte before it |
//!
//! A reader refuses a file whose header does not match the game and rules it is asked for, or
//! whose sizes are not those the header implies, or whose checksum does not match.

use super::disk::Disk;
use super::{Databases, DbError, Endgame, Level, OnDisk, MAX_LEVEL_SEEDS};
use std::io::{Read, Write};
use std::sync::Arc;

const MAGIC: &[u8; 8] = b"MANCALDB";
const VERSION: u32 = 2;
/// The longest name or rules text a header may hold.
const MAX_TEXT: usize = 1 << 10;
/// Bytes moved at a time.
const BLOCK: usize = 1 << 16;

/// The FNV-1a hash of 64 bits, fed as bytes go by.
#[derive(Debug, Clone, Copy)]
struct Fnv(u64);

impl Fnv {
    fn new() -> Fnv {
        Fnv(0xcbf2_9ce4_8422_2325)
    }

    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// A writer that hashes what it writes.
struct Hashing<W> {
    inner: W,
    hash: Fnv,
}

impl<W: Write> Hashing<W> {
    fn put(&mut self, bytes: &[u8]) -> std::io::Result<()> {
        self.hash.feed(bytes);
        self.inner.write_all(bytes)
    }

    fn text(&mut self, text: &str) -> std::io::Result<()> {
        self.put(&(text.len() as u16).to_le_bytes())?;
        self.put(text.as_bytes())
    }
}

/// A reader that hashes what it reads, and counts it.
struct Hashed<R> {
    inner: R,
    hash: Fnv,
    read: u64,
}

impl<R: Read> Hashed<R> {
    fn take(&mut self, bytes: &mut [u8]) -> Result<(), DbError> {
        self.inner.read_exact(bytes).map_err(|e| match e.kind() {
            std::io::ErrorKind::UnexpectedEof => DbError::Format("the file is cut short".into()),
            _ => DbError::Io(e),
        })?;
        self.hash.feed(bytes);
        self.read += bytes.len() as u64;
        Ok(())
    }

    fn number<const N: usize>(&mut self) -> Result<[u8; N], DbError> {
        let mut bytes = [0; N];
        self.take(&mut bytes)?;
        Ok(bytes)
    }

    fn u32(&mut self) -> Result<u32, DbError> {
        Ok(u32::from_le_bytes(self.number()?))
    }

    fn text(&mut self, what: &str) -> Result<String, DbError> {
        let len = usize::from(u16::from_le_bytes(self.number()?));
        if len > MAX_TEXT {
            return Err(DbError::Format(format!("a {what} of {len} bytes")));
        }
        let mut bytes = vec![0; len];
        self.take(&mut bytes)?;
        String::from_utf8(bytes).map_err(|_| DbError::Format(format!("the {what} is not UTF-8")))
    }
}

/// Whether `found` is `expected`, or a format error naming `what`.
fn expect<T: PartialEq + std::fmt::Display>(
    what: &str,
    found: T,
    expected: T,
) -> Result<(), DbError> {
    if found == expected {
        Ok(())
    } else {
        Err(DbError::Format(format!(
            "{what} is {found}, expected {expected}"
        )))
    }
}

impl Databases {
    /// Writes every level to `out` in the format of version 2.
    pub fn write(&self, out: impl Write) -> Result<(), DbError> {
        let mut out = Hashing {
            inner: std::io::BufWriter::new(out),
            hash: Fnv::new(),
        };
        out.put(MAGIC)?;
        out.put(&VERSION.to_le_bytes())?;
        out.text(&self.game)?;
        out.text(&self.rules)?;
        out.put(&(self.pits as u32).to_le_bytes())?;
        out.put(&(self.extra * self.scores).to_le_bytes())?;
        out.put(&[if self.cycles { 2 } else { 1 }])?;
        out.put(&(self.levels.len() as u32).to_le_bytes())?;
        for level in &self.levels {
            out.put(&(level.len() as u64).to_le_bytes())?;
        }
        for level in &self.levels {
            level.each_block(&mut |block| Ok(out.put(block)?))?;
        }
        let hash = out.hash.0;
        out.inner.write_all(&hash.to_le_bytes())?;
        out.inner.flush()?;
        Ok(())
    }

    /// Reads databases of `template`'s game and rules from `input`, refusing more than
    /// `memory_bytes` of levels.
    pub fn read<G: Endgame>(
        input: impl Read,
        template: &G,
        memory_bytes: u64,
    ) -> Result<Databases, DbError> {
        Databases::read_from(input, template, memory_bytes, None)
    }

    /// Opens the databases of `template`'s game and rules in the file at `path`: every byte
    /// is read and checked as [`read`](Databases::read) does, the highest levels that fit
    /// within `memory_bytes` are kept in memory, and the others are read from the file by
    /// position when probed (through each thread's last blocks and the system's file cache).
    /// The file must not change while the databases are open.
    pub fn open<G: Endgame>(
        path: &std::path::Path,
        template: &G,
        memory_bytes: u64,
    ) -> Result<Databases, DbError> {
        let disk = Arc::new(Disk::open(path)?);
        let file = std::fs::File::open(path)?;
        Databases::read_from(file, template, memory_bytes, Some(disk))
    }

    /// [`read`](Databases::read), or where `disk` is the file `input` reads,
    /// [`open`](Databases::open).
    fn read_from<G: Endgame>(
        input: impl Read,
        template: &G,
        memory_bytes: u64,
        disk: Option<Arc<Disk>>,
    ) -> Result<Databases, DbError> {
        let mut input = Hashed {
            inner: std::io::BufReader::new(input),
            hash: Fnv::new(),
            read: 0,
        };
        let magic: [u8; 8] = input.number()?;
        if &magic != MAGIC {
            return Err(DbError::Format(
                "the file does not start with MANCALDB".into(),
            ));
        }
        expect("the version", input.u32()?, VERSION)?;
        let game = input.text("game name")?;
        let rules = input.text("rules text")?;
        expect("the game", game.as_str(), G::NAME)?;
        expect("the rules", rules.as_str(), template.db_rules()?.as_str())?;
        expect("the pit count", input.u32()?, template.db_pits() as u32)?;
        expect(
            "the extra states",
            input.u32()?,
            template.db_extra_states().max(1) * template.db_score_states().max(1),
        )?;
        let [conventions] = input.number()?;
        expect(
            "the conventions",
            conventions,
            if G::CYCLES { 2 } else { 1 },
        )?;
        let levels = input.u32()?;
        if levels > MAX_LEVEL_SEEDS + 1 {
            return Err(DbError::Format(format!("{levels} levels")));
        }
        let mut db = Databases::empty(template, levels.saturating_sub(1))?;
        let mut total = 0u64;
        let mut lens = Vec::with_capacity(levels as usize);
        for seeds in 0..levels {
            let len = u64::from_le_bytes(input.number()?);
            let full = db.level_len(seeds)?;
            if len != 0 && len != full {
                return Err(DbError::Format(format!(
                    "the size of level {seeds} is {len}, expected {full} (or 0, not built)"
                )));
            }
            lens.push(len as usize);
            total = total.saturating_add(len.saturating_mul(u64::from(conventions)));
            if total > memory_bytes && disk.is_none() {
                return Err(DbError::Memory {
                    seeds,
                    needed: total,
                    limit: memory_bytes,
                });
            }
        }
        // With the file at hand, the highest levels that fit stay in memory: a search
        // probes a position as soon as it falls into the databases, at their top.
        let mut in_memory = vec![disk.is_none(); lens.len()];
        if disk.is_some() {
            let mut kept = 0u64;
            for (keep, &len) in in_memory.iter_mut().zip(&lens).rev() {
                let bytes = len as u64 * u64::from(conventions);
                if kept.saturating_add(bytes) > memory_bytes {
                    break;
                }
                kept += bytes;
                *keep = true;
            }
        }
        let mut scratch = Vec::new();
        for ((seeds, len), keep) in (0..levels).zip(lens).zip(in_memory) {
            let at = input.read;
            let mut check = |block: &mut [u8]| {
                input.take(block)?;
                match block.iter().find(|&&b| u32::from(b) > 2 * seeds) {
                    Some(&bad) => Err(DbError::Format(format!(
                        "a value byte {bad} in the level of {seeds} seeds"
                    ))),
                    None => Ok(()),
                }
            };
            let level = match (&disk, keep) {
                (Some(disk), false) => {
                    // Checked as it goes by, then read from the file when probed.
                    scratch.resize(BLOCK, 0);
                    let bytes = len * usize::from(conventions);
                    for from in (0..bytes).step_by(BLOCK) {
                        check(&mut scratch[..(bytes - from).min(BLOCK)])?;
                    }
                    Level::OnDisk(OnDisk {
                        disk: Arc::clone(disk),
                        at,
                        len,
                        cycles: conventions == 2,
                    })
                }
                _ => {
                    let mut level = Level::zeroed(len, conventions == 2, seeds)?;
                    let (south, north) = level.values_mut::<u8>();
                    for values in core::iter::once(south).chain(north) {
                        values.chunks_mut(BLOCK).try_for_each(&mut check)?;
                    }
                    level
                }
            };
            db.levels.push(level);
        }
        let expected = input.hash.0;
        let mut stored = [0u8; 8];
        input
            .inner
            .read_exact(&mut stored)
            .map_err(|_| DbError::Format("the file is cut short before its checksum".into()))?;
        if u64::from_le_bytes(stored) != expected {
            return Err(DbError::Format("the checksum does not match".into()));
        }
        if input.inner.read(&mut [0u8; 1])? != 0 {
            return Err(DbError::Format("bytes follow the checksum".into()));
        }
        Ok(db)
    }
}
