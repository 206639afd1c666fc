//! The game record format: a start position, the moves, the result.

use crate::{Move, ParseError, Katro};
use core::fmt;
use core::str::FromStr;
use mancala_engine::history::History;
use mancala_engine::Position as _;

/// A game: its start position and every move, replayed and checked as it is built, so a record
/// never holds an illegal move. Extra tags (event, players, …) are kept in order.
///
/// The text form is a few tag lines then the moves:
///
/// ```text
/// [Start "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S"]
/// [Result "*"]
/// [Event "club night"]
/// a1 d4 b1
/// ```
///
/// `Start` is the [position string](Katro#impl-Display-for-Katro) (with its rules) and is
/// required; `Result` is `*` for a game in progress or the outcome (`south wins (no-seeds)`,
/// `draw (endless-move)`), and when present it must match what the moves give. Moves are in
/// [move notation](Move), separated by white space; move numbers such as `12.` are allowed and
/// ignored. Tag values may not contain `"` or line breaks.
#[derive(Debug, Clone)]
pub struct GameRecord {
    history: History<Katro>,
    tags: Vec<(String, String)>,
}

impl GameRecord {
    /// A record of a game starting at `start`, with no moves yet.
    pub fn new(start: Katro) -> GameRecord {
        GameRecord {
            history: History::new(start),
            tags: Vec::new(),
        }
    }

    /// Plays `mv` if it is legal, else returns why not and changes nothing.
    pub fn play(&mut self, mv: Move) -> Result<(), crate::MoveError> {
        self.history.play(mv)
    }

    /// The start position.
    pub fn start(&self) -> &Katro {
        self.history.start()
    }

    /// The position after the last move.
    pub fn position(&self) -> &Katro {
        self.history.current()
    }

    /// The moves played.
    pub fn moves(&self) -> &[Move] {
        self.history.moves()
    }

    /// The full history (positions, repetition counts).
    pub fn history(&self) -> &History<Katro> {
        &self.history
    }

    /// The extra tags, in order.
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// Adds or replaces an extra tag. `Start` and `Result` are derived from the game and cannot
    /// be set; names must be ASCII letters and values free of `"` and line breaks.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), ParseError> {
        if name == "Start" || name == "Result" {
            return Err(ParseError::Record(format!(
                "tag `{name}` is derived from the game"
            )));
        }
        if name.is_empty() || !name.bytes().all(|b| b.is_ascii_alphabetic()) {
            return Err(ParseError::Record(format!(
                "`{name}` is not a tag name (ASCII letters)"
            )));
        }
        if value.contains(['"', '\n', '\r']) {
            return Err(ParseError::Record(format!(
                "the value of tag `{name}` contains a quote or a line break"
            )));
        }
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
        Ok(())
    }

    /// `*` while the game goes on, else the outcome as written in the `Result` tag.
    pub fn result(&self) -> String {
        match self.position().outcome() {
            Some(outcome) => outcome.to_string(),
            None => "*".to_string(),
        }
    }
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "[Start \"{}\"]", self.start())?;
        writeln!(f, "[Result \"{}\"]", self.result())?;
        for (name, value) in &self.tags {
            writeln!(f, "[{name} \"{value}\"]")?;
        }
        let moves: Vec<String> = self.moves().iter().map(Move::to_string).collect();
        writeln!(f, "{}", moves.join(" "))
    }
}

fn parse_tag(line: &str) -> Result<(&str, &str), ParseError> {
    let bad = || ParseError::Record(format!("`{line}` is not a tag line like [Name \"value\"]"));
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(bad)?;
    let (name, quoted) = inner.split_once(' ').ok_or_else(bad)?;
    let value = quoted
        .strip_prefix('"')
        .and_then(|v| v.strip_suffix('"'))
        .ok_or_else(bad)?;
    if value.contains('"') {
        return Err(bad());
    }
    Ok((name, value))
}

impl FromStr for GameRecord {
    type Err = ParseError;
    /// Parses and replays a record; every move must be legal and a `Result` tag must match.
    fn from_str(s: &str) -> Result<GameRecord, ParseError> {
        let mut start = None;
        let mut result = None;
        let mut tags: Vec<(&str, &str)> = Vec::new();
        let mut movetext = Vec::new();
        for line in s.lines().map(str::trim).filter(|l| !l.is_empty()) {
            if line.starts_with('[') {
                if !movetext.is_empty() {
                    return Err(ParseError::Record("tag line after the moves".into()));
                }
                let (name, value) = parse_tag(line)?;
                let duplicate = match name {
                    "Start" => start.replace(value).is_some(),
                    "Result" => result.replace(value).is_some(),
                    _ => {
                        let seen = tags.iter().any(|(n, _)| *n == name);
                        tags.push((name, value));
                        seen
                    }
                };
                if duplicate {
                    return Err(ParseError::Record(format!("tag `{name}` is given twice")));
                }
            } else {
                movetext.extend(line.split_whitespace());
            }
        }
        let start = start.ok_or_else(|| ParseError::Record("the Start tag is missing".into()))?;
        let mut record = GameRecord::new(start.parse()?);
        for (name, value) in tags {
            record.set_tag(name, value)?;
        }
        let is_move_number = |t: &str| {
            t.strip_suffix('.')
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        };
        for token in movetext.into_iter().filter(|t| !is_move_number(t)) {
            let mv: Move = token.parse()?;
            let ply = record.moves().len() + 1;
            record
                .play(mv)
                .map_err(|error| ParseError::IllegalMove { ply, mv, error })?;
        }
        if let Some(claimed) = result {
            let actual = record.result();
            if claimed != actual {
                return Err(ParseError::Record(format!(
                    "the Result tag says `{claimed}` but the moves give `{actual}`"
                )));
            }
        }
        Ok(record)
    }
}
