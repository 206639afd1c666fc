//! Plays Mangala IV boards out to the end along the forced line, one board a line of
//! standard input.
//!
//! ```text
//! cargo run -p mangala4 --example playout [-- own-side] < boards.txt
//! ```
//!
//! Each input line is `c0,c1,…,c13 FIRST`: the 14 counts in canonical order (South's holes 1..7,
//! then North's 1..7) and FIRST = `south` or `north` (any position string is read too). For
//! each line it prints `south=S north=N reason=R plies=P left=L`: the final scores (with
//! `own-side`, the seeds left on a row count for its owner), why the game ended (`empty`,
//! `repetition` or `endless-move`), the moves played (passes not counted) and the seeds left
//! on the board. A line that does not read prints `error: line N: …` on standard error and the
//! program goes on; the exit status is then 1. Blank lines are skipped.

use mancala_engine::rules::RuleOptions;
use mancala_engine::Game;
use mangala4::{Mangala4, RuleSet, Setup};
use std::io::{BufRead, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let rules = match std::env::args().nth(1).as_deref() {
        None => RuleSet::default(),
        Some(leftover) => match RuleSet::parse(&format!("leftover={leftover}")) {
            Ok(rules) => rules,
            Err(error) => {
                eprintln!("error: {error}");
                return ExitCode::from(2);
            }
        },
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let mut failed = false;
    for (number, line) in std::io::stdin().lock().split(b'\n').enumerate() {
        let bytes = match line {
            Ok(bytes) => bytes,
            Err(error) => {
                eprintln!("error: reading line {}: {error}", number + 1);
                return ExitCode::FAILURE;
            }
        };
        let line = String::from_utf8_lossy(&bytes);
        if line.trim().is_empty() {
            continue;
        }
        let finish = line
            .trim()
            .parse::<Setup>()
            .map_err(|error| error.to_string())
            .and_then(|setup| {
                Mangala4::from_setup(Setup { rules, ..setup }).map_err(|error| error.to_string())
            })
            .map(|start| start.play_out());
        match finish {
            Ok(finish) => {
                if writeln!(out, "{}", finish.summary()).is_err() {
                    // The reader has gone: nothing more to say.
                    return ExitCode::SUCCESS;
                }
            }
            Err(error) => {
                eprintln!("error: line {}: {error}", number + 1);
                failed = true;
            }
        }
    }
    if out.flush().is_err() || !failed {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
