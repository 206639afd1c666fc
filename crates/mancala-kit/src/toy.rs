//! A tiny game for tests of code written over [`Position`]: one toy serves them all, so the
//! trait's boilerplate is written once.

use mancala_engine::{Board, EndReason, MoveList, Outcome, Position, Side};

/// Take-away: the players alternately take 1 or 2 from a pile. On a plain pile whoever takes
/// the last wins; on a ring pile (`ring: Some(n)`) the count runs modulo `n` and never ends,
/// so positions recur quickly.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pile {
    /// What is left (modulo the ring's size on a ring pile).
    pub left: u32,
    /// The player to move.
    pub side: Side,
    /// The ring's size, for a pile that never ends.
    pub ring: Option<u32>,
}

impl Pile {
    /// A plain pile of `left`, South to move.
    pub fn plain(left: u32) -> Pile {
        Pile {
            left,
            side: Side::South,
            ring: None,
        }
    }

    /// A ring pile of size `ring` at `0`, South to move.
    pub fn ring(ring: u32) -> Pile {
        Pile {
            left: 0,
            side: Side::South,
            ring: Some(ring),
        }
    }

    /// The most a move may take here.
    fn most(&self) -> u32 {
        match self.ring {
            Some(_) => 2,
            None => self.left.min(2),
        }
    }
}

/// A move that takes other than 1 or 2, or more than is left.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("a move takes 1 or 2, and no more than is left")]
pub struct BadTake;

impl Position for Pile {
    type Move = u32;
    type MoveError = BadTake;

    fn board(&self) -> Board {
        Board::new(&[])
    }
    fn store(&self, _: Side) -> u32 {
        0
    }
    fn seeds_on_side(&self, _: Side) -> u32 {
        0
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn legal_moves(&self) -> MoveList<u32> {
        (1..=self.most()).collect()
    }
    fn check_move(&self, mv: u32) -> Result<(), BadTake> {
        if (1..=self.most()).contains(&mv) {
            Ok(())
        } else {
            Err(BadTake)
        }
    }
    fn play_unchecked(&mut self, mv: u32) {
        self.left = match self.ring {
            Some(n) => (self.left + n - mv) % n,
            None => self.left - mv,
        };
        self.side = !self.side;
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.ring.is_none() && self.left == 0).then_some(Outcome {
            winner: Some(!self.side),
            reason: EndReason::EmptyBoard,
        })
    }
    fn score(&self, _: Side) -> u32 {
        0
    }
}
