//! The board as players draw it: every row as it sits with North's rows on top, holes named
//! by column letter and row digit; Katro keeps no store (see [`mancala_engine::draw`]).

use crate::{Hole, Katro, Move};
use mancala_engine::draw::{Cell, Draw, Picture, Row};
use mancala_engine::{Game as _, Position as _, Side};

impl Draw for Katro {
    fn picture(&self) -> Picture {
        let size = self.rules().size;
        let (cols, per_side) = (size.cols(), size.rows_per_side());
        let board = self.board();
        let rows = (0..size.rows())
            .rev()
            .map(|row| Row {
                owner: if row < per_side {
                    Side::South
                } else {
                    Side::North
                },
                cells: (0..cols)
                    .map(|col| {
                        let index = row * cols + col;
                        let label = Hole::new(row, col).map_or_else(String::new, |h| h.to_string());
                        Cell::new(index, label, u32::from(board[index]))
                    })
                    .collect(),
            })
            .collect();
        Picture {
            rows,
            stores: Vec::new(),
            side_names: ["South".into(), "North".into()],
            to_move: (!self.is_over()).then(|| self.side_to_move()),
        }
    }

    fn origin(&self, mv: Move) -> Option<usize> {
        mv.hole.index(self.rules().size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_sit_with_north_on_top() {
        let start = Katro::default();
        let picture = start.drawing(None);
        assert_eq!(picture.rows.len(), 6);
        let owners: Vec<Side> = picture.rows.iter().map(|r| r.owner).collect();
        assert_eq!(
            owners,
            [
                Side::North,
                Side::North,
                Side::North,
                Side::South,
                Side::South,
                Side::South
            ]
        );
        assert_eq!(picture.rows[5].cells[2].label, "c1");
        assert_eq!(picture.rows[0].cells[0].label, "a6");
        let moves: Vec<String> = picture
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
        assert_eq!(moves.len(), legal.len());
        assert!(picture.stores.is_empty());
    }
}
