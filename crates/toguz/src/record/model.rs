//! [`Record`]: one game as a record holds it — tags, half-moves, comments, result — and the
//! edits that keep it writable and readable back.

use super::error::{RecordError, RecordErrorKind};
use super::result::PgnResult;
use crate::notation::{quote, Fen, HalfMove, ResolveError, Style};
use crate::{Move, RuleSet, Toguz};
use mancala_engine::Game;
use mancala_engine::Position as _;

/// One game record: tag pairs, half-moves, comments and the result.
///
/// Every value can be written (`Display`) and read back (`FromStr`,
/// [`read_records`](super::read_records)) to an equal value: the fields are private, and the
/// edits refuse what could not be read back. Tags with a meaning: `Rules` (the
/// [`RuleSet`], written when not the standard one), `FEN` (the start as a position string, when
/// not the start of the rules) and `Result` (the same as the result after the moves).
///
/// ```
/// use toguz::prelude::*;
/// use toguz::notation::Style;
///
/// let rules = RuleSet { board: BoardSize::Seven, ..RuleSet::STANDARD };
/// let moves = [Move::new(7), Move::new(7)];
/// let record = Record::from_moves(&Toguz::new(rules), &moves, Style::Kz).unwrap();
/// assert_eq!(record.to_string(), "[Rules \"2x7\"]\n\n1. 76 76 *\n");
/// let read: Record = record.to_string().parse().unwrap();
/// assert_eq!(read, record);
/// assert_eq!(read.replay().position.rules(), rules);
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    pub(super) tags: Vec<(String, String)>,
    pub(super) moves: Vec<HalfMove>,
    pub(super) comments: Vec<(usize, String)>,
    pub(super) result: PgnResult,
}

fn valid_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

impl Record {
    /// An empty record: no tags, no moves, result `*`.
    pub fn new() -> Record {
        Record::default()
    }

    /// The record of `moves` played from `start` (at full-move number 1), with every checksum
    /// of `style`. The result is the rules' result if the game is over, else `*`. Rules other
    /// than the standard ones go in a `Rules` tag, a start other than the rules' start in a
    /// `FEN` tag.
    ///
    /// ```
    /// use toguz::notation::Style;
    /// use toguz::record::Record;
    /// use toguz::{Move, Toguz};
    ///
    /// let moves = [8, 8, 2].map(Move::new);
    /// let record = Record::from_moves(&Toguz::default(), &moves, Style::PlayOk).unwrap();
    /// assert_eq!(record.to_string(), "1. 87(10) 87(10) 2. 22 *\n");
    /// ```
    pub fn from_moves(start: &Toguz, moves: &[Move], style: Style) -> Result<Record, RecordError> {
        let mut record = Record::new();
        let rules = start.rules();
        if rules != RuleSet::STANDARD {
            record.tags.push(("Rules".to_owned(), rules.to_string()));
        }
        if *start != Toguz::new(rules) {
            record
                .tags
                .push(("FEN".to_owned(), Fen::from(*start).to_string()));
        }
        let mut position = *start;
        for (i, &mv) in moves.iter().enumerate() {
            let half = HalfMove::from_move(&position, mv, style).map_err(|source| {
                let source = ResolveError::Illegal {
                    number: mv.number(),
                    source,
                };
                RecordError::at_ply(i + 1, RecordErrorKind::Move { half: None, source })
            })?;
            record.moves.push(half);
            position.play_unchecked(mv);
        }
        if let Some(outcome) = position.outcome() {
            record.result = PgnResult::from_outcome(outcome);
        }
        Ok(record)
    }

    /// The tag pairs, in order.
    pub fn tags(&self) -> impl Iterator<Item = (&str, &str)> {
        self.tags.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// The value of the first tag called `name`.
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// Sets tag `name` (replacing its first occurrence, else appending it). Refused when the
    /// record could not be read back: a name other than letters, digits and `_`, a control
    /// character in the value, a `Rules` or `FEN` value that does not give a start (together
    /// with the other of the two), or a `Result` other than the result after the moves (set
    /// both with [`set_result`](Record::set_result)).
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), RecordError> {
        if !valid_tag_name(name) {
            return Err(RecordErrorKind::TagName(quote(name)).into());
        }
        if value.chars().any(char::is_control) {
            return Err(RecordErrorKind::TagValue(name.to_owned()).into());
        }
        if name == "Result" {
            let tag = value
                .parse::<PgnResult>()
                .map_err(RecordErrorKind::BadResultTag)?;
            if tag != self.result {
                let result = self.result;
                return Err(RecordErrorKind::ResultTagDiffers { tag, result }.into());
            }
        }
        let old = self.replace_tag(name, value);
        if name == "Rules" || name == "FEN" {
            if let Err(error) = self.start() {
                self.restore_tag(name, old);
                return Err(error);
            }
        }
        Ok(())
    }

