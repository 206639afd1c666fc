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
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};

/// The bits of a position's state: how many of its moves within the level lead to a node not
/// yet decided (its favoured node's count; at most 15), and whether each of its nodes is
/// decided.
const COUNT: u8 = 0x0f;
const FAVOURED_DECIDED: u8 = 0x40;
const OTHER_DECIDED: u8 = 0x80;

/// The nodes decided in the sweep under way whose parents are still to be re-examined, each
/// with its board.
#[derive(Default)]
struct Pending {
    /// Each node's index and whether it is the favoured one.
    nodes: Vec<(usize, bool)>,
    /// Their boards, one after the other.
    boards: Vec<u8>,
}

/// A sweep's room for boards and for the parents of a node.
struct Scratch {
    after: Vec<u8>,
    parents: Pending,
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

/// What a sweep did.
struct Tally {
    decided: AtomicU64,
    /// The lowest value above the sweep's at which a node is ready to be decided (`u8::MAX`
    /// for none): the next sweep's.
    next: AtomicU8,
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

impl<G: Endgame> Work<'_, G> {
    /// Builds the level (both conventions) by retrograde analysis, with `report(pass, decided)`
    /// after the first pass and after each sweep that decided a node; the passes made.
    pub(super) fn retrograde(
        &self,
        threads: usize,
        state: &[AtomicU8],
        report: &mut dyn FnMut(u32, u64),
    ) -> Result<u32, DbError> {
        let north = self.level.of(Endless::North);
        let south = self.level.of(Endless::South);
        let len = south.len();
        let top = (2 * self.seeds) as u8;
        let tally = Tally::default();
        self.in_chunks(
            threads,
            || self.cursor(),
            |start, end, cursor| self.first_pass(start, end, cursor, state, &tally),
        )?;
        if tally.unfit.load(Ordering::Relaxed) {
            return Err(DbError::Rules(format!(
                "a move within a level keeps the side to move, or a position has more than \
                 {COUNT} such moves: retrograde analysis takes neither"
            )));
        }
        let total = 2 * len as u64;
        let mut decided = tally.decided.load(Ordering::Relaxed);
        report(1, decided);
        let mut passes = 1;
        // Each sweep finds the value of the next: no sweep for a value no node takes.
        let mut value = 0;
        while value < top && decided < total {
            let tally = Tally::default();
            self.in_chunks(threads, Pending::default, |start, end, pending| {
                self.sweep(value, start, end, state, pending, &tally)
            })?;
            let now = tally.decided.load(Ordering::Relaxed);
            if now > 0 {
                passes += 1;
                decided += now;
                report(passes, now);
            }
            value = tally.next.load(Ordering::Relaxed);
        }
        // What is left is endless play: every seed to the favoured side. Then North's
        // convention from its own side to move.
        for ((s, n), state) in south.iter().zip(north).zip(state) {
            let bits = state.load(Ordering::Relaxed);
            if bits & FAVOURED_DECIDED == 0 {
                s.store(top, Ordering::Relaxed);
            }
            if bits & OTHER_DECIDED == 0 {
                n.store(top, Ordering::Relaxed);
            }
            n.store(top - n.load(Ordering::Relaxed), Ordering::Relaxed);
        }
        Ok(passes)
    }

