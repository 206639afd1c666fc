//! Reading records one game at a time, from a string or any [`BufRead`], in time linear in the
//! text and in memory bounded by the largest game kept.

use super::error::{RecordError, RecordErrorKind};
use super::tokens::{Lexer, Token};
use super::writer::numbering;
use super::Record;
use crate::notation::quote;
use core::str::FromStr;
use mancala_engine::{Position as _, Side};
use std::io::BufRead;

/// The most tags a game keeps.
const MAX_TAGS: usize = 1_000;
/// The most comments a game keeps.
const MAX_COMMENTS: usize = 10_000;
/// The most half-moves a game keeps.
const MAX_PLIES: usize = 100_000;

/// Reads the records of a PGN text, in order. Each item is a record or the first error in it;
/// after an error, reading goes on with the next game. Never panics, and always ends.
///
/// ```
/// use toguz::record::{read_records, PgnResult};
///
/// let text = r#"[Site "PlayOK"]
/// [Result "1-0"]
///
/// 1. 87(10) 87(10) 2. 22 99(22) 1-0
/// "#;
/// let records: Vec<_> = read_records(text).collect::<Result<_, _>>().unwrap();
/// assert_eq!(records[0].moves().len(), 4);
/// let replay = records[0].replay();
/// assert!(replay.error.is_none());
/// assert_eq!(replay.moves.len(), 4);
/// // Written out, the record reads back the same.
/// let again = read_records(&records[0].to_string()).next().unwrap().unwrap();
/// assert_eq!(again, records[0]);
/// assert_eq!(again.result(), PgnResult::WhiteWins);
/// ```
pub fn read_records(text: &str) -> Reader<&[u8]> {
    Reader::new(text.as_bytes())
}

/// The records of a PGN text read from `source`, one game at a time: see [`read_records`].
///
/// It holds one line of the text and the game being read, never the whole text. Invalid
/// UTF-8 reads as U+FFFD (and then fails in the game concerned); a UTF-8 byte-order mark at
/// the start is skipped. Limits keep a game's memory bounded whatever the input: a line or a
/// comment of 64 KiB, 1 000 tags, 10 000 comments and 100 000 half-moves per game; a game over
/// a limit is an error and the rest of it is skipped.
pub struct Reader<R> {
    lexer: Lexer<R>,
    index: usize,
}

impl<R: BufRead> Reader<R> {
    /// A reader of the records in `source`.
    pub fn new(source: R) -> Reader<R> {
        Reader {
            lexer: Lexer::new(source),
            index: 0,
        }
    }
}

/// The first error of a game being read: what, on which line, at which ply.
type Failure = (RecordErrorKind, usize, Option<usize>);

/// A record being read, and the first error in it.
struct Draft {
    record: Record,
    error: Option<Failure>,
    /// The moves have begun: a tag at the start of a line now begins the next game.
    movetext: bool,
    /// The side to move and the full-move number at the start, once known.
    start: Option<(Side, u64)>,
    finished: bool,
}

impl Draft {
    fn fail(&mut self, kind: RecordErrorKind, line: usize, ply: Option<usize>) {
        if self.error.is_none() {
            self.error = Some((kind, line, ply));
        }
    }

    /// Takes one token of the game.
    fn take(&mut self, token: Token, line: usize) {
        let ply = self.record.moves.len() + 1;
        let record = &mut self.record;
        match token {
            Token::Tag(name, value) => {
                if self.movetext {
                    // A tag inside the moves: the previous game lacked its result.
                    self.fail(RecordErrorKind::NoResult, line, None);
                } else if record.tags.len() == MAX_TAGS {
                    let kind = too_large("the number of tags", MAX_TAGS);
                    self.fail(kind, line, None);
                } else {
                    record.tags.push((name, value));
                }
            }
            Token::Comment(text) => {
                if record.comments.len() == MAX_COMMENTS {
                    let kind = too_large("the number of comments", MAX_COMMENTS);
                    self.fail(kind, line, None);
                } else {
                    record.comments.push((record.moves.len(), text));
                }
            }
            Token::Number(text, value) => {
                let Some((side, first)) = self.start(line) else {
                    return;
                };
                let (expected, _) = numbering(side, first, self.record.moves.len());
                if value != Some(expected) {
                    let kind = RecordErrorKind::MoveNumber {
                        found: text,
                        expected,
                    };
                    self.fail(kind, line, Some(ply));
                }
            }
            Token::Move(half) => {
                if record.moves.len() == MAX_PLIES {
                    let kind = too_large("the number of half-moves", MAX_PLIES);
                    self.fail(kind, line, Some(ply));
                } else {
                    record.moves.push(half);
                }
            }
            Token::Result(result) => {
                record.result = result;
                self.finished = true;
            }
        }
    }

