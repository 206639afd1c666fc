//! Plays Mangala IV boards out to the end under the default rules.
//!
//! ```text
//! cargo run --release --example mangala4_playout [-- --leftover own-side] < boards.txt
//! ```
//!
//! Each input line is `c0,c1,…,c13 FIRST`: the 14 counts in canonical order (South's holes 1..7,
//! then North's 1..7) and FIRST = `south` or `north`. For each line it prints
//! `south=S north=N reason=R plies=P left=L`: the final scores (with `--leftover own-side`, the
//! counters left on a row count for its owner), why the game ended (`empty`, `repetition` or
//! `endless-move`), the moves played (passes not counted) and the counters left on the board.
//! A malformed line prints `error: …` on standard error and the program goes on; the exit
//! status is then 1. Blank lines are skipped.

use mangala4::{Leftover, RuleSet, Setup};
use std::io::{BufRead, BufWriter, Write};
use std::process::ExitCode;

fn main() -> ExitCode {
    let mut rules = RuleSet::default();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--leftover" => match args.next().map(|value| value.parse::<Leftover>()) {
                Some(Ok(leftover)) => rules.leftover = leftover,
                Some(Err(error)) => return usage(&error.to_string()),
                None => return usage("--leftover needs a value: none or own-side"),
            },
            other => return usage(&format!("unknown option `{other}`")),
        }
    }
    let stdin = std::io::stdin();
    let mut out = BufWriter::new(std::io::stdout().lock());
    let mut failed = false;
    for (number, line) in stdin.lock().lines().enumerate() {
        let line = match line {
            Ok(line) => line,
            Err(error) => {
                eprintln!("error: reading line {}: {error}", number + 1);
                return ExitCode::FAILURE;
            }
        };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        match line.parse::<Setup>() {
            Ok(setup) => {
                let finish = setup.position(rules).play_out();
                if writeln!(out, "{finish}").is_err() {
                    return ExitCode::FAILURE;
                }
            }
            Err(error) => {
                eprintln!("error: line {}: {error}", number + 1);
                failed = true;
            }
        }
    }
    if out.flush().is_err() || failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

fn usage(message: &str) -> ExitCode {
    eprintln!("error: {message}\nusage: mangala4_playout [--leftover none|own-side] < boards");
    ExitCode::FAILURE
}
