//! Plays seeded random games on one thread and reports the speed.
//!
//! ```text
//! cargo run --release --example playouts -- GAME GAMES [--seed S]
//! ```
//!
//! GAME is `toguz`, `mangala4` (random starts) or `katro`. Every move is a uniformly random
//! legal move, move generation and the random choice included. Ends with the line
//! `games=G moves=M seconds=T moves_per_sec=R`.

use mancala_engine::playout::random_playout;
use mancala_engine::{Position, Rng};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: playouts GAME GAMES [--seed S]   (GAME = toguz | mangala4 | katro)";

/// A cap on the moves of one game: no game of the workspace comes near it, and it keeps a
/// random game of a rule set that allows endless play from running for ever.
const MAX_PLIES: u32 = 100_000;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}\n{USAGE}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let [game, games, options @ ..] = args else {
        return Err("expected a game and a number of games".into());
    };
    let games: u64 = games
        .parse()
        .map_err(|_| format!("GAMES `{games}` is not a whole number"))?;
    let seed = match options {
        [] => 0,
        [flag, value] if flag == "--seed" => value
            .parse()
            .map_err(|_| format!("seed `{value}` is not a whole number"))?,
        _ => return Err(format!("unexpected options {options:?}")),
    };
    let mut rng = Rng::new(seed);
    match game.as_str() {
        "toguz" => report(games, &mut rng, |_| toguz::Position::default()),
        other => return Err(format!("unknown game `{other}`")),
    }
    Ok(())
}

/// Plays `games` random games, each from the position `start` gives, and prints the totals.
fn report<P: Position>(games: u64, rng: &mut Rng, mut start: impl FnMut(&mut Rng) -> P) {
    let clock = Instant::now();
    let mut moves = 0u64;
    for _ in 0..games {
        let position = start(rng);
        moves += u64::from(random_playout(position, rng, MAX_PLIES).plies);
    }
    let seconds = clock.elapsed().as_secs_f64();
    let rate = moves as f64 / seconds.max(1e-9);
    println!("games={games} moves={moves} seconds={seconds:.3} moves_per_sec={rate:.0}");
}
