//! Game records: a PGN reader for files of many games in either move style, a writer whose
//! output the reader reads back to the same game, and replay with every checksum checked.
//!
//! ```
//! use toguz::notation::{read_games, GameResult};
//!
//! let text = r#"[Site "PlayOK"]
//! [Result "1-0"]
//!
//! 1. 87(10) 87(10) 2. 22 99(22) 1-0
//! "#;
//! let games: Vec<_> = read_games(text).collect::<Result<_, _>>().unwrap();
//! assert_eq!(games[0].moves().len(), 4);
//! let replay = games[0].replay();
//! assert!(replay.error.is_none());
//! assert_eq!(replay.moves.len(), 4);
//! // Written out, the game reads back the same.
//! let again = read_games(&games[0].to_string()).next().unwrap().unwrap();
//! assert_eq!(again, games[0]);
//! assert_eq!(again.result(), GameResult::WhiteWins);
//! ```

use super::fen::{small_number, Fen, ParseFenError};
use super::half_move::{HalfMove, ParseHalfMoveError, ResolveError, Style};
use crate::{Move, RuleSet, Toguz};
use core::fmt;
use core::str::FromStr;
use mancala_engine::{EndReason, Outcome, Position as _, Side};

/// A game's result, as a record writes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2-1/2`.
    Draw,
    /// `*`: unknown, unfinished or not recorded.
    #[default]
    Unknown,
}

impl GameResult {
    /// The record form: `1-0`, `0-1`, `1/2-1/2` or `*`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::Unknown => "*",
        }
    }

    /// The result of a finished game.
    pub fn from_outcome(outcome: Outcome) -> GameResult {
        match outcome.winner {
            Some(Side::South) => GameResult::WhiteWins,
            Some(Side::North) => GameResult::BlackWins,
            None => GameResult::Draw,
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The text is not one of `1-0`, `0-1`, `1/2-1/2`, `*`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a result (1-0, 0-1, 1/2-1/2 or *)")]
pub struct ParseResultError(String);

impl FromStr for GameResult {
    type Err = ParseResultError;

    fn from_str(text: &str) -> Result<GameResult, ParseResultError> {
        match text {
            "1-0" => Ok(GameResult::WhiteWins),
            "0-1" => Ok(GameResult::BlackWins),
            "1/2-1/2" => Ok(GameResult::Draw),
            "*" => Ok(GameResult::Unknown),
            _ => Err(ParseResultError(shorten(text))),
        }
    }
}

/// Why a tag or comment cannot go into a record (it could not be written and read back).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// Tag names are ASCII letters, digits and `_`.
    #[error("`{0}` is not a tag name (ASCII letters, digits and `_`)")]
    TagName(String),
    /// Tag values are one line without control characters.
    #[error("the value of tag {0} holds a control character")]
    TagValue(String),
    /// The `FEN` tag must be a position string.
    #[error("the FEN tag: {0}")]
    Fen(ParseFenError),
    /// A comment cannot hold `}`, which would end it.
    #[error("a comment cannot hold `}}`")]
    Comment,
}

/// One game record: tag pairs, half-moves, comments and the result.
///
/// Every value can be written (`Display`) and read back by [`read_games`] to an equal value:
/// the fields are private so that tags and comments stay writable.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Game {
    tags: Vec<(String, String)>,
    moves: Vec<HalfMove>,
    comments: Vec<(usize, String)>,
    result: GameResult,
}

