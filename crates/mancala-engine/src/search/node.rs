//! The recursive part of [`Pvs`](super::Pvs): principal-variation search at one node, with the
//! transposition table, move ordering and an optional capture search at the horizon.

use super::alphabeta::{Evaluator, MAX_EVAL, WIN};
use super::limits::{Budget, MAX_DEPTH};
use super::ordering::{History, Killers};
use super::tt::{Bound, TranspositionTable};
use crate::{Position, Side};
use core::hash::Hash;

/// Above every value the search can return.
pub(crate) const INFINITY: i32 = WIN + 1;

/// The rows of the triangular principal-variation table: one per ply, plus one. Also the
/// deepest ply the search ever reaches, extensions and capture search included, so recursion
/// is bounded.
pub(crate) const PLIES: usize = MAX_DEPTH as usize + 1;

/// Values at least this far from zero announce a won or lost game.
const WON: i32 = WIN - PLIES as i32;

/// A move that gains at least this many seeds at once counts as a capture (in the capture
/// search, and as never reduced): a single seed can come from mere sowing, into one's own
/// tuzdik say, and counting those would make nearly every move a capture.
const CAPTURE: i64 = 2;

/// Ordering bonus of a move that gains seeds at once, per seed: above every killer and
/// history score.
const GAIN_WEIGHT: i64 = 1 << 40;
/// Ordering bonus of the killers: above every history score.
const KILLER_BONUS: i64 = 1 << 36;

/// How a search is tuned (set through [`Pvs`](super::Pvs)'s builder methods).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Tuning {
    /// Plies of capture search below the horizon (`0`: none).
    pub(crate) quiescence: u32,
    /// Whether late quiet moves are searched one ply shallower first.
    pub(crate) reductions: bool,
}

/// One child of a node, with what its ordering knows of it.
struct Child<P: Position> {
    position: P,
    mv: P::Move,
    order: i64,
    gain: i64,
}

/// The state of one search: counters, limits, the tables it learns from.
pub(crate) struct Node<'a, P: Position, E> {
    pub(crate) evaluator: &'a E,
    pub(crate) tuning: Tuning,
    pub(crate) table: &'a mut TranspositionTable<P::Move>,
    pub(crate) killers: &'a mut Killers<P::Move>,
    pub(crate) history: &'a mut History,
    pub(crate) budget: Budget,
    pub(crate) nodes: u64,
    pub(crate) aborted: bool,
    /// Set when some position was judged because the depth ran out (not because the game
    /// ended): only then can a deeper iteration change anything.
    pub(crate) horizon_reached: bool,
    /// Row `ply` (at `ply * PLIES`) holds the best line found from the node at that ply.
    pub(crate) pv: Vec<P::Move>,
    pub(crate) pv_len: [usize; PLIES],
    /// Per-ply scratch lists of children, reused so that no node allocates.
    children: Vec<Vec<Child<P>>>,
}

