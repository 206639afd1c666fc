//! Plays seeded random games and reports the speed.
//!
//! ```text
//! mancala playouts GAME GAMES [--seed S] [--threads N] [RULE OPTIONS]
//! ```
//!
//! GAME is `toguz`, `mangala4` (random starts), `katro`, `oware` or `kalah`; its rule options
//! are those `mancala rules GAME` lists. Every move is a uniformly
//! random legal move, move generation and the random choice included. With `--threads N` (1 to
//! 256; `0` counts as 1) the games are shared out over `N` threads, thread `t` drawing from its
//! own generator seeded `S + t` (wrapping round after 2^64 - 1, so the games differ from a
//! one-thread run with the same seed). Ends with the line
//! `games=G moves=M seconds=T moves_per_sec=R`.
//!
//! A bad command line, a thread that cannot start or a game that fails ends the program with
//! one `error:` line on standard error and a non-zero exit, saying how many games were played.

use crate::cli;
use std::ffi::OsString;

use mancala_engine::playout::random_playout;
use mancala_engine::{Position, Rng};
use mancala_games::registry::{self, Registered, Visitor};
use std::panic::AssertUnwindSafe;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

const USAGE: &str = "usage: mancala playouts GAME GAMES [--seed S] [--threads N] [RULE OPTIONS]   (GAME = toguz | mangala4 | katro | oware | kalah; `mancala rules GAME` lists its rule options)";

/// A cap on the moves of one game: no game of the workspace comes near it, and it keeps a
/// random game of a rule set that allows endless play from running for ever.
const MAX_PLIES: u32 = 100_000;

/// The most games one run plays: so many that the move count always fits 64 bits.
const MAX_GAMES: u64 = u64::MAX / MAX_PLIES as u64;

/// The most threads: far more than any machine's cores, and few enough to start.
const MAX_THREADS: u64 = 256;

/// The subcommand, run on the arguments after its name.
pub fn main(args: Vec<OsString>) -> ExitCode {
    // A panic prints one line, not a backtrace; a worker's panic is reported with the games
    // played.
    cli::run_main(args, USAGE, cli::Panics::OnMain, run)
}

fn run(args: &[String]) -> Result<(), String> {
    let [game, games, options @ ..] = args else {
        return Err(format!("expected a game and a number of games ({USAGE})"));
    };
    let games = games
        .parse::<u64>()
        .ok()
        .filter(|&n| n <= MAX_GAMES)
        .ok_or_else(|| {
            format!("GAMES takes a whole number from 0 to {MAX_GAMES}, not `{games}`")
        })?;
    registry::with_game(game, Playouts { games, options }).map_err(|e| e.to_string())?
}

/// Random games of one game under the rules the options give.
struct Playouts<'a> {
    games: u64,
    options: &'a [String],
}

impl Visitor for Playouts<'_> {
    type Output = Result<(), String>;

    fn visit<G: Registered>(self) -> Result<(), String> {
        let (rules, options) = cli::split_rules::<G::Rules>(self.options)?;
        let job = job(self.games, &options)?;
        job.run(|rng| G::random_start(rules, rng))
    }
}

/// The job the options other than the rules describe.
fn job(games: u64, options: &[String]) -> Result<Job, String> {
    let (mut seed, mut threads) = (None, None);
    let mut options = options.iter();
    while let Some(flag) = options.next() {
        let slot = match flag.as_str() {
            "--seed" => &mut seed,
            "--threads" => &mut threads,
            other => return Err(format!("unknown option `{other}` ({USAGE})")),
        };
        if slot.is_some() {
            return Err(format!("option `{flag}` is given twice"));
        }
        let value = options
            .next()
            .ok_or_else(|| format!("option `{flag}` needs a value"))?;
        let number = value
            .parse::<u64>()
            .map_err(|_| format!("{flag} takes a whole number, not `{value}`"))?;
        *slot = Some(number);
    }
    let threads = threads.unwrap_or(1).max(1);
    if threads > MAX_THREADS {
        return Err(format!("--threads takes 1 to {MAX_THREADS}, not {threads}"));
    }
    Ok(Job {
        games,
        seed: seed.unwrap_or(0),
        threads,
    })
}

/// What to play: how many games, from which seed, on how many threads.
struct Job {
    games: u64,
    seed: u64,
    threads: u64,
}

/// What one thread played.
#[derive(Debug, Default, Clone, Copy)]
struct Tally {
    games: u64,
    moves: u64,
}

impl Job {
    /// Plays the games, each from the position `start` draws, and prints the totals; or says
    /// what went wrong and how much was played.
    fn run<P: Position>(&self, start: impl Fn(&mut Rng) -> P + Sync) -> Result<(), String> {
        let clock = Instant::now();
        // Set when a thread fails, so the others stop after their current game.
        let stop = AtomicBool::new(false);
        let (tallies, failures) = std::thread::scope(|scope| {
            let mut workers = Vec::new();
            let mut failures = Vec::new();
            for t in 0..self.threads {
                // Thread t plays every game whose number is t modulo the thread count.
                let games = self.games / self.threads + u64::from(t < self.games % self.threads);
                let seed = self.seed.wrapping_add(t);
                let (start, stop) = (&start, &stop);
                let spawned = std::thread::Builder::new()
                    .name(format!("playouts-{t}"))
                    .spawn_scoped(scope, move || play(games, seed, start, stop));
                match spawned {
                    Ok(worker) => workers.push(worker),
                    Err(error) => {
                        stop.store(true, Ordering::Relaxed);
                        failures.push(format!("cannot start thread {t}: {error}"));
                        break;
                    }
                }
            }
            let mut tallies = Vec::new();
            for worker in workers {
                match worker.join() {
                    Ok((tally, None)) => tallies.push(tally),
                    Ok((tally, Some(failure))) => {
                        tallies.push(tally);
                        failures.push(failure);
                    }
                    Err(payload) => failures.push(cli::panic_message(payload.as_ref())),
                }
            }
            (tallies, failures)
        });
        let games: u64 = tallies.iter().map(|t| t.games).sum();
        let moves: u64 = tallies.iter().map(|t| t.moves).sum();
        if let Some(first) = failures.first() {
            return Err(format!(
                "{first}; stopped after {games} of {} games ({moves} moves)",
                self.games
            ));
        }
        let seconds = clock.elapsed().as_secs_f64();
        let rate = moves as f64 / seconds.max(1e-9);
        outln!(
            "games={} moves={moves} seconds={seconds:.3} moves_per_sec={rate:.0}",
            self.games
        );
        Ok(())
    }
}

/// Plays `games` random games on this thread, one after the other, from a generator seeded
/// `seed`; returns what was played and, if a game failed, why. Stops early once `stop` is set.
fn play<P: Position>(
    games: u64,
    seed: u64,
    start: &impl Fn(&mut Rng) -> P,
    stop: &AtomicBool,
) -> (Tally, Option<String>) {
    let mut tally = Tally::default();
    let mut rng = Rng::new(seed);
    let played = std::panic::catch_unwind(AssertUnwindSafe(|| {
        while tally.games < games && !stop.load(Ordering::Relaxed) {
            let position = start(&mut rng);
            tally.moves += u64::from(random_playout(position, &mut rng, MAX_PLIES).plies);
            tally.games += 1;
        }
    }));
    let failure = played.err().map(|payload| {
        stop.store(true, Ordering::Relaxed);
        format!(
            "game {} of a thread seeded {seed} failed: {}",
            tally.games + 1,
            cli::panic_message(payload.as_ref())
        )
    });
    (tally, failure)
}
