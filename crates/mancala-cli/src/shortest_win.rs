//! Proves how soon a game of Toguz Kumalak can be won: follows every legal line from the start
//! with the library's own move generation, leaving out only lines that a sound bound
//! ([`mancala_search::games::toguz::could_end_within`]) proves cannot end in time, and counts the move sequences
//! that end with a winner at each ply.
//!
//! ```text
//! mancala shortest-win [--max-plies P] [RULE OPTIONS]
//! ```
//!
//! Searches every line of up to `P` half-moves (default 11), under Toguz Kumalak's rule options
//! (`mancala rules toguz`). Under `--tuzdik optional` a move
//! that makes a tuzdik and the same move declining it are different sequences. Prints, for
//! every ply, the lines that end there and those won, then the last line
//! `plies=P winning_lines=N`: the fewest half-moves in which a game is won and the number of
//! distinct sequences that win in exactly that many (`plies=none winning_lines=0` when no game
//! is won within `P`).

use crate::cli;
use std::ffi::OsString;

use mancala_engine::Game;
use mancala_search::count_ending_lines;
use std::process::ExitCode;
use std::time::Instant;
use toguz::{RuleSet, Toguz};

const USAGE: &str = "usage: mancala shortest-win [--max-plies P] [RULE OPTIONS]   (`mancala rules toguz` lists them)";

/// Deeper proofs take too long to be worth starting.
const MAX_PLIES: u32 = 14;

/// The subcommand, run on the arguments after its name.
pub fn main(args: Vec<OsString>) -> ExitCode {
    let mut plies = 11;
    let args = match cli::args(args, ExitCode::from(2)) {
        Ok(args) => args,
        Err(code) => return code,
    };
    let (rules, args) = match cli::split_rules::<RuleSet>(&args) {
        Ok(split) => split,
        Err(message) => {
            errln!("error: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "-h" | "--help" => {
                outln!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            "--max-plies" => match args.next().and_then(|v| v.parse().ok()) {
                Some(p) if p <= MAX_PLIES => plies = p,
                _ => {
                    errln!("error: --max-plies takes a number up to {MAX_PLIES}\n{USAGE}");
                    return ExitCode::from(2);
                }
            },
            other => {
                errln!("error: unknown argument `{other}`\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    let started = Instant::now();
    let count = count_ending_lines(
        &Toguz::new(rules),
        plies,
        mancala_search::games::toguz::could_end_within,
    );
    for ply in 1..=plies as usize {
        outln!(
            "ply {ply:>2}: games ended {:>10}, won {:>10}",
            count.ended[ply],
            count.won[ply]
        );
    }
    outln!(
        "positions visited {}, subtrees pruned by the bound {}, {:.2} s",
        count.nodes,
        count.pruned,
        started.elapsed().as_secs_f64()
    );
    match count.shortest_win() {
        Some(ply) => outln!("plies={ply} winning_lines={}", count.won[ply]),
        None => outln!("plies=none winning_lines=0"),
    }
    ExitCode::SUCCESS
}
