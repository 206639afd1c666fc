//! Counts the move sequences of each length from the start of Toguz Kumalak (perft), the
//! figure every move generator is checked against, and times the count.
//!
//! ```text
//! cargo run --release --example perft [-- DEPTH]
//! ```
//!
//! The command-line tool does the same for every game and rule set: `mancala perft --help`.

use mancala_games::engine::perft::{check_depth, perft};
use mancala_games::toguz::Toguz;
use std::error::Error;
use std::io::Write;
use std::time::Instant;

fn main() -> Result<(), Box<dyn Error>> {
    let depth: u32 = match std::env::args().nth(1) {
        Some(text) => text
            .parse()
            .map_err(|_| format!("DEPTH must be a whole number, not `{text}`"))?,
        None => 5,
    };
    // perft refuses a depth past its bound: ask first rather than catch the panic.
    check_depth(depth).map_err(|error| error.to_string())?;
    let start = Toguz::default();
    let mut out = std::io::stdout().lock();
    for plies in 1..=depth {
        let clock = Instant::now();
        let nodes = perft(&start, plies);
        let seconds = clock.elapsed().as_secs_f64();
        writeln!(out, "perft({plies}) = {nodes}  ({seconds:.3} s)")?;
    }
    Ok(())
}
