//! The engine's commands, read from one line each: UCI's words, with the game's own position
//! string and move notation where UCI has chess's.

use std::time::Duration;

/// The longest line read: far more than any position string with a game's moves, and a bound
/// on what a line of garbage can make the engine hold.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The most milliseconds a `go` takes for a time or a clock: a day.
const MAX_MILLIS: u64 = 86_400_000;

/// Where a `position` command starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Start {
    /// The start position under the rules given on the command line.
    Startpos,
    /// A position string in the game's notation.
    String(String),
}

/// What a `go` command asks for; `None` fields are not limited.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Go {
    /// `movetime`: the time for this move.
    pub movetime: Option<Duration>,
    /// `depth`: the deepest iteration.
    pub depth: Option<u32>,
    /// `nodes`: the most nodes.
    pub nodes: Option<u64>,
    /// `infinite`: search until `stop`.
    pub infinite: bool,
    /// `wtime`, `btime`: each side's clock (South's first).
    pub clock: [Option<Duration>; 2],
    /// `winc`, `binc`: each side's increment.
    pub increment: [Option<Duration>; 2],
    /// `movestogo`: moves until the clocks get more time.
    pub moves_to_go: Option<u32>,
}

/// One command.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Command {
    /// `uci`: identify, list the options.
    Uci,
    /// `isready`: answer `readyok`.
    IsReady,
    /// `setoption name NAME [value VALUE]`.
    SetOption {
        /// The option's name (compared without regard to case).
        name: String,
        /// The value, empty for none.
        value: String,
    },
    /// `ucinewgame`: forget what earlier searches learnt.
    NewGame,
    /// `position startpos|string S [moves M...]`.
    Position {
        /// Where it starts.
        start: Start,
        /// The moves after it, in the game's notation.
        moves: Vec<String>,
    },
    /// `go ...`: search.
    Go(Go),
    /// `stop`: end the search now.
    Stop,
    /// `quit`.
    Quit,
    /// A line with nothing on it.
    Empty,
}

/// Reads one line. The error says what is wrong with it.
pub fn parse(line: &str) -> Result<Command, String> {
    let mut words = line.split_whitespace();
    let Some(word) = words.next() else {
        return Ok(Command::Empty);
    };
    let rest: Vec<&str> = words.collect();
    let no_more = |command: Command| match rest.first() {
        None => Ok(command),
        Some(extra) => Err(format!("`{word}` takes nothing after it, not `{extra}`")),
    };
    match word {
        "uci" => no_more(Command::Uci),
        "isready" => no_more(Command::IsReady),
        "ucinewgame" => no_more(Command::NewGame),
        "stop" => no_more(Command::Stop),
        "quit" => no_more(Command::Quit),
        "setoption" => set_option(&rest),
        "position" => position(&rest),
        "go" => go(&rest).map(Command::Go),
        other => Err(format!("unknown command `{}`", shorten(other))),
    }
}

/// At most 40 characters of `text`, for an error message.
pub fn shorten(text: &str) -> String {
    let mut short: String = text.chars().take(40).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}

/// `name NAME... [value VALUE...]`: both may hold spaces, as in UCI.
fn set_option(words: &[&str]) -> Result<Command, String> {
    if words.first() != Some(&"name") {
        return Err("setoption takes `name NAME [value VALUE]`".into());
    }
    let words = &words[1..];
    let split = words.iter().position(|&word| word == "value");
    let (name, value) = match split {
        Some(at) => (&words[..at], &words[at + 1..]),
        None => (words, &[][..]),
    };
    if name.is_empty() {
        return Err("setoption takes an option name after `name`".into());
    }
    Ok(Command::SetOption {
        name: name.join(" "),
        value: value.join(" "),
    })
}

/// `startpos [moves M...]` or `string S... [moves M...]`.
fn position(words: &[&str]) -> Result<Command, String> {
    let split = words.iter().position(|&word| word == "moves");
    let (head, moves) = match split {
        Some(at) => (&words[..at], &words[at + 1..]),
        None => (words, &[][..]),
    };
    let start = match head {
        ["startpos"] => Start::Startpos,
        ["string", string @ ..] if !string.is_empty() => Start::String(string.join(" ")),
        ["string"] => return Err("position string takes the game's position string".into()),
        _ => return Err("position takes `startpos` or `string S`, then `moves M...`".into()),
    };
    Ok(Command::Position {
        start,
        moves: moves.iter().map(|&mv| mv.to_owned()).collect(),
    })
}

/// The limits of `go`.
fn go(words: &[&str]) -> Result<Go, String> {
    let mut go = Go::default();
    let mut words = words.iter();
    while let Some(&word) = words.next() {
        if word == "infinite" {
            go.infinite = true;
            continue;
        }
        let mut number = |least: u64, most: u64| -> Result<u64, String> {
            let value = words
                .next()
                .ok_or_else(|| format!("go {word} takes a number"))?;
            value
                .parse::<u64>()
                .ok()
                .filter(|n| (least..=most).contains(n))
                .ok_or_else(|| {
                    format!(
                        "go {word} takes a whole number from {least} to {most}, not `{}`",
                        shorten(value)
                    )
                })
        };
        let millis = |n: u64| Some(Duration::from_millis(n));
        match word {
            "movetime" => go.movetime = millis(number(0, MAX_MILLIS)?),
            "depth" => {
                let most = u64::from(mancala_search::MAX_SEARCH_DEPTH);
                go.depth = Some(number(1, most)? as u32)
            }
            "nodes" => go.nodes = Some(number(0, u64::MAX)?),
            "wtime" => go.clock[0] = millis(number(0, MAX_MILLIS)?),
            "btime" => go.clock[1] = millis(number(0, MAX_MILLIS)?),
            "winc" => go.increment[0] = millis(number(0, MAX_MILLIS)?),
            "binc" => go.increment[1] = millis(number(0, MAX_MILLIS)?),
            "movestogo" => go.moves_to_go = Some(number(0, 1000)? as u32),
            other => return Err(format!("unknown go limit `{}`", shorten(other))),
        }
    }
    Ok(go)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_read_as_uci_words() {
        assert_eq!(parse("  uci "), Ok(Command::Uci));
        assert_eq!(parse(""), Ok(Command::Empty));
        assert_eq!(
            parse("setoption name Clear Hash"),
            Ok(Command::SetOption {
                name: "Clear Hash".into(),
                value: String::new()
            })
        );
        assert_eq!(
            parse("setoption name Threads value 2"),
            Ok(Command::SetOption {
                name: "Threads".into(),
                value: "2".into()
            })
        );
        assert_eq!(
            parse("position string a b c moves 1 2"),
            Ok(Command::Position {
                start: Start::String("a b c".into()),
                moves: vec!["1".into(), "2".into()]
            })
        );
        let Ok(Command::Go(go)) = parse("go wtime 1000 btime 2000 winc 10 binc 20 movestogo 5")
        else {
            panic!("a clock")
        };
        assert_eq!(go.clock, [millis(1000), millis(2000)]);
        assert_eq!(go.increment, [millis(10), millis(20)]);
        assert_eq!(go.moves_to_go, Some(5));
        for bad in [
            "uci x",
            "nonsense",
            "setoption",
            "setoption name",
            "position",
            "position string",
            "position fen x",
            "go depth",
            "go depth 65",
            "go movetime -1",
            "go sideways",
        ] {
            assert!(parse(bad).is_err(), "{bad}");
        }
    }

    fn millis(n: u64) -> Option<Duration> {
        Some(Duration::from_millis(n))
    }
}
