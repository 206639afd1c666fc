//! `mancala`: the tools of the mancala workspace as subcommands of one program.
//!
//! ```text
//! mancala play toguz --auto
//! mancala perft toguz 7
//! mancala help
//! ```
//!
//! Each subcommand prints its usage with `--help`; its last line of output is the one scripts
//! read. Everything goes to standard output through [`output`], which ends the program quietly
//! when the reader has gone away and with one line when the output cannot be written.

// Output goes through the output module only (see its doc).
#![deny(clippy::print_stdout, clippy::print_stderr)]

#[macro_use]
mod output;
mod cli;
mod databases;
mod engine;
mod match_play;
mod perft;
mod play;
mod playouts;
mod replay;
mod rules;
mod serve;
mod shortest_win;
mod solve;

use std::ffi::OsString;
use std::process::ExitCode;

/// A subcommand: its name and its main, which takes the arguments after the name.
type Subcommand = (&'static str, fn(Vec<OsString>) -> ExitCode, &'static str);

/// Every subcommand, in the order `mancala help` lists them.
const SUBCOMMANDS: [Subcommand; 10] = [
    (
        "play",
        play::main,
        "play a game in the terminal, or watch the computer play it",
    ),
    (
        "perft",
        perft::main,
        "count the move sequences of a given length",
    ),
    (
        "playouts",
        playouts::main,
        "play seeded random games and report the speed",
    ),
    (
        "replay",
        replay::main,
        "replay a file of records, checking every move (and a PGN file's checksums)",
    ),
    (
        "match",
        match_play::main,
        "pit two computer players against each other; search a position; fit an evaluation",
    ),
    (
        "shortest-win",
        shortest_win::main,
        "prove how soon a game can be won",
    ),
    (
        "engine",
        engine::main,
        "the computer player of a game behind a UCI-worded text protocol",
    ),
    (
        "solve",
        solve::main,
        "the exact value of a position under perfect play, with its best moves",
    ),
    (
        "rules",
        rules::main,
        "list a game's rule options, the same on every subcommand",
    ),
    (
        "serve",
        serve::main,
        "a board in the browser: play, replay and analyse every game",
    ),
];

/// The exit code of a bad command line.
const BAD_COMMAND_LINE: u8 = 2;

fn main() -> ExitCode {
    let mut args = std::env::args_os().skip(1);
    let Some(name) = args.next() else {
        errln!("error: expected a subcommand\n{}", usage());
        return ExitCode::from(BAD_COMMAND_LINE);
    };
    let rest: Vec<OsString> = args.collect();
    let code = match name.to_str() {
        Some("help" | "-h" | "--help") => help(rest),
        Some("-V" | "--version") => {
            outln!("mancala {}", env!("CARGO_PKG_VERSION"));
            ExitCode::SUCCESS
        }
        Some(name) => match find(name) {
            Some(main) => main(rest),
            None => {
                errln!("error: unknown subcommand `{name}`\n{}", usage());
                ExitCode::from(BAD_COMMAND_LINE)
            }
        },
        None => {
            errln!(
                "error: argument `{}` is not UTF-8 text",
                name.to_string_lossy()
            );
            ExitCode::from(BAD_COMMAND_LINE)
        }
    };
    output::flush();
    code
}

/// The main of subcommand `name`.
fn find(name: &str) -> Option<fn(Vec<OsString>) -> ExitCode> {
    SUBCOMMANDS
        .iter()
        .find(|(known, _, _)| *known == name)
        .map(|&(_, main, _)| main)
}

/// `mancala help`: the list of subcommands; `mancala help SUBCOMMAND`: its usage.
fn help(args: Vec<OsString>) -> ExitCode {
    match args.first().and_then(|name| name.to_str()) {
        None => {
            outln!("{}", usage());
            ExitCode::SUCCESS
        }
        Some(name) => match find(name) {
            Some(main) => main(vec!["--help".into()]),
            None => {
                errln!("error: unknown subcommand `{name}`\n{}", usage());
                ExitCode::from(BAD_COMMAND_LINE)
            }
        },
    }
}

/// The usage line and the list of subcommands.
fn usage() -> String {
    let mut text = String::from(
        "usage: mancala SUBCOMMAND [ARGUMENTS]   (mancala SUBCOMMAND --help: its usage)",
    );
    for (name, _, what) in SUBCOMMANDS {
        text.push_str(&format!("\n  {name:<17} {what}"));
    }
    text.push_str(&format!(
        "\n  {:<17} {}",
        "help", "this list; help SUBCOMMAND: its usage"
    ));
    text
}
