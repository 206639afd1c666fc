//! Counts perft nodes for any game of the workspace.
//!
//! ```text
//! cargo run --release --example perft -- toguz DEPTH [--optional-tuzdik] [--board 9|7|5]
//! cargo run --release --example perft -- mangala4 DEPTH [options]
//! cargo run --release --example perft -- katro DEPTH [options]
//! ```
//!
//! Prints the count, the time and the nodes per second, and ends with `perft(DEPTH) = NODES`.

mod katro_cli;
mod mangala4_cli;
mod toguz_cli;

use mancala_engine::perft::perft;
use mancala_engine::Position;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: perft GAME DEPTH [OPTIONS]   (GAME = toguz | mangala4 | katro)";

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
    match game.as_str() {
        "toguz" => toguz_cli::run(depth, options),
        "mangala4" => mangala4_cli::run(depth, options),
        "katro" => katro_cli::run(depth, options),
        other => Err(format!("unknown game `{other}`")),
    }
}

/// Counts, times and prints perft from `position`.
pub fn report<P: Position>(position: &P, depth: u32) {
    let start = Instant::now();
    let nodes = perft(position, depth);
    let seconds = start.elapsed().as_secs_f64();
    println!("nodes: {nodes}");
    println!("time: {seconds:.3} s");
    println!("nodes per second: {:.0}", nodes as f64 / seconds.max(1e-9));
    println!("perft({depth}) = {nodes}");
}