impl<'a, P, E> Node<'a, P, E>
where
    P: Position,
    P::Move: Hash,
    E: Evaluator<P>,
{
    pub(crate) fn new(
        evaluator: &'a E,
        tuning: Tuning,
        table: &'a mut TranspositionTable<P::Move>,
        killers: &'a mut Killers<P::Move>,
        history: &'a mut History,
        budget: Budget,
    ) -> Self {
        Node {
            evaluator,
            tuning,
            table,
            killers,
            history,
            budget,
            nodes: 0,
            aborted: false,
            horizon_reached: false,
            pv: vec![P::Move::default(); PLIES * PLIES],
            pv_len: [0; PLIES],
            children: (0..PLIES).map(|_| Vec::new()).collect(),
        }
    }

    /// The principal variation found from the root.
    pub(crate) fn root_pv(&self) -> &[P::Move] {
        &self.pv[..self.pv_len[0]]
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
        if child.side_to_move() == me {
            self.search(child, depth, alpha, beta, ply)
        } else {
            -self.search(child, depth, -beta, -alpha, ply)
        }
    }

    /// The value of `position` for its side to move, searched `depth` plies deep within
    /// `alpha..beta` (fail-soft), `ply` plies from the root.
    pub(crate) fn search(
        &mut self,
        position: &P,
        depth: u32,
        mut alpha: i32,
        beta: i32,
        ply: usize,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if self.budget.exhausted(self.nodes) {
            self.aborted = true;
            return 0;
        }
        self.nodes += 1;
        if position.is_over() {
            return terminal_value(position, ply);
        }
        if depth == 0 || ply + 1 >= PLIES {
            self.horizon_reached = true;
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
                        self.horizon_reached = true;
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
        let table_move = table_move.filter(|mv| moves.contains(mv));
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_move = None;
        let mut searched = 0usize;

        // The table's move first, before the others are even generated: it often cuts off.
        if let Some(mv) = table_move {
            let child = position.child(mv);
            let value = self.child_value(&child, me, depth - 1, alpha, beta, ply + 1);
            if self.aborted {
                return 0;
            }
            searched = 1;
            best = value;
            best_move = Some(mv);
            if value > alpha {
                alpha = value;
                self.update_pv(ply, mv);
            }
            if alpha >= beta {
                self.record_cutoff(me, mv, depth, ply, false);
                self.table
                    .store(key, to_table(best, ply), depth, Bound::Lower, best_move);
                return best;
            }
        }

        let mut children = std::mem::take(&mut self.children[ply]);
        children.clear();
        let score_before = i64::from(position.score(me));
        let killers = self.killers.at(ply);
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

        for i in 0..children.len() {
            // Selection sort, one step at a time: a cut-off saves sorting the rest.
            let pick = (i..children.len())
                .max_by_key(|&j| (children[j].order, core::cmp::Reverse(j)))
                .unwrap_or(i);
            children.swap(i, pick);
            let Child { mv, gain, .. } = children[i];
            let child = &children[i].position;
            let value = if searched == 0 {
                self.child_value(child, me, depth - 1, alpha, beta, ply + 1)
            } else {
                let quiet = gain < CAPTURE && !killers.contains(&Some(mv));
                let reduction =
                    u32::from(self.tuning.reductions && depth >= 3 && searched >= 3 && quiet);
                let mut value =
                    self.child_value(child, me, depth - 1 - reduction, alpha, alpha + 1, ply + 1);
                if value > alpha && reduction > 0 && !self.aborted {
                    value = self.child_value(child, me, depth - 1, alpha, alpha + 1, ply + 1);
                }
                if value > alpha && value < beta && !self.aborted {
                    value = self.child_value(child, me, depth - 1, alpha, beta, ply + 1);
                }
                value
            };
            if self.aborted {
                self.children[ply] = children;
                return 0;
            }
            searched += 1;
            if value > best {
                best = value;
                best_move = Some(mv);
                if value > alpha {
                    alpha = value;
                    self.update_pv(ply, mv);
                }
            }
            if alpha >= beta {
                self.record_cutoff(me, mv, depth, ply, gain >= CAPTURE);
                break;
            }
        }
        self.children[ply] = children;

        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.table
            .store(key, to_table(best, ply), depth, bound, best_move);
        best
    }

    /// The horizon: the evaluation, or with `plies` of capture search left, the better of
    /// the evaluation and the captures.
    fn quiesce(&mut self, position: &P, mut alpha: i32, beta: i32, ply: usize, plies: u32) -> i32 {
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
            if self.budget.exhausted(self.nodes) {
                self.aborted = true;
                return 0;
            }
            self.nodes += 1;
            let value = if child.is_over() {
                let value = terminal_value(&child, ply + 1);
                if child.side_to_move() == me {
                    value
                } else {
                    -value
                }
            } else if child.side_to_move() == me {
                self.quiesce(&child, alpha, beta, ply + 1, plies - 1)
            } else {
                -self.quiesce(&child, -beta, -alpha, ply + 1, plies - 1)
            };
            if self.aborted {
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

    /// Row `ply` of the PV table becomes `mv` followed by row `ply + 1`.
    fn update_pv(&mut self, ply: usize, mv: P::Move) {
        let row = ply * PLIES;
        let child_row = row + PLIES;
        let child_len = self.pv_len[ply + 1].min(PLIES - 1);
        self.pv[row] = mv;
        self.pv
            .copy_within(child_row..child_row + child_len, row + 1);
        self.pv_len[ply] = child_len + 1;
    }
}

/// The value of a finished game for its side to move, `ply` plies from the root.
pub(crate) fn terminal_value<P: Position>(position: &P, ply: usize) -> i32 {
    let ply = ply.min(MAX_DEPTH as usize) as i32;
    match position.outcome().and_then(|outcome| outcome.winner) {
        Some(winner) if winner == position.side_to_move() => WIN - ply,
        Some(_) => -(WIN - ply),
        None => 0,
    }
}

#[inline]
pub(crate) fn clamp_eval(value: i32) -> i32 {
    value.clamp(-MAX_EVAL, MAX_EVAL)
}

/// A value as the table keeps it: a won or lost game counted from this node, not the root,
/// so it stays right when the position is met at another ply.
#[inline]
fn to_table(value: i32, ply: usize) -> i32 {
    if value >= WON {
        value + ply as i32
    } else if value <= -WON {
        value - ply as i32
    } else {
        value
    }
}

/// A value from the table, counted from the root again.
#[inline]
fn from_table(value: i32, ply: usize) -> i32 {
    if value >= WON {
        value - ply as i32
    } else if value <= -WON {
        value + ply as i32
    } else {
        value
    }
}
