//! The board as players draw it: North's row on top, South's below, the stores beside them
//! (see [`mancala_engine::draw`]).

use crate::{Move, Oware};
use mancala_engine::draw::{Draw, Picture};
use mancala_engine::{Game as _, Position as _};

impl Draw for Oware {
    fn picture(&self) -> Picture {
        let houses = self.rules().houses();
        Picture::two_rows(
            self,
            houses,
            |side, number| side.index() * houses + number - 1,
            |_, number| number.to_string(),
            "store",
            ["South", "North"],
        )
    }

    fn origin(&self, mv: Move) -> Option<usize> {
        let houses = self.rules().houses();
        let number = usize::from(mv.number());
        (1..=houses)
            .contains(&number)
            .then(|| self.side_to_move().index() * houses + number - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_houses_sit_as_players_see_them() {
        let mut before = Oware::default();
        before.play(Move::new(6)).unwrap();
        let mut after = before.clone();
        after.play(Move::new(2)).unwrap();
        let picture = after.drawing(Some((&before, Move::new(2))));
        let indices = |row: usize| -> Vec<usize> {
            picture.rows[row].cells.iter().map(|c| c.index).collect()
        };
        assert_eq!(indices(0), [11, 10, 9, 8, 7, 6]);
        assert_eq!(indices(1), [0, 1, 2, 3, 4, 5]);
        let last: Vec<usize> = picture
            .rows
            .iter()
            .flat_map(|r| &r.cells)
            .filter(|c| c.last)
            .map(|c| c.index)
            .collect();
        assert_eq!(last, [7]);
        assert_eq!(picture.rows[1].cells[5].seeds, 0);
        assert_eq!(picture.rows[1].cells[0].moves, ["1"]);
    }
}
