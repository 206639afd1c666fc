//! Evaluation: how a search judges a position that is not over. [`Evaluator`] is the hook a
//! game fills with its knowledge; [`ScoreDifference`] is the default; [`Linear`] over a game's
//! [`Features`] is the shape every fitted evaluation of the workspace takes (logistic
//! regression fits the weights, see the crate's guide): a game names its features once and
//! [`Linear`] does the rest. [`Probed`] adds exact values (an endgame database's) to any
//! evaluation.

use crate::value::MAX_EVAL;
use core::marker::PhantomData;
use mancala_engine::{Position, Side};

/// A per-game judgement of a position that is not over, from `side`'s point of view (more is
/// better for `side`). This is where a game adds its knowledge to the generic search.
///
/// Any `Fn(&P, Side) -> i32` closure is an evaluator. Values are clamped to
/// `-MAX_EVAL..=MAX_EVAL`.
pub trait Evaluator<P: Position> {
    /// How good `position` is for `side`.
    fn evaluate(&self, position: &P, side: Side) -> i32;

    /// The final score difference for the side to move under perfect play, where it is known
    /// exactly (from an endgame database, see [`Probed`]): [`Pvs`](crate::Pvs) then takes it
    /// instead of searching below `position`. By default nothing is known.
    #[inline]
    fn exact(&self, position: &P) -> Option<i32> {
        let _ = position;
        None
    }
}

/// The default evaluation: `side`'s score minus the opponent's, the measure every mancala's
/// result is decided by.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ScoreDifference;

impl<P: Position> Evaluator<P> for ScoreDifference {
    #[inline]
    fn evaluate(&self, position: &P, side: Side) -> i32 {
        let mine = i64::from(position.score(side));
        let theirs = i64::from(position.score(side.opponent()));
        (mine - theirs).clamp(-i64::from(MAX_EVAL), i64::from(MAX_EVAL)) as i32
    }
}

impl<P: Position, F: Fn(&P, Side) -> i32> Evaluator<P> for F {
    #[inline]
    fn evaluate(&self, position: &P, side: Side) -> i32 {
        self(position, side)
    }
}

/// An evaluation that knows the exact value of the positions `rest` knows: `rest` gives the
/// score difference the rest of the game brings the side to move under perfect play (an
/// endgame database's probe), or `None`. Elsewhere the evaluation `evaluator` judges.
///
/// [`Pvs`](crate::Pvs) takes a known value instead of searching below it, and plays the
/// perfect move without searching when every move leads to a known position or ends the
/// game. A database built for the game played to the end may serve its rules with a stop at
/// a majority too: the winner is the same, only the margin differs.
#[derive(Clone, Copy)]
pub struct Probed<E, F> {
    evaluator: E,
    rest: F,
}

impl<E, F> Probed<E, F> {
    /// `evaluator`, with the exact values `rest` gives.
    pub const fn new(evaluator: E, rest: F) -> Self {
        Probed { evaluator, rest }
    }

    /// The evaluation of the positions `rest` does not know.
    pub const fn evaluator(&self) -> &E {
        &self.evaluator
    }
}

impl<E: core::fmt::Debug, F> core::fmt::Debug for Probed<E, F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Probed")
            .field("evaluator", &self.evaluator)
            .finish_non_exhaustive()
    }
}

impl<P, E, F> Evaluator<P> for Probed<E, F>
where
    P: Position,
    E: Evaluator<P>,
    F: Fn(&P) -> Option<i32>,
{
    #[inline]
    fn evaluate(&self, position: &P, side: Side) -> i32 {
        self.evaluator.evaluate(position, side)
    }

    #[inline]
    fn exact(&self, position: &P) -> Option<i32> {
        let rest = (self.rest)(position)?;
        let me = position.side_to_move();
        let now = i64::from(position.score(me)) - i64::from(position.score(me.opponent()));
        i32::try_from(now + i64::from(rest)).ok()
    }
}

/// `N` numbers that describe a game's position, for a [`Linear`] evaluation.
pub trait Features<const N: usize> {
    /// The game.
    type Position: Position;
    /// The evaluation is `Σ weight × feature / SCALE` (at least 1).
    const SCALE: i64;
    /// The default weights, in `1 / SCALE` units.
    const FITTED: [i32; N];
    /// The features of `position`, seen by its side to move (more is better for him).
    fn features(position: &Self::Position) -> [i32; N];
}

/// A linear evaluation over the features `F`: `Σ weight × feature / F::SCALE`, computed in
/// 64 bits so that no sum of `i32` products overflows, for the side to move and negated for
/// the other.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Linear<F, const N: usize> {
    weights: [i32; N],
    features: PhantomData<F>,
}

impl<F: Features<N>, const N: usize> Default for Linear<F, N> {
    /// The fitted weights.
    fn default() -> Self {
        Linear::with_weights(F::FITTED)
    }
}

impl<F, const N: usize> Linear<F, N> {
    /// An evaluation with other weights (in `1 / F::SCALE` units), e.g. while fitting.
    pub const fn with_weights(weights: [i32; N]) -> Self {
        Linear {
            weights,
            features: PhantomData,
        }
    }

    /// The weights in use.
    pub const fn weights(&self) -> [i32; N] {
        self.weights
    }
}

impl<F: Features<N>, const N: usize> Linear<F, N> {
    /// The value of `position` for its side to move, saturated to `i32`.
    #[inline]
    pub fn value(&self, position: &F::Position) -> i32 {
        let sum: i64 = F::features(position)
            .iter()
            .zip(self.weights)
            .map(|(&f, w)| i64::from(f) * i64::from(w))
            .sum();
        (sum / F::SCALE.max(1)).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }
}

impl<F: Features<N>, const N: usize> Evaluator<F::Position> for Linear<F, N> {
    #[inline]
    fn evaluate(&self, position: &F::Position, side: Side) -> i32 {
        let value = self.value(position);
        if side == position.side_to_move() {
            value
        } else {
            value.saturating_neg()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_kit::toy::Pile;

    /// The pile's size and its parity, weighted 256 and -512, scale 256.
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    struct PileFeatures;

    impl Features<2> for PileFeatures {
        type Position = Pile;
        const SCALE: i64 = 256;
        const FITTED: [i32; 2] = [256, -512];
        fn features(position: &Pile) -> [i32; 2] {
            [position.left as i32, (position.left % 2) as i32]
        }
    }

    #[test]
    fn the_sum_is_weighted_scaled_and_seen_by_either_side() {
        let linear = Linear::<PileFeatures, 2>::default();
        let seven = Pile::plain(7);
        assert_eq!(linear.value(&seven), 5);
        assert_eq!(linear.evaluate(&seven, seven.side_to_move()), 5);
        assert_eq!(linear.evaluate(&seven, !seven.side_to_move()), -5);
        assert_eq!(linear.weights(), [256, -512]);
        let heavy = Linear::<PileFeatures, 2>::with_weights([i32::MAX, i32::MAX]);
        assert_eq!(heavy.value(&Pile::plain(255)), i32::MAX);
    }

    #[test]
    fn the_score_difference_is_seen_by_either_side() {
        let mut row = Pile::cards(&[1, 3, 2]);
        row.play(3).unwrap();
        assert_eq!(ScoreDifference.evaluate(&row, Side::South), 6);
        assert_eq!(ScoreDifference.evaluate(&row, Side::North), -6);
    }
}
