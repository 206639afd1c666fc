//! Oware for learning agents, with OpenSpiel's `oware` action ids: `0..houses` sow the
//! mover's houses 1..houses.

use crate::{Effect, Move, Oware};
use mancala_engine::actions::{Actions, Fact};
use mancala_engine::Game;

impl Actions for Oware {
    fn num_actions(&self) -> usize {
        self.rules().houses()
    }

    fn action(&self, mv: Move) -> usize {
        mv.action()
    }

    fn move_of(&self, action: usize) -> Option<Move> {
        Move::from_action(action)
    }

    fn facts(effect: &Effect) -> Vec<(&'static str, Fact)> {
        vec![
            ("last", Fact::Int(effect.last as i64)),
            ("captured", Fact::Int(i64::from(effect.captured))),
            ("grand_slam", Fact::Flag(effect.grand_slam)),
        ]
    }
}
