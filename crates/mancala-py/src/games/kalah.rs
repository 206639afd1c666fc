//! Kalah exactly as OpenSpiel's `mancala` plays it, with OpenSpiel's action ids: the cells of
//! the whole board (`0` North's store, `1..=pits` South's pits, `pits + 1` South's store, then
//! North's pits), so an action names the same pit whoever is to move.

use crate::game::{Binding, Fact};
use crate::options::Options;
pub(crate) use kalah::Kalah;
use kalah::{Effect, Move, RuleSet, MAX_PITS, MAX_SEEDS};
use mancala_engine::{Game, Position, Rng};
use pyo3::PyResult;

impl Binding for Kalah {
    const CLASS: &'static str = "Kalah";
    type Config = RuleSet;

    fn config(options: &mut Options<'_>) -> PyResult<RuleSet> {
        let pits = options.int("pits", 6)?;
        let seeds = options.int("seeds", 4)?;
        let max = MAX_SEEDS as usize;
        let pits = pits.within(1, MAX_PITS).ok_or_else(|| {
            options.bad_value("pits", format!("1 to {MAX_PITS} pits a side, not {pits}"))
        })?;
        let seeds = seeds.within(1, max).ok_or_else(|| {
            options.bad_value("seeds", format!("at least one seed a pit, not {seeds}"))
        })?;
        let rules = RuleSet::with_board(pits, seeds).map_err(|_| {
            options.bad_value(
                "seeds",
                format!("{pits} pits of {seeds} seeds: at most {max} seeds in all"),
            )
        })?;
        let empty_capture = options.flag("empty_capture", false)?;
        let max_plies = options.int("max_plies", i64::from(RuleSet::STANDARD.max_plies()))?;
        let max_plies = max_plies.within(0, u32::MAX).ok_or_else(|| {
            options.bad_value(
                "max_plies",
                format!("a move limit from 0 (none) to 2^32 - 1, not {max_plies}"),
            )
        })?;
        Ok(rules
            .with_empty_capture(empty_capture)
            .with_max_plies(max_plies))
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
