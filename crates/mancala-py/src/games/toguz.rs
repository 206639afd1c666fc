//! Toguz Kumalak: 2 × 9 (or 7, or 5) holes, kazans and tuzdiks.

use crate::game::{Binding, Fact};
use crate::options::Options;
use mancala_engine::{Game, Rng, Side};
use pyo3::PyResult;
pub(crate) use toguz::Toguz;
use toguz::{BoardSize, Effect, Move, MoveError, RuleSet, TuzdikRule};

/// Why the rules never let `mv` be played: a hole past the row, or a claim under automatic
/// tuzdiks.
fn rule_error(game: &Toguz, mv: Move) -> Option<MoveError> {
    let rules = game.rules();
    let per_side = rules.board.per_side();
    if usize::from(mv.number()) > per_side {
        Some(MoveError::NoSuchHole {
            number: mv.number(),
            per_side,
        })
    } else if mv.claims_tuzdik() && rules.tuzdik == TuzdikRule::Automatic {
        Some(MoveError::ClaimNotAllowed)
    } else {
        None
    }
}

impl Binding for Toguz {
    const CLASS: &'static str = "Toguz";
    type Config = RuleSet;

    fn config(options: &mut Options<'_>) -> PyResult<RuleSet> {
        let per_side = options.int("board", 9)?;
        let board = per_side
            .within(0, usize::MAX)
            .and_then(BoardSize::from_per_side)
            .ok_or_else(|| {
                options.bad_value("board", format!("rows of 9, 7 or 5 holes, not {per_side}"))
            })?;
        let tuzdik = options.choice(
            "tuzdik",
            "automatic",
            &[
                ("automatic", TuzdikRule::Automatic),
                ("optional", TuzdikRule::Optional),
            ],
        )?;
        let stop_at_majority = options.flag("stop_at_majority", true)?;
        Ok(RuleSet {
            tuzdik,
            stop_at_majority,
            board,
        })
    }

    fn start(rules: &RuleSet, _: Option<&mut Rng>) -> Result<Toguz, String> {
        Ok(Toguz::new(*rules))
    }

    fn num_actions(&self) -> usize {
        18
    }

    fn action(&self, mv: Move) -> usize {
        mv.action()
    }

    fn move_of(&self, action: usize) -> Option<Move> {
        Move::from_action(action).filter(|&mv| rule_error(self, mv).is_none())
    }

    fn no_move(&self, action: usize) -> String {
        match Move::from_action(action).and_then(|mv| rule_error(self, mv)) {
            Some(why) => format!("action {action}: {why}"),
            None => format!("action {action} names no move in this position"),
        }
    }

    /// The player's tuzdik, then his opponent's: `1.0` on the hole it is.
    const PLANES: usize = 2;

    fn write_planes(
        &self,
        player: Side,
        holes: usize,
        view: &dyn Fn(usize) -> usize,
        mark: &mut dyn FnMut(usize),
    ) {
        for (plane, side) in [player, !player].into_iter().enumerate() {
            if let Some(hole) = self.tuzdik(side) {
                mark(plane * holes + view(hole));
            }
        }
    }

    fn origin(&self, mv: Move) -> Option<usize> {
        Some(crate::game::mover_hole(self, mv.index()))
    }

    fn marks(&self) -> Vec<(usize, Side)> {
        Side::BOTH
            .into_iter()
            .filter_map(|side| self.tuzdik(side).map(|hole| (hole, side)))
            .collect()
    }

    fn facts(effect: &Effect) -> Vec<(&'static str, Fact)> {
        vec![
            ("landing", Fact::Int(effect.landing as i64)),
            ("captured", Fact::Int(i64::from(effect.captured))),
            ("tuzdik", Fact::Hole(effect.tuzdik)),
        ]
    }
}
