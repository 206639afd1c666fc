//! The tokens of a PGN text, read line by line from any [`BufRead`]: the reader never holds
//! more than one line (and one comment), and every byte is looked at a bounded number of times,
//! so reading takes time linear in the input whatever it holds.

use super::error::RecordErrorKind;
use super::result::PgnResult;
use crate::notation::{quote, HalfMove};
use std::io::BufRead;

/// The longest line kept, in bytes; the rest of a longer line is skipped (and reported).
pub(super) const MAX_LINE: usize = 1 << 16;
/// The longest comment kept, in bytes.
pub(super) const MAX_COMMENT: usize = 1 << 16;

/// One token of a record.
pub(super) enum Token {
    /// `[Name "value"]`.
    Tag(String, String),
    /// `{…}`, without the braces.
    Comment(String),
    /// A move number (`12.`, `5...`) as written, and its value if it has at most 19 digits.
    Number(String, Option<u64>),
    /// `1-0`, `0-1`, `1/2-1/2`, `*`.
    Result(PgnResult),
    /// A half-move.
    Move(HalfMove),
}

/// Splits a text into tokens, a line at a time.
pub(super) struct Lexer<R> {
    source: R,
    /// The current line, without its line break.
    line: String,
    /// The read position in `line`, in bytes.
    col: usize,
    /// The number of the current line, from 1 (0 before the first).
    number: usize,
    /// The bytes of the line being read.
    raw: Vec<u8>,
    /// The current line was longer than [`MAX_LINE`] and has not been reported yet.
    overlong: bool,
    /// Why the source could not be read, not reported yet.
    failure: Option<String>,
    /// No line is left.
    done: bool,
}

impl<R: BufRead> Lexer<R> {
    pub(super) fn new(source: R) -> Lexer<R> {
        Lexer {
            source,
            line: String::new(),
            col: 0,
            number: 0,
            raw: Vec::new(),
            overlong: false,
            failure: None,
            done: false,
        }
    }

    /// The number of the current line, from 1.
    pub(super) fn line_number(&self) -> usize {
        self.number.max(1)
    }

    /// Whether the read position is at the start of its line.
    pub(super) fn at_line_start(&self) -> bool {
        self.col == 0
    }

    /// The next character, without taking it (`None` at the end of the text).
    pub(super) fn peek(&self) -> Option<char> {
        self.line[self.col..].chars().next()
    }

    /// Why the source could not be read, once.
    pub(super) fn take_failure(&mut self) -> Option<String> {
        self.failure.take()
    }

    /// Moves to the next line; `false` at the end of the text.
    fn next_line(&mut self) -> bool {
        self.line.clear();
        self.col = 0;
        if self.done {
            return false;
        }
        self.raw.clear();
        let mut ended = false;
        let mut any = false;
        while !ended {
            let chunk = match self.source.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.failure = Some(e.to_string());
                    self.done = true;
                    break;
                }
            };
            if chunk.is_empty() {
                self.done = true;
                break;
            }
            any = true;
            let (used, found) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            let keep = (used - usize::from(found)).min(MAX_LINE - self.raw.len().min(MAX_LINE));
            if keep < used - usize::from(found) {
                self.overlong = true;
            }
            self.raw.extend_from_slice(&chunk[..keep]);
            self.source.consume(used);
            ended = found;
        }
        if !any {
            return false;
        }
        self.number += 1;
        self.line = String::from_utf8_lossy(&self.raw).into_owned();
        if self.number == 1 {
            let text = mancala_engine::notation::without_byte_order_marks(&self.line);
            if text.len() < self.line.len() {
                self.line = text.to_owned();
            }
        }
        true
    }

    /// Skips white space, line breaks, `;` comments and `%` escape lines.
    pub(super) fn skip_blank(&mut self) {
        loop {
            let rest = &self.line[self.col..];
            let trimmed = rest.trim_start();
            self.col += rest.len() - trimmed.len();
            match trimmed.chars().next() {
                None => {
                    if !self.next_line() {
                        return;
                    }
                }
                Some(';') => self.col = self.line.len(),
                Some('%') if self.col == 0 => self.col = self.line.len(),
                Some(_) => return,
            }
        }
    }

    /// The next token and the line it starts on; `None` at the end of the text. Always
    /// consumes something.
    pub(super) fn token(&mut self) -> Option<(usize, Result<Token, RecordErrorKind>)> {
        self.skip_blank();
        let line = self.line_number();
        if self.overlong {
            self.overlong = false;
            return Some((
                line,
                Err(RecordErrorKind::TooLarge {
                    what: "the length of a line in bytes",
                    limit: MAX_LINE,
                }),
            ));
        }
        if let Some(failure) = self.failure.take() {
            return Some((line, Err(RecordErrorKind::Io(failure))));
        }
        let first = self.peek()?;
        let token = match first {
            '[' => self.tag(),
            '{' => self.comment(),
            '}' | ']' => {
                self.col += 1;
                Err(RecordErrorKind::Unexpected(first.to_string()))
            }
            _ => self.word(),
        };
        Some((line, token))
    }

    /// A comment from the `{` at the read position to its `}`, over as many lines as it takes.
    fn comment(&mut self) -> Result<Token, RecordErrorKind> {
        self.col += 1;
        let mut text = String::new();
        let mut cut = false;
        loop {
            let rest = &self.line[self.col..];
            let (part, close) = match rest.find('}') {
                Some(end) => (&rest[..end], Some(end)),
                None => (rest, None),
            };
            if text.len() + part.len() <= MAX_COMMENT {
                text.push_str(part);
            } else {
                cut = true;
            }
            if let Some(end) = close {
                self.col += end + 1;
                break;
            }
            if !self.next_line() {
                return Err(RecordErrorKind::UnclosedComment);
            }
            if text.len() < MAX_COMMENT {
                text.push('\n');
            }
        }
        if cut {
            return Err(RecordErrorKind::TooLarge {
                what: "the length of a comment in bytes",
                limit: MAX_COMMENT,
            });
        }
        Ok(Token::Comment(text))
    }

    /// A move number, a result or a half-move.
    fn word(&mut self) -> Result<Token, RecordErrorKind> {
        let rest = &self.line[self.col..];
        let bytes = rest.as_bytes();
        let digits = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
        let dots = bytes[digits..].iter().take_while(|&&b| b == b'.').count();
        if digits > 0 && dots > 0 {
            // A move number; what follows the dots is read as the next token.
            let value = if digits <= 19 {
                rest[..digits].parse::<u64>().ok()
            } else {
                None
            };
            let text = quote(&rest[..digits + dots]);
            self.col += digits + dots;
            return Ok(Token::Number(text, value));
        }
        let len = rest.find(is_word_end).unwrap_or(rest.len());
        let word = &rest[..len];
        self.col += len;
        if let Ok(result) = word.parse::<PgnResult>() {
            return Ok(Token::Result(result));
        }
        word.parse::<HalfMove>()
            .map(Token::Move)
            .map_err(RecordErrorKind::BadMove)
    }

    /// A tag pair at the read position, which must close on its line.
    fn tag(&mut self) -> Result<Token, RecordErrorKind> {
        let rest = &self.line[self.col..];
        match parse_tag(rest) {
            Some((name, value, used)) => {
                self.col += used;
                Ok(Token::Tag(name, value))
            }
            None => {
                let bad = quote(rest.trim_end());
                self.col = self.line.len();
                Err(RecordErrorKind::BadTag(bad))
            }
        }
    }
}

