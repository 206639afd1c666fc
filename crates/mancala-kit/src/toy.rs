//! A tiny game for tests of code written over [`Position`]: one toy serves them all, so the
//! trait's boilerplate is written once, and its variants cover what such code must handle — a
//! game that ends, one that never does, one decided by score where sides need not alternate.

use mancala_engine::{Board, EndReason, MoveList, Outcome, Position, Side};

/// The most cards a [`Pile::cards`] row holds.
pub const MAX_CARDS: usize = 16;

/// Take-away: the players alternately take from 1 to [`most`](Pile::most) items from a pile.
///
/// - A plain pile ([`Pile::plain`], takes of 1 or 2; [`Pile::nim`], takes of 1 to 3): whoever
///   takes the last item wins. By theory the mover loses exactly when the pile is a multiple
///   of `most + 1`, and the winning move takes the remainder.
/// - A ring pile ([`Pile::ring`]): the count runs modulo the ring's size and never ends, so
///   positions recur quickly.
/// - A row of cards ([`Pile::cards`]): the items are numbered cards taken from the front, the
///   mover scores their sum, and a sum that is a multiple of 4 earns another turn, so sides do
///   not always alternate; when the row is empty the higher score wins.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Pile {
    /// What is left (modulo the ring's size on a ring pile).
    pub left: u32,
    /// The player to move.
    pub side: Side,
    /// The ring's size, for a pile that never ends.
    pub ring: Option<u32>,
    /// The most a move may take.
    pub most: u32,
    /// The cards and scores of a row of cards; `None` for a pile of plain items.
    pub cards: Option<Cards>,
}

/// The numbered cards of a [`Pile::cards`] row and what each side has scored.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Cards {
    /// The row from its back: the front card, taken next, is at `left - 1`.
    reversed: [u8; MAX_CARDS],
    scores: [u32; 2],
}

impl Pile {
    /// A plain pile of `left`, takes of 1 or 2, South to move.
    pub fn plain(left: u32) -> Pile {
        Pile {
            left,
            side: Side::South,
            ring: None,
            most: 2,
            cards: None,
        }
    }

    /// Nim with one pile of `left`: takes of 1 to 3, South to move; the mover loses exactly on
    /// a multiple of 4.
    pub fn nim(left: u32) -> Pile {
        Pile {
            most: 3,
            ..Pile::plain(left)
        }
    }

    /// A ring pile of size `ring` at `0`, takes of 1 or 2, South to move.
    pub fn ring(ring: u32) -> Pile {
        Pile {
            ring: Some(ring),
            ..Pile::plain(0)
        }
    }

    /// A row of numbered cards, front first, takes of 1 to 3, South to move, no score yet.
    ///
    /// # Panics
    ///
    /// If the row has more than [`MAX_CARDS`] cards.
    pub fn cards(row: &[u8]) -> Pile {
        assert!(
            row.len() <= MAX_CARDS,
            "a row holds at most {MAX_CARDS} cards"
        );
        let mut reversed = [0; MAX_CARDS];
        for (slot, &card) in reversed.iter_mut().zip(row.iter().rev()) {
            *slot = card;
        }
        Pile {
            left: row.len() as u32,
            most: 3,
            cards: Some(Cards {
                reversed,
                scores: [0; 2],
            }),
            ..Pile::plain(0)
        }
    }

    /// The most a move may take here.
    fn most_now(&self) -> u32 {
        match self.ring {
            Some(_) => self.most,
            None => self.left.min(self.most),
        }
    }
}

/// A move that takes nothing, more than the pile allows at once, or more than is left.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("a move takes at least 1, at most the pile's limit, and no more than is left")]
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
        (1..=self.most_now()).collect()
    }
    fn check_move(&self, mv: u32) -> Result<(), BadTake> {
        if (1..=self.most_now()).contains(&mv) {
            Ok(())
        } else {
            Err(BadTake)
        }
    }
    fn play_unchecked(&mut self, mv: u32) {
        let before = self.left;
        self.left = match self.ring {
            Some(n) => (self.left + n - mv) % n,
            None => self.left - mv,
        };
        if let Some(cards) = &mut self.cards {
            let sum: u32 = cards.reversed[self.left as usize..before as usize]
                .iter()
                .map(|&card| u32::from(card))
                .sum();
            cards.scores[self.side.index()] += sum;
            if sum % 4 == 0 {
                return;
            }
        }
        self.side = !self.side;
    }
    fn outcome(&self) -> Option<Outcome> {
        if self.ring.is_some() || self.left > 0 {
            return None;
        }
        Some(match self.cards {
            Some(Cards { scores, .. }) => {
                Outcome::by_score(scores[0], scores[1], EndReason::EmptyBoard)
            }
            None => Outcome {
                winner: Some(!self.side),
                reason: EndReason::EmptyBoard,
            },
        })
    }
    fn score(&self, side: Side) -> u32 {
        self.cards.map_or(0, |cards| cards.scores[side.index()])
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_variant_plays_by_its_rules() {
        let mut nim = Pile::nim(5);
        assert_eq!(*nim.legal_moves(), [1, 2, 3]);
        assert_eq!(nim.play(4), Err(BadTake));
        nim.play(3).unwrap();
        nim.play(2).unwrap();
        assert_eq!(nim.outcome().and_then(|o| o.winner), Some(Side::North));

        let mut ring = Pile::ring(3);
        ring.play(2).unwrap();
        assert_eq!((ring.left, ring.side), (1, Side::North));
        ring.play(1).unwrap();
        assert_eq!(ring.left, 0);
        assert!(!ring.is_over());

        // South takes 1 and 3 (sum 4: again), then 2; North takes the 5, and South's 6 wins.
        let mut row = Pile::cards(&[1, 3, 2, 5]);
        row.play(2).unwrap();
        assert_eq!((row.score(Side::South), row.side), (4, Side::South));
        row.play(1).unwrap();
        assert_eq!((row.score(Side::South), row.side), (6, Side::North));
        assert_eq!(row.play(2), Err(BadTake));
        row.play(1).unwrap();
        assert_eq!(row.score(Side::North), 5);
        assert_eq!(row.outcome().and_then(|o| o.winner), Some(Side::South));
    }
}
