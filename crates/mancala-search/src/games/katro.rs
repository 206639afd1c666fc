//! Judging Katro positions for the search: a linear evaluation over a few features (seeds,
//! occupied holes, seeds open to capture, moves) with weights fitted to the results of
//! self-play games.
//!
//! ```
//! use mancala_search::games::katro::Evaluation;
//! use katro::Katro;
//! use mancala_search::{Limits, Pvs};
//!
//! let mut player = Pvs::with_evaluator(Limits::depth(4), Evaluation::default());
//! assert!(player.search(&Katro::default()).best_move.is_some());
//! ```

use crate::fit::{Fitting, Source};
use crate::{Features, Linear};
use katro::Katro;
use mancala_engine::{Game, Position as _, Side};

/// The number of features.
pub const FEATURES: usize = 6;

/// What each feature measures, as the side to move's advantage unless said otherwise.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "seeds",
    "occupied",
    "exposed-theirs",
    "exposed-mine",
    "moves",
    "inner-seeds",
];

/// The evaluation is `Σ weight × feature / WEIGHT_SCALE`.
pub const WEIGHT_SCALE: i64 = 256;

/// Weights fitted by logistic regression of the results of 3,000 self-play games (the old
/// alpha-beta player at depth 3 from random 6-ply openings) on the features of their
/// 149,136 positions (`match fit katro 3000`, see the guide of `mancala-search`), scaled so that a seed
/// is worth 100.
pub const FITTED_WEIGHTS: [i32; FEATURES] = [25600, 4271, 3123, 872, 71530, -10827];

/// The features of `position`, seen by its side to move:
///
/// - `seeds`: seeds on the mover's rows minus the opponent's (the game is won by taking them
///   all);
/// - `occupied`: occupied holes, mover minus opponent;
/// - `exposed-theirs`: the opponent's seeds in inner-row holes facing an occupied inner-row
///   hole of the mover (what a capture could take); `exposed-mine`: the same the other way;
/// - `moves`: occupied holes of the row each side must start from, mover minus opponent;
/// - `inner-seeds`: seeds on the mover's inner row minus the opponent's.
pub fn features(position: &Katro) -> [i32; FEATURES] {
    let me = position.side_to_move();
    let size = position.rules().size;
    let (rows, cols, per_side) = (size.rows(), size.cols(), size.rows_per_side());
    let board = position.board();
    // The board row at `depth` (0 = outer) of `side`.
    let row = |side: Side, depth: usize| match side {
        Side::South => depth,
        Side::North => rows - 1 - depth,
    };
    let cells = |r: usize| &board[r * cols..(r + 1) * cols];
    let occupied = |side: Side| {
        (0..per_side)
            .map(|d| cells(row(side, d)).iter().filter(|&&s| s > 0).count() as i32)
            .sum::<i32>()
    };
    let start_moves = |side: Side| {
        (0..per_side)
            .map(|d| cells(row(side, d)).iter().filter(|&&s| s > 0).count() as i32)
            .find(|&n| n > 0)
            .unwrap_or(0)
    };
    let inner = |side: Side| cells(row(side, per_side - 1));
    let exposed = |attacker: Side| {
        inner(attacker)
            .iter()
            .zip(inner(!attacker))
            .filter(|(&a, &d)| a > 0 && d > 0)
            .map(|(_, &d)| i32::from(d))
            .sum::<i32>()
    };
    let inner_seeds = |side: Side| inner(side).iter().map(|&s| i32::from(s)).sum::<i32>();
    [
        position.seeds_on_side(me) as i32 - position.seeds_on_side(!me) as i32,
        occupied(me) - occupied(!me),
        exposed(me),
        exposed(!me),
        start_moves(me) - start_moves(!me),
        inner_seeds(me) - inner_seeds(!me),
    ]
}

/// The features of Katro positions ([`features`]) with their weights
/// ([`FITTED_WEIGHTS`], in 1/[`WEIGHT_SCALE`] units), for the core's linear evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KatroFeatures;

impl Features<FEATURES> for KatroFeatures {
    type Position = Katro;
    const SCALE: i64 = WEIGHT_SCALE;
    const FITTED: [i32; FEATURES] = FITTED_WEIGHTS;
    #[inline]
    fn features(position: &Katro) -> [i32; FEATURES] {
        features(position)
    }
}

/// The fitted evaluation of Katro positions: `Σ weight × feature / WEIGHT_SCALE`, with
/// the weights of [`FITTED_WEIGHTS`] by default (`Evaluation::with_weights` for others).
pub type Evaluation = Linear<KatroFeatures, FEATURES>;

impl super::Played for Katro {
    type Evaluation = Evaluation;

    fn fitting() -> Option<Fitting<Self>> {
        Some(Fitting {
            names: &FEATURE_NAMES,
            scale: WEIGHT_SCALE,
            features: |position| features(position).map(f64::from).to_vec(),
            // Deep enough to play well, shallow enough for thousands of games.
            source: Source::SelfPlay { depth: 3 },
        })
    }

    fn quick_depth(rules: &Self::Rules) -> u32 {
        // Twice the moves when directions are chosen each turn: a shallower search keeps a
        // game to a fraction of a second.
        match rules.direction {
            katro::DirectionRule::PerTurn => 6,
            katro::DirectionRule::Fixed(_) => 10,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Evaluator;

    #[test]
    fn the_start_is_even() {
        let start = Katro::default();
        let f = features(&start);
        assert_eq!([f[0], f[1], f[4], f[5]], [0, 0, 0, 0]);
        // Every inner hole holds 2 and faces an occupied hole.
        assert_eq!((f[2], f[3]), (12, 12));
        // Only the exposed seeds differ in weight, so the start is worth their difference.
        let w = FITTED_WEIGHTS;
        let expected = (12 * i64::from(w[2]) + 12 * i64::from(w[3])) / WEIGHT_SCALE;
        assert_eq!(i64::from(Evaluation::default().value(&start)), expected);
    }

    #[test]
    fn features_are_the_opponents_negated_after_a_swap_of_sides() {
        let mut position = Katro::default();
        position.play_unchecked(position.legal_moves()[0]);
        let f = features(&position);
        // North to move: South has sown, the seed counts are still 36 each (no capture yet)
        // or differ; either way the evaluation is antisymmetric in the side asked about.
        let e = Evaluation::default();
        assert_eq!(
            e.evaluate(&position, Side::South),
            -e.evaluate(&position, Side::North)
        );
        assert_eq!(
            f[0],
            position.seeds_on_side(Side::North) as i32 - position.seeds_on_side(Side::South) as i32
        );
    }
}
