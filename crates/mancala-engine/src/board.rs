//! A copy of a board's holes, whatever way a game stores them.

use core::fmt;
use core::ops::Deref;

/// The most holes a board of any game in the workspace has (Katro 6 × 6 has 36).
pub const MAX_HOLES: usize = 48;

/// The seeds of every hole in canonical order, held inline: what
/// [`Position::board`](crate::Position::board) hands out, so a game may pack its board however
/// it likes. Dereferences to a slice.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Board {
    holes: [u8; MAX_HOLES],
    len: u8,
}

impl Board {
    /// A board holding `holes`.
    ///
    /// # Panics
    ///
    /// If there are more than [`MAX_HOLES`] holes: no game of the workspace has that many.
    pub fn new(holes: &[u8]) -> Board {
        assert!(
            holes.len() <= MAX_HOLES,
            "a board has at most {MAX_HOLES} holes"
        );
        let mut board = Board {
            holes: [0; MAX_HOLES],
            len: holes.len() as u8,
        };
        board.holes[..holes.len()].copy_from_slice(holes);
        board
    }

    /// The seeds on the board, all holes together.
    pub fn seeds(&self) -> u32 {
        self.iter().map(|&n| u32::from(n)).sum()
    }
}

impl Deref for Board {
    type Target = [u8];
    #[inline]
    fn deref(&self) -> &[u8] {
        &self.holes[..usize::from(self.len)]
    }
}

impl fmt::Debug for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_board_holds_exactly_its_holes() {
        let board = Board::new(&[1, 2, 3]);
        assert_eq!(&*board, &[1, 2, 3]);
        assert_eq!(board.seeds(), 6);
        assert_eq!(format!("{board:?}"), "[1, 2, 3]");
        assert_ne!(board, Board::new(&[1, 2, 3, 0]));
    }
}
