//! A level larger than memory, built by retrograde analysis a part at a time, as the
//! out-of-core builders of the checkers databases did. The level's values live in the
//! build's file, its positions' states in a work file beside it; a part (consecutive
//! indices) is read into memory, worked and written back, one after the other, so the level
//! goes to and from the disk in long runs. A node decided in a part re-examines its parents
//! held there at once; an option for a parent in another part waits as a message (in memory
//! up to a bound, then sorted and delta-coded into the work file) until that part is read. A
//! sweep goes round the parts until no message is left, so each decides what the sweep in
//! memory does, and the level's bytes are the same.

use super::retrograde::{read_message, Room, Span, Tally};
use super::Work;
use crate::db::disk::Disk;
use crate::db::{DbError, Endgame};
use crate::pages::Pages;
use std::ops::Range;
use std::sync::atomic::{AtomicU8, Ordering};
use std::sync::{Mutex, PoisonError};

/// The fewest positions a part holds, whatever the memory.
const LEAST_PART: usize = 1 << 12;
/// The fewest messages held in memory before they go to the work file.
const LEAST_HELD: usize = 1 << 12;

/// How a level is cut into parts, within a memory bound.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Plan {
    /// Positions a part holds (the last may hold fewer).
    pub(crate) part: usize,
    /// Messages held in memory before they go to the work file.
    pub(crate) held: usize,
    /// Messages coded or read back from the work file at a time.
    pub(crate) block: usize,
}

impl Plan {
    /// Parts of a level of `len` positions within `memory` bytes: half for a part (three
    /// bytes a position), half for the messages: three quarters of that for those waiting
    /// in memory (eight bytes each), a quarter for a block read back (its code and its
    /// messages) and a block being coded.
    pub(crate) fn within(len: usize, memory: u64) -> Plan {
        let half = usize::try_from(memory / 2).unwrap_or(usize::MAX);
        let quarter = half / 4;
        Plan {
            part: (half / 3).max(LEAST_PART).min(len.max(1)),
            held: (quarter * 3 / 8).max(LEAST_HELD),
            block: (quarter / (2 * MOST_CODE + 8)).max(LEAST_HELD),
        }
    }

    /// The parts of a level of `len` positions.
    pub(crate) fn parts(&self, len: usize) -> usize {
        len.div_ceil(self.part)
    }
}

/// Where a level built in parts is kept.
pub(crate) struct Store<'a> {
    /// The build's file, and where the level's values start there (South's convention,
    /// then North's, as a level moved to disk is kept).
    pub(crate) values: &'a Disk,
    pub(crate) at: u64,
    /// The work file: the positions' states from its start, then the messages that went to
    /// disk.
    pub(crate) work: &'a Disk,
}

/// A level's parts and the one held in memory.
struct Parts<'a> {
    store: Store<'a>,
    len: usize,
    part: usize,
    south: Pages,
    north: Pages,
    state: Pages,
    /// The part in memory.
    held: Option<usize>,
}

impl Parts<'_> {
    /// The indices of part `part`.
    fn range(&self, part: usize) -> Range<usize> {
        part * self.part..((part + 1) * self.part).min(self.len)
    }

    /// Part `part` in memory, read from the disk if `read` (else as it was: a first pass
    /// writes every byte), the part held before written back.
    fn bring(&mut self, part: usize, read: bool) -> Result<Span<'_>, DbError> {
        if self.held != Some(part) {
            self.put_back()?;
            let range = self.range(part);
            if read {
                let (lo, n) = (range.start as u64, range.len());
                let Store { values, at, work } = &self.store;
                values.read(&mut self.south.values::<u8>()[..n], at + lo)?;
                values.read(
                    &mut self.north.values::<u8>()[..n],
                    at + self.len as u64 + lo,
                )?;
                work.read(&mut self.state.values::<u8>()[..n], lo)?;
            }
            self.held = Some(part);
        }
        let range = self.range(part);
        let n = range.len();
        Ok(Span {
            lo: range.start,
            south: &self.south.values::<AtomicU8>()[..n],
            north: &self.north.values::<AtomicU8>()[..n],
            state: &self.state.values::<AtomicU8>()[..n],
        })
    }

    /// Writes the part in memory back to the disk.
    fn put_back(&mut self) -> Result<(), DbError> {
        let Some(part) = self.held.take() else {
            return Ok(());
        };
        let range = self.range(part);
        let (lo, n) = (range.start as u64, range.len());
        let Store { values, at, work } = &self.store;
        values.write(&self.south.bytes()[..n], at + lo)?;
        values.write(&self.north.bytes()[..n], at + self.len as u64 + lo)?;
        work.write(&self.state.bytes()[..n], lo)
    }
}

/// The most bytes a message's code takes: a 64-bit difference, seven bits a byte.
const MOST_CODE: usize = 10;

/// A block of one part's messages in the work file: where its code starts, its bytes and
/// its messages.
struct Block {
    at: u64,
    bytes: usize,
    messages: usize,
}

