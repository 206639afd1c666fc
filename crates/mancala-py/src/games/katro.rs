//! Katro: four or six rows, serpentine circuits, every rule option of the crate.

use crate::game::{Binding, Fact};
use crate::options::Options;
pub(crate) use katro::Katro;
use katro::{Effect, Move, RuleSet};
use mancala_engine::{Game, Rng};
use pyo3::PyResult;

impl Binding for Katro {
    const CLASS: &'static str = "Katro";
    type Config = RuleSet;

    fn config(options: &mut Options<'_>) -> PyResult<RuleSet> {
        options.rules()
    }

    fn start(rules: &RuleSet, _: Option<&mut Rng>) -> Result<Katro, String> {
        Ok(Katro::new(*rules))
    }

    fn num_actions(&self) -> usize {
        self.rules().actions()
    }

    fn action(&self, mv: Move) -> usize {
        mv.action()
    }

    fn move_of(&self, action: usize) -> Option<Move> {
        self.from_action(action)
    }

    fn origin(&self, mv: Move) -> Option<usize> {
        mv.hole.index(self.rules().size)
    }

    fn picture_rows(&self) -> usize {
        self.rules().size.rows()
    }

    fn cell(&self, hole: usize) -> (usize, usize) {
        let size = self.rules().size;
        (size.rows() - 1 - hole / size.cols(), hole % size.cols())
    }

    /// Katro has no stores: captured seeds leave the board.
    const STORES: bool = false;

    fn facts(effect: &Effect) -> Vec<(&'static str, Fact)> {
        vec![
            ("laps", Fact::Int(i64::from(effect.laps))),
            ("captures", Fact::Int(i64::from(effect.captures))),
            ("captured", Fact::Int(i64::from(effect.captured))),
            ("endless", Fact::Flag(effect.endless)),
        ]
    }
}
