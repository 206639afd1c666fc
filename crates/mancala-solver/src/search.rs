//! The proof search: fail-soft alpha-beta with no depth limit over a bounded transposition
//! table, driven by MTD(f) null-window passes, with another turn searched without negation and
//! a position repeated on the current line scored by the endless-play convention.

use crate::table::{Entry, Table, TableError};
use crate::{score_lead, Endless, Options, Progress};
use mancala_engine::{Position, Side};
use std::collections::HashMap;
use std::time::Instant;

/// Above every value a game can have (its seeds number at most a few hundred).
pub(crate) const INF: i32 = 30_000;

/// "No position of the current line": a result that does not depend on the line.
const FREE: usize = usize::MAX;

/// Enhanced transposition cutoffs are tried this near the root only: deeper, the probes cost
/// more than the nodes they save.
const ETC_PLIES: usize = 12;

/// Why a solve stopped without a value.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SolveError {
    /// The node limit of the options was reached first.
    #[error("the node limit of {nodes} nodes was reached before the value was proved")]
    NodeLimit {
        /// The nodes searched.
        nodes: u64,
    },
    /// A line got longer than the options allow (the search's recursion is as deep as its
    /// longest line).
    #[error("a line of more than {plies} plies was met; raise the line limit to go on")]
    LineLimit {
        /// The limit.
        plies: usize,
    },
    /// The transposition table could not be had.
    #[error(transparent)]
    Table(#[from] TableError),
}

/// The state of one solve.
pub(crate) struct Search<'a, 'p, P: Position> {
    pub(crate) table: Table,
    /// The keys of the positions on the current line, the root first.
    path: Vec<u64>,
    on_path: HashMap<u64, usize>,
    /// Child lists reused from ply to ply, so a node allocates nothing.
    pool: Vec<Vec<(i32, usize, P)>>,
    pub(crate) nodes: u64,
    /// Repeated positions met (none: the convention never mattered).
    pub(crate) repetitions: u64,
    pub(crate) max_line: usize,
    /// Values the databases gave.
    pub(crate) probes: u64,
    options: &'a Options<P>,
    endless: Endless,
    stopped: Option<SolveError>,
    pub(crate) started: Instant,
    pub(crate) bounds: (i32, i32),
    progress: Option<&'a mut (dyn FnMut(&Progress) + 'p)>,
}

/// `value` moved by `shift`, an infinite bound kept infinite.
fn shifted(value: i32, shift: i32) -> i32 {
    if value.abs() == INF {
        value
    } else {
        value + shift
    }
}

/// The value of `position` for the side to move if the game is over now, else `None`.
fn terminal_value<P: Position>(position: &P) -> Option<i32> {
    position.outcome()?;
    Some(score_lead(position))
}

