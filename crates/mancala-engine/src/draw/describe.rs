//! A game's words, as the front ends say them: the [`Describe`] trait and what it takes.

use crate::notation::excerpt;
use crate::record::Record;
use crate::rules::{RuleOption, RuleOptions, RulesError};
use crate::{EndReason, Game, GameResult, Side};

/// What a front end offers a game's opening: lines for the person, and his answers.
pub trait Talk {
    /// Shows `text` (one or more lines) to the person.
    fn say(&mut self, text: &str);
    /// Asks the person `prompt` and gives his answer, trimmed; `None` when he left or his
    /// input ended, which ends the opening.
    fn ask(&mut self, prompt: &str) -> Option<String>;
}

/// Who plays a game about to open.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Players {
    /// The computer plays both sides.
    Computers,
    /// A person plays against the computer, on the side he asked for, if he asked.
    Person(Option<Side>),
}

/// A game opened: its start, and the side of the person where the opening settled it (the
/// Mangala IV ritual shares out the rows).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opening<G> {
    /// The start position.
    pub start: G,
    /// The person's side, when the opening chose it.
    pub person: Option<Side>,
}

/// The values chosen for a game's options of play ([`Describe::PLAY_OPTIONS`]): each option
/// takes its default until [`set`](PlayChoices::set).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayChoices {
    options: &'static [RuleOption],
    values: Vec<String>,
}

impl PlayChoices {
    /// Every option of `options` at its default.
    pub fn new(options: &'static [RuleOption]) -> PlayChoices {
        PlayChoices {
            options,
            values: options.iter().map(|o| o.default.to_owned()).collect(),
        }
    }

    /// Whether `key` is one of the options.
    pub fn has(&self, key: &str) -> bool {
        self.options.iter().any(|option| option.key == key)
    }

    /// Sets option `key` to `value`, checked against the values it takes.
    pub fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let Some(index) = self.options.iter().position(|option| option.key == key) else {
            return Err(RulesError::new(key, value, "no such option of play"));
        };
        self.options[index].check(value)?;
        self.values[index] = value.to_owned();
        Ok(())
    }

    /// The value of option `key`, as written; the empty text for a key that is none of them.
    pub fn get(&self, key: &str) -> &str {
        self.options
            .iter()
            .position(|option| option.key == key)
            .map_or("", |index| &self.values[index])
    }
}

/// A record read from text: its start, the moves that replay, and for a text of several
/// games how many it holds and a line naming each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replayed<G: Game> {
    /// The start position.
    pub start: G,
    /// The moves, up to the first that does not replay.
    pub moves: Vec<G::Move>,
    /// How many games the text holds.
    pub games: usize,
    /// A line naming each game, for a text of several (empty for one).
    pub titles: Vec<String>,
    /// Why replay stopped before the last move, if it did.
    pub error: Option<String>,
}

impl<G: Game> Replayed<G> {
    /// A text of one game that replayed whole.
    pub fn single(start: G, moves: Vec<G::Move>) -> Replayed<G> {
        Replayed {
            start,
            moves,
            games: 1,
            titles: Vec::new(),
            error: None,
        }
    }
}

/// Refuses a game `index` other than the first, for records of one game.
pub fn one_game(index: usize) -> Result<(), String> {
    match index {
        0 => Ok(()),
        _ => Err(format!("the text holds 1 game, not {}", index + 1)),
    }
}

/// A game's words, as the front ends say them: how a move is typed and what it did, the names
/// of the players, why a game ended, the options of play beside the rules and the opening's
/// dialogue, and the game's record. Every method has a default, so a game overrides only what
/// it words otherwise.
///
/// ```
/// use mancala_engine::draw::{Describe, PlayChoices, Players, Talk};
/// use mancala_engine::{Game, Position, Side};
///
/// /// What a front end says and reads, kept here.
/// struct Script(Vec<String>);
///
/// impl Talk for Script {
///     fn say(&mut self, text: &str) {
///         self.0.push(text.to_owned());
///     }
///     fn ask(&mut self, _prompt: &str) -> Option<String> {
///         None
///     }
/// }
///
/// /// The opening of `G` under its standard rules, with what it said.
/// fn opened<G: Describe>() -> (G, Vec<String>) {
///     let mut script = Script(Vec::new());
///     let choices = PlayChoices::new(G::PLAY_OPTIONS);
///     let players = Players::Person(Some(Side::South));
///     let opening = G::opening(G::Rules::default(), &choices, 1, players, &mut script);
///     (opening.expect("no question asked").start, script.0)
/// }
/// # fn check<G: Describe>() { let (start, said) = opened::<G>(); let _ = (start.is_over(), said); }
/// ```
pub trait Describe: Game {
    /// The options of play beside the rules (which repetition ends a game, how the start is
    /// dealt), in the rules' schema; front ends take them as `--KEY VALUE`.
    const PLAY_OPTIONS: &'static [RuleOption] = &[];

    /// What the game calls the player at `side` in sentences (`White`); by default `south`
    /// and `north`.
    fn side_name(side: Side) -> String {
        side.to_string()
    }

    /// The first line of a game: the game, its board, its rules and who moves first.
    fn banner(&self) -> String {
        let rules = self.rules().options_text();
        let rules = if rules.is_empty() {
            String::new()
        } else {
            format!(", rules: {rules}")
        };
        format!(
            "{}{rules}. {} moves first.",
            Self::NAME,
            Self::side_name(self.side_to_move())
        )
    }

