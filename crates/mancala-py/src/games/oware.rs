//! Oware Abapa exactly as OpenSpiel's `oware` plays it.

use crate::game::{Binding, Fact};
use crate::options::Options;
use mancala_engine::{Game, Rng};
pub(crate) use oware::Oware;
use oware::{Effect, Move, RuleSet};
use pyo3::PyResult;

impl Binding for Oware {
    const CLASS: &'static str = "Oware";
    type Config = RuleSet;

    fn config(options: &mut Options<'_>) -> PyResult<RuleSet> {
        options.rules()
    }

    fn start(rules: &RuleSet, _: Option<&mut Rng>) -> Result<Oware, String> {
        Ok(Oware::new(*rules))
    }

    fn num_actions(&self) -> usize {
        self.rules().houses()
    }

    fn action(&self, mv: Move) -> usize {
        mv.action()
    }

    fn move_of(&self, action: usize) -> Option<Move> {
        Move::from_action(action)
    }

    fn origin(&self, mv: Move) -> Option<usize> {
        Some(crate::game::mover_hole(self, usize::from(mv.number()) - 1))
    }

    fn facts(effect: &Effect) -> Vec<(&'static str, Fact)> {
        vec![
            ("last", Fact::Int(effect.last as i64)),
            ("captured", Fact::Int(i64::from(effect.captured))),
            ("grand_slam", Fact::Flag(effect.grand_slam)),
        ]
    }
}