/// Appends the code of `messages`, sorted: each one's difference from the one before (the
/// first's from zero), seven bits a byte from the lowest, the top bit set on every byte but a
/// difference's last. Sorted, a part's messages are close together: a byte or two each
/// where the plain ones take eight.
fn encode(messages: &[u64], code: &mut Vec<u8>) {
    let mut last = 0;
    for &message in messages {
        let mut rest = message - last;
        last = message;
        while rest >= 0x80 {
            code.push(rest as u8 | 0x80);
            rest >>= 7;
        }
        code.push(rest as u8);
    }
}

/// The messages of `code`, from [`encode`], into `messages`; `None` for a code that is not
/// one.
fn decode(code: &[u8], messages: &mut Vec<u64>) -> Option<()> {
    let (mut last, mut rest, mut shift) = (0u64, 0u64, 0u32);
    for &byte in code {
        let bits = u64::from(byte & 0x7f);
        let moved = bits
            .checked_shl(shift)
            .filter(|moved| moved >> shift == bits)?;
        rest |= moved;
        if byte & 0x80 == 0 {
            last = last.checked_add(rest)?;
            messages.push(last);
            (rest, shift) = (0, 0);
        } else {
            shift += 7;
        }
    }
    (shift == 0).then_some(())
}

/// The messages waiting for each part.
struct Outbox<'a> {
    part: usize,
    /// Each part's, in memory.
    held: Vec<Vec<u64>>,
    /// How many are in memory, and the most before they go to the work file.
    count: usize,
    most: usize,
    /// Messages coded at a time.
    block: usize,
    /// Each part's blocks in the work file.
    spilled: Vec<Vec<Block>>,
    work: &'a Disk,
    /// The first write that failed.
    failed: Option<DbError>,
}

impl<'a> Outbox<'a> {
    fn new(parts: usize, plan: Plan, work: &'a Disk) -> Outbox<'a> {
        Outbox {
            part: plan.part,
            held: vec![Vec::new(); parts],
            count: 0,
            most: plan.held,
            block: plan.block,
            spilled: (0..parts).map(|_| Vec::new()).collect(),
            work,
            failed: None,
        }
    }

    /// Takes the messages of `away`, each to its part's.
    fn put(&mut self, away: &mut Vec<u64>) {
        self.count += away.len();
        for message in away.drain(..) {
            let (parent, _) = read_message(message);
            self.held[parent / self.part].push(message);
        }
        if self.count > self.most {
            self.spill();
        }
    }

    /// Moves the messages in memory to the work file, sorted and coded, a block at a time.
    fn spill(&mut self) {
        let mut code = Vec::new();
        for (held, spilled) in self.held.iter_mut().zip(&mut self.spilled) {
            held.sort_unstable();
            for messages in held.chunks(self.block) {
                code.clear();
                encode(messages, &mut code);
                match self.work.append(&code) {
                    Ok(at) => spilled.push(Block {
                        at,
                        bytes: code.len(),
                        messages: messages.len(),
                    }),
                    Err(error) => {
                        self.failed.get_or_insert(error);
                    }
                }
            }
            *held = Vec::new();
        }
        self.count = 0;
    }

    /// The first write to the work file that failed, as an error.
    fn check(&mut self) -> Result<(), DbError> {
        self.failed.take().map_or(Ok(()), Err)
    }

    /// Part `part`'s messages: its blocks in the work file, and those in memory (sorted,
    /// so that they are delivered in the order of the part).
    fn take(&mut self, part: usize) -> Result<(Vec<Block>, Vec<u64>), DbError> {
        self.check()?;
        let mut held = core::mem::take(&mut self.held[part]);
        self.count -= held.len();
        held.sort_unstable();
        Ok((core::mem::take(&mut self.spilled[part]), held))
    }

    /// Whether no message waits.
    fn is_empty(&self) -> bool {
        self.count == 0 && self.spilled.iter().all(Vec::is_empty)
    }
}

/// Hands a room's messages to the outbox.
fn send(outbox: &Mutex<Outbox>, room: &mut Room) {
    if !room.away.is_empty() {
        outbox
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .put(&mut room.away);
    }
}

impl<G: Endgame> Work<'_, G> {
    /// Builds the level of `len` positions (both conventions) by retrograde analysis a part
    /// at a time as `plan` says, into `store`, with `report` as in memory and after each part
    /// a pass works (see [`sweeps`](Work::sweeps)); the passes made and the positions whose
    /// value differs between the conventions.
    pub(super) fn retrograde_in_parts(
        &self,
        threads: usize,
        len: usize,
        plan: Plan,
        store: Store,
        report: &mut dyn FnMut(u32, u64, Option<(u32, u32)>),
    ) -> Result<(u32, u64), DbError> {
        let seeds = self.seeds as u32;
        let pages = || {
            Pages::zeroed::<u8>(plan.part).ok_or(DbError::Allocation {
                seeds,
                bytes: plan.part as u64,
            })
        };
        let parts = plan.parts(len);
        let work = store.work;
        let mut level = Parts {
            store,
            len,
            part: plan.part,
            south: pages()?,
            north: pages()?,
            state: pages()?,
            held: None,
        };
        let tally = Tally::default();
        for part in 0..parts {
            self.first_pass_on(threads, &level.bring(part, false)?, &tally)?;
            let so_far = tally.decided.load(Ordering::Relaxed);
            report(1, so_far, Some((part as u32 + 1, parts as u32)));
        }
        tally.fit()?;
        let decided = tally.decided.load(Ordering::Relaxed);
        let passes = self.sweeps(len, decided, report, |value, tally, worked| {
            let outbox = Mutex::new(Outbox::new(parts, plan, work));
            let lock = || outbox.lock().unwrap_or_else(PoisonError::into_inner);
            // Round the parts until no message is left: the first round sweeps each part.
            for round in 0.. {
                for part in 0..parts {
                    let (spilled, held) = lock().take(part)?;
                    if round > 0 && spilled.is_empty() && held.is_empty() {
                        continue;
                    }
                    let span = level.bring(part, true)?;
                    if round == 0 {
                        self.in_chunks(
                            threads,
                            span.range(),
                            || self.room(),
                            |range, room| {
                                self.sweep(&span, value, range, room, tally);
                                send(&outbox, room);
                            },
                        )?;
                    }
                    let (mut code, mut messages) = (Vec::new(), Vec::new());
                    for block in spilled {
                        code.resize(block.bytes, 0);
                        work.read(&mut code, block.at)?;
                        messages.clear();
                        if decode(&code, &mut messages).is_none()
                            || messages.len() != block.messages
                        {
                            return Err(DbError::Format(
                                "the build's work file does not read back as written".into(),
                            ));
                        }
                        self.deliver_all(threads, &span, value, &messages, tally, &outbox)?;
                    }
                    self.deliver_all(threads, &span, value, &held, tally, &outbox)?;
                    worked(part as u32 + 1, parts as u32);
                }
                if lock().is_empty() {
                    break;
                }
            }
            lock().check()?;
            // The messages' room in the work file, given back.
            work.cut(len as u64)
        })?;
        let mut endless = 0;
        for part in 0..parts {
            endless += self.finish(&level.bring(part, true)?);
        }
        level.put_back()?;
        Ok((passes, endless))
    }

