//! Fitting an evaluation's weights to game results by logistic regression: the chance that
//! the side to move goes on to win is modelled as `1 / (1 + e^-(b + w·x))`, `x` being the
//! position's features, and `b`, `w` are found by Newton's method on the log-likelihood with
//! a small ridge penalty. Positions of games numbered 5k are held out to check the fit.

use mancala_engine::{Position, Rng, Side};
use mancala_search::{AlphaBeta, Limits, Player};

/// One position: its features and the result for its side to move (1 won, ½ drawn, 0 lost).
struct Sample {
    features: Vec<f64>,
    result: f64,
    held_out: bool,
}

/// `match fit`: fits the weights of the game named first in `args` and prints them.
pub fn run(args: &[String]) -> Result<(), String> {
    match args {
        [game, path] if game == "toguz" => {
            let text = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            let samples = toguz_samples(&String::from_utf8_lossy(&text));
            something_to_fit(&samples, path)?;
            report(
                &samples,
                &mancala_search::games::toguz::FEATURE_NAMES,
                mancala_search::games::toguz::WEIGHT_SCALE,
            );
            Ok(())
        }
        [game, games, rest @ ..] if ["katro", "oware", "kalah"].contains(&game.as_str()) => {
            let games = crate::cli::in_range("GAMES", games, 0..=MAX_GAMES)?;
            let seed = match rest {
                [] => 1,
                [flag, seed] if flag == "--seed" => seed.parse().map_err(|_| "bad seed")?,
                _ => return Err(format!("fit {game} takes GAMES [--seed S]")),
            };
            let source = format!("{games} games");
            match game.as_str() {
                "katro" => fit_self_play(
                    games,
                    seed,
                    KATRO_DEPTH,
                    &source,
                    mancala_search::games::katro::features,
                    &mancala_search::games::katro::FEATURE_NAMES,
                    mancala_search::games::katro::WEIGHT_SCALE,
                ),
                "oware" => fit_self_play(
                    games,
                    seed,
                    OWARE_DEPTH,
                    &source,
                    mancala_search::games::oware::features,
                    &mancala_search::games::oware::FEATURE_NAMES,
                    mancala_search::games::oware::WEIGHT_SCALE,
                ),
                _ => fit_self_play(
                    games,
                    seed,
                    KALAH_DEPTH,
                    &source,
                    mancala_search::games::kalah::features,
                    &mancala_search::games::kalah::FEATURE_NAMES,
                    mancala_search::games::kalah::WEIGHT_SCALE,
                ),
            }
        }
        _ => Err(
            "fit takes `toguz PGN_FILE`, `katro GAMES [--seed S]`, `oware GAMES [--seed S]` or \
             `kalah GAMES [--seed S]`"
                .into(),
        ),
    }
}

/// The depth of the old player's self-play games `fit kalah` learns from.
const KALAH_DEPTH: u32 = 6;

/// The depth of the old player's self-play games `fit katro` learns from.
const KATRO_DEPTH: u32 = 3;

/// The depth of the old player's self-play games `fit oware` learns from.
const OWARE_DEPTH: u32 = 6;

/// The most games `fit katro`, `fit oware` and `fit kalah` play.
const MAX_GAMES: u64 = 1_000_000;

/// Fits a game's evaluation on the positions of `games` self-play games of the old player at
/// `depth` (seeded by `seed`, described as `source`) and prints the weights.
fn fit_self_play<P: mancala_engine::Game, const N: usize>(
    games: u64,
    seed: u64,
    depth: u32,
    source: &str,
    features: fn(&P) -> [i32; N],
    names: &[&str],
    scale: i64,
) -> Result<(), String> {
    let samples = self_play_samples(games, seed, depth, features);
    something_to_fit(&samples, source)?;
    report(&samples, names, scale);
    Ok(())
}

/// Fails, naming `source`, when no position is left to fit the weights on: a fit of nothing
/// would print weights of zero as though they were found.
fn something_to_fit(samples: &[Sample], source: &str) -> Result<(), String> {
    if samples.iter().all(|sample| sample.held_out) {
        return Err(format!(
            "found nothing to fit in {source}: {} positions, none outside the held-out games",
            samples.len()
        ));
    }
    Ok(())
}