fn is_word_end(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '[' | ']' | ';')
}

/// `[Name "value"]` at the start of `line`: the name, the value and the bytes used.
pub(super) fn parse_tag(line: &str) -> Option<(String, String, usize)> {
    let inner = line.strip_prefix('[')?;
    let name_len = inner
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(inner.len());
    let name = &inner[..name_len];
    if name.is_empty() {
        return None;
    }
    let after = &inner[name_len..];
    let quoted = after.trim_start();
    if quoted.len() == after.len() {
        return None; // no space between name and value
    }
    let mut chars = quoted.strip_prefix('"')?.char_indices();
    let mut value = String::new();
    let close = loop {
        let (i, c) = chars.next()?;
        match c {
            '"' => break i,
            '\\' => match chars.next()? {
                (_, c @ ('"' | '\\')) => value.push(c),
                (_, c) => {
                    value.push('\\');
                    if c.is_control() {
                        return None;
                    }
                    value.push(c);
                }
            },
            c if c.is_control() => return None,
            c => value.push(c),
        }
    };
    let tail = &quoted[1 + close + 1..];
    let end = tail.trim_start().strip_prefix(']')?;
    let used = line.len() - end.len();
    Some((name.to_owned(), value, used))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_parse_with_escapes_and_reject_junk() {
        assert_eq!(
            parse_tag(r#"[Event "a \"b\" \\ c"] x"#),
            Some(("Event".into(), r#"a "b" \ c"#.into(), 22))
        );
        for bad in [
            "[",
            "[Event]",
            "[Event\"x\"]",
            r#"[ "x"]"#,
            r#"[E "x""#,
            r#"[E "x"#,
        ] {
            assert_eq!(parse_tag(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_byte_order_mark_is_skipped_and_long_lines_are_cut() {
        let mut lexer = Lexer::new("\u{feff}[Event \"x\"]".as_bytes());
        assert!(matches!(lexer.token(), Some((1, Ok(Token::Tag(name, _)))) if name == "Event"));
        assert!(lexer.token().is_none());
        let long = format!("{}\n*", "1".repeat(MAX_LINE + 10));
        let mut lexer = Lexer::new(long.as_bytes());
        assert!(matches!(
            lexer.token(),
            Some((1, Err(RecordErrorKind::TooLarge { .. })))
        ));
        assert!(matches!(
            lexer.token(),
            Some((1, Err(RecordErrorKind::BadMove(_))))
        ));
        assert!(matches!(
            lexer.token(),
            Some((2, Ok(Token::Result(PgnResult::Unknown))))
        ));
    }
}