fn valid_tag_name(name: &str) -> bool {
    !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

impl Game {
    /// An empty record: no tags, no moves, result `*`.
    pub fn new() -> Game {
        Game::default()
    }

    /// Builds the record of `moves` played from `start` (at full-move number 1), with every
    /// checksum of `style`. The result is the rules' result if the game is over, else `*`.
    /// A start other than the standard one is written in a `FEN` tag.
    ///
    /// ```
    /// use toguz::notation::{Game, Style};
    /// use toguz::{Move, Toguz};
    ///
    /// let moves = [8, 8, 2].map(Move::new);
    /// let game = Game::from_moves(&Toguz::default(), &moves, Style::PlayOk).unwrap();
    /// assert_eq!(game.to_string(), "1. 87(10) 87(10) 2. 22 *\n");
    /// ```
    pub fn from_moves(start: &Toguz, moves: &[Move], style: Style) -> Result<Game, ReplayError> {
        let mut game = Game::new();
        if *start != Toguz::default() {
            game.tags
                .push(("FEN".to_owned(), Fen::new(*start, 1).to_string()));
        }
        let mut position = *start;
        for (i, &mv) in moves.iter().enumerate() {
            let half = HalfMove::from_move(&position, mv, style).map_err(|source| ReplayError {
                ply: i + 1,
                kind: ReplayErrorKind::Move {
                    half: None,
                    source: ResolveError::Illegal {
                        number: mv.number(),
                        source,
                    },
                },
            })?;
            game.moves.push(half);
            position.play_unchecked(mv);
        }
        if let Some(outcome) = position.outcome() {
            game.result = GameResult::from_outcome(outcome);
        }
        Ok(game)
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
    /// character in the value, or a `FEN` value that is not a position string.
    pub fn set_tag(&mut self, name: &str, value: &str) -> Result<(), RecordError> {
        if !valid_tag_name(name) {
            return Err(RecordError::TagName(shorten(name)));
        }
        if value.chars().any(char::is_control) {
            return Err(RecordError::TagValue(name.to_owned()));
        }
        if name == "FEN" {
            value.parse::<Fen>().map_err(RecordError::Fen)?;
        }
        match self.tags.iter_mut().find(|(k, _)| k == name) {
            Some(pair) => pair.1 = value.to_owned(),
            None => self.tags.push((name.to_owned(), value.to_owned())),
        }
        Ok(())
    }

    /// The half-moves as written.
    pub fn moves(&self) -> &[HalfMove] {
        &self.moves
    }

    /// Appends a half-move (unchecked until [`Game::replay`]).
    pub fn push_move(&mut self, half: HalfMove) {
        self.moves.push(half);
    }

    /// The comments, each with the number of half-moves before it.
    pub fn comments(&self) -> impl Iterator<Item = (usize, &str)> {
        self.comments.iter().map(|(p, c)| (*p, c.as_str()))
    }

    /// Adds a comment after the half-moves so far (`{zero}` after the last one says the player
    /// to move had no stones).
    pub fn add_comment(&mut self, text: &str) -> Result<(), RecordError> {
        if text.contains('}') {
            return Err(RecordError::Comment);
        }
        self.comments.push((self.moves.len(), text.to_owned()));
        Ok(())
    }

    /// The result written at the end of the moves.
    pub fn result(&self) -> GameResult {
        self.result
    }

    /// Sets the result written at the end of the moves.
    pub fn set_result(&mut self, result: GameResult) {
        self.result = result;
    }

    /// The recorded result: the one after the moves, or else the `Result` tag's.
    pub fn recorded_result(&self) -> GameResult {
        match self.result {
            GameResult::Unknown => self
                .tag("Result")
                .and_then(|r| r.parse().ok())
                .unwrap_or(GameResult::Unknown),
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

    /// The start: the `FEN` tag's position under `rules`, or the start position at move 1.
    pub fn start(&self, rules: RuleSet) -> Result<Fen, ParseFenError> {
        match self.tag("FEN") {
            Some(text) => Fen::parse_with_rules(text, rules),
            None => Ok(Fen::new(Toguz::new(rules), 1)),
        }
    }

    /// Replays the game under the standard rules; see [`Game::replay_with_rules`].
    pub fn replay(&self) -> Replay {
        self.replay_with_rules(RuleSet::STANDARD)
    }

    /// Replays every half-move, checking each against the position (legality, landing hole,
    /// tuzdik mark, kazan total). Once the moves are replayed, if the rules say the game is
    /// over, the recorded result must be the rules' result, and a final `{zero}` comment
    /// requires that the player to move has no stones. Replay stops at the first disagreement
    /// and keeps the position before it.
    pub fn replay_with_rules(&self, rules: RuleSet) -> Replay {
        let fen = match self.start(rules) {
            Ok(fen) => fen,
            Err(e) => {
                let start = Toguz::new(rules);
                return Replay {
                    start,
                    moves: Vec::new(),
                    position: start,
                    error: Some(ReplayError {
                        ply: 0,
                        kind: ReplayErrorKind::Start(e),
                    }),
                };
            }
        };
        let style = self.style();
        let mut replay = Replay {
            start: fen.position,
            moves: Vec::with_capacity(self.moves.len()),
            position: fen.position,
            error: None,
        };
        for (i, &half) in self.moves.iter().enumerate() {
            match half.resolve(&replay.position, style) {
                Ok(mv) => {
                    replay.position.play_unchecked(mv);
                    replay.moves.push(mv);
                }
                Err(source) => {
                    replay.error = Some(ReplayError {
                        ply: i + 1,
                        kind: ReplayErrorKind::Move {
                            half: Some(half),
                            source,
                        },
                    });
                    return replay;
                }
            }
        }
        let plies = self.moves.len();
        let outcome = replay.position.outcome();
        if let Some(outcome) = outcome {
            let by_rules = GameResult::from_outcome(outcome);
            let recorded = self.recorded_result();
            if recorded != by_rules {
                replay.error = Some(ReplayError {
                    ply: plies,
                    kind: ReplayErrorKind::Result { recorded, by_rules },
                });
                return replay;
            }
        }
        let zero = self
            .comments
            .iter()
            .any(|(p, c)| *p == plies && c.trim() == "zero");
        if zero && outcome.is_none_or(|o| o.reason != EndReason::NoSeeds) {
            replay.error = Some(ReplayError {
                ply: plies,
                kind: ReplayErrorKind::NotStarved,
            });
        }
        replay
    }

    /// Writes the record with half-moves in `style` (the `Display` form uses
    /// [`Game::style`], so a record is written back in the style it was read in).
    pub fn display(&self, style: Style) -> impl fmt::Display + '_ {
        StyledGame { game: self, style }
    }
}

/// The moves of a replayed game, and where replay stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The start position.
    pub start: Toguz,
    /// The moves replayed.
    pub moves: Vec<Move>,
    /// The position after the moves replayed (before any end-of-game collection).
    pub position: Toguz,
    /// The first disagreement, if any.
    pub error: Option<ReplayError>,
}

/// Where and why a replay disagrees with the record.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("ply {ply}: {kind}")]
pub struct ReplayError {
    /// The half-move concerned, counted from 1 (0: the start; for a result, the last ply).
    pub ply: usize,
    /// What disagrees.
    pub kind: ReplayErrorKind,
}

/// What disagrees in a replay.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ReplayErrorKind {
    /// The `FEN` tag is not a position string.
    #[error("the FEN tag: {0}")]
    Start(ParseFenError),
    /// A half-move does not fit the position.
    #[error("{}{source}", half.map(|h| format!("`{h}`: ")).unwrap_or_default())]
    Move {
        /// The half-move as written, if it came from a record.
        half: Option<HalfMove>,
        /// The checksum that disagrees, or why the move is illegal.
        source: ResolveError,
    },
    /// The game ended on the board with another result.
    #[error("the game is over with {by_rules} by the rules, the record says {recorded}")]
    Result {
        /// The recorded result.
        recorded: GameResult,
        /// The result by the rules.
        by_rules: GameResult,
    },
    /// A final `{zero}` comment, but the player to move has stones (or the game ended
    /// otherwise).
    #[error("the record says {{zero}} but the player to move has stones")]
    NotStarved,
}

/// Error texts quote at most this many characters of the input.
const QUOTE: usize = 24;

fn shorten(text: &str) -> String {
    match text.char_indices().nth(QUOTE) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_owned(),
    }
}

