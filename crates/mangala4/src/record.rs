//! A game record: the start, the opening ritual and the moves with what each captured; and
//! its text form.
//!
//! ```text
//! setup 1,2,0,0,3,0,0/2,0,1,0,0,1,0 0 0 S
//! opening hid=2 guess=odd chooser=challenger row=north
//! moves S1xS5=5 N1 S3xS4=2 N2xN3=2 S- N6 S- N7 S1 N- S2 N- S3 N- S4 N- S5 N- S6 N- S7 N1 S- N2 S- N3 S- N4 S- N5
//! result south wins 7-2 (repetition)
//! ```
//!
//! One keyword per line, in this order; `opening` is optional, `result` is written once the
//! game is over. The `setup` line is the start's position string (see
//! [`notation`](crate::notation)), rule options included; a start may be written
//! `c0,…,c13 SIDE`. A move is written as [`Effect`] writes it: the mover's initial and the
//! number of his hole from his left (`S1`); a capture adds `x`, the holes the chain took
//! (landing hole first, each with its opposite) and `=` the seeds taken (`S2xN6N5=12`); a pass
//! is the initial and `-` (`N-`); an endless move (M8) ends with `!`. The result is the shared
//! result text (`south wins 50-46 (empty)`, `draw 49-49 (repetition)`).
//!
//! Reading a record replays it: every move must be the one the rules force and must capture
//! what the rules capture, and a `result` line must match the end reached. The reader takes
//! time in proportion to the text, holds only the record it builds, and keeps at most a short
//! excerpt of a bad line in its error. It also reads the older form: a `leftover none|own-side`
//! line after `opening`, and the result as `south=S north=N reason=R plies=P left=L`. A
//! byte-order mark at the start of the text is skipped.
//!
//! The record above is the library's own: a game played from that start, written, and read
//! back.
//!
//! ```
//! use mangala4::prelude::*;
//! use mangala4::Opening;
//!
//! let start: Mangala4 = "1,2,0,0,3,0,0/2,0,1,0,0,1,0 0 0 S".parse()?;
//! let opening: Opening = "hid=2 guess=odd chooser=challenger row=north".parse()?;
//! let mut record = Record::new(start, Some(opening));
//! record.play_to_end();
//! let text = record.to_string();
//! assert_eq!(
//!     text.lines().nth(2),
//!     Some(
//!         "moves S1xS5=5 N1 S3xS4=2 N2xN3=2 S- N6 S- N7 S1 N- S2 N- S3 N- S4 N- S5 N- S6 N- \
//!          S7 N1 S- N2 S- N3 S- N4 S- N5"
//!     )
//! );
//! assert_eq!(text.lines().last(), Some("result south wins 7-2 (repetition)"));
//! assert_eq!(text.parse::<Record>()?.to_string(), text);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use crate::notation::excerpt;
use crate::playout::Finish;
use crate::{Effect, Mangala4, Move, Opening, ParseError, RitualError};
use core::fmt;
use mancala_engine::{Game, GameResult, Position};

/// Why a record was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// The first line must be `setup …`.
    #[error("a record starts with a `setup` line")]
    MissingSetup,
    /// A line with an unknown keyword, or out of order.
    #[error("line {line}: unexpected `{text}`")]
    UnexpectedLine {
        /// Line number (from 1).
        line: usize,
        /// The start of the line.
        text: String,
    },
    /// The setup or the leftover option did not parse.
    #[error("line {line}: {error}")]
    Parse {
        /// Line number (from 1).
        line: usize,
        /// What is wrong.
        error: ParseError,
    },
    /// The opening did not parse.
    #[error("line {line}: {error}")]
    Opening {
        /// Line number (from 1).
        line: usize,
        /// What is wrong.
        error: RitualError,
    },
    /// A move is not the one the rules force, or does not capture what they capture.
    #[error("move {number}: the rules give `{expected}`, the record says `{found}`")]
    Move {
        /// Move number (from 1, passes included).
        number: usize,
        /// What the rules give.
        expected: String,
        /// What the record says (its start, if long).
        found: String,
    },
    /// A move after the end of the game.
    #[error("move {number} `{found}` comes after the end of the game")]
    AfterEnd {
        /// Move number (from 1, passes included).
        number: usize,
        /// The move written (its start, if long).
        found: String,
    },
    /// The `result` line does not match the end of the replayed game.
    #[error("the game ends with `{expected}`, the record says `{found}`")]
    Result {
        /// The result reached by the replay, or `none` when the game is not over.
        expected: String,
        /// The result written (its start, if long).
        found: String,
    },
}

/// A game from its start on: the start position, the optional ritual, every turn with its
/// effect, and the current position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    start: Mangala4,
    opening: Option<Opening>,
    moves: Vec<Effect>,
    position: Mangala4,
    plies: u32,
}

impl Record {
    /// A game about to be played from `start` (whose rules it follows).
    pub fn new(start: Mangala4, opening: Option<Opening>) -> Record {
        Record {
            start,
            opening,
            moves: Vec::new(),
            position: start,
            plies: 0,
        }
    }

