//! Plays seeded random games of Oware to their end: the same seed gives the same games on
//! every machine, which is what tests and benchmarks of play-outs rely on.
//!
//! ```text
//! cargo run --example playout [-- SEED]
//! ```

use mancala_games::engine::playout::random_playout;
use mancala_games::engine::prelude::*;
use mancala_games::oware::Oware;
use std::error::Error;
use std::io::Write;

/// A cap on a game's length, for rule sets that allow endless play.
const MAX_PLIES: u32 = 10_000;

fn main() -> Result<(), Box<dyn Error>> {
    let seed: u64 = match std::env::args().nth(1) {
        Some(text) => text
            .parse()
            .map_err(|_| format!("SEED must be a whole number, not `{text}`"))?,
        None => 1,
    };
    let mut rng = Rng::new(seed);
    let mut out = std::io::stdout().lock();
    for game in 1..=5 {
        let end = random_playout(Oware::default(), &mut rng, MAX_PLIES);
        let result = match end.position.result() {
            Some(result) => result.to_string(),
            None => format!("unfinished after {MAX_PLIES} plies"),
        };
        writeln!(out, "game {game}: {} plies, {result}", end.plies)?;
        writeln!(out, "  final position `{}`", end.position)?;
    }
    Ok(())
}
