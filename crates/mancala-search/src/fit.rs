//! Fitting a linear evaluation's weights to game results by logistic regression: the chance
//! that the side to move goes on to win is modelled as `1 / (1 + e^-(b + w·x))`, `x` being the
//! position's features, and `b`, `w` are found by Newton's method on the log-likelihood with a
//! small ridge penalty. Positions marked held out (in the workspace's fits, those of every
//! fifth game) are left out of the fit and measure it.
//!
//! ```
//! use mancala_search::fit::{fit, quality, Sample};
//!
//! // One feature that decides the game more often than not.
//! let samples: Vec<Sample> = (0..400)
//!     .map(|i| {
//!         let lead = f64::from(i % 9) - 4.0;
//!         let won = if (i % 7 == 0) == (lead > 0.0) { 0.0 } else { 1.0 };
//!         Sample { features: vec![lead], result: won, held_out: i % 5 == 0 }
//!     })
//!     .collect();
//! let weights = fit(&samples, &[0]);
//! assert!(weights[1] > 0.0, "a lead helps");
//! let measured = quality(&samples, &[0], &weights);
//! assert!(measured.accuracy > 0.7);
//! ```

use crate::{AlphaBeta, Limits, Player};
use mancala_engine::{Game, Rng, Side};

/// One position: its features and the result for its side to move (1 won, ½ drawn, 0 lost).
#[derive(Debug, Clone, PartialEq)]
pub struct Sample {
    /// The position's features, as the evaluation computes them.
    pub features: Vec<f64>,
    /// The result of the game for the position's side to move.
    pub result: f64,
    /// Whether the position measures the fit instead of taking part in it.
    pub held_out: bool,
}

/// How a game's evaluation is fitted: its features, the scale of its weights, and the games
/// the positions come from. A game's [`Played::fitting`](crate::games::Played::fitting)
/// gives it, so that one generic front end fits every game.
#[derive(Debug, Clone, Copy)]
pub struct Fitting<G> {
    /// What each feature measures.
    pub names: &'static [&'static str],
    /// The evaluation is `Σ weight × feature / scale`.
    pub scale: i64,
    /// The features of a position, as the evaluation computes them.
    pub features: fn(&G) -> Vec<f64>,
    /// Where the positions come from.
    pub source: Source,
}

/// The games a fit learns from.
#[derive(Debug, Clone, Copy)]
pub enum Source {
    /// Games the plain alpha-beta player plays against itself at this depth
    /// ([`self_play_samples`]).
    SelfPlay {
        /// The depth of the player's search.
        depth: u32,
    },
    /// Recorded games: the text of a record file read into the number of games and their
    /// positions.
    Records(fn(&str) -> (usize, Vec<Sample>)),
}

impl<G: Game> Fitting<G> {
    /// The positions of `games` self-play games from `seed`, for a fit from self-play; `None`
    /// for a fit from records.
    pub fn self_play(&self, games: u64, seed: u64) -> Option<Vec<Sample>> {
        match self.source {
            Source::SelfPlay { depth } => {
                Some(self_play_samples(games, seed, depth, self.features))
            }
            Source::Records(_) => None,
        }
    }
}

