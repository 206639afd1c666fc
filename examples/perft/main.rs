//! Counts perft nodes for any game of the workspace.
//!
//! ```text
//! cargo run --release --example perft -- toguz DEPTH [--optional-tuzdik] [--board 9|7|5]
//! cargo run --release --example perft -- mangala4 DEPTH [options]
//! cargo run --release --example perft -- katro DEPTH [options]
//! ```
//!
//! `--threads N` (before the game's options) shares the work out over `N` threads.
//! Prints the count, the time and the nodes per second, and ends with `perft(DEPTH) = NODES`.

mod katro_cli;
mod mangala4_cli;
mod toguz_cli;

use mancala_engine::perft::{perft, perft_parallel};
use mancala_engine::Position;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

const USAGE: &str =
    "usage: perft GAME DEPTH [--threads N] [OPTIONS]   (GAME = toguz | mangala4 | katro)";

/// Threads for perft: 1 unless `--threads` says otherwise.
static THREADS: AtomicUsize = AtomicUsize::new(1);

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
    let [game, depth, options @ ..] = args else {
        return Err("expected a game and a depth".into());
    };
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("depth `{depth}` is not a whole number"))?;
    let options = match options {
        [flag, threads, rest @ ..] if flag == "--threads" => {
            let threads: usize = threads
                .parse()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("--threads takes a positive number, not `{threads}`"))?;
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build_global()
                .map_err(|e| e.to_string())?;
            THREADS.store(threads, Ordering::Relaxed);
            rest
        }
        _ => options,
    };
    match game.as_str() {
        "toguz" => toguz_cli::run(depth, options),
        "mangala4" => mangala4_cli::run(depth, options),
        "katro" => katro_cli::run(depth, options),
        other => Err(format!("unknown game `{other}`")),
    }
}

/// Counts, times and prints perft from `position` (on the thread pool when it has more than one
/// thread).
pub fn report<P>(position: &P, depth: u32)
where
    P: Position + Send + Sync,
    P::Move: Send + Sync,
{
    let threads = THREADS.load(Ordering::Relaxed);
    let start = Instant::now();
    let nodes = if threads > 1 {
        perft_parallel(position, depth)
    } else {
        perft(position, depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    println!("nodes: {nodes}");
    println!("threads: {threads}");
    println!("time: {seconds:.3} s");
    println!("nodes per second: {:.0}", nodes as f64 / seconds.max(1e-9));
    println!("perft({depth}) = {nodes}");
}