/// What is wrong in a record's text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PgnErrorKind {
    /// A tag pair is not `[Name "value"]` on one line.
    #[error("malformed tag pair `{0}`")]
    BadTag(String),
    /// A `{` comment never ends.
    #[error("a comment is never closed")]
    UnclosedComment,
    /// A half-move's syntax is wrong.
    #[error(transparent)]
    BadMove(#[from] ParseHalfMoveError),
    /// A move number that is not the current full-move number.
    #[error("move number `{found}` where {expected} was expected")]
    MoveNumber {
        /// The text read.
        found: String,
        /// The full-move number of the next half-move.
        expected: u64,
    },
    /// A stray `}` or another character that starts no token.
    #[error("unexpected `{0}`")]
    Unexpected(String),
    /// The `FEN` tag is not a position string.
    #[error("the FEN tag: {0}")]
    BadFen(ParseFenError),
    /// The moves end without a result.
    #[error("the game ends without a result (1-0, 0-1, 1/2-1/2 or *)")]
    NoResult,
    /// The result after the moves differs from the `Result` tag.
    #[error("the moves end with {token} but the Result tag says {tag}")]
    ResultMismatch {
        /// The tag's value.
        tag: String,
        /// The result after the moves.
        token: GameResult,
    },
}

/// A game whose text is wrong: which game, where, and what.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("game {} (line {line}){}: {kind}", game + 1, ply.map(|p| format!(", ply {p}")).unwrap_or_default())]
pub struct PgnError {
    /// The game's index in the file, from 0 (the message counts from 1).
    pub game: usize,
    /// The line of the error, from 1.
    pub line: usize,
    /// The half-move being read, counted from 1, if the error is in the moves.
    pub ply: Option<usize>,
    /// What is wrong.
    pub kind: PgnErrorKind,
    /// What was read of the game before the error.
    pub partial: Box<Game>,
}

