//! A level of a game that cycles, built by retrograde analysis: each value is decided once,
//! in the order of the values, and the positions with a move into a decided one are
//! re-examined, as the builders of the Awari and checkers databases did.
//!
//! A position under South's convention and its children under North's (each kept as its
//! mirror, the conventions swapped) are one game between the side that gets the seeds of an
//! endless line (the favoured side) and the other. A node is a position and a convention: under
//! South's the side to move is favoured, under North's the other side. Its value `W` is taken
//! for the favoured side. Within the level every move passes the turn and gains nothing (the
//! seed count is kept, so the scores are), so the level is a game whose only payoffs are where
//! play leaves it (a capture into a level built, or the end of the game), each known when the
//! level starts, and where an endless line gives the favoured side every seed left, `+n`, more
//! than any other payoff.
//!
//! The values are decided from the lowest up. A node of the other side takes the lowest of its
//! options, so it is decided as soon as one of them reaches the value being decided (none is
//! lower, or it would have been decided then). A node of the favoured side takes the highest,
//! so it is decided once every option is known. A node never decided is one the favoured side
//! keeps in the level for ever: `+n`. This is the value the passes' iteration reaches from
//! `+n` everywhere (the greatest fixed point for the favoured side), in one visit a position and
//! a re-examination a move into it, where the iteration takes dozens of passes.

use super::{Cursor, Work};
use crate::db::{level_index, DbError, Endgame, Place};
use crate::Endless;
use mancala_engine::Side;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

/// The nodes a sweep decides before it re-examines their parents together.
const BATCH: usize = 64;

/// The bits of a position's state: how many of its moves within the level lead to a node not
/// yet decided (its favoured node's count; at most 15), and whether each of its nodes is
/// decided.
const COUNT: u8 = 0x0f;
const FAVOURED_DECIDED: u8 = 0x40;
const OTHER_DECIDED: u8 = 0x80;

/// The positions of the level held in memory, from `lo` on: their values under South's
/// convention (the favoured node's) and North's (the other node's), and their states. The
/// whole level, or one part of a level built a part at a time (the module `parts`).
#[derive(Clone, Copy)]
pub(super) struct Span<'a> {
    pub(super) lo: usize,
    pub(super) south: &'a [AtomicU8],
    pub(super) north: &'a [AtomicU8],
    pub(super) state: &'a [AtomicU8],
}

impl Span<'_> {
    /// Where the position at `index` of the level is held, if it is.
    #[inline(always)]
    fn local(&self, index: usize) -> Option<usize> {
        index
            .checked_sub(self.lo)
            .filter(|&at| at < self.state.len())
    }

    /// The indices of the level it holds.
    pub(super) fn range(&self) -> Range<usize> {
        self.lo..self.lo + self.state.len()
    }
}

/// The nodes decided in the sweep under way whose parents are still to be re-examined, each
/// with its board.
#[derive(Default)]
struct Pending {
    /// Each node's index and whether it is the favoured one.
    nodes: Vec<(usize, bool)>,
    /// Their boards, one after the other.
    boards: Vec<u8>,
}

impl Pending {
    fn push(&mut self, index: usize, favoured: bool, board: &[u8]) {
        self.nodes.push((index, favoured));
        self.boards.extend_from_slice(board);
    }

    /// The last node, its board written into `board`.
    fn pop(&mut self, board: &mut [u8]) -> Option<(usize, bool)> {
        let node = self.nodes.pop()?;
        let at = self.boards.len() - board.len();
        board.copy_from_slice(&self.boards[at..]);
        self.boards.truncate(at);
        Some(node)
    }
}

/// A sweeping thread's room.
pub(super) struct Room {
    cursor: Cursor,
    pending: Pending,
    board: Vec<u8>,
    after: Vec<u8>,
    parents: Pending,
    /// The options found for parents outside the span, each as a [`message`].
    pub(super) away: Vec<u64>,
    /// Nodes decided since the last count.
    decided: u64,
}

impl Room {
    /// Adds what the room found to `tally`: the nodes it decided, and `next`, the lowest
    /// value above the sweep's at which a node waits.
    fn count(&mut self, next: u8, tally: &Tally) {
        tally.next.fetch_min(next, Ordering::Relaxed);
        tally
            .decided
            .fetch_add(core::mem::take(&mut self.decided), Ordering::Relaxed);
    }
}

