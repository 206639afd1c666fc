//! The proof search: fail-soft alpha-beta with no depth limit over a bounded transposition
//! table, driven by MTD(f) null-window passes, with another turn searched without negation and
//! a position repeated on the current line scored by the endless-play convention.

use crate::line::Line;
use crate::pages::Pages;
use crate::table::{Entry, Table, TableError};
use crate::{board_seeds, score_lead, Endless, Options, Progress};
use mancala_engine::{Position, Side};
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
    /// More threads were asked for than [`MAX_SOLVE_THREADS`](crate::MAX_SOLVE_THREADS).
    #[error(
        "a solve takes 1 to {} threads, not {threads}",
        crate::MAX_SOLVE_THREADS
    )]
    Threads {
        /// The threads asked for.
        threads: usize,
    },
    /// The transposition table could not be had.
    #[error(transparent)]
    Table(#[from] TableError),
}

/// The state of one solve.
pub(crate) struct Search<'a, 'p, P: Position> {
    pub(crate) table: Table<'a>,
    /// The keys of the positions on the current line, the root first, where positions can
    /// repeat (else the search keeps only its length, `ply`).
    line: Line,
    /// Whether a position can come back on a line (Toguz Kumalak, Oware; not Kalah).
    cycles: bool,
    /// The plies of the current line.
    ply: usize,
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
    /// A search under `options`, its table's memory kept in `memory`.
    pub(crate) fn new(
        options: &'a Options<P>,
        endless: Endless,
        progress: Option<&'a mut (dyn FnMut(&Progress) + 'p)>,
        memory: &'a mut Option<Pages>,
    ) -> Result<Self, SolveError> {
        let cycles = options.keys.cycles();
        Ok(Search {
            table: Table::with_bytes(options.table_bytes, memory)?,
            line: Line::new(),
            cycles,
            ply: 0,
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
        let board = board_seeds(position);
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
        self.enter(self.options.keys.key(position));
    }

    /// Takes the last position off the current line.
    pub(crate) fn pop(&mut self) {
        if self.cycles {
            self.line.pop();
        }
        self.ply -= 1;
    }

    /// Puts the position of `key` on the current line.
    fn enter(&mut self, key: u64) {
        if self.cycles {
            self.line.push(key);
        }
        self.ply += 1;
    }

    /// The earliest ply of the current line that holds the position of `key`, if any.
    fn on_line(&self, key: u64) -> Option<usize> {
        if self.cycles {
            self.line.find(key)
        } else {
            None
        }
    }

    /// Whether `position` is on the current line.
    pub(crate) fn repeats(&self, position: &P) -> bool {
        self.on_line(self.options.keys.key(position)).is_some()
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
        if let Some(at) = self.on_line(key) {
            self.repetitions += 1;
            return (self.endless_value(position), at);
        }
        let ply = self.ply;
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
            let total = mine + theirs + board_seeds(position) as i32;
            let (low, high) = (2 * mine - total, total - 2 * theirs);
            if low >= beta {
                return (low, FREE);
            }
            if high <= alpha {
                return (high, FREE);
            }
        }
        let (alpha0, nodes0) = (alpha, self.nodes);
        let moves = position.legal_moves();
        // Near the root every child is made first, for the enhanced transposition cutoff;
        // deeper, the table's move is searched before the others are made, as it often
        // refutes the window alone.
        let eager = ply < ETC_PLIES;
        let first = (!eager && hint < moves.len()).then_some(hint);
        let mut children = self
            .pool
            .get_mut(ply)
            .map(core::mem::take)
            .unwrap_or_default();
        children.clear();
        if eager {
            self.order_children(position, &moves, hint, None, &mut children);
            // Enhanced transposition cutoff: a child already known to refute the window.
            if let Some(low) = self.refuting_child(&children, mover, beta) {
                self.pool_put(ply, children);
                return (low, FREE);
            }
        }
        self.enter(key);
        let (mut best, mut best_index, mut depends) = (-INF, usize::MAX, FREE);
        if let Some(index) = first {
            let (value, at) = self.child_value(&position.child(moves[index]), mover, alpha, beta);
            depends = depends.min(at);
            (best, best_index) = (value, index);
            alpha = alpha.max(value);
        }
        if alpha < beta && self.stopped.is_none() {
            if !eager {
                self.order_children(position, &moves, hint, first, &mut children);
            }
            for (_, index, child) in &children {
                let (value, at) = self.child_value(child, mover, alpha, beta);
                depends = depends.min(at);
                if value > best {
                    (best, best_index) = (value, *index);
                }
                alpha = alpha.max(value);
                if alpha >= beta {
                    break;
                }
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

    /// The value of `child` for `mover`, who moved into it, searched in the window
    /// `alpha..beta` of `mover`, and the earliest ply of the line it depends on.
    fn child_value(&mut self, child: &P, mover: Side, alpha: i32, beta: i32) -> (i32, usize) {
        if child.side_to_move() == mover {
            self.search(child, alpha, beta)
        } else {
            let (value, at) = self.search(child, -beta, -alpha);
            (-value, at)
        }
    }

    /// Fills `children` with the children of `position` by its `moves`, but the one at
    /// `skip`, best first: the table's move `hint`, then by what a move gains, then another
    /// turn, then the later move of the list.
    fn order_children(
        &self,
        position: &P,
        moves: &[P::Move],
        hint: usize,
        skip: Option<usize>,
        children: &mut Vec<(i32, usize, P)>,
    ) {
        let mover = position.side_to_move();
        for (i, &mv) in moves.iter().enumerate() {
            if skip == Some(i) {
                continue;
            }
            let child = position.child(mv);
            let same = child.side_to_move() == mover;
            let gain = child.score(mover) as i32 - child.score(!mover) as i32;
            // Ties go to the later move (Kalah's pit nearer the store); a game has fewer than
            // 256 moves.
            let order = if i == hint {
                i32::MAX
            } else {
                (gain * 2 + i32::from(same)) * 256 + i as i32
            };
            children.push((order, i, child));
        }
        children.sort_by_key(|&(order, _, _)| core::cmp::Reverse(order));
    }

    /// A lower bound of at least `beta` for `mover` that the table already holds for one of
    /// `children`, if any.
    fn refuting_child(&self, children: &[(i32, usize, P)], mover: Side, beta: i32) -> Option<i32> {
        for (_, _, child) in children {
            let key = self.options.keys.key(child);
            if child.is_over() || self.on_line(key).is_some() {
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
                return Some(low);
            }
        }
        None
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
        self.child_value(child, mover, value - 1, value).0 >= value
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
