//! Alpha-beta: negamax with pruning, iterative deepening and a per-game evaluation.

use crate::eval::{Evaluator, ScoreDifference};
use crate::limits::{Budget, Limits, PLIES};
use crate::negamax::{first_guess, for_parent, Best, Progress};
use crate::ordering::Killers;
use crate::report::SearchResult;
use crate::value::{clamp_eval, plies_to_end, INFINITY};
use crate::Player;
use mancala_engine::{Position, MAX_MOVES};

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
        let mut search = AlphaBetaSearch::new(&self.evaluator, &self.limits);
        let mut result = match first_guess(position, &self.evaluator) {
            Ok(result) => result,
            Err(done) => return done,
        };

        for depth in 1..=self.limits.max_depth() {
            search.progress.horizon_reached = false;
            let value = search.negamax(position, depth, -INFINITY, INFINITY, 0, true);
            if search.progress.aborted {
                if let (0, Some(&best)) = (result.depth, search.progress.root_pv().first()) {
                    result.best_move = Some(best);
                }
                break;
            }
            result.value = value;
            result.depth = depth;
            result.pv.clear();
            result.pv.extend_from_slice(search.progress.root_pv());
            if let Some(&best) = result.pv.first() {
                result.best_move = Some(best);
            }
            search.previous_pv.clone_from(&result.pv);
            if !search.progress.horizon_reached || plies_to_end(value).is_some() {
                break;
            }
            if search.progress.budget.past_deadline() {
                break;
            }
        }
        result.nodes = search.progress.nodes;
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
        crate::searched_choice(position, |position| self.search(position).best_move)
    }
}

/// One alpha-beta search in progress: its counters and limits, the previous iteration's line,
/// and the killers, all allocated once per search.
struct AlphaBetaSearch<'a, P: Position, E> {
    evaluator: &'a E,
    progress: Progress<P::Move>,
    previous_pv: Vec<P::Move>,
    killers: Killers<P::Move>,
}

impl<'a, P: Position, E: Evaluator<P>> AlphaBetaSearch<'a, P, E> {
    fn new(evaluator: &'a E, limits: &Limits) -> Self {
        AlphaBetaSearch {
            evaluator,
            progress: Progress::new(Budget::new(limits.max_nodes(), limits.max_time())),
            previous_pv: Vec::with_capacity(PLIES),
            killers: Killers::new(),
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
        if let Some(value) = self.progress.enter(position, ply) {
            return value;
        }
        let me = position.side_to_move();
        if depth == 0 || ply + 1 >= PLIES {
            self.progress.horizon_reached = true;
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
        let [killer_a, killer_b] = self.killers.at(ply);
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
            if self.progress.aborted {
                return 0;
            }
            if best.offer(value, mv) {
                self.progress.update_pv(ply, mv);
            }
            if best.alpha >= beta {
                self.killers.record(ply, mv);
                break;
            }
        }
        best.value
    }
}
