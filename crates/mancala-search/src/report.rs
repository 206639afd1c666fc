//! What the alpha-beta searches report: the result of a search, and one report per completed
//! iteration while it runs.

use std::fmt;
use std::time::Duration;

/// What an alpha-beta search ([`AlphaBeta`](crate::AlphaBeta) or [`Pvs`](crate::Pvs)) found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play: `None` only when the game is over (or the position offers no move).
    pub best_move: Option<M>,
    /// The value of the position for the side to move, from the deepest completed iteration
    /// (see [`WIN`](crate::WIN) and [`plies_to_end`](crate::plies_to_end) for won and lost
    /// games). With no completed iteration, the evaluation of the position itself.
    pub value: i32,
    /// The depth of the deepest completed iteration (`0` if none completed).
    pub depth: u32,
    /// Positions visited by all iterations together.
    pub nodes: u64,
    /// The principal variation of the deepest completed iteration: the best line for both
    /// sides, starting with `best_move`.
    pub pv: Vec<M>,
}

/// The statistics of one completed iteration of an iterative-deepening search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Iteration<M> {
    /// The depth this iteration searched to.
    pub depth: u32,
    /// The value it found for the side to move (see [`WIN`](crate::WIN) and
    /// [`plies_to_end`](crate::plies_to_end)).
    pub value: i32,
    /// Positions visited since the search began, this iteration included.
    pub nodes: u64,
    /// Wall-clock time since the search began.
    pub elapsed: Duration,
    /// The principal variation: the best line for both sides.
    pub pv: Vec<M>,
}

impl<M> Iteration<M> {
    /// Nodes per second since the search began (`0` before any time has passed).
    pub fn nodes_per_second(&self) -> u64 {
        let seconds = self.elapsed.as_secs_f64();
        if seconds > 0.0 {
            (self.nodes as f64 / seconds) as u64
        } else {
            0
        }
    }
}

impl<M: fmt::Display> fmt::Display for Iteration<M> {
    /// One line, such as `depth 12 value 35 nodes 81234 time 41 ms nps 1981317 pv 7 3 9`;
    /// a won or lost game shows as `win in 9` or `loss in 8` instead of its value.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "depth {} ", self.depth)?;
        match crate::plies_to_end(self.value) {
            Some(plies) if self.value > 0 => write!(f, "win in {plies}")?,
            Some(plies) => write!(f, "loss in {plies}")?,
            None => write!(f, "value {}", self.value)?,
        }
        write!(
            f,
            " nodes {} time {} ms nps {} pv",
            self.nodes,
            self.elapsed.as_millis(),
            self.nodes_per_second()
        )?;
        for mv in &self.pv {
            write!(f, " {mv}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_report_prints_on_one_line() {
        let report = Iteration {
            depth: 3,
            value: 12,
            nodes: 2_000,
            elapsed: Duration::from_millis(4),
            pv: vec![7u8, 2, 9],
        };
        assert_eq!(report.nodes_per_second(), 500_000);
        assert_eq!(
            report.to_string(),
            "depth 3 value 12 nodes 2000 time 4 ms nps 500000 pv 7 2 9"
        );
        let won = Iteration {
            value: crate::WIN - 5,
            elapsed: Duration::ZERO,
            ..report
        };
        assert_eq!(won.nodes_per_second(), 0);
        assert!(won.to_string().starts_with("depth 3 win in 5 nodes"));
    }
}
