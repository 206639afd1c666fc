//! Kalah exactly as OpenSpiel's `mancala` plays it, with OpenSpiel's action ids: the cells of
//! the whole board (`0` North's store, `1..=pits` South's pits, `pits + 1` South's store, then
//! North's pits), so an action names the same pit whoever is to move.

use crate::game::{Binding, Fact};
use crate::options::Options;
pub(crate) use kalah::Kalah;
use kalah::{Effect, Move, RuleSet};
use mancala_engine::{Game, Position, Rng};
use pyo3::PyResult;

impl Binding for Kalah {
    const CLASS: &'static str = "Kalah";
    type Config = RuleSet;

    fn config(options: &mut Options<'_>) -> PyResult<RuleSet> {
        options.rules()
    }

    fn start(rules: &RuleSet, _: Option<&mut Rng>) -> Result<Kalah, String> {
        Ok(Kalah::new(*rules))
    }

    fn num_actions(&self) -> usize {
        2 * self.rules().pits() + 2
    }

    fn action(&self, mv: Move) -> usize {
        mv.action(self.side_to_move(), self.rules().pits())
    }

    fn move_of(&self, action: usize) -> Option<Move> {
        Move::from_action(action, self.rules().pits())
            .filter(|&(side, _)| side == self.side_to_move())
            .map(|(_, mv)| mv)
    }

    fn origin(&self, mv: Move) -> Option<usize> {
        Some(crate::game::mover_hole(self, mv.index()))
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
