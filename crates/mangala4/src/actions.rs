//! Mangala IV for learning agents: actions `0..7` sow the mover's holes 1..7, `7` passes
//! ([`ACTIONS`] ids); the start may be dealt at random and either player may move first.

use crate::{Effect, Mangala4, Move, RuleSet, Setup, SetupError, ACTIONS};
use mancala_engine::actions::{Actions, Fact, Start};
use mancala_engine::{Game, Position, Rng};

impl Actions for Mangala4 {
    fn num_actions(&self) -> usize {
        ACTIONS
    }

    fn action(&self, mv: Move) -> usize {
        mv.action()
    }

    fn move_of(&self, action: usize) -> Option<Move> {
        Move::from_action(action, self.side_to_move())
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

    /// The even board or one dealt at random ([`Setup::random`]), either player first.
    const OTHER_STARTS: bool = true;

    fn start(rules: RuleSet, start: Start, rng: Option<&mut Rng>) -> Result<Mangala4, SetupError> {
        let setup = match (start.dealt, rng) {
            (None, _) => Setup::even(),
            (Some(_), Some(rng)) => Setup::random_from(rng),
            (Some(seed), None) => Setup::random(seed),
        };
        Mangala4::from_setup(Setup {
            side_to_move: start.first,
            rules,
            ..setup
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::Side;

    #[test]
    fn starts_follow_their_seed_and_first_player() {
        let dealt = |seed| Start {
            dealt: Some(seed),
            first: Side::North,
        };
        let rules = RuleSet::default();
        let a = Mangala4::start(rules, dealt(3), None).unwrap();
        assert_eq!(a, Mangala4::start(rules, dealt(3), None).unwrap());
        assert_ne!(a, Mangala4::start(rules, dealt(4), None).unwrap());
        assert_eq!(a.side_to_move(), Side::North);
        let even = Mangala4::start(rules, Start::STANDARD, None).unwrap();
        assert_eq!(even, Mangala4::new(rules));
    }
}