/// The result of a game for `side`.
fn result_for(winner: Option<Side>, side: Side) -> f64 {
    match winner {
        Some(w) if w == side => 1.0,
        Some(_) => 0.0,
        None => 0.5,
    }
}

/// Every position of every game of the file that replays cleanly and has a known result
/// (the first two plies, nearly alike in every game, and finished positions left out).
fn toguz_samples(text: &str) -> Vec<Sample> {
    use toguz::record::{read_records, PgnResult};
    let mut samples = Vec::new();
    let mut games = 0;
    for (index, game) in read_records(text).enumerate() {
        let Ok(game) = game else { continue };
        let winner = match game.recorded_result() {
            PgnResult::WhiteWins => Some(toguz::WHITE),
            PgnResult::BlackWins => Some(toguz::BLACK),
            PgnResult::Draw => None,
            PgnResult::Unknown => continue,
        };
        let replay = game.replay();
        if replay.error.is_some() {
            continue;
        }
        games += 1;
        let mut position = replay.start;
        for (ply, &mv) in replay.moves.iter().enumerate() {
            if ply >= 2 && !position.is_over() {
                samples.push(Sample {
                    features: mancala_search::games::toguz::features(&position)
                        .map(f64::from)
                        .to_vec(),
                    result: result_for(winner, position.side_to_move()),
                    held_out: index % 5 == 0,
                });
            }
            position.play_unchecked(mv);
        }
    }
    errln!("{games} games, {} positions", samples.len());
    samples
}

/// Positions of `games` games the old player (at `depth`) plays against itself from the game's
/// standard start, each from 6 random plies drawn from a generator seeded by `seed` and the
/// game's number, with their `features`.
fn self_play_samples<P: mancala_engine::Game, const N: usize>(
    games: u64,
    seed: u64,
    depth: u32,
    features: fn(&P) -> [i32; N],
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
                features: features(seen).map(f64::from).to_vec(),
                result: result_for(outcome.winner, seen.side_to_move()),
                held_out: number % 5 == 0,
            });
        }
    }
    errln!("{games} games, {} positions", samples.len());
    samples
}

fn sigmoid(z: f64) -> f64 {
    1.0 / (1.0 + (-z).exp())
}

/// The weights (intercept first) of the model on features `used`, by Newton's method.
fn fit(samples: &[Sample], used: &[usize]) -> Vec<f64> {
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

/// Solves `a x = b` by Gaussian elimination with partial pivoting.
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

/// Mean log-loss and the share of decisive positions whose winner the model favours, on the
/// held-out positions.
fn quality(samples: &[Sample], used: &[usize], w: &[f64]) -> (f64, f64) {
    let (mut loss, mut n, mut right, mut decisive) = (0.0f64, 0.0f64, 0.0f64, 0.0f64);
    for s in samples.iter().filter(|s| s.held_out) {
        let z = w[0]
            + used
                .iter()
                .zip(&w[1..])
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
    (loss / n.max(1.0), right / decisive.max(1.0))
}

/// Fits the material-only model and the full one, prints how well each predicts the held-out
/// positions, and the full model's weights scaled for the evaluation (first feature's weight
/// = 100 × `scale`).
fn report(samples: &[Sample], names: &[&str], scale: i64) {
    let material = [0usize];
    let all: Vec<usize> = (0..names.len()).collect();
    let w0 = fit(samples, &material);
    let (loss, accuracy) = quality(samples, &material, &w0);
    outln!(
        "material only: held-out log-loss={loss:.4} accuracy={:.1}%",
        100.0 * accuracy
    );
    let w = fit(samples, &all);
    let (loss, accuracy) = quality(samples, &all, &w);
    outln!(
        "all features:  held-out log-loss={loss:.4} accuracy={:.1}%",
        100.0 * accuracy
    );
    outln!("intercept {:.4}", w[0]);
    let unit = 100.0 * scale as f64 / w[1];
    let mut weights = Vec::new();
    for (name, wi) in names.iter().zip(&w[1..]) {
        let scaled = (wi * unit).round() as i64;
        outln!("{name:>20} {wi:>12.6} -> {scaled}");
        weights.push(scaled.to_string());
    }
    outln!("weights=[{}]", weights.join(", "));
}
