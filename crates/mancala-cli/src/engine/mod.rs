//! `mancala engine GAME [RULE OPTIONS]`: the computer player of a game behind a text protocol
//! on standard input and output, in UCI's words, so that graphical boards, tournament managers
//! and bots can drive it (`docs/protocol.md` describes it).
//!
//! ```text
//! mancala engine toguz
//! mancala engine oware --rules houses=6,seeds=4
//! ```
//!
//! Commands are read a line at a time: `uci`, `isready`, `setoption name N value V`,
//! `ucinewgame`, `position startpos|string S [moves M...]`, `go [movetime MS] [depth D]
//! [nodes N] [infinite] [wtime MS btime MS winc MS binc MS movestogo N]`, `stop`, `quit`. The
//! search runs on a thread of its own, so `stop` is read while it thinks. A line that cannot
//! be carried out gets one `info string error: ...` line and the engine reads on; the end of
//! the input ends it (after the move of a search with limits), and so does a closed output.

mod command;
mod session;

pub use command::{parse, shorten, MAX_LINE_BYTES};

use mancala_games::engine::Side;
use mancala_games::player::{DbSource, Rest};
use mancala_games::registry::{self, Registered, Visitor};
use mancala_games::search::Evaluator as _;
use session::{report_error, BuildDatabases, Next, Session};
use std::ffi::OsString;
use std::io::{self, BufRead};
use std::process::ExitCode;

/// The short usage text, printed with every command-line error.
const USAGE: &str = "usage: mancala engine GAME [RULE OPTIONS]
  GAME = toguz | mangala4 | katro | oware | kalah
  rule options: `mancala rules GAME` lists them, as --KEY VALUE or --rules KEY=VALUE,...
  then commands on standard input: uci, isready, setoption name N value V, ucinewgame,
  position startpos|string S [moves M...], go [movetime MS|depth D|nodes N|infinite|
  wtime MS btime MS winc MS binc MS movestogo N], stop, quit (docs/protocol.md)";

/// The subcommand, run on the arguments after its name.
pub fn main(args: Vec<OsString>) -> ExitCode {
    crate::cli::one_line_panics(crate::cli::Panics::Everywhere);
    let args = match crate::cli::args(args, ExitCode::from(2)) {
        Ok(args) => args,
        Err(code) => return code,
    };
    let Some(game) = args.first() else {
        errln!("error: expected a game\n{USAGE}");
        return ExitCode::from(2);
    };
    if ["-h", "--help", "help"].contains(&game.as_str()) {
        outln!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    let ran = registry::with_game(game, Engine(&args[1..]))
        .map_err(|e| e.to_string())
        .and_then(|ran| ran);
    match ran {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            errln!("error: {message}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

/// The engine of one game, on the arguments after its name.
struct Engine<'a>(&'a [String]);

impl Visitor for Engine<'_> {
    type Output = Result<(), String>;

    fn visit<G: Registered>(self) -> Result<(), String> {
        run::<G>(self.0)
    }
}

/// Reads the rule options of game `G`, then serves commands until `quit` or the end of the
/// input.
fn run<G: Registered>(args: &[String]) -> Result<(), String> {
    if args.iter().any(|arg| arg == "-h" || arg == "--help") {
        outln!("{USAGE}");
        return Ok(());
    }
    let (rules, rest) = crate::cli::split_rules::<G::Rules>(args)?;
    if let Some(name) = rest.first() {
        let Some(key) = name.strip_prefix("--") else {
            return Err(format!("unexpected argument `{name}`"));
        };
        return Err(
            match G::PLAY_OPTIONS.iter().find(|option| option.key == key) {
                // The one option of play that is no start: Toguz Kumalak's repetition rule.
                Some(option) if option.key == "repetition" => format!(
                "{name} ends a game that a referee keeps the history of: give it to play or match"
            ),
                Some(_) => {
                    format!("{name} chooses a start, not a rule: give it with `position string`")
                }
                None => format!(
                    "unknown {} option `{name}` (`mancala rules {}` lists its rule options)",
                    G::NAME,
                    G::NAME
                ),
            },
        );
    }
    let databases = G::endgame().map(|endgame| {
        Box::new(move |start: &G, source: &DbSource| {
            let databases = crate::databases::for_player(start, source)?;
            Ok(Box::new(move |position: &G| endgame.known(&databases, position)) as Rest<G>)
        }) as BuildDatabases<G>
    });
    let evaluate: fn(&G, Side) -> i32 =
        |position, side| G::Evaluation::default().evaluate(position, side);
    let mut session = Session::new(G::NAME, G::new(rules), evaluate, databases);
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut line = Vec::new();
    loop {
        match read_line(&mut input, &mut line) {
            Ok(Line::End) => break,
            Ok(Line::TooLong) => {
                report_error(&format!("a line is longer than {MAX_LINE_BYTES} bytes"))
            }
            Ok(Line::Text) => {
                let next = match std::str::from_utf8(&line) {
                    Ok(text) => match parse(text) {
                        Ok(command) => session.handle(command),
                        Err(message) => {
                            report_error(&message);
                            Next::Continue
                        }
                    },
                    Err(_) => {
                        report_error("a line is not UTF-8 text");
                        Next::Continue
                    }
                };
                if next == Next::Quit {
                    return Ok(());
                }
            }
            Err(_) => break,
        }
    }
    session.end_of_input();
    Ok(())
}

/// What [`read_line`] read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Line {
    /// A line, now in the buffer (without its end).
    Text,
    /// A line longer than [`MAX_LINE_BYTES`], skipped to its end.
    TooLong,
    /// The end of the input.
    End,
}

/// Reads one line into `line`, holding at most [`MAX_LINE_BYTES`] of it.
pub fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<Line> {
    line.clear();
    let mut too_long = false;
    let mut read_any = false;
    loop {
        let buffer = match input.fill_buf() {
            Ok(buffer) => buffer,
            Err(error) if error.kind() == io::ErrorKind::Interrupted => continue,
            Err(error) => return Err(error),
        };
        if buffer.is_empty() {
            return Ok(match (read_any, too_long) {
                (false, _) => Line::End,
                (true, true) => Line::TooLong,
                (true, false) => Line::Text,
            });
        }
        read_any = true;
        let (part, used, ended) = match buffer.iter().position(|&byte| byte == b'\n') {
            Some(at) => (&buffer[..at], at + 1, true),
            None => (buffer, buffer.len(), false),
        };
        if line.len() + part.len() > MAX_LINE_BYTES {
            too_long = true;
            line.clear();
        } else if !too_long {
            line.extend_from_slice(part);
        }
        input.consume(used);
        if ended {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(if too_long { Line::TooLong } else { Line::Text });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_read_whole_up_to_a_bound() {
        let long = "x".repeat(MAX_LINE_BYTES + 1);
        let text = format!("uci\r\n{long}\nisready\nlast");
        let mut input = io::BufReader::with_capacity(64, text.as_bytes());
        let mut line = Vec::new();
        let mut read = Vec::new();
        loop {
            let kind = read_line(&mut input, &mut line).unwrap();
            if kind == Line::End {
                break;
            }
            read.push((kind, String::from_utf8(line.clone()).unwrap()));
        }
        assert_eq!(
            read,
            [
                (Line::Text, "uci".to_owned()),
                (Line::TooLong, String::new()),
                (Line::Text, "isready".to_owned()),
                (Line::Text, "last".to_owned()),
            ]
        );
    }
}
