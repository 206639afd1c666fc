//! `match fit`: reads or plays the games a game's evaluation learns from, has
//! `mancala_search::fit` fit its weights by logistic regression on their results, and prints
//! them.

use mancala_games::registry::{self, Registered, Visitor};
use mancala_games::search::fit::{Sample, Source};

/// The usage of `fit`, for its errors.
const USAGE: &str = "fit takes GAME PGN_FILE for a game fitted on records, \
GAME GAMES [--seed S] for one fitted on self-play";

/// `match fit`: fits the weights of the game named first in `args` and prints them.
pub fn run(args: &[String]) -> Result<(), String> {
    let [game, rest @ ..] = args else {
        return Err(USAGE.into());
    };
    registry::with_game(game, Fit(rest)).map_err(|unknown| unknown.to_string())?
}

/// `fit` on the arguments after the game's name.
struct Fit<'a>(&'a [String]);

impl Visitor for Fit<'_> {
    type Output = Result<(), String>;
    fn visit<G: Registered>(self) -> Self::Output {
        let fitting = G::fitting()
            .ok_or_else(|| format!("{}'s evaluation has no weights to fit", G::NAME))?;
        let (source, samples) = match (fitting.source, self.0) {
            (Source::Records(read), [path]) => {
                let text = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
                let (games, samples) = read(&String::from_utf8_lossy(&text));
                errln!("{games} games, {} positions", samples.len());
                (path.clone(), samples)
            }
            (Source::SelfPlay { .. }, [games, rest @ ..]) => {
                let games = crate::cli::in_range("GAMES", games, 0..=MAX_GAMES)?;
                let seed = match rest {
                    [] => 1,
                    [flag, seed] if flag == "--seed" => {
                        crate::cli::in_range("--seed", seed, 0..=u64::MAX)?
                    }
                    _ => return Err(format!("fit {} takes GAMES [--seed S]", G::NAME)),
                };
                let samples = fitting.self_play(games, seed).unwrap_or_default();
                errln!("{games} games, {} positions", samples.len());
                (format!("{games} games"), samples)
            }
            (Source::Records(_), _) => return Err(format!("fit {} takes PGN_FILE", G::NAME)),
            (Source::SelfPlay { .. }, _) => {
                return Err(format!("fit {} takes GAMES [--seed S]", G::NAME))
            }
        };
        report(&samples, &source, fitting.names, fitting.scale)
    }
}

/// The most games a fit on self-play plays.
const MAX_GAMES: u64 = 1_000_000;

/// Fits the material-only model and the full one on the positions of `source`, prints how
/// well each predicts the held-out positions, and the full model's weights scaled for the
/// evaluation (the first feature's weight 100 × `scale`).
fn report(samples: &[Sample], source: &str, names: &[&str], scale: i64) -> Result<(), String> {
    let fitted = mancala_games::search::fit::fit_evaluation(samples, names.len(), scale)
        .ok_or_else(|| {
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
