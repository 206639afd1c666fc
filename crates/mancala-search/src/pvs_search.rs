//! The recursive part of [`Pvs`](crate::Pvs): principal-variation search at one node, with the
//! transposition table, move ordering and an optional capture search at the horizon.

use crate::eval::Evaluator;
use crate::limits::{Budget, PLIES};
use crate::negamax::{for_parent, Best, Progress};
use crate::ordering::{HistoryScores, Killers};
use crate::prune::{Selectivity, PRUNING_DEPTH};
use crate::tt::{Bound, Table};
use crate::value::{clamp_eval, exact_value, from_table, to_table, WON};
use core::hash::Hash;
use mancala_engine::{Position, Side};

/// A move that gains at least this many seeds at once counts as a capture (in the capture
/// search, and as never reduced): a single seed can come from mere sowing, into one's own
/// tuzdik say, and counting those would make nearly every move a capture.
const CAPTURE: i64 = 2;

/// Ordering bonus of a move that gains seeds at once, per seed: above every killer and
/// history score.
const GAIN_WEIGHT: i64 = 1 << 40;
/// Ordering bonus of the killers: above every history score.
const KILLER_BONUS: i64 = 1 << 36;

/// How a search is tuned (set through [`Pvs`](crate::Pvs)'s builder methods).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Tuning {
    /// Plies of capture search below the horizon (`0`: none).
    pub(crate) quiescence: u32,
    /// Whether late quiet moves are searched one ply shallower first.
    pub(crate) reductions: bool,
    /// Whether the search is selective: deeper reductions growing with depth and move
    /// number, at principal-variation nodes too; nodes and moves pruned near the horizon.
    pub(crate) pruning: bool,
}

/// One child of a node, with what its ordering knows of it.
struct Child<P: Position> {
    position: P,
    mv: P::Move,
    order: i64,
    gain: i64,
}

/// One principal-variation search in progress: its counters and limits, and the tables it
/// learns from, borrowed from the [`Pvs`](crate::Pvs) player that keeps them between searches
/// (the transposition table `T` its own, or shared with other threads).
pub(crate) struct PvsSearch<'a, P: Position, E, T> {
    pub(crate) evaluator: &'a E,
    pub(crate) tuning: Tuning,
    pub(crate) table: T,
    pub(crate) killers: &'a mut Killers<P::Move>,
    pub(crate) history: &'a mut HistoryScores,
    pub(crate) progress: Progress<P::Move>,
    /// Per-ply scratch lists of children, reused so that no node allocates.
    children: Vec<Vec<Child<P>>>,
    select: Selectivity,
}

