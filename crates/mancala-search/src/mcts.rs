//! Monte Carlo tree search (UCT) over seeded random play-outs.

use crate::limits::Budget;
use crate::Player;
use mancala_engine::playout::random_playout;
use mancala_engine::{Position, Rng, Side};
use std::time::Duration;

/// The iterations a search runs when given neither an iteration nor a time limit.
pub const DEFAULT_ITERATIONS: u64 = 10_000;

/// The default cap on the length of a play-out, in plies: far longer than real games, short
/// enough that a game that could go on for ever still returns.
pub const DEFAULT_PLAYOUT_PLIES: u32 = 1_000;

/// The default cap on the tree's size, in nodes (a few tens of megabytes).
pub const DEFAULT_MAX_TREE_NODES: usize = 1 << 20;

/// The largest tree a search grows, in nodes: nodes refer to each other by 32-bit indices.
/// The tree also stops growing when the system refuses it more memory.
pub const MAX_TREE_NODES: usize = u32::MAX as usize;

/// What a Monte Carlo search found.
#[derive(Debug, Clone, PartialEq)]
pub struct MctsResult<M> {
    /// The most visited move at the root: `None` only when the game is over.
    pub best_move: Option<M>,
    /// The mean reward of `best_move` for the side that plays it, in `0.0..=1.0` (a win counts
    /// 1, a draw ½).
    pub value: f64,
    /// Play-outs through `best_move`.
    pub visits: u32,
    /// Iterations run (one play-out each).
    pub iterations: u64,
    /// Nodes in the tree at the end.
    pub tree_nodes: usize,
}

/// A computer player for any game: UCT over random play-outs, needing no evaluation.
///
/// Each iteration walks down the tree choosing the child with the best upper confidence bound,
/// expands the node it reaches (all its moves at once), plays a random game from one new
/// child and credits the result to every node on the path: 1 to the side that moved into a
/// node if that side won, ½ for a draw. A play-out cut short by the ply cap is judged by the
/// scores at that point. The tree lives in one `Vec`; once it holds the maximum number of
/// nodes, or the system refuses it more memory, it stops growing and later iterations only
/// play out from its leaves.
///
/// All randomness comes from one [`Rng`] seeded at construction, so with an iteration limit
/// the same seed gives the same choices (a time limit makes the iteration count, hence the
/// result, depend on the machine).
#[derive(Debug, Clone)]
pub struct Mcts {
    rng: Rng,
    iterations: Option<u64>,
    time: Option<Duration>,
    playout_plies: u32,
    exploration: f64,
    max_tree_nodes: usize,
}

impl Mcts {
    /// A search whose randomness is fixed by `seed`, with [`DEFAULT_ITERATIONS`] iterations,
    /// play-outs capped at [`DEFAULT_PLAYOUT_PLIES`] and exploration constant √2.
    pub fn new(seed: u64) -> Mcts {
        Mcts {
            rng: Rng::new(seed),
            iterations: None,
            time: None,
            playout_plies: DEFAULT_PLAYOUT_PLIES,
            exploration: core::f64::consts::SQRT_2,
            max_tree_nodes: DEFAULT_MAX_TREE_NODES,
        }
    }

    /// Stops each search after `iterations` play-outs (at least one).
    pub fn with_iterations(mut self, iterations: u64) -> Mcts {
        self.iterations = Some(iterations.max(1));
        self
    }

    /// Stops each search after `time` of wall-clock time (at least one iteration runs).
    pub fn with_time(mut self, time: Duration) -> Mcts {
        self.time = Some(time);
        self
    }

    /// Caps every play-out at `plies` moves.
    pub fn with_playout_plies(mut self, plies: u32) -> Mcts {
        self.playout_plies = plies;
        self
    }

    /// Sets the exploration constant of the upper confidence bound: larger explores more.
    /// Values that are negative or not finite are ignored.
    pub fn with_exploration(mut self, exploration: f64) -> Mcts {
        if exploration.is_finite() && exploration >= 0.0 {
            self.exploration = exploration;
        }
        self
    }

    /// Caps the tree at `nodes` nodes, and at most [`MAX_TREE_NODES`] (at least the root and
    /// its children are always kept).
    pub fn with_max_tree_nodes(mut self, nodes: usize) -> Mcts {
        self.max_tree_nodes = nodes.min(MAX_TREE_NODES);
        self
    }