    /// Opens a game under `rules` with the options of play `choices`: says its banner (and
    /// whatever its opening says), may ask the person questions; `seed` draws a random deal.
    /// `None` when the person left during the opening. By default the rules' start, after the
    /// [banner](Describe::banner).
    fn opening(
        rules: Self::Rules,
        choices: &PlayChoices,
        seed: u64,
        players: Players,
        talk: &mut dyn Talk,
    ) -> Option<Opening<Self>> {
        let _ = (choices, seed, players);
        let start = Self::new(rules);
        talk.say(&start.banner());
        Some(Opening {
            start,
            person: None,
        })
    }

    /// How to type a move, for the person's `help`.
    fn how_to_move(&self) -> String {
        "Type a move in the game's notation (`moves` lists them).".to_owned()
    }

    /// Reads a move typed by the person (not yet checked for legality), or says what is wrong
    /// with it, as a sentence. By default the move's notation.
    fn read_move(&self, text: &str) -> Result<Self::Move, String> {
        text.parse()
            .map_err(|error| format!("`{}` is not a move: {error}.", excerpt(text)))
    }

    /// The move's name in a list of legal moves: by default its notation.
    fn move_name(&self, mv: Self::Move) -> String {
        mv.to_string()
    }

    /// What legal move `mv`, played from this position, did (`effect`, leaving `after`), in
    /// notation and in words. By default the mover and the move.
    fn describe_move(&self, mv: Self::Move, effect: &Self::Effect, after: &Self) -> String {
        let _ = (effect, after);
        format!("{} {mv}", Self::side_name(self.side_to_move()))
    }

    /// Lines below the board that the picture does not show (seeds on each side, a forced
    /// move); none by default.
    fn status(&self) -> Vec<String> {
        Vec::new()
    }

    /// The prompt for the person's move.
    fn prompt(&self) -> String {
        format!("{} to move> ", Self::side_name(self.side_to_move()))
    }

    /// Why a game ended, in words: by default the reason's name.
    fn end_reason(reason: EndReason) -> String {
        reason.name().to_owned()
    }

    /// The result when this position has just come back (it occurred before in the game)
    /// and the options of play make a repetition end the game; `None` (the default) lets
    /// play go on.
    fn repetition_end(&self, choices: &PlayChoices) -> Option<GameResult> {
        let _ = choices;
        None
    }

    /// Reads game `index` (from `0`) of a record text: by default the core's plain
    /// [`Record`], one game a text.
    fn read_record(text: &str, index: usize) -> Result<Replayed<Self>, String> {
        one_game(index)?;
        let record: Record<Self> = text.parse().map_err(|error| format!("{error}"))?;
        Ok(Replayed::single(
            record.start().clone(),
            record.moves().to_vec(),
        ))
    }

    /// Reads every game of a record file from `input` in turn, handing each to `each` as it
    /// is read (a game that does not read at all as its error), so that a file of thousands of
    /// games is never held whole; a failure of `input` ends the read as its error. By default
    /// the whole input is one game ([`read_record`](Describe::read_record)), invalid UTF-8
    /// read as U+FFFD.
    fn read_records(
        input: &mut dyn std::io::BufRead,
        each: &mut dyn FnMut(Result<Replayed<Self>, String>),
    ) -> std::io::Result<()> {
        let mut bytes = Vec::new();
        input.read_to_end(&mut bytes)?;
        each(Self::read_record(&String::from_utf8_lossy(&bytes), 0));
        Ok(())
    }

    /// Writes the record of a game played from `start`: by default the core's plain
    /// [`Record`].
    fn write_record(start: &Self, moves: &[Self::Move]) -> Result<String, String> {
        let mut record = Record::new(start.clone());
        for &mv in moves {
            record.play(mv).map_err(|error| error.to_string())?;
        }
        Ok(record.to_string())
    }
}

/// The rules a text in the schema's form (`key=value` pairs) gives, with the text in the
/// error.
pub fn parse_rules<R: RuleOptions>(text: &str) -> Result<R, String> {
    R::parse(text).map_err(|error| format!("rules `{}`: {error}", excerpt(text)))
}

/// ` (stores: south S, north N)`: both scores after a move, as the games with stores end a
/// move's description.
pub fn stores_after<P: crate::Position>(after: &P) -> String {
    format!(
        " (stores: south {}, north {})",
        after.score(Side::South),
        after.score(Side::North)
    )
}

/// `text` with its first letter in capitals, to open a sentence.
pub fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Values;

    const OPTIONS: &[RuleOption] = &[RuleOption::new(
        "deal",
        Values::Choice(&["random", "even"]),
        "random",
        "the start",
    )];

    #[test]
    fn choices_take_their_defaults_and_checked_values() {
        let mut choices = PlayChoices::new(OPTIONS);
        assert_eq!(choices.get("deal"), "random");
        assert!(choices.has("deal") && !choices.has("first"));
        choices.set("deal", "even").unwrap();
        assert_eq!(choices.get("deal"), "even");
        let error = choices.set("deal", "odd").unwrap_err().to_string();
        assert!(error.contains("random, even"), "{error}");
        assert!(choices.set("first", "south").is_err());
        assert_eq!(choices.get("first"), "");
    }

    #[test]
    fn one_game_a_text() {
        assert_eq!(one_game(0), Ok(()));
        assert_eq!(one_game(2).unwrap_err(), "the text holds 1 game, not 3");
        assert_eq!(capitalized("the computer"), "The computer");
    }
}
