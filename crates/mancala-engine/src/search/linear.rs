//! Linear evaluations: a weighted sum of a game's features, each seen by the side to move,
//! the shape every fitted evaluation of the workspace takes (logistic regression fits the
//! weights, `docs/search.md`).

use crate::{Position, Side};

/// Weights of `N` features in `1 / scale` units: the value is `Σ weight × feature / scale`,
/// computed in 64 bits so that no sum of `i32` products overflows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Linear<const N: usize> {
    weights: [i32; N],
    scale: i64,
}

impl<const N: usize> Linear<N> {
    /// Weights `weights` divided by `scale` (a `scale` below 1 counts as 1).
    pub const fn new(weights: [i32; N], scale: i64) -> Linear<N> {
        Linear {
            weights,
            scale: if scale < 1 { 1 } else { scale },
        }
    }

    /// The weights.
    pub const fn weights(&self) -> [i32; N] {
        self.weights
    }

    /// `Σ weight × feature / scale`, saturated to `i32`.
    #[inline]
    pub fn value(&self, features: &[i32; N]) -> i32 {
        let sum: i64 = features
            .iter()
            .zip(self.weights)
            .map(|(&f, w)| i64::from(f) * i64::from(w))
            .sum();
        (sum / self.scale).clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
    }

    /// The value for `side` of `position`, whose `features` are seen by its side to move:
    /// negated when `side` is the other one.
    #[inline]
    pub fn evaluate<P: Position>(
        &self,
        position: &P,
        side: Side,
        features: impl FnOnce(&P) -> [i32; N],
    ) -> i32 {
        let value = self.value(&features(position));
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

    #[test]
    fn the_sum_is_weighted_scaled_and_saturated() {
        let linear = Linear::new([256, -512, 3], 256);
        assert_eq!(linear.value(&[1, 1, 0]), -1);
        assert_eq!(linear.value(&[10, 0, 256]), 13);
        assert_eq!(Linear::new([i32::MAX], 1).value(&[i32::MAX]), i32::MAX);
        assert_eq!(Linear::new([1], 0).value(&[7]), 7);
        assert_eq!(linear.weights(), [256, -512, 3]);
    }
}