/// Reads the games of a PGN text, in order. Each item is a game or the first error in it;
/// after an error, reading goes on with the next game. Never panics, and always ends.
pub fn read_games(text: &str) -> Reader<'_> {
    Reader {
        text,
        pos: 0,
        line: 1,
        index: 0,
    }
}

/// The iterator of [`read_games`].
#[derive(Debug, Clone)]
pub struct Reader<'a> {
    text: &'a str,
    pos: usize,
    line: usize,
    index: usize,
}

enum Token {
    Tag(String, String),
    Comment(String),
    Number(String, Option<u64>),
    Result(GameResult),
    Move(HalfMove),
}

fn is_word_end(c: char) -> bool {
    c.is_whitespace() || matches!(c, '{' | '}' | '[' | ']' | ';')
}

impl<'a> Reader<'a> {
    fn rest(&self) -> &'a str {
        &self.text[self.pos..]
    }

    fn at_line_start(&self) -> bool {
        self.text[..self.pos]
            .chars()
            .next_back()
            .is_none_or(|c| c == '\n')
    }

    fn advance(&mut self, bytes: usize) {
        let end = self.pos + bytes;
        self.line += self.text[self.pos..end].matches('\n').count();
        self.pos = end;
    }

    fn skip_to_line_end(&mut self) {
        let n = self.rest().find('\n').unwrap_or(self.rest().len());
        self.advance(n);
    }

    /// Skips whitespace, `;` comments and `%` escape lines.
    fn skip_blank(&mut self) {
        loop {
            let rest = self.rest();
            let trimmed = rest.trim_start();
            self.advance(rest.len() - trimmed.len());
            if trimmed.starts_with(';') || trimmed.starts_with('%') && self.at_line_start() {
                self.skip_to_line_end();
            } else {
                return;
            }
        }
    }

    /// The next token; `None` at the end of the text. Always consumes something.
    fn token(&mut self) -> Option<Result<Token, PgnErrorKind>> {
        self.skip_blank();
        let rest = self.rest();
        let first = rest.chars().next()?;
        match first {
            '[' => Some(self.tag()),
            '{' => Some(match rest[1..].find('}') {
                Some(end) => {
                    let comment = rest[1..1 + end].to_owned();
                    self.advance(end + 2);
                    Ok(Token::Comment(comment))
                }
                None => {
                    self.advance(rest.len());
                    Err(PgnErrorKind::UnclosedComment)
                }
            }),
            '}' | ']' => {
                self.advance(1);
                Some(Err(PgnErrorKind::Unexpected(first.to_string())))
            }
            _ => {
                let len = rest.find(is_word_end).unwrap_or(rest.len());
                let word = &rest[..len];
                Some(self.word(word))
            }
        }
    }

    fn word(&mut self, word: &str) -> Result<Token, PgnErrorKind> {
        let digits = word.bytes().take_while(u8::is_ascii_digit).count();
        let dots = word[digits..].bytes().take_while(|&b| b == b'.').count();
        if digits > 0 && dots > 0 {
            // A move number; what follows the dots is read as the next token.
            let number = &word[..digits];
            let text = shorten(&word[..digits + dots]);
            self.advance(digits + dots);
            let value = small_number(number, 9).map(u64::from);
            return Ok(Token::Number(text, value));
        }
        self.advance(word.len());
        if let Ok(result) = word.parse::<GameResult>() {
            return Ok(Token::Result(result));
        }
        word.parse::<HalfMove>()
            .map(Token::Move)
            .map_err(|e| PgnErrorKind::BadMove(shorten_move_error(e)))
    }

    fn tag(&mut self) -> Result<Token, PgnErrorKind> {
        let rest = self.rest();
        let line_len = rest.find('\n').unwrap_or(rest.len());
        let line = &rest[..line_len];
        match parse_tag(line) {
            Some((name, value, used)) => {
                self.advance(used);
                Ok(Token::Tag(name, value))
            }
            None => {
                let bad = shorten(line.trim_end());
                self.advance(line_len);
                Err(PgnErrorKind::BadTag(bad))
            }
        }
    }
}