    /// The side to move and full-move number at the start, from the tags read so far.
    fn start(&mut self, line: usize) -> Option<(Side, u64)> {
        if self.start.is_none() {
            match self.record.start() {
                Ok(fen) => {
                    let side = fen.position().side_to_move();
                    self.start = Some((side, u64::from(fen.fullmove())));
                }
                Err(error) => self.fail(error.kind, line, None),
            }
        }
        self.start
    }

    /// The checks that need the whole game.
    fn finish(&mut self, line: usize) {
        if self.error.is_none() && self.start.is_none() {
            // The start is checked even when no move number asked for it.
            self.start(line);
        }
        if self.error.is_none() && !self.finished {
            self.fail(RecordErrorKind::NoResult, line, None);
        }
        if self.error.is_none() {
            if let Some(tag) = self.record.tag("Result") {
                if tag.parse() != Ok(self.record.result) {
                    let kind = RecordErrorKind::ResultMismatch {
                        tag: quote(tag),
                        token: self.record.result,
                    };
                    self.fail(kind, line, None);
                }
            }
        }
    }
}

fn too_large(what: &'static str, limit: usize) -> RecordErrorKind {
    RecordErrorKind::TooLarge { what, limit }
}

impl<R: BufRead> Iterator for Reader<R> {
    type Item = Result<Record, RecordError>;

    fn next(&mut self) -> Option<Result<Record, RecordError>> {
        let lexer = &mut self.lexer;
        lexer.skip_blank();
        if lexer.peek().is_none() {
            // The end, or a source that failed: say so once.
            let failure = lexer.take_failure()?;
            let game = self.index;
            self.index += 1;
            let error = RecordError {
                game: Some(game),
                line: Some(lexer.line_number()),
                ..RecordError::from(RecordErrorKind::Io(failure))
            };
            return Some(Err(error));
        }
        let index = self.index;
        self.index += 1;
        let mut game = Draft {
            record: Record::new(),
            error: None,
            movetext: false,
            start: None,
            finished: false,
        };
        loop {
            lexer.skip_blank();
            if game.movetext && lexer.peek() == Some('[') && lexer.at_line_start() {
                break; // the next game's tags
            }
            let ply = game.record.moves.len() + 1;
            let Some((line, token)) = lexer.token() else {
                break;
            };
            let token = match token {
                Ok(token) => token,
                Err(kind) => {
                    let in_tags = matches!(kind, RecordErrorKind::BadTag(_));
                    let ply = (game.movetext || !in_tags).then_some(ply);
                    game.fail(kind, line, ply);
                    game.movetext |= !in_tags;
                    continue;
                }
            };
            game.movetext |= !matches!(token, Token::Tag(..) | Token::Comment(_));
            let result = matches!(token, Token::Result(_));
            if game.error.is_none() {
                game.take(token, line);
            }
            if result {
                game.finished = true;
                // Comments right after the result belong to the game (PlayOK's `{zero}`).
                loop {
                    lexer.skip_blank();
                    if lexer.peek() != Some('{') {
                        break;
                    }
                    match lexer.token() {
                        Some((line, Ok(token @ Token::Comment(_)))) => {
                            if game.error.is_none() {
                                game.take(token, line);
                            }
                        }
                        _ => break, // an unclosed comment runs to the end of the text
                    }
                }
                break;
            }
        }
        game.finish(lexer.line_number());
        Some(match game.error {
            None => Ok(game.record),
            Some((kind, line, ply)) => Err(RecordError {
                game: Some(index),
                line: Some(line),
                ply,
                kind,
                partial: Some(Box::new(game.record)),
            }),
        })
    }
}

impl FromStr for Record {
    type Err = RecordError;

    /// Reads exactly one record; text after it is an error.
    fn from_str(text: &str) -> Result<Record, RecordError> {
        let mut reader = read_records(text);
        let record = reader.next().unwrap_or_else(|| {
            Err(RecordError {
                game: Some(0),
                line: Some(1),
                ..RecordError::from(RecordErrorKind::NoResult)
            })
        })?;
        if reader.next().is_some() {
            return Err(RecordError {
                game: Some(1),
                line: Some(reader.lexer.line_number()),
                ..RecordError::from(RecordErrorKind::Unexpected("a second game".to_owned()))
            });
        }
        Ok(record)
    }
}