/// The result of a game won by `winner` (`None` for a draw) for `side`: 1, ½ or 0.
pub fn result_for(winner: Option<Side>, side: Side) -> f64 {
    match winner {
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// The positions of `games` games that alpha-beta at `depth` plays against itself from the
/// standard start, each game after 6 random plies drawn from a generator seeded by `seed` and
/// the game's number, with their `features` (the random plies left out, and games unfinished
/// after 1,000 plies); those of every fifth game are held out.
pub fn self_play_samples<P: Game>(
    games: u64,
    seed: u64,
    depth: u32,
    features: impl Fn(&P) -> Vec<f64>,
) -> Vec<Sample> {
    let mut samples = Vec::new();
    for number in 0..games {
        let mut rng = Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ number);
        let mut position = P::default();
        let mut line = Vec::new();
        let mut player = AlphaBeta::new(Limits::depth(depth));
        for ply in 0..1_000 {
            let mv = if ply < 6 {
                position.random_move(&mut rng)
            } else {
                player.choose(&position)
            };
            let Some(mv) = mv else { break };
            line.push(position.clone());
            position.play_unchecked(mv);
        }
        let Some(outcome) = position.outcome() else {
            continue;
        };
        for seen in line.iter().skip(6) {
            samples.push(Sample {
                features: features(seen),
                result: result_for(outcome.winner, seen.side_to_move()),
                held_out: number % 5 == 0,
            });
        }
    }
    samples
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The weights of the model on the features numbered `used`, intercept first (so
/// `used.len() + 1` of them), fitted on the samples not held out.
pub fn fit(samples: &[Sample], used: &[usize]) -> Vec<f64> {
    let k = used.len() + 1;
    let mut w = vec![0.0; k];
    let ridge = 1e-3 * samples.len() as f64 / 1e4;
    let row = |s: &Sample| -> Vec<f64> {
        std::iter::once(1.0)
            .chain(used.iter().map(|&i| s.features[i]))
            .collect()
    };
    for _ in 0..25 {
        let mut gradient = vec![0.0; k];
        let mut hessian = vec![vec![0.0; k]; k];
        for s in samples.iter().filter(|s| !s.held_out) {
            let x = row(s);
            let p = sigmoid(x.iter().zip(&w).map(|(a, b)| a * b).sum());
            for i in 0..k {
                gradient[i] += (p - s.result) * x[i];
                for j in 0..k {
                    hessian[i][j] += p * (1.0 - p) * x[i] * x[j];
                }
            }
        }
        for i in 1..k {
            gradient[i] += ridge * w[i];
            hessian[i][i] += ridge;
        }
        let step = solve(hessian, gradient);
        let size: f64 = step.iter().map(|d| d.abs()).sum();
        for (wi, d) in w.iter_mut().zip(&step) {
            *wi -= d;
        }
        if size < 1e-10 {
            break;
        }
    }
    w
}

/// Solves `a x = b` by Gaussian elimination with partial pivoting (an unknown without a pivot
/// is 0).
fn solve(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for col in 0..n {
        let pivot = (col..n)
            .max_by(|&i, &j| a[i][col].abs().total_cmp(&a[j][col].abs()))
            .unwrap_or(col);
        a.swap(col, pivot);
        b.swap(col, pivot);
        if a[col][col].abs() < 1e-300 {
            continue;
        }
        let (above, below) = a.split_at_mut(col + 1);
        let pivot_row = &above[col];
        for (r, row) in below.iter_mut().enumerate() {
            let factor = row[col] / pivot_row[col];
            for (x, p) in row[col..].iter_mut().zip(&pivot_row[col..]) {
                *x -= factor * p;
            }
            b[col + 1 + r] -= factor * b[col];
        }
    }
    let mut x = vec![0.0; n];
    for r in (0..n).rev() {
        let sum: f64 = (r + 1..n).map(|c| a[r][c] * x[c]).sum();
        x[r] = if a[r][r].abs() < 1e-300 {
            0.0
        } else {
            (b[r] - sum) / a[r][r]
        };
    }
    x
}

/// How well a fitted model predicts the held-out positions.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Quality {
    /// The mean log-loss (lower is better; 0.693 is a coin's).
    pub log_loss: f64,
    /// The share of decisive positions whose winner the model favours.
    pub accuracy: f64,
}

/// How well the model of `weights` (from [`fit`] on the features `used`) predicts the
/// held-out positions.
pub fn quality(samples: &[Sample], used: &[usize], weights: &[f64]) -> Quality {
    let (mut loss, mut n, mut right, mut decisive) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for s in samples.iter().filter(|s| s.held_out) {
        let z = weights[0]
            + used
                .iter()
                .zip(&weights[1..])
                .map(|(&i, wi)| s.features[i] * wi)
                .sum::<f64>();
        let p = sigmoid(z).clamp(1e-12, 1.0 - 1e-12);
        loss -= s.result * p.ln() + (1.0 - s.result) * (1.0 - p).ln();
        n += 1.0;
        if s.result != 0.5 {
            decisive += 1.0;
            right += f64::from(u8::from((p > 0.5) == (s.result > 0.5)));
        }
    }
    Quality {
        log_loss: loss / n.max(1.0),
        accuracy: right / decisive.max(1.0),
    }
}

/// A linear evaluation fitted on every feature, beside the model on the first feature alone
/// (the material) that it should beat.
#[derive(Debug, Clone, PartialEq)]
pub struct Fitted {
    /// How well the first feature alone predicts the held-out positions.
    pub material: Quality,
    /// How well every feature does.
    pub all: Quality,
    /// The intercept of the model on every feature.
    pub intercept: f64,
    /// The weight of each feature in the model.
    pub raw: Vec<f64>,
    /// The same, scaled for a [`Linear`](crate::Linear) evaluation whose first feature's
    /// weight is 100 × `scale` (a unit of material worth 100); `None` where the first weight
    /// is 0 and gives no scale.
    pub scaled: Option<Vec<i64>>,
}

/// Fits the material-only model and the full one on `samples` of `features` features, and
/// scales the full model's weights for an evaluation of `scale` ([`Fitted`]). `None` when no
/// sample is outside the held-out ones: a fit of nothing would give weights of zero as though
/// they were found.
pub fn fit_evaluation(samples: &[Sample], features: usize, scale: i64) -> Option<Fitted> {
    if features == 0 || samples.iter().all(|sample| sample.held_out) {
        return None;
    }
    let material = [0usize];
    let all: Vec<usize> = (0..features).collect();
    let material_weights = fit(samples, &material);
    let weights = fit(samples, &all);
    let unit = 100.0 * scale as f64 / weights[1];
    let scaled = unit.is_finite().then(|| {
        weights[1..]
            .iter()
            .map(|w| (w * unit).round() as i64)
            .collect()
    });
    Some(Fitted {
        material: quality(samples, &material, &material_weights),
        all: quality(samples, &all, &weights),
        intercept: weights[0],
        raw: weights[1..].to_vec(),
        scaled,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solve_finds_the_solution_of_a_small_system() {
        // 2x + y = 5, x + 3y = 10: x = 1, y = 3 (the first pivot swaps the rows).
        let x = solve(vec![vec![1.0, 3.0], vec![2.0, 1.0]], vec![10.0, 5.0]);
        assert!(
            (x[0] - 1.0).abs() < 1e-12 && (x[1] - 3.0).abs() < 1e-12,
            "{x:?}"
        );
    }

    /// Samples whose results follow the model `b + w·x` exactly in expectation: at each point
    /// `x`, a share `sigmoid(b + w·x)` of 1000 games won, as fractional results.
    fn from_model(intercept: f64, weights: &[f64]) -> Vec<Sample> {
        let mut samples = Vec::new();
        let mut rng = Rng::new(11);
        for i in 0..2_000 {
            let features: Vec<f64> = weights
                .iter()
                .map(|_| (rng.below(21) as f64 - 10.0) / 4.0)
                .collect();
            let z = intercept
                + features
                    .iter()
                    .zip(weights)
                    .map(|(x, w)| x * w)
                    .sum::<f64>();
            let won = if (rng.below(1_000) as f64) < 1_000.0 * sigmoid(z) {
                1.0
            } else {
                0.0
            };
            samples.push(Sample {
                features,
                result: won,
                held_out: i % 5 == 0,
            });
        }
        samples
    }

    #[test]
    fn the_fit_recovers_the_weights_of_the_model_that_made_the_results() {
        let samples = from_model(0.2, &[1.5, -0.5, 0.0]);
        let w = fit(&samples, &[0, 1, 2]);
        let expected = [0.2, 1.5, -0.5, 0.0];
        for (found, wanted) in w.iter().zip(expected) {
            assert!((found - wanted).abs() < 0.25, "{w:?} against {expected:?}");
        }
    }

    #[test]
    fn more_features_predict_better_and_the_scale_follows_the_first() {
        let samples = from_model(0.0, &[1.0, 2.0]);
        let fitted = fit_evaluation(&samples, 2, 256).unwrap();
        assert!(fitted.all.log_loss < fitted.material.log_loss, "{fitted:?}");
        assert!(fitted.all.accuracy > fitted.material.accuracy, "{fitted:?}");
        let scaled = fitted.scaled.unwrap();
        assert_eq!(scaled[0], 25_600);
        // The second feature counts about twice the first.
        assert!((38_000..=66_000).contains(&scaled[1]), "{scaled:?}");
    }

    #[test]
    fn nothing_outside_the_held_out_positions_is_no_fit() {
        let mut samples = from_model(0.0, &[1.0]);
        samples.iter_mut().for_each(|s| s.held_out = true);
        assert_eq!(fit_evaluation(&samples, 1, 256), None);
        assert_eq!(fit_evaluation(&[], 1, 256), None);
    }

    #[cfg(feature = "katro")]
    #[test]
    fn self_play_gives_the_positions_of_finished_games_with_their_results() {
        let features = |position: &katro::Katro| {
            crate::games::katro::features(position)
                .map(f64::from)
                .to_vec()
        };
        let samples = self_play_samples(5, 1, 1, features);
        assert!(samples.len() > 20, "{}", samples.len());
        assert!(samples.iter().any(|s| s.held_out) && samples.iter().any(|s| !s.held_out));
        assert!(samples
            .iter()
            .all(|s| s.features.len() == 6 && [0.0, 0.5, 1.0].contains(&s.result)));
        assert_eq!(samples, self_play_samples(5, 1, 1, features));
        assert_ne!(samples, self_play_samples(5, 2, 1, features));
    }
}
