//! Proves how soon a game can be won: follows every legal line from the start with the
//! library's own move generation, leaving out only lines that the game's sound bound
//! ([`Played::could_end_within`], Toguz Kumalak's for one) proves cannot end in time, and
//! counts the move sequences that end with a winner at each ply.
//!
//! ```text
//! mancala shortest-win GAME [--max-plies P] [RULE OPTIONS]
//! ```
//!
//! Searches every line of up to `P` half-moves (default 11), under the game's rule options
//! (`mancala rules GAME`). Under Toguz Kumalak's `--tuzdik optional` a move
//! that makes a tuzdik and the same move declining it are different sequences. Prints, for
//! every ply, the lines that end there and those won, then the last line
//! `plies=P winning_lines=N`: the fewest half-moves in which a game is won and the number of
//! distinct sequences that win in exactly that many (`plies=none winning_lines=0` when no game
//! is won within `P`).

use crate::cli;
use std::ffi::OsString;

use mancala_games::registry::{self, Registered, Visitor};
use mancala_games::search::count_ending_lines;
#[cfg(doc)]
use mancala_games::search::games::Played;
use std::process::ExitCode;
use std::time::Instant;

const USAGE: &str = "usage: mancala shortest-win GAME [--max-plies P] [RULE OPTIONS]   (`mancala rules GAME` lists them)";

/// Deeper proofs take too long to be worth starting.
const MAX_PLIES: u32 = 14;

/// The subcommand, run on the arguments after its name.
pub fn main(args: Vec<OsString>) -> ExitCode {
    let args = match cli::args(args, ExitCode::from(2)) {
        Ok(args) => args,
        Err(code) => return code,
    };
    match args.first().map(String::as_str) {
        Some("-h" | "--help") => {
            outln!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(game) => {
            registry::with_game(game, ShortestWin(&args[1..])).unwrap_or_else(|unknown| {
                errln!("error: {unknown}\n{USAGE}");
                ExitCode::from(2)
            })
        }
        None => {
            errln!("error: expected a game\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// `shortest-win` on the arguments after the game's name.
struct ShortestWin<'a>(&'a [String]);

impl Visitor for ShortestWin<'_> {
    type Output = ExitCode;
    fn visit<G: Registered>(self) -> ExitCode {
        shortest_win::<G>(self.0)
    }
}

fn shortest_win<G: Registered>(args: &[String]) -> ExitCode {
    let mut plies = 11;
    let (rules, args) = match cli::split_rules::<G::Rules>(args) {
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
    let count = count_ending_lines(&G::new(rules), plies, G::could_end_within);
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
