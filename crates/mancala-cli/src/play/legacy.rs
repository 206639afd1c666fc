//! The per-game drivers `mancala engine` still reads its games through: the rules, the start,
//! the evaluation and the databases of each game, until it runs on the registry as `play`
//! does.

use super::{Input, Stop};
use mancala_engine::{EndReason, GameResult, Position, Side};
use mancala_search::{Evaluator, ScoreDifference};
use std::time::Duration;

/// The options every game shares.
#[derive(Debug, Clone)]
pub struct Options {
    /// Computer against computer, unattended.
    pub auto: bool,
    /// The side the person plays, if given.
    pub side: Option<Side>,
    /// The search depth, if given.
    pub depth: Option<u32>,
    /// The computer's time per move in interactive play.
    pub time: Duration,
    /// The seed of random setups and rituals.
    pub seed: u64,
    /// The most moves a game may last before it is stopped.
    pub max_plies: u32,
    /// The computer's search threads.
    pub threads: usize,
    /// The position string to start from, if given.
    pub position: Option<String>,
    /// The seeds on the board up to which the computer probes endgame databases, if given.
    pub db_seeds: Option<u32>,
}

/// The refusal of `--db-seeds` for the game `name`.
fn no_databases(name: &str) -> String {
    format!("{name} has no endgame databases (kalah, oware and toguz have)")
}

/// What the rest of the game brings the side to move where endgame databases know it.
pub type Rest<P> = Box<dyn Fn(&P) -> Option<i32> + Send + Sync>;

/// How `mancala play` drives one game: the start, the board, the notation, the words.
pub trait Game {
    /// The game's position (its moves hash, for the computer's history of good moves, and
    /// have a text form).
    type P: Position<Move: std::hash::Hash + std::fmt::Display>
        + std::str::FromStr<Err: std::fmt::Display>
        + Sync;

    /// The game's name on the command line.
    fn name(&self) -> &'static str;

    /// `true` if game option `name` takes a value (every option but the game's flags, and an
    /// unknown one, which then is told apart by its name only after its value).
    fn takes_value(&self, _name: &str) -> bool {
        true
    }

    /// Takes the game's rule options out of the command line, as every subcommand reads them
    /// ([`crate::cli::split_rules`]), and gives back the other arguments.
    fn take_rules(&mut self, args: &[String]) -> Result<Vec<String>, String>;

    /// `true` if the game's rules have a move limit (`--max-plies` is then that rule, and the
    /// driver puts no cap of its own on unfinished games).
    fn takes_move_limit(&self) -> bool {
        false
    }

    /// Takes game option `name` (one that is not a rule) with its `value` (empty for an
    /// option that takes none).
    fn set_option(&mut self, name: &str, _value: &str) -> Result<(), String> {
        Err(format!(
            "unknown {} option `{name}` (`mancala rules {}` lists its rule options)",
            self.name(),
            self.name()
        ))
    }

    /// The start position under the rules the game options chose, with no question asked
    /// and nothing printed: where `mancala engine` starts.
    fn rules_start(&self) -> Self::P;

    /// The search depth when `--depth` is not given: for `--auto` (depth alone limits the
    /// search) or for interactive play (the time limit usually stops the search first).
    fn default_depth(&self, auto: bool) -> u32;

    /// The endgame databases of the rules of `start`, up to `seeds` seeds on the board, built
    /// now: the computer then plays perfectly once a position is in them. An error for a game
    /// that has none.
    fn databases(&self, start: &Self::P, seeds: u32) -> Result<Rest<Self::P>, String> {
        let _ = (start, seeds);
        Err(no_databases(self.name()))
    }

    /// Whether [`databases`](Game::databases) builds any.
    fn has_databases(&self) -> bool {
        false
    }

    /// The computer's judgement of `position` for `side`: the game's own evaluation where it
    /// has one, else the score difference.
    fn evaluate(position: &Self::P, side: Side) -> i32 {
        ScoreDifference.evaluate(position, side)
    }

    /// The player at `side`, as the game calls him (`white (south)`, `north`).
    fn side_name(&self, side: Side) -> String {
        side.to_string()
    }

    /// The start position, with the person's side when the game settles it itself (the
    /// Mangala IV ritual); may ask the person questions.
    fn start(
        &mut self,
        options: &Options,
        input: &mut Input,
    ) -> Result<(Self::P, Option<Side>), Stop>;

    /// The board as it sits, with the last move (already described) below it.
    fn draw(&self, position: &Self::P, last: Option<&str>) -> String;

    /// Reads a move typed by the person, or says what is wrong with it.
    fn parse_move(
        &self,
        position: &Self::P,
        text: &str,
    ) -> Result<<Self::P as Position>::Move, String>;

    /// The move's name in the game's notation (for the list of legal moves): by default its
    /// text form.
    fn move_name(&self, _position: &Self::P, mv: <Self::P as Position>::Move) -> String {
        mv.to_string()
    }

    /// What a legal move played from `before` does, in notation and in words.
    fn describe_move(&self, before: &Self::P, mv: <Self::P as Position>::Move) -> String;

    /// The prompt for the person's move.
    fn prompt(&self, position: &Self::P) -> String {
        format!("{} to move> ", self.side_name(position.side_to_move()))
    }

    /// How to type a move in this game.
    fn help(&self) -> String;

    /// Why the game ended, in words.
    fn reason(&self, reason: EndReason) -> String {
        reason.name().to_owned()
    }

    /// The result when `position` has just come back (it occurred before in this game) and
    /// the game's options make a repetition end the game; `None` lets play go on.
    fn repetition_end(&self, _position: &Self::P) -> Option<GameResult> {
        None
    }
}

/// `south` (`s`) or `north` (`n`), in any case.
pub fn parse_side(text: &str) -> Result<Side, String> {
    match text.to_lowercase().as_str() {
        "south" | "s" => Ok(Side::South),
        "north" | "n" => Ok(Side::North),
        _ => Err(format!("`{text}` is neither south (s) nor north (n)")),
    }
}

/// The legal moves, named in the game's notation.
pub fn legal_moves<G: Game>(game: &G, position: &G::P) -> String {
    let names: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|&mv| game.move_name(position, mv))
        .collect();
    names.join(", ")
}
