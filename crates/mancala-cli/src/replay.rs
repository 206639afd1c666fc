//! Replays every game of a Toguz Kumalak PGN file (KZ or PlayOK move style), checking every
//! checksum (landing hole, tuzdik mark, kazan total) and, for games that ended on the board,
//! the recorded result.
//!
//! ```text
//! mancala replay FILE [--json]
//! ```
//!
//! The last line is `games=G plies=P mismatches=M`, M being the games with any disagreement
//! (each is described on standard error). With `--json`, one JSON object per game comes first,
//! in file order. The exit status is 0 once the file has been read, whatever M is, and 2 when
//! the file cannot be read or the arguments are wrong.

use crate::cli;
use std::ffi::OsString;

use serde_json::json;
use std::io::BufReader;
use std::process::ExitCode;
use toguz::prelude::*;
use toguz::record::{Reader, RecordErrorKind, Replay};

/// The usage text, printed with every command-line error.
const USAGE: &str = "usage: mancala replay FILE [--json]";

/// The subcommand, run on the arguments after its name.
pub fn main(args: Vec<OsString>) -> ExitCode {
    let args = match cli::args(args, ExitCode::from(2)) {
        Ok(args) => args,
        Err(code) => return code,
    };
    if matches!(args.first().map(String::as_str), Some("-h" | "--help")) {
        outln!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let json = args.iter().any(|a| a == "--json");
    if let Some(unknown) = args.iter().find(|a| a.starts_with('-') && *a != "--json") {
        errln!("error: unknown option `{unknown}`\n{USAGE}");
        return ExitCode::from(2);
    }
    let files: Vec<&String> = args.iter().filter(|a| *a != "--json").collect();
    let [path] = files[..] else {
        let found = if files.is_empty() {
            "no file".to_owned()
        } else {
            format!("{} files", files.len())
        };
        errln!("error: expected one FILE, found {found}\n{USAGE}");
        return ExitCode::from(2);
    };
    let file = match std::fs::File::open(path) {
        Ok(file) => file,
        Err(e) => {
            errln!("error: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
    };
    // The records are read one game at a time, never the whole file. Invalid UTF-8 becomes
    // U+FFFD, which the reader then reports in the game concerned.
    let records = Reader::new(BufReader::new(file));
    let (mut games, mut plies, mut mismatches, mut on_board) = (0usize, 0usize, 0usize, 0usize);
    for (index, item) in records.enumerate() {
        let (replay, error) = match item {
            Ok(game) => {
                let replay = game.replay();
                let error = replay.error.as_ref().map(|e| e.to_string());
                (replay, error)
            }
            Err(e) if matches!(e.kind, RecordErrorKind::Io(_)) => {
                errln!("error: cannot read {path}: {}", e.kind);
                return ExitCode::from(2);
            }
            Err(e) => {
                let message = e.to_string();
                let partial = e.partial.map(|p| *p).unwrap_or_default();
                (partial.replay(), Some(message))
            }
        };
        games += 1;
        plies += replay.moves.len();
        let result = replay.position.outcome().map(PgnResult::from_outcome);
        if result.is_some() && error.is_none() {
            on_board += 1;
        }
        if let Some(error) = &error {
            mismatches += 1;
            errln!("index {index}: {error}");
        }
        if json {
            outln!("{}", game_json(index, &replay, result, error));
        }
    }
    errln!("games over on the board, with the recorded result: {on_board}");
    outln!("games={games} plies={plies} mismatches={mismatches}");
    ExitCode::SUCCESS
}

/// One game's line of `--json` output, keys in the documented order.
fn game_json(
    index: usize,
    replay: &Replay,
    result: Option<PgnResult>,
    error: Option<String>,
) -> String {
    let position = &replay.position;
    let to_move = match position.side_to_move() {
        Side::South => "white",
        Side::North => "black",
    };
    let json = |value: serde_json::Value| value.to_string();
    format!(
        "{{\"index\":{index},\"plies\":{},\"pits\":{},\"kazans\":{},\"tuzdiks\":{},\"to_move\":\"{to_move}\",\"result\":{},\"error\":{}}}",
        replay.moves.len(),
        json(json!(&*position.board())),
        json(json!([position.kazan(Side::South), position.kazan(Side::North)])),
        json(json!([position.tuzdik(Side::South), position.tuzdik(Side::North)])),
        json(json!(result.map(PgnResult::as_str))),
        json(json!(error)),
    )
}
