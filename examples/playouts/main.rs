//! Plays seeded random games on one thread and reports the speed.
//!
//! ```text
//! cargo run --release --example playouts -- GAME GAMES [--seed S] [--threads N]
//! ```
//!
//! GAME is `toguz`, `mangala4` (random starts) or `katro`. Every move is a uniformly random
//! legal move, move generation and the random choice included. With `--threads N` the games
//! are shared out over `N` threads, thread `t` drawing from its own generator seeded `S + t`
//! (so the games differ from a one-thread run with the same seed). Ends with the line
//! `games=G moves=M seconds=T moves_per_sec=R`.

use mancala_engine::playout::random_playout;
use mancala_engine::{Position, Rng};
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str =
    "usage: playouts GAME GAMES [--seed S] [--threads N]   (GAME = toguz | mangala4 | katro)";

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
    let (mut seed, mut threads) = (0u64, 1u64);
    let mut options = options.iter();
    while let Some(flag) = options.next() {
        let value = options
            .next()
            .ok_or_else(|| format!("{flag} needs a value"))?;
        let number = || {
            value
                .parse::<u64>()
                .map_err(|_| format!("{flag} takes a whole number, not `{value}`"))
        };
        match flag.as_str() {
            "--seed" => seed = number()?,
            "--threads" => threads = number()?.max(1),
            other => return Err(format!("unknown option `{other}`")),
        }
    }
    let job = Job {
        games,
        seed,
        threads,
    };
    match game.as_str() {
        "toguz" => job.run(|_| toguz::Toguz::default()),
        "mangala4" => job.run(|rng| {
            mangala4::Mangala4::new(&mangala4::Setup::random_from(rng), Default::default())
        }),
        "katro" => job.run(|_| katro::Katro::default()),
        other => return Err(format!("unknown game `{other}`")),
    }
    Ok(())
}

/// What to play: how many games, from which seed, on how many threads.
struct Job {
    games: u64,
    seed: u64,
    threads: u64,
}

impl Job {
    /// Plays the games, each from the position `start` draws, and prints the totals.
    fn run<P: Position>(&self, start: impl Fn(&mut Rng) -> P + Sync) {
        let clock = Instant::now();
        let moves: u64 = std::thread::scope(|scope| {
            let workers: Vec<_> = (0..self.threads)
                .map(|t| {
                    // Thread t plays every game whose number is t modulo the thread count.
                    let games = (self.games + self.threads - 1 - t) / self.threads;
                    let start = &start;
                    scope.spawn(move || play(games, &mut Rng::new(self.seed + t), start))
                })
                .collect();
            workers.into_iter().map(|w| w.join().unwrap_or(0)).sum()
        });
        let seconds = clock.elapsed().as_secs_f64();
        let rate = moves as f64 / seconds.max(1e-9);
        println!(
            "games={} moves={moves} seconds={seconds:.3} moves_per_sec={rate:.0}",
            self.games
        );
    }
}

/// Plays `games` random games on this thread, one after the other, and returns the moves
/// played.
fn play<P: Position>(games: u64, rng: &mut Rng, start: &impl Fn(&mut Rng) -> P) -> u64 {
    let mut moves = 0;
    for _ in 0..games {
        let position = start(rng);
        moves += u64::from(random_playout(position, rng, MAX_PLIES).plies);
    }
    moves
}
