//! Alpha-beta: negamax with pruning, iterative deepening and a per-game evaluation.

use crate::frame::{clamp_eval, first_guess, for_parent, Best, Frame, INFINITY, PLIES};
use crate::limits::{Budget, Limits, MAX_DEPTH};
use crate::Player;
use mancala_engine::{Position, Side, MAX_MOVES};

/// The value of a won game, before the plies it takes are subtracted: a win in `n` plies from
/// the root is worth `WIN - n`, a loss `-(WIN - n)`, so the search prefers quick wins and slow
/// losses.
pub const WIN: i32 = 1_000_000_000;

/// The largest value an [`Evaluator`] may give; larger values are clamped, so an evaluation can
/// never be mistaken for a won or lost game.
pub const MAX_EVAL: i32 = WIN / 2;

/// The plies to the end of the game a search value announces: `Some(n)` for a game won
/// (positive value) or lost (negative) in `n` plies, `None` for an evaluation.
pub const fn plies_to_end(value: i32) -> Option<u32> {
    let magnitude = value.unsigned_abs();
    let floor = (WIN as u32) - MAX_DEPTH - 1;
    if magnitude >= floor && magnitude <= WIN as u32 {
        Some(WIN as u32 - magnitude)
    } else {
        None
    }
}

/// A per-game judgement of a position that is not over, from `side`'s point of view (more is
/// better for `side`). This is where a game adds its knowledge to the generic search.
///
/// Any `Fn(&P, Side) -> i32` closure is an evaluator. Values are clamped to
/// `-MAX_EVAL..=MAX_EVAL`.
pub trait Evaluator<P: Position> {
    /// How good `position` is for `side`.
    fn evaluate(&self, position: &P, side: Side) -> i32;
}

/// The default evaluation: `side`'s score minus the opponent's, the measure every mancala's
/// result is decided by.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ScoreDifference;

impl<P: Position> Evaluator<P> for ScoreDifference {
    #[inline]
    fn evaluate(&self, position: &P, side: Side) -> i32 {
        let mine = i64::from(position.score(side));
        let theirs = i64::from(position.score(side.opponent()));
        (mine - theirs).clamp(-i64::from(MAX_EVAL), i64::from(MAX_EVAL)) as i32
    }
}

impl<P: Position, F: Fn(&P, Side) -> i32> Evaluator<P> for F {
    #[inline]
    fn evaluate(&self, position: &P, side: Side) -> i32 {
        self(position, side)
    }
}

/// What an alpha-beta search found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play: `None` only when the game is over (or the position offers no move).
    pub best_move: Option<M>,
    /// The value of the position for the side to move, from the deepest completed iteration
    /// (see [`WIN`] and [`plies_to_end`] for won and lost games). With no completed iteration,
    /// the evaluation of the position itself.
    pub value: i32,
    /// The depth of the deepest completed iteration (`0` if none completed).
    pub depth: u32,
    /// Positions visited by all iterations together.
    pub nodes: u64,
    /// The principal variation of the deepest completed iteration: the best line for both
    /// sides, starting with `best_move`.
    pub pv: Vec<M>,
}

/// A computer player for any game: negamax alpha-beta with iterative deepening.
///
/// Each iteration searches one ply deeper, trying first the line the previous one found best
/// (and, at every ply, the moves that caused cut-offs there before). The search stops at its
/// [`Limits`], when an iteration reaches no position the depth cut off (the value is then
/// exact), or when it proves a win or loss. An iteration interrupted by the node or time limit
/// is discarded, unless none completed: then the best move it had fully searched is returned.
///
/// Sides need not alternate: a child is negated only when its side to move differs from its
/// parent's, so games with extra turns or passes are searched correctly. Moves are played
/// copy-make on clones; nothing is allocated per node.
///
/// The search itself has no randomness: the same position and limits (depth or nodes) give the
/// same result every time.
#[derive(Debug, Clone, Default)]
pub struct AlphaBeta<E = ScoreDifference> {
    limits: Limits,
    evaluator: E,
}

impl AlphaBeta<ScoreDifference> {
    /// A search with the given limits and the [`ScoreDifference`] evaluation.
    pub fn new(limits: Limits) -> Self {
        AlphaBeta {
            limits,
            evaluator: ScoreDifference,
        }
    }
}

impl<E> AlphaBeta<E> {
    /// A search with the given limits and a game's own evaluation.
    pub fn with_evaluator(limits: Limits, evaluator: E) -> Self {
        AlphaBeta { limits, evaluator }
    }

    limits_and_evaluator!(E);