/// An option for the parent at `index`: its child's favoured node decided, or its other.
#[inline]
fn message(index: usize, favoured: bool) -> u64 {
    (index as u64) << 1 | u64::from(favoured)
}

/// The parent's index and the node decided, of a [`message`].
#[inline]
pub(super) fn read_message(message: u64) -> (usize, bool) {
    ((message >> 1) as usize, message & 1 == 1)
}

/// What a sweep did.
pub(super) struct Tally {
    pub(super) decided: AtomicU64,
    /// The lowest value above the sweep's at which a node is ready to be decided (`u8::MAX`
    /// for none): the next sweep's.
    pub(super) next: AtomicU8,
    /// A move within the level that kept the side to move, or a position with more such
    /// moves than its state counts: the analysis does not apply.
    unfit: AtomicBool,
}

impl Default for Tally {
    fn default() -> Self {
        Tally {
            decided: AtomicU64::new(0),
            next: AtomicU8::new(u8::MAX),
            unfit: AtomicBool::new(false),
        }
    }
}

impl Tally {
    /// The error of a level the analysis does not apply to, if it is one.
    pub(super) fn fit(&self) -> Result<(), DbError> {
        if self.unfit.load(Ordering::Relaxed) {
            return Err(DbError::Rules(format!(
                "a move within a level keeps the side to move, or a position has more than \
                 {COUNT} such moves: retrograde analysis takes neither"
            )));
        }
        Ok(())
    }
}

