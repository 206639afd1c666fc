//! What both negamax searches ([`AlphaBeta`](crate::AlphaBeta) and [`Pvs`](crate::Pvs))
//! share at every node: the node count and limits, the triangular table of principal
//! variations, entering a node, negating a child's value, keeping the best move.

use crate::eval::Evaluator;
use crate::limits::{Budget, PLIES};
use crate::report::SearchResult;
use crate::value::{clamp_eval, terminal_value, INFINITY};
use mancala_engine::{Position, Side};

/// How far one search has got, apart from what it learns for ordering: the nodes visited
/// against the budget, whether it was cut short or met a horizon, the best lines found.
pub(crate) struct Progress<M> {
    pub(crate) budget: Budget,
    pub(crate) nodes: u64,
    pub(crate) aborted: bool,
    /// Set when some position was judged because the depth ran out (not because the game
    /// ended), or a move was not searched: only then can a deeper iteration change anything.
    pub(crate) horizon_reached: bool,
    /// Row `ply` (at `ply * PLIES`) holds the best line found from the node at that ply.
    pv: Vec<M>,
    pv_len: [usize; PLIES],
}

impl<M: Copy + Default> Progress<M> {
    /// A search within `budget`, nothing visited yet.
    pub(crate) fn new(budget: Budget) -> Self {
        Progress {
            budget,
            nodes: 0,
            aborted: false,
            horizon_reached: false,
            pv: vec![M::default(); PLIES * PLIES],
            pv_len: [0; PLIES],
        }
    }

    /// Enters the node `position` at `ply`: counts it, and returns its value when the search
    /// ends there — `0` when the budget is spent (the search is then aborted), or the value
    /// of a finished game.
    #[inline]
    pub(crate) fn enter<P: Position<Move = M>>(&mut self, position: &P, ply: usize) -> Option<i32> {
        self.pv_len[ply] = 0;
        if self.budget.exhausted(self.nodes) {
            self.aborted = true;
            return Some(0);
        }
        self.nodes += 1;
        position.is_over().then(|| terminal_value(position, ply))
    }

    /// The principal variation found from the root.
    pub(crate) fn root_pv(&self) -> &[M] {
        &self.pv[..self.pv_len[0]]
    }

    /// Row `ply` of the PV table becomes `mv` followed by row `ply + 1`.
    pub(crate) fn update_pv(&mut self, ply: usize, mv: M) {
        let row = ply * PLIES;
        let child_row = row + PLIES;
        let child_len = self.pv_len[ply + 1].min(PLIES - 1);
        self.pv[row] = mv;
        self.pv
            .copy_within(child_row..child_row + child_len, row + 1);
        self.pv_len[ply] = child_len + 1;
    }
}

/// The best value and move found at a node so far, with the raised lower end of its window.
pub(crate) struct Best<M> {
    pub(crate) value: i32,
    pub(crate) mv: Option<M>,
    pub(crate) alpha: i32,
}

impl<M: Copy> Best<M> {
    /// Nothing found yet in the window starting at `alpha`.
    pub(crate) fn new(alpha: i32) -> Self {
        Best {
            value: -INFINITY,
            mv: None,
            alpha,
        }
    }

    /// Takes `mv` of `value` if it is the best yet; returns whether it raised alpha (the
    /// principal variation then goes through it).
    #[inline]
    pub(crate) fn offer(&mut self, value: i32, mv: M) -> bool {
        if value <= self.value {
            return false;
        }
        self.value = value;
        self.mv = Some(mv);
        if value > self.alpha {
            self.alpha = value;
            return true;
        }
        false
    }
}

/// The value of `child` for `me`, the side to move at its parent, searched by `search` within
/// `alpha..beta` as `me` sees it: window and value are negated only when the side to move
/// changes, so games with extra turns are searched right.
#[inline]
pub(crate) fn for_parent<P: Position>(
    child: &P,
    me: Side,
    alpha: i32,
    beta: i32,
    search: impl FnOnce(i32, i32) -> i32,
) -> i32 {
    if child.side_to_move() == me {
        search(alpha, beta)
    } else {
        -search(-beta, -alpha)
    }
}

/// What a search knows before its first iteration: the evaluation of `position` and its
/// first legal move. `Err` when there is nothing to search: the game is over (with its
/// value) or there is no move.
pub(crate) fn first_guess<P: Position, E: Evaluator<P>>(
    position: &P,
    evaluator: &E,
) -> Result<SearchResult<P::Move>, SearchResult<P::Move>> {
    let mut result = SearchResult {
        best_move: None,
        value: 0,
        depth: 0,
        nodes: 0,
        pv: Vec::new(),
    };
    if position.is_over() {
        result.value = terminal_value(position, 0);
        return Err(result);
    }
    result.value = clamp_eval(evaluator.evaluate(position, position.side_to_move()));
    result.best_move = position.legal_moves().first().copied();
    match result.best_move {
        Some(_) => Ok(result),
        None => Err(result),
    }
}
