//! `match fit`: reads or plays the games, has `mancala_search::fit` fit the weights of the
//! game's evaluation by logistic regression on their results, and prints them.

use mancala_search::fit::{self_play_samples, Sample};
use mancala_search::games;

/// `match fit`: fits the weights of the game named first in `args` and prints them.
pub fn run(args: &[String]) -> Result<(), String> {
    match args {
        [game, path] if game == "toguz" => {
            let text = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
            let (games, samples) = games::toguz::record_samples(&String::from_utf8_lossy(&text));
            errln!("{games} games, {} positions", samples.len());
            report(
                &samples,
                path,
                &games::toguz::FEATURE_NAMES,
                games::toguz::WEIGHT_SCALE,
            )
        }
        [game, games, rest @ ..] if ["katro", "oware", "kalah"].contains(&game.as_str()) => {
            let games = crate::cli::in_range("GAMES", games, 0..=MAX_GAMES)?;
            let seed = match rest {
                [] => 1,
                [flag, seed] if flag == "--seed" => seed.parse().map_err(|_| "bad seed")?,
                _ => return Err(format!("fit {game} takes GAMES [--seed S]")),
            };
            let samples = match game.as_str() {
                "katro" => self_play_samples(games, seed, KATRO_DEPTH, games::katro::features),
                "oware" => self_play_samples(games, seed, OWARE_DEPTH, games::oware::features),
                _ => self_play_samples(games, seed, KALAH_DEPTH, games::kalah::features),
            };
            errln!("{games} games, {} positions", samples.len());
            let source = format!("{games} games");
            match game.as_str() {
                "katro" => report(
                    &samples,
                    &source,
                    &games::katro::FEATURE_NAMES,
                    games::katro::WEIGHT_SCALE,
                ),
                "oware" => report(
                    &samples,
                    &source,
                    &games::oware::FEATURE_NAMES,
                    games::oware::WEIGHT_SCALE,
                ),
                _ => report(
                    &samples,
                    &source,
                    &games::kalah::FEATURE_NAMES,
                    games::kalah::WEIGHT_SCALE,
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

/// Fits the material-only model and the full one on the positions of `source`, prints how
/// well each predicts the held-out positions, and the full model's weights scaled for the
/// evaluation (the first feature's weight 100 × `scale`).
fn report(samples: &[Sample], source: &str, names: &[&str], scale: i64) -> Result<(), String> {
    let fitted =
        mancala_search::fit::fit_evaluation(samples, names.len(), scale).ok_or_else(|| {
            format!(
                "found nothing to fit in {source}: {} positions, none outside the held-out games",
                samples.len()
            )
        })?;
    for (label, quality) in [
        ("material only:", fitted.material),
        ("all features: ", fitted.all),
    ] {
        outln!(
            "{label} held-out log-loss={:.4} accuracy={:.1}%",
            quality.log_loss,
            100.0 * quality.accuracy
        );
    }
    outln!("intercept {:.4}", fitted.intercept);
    let scaled = fitted
        .scaled
        .ok_or("the first feature got no weight: nothing to scale the others by")?;
    for ((name, raw), scaled) in names.iter().zip(&fitted.raw).zip(&scaled) {
        outln!("{name:>20} {raw:>12.6} -> {scaled}");
    }
    let weights: Vec<String> = scaled.iter().map(i64::to_string).collect();
    outln!("weights=[{}]", weights.join(", "));
    Ok(())
}