impl<'a, P, E, T> PvsSearch<'a, P, E, T>
where
    P: Position,
    P::Move: Hash,
    E: Evaluator<P>,
    T: Table<P::Move>,
{
    pub(crate) fn new(
        evaluator: &'a E,
        tuning: Tuning,
        table: T,
        killers: &'a mut Killers<P::Move>,
        history: &'a mut HistoryScores,
        budget: Budget,
    ) -> Self {
        PvsSearch {
            evaluator,
            tuning,
            table,
            killers,
            history,
            progress: Progress::new(budget),
            children: (0..PLIES).map(|_| Vec::new()).collect(),
            select: Selectivity::new(),
        }
    }

    /// The value of `child` for the side to move at its parent (`me`), searched within
    /// `alpha..beta` as seen by `me`: negated only when the side to move changes.
    #[inline]
    fn child_value(
        &mut self,
        child: &P,
        me: Side,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        for_parent(child, me, alpha, beta, |alpha, beta| {
            self.search(child, depth, alpha, beta, ply)
        })
    }

    /// The value of `position` for its side to move, searched `depth` plies deep within
    /// `alpha..beta` (fail-soft), `ply` plies from the root.
    pub(crate) fn search(
        &mut self,
        position: &P,
        mut depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        if let Some(value) = self.progress.enter(position, ply) {
            return value;
        }
        if let Some(value) = self.known(position, ply) {
            return value;
        }
        if depth == 0 || ply + 1 >= PLIES {
            self.progress.horizon_reached = true;
            return self.quiesce(position, alpha, beta, ply, self.tuning.quiescence);
        }
        let key = position.key();
        let on_pv = beta - alpha > 1;
        let mut table_move = None;
        if let Some(entry) = self.table.probe(key) {
            table_move = entry.best;
            if u32::from(entry.depth) >= depth && ply > 0 && !on_pv {
                let value = from_table(entry.value, ply);
                let usable = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => value >= beta,
                    Bound::Upper => value <= alpha,
                };
                if usable {
                    if value.abs() < WON {
                        self.progress.horizon_reached = true;
                    }
                    return value;
                }
            }
        }

        let me = position.side_to_move();
        let moves = position.legal_moves();
        if moves.is_empty() {
            return clamp_eval(self.evaluator.evaluate(position, me));
        }
        let table_move = table_move
            .and_then(|stored| T::resolve(stored, &moves))
            .filter(|mv| moves.contains(mv));
        let pruning = self.tuning.pruning;
        // Near the horizon, outside the principal variation and away from won or lost
        // games, the static evaluation decides whether a node or a quiet move is worth it.
        let prunable = pruning && !on_pv && depth < PRUNING_DEPTH && alpha.abs() < WON;
        let stand = if prunable {
            clamp_eval(self.evaluator.evaluate(position, me))
        } else {
            0
        };
        if prunable && beta.abs() < WON && stand - self.select.static_margin * depth as i32 >= beta
        {
            self.progress.horizon_reached = true;
            return stand;
        }
        // Without a table move the ordering is poor: search one ply shallower, which also
        // fills the table for the next iteration.
        if pruning && table_move.is_none() && depth >= 4 {
            depth -= 1;
        }
        let futile = prunable && stand + self.select.futility_margin * depth as i32 <= alpha;
        let mut best = Best::new(alpha);
        let mut searched = 0usize;
        let killers = self.killers.at(ply);
        let mut children = std::mem::take(&mut self.children[ply]);
        children.clear();

        'moves: {
            // The table's move first, before the others are even generated: it often cuts
            // off.
            if let Some(mv) = table_move {
                let child = position.child(mv);
                let value = self.child_value(&child, me, depth - 1, best.alpha, beta, ply + 1);
                if self.progress.aborted {
                    break 'moves;
                }
                searched = 1;
                if self.improve(&mut best, value, mv, ply, beta) {
                    self.record_cutoff(me, mv, depth, ply, false);
                    break 'moves;
                }
            }
            self.generate(position, me, &moves, table_move, killers, &mut children);
            for i in 0..children.len() {
                // Selection sort, one step at a time: a cut-off saves sorting the rest.
                let pick = (i..children.len())
                    .max_by_key(|&j| (children[j].order, core::cmp::Reverse(j)))
                    .unwrap_or(i);
                children.swap(i, pick);
                let Child { mv, gain, .. } = children[i];
                let child = &children[i].position;
                let quiet = gain < CAPTURE && !killers.contains(&Some(mv));
                if quiet
                    && searched > 0
                    && prunable
                    && (futile || searched >= self.select.late_moves[depth as usize])
                {
                    // Not searched: the value is no longer exact.
                    self.progress.horizon_reached = true;
                    continue;
                }
                let value = if searched == 0 {
                    self.child_value(child, me, depth - 1, best.alpha, beta, ply + 1)
                } else {
                    let reduction = self.reduction(quiet, on_pv, depth, searched);
                    self.null_window(child, me, depth - 1, reduction, best.alpha, beta, ply + 1)
                };
                if self.progress.aborted {
                    break 'moves;
                }
                searched += 1;
                if self.improve(&mut best, value, mv, ply, beta) {
                    self.record_cutoff(me, mv, depth, ply, gain >= CAPTURE);
                    break 'moves;
                }
            }
        }
        self.children[ply] = children;
        if self.progress.aborted {
            return 0;
        }

        let bound = if best.value >= beta {
            Bound::Lower
        } else if best.value > alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored = best.mv.and_then(|mv| T::encode(mv, &moves));
        self.table
            .store(key, to_table(best.value, ply), depth, bound, stored);
        best.value
    }

    /// Fills `children` with the positions after every move but the table's, each with its
    /// ordering score: what it gains at once, then killer, then history.
    fn generate(
        &self,
        position: &P,
        me: Side,
        moves: &[P::Move],
        table_move: Option<P::Move>,
        killers: [Option<P::Move>; 2],
        children: &mut Vec<Child<P>>,
    ) {
        let score_before = i64::from(position.score(me));
        for &mv in moves.iter().filter(|&&mv| Some(mv) != table_move) {
            let child = position.child(mv);
            let gain = i64::from(child.score(me)) - score_before;
            let order = gain * GAIN_WEIGHT
                + if killers.contains(&Some(mv)) {
                    KILLER_BONUS
                } else {
                    i64::from(self.history.score(me, &mv))
                };
            children.push(Child {
                position: child,
                mv,
                order,
                gain,
            });
        }
    }

    /// How many plies shallower a move after `searched` others is searched first.
    #[inline]
    fn reduction(&self, quiet: bool, on_pv: bool, depth: u32, searched: usize) -> u32 {
        if !self.tuning.reductions || !quiet {
            0
        } else if self.tuning.pruning {
            let r = self.select.reduction(depth, searched);
            let r = if on_pv { r.saturating_sub(1) } else { r };
            r.min(depth.saturating_sub(2))
        } else {
            u32::from(depth >= 3 && searched >= 3)
        }
    }

    /// A later move: searched `reduction` plies shallower with a null window at alpha, then
    /// at full depth if it beats alpha, then with the full window if it still does.
    #[allow(clippy::too_many_arguments)]
    fn null_window(
        &mut self,
        child: &P,
        me: Side,
        depth: u32,
        reduction: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        let mut value = self.child_value(child, me, depth - reduction, alpha, alpha + 1, ply);
        if value > alpha && reduction > 0 && !self.progress.aborted {
            value = self.child_value(child, me, depth, alpha, alpha + 1, ply);
        }
        if value > alpha && value < beta && !self.progress.aborted {
            value = self.child_value(child, me, depth, alpha, beta, ply);
        }
        value
    }

    /// Offers `mv` of `value` to `best`, extending the principal variation when it raised
    /// alpha; returns whether it cut off (reached `beta`).
    #[inline]
    fn improve(
        &mut self,
        best: &mut Best<P::Move>,
        value: i32,
        mv: P::Move,
        ply: usize,
        beta: i32,
    ) -> bool {
        if best.offer(value, mv) {
            self.progress.update_pv(ply, mv);
        }
        best.alpha >= beta
    }

    /// The exact value of `position` where the evaluator knows it (never at the root, whose
    /// move is wanted too).
    #[inline]
    fn known(&self, position: &P, ply: usize) -> Option<i32> {
        if ply == 0 {
            return None;
        }
        self.evaluator.exact(position).map(exact_value)
    }

    /// The horizon: the evaluation, or with `plies` of capture search left, the better of
    /// the evaluation and the captures.
    fn quiesce(&mut self, position: &P, mut alpha: i32, beta: i32, ply: usize, plies: u32) -> i32 {
        if let Some(value) = self.known(position, ply) {
            return value;
        }
        let me = position.side_to_move();
        let stand = clamp_eval(self.evaluator.evaluate(position, me));
        if plies == 0 || stand >= beta || ply + 1 >= PLIES {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let before = i64::from(position.score(me));
        for mv in position.legal_moves() {
            let child = position.child(mv);
            if i64::from(child.score(me)) - before < CAPTURE {
                continue;
            }
            let end = self.progress.enter(&child, ply + 1);
            if self.progress.aborted {
                return 0;
            }
            let value = for_parent(&child, me, alpha, beta, |alpha, beta| match end {
                Some(value) => value,
                None => self.quiesce(&child, alpha, beta, ply + 1, plies - 1),
            });
            if self.progress.aborted {
                return 0;
            }
            if value > best {
                best = value;
                alpha = alpha.max(value);
                if alpha >= beta {
                    break;
                }
            }
        }
        best
    }

    /// A quiet move that cut off is remembered as a killer and in the history.
    fn record_cutoff(&mut self, me: Side, mv: P::Move, depth: u32, ply: usize, gains: bool) {
        if !gains {
            self.killers.record(ply, mv);
            self.history.record(me, &mv, depth);
        }
    }
}
