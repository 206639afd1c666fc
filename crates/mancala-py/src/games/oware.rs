//! Oware Abapa exactly as OpenSpiel's `oware` plays it.

use crate::game::{Binding, Fact};
use crate::options::Options;
use mancala_engine::{Game, Rng};
pub(crate) use oware::Oware;
use oware::{Effect, GrandSlam, Move, RuleSet, MAX_HOUSES, MAX_SEEDS};
use pyo3::PyResult;

impl Binding for Oware {
    const CLASS: &'static str = "Oware";
    type Config = RuleSet;

    fn config(options: &mut Options<'_>) -> PyResult<RuleSet> {
        let houses = options.int("houses", 6)?;
        let seeds = options.int("seeds", 4)?;
        let max = MAX_SEEDS as usize;
        let houses = houses.within(1, MAX_HOUSES).ok_or_else(|| {
            options.bad_value(
                "houses",
                format!("1 to {MAX_HOUSES} houses a side, not {houses}"),
            )
        })?;
        let seeds = seeds.within(1, max).ok_or_else(|| {
            options.bad_value("seeds", format!("at least one seed a house, not {seeds}"))
        })?;
        let rules = RuleSet::with_board(houses, seeds).map_err(|_| {
            options.bad_value(
                "seeds",
                format!("{houses} houses of {seeds} seeds: at most {max} seeds in all"),
            )
        })?;
        let grand_slam = options.choice(
            "grand_slam",
            "no-capture",
            &[GrandSlam::NoCapture, GrandSlam::CaptureAll].map(|rule| (rule.name(), rule)),
        )?;
        let max_plies = options.int("max_plies", i64::from(RuleSet::STANDARD.max_plies()))?;
        let max_plies = max_plies.within(0, u32::MAX).ok_or_else(|| {
            options.bad_value(
                "max_plies",
                format!("a move limit from 0 (none) to 2^32 - 1, not {max_plies}"),
            )
        })?;
        Ok(rules.with_grand_slam(grand_slam).with_max_plies(max_plies))
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