fn shorten_move_error(e: ParseHalfMoveError) -> ParseHalfMoveError {
    match e {
        ParseHalfMoveError::BadHoles { text } => ParseHalfMoveError::BadHoles {
            text: shorten(&text),
        },
        ParseHalfMoveError::BadKazan { text } => ParseHalfMoveError::BadKazan {
            text: shorten(&text),
        },
        ParseHalfMoveError::Trailing { text } => ParseHalfMoveError::Trailing {
            text: shorten(&text),
        },
        other => other,
    }
}

/// `[Name "value"]` at the start of `line`: the name, the value and the bytes used.
fn parse_tag(line: &str) -> Option<(String, String, usize)> {
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

/// The full-move number of half-move `ply` (from 0), and whether White makes it.
fn numbering(start: Side, first: u64, ply: usize) -> (u64, bool) {
    let offset = (start == Side::North) as u64;
    let n = ply as u64 + offset;
    (first + n / 2, n % 2 == 0)
}

impl Iterator for Reader<'_> {
    type Item = Result<Game, PgnError>;

    fn next(&mut self) -> Option<Result<Game, PgnError>> {
        self.skip_blank();
        if self.pos >= self.text.len() {
            return None;
        }
        let index = self.index;
        self.index += 1;
        let mut game = Game::new();
        let mut error: Option<(PgnErrorKind, usize, Option<usize>)> = None;
        let mut movetext = false;
        let mut start: Option<(Side, u64)> = None;
        let mut finished = false;
        loop {
            self.skip_blank();
            if self.pos >= self.text.len() {
                break;
            }
            if movetext && self.rest().starts_with('[') && self.at_line_start() {
                break; // the next game's tags
            }
            let line = self.line;
            let ply = game.moves.len() + 1;
            let Some(token) = self.token() else { break };
            let token = match token {
                Ok(token) => token,
                Err(kind) => {
                    let in_tags = matches!(kind, PgnErrorKind::BadTag(_));
                    if error.is_none() {
                        let ply = (movetext || !in_tags).then_some(ply);
                        error = Some((kind, line, ply));
                    }
                    movetext |= !in_tags;
                    continue;
                }
            };
            if !matches!(token, Token::Tag(..) | Token::Comment(_)) && !movetext {
                movetext = true;
            }
            if error.is_some() {
                if let Token::Result(_) = token {
                    finished = true;
                    self.trailing_comments(None);
                    break;
                }
                continue;
            }
            match token {
                Token::Tag(name, value) => {
                    if movetext {
                        // A tag inside the moves: the previous game lacked its result.
                        error = Some((PgnErrorKind::NoResult, line, None));
                    } else {
                        game.tags.push((name, value));
                    }
                }
                Token::Comment(text) => game.comments.push((game.moves.len(), text)),
                Token::Number(text, value) => {
                    let (side, first) = match start {
                        Some(s) => s,
                        None => match game.start(RuleSet::STANDARD) {
                            Ok(fen) => {
                                let s = (fen.position.side_to_move(), u64::from(fen.fullmove));
                                start = Some(s);
                                s
                            }
                            Err(e) => {
                                error = Some((PgnErrorKind::BadFen(e), line, None));
                                continue;
                            }
                        },
                    };
                    let (expected, _) = numbering(side, first, game.moves.len());
                    if value != Some(expected) {
                        let kind = PgnErrorKind::MoveNumber {
                            found: text,
                            expected,
                        };
                        error = Some((kind, line, Some(ply)));
                    }
                }
                Token::Move(half) => game.moves.push(half),
                Token::Result(result) => {
                    game.result = result;
                    finished = true;
                    self.trailing_comments(Some(&mut game));
                    break;
                }
            }
        }
        if error.is_none() && start.is_none() {
            // The start is checked even when no move number asked for it.
            if let Err(e) = game.start(RuleSet::STANDARD) {
                error = Some((PgnErrorKind::BadFen(e), self.line, None));
            }
        }
        if error.is_none() && !finished {
            error = Some((PgnErrorKind::NoResult, self.line, None));
        }
        if error.is_none() {
            if let Some(tag) = game.tag("Result") {
                if tag.parse() != Ok(game.result) {
                    let kind = PgnErrorKind::ResultMismatch {
                        tag: shorten(tag),
                        token: game.result,
                    };
                    error = Some((kind, self.line, None));
                }
            }
        }
        Some(match error {
            None => Ok(game),
            Some((kind, line, ply)) => Err(PgnError {
                game: index,
                line,
                ply,
                kind,
                partial: Box::new(game),
            }),
        })
    }
}

