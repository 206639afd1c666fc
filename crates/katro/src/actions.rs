//! Katro for learning agents: action `4 × column + 2 × [direction B] + [single-seed step]`
//! ([`Move::action`]), the ids of the rules' size.

use crate::{Effect, Katro, Move};
use mancala_engine::actions::{Actions, Fact};
use mancala_engine::Game;

impl Actions for Katro {
    fn num_actions(&self) -> usize {
        self.rules().actions()
    }

    fn action(&self, mv: Move) -> usize {
        mv.action()
    }

    fn move_of(&self, action: usize) -> Option<Move> {
        self.from_action(action)
    }

    fn facts(effect: &Effect) -> Vec<(&'static str, Fact)> {
        vec![
            ("laps", Fact::Int(i64::from(effect.laps))),
            ("captures", Fact::Int(i64::from(effect.captures))),
            ("captured", Fact::Int(i64::from(effect.captured))),
            ("endless", Fact::Flag(effect.endless)),
        ]
    }
}
