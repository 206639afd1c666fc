//! Kalah for learning agents, with OpenSpiel's `mancala` action ids: the cells of the whole
//! board (`0` North's store, `1..=pits` South's pits, `pits + 1` South's store, then North's
//! pits), so an id names the same pit whoever is to move.

use crate::{Effect, Kalah, Move};
use mancala_engine::actions::{Actions, Fact};
use mancala_engine::{Game, Position};

impl Actions for Kalah {
    /// The board's cells: both rows of pits and both stores.
    fn num_actions(&self) -> usize {
        2 * self.rules().pits() + 2
    }

    fn action(&self, mv: Move) -> usize {
        mv.action(self.side_to_move(), self.rules().pits())
    }

    /// The pits of the side to move; the stores and the opponent's pits name none.
    fn move_of(&self, action: usize) -> Option<Move> {
        Move::from_action(action, self.rules().pits())
            .filter(|&(side, _)| side == self.side_to_move())
            .map(|(_, mv)| mv)
    }

    fn facts(effect: &Effect) -> Vec<(&'static str, Fact)> {
        vec![
            (
                "last",
                Fact::Int(effect.last.map_or(-1, |last| last as i64)),
            ),
            ("extra_turn", Fact::Flag(effect.extra_turn)),
            ("captured", Fact::Int(i64::from(effect.captured))),
        ]
    }
}