    /// Sets tag `name` to `value`, handing back its old value (`None` if it was new).
    fn replace_tag(&mut self, name: &str, value: &str) -> Option<String> {
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some(pair) => Some(core::mem::replace(&mut pair.1, value.to_owned())),
            None => {
                self.tags.push((name.to_owned(), value.to_owned()));
                None
            }
        }
    }

    /// Undoes [`replace_tag`](Record::replace_tag).
    fn restore_tag(&mut self, name: &str, old: Option<String>) {
        match old {
            Some(old) => {
                self.replace_tag(name, &old);
            }
            None => self.tags.retain(|(k, _)| k != name),
        }
    }

    /// The half-moves as written.
    pub fn moves(&self) -> &[HalfMove] {
        &self.moves
    }

    /// Appends a half-move (unchecked until [`replay`](Record::replay)).
    pub fn push_move(&mut self, half: HalfMove) {
        self.moves.push(half);
    }

    /// The comments, each with the number of half-moves before it.
    pub fn comments(&self) -> impl Iterator<Item = (usize, &str)> {
        self.comments.iter().map(|(p, c)| (*p, c.as_str()))
    }

    /// Adds a comment after the half-moves so far (`{zero}` after the last one says the player
    /// to move had no seeds).
    pub fn add_comment(&mut self, text: &str) -> Result<(), RecordError> {
        if text.contains('}') {
            return Err(RecordErrorKind::Comment.into());
        }
        self.comments.push((self.moves.len(), text.to_owned()));
        Ok(())
    }

    /// The result written at the end of the moves.
    pub fn result(&self) -> PgnResult {
        self.result
    }

    /// Sets the result written at the end of the moves, and the `Result` tag if there is one.
    /// Refused when the moves end the game on the board with another result. A game not over
    /// on the board (resigned, out of time) may have any result.
    pub fn set_result(&mut self, result: PgnResult) -> Result<(), RecordError> {
        let replay = self.replay();
        // Only the position after every move tells how the game ended.
        if replay.moves.len() == self.moves.len() {
            if let Some(outcome) = replay.position.outcome() {
                let by_rules = PgnResult::from_outcome(outcome);
                if by_rules != result {
                    let kind = RecordErrorKind::Result {
                        recorded: result,
                        by_rules,
                    };
                    return Err(RecordError::at_ply(self.moves.len(), kind));
                }
            }
        }
        self.result = result;
        if let Some(pair) = self.tags.iter_mut().find(|(k, _)| k == "Result") {
            pair.1 = result.to_string();
        }
        Ok(())
    }

    /// The recorded result: the one after the moves, or else the `Result` tag's.
    pub fn recorded_result(&self) -> PgnResult {
        match self.result {
            PgnResult::Unknown => self
                .tag("Result")
                .and_then(|r| r.parse().ok())
                .unwrap_or(PgnResult::Unknown),
            known => known,
        }
    }

    /// The move style of the record: PlayOK if any half-move gives a kazan total, else KZ.
    /// Replay checks the kazan totals of a PlayOK record strictly (every even capture must
    /// give one).
    pub fn style(&self) -> Style {
        if self.moves.iter().any(|h| h.kazan().is_some()) {
            Style::PlayOk
        } else {
            Style::Kz
        }
    }

    /// The rules and the start: the `Rules` tag's rules (the standard ones without it, or the
    /// ones a `FEN` tag gives), the `FEN` tag's position or else the start of the rules, at
    /// move 1.
    pub fn start(&self) -> Result<Fen, RecordError> {
        let rules = match self.tag("Rules") {
            Some(text) => Some(text.parse::<RuleSet>().map_err(RecordErrorKind::BadRules)?),
            None => None,
        };
        let start = match (self.tag("FEN"), rules) {
            (Some(text), Some(rules)) => Fen::parse_with_rules(text, rules),
            (Some(text), None) => text.parse(),
            (None, rules) => Ok(Fen::from(Toguz::new(rules.unwrap_or_default()))),
        };
        start.map_err(|e| RecordErrorKind::BadStart(e).into())
    }
}