    /// Searches `position` and returns the best move found with its value, depth, node count
    /// and principal variation.
    pub fn search<P>(&self, position: &P) -> SearchResult<P::Move>
    where
        P: Position,
        E: Evaluator<P>,
    {
        let mut searcher = Searcher::new(&self.evaluator, &self.limits);
        let mut result = match first_guess(position, &self.evaluator) {
            Ok(result) => result,
            Err(done) => return done,
        };

        for depth in 1..=self.limits.max_depth() {
            searcher.frame.horizon_reached = false;
            let value = searcher.negamax(position, depth, -INFINITY, INFINITY, 0, true);
            if searcher.frame.aborted {
                if let (0, Some(&best)) = (result.depth, searcher.frame.root_pv().first()) {
                    result.best_move = Some(best);
                }
                break;
            }
            result.value = value;
            result.depth = depth;
            result.pv.clear();
            result.pv.extend_from_slice(searcher.frame.root_pv());
            if let Some(&best) = result.pv.first() {
                result.best_move = Some(best);
            }
            searcher.previous_pv.clone_from(&result.pv);
            if !searcher.frame.horizon_reached || plies_to_end(value).is_some() {
                break;
            }
            if searcher.frame.budget.past_deadline() {
                break;
            }
        }
        result.nodes = searcher.frame.nodes;
        result
    }
}

impl<P, E> Player<P> for AlphaBeta<E>
where
    P: Position,
    E: Evaluator<P>,
{
    /// The best move of a [`search`](AlphaBeta::search); a single legal move is returned
    /// without searching.
    fn choose(&mut self, position: &P) -> Option<P::Move> {
        super::searched_choice(position, |position| self.search(position).best_move)
    }
}

/// The state of one search: counters, limits, and per-ply tables allocated once.
struct Searcher<'a, P: Position, E> {
    evaluator: &'a E,
    frame: Frame<P::Move>,
    previous_pv: Vec<P::Move>,
    /// Two moves per ply that recently caused a cut-off there, tried early.
    killers: [[Option<P::Move>; 2]; PLIES],
}

impl<'a, P: Position, E: Evaluator<P>> Searcher<'a, P, E> {
    fn new(evaluator: &'a E, limits: &Limits) -> Self {
        Searcher {
            evaluator,
            frame: Frame::new(Budget::new(limits.max_nodes(), limits.max_time())),
            previous_pv: Vec::with_capacity(PLIES),
            killers: [[None; 2]; PLIES],
        }
    }

    /// The value of `position` for its side to move, searched `depth` plies deep within the
    /// window `alpha..beta` (fail-soft). `on_pv` says the path from the root followed the
    /// previous iteration's principal variation.
    fn negamax(
        &mut self,
        position: &P,
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: usize,
        on_pv: bool,
    ) -> i32 {
        if let Some(value) = self.frame.enter(position, ply) {
            return value;
        }
        let me = position.side_to_move();
        if depth == 0 || ply + 1 >= PLIES {
            self.frame.horizon_reached = true;
            return clamp_eval(self.evaluator.evaluate(position, me));
        }
        let moves = position.legal_moves();
        let count = moves.len();
        if count == 0 {
            return clamp_eval(self.evaluator.evaluate(position, me));
        }

        let mut ordered = [P::Move::default(); MAX_MOVES];
        ordered[..count].copy_from_slice(&moves);
        let pv_move = if on_pv {
            self.previous_pv.get(ply).copied()
        } else {
            None
        };
        let [killer_a, killer_b] = self.killers[ply];
        let mut front = 0;
        for candidate in [pv_move, killer_a, killer_b].into_iter().flatten() {
            if let Some(offset) = ordered[front..count].iter().position(|&m| m == candidate) {
                ordered[front..=front + offset].rotate_right(1);
                front += 1;
            }
        }

        let mut best = Best::new(alpha);
        for (i, &mv) in ordered[..count].iter().enumerate() {
            let child = position.child(mv);
            let child_on_pv = i == 0 && pv_move == Some(mv);
            let value = for_parent(&child, me, best.alpha, beta, |alpha, beta| {
                self.negamax(&child, depth - 1, alpha, beta, ply + 1, child_on_pv)
            });
            if self.frame.aborted {
                return 0;
            }
            if best.offer(value, mv) {
                self.frame.update_pv(ply, mv);
            }
            if best.alpha >= beta {
                let killers = &mut self.killers[ply];
                if killers[0] != Some(mv) {
                    killers[1] = killers[0];
                    killers[0] = Some(mv);
                }
                break;
            }
        }
        best.value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plies_to_end_reads_won_and_lost_values() {
        assert_eq!(plies_to_end(WIN), Some(0));
        assert_eq!(plies_to_end(WIN - 5), Some(5));
        assert_eq!(plies_to_end(-(WIN - 7)), Some(7));
        assert_eq!(plies_to_end(MAX_EVAL), None);
        assert_eq!(plies_to_end(0), None);
        assert_eq!(plies_to_end(-3), None);
        assert_eq!(plies_to_end(i32::MIN), None);
    }
}