impl<G: Endgame> Work<'_, G> {
    /// Builds the level (both conventions) in memory by retrograde analysis, with
    /// `report(pass, decided, None)` after the first pass and after each sweep that decided a
    /// node; the passes made.
    pub(super) fn retrograde(
        &self,
        threads: usize,
        state: &[AtomicU8],
        report: &mut dyn FnMut(u32, u64, Option<(u32, u32)>),
    ) -> Result<u32, DbError> {
        let span = Span {
            lo: 0,
            south: self.level.of(Endless::South),
            north: self.level.of(Endless::North),
            state,
        };
        let tally = Tally::default();
        self.first_pass_on(threads, &span, &tally)?;
        tally.fit()?;
        let decided = tally.decided.load(Ordering::Relaxed);
        let passes = self.sweeps(span.state.len(), decided, report, |value, tally, _| {
            self.in_chunks(
                threads,
                span.range(),
                || self.room(),
                |range, room| self.sweep(&span, value, range, room, tally),
            )
        })?;
        self.finish(&span);
        Ok(passes)
    }

    /// The sweeps of a level of `len` positions, `decided` of its nodes decided by the first
    /// pass: `sweep(value, tally)` decides the nodes of `value` and every node that decides
    /// in turn, and finds the next value, calling its third argument with `(part, parts)`
    /// whenever it has worked a part of a level built in parts; with `report(pass, decided,
    /// None)` after the first pass and after each sweep that decided a node, and `report(pass,
    /// decided so far, Some((part, parts)))` after each part. The passes made.
    pub(super) fn sweeps(
        &self,
        len: usize,
        mut decided: u64,
        report: &mut dyn FnMut(u32, u64, Option<(u32, u32)>),
        mut sweep: impl FnMut(u8, &Tally, &mut dyn FnMut(u32, u32)) -> Result<(), DbError>,
    ) -> Result<u32, DbError> {
        let top = (2 * self.seeds) as u8;
        let total = 2 * len as u64;
        report(1, decided, None);
        let mut passes = 1;
        // Each sweep finds the value of the next: no sweep for a value no node takes.
        let mut value = 0;
        while value < top && decided < total {
            let tally = Tally::default();
            let mut worked = |part, parts| {
                let so_far = tally.decided.load(Ordering::Relaxed);
                report(passes + 1, so_far, Some((part, parts)));
            };
            sweep(value, &tally, &mut worked)?;
            let now = tally.decided.load(Ordering::Relaxed);
            if now > 0 {
                passes += 1;
                decided += now;
                report(passes, now, None);
            }
            value = tally.next.load(Ordering::Relaxed);
        }
        Ok(passes)
    }

    /// The values of the nodes of `span` never decided (endless play: every seed to the
    /// favoured side), then North's convention from its own side to move; the positions
    /// whose value differs between the conventions.
    pub(super) fn finish(&self, span: &Span) -> u64 {
        let top = (2 * self.seeds) as u8;
        let mut endless = 0;
        for ((s, n), state) in span.south.iter().zip(span.north).zip(span.state) {
            let bits = state.load(Ordering::Relaxed);
            if bits & FAVOURED_DECIDED == 0 {
                s.store(top, Ordering::Relaxed);
            }
            if bits & OTHER_DECIDED == 0 {
                n.store(top, Ordering::Relaxed);
            }
            let north = top - n.load(Ordering::Relaxed);
            n.store(north, Ordering::Relaxed);
            endless += u64::from(s.load(Ordering::Relaxed) != north);
        }
        endless
    }

    /// A sweeping thread's room.
    pub(super) fn room(&self) -> Room {
        let pits = self.template.db_pits();
        Room {
            cursor: self.cursor(),
            pending: Pending::default(),
            board: vec![0; pits],
            after: vec![0; pits],
            parents: Pending::default(),
            away: Vec::new(),
            decided: 0,
        }
    }

    /// The first pass over every position of `span`, on `threads` threads.
    pub(super) fn first_pass_on(
        &self,
        threads: usize,
        span: &Span,
        tally: &Tally,
    ) -> Result<(), DbError> {
        self.in_chunks(
            threads,
            span.range(),
            || self.cursor(),
            |range, cursor| self.first_pass(span, range, cursor, tally),
        )
    }

    /// Every position of `range`: its options that leave the level, as the favoured
    /// node's value so far and the other node's, and its moves within the level.
    fn first_pass(&self, span: &Span, range: Range<usize>, cursor: &mut Cursor, tally: &Tally) {
        let seeds = self.seeds as i32;
        let mut decided = 0;
        for index in range {
            let at = index - span.lo;
            let exits = self.exits(index, cursor, tally);
            let Some(([favoured, other], inner)) = exits else {
                // No position, or a finished game: never probed, and no parent's child.
                span.south[at].store(self.seeds as u8, Ordering::Relaxed);
                span.north[at].store(self.seeds as u8, Ordering::Relaxed);
                span.state[at].store(FAVOURED_DECIDED | OTHER_DECIDED, Ordering::Relaxed);
                decided += 2;
                continue;
            };
            // The favoured node's best so far (none: the lowest, which any option passes);
            // the other node's lowest so far, for the favoured side (none: the highest).
            let favoured = favoured.map_or(0, |v| v + seeds);
            let other = other.map_or(2 * seeds, |v| seeds - v);
            span.south[at].store(favoured as u8, Ordering::Relaxed);
            span.north[at].store(other as u8, Ordering::Relaxed);
            span.state[at].store(inner, Ordering::Relaxed);
        }
        tally.decided.fetch_add(decided, Ordering::Relaxed);
    }

    /// The best option leaving the level of the position at `index` for its side to move,
    /// under South's convention and under North's (`None` where every move stays), and its
    /// moves that stay; `None` for an index no position has, or a finished game.
    fn exits(
        &self,
        index: usize,
        cursor: &mut Cursor,
        tally: &Tally,
    ) -> Option<([Option<i32>; 2], u8)> {
        let states = u64::from(self.extra);
        self.seek(index as u64 / states, cursor);
        let position = self.position(&cursor.board, (index as u64 % states) as u32)?;
        if position.is_over() {
            return None;
        }
        let (mut best, mut inner) = ([None::<i32>; 2], 0u8);
        let take = |best: &mut Option<i32>, value: i32| {
            *best = Some(best.map_or(value, |b| b.max(value)));
        };
        Self::each_move(&position, |child, gain, sign| {
            let Some(sign) = sign else {
                best.iter_mut().for_each(|best| take(best, gain));
                return Some(());
            };
            // A move within the level is only counted here: its child is found (ranked)
            // when it is decided.
            if crate::board_seeds(child) as usize == self.seeds {
                if sign == 1 || inner == COUNT {
                    tally.unfit.store(true, Ordering::Relaxed);
                }
                inner += 1;
                return Some(());
            }
            let place = self.locate(child)?;
            for (best, endless) in best.iter_mut().zip([Endless::South, Endless::North]) {
                take(best, gain + sign * self.below(&place, endless)?);
            }
            Some(())
        })?;
        Some((best, inner.min(COUNT)))
    }

    /// Decides the nodes of `range` whose value is now `value` (as `W + n`), then every
    /// node of the span that decides in turn; an option for a parent outside the span goes
    /// to the room's `away`.
    pub(super) fn sweep(
        &self,
        span: &Span,
        value: u8,
        range: Range<usize>,
        room: &mut Room,
        tally: &Tally,
    ) {
        let mut next = u8::MAX;
        for index in range {
            let at = index - span.lo;
            let bits = span.state[at].load(Ordering::Acquire);
            if bits & (FAVOURED_DECIDED | OTHER_DECIDED) == FAVOURED_DECIDED | OTHER_DECIDED {
                continue;
            }
            // A node ready at a higher value waits for its sweep.
            let mut ready = |bit: u8, kept: &AtomicU8| {
                let kept = kept.load(Ordering::Relaxed);
                if bits & bit == 0 && kept > value {
                    next = next.min(kept);
                }
                bits & bit == 0 && kept == value
            };
            let favoured = ready(FAVOURED_DECIDED | COUNT, &span.south[at]);
            let other = ready(OTHER_DECIDED, &span.north[at]);
            for (ready, favoured, flag) in [
                (favoured, true, FAVOURED_DECIDED),
                (other, false, OTHER_DECIDED),
            ] {
                if ready && span.state[at].fetch_or(flag, Ordering::AcqRel) & flag == 0 {
                    self.pend(index, favoured, room);
                }
            }
            if room.pending.nodes.len() >= BATCH {
                next = next.min(self.cascade(span, value, room));
            }
        }
        next = next.min(self.cascade(span, value, room));
        room.count(next, tally);
    }

    /// Takes the options of `messages` (each a [`message`] for a parent in the span, from
    /// a node decided at `value`), then every node of the span that decides in turn, as
    /// [`sweep`](Work::sweep) does.
    pub(super) fn deliver(
        &self,
        span: &Span,
        value: u8,
        messages: &[u64],
        room: &mut Room,
        tally: &Tally,
    ) {
        let mut next = u8::MAX;
        for &message in messages {
            let (parent, favoured) = read_message(message);
            let Some(at) = span.local(parent) else {
                continue;
            };
            match self.take_option(span, at, favoured, value) {
                Took::Nothing => {}
                Took::Waits(best) => next = next.min(best),
                Took::Decided(node) => self.pend(parent, node, room),
            }
            if room.pending.nodes.len() >= BATCH {
                next = next.min(self.cascade(span, value, room));
            }
        }
        next = next.min(self.cascade(span, value, room));
        room.count(next, tally);
    }

    /// Puts the node `(index, favoured)`, just decided, with its board among the room's
    /// pending nodes.
    fn pend(&self, index: usize, favoured: bool, room: &mut Room) {
        self.seek(index as u64 / u64::from(self.extra), &mut room.cursor);
        room.pending.push(index, favoured, &room.cursor.board);
    }

    /// Re-examines the parents of every node pending in `room`, and of every node that
    /// decides in turn, counting them in the room; the lowest value above `value` at which a
    /// node waits (`u8::MAX` for none).
    ///
    /// The parents sit at random places of a level far larger than the caches, so they are
    /// taken a batch at a time: every parent of up to [`BATCH`] pending nodes listed, then
    /// all their places read in one short loop (their cache misses overlap, where each atomic
    /// update would wait for the one before it), then their options taken. The nodes they
    /// decide are pending in turn, the last first, so the pending stay few.
    fn cascade(&self, span: &Span, value: u8, room: &mut Room) -> u8 {
        let exact = self.template.db_unmoves_exact();
        let mut next = u8::MAX;
        let mut board = core::mem::take(&mut room.board);
        while !room.pending.nodes.is_empty() {
            for _ in 0..BATCH {
                let Some(node) = room.pending.pop(&mut board) else {
                    break;
                };
                room.decided += 1;
                self.list_parents(span, node, &board, room, exact);
            }
            let mut seen = 0u8;
            for &(at, favoured) in &room.parents.nodes {
                seen ^= span.state[at].load(Ordering::Relaxed);
                if !favoured {
                    seen ^= span.south[at].load(Ordering::Relaxed);
                }
            }
            std::hint::black_box(seen);
            let Room {
                after,
                parents,
                pending,
                ..
            } = room;
            while let Some((at, favoured)) = parents.pop(after) {
                match self.take_option(span, at, favoured, value) {
                    Took::Nothing => {}
                    Took::Waits(best) => next = next.min(best),
                    Took::Decided(node) => pending.push(span.lo + at, node, after),
                }
            }
        }
        room.board = board;
        next
    }

    /// Lists in the room's `parents` the positions of the span with a move into the node
    /// `(index, favoured)` of `board` (each with its board and the node), a parent outside
    /// the span as a message in the room's `away`. Each move listed into it is played to
    /// check it unless the game's list is `exact`.
    fn list_parents(
        &self,
        span: &Span,
        (index, favoured): (usize, bool),
        board: &[u8],
        room: &mut Room,
        exact: bool,
    ) {
        // The node is kept as the mirror of its parents' child, North to move.
        let half = board.len() / 2;
        let Room {
            after,
            parents,
            away,
            ..
        } = room;
        after[..half].copy_from_slice(&board[half..]);
        after[half..].copy_from_slice(&board[..half]);
        let states = u64::from(self.extra);
        let Some(extra) = self.mirror_state((index as u64 % states) as u32) else {
            return;
        };
        self.template.db_unmoves(after, &mut |before, mv| {
            let Some((rank, _)) = self.ranks.rank(before) else {
                return;
            };
            let Ok(parent) = usize::try_from(level_index(rank, self.extra, extra)) else {
                return;
            };
            if !exact && !self.moves_into(before, extra, mv, index) {
                return;
            }
            match span.local(parent) {
                Some(at) => parents.push(at, favoured, before),
                None => away.push(message(parent, favoured)),
            }
        });
    }

    /// The parent held at `at` in `span` takes an option from a child decided at `value`:
    /// the child's favoured node decides the parent's other node (nothing lower is left); the
    /// child's other node is one more option known to the parent's favoured node, decided at
    /// the last if none is higher.
    #[inline(always)]
    fn take_option(&self, span: &Span, at: usize, favoured: bool, value: u8) -> Took {
        let state = &span.state[at];
        if favoured {
            if state.load(Ordering::Relaxed) & OTHER_DECIDED == 0
                && state.fetch_or(OTHER_DECIDED, Ordering::AcqRel) & OTHER_DECIDED == 0
            {
                span.north[at].store(value, Ordering::Relaxed);
                return Took::Decided(false);
            }
            return Took::Nothing;
        }
        if span.south[at].load(Ordering::Relaxed) < value {
            span.south[at].fetch_max(value, Ordering::AcqRel);
        }
        if state.fetch_sub(1, Ordering::AcqRel) & COUNT != 1 {
            return Took::Nothing;
        }
        let best = span.south[at].load(Ordering::Acquire);
        if best > value {
            Took::Waits(best)
        } else if state.fetch_or(FAVOURED_DECIDED, Ordering::AcqRel) & FAVOURED_DECIDED == 0 {
            Took::Decided(true)
        } else {
            Took::Nothing
        }
    }

    /// Whether the position of `before` and `extra`, South to move, has the move `mv`, and it
    /// keeps the seed count and leads to the position at `index` (kept as its mirror).
    fn moves_into(&self, before: &[u8], extra: u32, mv: G::Move, index: usize) -> bool {
        let Some(position) = self.template.db_position_quick(before, extra, Side::South) else {
            return false;
        };
        if position.is_over() || !position.legal_moves().contains(&mv) {
            return false;
        }
        let child = position.child(mv);
        !child.is_over()
            && self.locate(&child).is_some_and(|place: Place| {
                place.seeds == self.seeds && place.index == index && place.mirrored
            })
    }
}

/// What an option did to the parent that took it.
enum Took {
    Nothing,
    /// A node of the parent was decided (`true`: its favoured node).
    Decided(bool),
    /// The parent's favoured node knows every option, the best higher than the sweep's value:
    /// it waits for that value's sweep.
    Waits(u8),
}