impl<'a, 'p, P: Position> Search<'a, 'p, P> {
    pub(crate) fn new(
        options: &'a Options<P>,
        endless: Endless,
        progress: Option<&'a mut (dyn FnMut(&Progress) + 'p)>,
    ) -> Result<Self, SolveError> {
        Ok(Search {
            table: Table::with_bytes(options.table_bytes)?,
            path: Vec::new(),
            on_path: HashMap::new(),
            pool: Vec::new(),
            nodes: 0,
            repetitions: 0,
            max_line: 0,
            probes: 0,
            options,
            endless,
            stopped: None,
            started: Instant::now(),
            bounds: (-INF, INF),
            progress,
        })
    }

    /// The value of an endless game from `position`, for its side to move: the seeds on the
    /// board go to the side the convention names.
    fn endless_value(&self, position: &P) -> i32 {
        let board = position.seeds_on_side(Side::South) + position.seeds_on_side(Side::North);
        let mut scores = [position.score(Side::South), position.score(Side::North)];
        scores[self.endless.side().index()] += board;
        let me = position.side_to_move().index();
        scores[me] as i32 - scores[1 - me] as i32
    }

    fn report(&mut self) {
        if let Some(progress) = self.progress.as_mut() {
            progress(&Progress {
                nodes: self.nodes,
                elapsed: self.started.elapsed(),
                low: self.bounds.0,
                high: self.bounds.1,
                table_entries: self.table.used,
            });
        }
    }

    /// Puts `position` on the current line (for repetitions) before its children are searched.
    pub(crate) fn push(&mut self, position: &P) {
        let key = self.options.keys.key(position);
        self.on_path.entry(key).or_insert(self.path.len());
        self.path.push(key);
    }

    /// Takes the last position off the current line.
    pub(crate) fn pop(&mut self) {
        if let Some(key) = self.path.pop() {
            if self.on_path.get(&key) == Some(&self.path.len()) {
                self.on_path.remove(&key);
            }
        }
    }

    /// Whether `position` is on the current line.
    pub(crate) fn repeats(&self, position: &P) -> bool {
        self.on_path.contains_key(&self.options.keys.key(position))
    }

    /// Why the search stopped, if it did.
    pub(crate) fn stopped(&self) -> Option<SolveError> {
        self.stopped.clone()
    }

    /// A bound on the value of `position` for its side to move, fail-soft: below `alpha` it is
    /// an upper bound, above `beta` a lower bound, between them exact. The second number is
    /// the earliest position of the current line that the result depends on.
    pub(crate) fn search(&mut self, position: &P, mut alpha: i32, mut beta: i32) -> (i32, usize) {
        self.nodes += 1;
        if self.nodes & 0x3f_ffff == 0 {
            self.report();
        }
        if self.nodes >= self.options.max_nodes {
            self.stopped
                .get_or_insert(SolveError::NodeLimit { nodes: self.nodes });
        }
        if self.stopped.is_some() {
            return (0, FREE);
        }
        if let Some(value) = terminal_value(position) {
            return (value, FREE);
        }
        if let Some(databases) = &self.options.databases {
            // Every position above on the line has more seeds on the board, so none of them
            // can come back: the value holds on any line.
            if let Some((rest, differs)) = databases.probe(position, self.endless) {
                self.probes += 1;
                self.repetitions += u64::from(differs);
                return (score_lead(position) + rest, FREE);
            }
        }
        let key = self.options.keys.key(position);
        if let Some(&at) = self.on_path.get(&key) {
            self.repetitions += 1;
            return (self.endless_value(position), at);
        }
        let ply = self.path.len();
        if ply >= self.options.max_line {
            self.stopped.get_or_insert(SolveError::LineLimit {
                plies: self.options.max_line,
            });
            return (0, FREE);
        }
        self.max_line = self.max_line.max(ply + 1);
        let mut hint = usize::MAX;
        if let Some(entry) = self.table.probe(key) {
            let (low, high) = self.bounds_of(&entry, position);
            if low >= beta || low == high {
                return (low, FREE);
            }
            if high <= alpha {
                return (high, FREE);
            }
            alpha = alpha.max(low);
            beta = beta.min(high);
            hint = usize::from(entry.best);
        }
        let mover = position.side_to_move();
        if self.options.monotone_scores {
            // Scores only grow and never pass the game's seeds: the final difference lies
            // between what each side already holds and all the rest.
            let (mine, theirs) = (position.score(mover) as i32, position.score(!mover) as i32);
            let board =
                (position.seeds_on_side(Side::South) + position.seeds_on_side(Side::North)) as i32;
            let total = mine + theirs + board;
            let (low, high) = (2 * mine - total, total - 2 * theirs);
            if low >= beta {
                return (low, FREE);
            }
            if high <= alpha {
                return (high, FREE);
            }
        }
        let (alpha0, nodes0) = (alpha, self.nodes);
        let mut children = self
            .pool
            .get_mut(ply)
            .map(core::mem::take)
            .unwrap_or_default();
        children.clear();
        for (i, mv) in position.legal_moves().into_iter().enumerate() {
            let child = position.child(mv);
            let same = child.side_to_move() == mover;
            let gain = child.score(mover) as i32 - child.score(!mover) as i32;
            let order = if i == hint {
                INF
            } else {
                gain * 2 + i32::from(same)
            };
            children.push((order, i, child));
        }
        children.sort_by_key(|&(order, _, _)| core::cmp::Reverse(order));
        // Enhanced transposition cutoff: a child already known to refute the window.
        for (_, _, child) in children.iter().filter(|_| ply < ETC_PLIES) {
            let key = self.options.keys.key(child);
            if child.is_over() || self.on_path.contains_key(&key) {
                continue;
            }
            let Some(entry) = self.table.probe(key) else {
                continue;
            };
            let (low, high) = self.bounds_of(&entry, child);
            let low = if child.side_to_move() == mover {
                low
            } else {
                -high
            };
            if low >= beta {
                self.pool_put(ply, children);
                return (low, FREE);
            }
        }
        self.push(position);
        let (mut best, mut best_index, mut depends) = (-INF, usize::MAX, FREE);
        for (_, index, child) in &children {
            let (value, at) = if child.side_to_move() == mover {
                self.search(child, alpha, beta)
            } else {
                let (value, at) = self.search(child, -beta, -alpha);
                (-value, at)
            };
            depends = depends.min(at);
            if value > best {
                (best, best_index) = (value, *index);
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        self.pop();
        self.pool_put(ply, children);
        if self.stopped.is_some() {
            return (0, FREE);
        }
        if depends < ply {
            // The value holds on this line only: never stored.
            return (best, depends);
        }
        let (low, high) = if best >= beta {
            (best, INF)
        } else if best <= alpha0 {
            (-INF, best)
        } else {
            (best, best)
        };
        let index = (best > alpha0).then_some(best_index);
        let shift = -self.options.keys.shift(position);
        self.table.store(
            key,
            shifted(low, shift),
            shifted(high, shift),
            index,
            self.nodes - nodes0,
        );
        (best, FREE)
    }

    /// The bounds `entry` gives on the value of `position`.
    fn bounds_of(&self, entry: &Entry, position: &P) -> (i32, i32) {
        let shift = self.options.keys.shift(position);
        (
            shifted(entry.low.into(), shift),
            shifted(entry.high.into(), shift),
        )
    }

    /// Gives the child list of `ply` back for reuse.
    fn pool_put(&mut self, ply: usize, children: Vec<(i32, usize, P)>) {
        if self.pool.len() <= ply {
            self.pool.resize_with(ply + 1, Vec::new);
        }
        self.pool[ply] = children;
    }

    /// Whether the value of `child` (reached from a position whose side to move is `mover`)
    /// is at least `value` for `mover`.
    pub(crate) fn at_least(&mut self, child: &P, mover: Side, value: i32) -> bool {
        if child.side_to_move() == mover {
            self.search(child, value - 1, value).0 >= value
        } else {
            self.search(child, -value, -value + 1).0 <= -value
        }
    }

    /// The exact value of `root` by MTD(f) null-window passes from `guess`.
    pub(crate) fn mtdf(&mut self, root: &P, guess: i32) -> i32 {
        let (mut low, mut high, mut g) = (-INF, INF, guess);
        while low < high && self.stopped.is_none() {
            let beta = if g == low { g + 1 } else { g };
            g = self.search(root, beta - 1, beta).0;
            if g < beta {
                high = g;
            } else {
                low = g;
            }
            self.bounds = (low, high);
            self.report();
        }
        g
    }
}
