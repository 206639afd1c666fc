//! A game record: the setup, the opening ritual, the rule options and the moves with what each
//! captured; and its text form.
//!
//! ```text
//! setup 7,7,7,7,7,7,7,7,7,7,7,7,7,7 south
//! opening hid=2 guess=odd chooser=challenger row=north
//! leftover none
//! moves S1 N1 S2xN6N5=12 N- S3!
//! result south=50 north=46 reason=empty plies=87 left=0
//! ```
//!
//! One keyword per line, in this order; `opening` is optional, `leftover` may be omitted for
//! the default (`none`), `result` is written once the game is over. A move is the mover's
//! initial and the number of his hole from his left (`S1`); a capture adds `x`, the holes the
//! chain took (landing hole first, each with its opposite) and `=` the counters taken
//! (`S2xN6N5=12`); a pass is the initial and `-` (`N-`); an endless move (M8) ends with `!`.
//! Reading a record replays it: every move must be the one the rules force and must capture
//! what the rules capture, and a `result` line must match the end reached.

use crate::position::HoleName;
use crate::{Effect, Finish, Mangala4, Move, Opening, ParseError, RitualError, RuleSet, Setup};
use core::fmt;
use mancala_engine::{Outcome, Position as _, Side};

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
        /// The line.
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
        /// What the record says.
        found: String,
    },
    /// A move after the end of the game.
    #[error("move {number} `{found}` comes after the end of the game")]
    AfterEnd {
        /// Move number (from 1, passes included).
        number: usize,
        /// The move written.
        found: String,
    },
    /// The `result` line does not match the end of the replayed game.
    #[error("the game ends with `{expected}`, the record says `{found}`")]
    Result {
        /// The result reached by the replay, or `none` when the game is not over.
        expected: String,
        /// The result written.
        found: String,
    },
}

/// A game from its setup on: the start, the optional ritual, the rule options, every move with
/// its effect, and the current position.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    setup: Setup,
    opening: Option<Opening>,
    rules: RuleSet,
    moves: Vec<Effect>,
    position: Mangala4,
    plies: u32,
}

impl Record {
    /// A game about to start.
    pub fn new(setup: Setup, opening: Option<Opening>, rules: RuleSet) -> Record {
        Record {
            setup,
            opening,
            rules,
            moves: Vec::new(),
            position: setup.position(rules),
            plies: 0,
        }
    }

    /// The start.
    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The ritual, if one was recorded.
    pub fn opening(&self) -> Option<&Opening> {
        self.opening.as_ref()
    }

    /// The rule options.
    pub fn rules(&self) -> RuleSet {
        self.rules
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
    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    /// Plays the next (forced) turn, or returns `None` once the game is over.
    pub fn play_next(&mut self) -> Option<Effect> {
        if self.position.end_reason().is_some() {
            return None;
        }
        let effect = self.position.play_forced_reported();
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
            outcome: self.outcome()?,
        })
    }

    /// Reads a record, replaying and checking every move (see the [module docs](self)).
    pub fn parse(text: &str) -> Result<Record, RecordError> {
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
        let setup: Setup = setup_text
            .parse()
            .map_err(|error| RecordError::Parse { line, error })?;
        let mut opening = None;
        if let Some(&(line, text)) = lines.peek() {
            if let Some(rest) = text.strip_prefix("opening ") {
                opening = Some(
                    rest.parse::<Opening>()
                        .map_err(|error| RecordError::Opening { line, error })?,
                );
                lines.next();
            }
        }
        let mut rules = RuleSet::default();
        if let Some(&(line, text)) = lines.peek() {
            if let Some(rest) = text.strip_prefix("leftover ") {
                rules.leftover = rest
                    .parse()
                    .map_err(|error| RecordError::Parse { line, error })?;
                lines.next();
            }
        }
        let mut record = Record::new(setup, opening, rules);
        if let Some(&(_, text)) = lines.peek() {
            if let Some(rest) = text.strip_prefix("moves") {
                if rest.is_empty() || rest.starts_with(' ') {
                    for (i, token) in rest.split_whitespace().enumerate() {
                        let number = i + 1;
                        let Some(effect) = record.play_next() else {
                            return Err(RecordError::AfterEnd {
                                number,
                                found: token.to_owned(),
                            });
                        };
                        let expected = MoveToken(&effect).to_string();
                        if expected != token {
                            return Err(RecordError::Move {
                                number,
                                expected,
                                found: token.to_owned(),
                            });
                        }
                    }
                    lines.next();
                }
            }
        }
        if let Some(&(_, text)) = lines.peek() {
            if let Some(rest) = text.strip_prefix("result ") {
                let expected = match record.finish() {
                    Some(finish) => finish.to_string(),
                    None => "none".to_owned(),
                };
                if expected != rest {
                    return Err(RecordError::Result {
                        expected,
                        found: rest.to_owned(),
                    });
                }
                lines.next();
            }
        }
        if let Some((line, text)) = lines.next() {
            return Err(RecordError::UnexpectedLine {
                line,
                text: text.to_owned(),
            });
        }
        Ok(record)
    }
}

/// One move of a record in its text form.
struct MoveToken<'a>(&'a Effect);

impl fmt::Display for MoveToken<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let effect = self.0;
        let initial = match effect.side {
            Side::South => 'S',
            Side::North => 'N',
        };
        match effect.mv {
            Move::Pass => write!(f, "{initial}-"),
            Move::Sow(hole) => {
                write!(f, "{}", HoleName(hole))?;
                if let Some(capture) = effect.capture {
                    f.write_str("x")?;
                    for taken in capture.taken() {
                        write!(f, "{}", HoleName(taken))?;
                    }
                    write!(f, "={}", capture.counters)?;
                }
                if effect.endless {
                    f.write_str("!")?;
                }
                Ok(())
            }
        }
    }
}

impl fmt::Display for Effect {
    /// The move as a record writes it (`S1`, `S2xN6N5=12`, `N-`, `S3!`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        MoveToken(self).fmt(f)
    }
}

impl fmt::Display for Record {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "setup {}", self.setup)?;
        if let Some(opening) = &self.opening {
            writeln!(f, "opening {opening}")?;
        }
        writeln!(f, "leftover {}", self.rules.leftover)?;
        f.write_str("moves")?;
        for effect in &self.moves {
            write!(f, " {effect}")?;
        }
        writeln!(f)?;
        if let Some(finish) = self.finish() {
            writeln!(f, "result {finish}")?;
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