    /// Searches `position`, drawing on (and advancing) this player's random generator.
    pub fn search<P: Position>(&mut self, position: &P) -> MctsResult<P::Move> {
        let iterations = match (self.iterations, self.time) {
            (None, None) => Some(DEFAULT_ITERATIONS),
            (limit, _) => limit,
        };
        let budget = Budget::new(None, self.time);
        let mut tree: Vec<TreeNode<P::Move>> = Vec::new();
        tree.push(TreeNode::new(
            P::Move::default(),
            0,
            position.side_to_move().opponent(),
        ));
        let mut done = 0u64;
        loop {
            if iterations.is_some_and(|limit| done >= limit) {
                break;
            }
            if done > 0 && budget.past_deadline() {
                break;
            }
            self.iterate(position, &mut tree);
            done += 1;
        }

        let root = &tree[0];
        let mut best: Option<&TreeNode<P::Move>> = None;
        for child in &tree[root.children()] {
            let better = match best {
                None => true,
                Some(b) => {
                    child.visits > b.visits || (child.visits == b.visits && child.reward > b.reward)
                }
            };
            if better {
                best = Some(child);
            }
        }
        MctsResult {
            best_move: best.map(|node| node.mv),
            value: best.map_or(0.0, TreeNode::mean),
            visits: best.map_or(0, |node| node.visits),
            iterations: done,
            tree_nodes: tree.len(),
        }
    }

    /// One selection, expansion, play-out and back-up.
    fn iterate<P: Position>(&mut self, root: &P, tree: &mut Vec<TreeNode<P::Move>>) {
        let mut position = root.clone();
        let mut node = 0usize;
        while tree[node].expanded && tree[node].child_count > 0 {
            node = self.select(tree, node);
            position.play_unchecked(tree[node].mv);
        }
        if !tree[node].expanded {
            let moves = if position.is_over() {
                Default::default()
            } else {
                position.legal_moves()
            };
            // The root is always expanded, so a search always has moves to choose from.
            let room = node == 0 || tree.len() + moves.len() <= self.max_tree_nodes;
            if room && tree.try_reserve(moves.len()).is_ok() {
                let first = tree.len();
                let mover = position.side_to_move();
                for &mv in &moves {
                    tree.push(TreeNode::new(mv, node as u32, mover));
                }
                let parent = &mut tree[node];
                parent.expanded = true;
                parent.first_child = first as u32;
                parent.child_count = moves.len() as u8;
                if !moves.is_empty() {
                    node = first + self.rng.below(moves.len() as u32) as usize;
                    position.play_unchecked(tree[node].mv);
                }
            }
        }
        let end = random_playout(position, &mut self.rng, self.playout_plies);
        let winner = match end.outcome {
            Some(outcome) => outcome.winner,
            None => {
                let south = end.position.score(Side::South);
                let north = end.position.score(Side::North);
                match south.cmp(&north) {
                    core::cmp::Ordering::Greater => Some(Side::South),
                    core::cmp::Ordering::Less => Some(Side::North),
                    core::cmp::Ordering::Equal => None,
                }
            }
        };
        loop {
            let current = &mut tree[node];
            current.visits = current.visits.saturating_add(1);
            current.reward += match winner {
                Some(side) if side == current.mover => 1.0,
                Some(_) => 0.0,
                None => 0.5,
            };
            if node == 0 {
                break;
            }
            node = current.parent as usize;
        }
    }

    /// The child of `node` to descend to: an unvisited one first, else the best upper
    /// confidence bound (the first of equals).
    fn select<M>(&self, tree: &[TreeNode<M>], node: usize) -> usize {
        let parent = &tree[node];
        let log_visits = f64::from(parent.visits.max(1)).ln();
        let mut best = parent.first_child as usize;
        let mut best_bound = f64::NEG_INFINITY;
        for index in parent.children() {
            let child = &tree[index];
            if child.visits == 0 {
                return index;
            }
            let visits = f64::from(child.visits);
            let bound = child.reward / visits + self.exploration * (log_visits / visits).sqrt();
            if bound > best_bound {
                best_bound = bound;
                best = index;
            }
        }
        best
    }
}

impl<P: Position> Player<P> for Mcts {
    /// The best move of a [`search`](Mcts::search); a single legal move is returned without
    /// searching.
    fn choose(&mut self, position: &P) -> Option<P::Move> {
        crate::searched_choice(position, |position| self.search(position).best_move)
    }
}

/// A node of the search tree: the move that led to it and the statistics of the play-outs
/// through it.
#[derive(Debug, Clone)]
struct TreeNode<M> {
    mv: M,
    parent: u32,
    first_child: u32,
    child_count: u8,
    expanded: bool,
    /// The side that played `mv`, whose point of view `reward` takes.
    mover: Side,
    visits: u32,
    reward: f64,
}

impl<M> TreeNode<M> {
    fn new(mv: M, parent: u32, mover: Side) -> Self {
        TreeNode {
            mv,
            parent,
            first_child: 0,
            child_count: 0,
            expanded: false,
            mover,
            visits: 0,
            reward: 0.0,
        }
    }

    fn children(&self) -> core::ops::Range<usize> {
        let first = self.first_child as usize;
        first..first + usize::from(self.child_count)
    }

    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward / f64::from(self.visits)
        }
    }
}
