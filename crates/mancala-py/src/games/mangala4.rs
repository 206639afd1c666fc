//! Mangala IV: 2 × 7 holes, forced play, even or seeded random starts.

use crate::game::{Binding, Fact};
use crate::options::Options;
use mancala_engine::{Game, Position, Rng, Side};
pub(crate) use mangala4::Mangala4;
use mangala4::{Effect, Move, RuleSet, Setup, ACTIONS};
use pyo3::PyResult;

/// How a Mangala IV game starts.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Start {
    /// `None` for the even board, else the seed of the random one.
    random: Option<u64>,
    first: Side,
    rules: RuleSet,
}

impl Binding for Mangala4 {
    const CLASS: &'static str = "Mangala4";
    type Config = Start;

    fn config(options: &mut Options<'_>) -> PyResult<Start> {
        let random = options.choice("setup", "even", &[("even", false), ("random", true)])?;
        let seed = options.int("setup_seed", 0)?;
        let seed = seed.within(0, u64::MAX).ok_or_else(|| {
            options.bad_value(
                "setup_seed",
                format!("a seed from 0 to 2^64 - 1, not {seed}"),
            )
        })?;
        let random = random.then_some(seed);
        let first = options.int("first_player", 0)?;
        let first = first
            .within(0, 1)
            .and_then(Side::from_index)
            .ok_or_else(|| {
                options.bad_value(
                    "first_player",
                    format!("0 (South) or 1 (North), not {first}"),
                )
            })?;
        Ok(Start {
            random,
            first,
            rules: options.rules()?,
        })
    }

    fn start(start: &Start, rng: Option<&mut Rng>) -> Result<Mangala4, String> {
        let setup = match (start.random, rng) {
            (None, _) => Setup::even(),
            (Some(_), Some(rng)) => Setup::random_from(rng),
            (Some(seed), None) => Setup::random(seed),
        };
        Mangala4::from_setup(Setup {
            side_to_move: start.first,
            rules: start.rules,
            ..setup
        })
        .map_err(|e| e.to_string())
    }

    fn num_actions(&self) -> usize {
        ACTIONS
    }

    fn action(&self, mv: Move) -> usize {
        mv.action()
    }

    fn move_of(&self, action: usize) -> Option<Move> {
        Move::from_action(action, self.side_to_move())
    }

    fn origin(&self, mv: Move) -> Option<usize> {
        match mv {
            Move::Pass => None,
            Move::Sow(hole) => Some(usize::from(hole)),
        }
    }

    fn facts(effect: &Effect) -> Vec<(&'static str, Fact)> {
        let capture = effect.capture;
        vec![
            ("laps", Fact::Int(i64::from(effect.laps))),
            (
                "captured",
                Fact::Int(capture.map_or(0, |c| i64::from(c.seeds))),
            ),
            ("endless", Fact::Flag(effect.endless)),
            ("text", Fact::Text(effect.to_string())),
        ]
    }
}
