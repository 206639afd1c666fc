//! Replays every game of a record file, as the game's records read (Toguz Kumalak's PGN in
//! either move style, every checksum checked: landing hole, tuzdik mark, kazan total and, for
//! games that ended on the board, the recorded result; the other games' record form).
//!
//! ```text
//! mancala replay GAME FILE [--json]
//! ```
//!
//! The last line is `games=G plies=P mismatches=M`, M being the games with any disagreement
//! (each is described on standard error). With `--json`, one JSON object per game comes first,
//! in file order: its index, the plies replayed, the position reached (its position string),
//! the side to move, whether the game is over, the winner (`null` for a draw or a game not
//! over) and the error. The exit status is 0 once the file has been read, whatever M is, and 2
//! when the file cannot be read or the arguments are wrong.

use crate::cli;
use mancala_games::engine::draw::{Describe, Replayed};
use mancala_games::engine::{Game, Position};
use mancala_games::registry::{self, Registered, Visitor};
use serde_json::json;
use std::ffi::OsString;
use std::io::BufReader;
use std::process::ExitCode;

/// The usage text, printed with every command-line error.
const USAGE: &str = "usage: mancala replay GAME FILE [--json]";

/// The subcommand, run on the arguments after its name.
pub fn main(args: Vec<OsString>) -> ExitCode {
    let args = match cli::args(args, ExitCode::from(2)) {
        Ok(args) => args,
        Err(code) => return code,
    };
    match run(&args) {
        Ok(code) => code,
        Err(message) => {
            errln!("error: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// Reads the command line and replays the file; `Err` for a bad command line.
fn run(args: &[String]) -> Result<ExitCode, String> {
    if matches!(args.first().map(String::as_str), Some("-h" | "--help")) {
        outln!("{USAGE}");
        return Ok(ExitCode::SUCCESS);
    }
    let json = args.iter().any(|a| a == "--json");
    if let Some(unknown) = args.iter().find(|a| a.starts_with('-') && *a != "--json") {
        return Err(format!("unknown option `{unknown}`"));
    }
    let words: Vec<&String> = args.iter().filter(|a| *a != "--json").collect();
    let [game, files @ ..] = &words[..] else {
        return Err("expected a game and a FILE".into());
    };
    let [path] = files else {
        let found = match files.len() {
            0 => "no file".to_owned(),
            n => format!("{n} files"),
        };
        return Err(format!("expected one FILE, found {found}"));
    };
    registry::with_game(game, Replay { path, json }).map_err(|unknown| unknown.to_string())
}

/// The replay of the file at `path`.
struct Replay<'a> {
    path: &'a str,
    json: bool,
}

impl Visitor for Replay<'_> {
    type Output = ExitCode;
    fn visit<G: Registered>(self) -> ExitCode {
        let path = self.path;
        let file = match std::fs::File::open(path) {
            Ok(file) => file,
            Err(e) => {
                errln!("error: cannot read {path}: {e}");
                return ExitCode::from(2);
            }
        };
        let (mut games, mut plies, mut mismatches, mut on_board) = (0, 0, 0, 0);
        let mut each = |read: Result<Replayed<G>, String>| {
            let index = games;
            games += 1;
            let (position, replayed, error) = match read {
                Ok(replayed) => {
                    let mut position = replayed.start.clone();
                    for &mv in &replayed.moves {
                        position.play_unchecked(mv);
                    }
                    (Some(position), replayed.moves.len(), replayed.error)
                }
                Err(error) => (None, 0, Some(error)),
            };
            plies += replayed;
            let over = position.as_ref().is_some_and(Position::is_over);
            on_board += usize::from(over && error.is_none());
            if let Some(error) = &error {
                mismatches += 1;
                errln!("index {index}: {error}");
            }
            if self.json {
                outln!("{}", game_json(index, replayed, position.as_ref(), error));
            }
        };
        // The records are read one game at a time, never the whole file.
        if let Err(e) = G::read_records(&mut BufReader::new(file), &mut each) {
            errln!("error: cannot read {path}: {e}");
            return ExitCode::from(2);
        }
        errln!("games over on the board, with the recorded result: {on_board}");
        outln!("games={games} plies={plies} mismatches={mismatches}");
        ExitCode::SUCCESS
    }
}

/// One game's line of `--json` output, keys in the documented order.
fn game_json<G: Game + Describe>(
    index: usize,
    plies: usize,
    position: Option<&G>,
    error: Option<String>,
) -> String {
    let side = |side| G::side_name(side).to_lowercase();
    let json = |value: serde_json::Value| value.to_string();
    format!(
        "{{\"index\":{index},\"plies\":{plies},\"position\":{},\"to_move\":{},\"over\":{},\"winner\":{},\"error\":{}}}",
        json(json!(position.map(ToString::to_string))),
        json(json!(position.map(|p| side(p.side_to_move())))),
        position.is_some_and(Position::is_over),
        json(json!(position.and_then(|p| p.outcome()?.winner).map(side))),
        json(json!(error)),
    )
}
