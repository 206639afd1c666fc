//! Plays Mangala IV boards out to the end under the default rules.
//!
//! ```text
//! mancala mangala4-playout [--leftover own-side] < boards.txt
//! ```
//!
//! Each input line is `c0,c1,…,c13 FIRST`: the 14 counts in canonical order (South's holes 1..7,
//! then North's 1..7) and FIRST = `south` or `north` (any position string is read too; the
//! rules are the command line's). For each line it prints
//! `south=S north=N reason=R plies=P left=L`: the final scores (with `--leftover own-side`, the
//! seeds left on a row count for its owner), why the game ended (`empty`, `repetition` or
//! `endless-move`), the moves played (passes not counted) and the seeds left on the board.
//! A malformed line (one that is not UTF-8 included) prints `error: line N: …` on standard
//! error and the program goes on; the exit status is then 1. Blank lines are skipped.

use crate::cli;
use mancala_engine::Game;
use std::ffi::OsString;

use crate::output::Buffered;
use mangala4::{Finish, Mangala4, RuleSet, Setup};
use std::io::BufRead;
use std::process::ExitCode;

/// The subcommand, run on the arguments after its name.
pub fn main(args: Vec<OsString>) -> ExitCode {
    let args = match cli::args(args, ExitCode::FAILURE) {
        Ok(args) => args,
        Err(code) => return code,
    };
    let (rules, args) = match cli::split_rules::<RuleSet>(&args) {
        Ok(split) => split,
        Err(message) => return usage(&message),
    };
    match args.first().map(String::as_str) {
        None => {}
        Some("-h" | "--help") => {
            outln!("usage: mancala mangala4-playout [--leftover none|own-side] < boards");
            return ExitCode::SUCCESS;
        }
        Some(other) => return usage(&format!("unknown option `{other}`")),
    }
    let mut input = std::io::stdin().lock();
    let mut out = Buffered::new();
    let mut failed = false;
    let mut bytes = Vec::new();
    for number in 1.. {
        bytes.clear();
        match input.read_until(b'\n', &mut bytes) {
            Ok(0) => break,
            Ok(_) => {}
            Err(error) => {
                errln!("error: reading line {number}: {error}");
                return ExitCode::FAILURE;
            }
        }
        let line = match std::str::from_utf8(&bytes) {
            Ok(line) => line.trim(),
            Err(error) => {
                errln!("error: line {number}: not UTF-8 text ({error})");
                failed = true;
                continue;
            }
        };
        if line.is_empty() {
            continue;
        }
        match play_out(line, rules) {
            Ok(finish) => out.line(format_args!("{}", finish.summary())),
            Err(error) => {
                errln!("error: line {number}: {error}");
                failed = true;
            }
        }
    }
    out.finish();
    if failed {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// The play-out of the start written on `line`, under `rules`.
fn play_out(line: &str, rules: RuleSet) -> Result<Finish, String> {
    let setup: Setup = line.parse().map_err(|e| format!("{e}"))?;
    let start = Mangala4::from_setup(Setup { rules, ..setup }).map_err(|e| format!("{e}"))?;
    Ok(start.play_out())
}

fn usage(message: &str) -> ExitCode {
    errln!("error: {message}\nusage: mancala mangala4-playout [--leftover none|own-side] < boards");
    ExitCode::FAILURE
}
