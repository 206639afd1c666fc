//! The board as players draw it: Black's row on top, White's below, the kazans beside them,
//! the tuzdiks marked (see [`mancala_engine::draw`]).

use crate::{Move, Toguz, BLACK, WHITE};
use mancala_engine::draw::{Draw, Picture};
use mancala_engine::{Game as _, Position as _};

impl Draw for Toguz {
    fn picture(&self) -> Picture {
        let ring = self.ring();
        let mut picture = Picture::two_rows(
            self,
            self.rules().board.per_side(),
            |side, number| ring.index(side, number).unwrap_or(usize::MAX),
            |_, number| number.to_string(),
            "kazan",
            ["White", "Black"],
        );
        for owner in [WHITE, BLACK] {
            let tuzdik = self.tuzdik(owner);
            for cell in picture.rows.iter_mut().flat_map(|row| row.cells.iter_mut()) {
                if tuzdik == Some(cell.index) {
                    cell.tuzdik = Some(owner);
                }
            }
        }
        picture
    }

    fn origin(&self, mv: Move) -> Option<usize> {
        self.ring()
            .index(self.side_to_move(), usize::from(mv.number()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::Side;

    #[test]
    fn the_start_and_the_last_move_are_drawn() {
        let start = Toguz::default();
        let picture = start.drawing(None);
        assert_eq!(picture.rows[0].owner, BLACK);
        let top: Vec<&str> = picture.rows[0]
            .cells
            .iter()
            .map(|c| c.label.as_str())
            .collect();
        assert_eq!(top, ["9", "8", "7", "6", "5", "4", "3", "2", "1"]);
        assert!(picture.rows[1]
            .cells
            .iter()
            .all(|c| c.seeds == 9 && c.moves.len() == 1));
        assert!(picture.rows[0].cells.iter().all(|c| c.moves.is_empty()));
        // White 7 then Black 7: the second move's hole is marked.
        let mut before = start;
        before.play(Move::new(7)).unwrap();
        let mut after = before;
        after.play(Move::new(7)).unwrap();
        let picture = after.drawing(Some((&before, Move::new(7))));
        let last: Vec<_> = picture
            .rows
            .iter()
            .flat_map(|r| &r.cells)
            .filter(|c| c.last)
            .map(|c| (c.label.clone(), after.ring().owner(c.index)))
            .collect();
        assert_eq!(last, [("7".to_owned(), Side::North)]);
    }

    #[test]
    fn a_tuzdik_is_marked() {
        // The first PlayOK game of 2024 up to White's tuzdik `68X`: on Black's hole 8.
        let mut position = Toguz::default();
        for number in [8, 8, 2, 9, 2, 1, 6] {
            position.play(Move::new(number)).unwrap();
        }
        let picture = position.drawing(None);
        let tuzdiks: Vec<_> = picture
            .rows
            .iter()
            .flat_map(|r| &r.cells)
            .filter_map(|c| c.tuzdik.map(|owner| (owner, c.label.clone())))
            .collect();
        assert_eq!(tuzdiks, [(WHITE, "8".to_owned())]);
        assert!(picture.text().contains("White's tuzdik (X): 8"));
    }
}