    /// The start.
    pub fn start(&self) -> &Mangala4 {
        &self.start
    }

    /// The ritual, if one was recorded.
    pub fn opening(&self) -> Option<&Opening> {
        self.opening.as_ref()
    }

    /// Every turn played, passes included.
    pub fn moves(&self) -> &[Effect] {
        &self.moves
    }

    /// The current position.
    pub fn position(&self) -> &Mangala4 {
        &self.position
    }

    /// Moves played (passes not counted; an endless move counts).
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The result, once the game is over.
    pub fn result(&self) -> Option<GameResult> {
        self.position.result()
    }

    /// Plays the next (forced) turn, or returns `None` once the game is over.
    pub fn play_next(&mut self) -> Option<Effect> {
        if self.position.is_over() {
            return None;
        }
        let effect = self.position.play_forced();
        if effect.mv != Move::Pass {
            self.plies += 1;
        }
        self.moves.push(effect);
        Some(effect)
    }

    /// Plays to the end of the game. The record grows by one entry per turn; for statistics,
    /// [`Mangala4::play_out`] gives the same end without storing the moves.
    pub fn play_to_end(&mut self) -> &mut Record {
        while self.play_next().is_some() {}
        self
    }

    /// The end of the game as a play-out reports it, once it is over.
    pub fn finish(&self) -> Option<Finish> {
        Some(Finish {
            position: self.position,
            plies: self.plies,
            result: self.result()?,
        })
    }

    /// Reads a record, replaying and checking every move (see the [module docs](self)).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let text = mancala_engine::notation::without_byte_order_marks(text);
        let mut lines = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty())
            .peekable();
        let (line, setup_line) = lines.next().ok_or(RecordError::MissingSetup)?;
        let setup_text = setup_line
            .strip_prefix("setup ")
            .ok_or(RecordError::MissingSetup)?;
        let parse_error = |line| move |error| RecordError::Parse { line, error };
        let mut setup: crate::Setup = setup_text.parse().map_err(parse_error(line))?;
        let mut opening = None;
        if let Some(rest) = lines.peek().and_then(|(_, t)| t.strip_prefix("opening ")) {
            let line = lines.peek().map_or(0, |&(line, _)| line);
            opening = Some(
                rest.parse::<Opening>()
                    .map_err(|error| RecordError::Opening { line, error })?,
            );
            lines.next();
        }
        if let Some(rest) = lines.peek().and_then(|(_, t)| t.strip_prefix("leftover ")) {
            let line = lines.peek().map_or(0, |&(line, _)| line);
            setup.rules.leftover = rest.parse().map_err(parse_error(line))?;
            lines.next();
        }
        let start = Mangala4::from_setup(setup).map_err(|e| parse_error(line)(e.into()))?;
        let mut record = Record::new(start, opening);
        if let Some(rest) = lines.peek().and_then(|(_, t)| moves_line(t)) {
            for (i, token) in rest.split_whitespace().enumerate() {
                record.replay(i + 1, token)?;
            }
            lines.next();
        }
        if let Some(rest) = lines.peek().and_then(|(_, t)| t.strip_prefix("result ")) {
            record.check_result(rest)?;
            lines.next();
        }
        if let Some((line, text)) = lines.next() {
            return Err(RecordError::UnexpectedLine {
                line,
                text: excerpt(text),
            });
        }
        Ok(record)
    }

    /// Plays the next turn and checks it against `token`, move `number` of the record.
    fn replay(&mut self, number: usize, token: &str) -> Result<(), RecordError> {
        let Some(effect) = self.play_next() else {
            return Err(RecordError::AfterEnd {
                number,
                found: excerpt(token),
            });
        };
        let expected = effect.to_string();
        if expected != token {
            return Err(RecordError::Move {
                number,
                expected,
                found: excerpt(token),
            });
        }
        Ok(())
    }

    /// Checks a `result` line (the shared result text, or the older line) against the end.
    fn check_result(&self, written: &str) -> Result<(), RecordError> {
        let finish = self.finish();
        let matches = finish.is_some_and(|finish| {
            written == finish.result.to_string() || written == finish.summary()
        });
        if matches {
            return Ok(());
        }
        Err(RecordError::Result {
            expected: finish.map_or_else(|| "none".to_owned(), |f| f.result.to_string()),
            found: excerpt(written),
        })
    }
}

/// The moves of a `moves` line, if it is one.
fn moves_line(line: &str) -> Option<&str> {
    let rest = line.strip_prefix("moves")?;
    (rest.is_empty() || rest.starts_with(' ')).then_some(rest)
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "setup {}", self.start)?;
        if let Some(opening) = &self.opening {
            writeln!(f, "opening {opening}")?;
        }
        f.write_str("moves")?;
        for effect in &self.moves {
            write!(f, " {effect}")?;
        }
        writeln!(f)?;
        if let Some(result) = self.result() {
            writeln!(f, "result {result}")?;
        }
        Ok(())
    }
}

impl core::str::FromStr for Record {
    type Err = RecordError;
    fn from_str(s: &str) -> Result<Record, RecordError> {
        Record::parse(s)
    }
}