    /// Every position of `start..end`: its options that leave the level, as the favoured
    /// node's value so far and the other node's, and its moves within the level.
    fn first_pass(
        &self,
        start: usize,
        end: usize,
        cursor: &mut Cursor,
        state: &[AtomicU8],
        tally: &Tally,
    ) {
        let (south, north) = (self.level.of(Endless::South), self.level.of(Endless::North));
        let seeds = self.seeds as i32;
        let mut decided = 0;
        for index in start..end {
            let exits = self.exits(index, cursor, tally);
            let Some(([favoured, other], inner)) = exits else {
                // No position, or a finished game: never probed, and no parent's child.
                south[index].store(self.seeds as u8, Ordering::Relaxed);
                north[index].store(self.seeds as u8, Ordering::Relaxed);
                state[index].store(FAVOURED_DECIDED | OTHER_DECIDED, Ordering::Relaxed);
                decided += 2;
                continue;
            };
            // The favoured node's best so far (none: the lowest, which any option passes);
            // the other node's lowest so far, for the favoured side (none: the highest).
            let favoured = favoured.map_or(0, |v| v + seeds);
            let other = other.map_or(2 * seeds, |v| seeds - v);
            south[index].store(favoured as u8, Ordering::Relaxed);
            north[index].store(other as u8, Ordering::Relaxed);
            state[index].store(inner, Ordering::Relaxed);
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
        self.each_child(&position, |_, gain, to| {
            let Some((place, sign)) = to else {
                best.iter_mut().for_each(|best| take(best, gain));
                return Some(());
            };
            if place.seeds == self.seeds {
                if sign == 1 || inner == COUNT {
                    tally.unfit.store(true, Ordering::Relaxed);
                }
                inner += 1;
                return Some(());
            }
            for (best, endless) in best.iter_mut().zip([Endless::South, Endless::North]) {
                take(best, gain + sign * self.below(&place, endless)?);
            }
            Some(())
        })?;
        Some((best, inner.min(COUNT)))
    }

    /// Decides the nodes of `start..end` whose value is now `value` (as `W + n`), then every
    /// node that decides in turn.
    fn sweep(
        &self,
        value: u8,
        start: usize,
        end: usize,
        state: &[AtomicU8],
        pending: &mut Pending,
        tally: &Tally,
    ) {
        let (south, north) = (self.level.of(Endless::South), self.level.of(Endless::North));
        let pits = self.template.db_pits();
        let mut cursor = self.cursor();
        let mut board = vec![0; pits];
        let mut scratch = Scratch {
            after: vec![0; pits],
            parents: Pending::default(),
        };
        let exact = self.template.db_unmoves_exact();
        let mut next = u8::MAX;
        let mut decided = 0;
        let states = u64::from(self.extra);
        for index in start..end {
            let bits = state[index].load(Ordering::Acquire);
            if bits & (FAVOURED_DECIDED | OTHER_DECIDED) == FAVOURED_DECIDED | OTHER_DECIDED {
                continue;
            }
            // A node ready at a higher value waits for its sweep.
            let mut ready = |bit: u8, at: &AtomicU8| {
                let at = at.load(Ordering::Relaxed);
                if bits & bit == 0 && at > value {
                    next = next.min(at);
                }
                bits & bit == 0 && at == value
            };
            let favoured = ready(FAVOURED_DECIDED | COUNT, &south[index]);
            let other = ready(OTHER_DECIDED, &north[index]);
            for (ready, favoured, flag) in [
                (favoured, true, FAVOURED_DECIDED),
                (other, false, OTHER_DECIDED),
            ] {
                if ready && state[index].fetch_or(flag, Ordering::AcqRel) & flag == 0 {
                    self.seek(index as u64 / states, &mut cursor);
                    pending.push(index, favoured, &cursor.board);
                }
            }
            while let Some(node) = pending.pop(&mut board) {
                decided += 1;
                let found =
                    self.decide_parents(node, &board, &mut scratch, exact, value, state, pending);
                next = next.min(found);
            }
        }
        tally.decided.fetch_add(decided, Ordering::Relaxed);
        tally.next.fetch_min(next, Ordering::Relaxed);
    }

    /// Re-examines the positions with a move into the node `(index, favoured)` of `board`,
    /// decided at `value`: the favoured node of each takes it as an option; the other node of
    /// each is decided with it. Each move listed into it is played to check it unless the
    /// game's list is `exact`. The lowest value above `value` at
    /// which a favoured node it leaves with every option known waits (`u8::MAX` for none).
    #[allow(clippy::too_many_arguments, reason = "one sweep's state, passed down")]
    fn decide_parents(
        &self,
        (index, favoured): (usize, bool),
        board: &[u8],
        scratch: &mut Scratch,
        exact: bool,
        value: u8,
        state: &[AtomicU8],
        pending: &mut Pending,
    ) -> u8 {
        let (south, north) = (self.level.of(Endless::South), self.level.of(Endless::North));
        let mut next = u8::MAX;
        // The node is kept as the mirror of its parents' child, North to move.
        let half = board.len() / 2;
        let Scratch { after, parents } = scratch;
        after[..half].copy_from_slice(&board[half..]);
        after[half..].copy_from_slice(&board[..half]);
        let states = u64::from(self.extra);
        let Some(extra) = self.mirror_state((index as u64 % states) as u32) else {
            return next;
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
            // Read first, so that the parents' cache misses overlap: each atomic update
            // below waits for the one before it. Whether the parent's node is still open.
            let bits = std::hint::black_box(state[parent].load(Ordering::Relaxed));
            let open = if favoured {
                bits & OTHER_DECIDED == 0
            } else {
                south[parent].load(Ordering::Relaxed) < value
            };
            parents.push(parent, open, before);
        });
        while let Some((parent, open)) = parents.pop(after) {
            if favoured {
                // The other side's node at the parent: nothing lower is left.
                if open
                    && state[parent].fetch_or(OTHER_DECIDED, Ordering::AcqRel) & OTHER_DECIDED == 0
                {
                    north[parent].store(value, Ordering::Relaxed);
                    pending.push(parent, false, after);
                }
                continue;
            }
            // The favoured node at the parent: one option more known; decided at the last if
            // none is higher.
            if open {
                south[parent].fetch_max(value, Ordering::AcqRel);
            }
            if state[parent].fetch_sub(1, Ordering::AcqRel) & COUNT != 1 {
                continue;
            }
            let best = south[parent].load(Ordering::Acquire);
            if best > value {
                next = next.min(best);
            } else if state[parent].fetch_or(FAVOURED_DECIDED, Ordering::AcqRel) & FAVOURED_DECIDED
                == 0
            {
                pending.push(parent, true, after);
            }
        }
        next
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
