//! The board as players draw it: North's row on top, South's below, the captured seeds
//! beside them (see [`mancala_engine::draw`]).

use crate::{Mangala4, Move, PER_SIDE};
use mancala_engine::draw::{Draw, Picture};
use mancala_engine::Side;

impl Draw for Mangala4 {
    fn picture(&self) -> Picture {
        Picture::two_rows(
            self,
            PER_SIDE,
            |side, number| side.index() * PER_SIDE + number - 1,
            |side, number| {
                let initial = if side == Side::South { 'S' } else { 'N' };
                format!("{initial}{number}")
            },
            "store",
            ["South", "North"],
        )
    }

    fn origin(&self, mv: Move) -> Option<usize> {
        match mv {
            Move::Sow(hole) => Some(usize::from(hole)),
            Move::Pass => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::{Game as _, Position as _};

    #[test]
    fn holes_are_named_and_clickable() {
        let start = Mangala4::default();
        let picture = start.drawing(None);
        let top: Vec<&str> = picture.rows[0]
            .cells
            .iter()
            .map(|c| c.label.as_str())
            .collect();
        assert_eq!(top, ["N7", "N6", "N5", "N4", "N3", "N2", "N1"]);
        let clickable: Vec<String> = picture
            .rows
            .iter()
            .flat_map(|r| &r.cells)
            .flat_map(|c| c.moves.clone())
            .collect();
        let legal: Vec<String> = start
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect();
        let sowing: Vec<String> = legal.into_iter().filter(|m| m != "pass").collect();
        assert_eq!(clickable, sowing);
        assert!(!clickable.is_empty());
        assert_eq!(picture.stores.len(), 2);
        assert_eq!(picture.to_move, Some(start.side_to_move()));
        let _ = start.rules();
    }
}