    /// Delivers `messages` to the parents they are for, all in `span`, on `threads` threads.
    fn deliver_all(
        &self,
        threads: usize,
        span: &Span,
        value: u8,
        messages: &[u64],
        tally: &Tally,
        outbox: &Mutex<Outbox>,
    ) -> Result<(), DbError> {
        self.in_chunks(
            threads,
            0..messages.len(),
            || self.room(),
            |range, room| {
                self.deliver(span, value, &messages[range], room, tally);
                send(outbox, room);
            },
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plan_cuts_a_level_into_parts_within_the_memory() {
        let plan = Plan::within(10_000_000, 6_000_000);
        assert_eq!(plan.part, 1_000_000);
        // A quarter of the 3 MB for the messages: a block coded and one read back, 28 bytes
        // a message at most; the rest those held in memory, 8 bytes each.
        assert_eq!(plan.block, 750_000 / 28);
        assert_eq!(plan.held, 2_250_000 / 8);
        assert_eq!(plan.parts(10_000_000), 10);
        // A part is never smaller than the least, nor larger than the level.
        assert_eq!(Plan::within(1_000_000, 1).part, LEAST_PART);
        assert_eq!(Plan::within(100, u64::MAX).part, 100);
        assert_eq!(Plan::within(0, 1 << 20).parts(0), 0);
    }

    #[test]
    fn messages_read_back_from_their_code_as_they_were() {
        let cases: [&[u64]; 4] = [
            &[],
            &[0, 0, 1, 127, 128, 16_383, 16_384, 1 << 40],
            &[5, 5, 5, u64::MAX - 1, u64::MAX],
            &[u64::MAX],
        ];
        for messages in cases {
            let mut code = Vec::new();
            encode(messages, &mut code);
            assert!(code.len() <= MOST_CODE * messages.len());
            let mut back = Vec::new();
            assert_eq!(decode(&code, &mut back), Some(()));
            assert_eq!(back, messages);
        }
        // Close messages take a byte each, and a code cut short, or one that passes 64 bits,
        // is not one.
        let mut code = Vec::new();
        encode(&(1000..1100).collect::<Vec<u64>>(), &mut code);
        assert_eq!(code.len(), 2 + 99);
        assert_eq!(decode(&code[..1], &mut Vec::new()), None);
        assert_eq!(decode(&[0xff; 11], &mut Vec::new()), None);
        assert_eq!(
            decode(
                &[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f],
                &mut Vec::new()
            ),
            None
        );
    }
}
