//! Oware Abapa exactly as OpenSpiel's `oware` plays it.

use crate::game::{Binding, Fact};
use crate::options::Options;
use mancala_engine::{Game, Rng};
pub(crate) use oware::Oware;
use oware::{Effect, GrandSlam, Move, RuleSet};
use pyo3::PyResult;

impl Binding for Oware {
    const CLASS: &'static str = "Oware";
    type Config = RuleSet;

    fn config(options: &mut Options<'_>) -> PyResult<RuleSet> {
        let houses = options.int("houses", 6)?;
        let seeds = options.int("seeds", 4)?;
        let board = match (usize::try_from(houses), usize::try_from(seeds)) {
            (Ok(houses), Ok(seeds)) => RuleSet::with_board(houses, seeds).ok(),
            _ => None,
        };
        let rules = board.ok_or_else(|| {
            options.bad_value(
                "houses",
                format!("{houses} houses of {seeds} seeds: 1 to 8 houses a side, at least one seed a house, at most 255 seeds"),
            )
        })?;
        let grand_slam = options.choice(
            "grand_slam",
            "no-capture",
            &[GrandSlam::NoCapture, GrandSlam::CaptureAll].map(|rule| (rule.name(), rule)),
        )?;
        let max_plies = options.int("max_plies", i64::from(RuleSet::STANDARD.max_plies()))?;
        let max_plies = u32::try_from(max_plies).map_err(|_| {
            options.bad_value("max_plies", "a move limit from 0 (none) to 2^32 - 1")
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

    fn facts(effect: &Effect) -> Vec<(&'static str, Fact)> {
        vec![
            ("last", Fact::Int(effect.last as i64)),
            ("captured", Fact::Int(i64::from(effect.captured))),
            ("grand_slam", Fact::Flag(effect.grand_slam)),
        ]
    }
}