impl Reader<'_> {
    /// Comments right after the result belong to the game (PlayOK's `{zero}`).
    fn trailing_comments(&mut self, mut game: Option<&mut Game>) {
        loop {
            self.skip_blank();
            if !self.rest().starts_with('{') {
                return;
            }
            let Some(Ok(Token::Comment(text))) = self.token() else {
                return; // an unclosed comment runs to the end of the text
            };
            if let Some(game) = game.as_deref_mut() {
                game.comments.push((game.moves.len(), text));
            }
        }
    }
}

/// Lines of movetext are kept to this width where tokens allow.
const WIDTH: usize = 79;

struct StyledGame<'a> {
    game: &'a Game,
    style: Style,
}

impl fmt::Display for StyledGame<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let game = self.game;
        for (name, value) in &game.tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(f, "[{name} \"{value}\"]")?;
        }
        if !game.tags.is_empty() {
            writeln!(f)?;
        }
        let (side, first) = game
            .start(RuleSet::STANDARD)
            .map(|fen| (fen.position.side_to_move(), u64::from(fen.fullmove)))
            .unwrap_or((Side::South, 1));
        let mut tokens: Vec<String> = Vec::new();
        let comments_at = |ply: usize, tokens: &mut Vec<String>| {
            for (p, c) in &game.comments {
                if *p == ply {
                    tokens.push(format!("{{{c}}}"));
                }
            }
        };
        for (ply, half) in game.moves.iter().enumerate() {
            comments_at(ply, &mut tokens);
            let (number, white) = numbering(side, first, ply);
            if white {
                tokens.push(format!("{number}."));
            } else if ply == 0 {
                tokens.push(format!("{number}..."));
            }
            tokens.push(half.display(self.style).to_string());
        }
        tokens.push(game.result.to_string());
        comments_at(game.moves.len(), &mut tokens);
        let mut column = 0;
        for token in tokens {
            if column > 0 && column + 1 + token.len() > WIDTH {
                writeln!(f)?;
                column = 0;
            }
            if column > 0 {
                f.write_str(" ")?;
                column += 1;
            }
            f.write_str(&token)?;
            column += token.len();
        }
        writeln!(f)
    }
}

impl fmt::Display for Game {
    /// The PGN text of the game, half-moves in the record's own [`style`](Game::style).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.display(self.style()).fmt(f)
    }
}

/// Writes games as one PGN text, separated by blank lines, which [`read_games`] reads back.
pub fn write_games<'a>(games: impl IntoIterator<Item = &'a Game>) -> String {
    let mut out = String::new();
    for (i, game) in games.into_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&game.to_string());
    }
    out
}

impl FromStr for Game {
    type Err = PgnError;

    /// Reads exactly one game; text after it is an error.
    fn from_str(text: &str) -> Result<Game, PgnError> {
        let mut reader = read_games(text);
        let game = reader.next().unwrap_or_else(|| {
            Err(PgnError {
                game: 0,
                line: 1,
                ply: None,
                kind: PgnErrorKind::NoResult,
                partial: Box::default(),
            })
        })?;
        if reader.next().is_some() {
            return Err(PgnError {
                game: 1,
                line: reader.line,
                ply: None,
                kind: PgnErrorKind::Unexpected("a second game".to_owned()),
                partial: Box::default(),
            });
        }
        Ok(game)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Game {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Game {
    /// Reads the PGN text of one game.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Game, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for GameResult {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for GameResult {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<GameResult, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
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
    fn numbering_follows_the_side_to_start() {
        assert_eq!(numbering(Side::South, 1, 0), (1, true));
        assert_eq!(numbering(Side::South, 1, 1), (1, false));
        assert_eq!(numbering(Side::South, 1, 2), (2, true));
        assert_eq!(numbering(Side::North, 5, 0), (5, false));
        assert_eq!(numbering(Side::North, 5, 1), (6, true));
    }
}
