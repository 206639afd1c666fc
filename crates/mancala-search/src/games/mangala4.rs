//! Mangala IV's player: the score difference, searched one move deep by default, since a
//! relay sowing's forced hole leaves few real choices and a move's laps are long.

use super::Played;
use crate::ScoreDifference;
use mangala4::Mangala4;

impl Played for Mangala4 {
    type Evaluation = ScoreDifference;

    fn quick_depth(_: &Self::Rules) -> u32 {
        1
    }

    fn full_depth(_: &Self::Rules) -> u32 {
        1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Limits, Pvs};

    #[test]
    fn the_player_finds_a_move_at_the_start() {
        let start = Mangala4::default();
        let depth = Mangala4::quick_depth(&mancala_engine::Game::rules(&start));
        let found = Pvs::with_evaluator(Limits::depth(depth), ScoreDifference).search(&start);
        assert!(found.best_move.is_some());
        assert_eq!(found.depth, 1);
    }
}
