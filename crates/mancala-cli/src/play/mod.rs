//! Play any game of the workspace in the terminal, against the computer or computer against
//! computer.
//!
//! ```text
//! mancala play toguz [OPTIONS]
//! mancala play mangala4 [OPTIONS]
//! mancala play katro [OPTIONS]
//! mancala play oware [OPTIONS]
//! mancala play kalah [OPTIONS]
//! ```
//!
//! Options for every game:
//!
//! - `--auto`: the computer plays both sides to the end, printing every move and the result;
//! - `--side south|north`: the side the person plays (default: the side that moves first);
//! - `--depth D`: the computer's search depth (each game has its own default);
//! - `--time MS`: the computer's time per move in interactive play, in milliseconds (default
//!   1000; `--auto` uses depth alone, so its games are the same on every machine);
//! - `--seed S`: the seed of random setups and of the Mangala IV opening ritual (default: one
//!   drawn from the clock, printed with the start so the game can be replayed);
//! - `--max-plies N`: stop an unfinished game after `N` moves (default 2000). In Kalah it is
//!   the game's own move limit instead, the rule `max-plies` as in `perft kalah` (and Oware's
//!   `--max-plies` there): the game ends after move `N + 1` with the seeds counted, as
//!   OpenSpiel ends it; `0` lifts the limit (every Kalah game ends anyway);
//! - `--threads T`: the computer's search threads (default 1; more make `--auto` games
//!   depend on timing);
//! - `--position STRING`: start from the game's position string (as `mancala engine`'s
//!   `position string`) instead of the rules' start; the string holds the board, and options
//!   that choose a start (a board size, a ritual) are then not asked for;
//! - `--db-seeds N` (Kalah, Oware and Toguz Kumalak): the computer builds the endgame
//!   databases of the rules up to `N` seeds on the board before the game and plays perfectly
//!   in them (Oware: where the repetition record holds no earlier board).
//!
//! Each game adds its own options (see `--help`). At the prompt a person types a move in the
//! game's notation, or `help` (`?`), `moves`, `board`, `quit` (`exit`), in any case. The last line of every game is its
//! result, such as `result: White (south) wins 82-40 (majority)`.

use crate::cli;
use std::ffi::OsString;
mod input;
pub(crate) mod kalah_ui;
pub(crate) mod katro_ui;
mod lines;
pub(crate) mod mangala4_ui;
pub(crate) mod oware_ui;
pub(crate) mod toguz_ui;

pub use input::{Input, Stop};

use mancala_engine::{EndReason, GameResult, Outcome, Position, Side};
use mancala_search::{Evaluator, Limits, Probed, Pvs, ScoreDifference};
use std::collections::HashSet;
use std::process::ExitCode;
use std::time::{Duration, Instant};

/// The short usage text, printed with every command-line error.
const USAGE: &str =
    "usage: mancala play GAME [--auto] [--side south|north] [--depth D] [--time MS] \
[--seed S] [--max-plies N] [--threads T] [--position STRING] [--db-seeds N] [GAME OPTIONS]
  GAME = toguz | mangala4 | katro | oware | kalah
  rule options: `mancala rules GAME` lists them, as --KEY VALUE or --rules KEY=VALUE,...
                    (Kalah's and Oware's --max-plies is the rules' move limit, 0 for none)
  toguz options:    --repetition none|own-side|uncounted
                    (a repeated position ends the game: none, the federation rules, ends
                    nothing; own-side gives each player his side's seeds; uncounted, no one)
  mangala4 options: --deal random|even, --first south|north";

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
    /// ([`cli::split_rules`]), and gives back the other arguments.
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

/// The longest time a move, in milliseconds: a day.
const MAX_MILLIS: u64 = 86_400_000;

/// The most lines in a row that hold no legal move before the program gives up: no person
/// types that many, and a file of garbage on standard input ends soon.
const MAX_REFUSED_LINES: u32 = 1000;

/// The subcommand, run on the arguments after its name.
pub fn main(args: Vec<OsString>) -> ExitCode {
    // A failure prints one line, not a backtrace.
    cli::one_line_panics(cli::Panics::Everywhere);
    let args = match cli::args(args, ExitCode::from(2)) {
        Ok(args) => args,
        Err(code) => return code,
    };
    let Some(game) = args.first() else {
        errln!("error: expected a game (mancala play --help lists the games and options)");
        return ExitCode::from(2);
    };
    let rest = &args[1..];
    let outcome = match game.as_str() {
        "toguz" => run(toguz_ui::Toguz::default(), rest),
        "mangala4" => run(mangala4_ui::Mangala::default(), rest),
        "katro" => run(katro_ui::Katro::default(), rest),
        "oware" => run(oware_ui::Oware::default(), rest),
        "kalah" => run(kalah_ui::Kalah::default(), rest),
        "-h" | "--help" | "help" => {
            outln!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        other => Err(format!("unknown game `{other}`")),
    };
    match outcome {
        Ok(code) => code,
        Err(message) => {
            errln!("error: {message} (mancala play --help lists the games and options)");
            ExitCode::from(2)
        }
    }
}

/// Parses the options, then plays the game. `Err` only for a bad command line; otherwise the
/// exit code of the game played.
fn run<G: Game>(mut game: G, args: &[String]) -> Result<ExitCode, String> {
    let args = game.take_rules(args)?;
    let mut options = Options {
        auto: false,
        side: None,
        depth: None,
        time: Duration::from_millis(1000),
        seed: clock_seed(),
        // A game whose rules limit its length is not cut short by the driver.
        max_plies: if game.takes_move_limit() {
            u32::MAX
        } else {
            2000
        },
        threads: 1,
        position: None,
        db_seeds: None,
    };
    let mut seen: Vec<&str> = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let name = arg.as_str();
        if seen.contains(&name) {
            return Err(format!("option `{name}` is given twice"));
        }
        seen.push(name);
        match name {
            "--auto" => options.auto = true,
            "--side" => {
                options.side = Some(parse_side(value(name, &mut args)?)?);
            }
            "--depth" => {
                let depth = number(name, value(name, &mut args)?)?;
                if !(1..=64).contains(&depth) {
                    return Err(format!("--depth takes 1 to 64, not {depth}"));
                }
                options.depth = Some(depth as u32);
            }
            "--time" => {
                let ms = number(name, value(name, &mut args)?)?;
                if !(1..=MAX_MILLIS).contains(&ms) {
                    return Err(format!(
                        "--time takes a positive number of milliseconds, up to {MAX_MILLIS}"
                    ));
                }
                options.time = Duration::from_millis(ms);
            }
            "--seed" => options.seed = number(name, value(name, &mut args)?)?,
            "--threads" => {
                let threads = number(name, value(name, &mut args)?)?;
                options.threads = usize::try_from(threads)
                    .ok()
                    .filter(|n| (1..=mancala_search::MAX_THREADS).contains(n))
                    .ok_or_else(|| {
                        format!("--threads takes 1 to {}", mancala_search::MAX_THREADS)
                    })?;
            }
            "--max-plies" => {
                let plies = number(name, value(name, &mut args)?)?;
                options.max_plies = u32::try_from(plies)
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--max-plies takes 1 to {}", u32::MAX))?;
            }
            "--position" => options.position = Some(value(name, &mut args)?.to_owned()),
            "--db-seeds" if !game.has_databases() => return Err(no_databases(game.name())),
            "--db-seeds" => {
                let most = mancala_solver::db::MAX_LEVEL_SEEDS;
                let seeds = number(name, value(name, &mut args)?)?;
                options.db_seeds = Some(
                    u32::try_from(seeds)
                        .ok()
                        .filter(|&n| n <= most)
                        .ok_or_else(|| format!("--db-seeds takes 0 to {most}"))?,
                );
            }
            "-h" | "--help" => {
                outln!("{USAGE}");
                return Ok(ExitCode::SUCCESS);
            }
            _ if name.starts_with("--") => {
                let value = if game.takes_value(name) {
                    value(name, &mut args)?
                } else {
                    ""
                };
                game.set_option(name, value)?;
            }
            _ => return Err(format!("unexpected argument `{name}`")),
        }
    }
    Ok(play(&mut game, &options))
}

/// A seed for a game started without `--seed`: the clock's nanoseconds, so every game differs.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos() as u64)
}

/// The value after option `name`.
fn value<'a>(name: &str, args: &mut impl Iterator<Item = &'a String>) -> Result<&'a str, String> {
    args.next()
        .map(String::as_str)
        .ok_or_else(|| format!("option `{name}` needs a value"))
}

/// A whole number given to option `name`.
fn number(name: &str, text: &str) -> Result<u64, String> {
    text.parse()
        .map_err(|_| format!("{name} takes a whole number, not `{text}`"))
}

/// `south` (`s`) or `north` (`n`), in any case.
pub fn parse_side(text: &str) -> Result<Side, String> {
    match text.to_lowercase().as_str() {
        "south" | "s" => Ok(Side::South),
        "north" | "n" => Ok(Side::North),
        _ => Err(format!("`{text}` is neither south (s) nor north (n)")),
    }
}

/// Plays a game to its end (or until the person leaves) and prints the result. Fails when the
/// game could not be played to its end: standard input ended or was unreadable, or the game
/// itself went wrong.
fn play<G: Game>(game: &mut G, options: &Options) -> ExitCode {
    let mut input = Input::stdin();
    let (mut position, settled) = match &options.position {
        Some(text) => match text.parse::<G::P>() {
            Ok(position) => (position, None),
            Err(error) => {
                errln!("error: --position: {error}");
                return ExitCode::from(2);
            }
        },
        None => match game.start(options, &mut input) {
            Ok(start) => start,
            Err(stop) => return stopped(&stop),
        },
    };
    let person = if options.auto {
        None
    } else {
        Some(settled.or(options.side).unwrap_or(position.side_to_move()))
    };
    let depth = options
        .depth
        .unwrap_or_else(|| game.default_depth(options.auto));
    let limits = if options.auto {
        Limits::depth(depth)
    } else {
        Limits::depth(depth).with_time(options.time)
    };
    let rest = match options
        .db_seeds
        .map(|seeds| game.databases(&position, seeds))
    {
        Some(Ok(rest)) => Some(rest),
        Some(Err(error)) => {
            errln!("error: --db-seeds: {error}");
            return ExitCode::from(2);
        }
        None => None,
    };
    let evaluation = Probed::new(G::evaluate, move |position: &G::P| {
        rest.as_ref().and_then(|rest| rest(position))
    });
    let mut engine = Pvs::with_evaluator(limits, evaluation).with_threads(options.threads);
    engine.allocate_table();
    match person {
        Some(side) => {
            outln!(
                "You play {}; the computer plays {} (depth {depth}, {} ms a move). \
Type `help` for help.",
                seat(game, side),
                seat(game, !side),
                options.time.as_millis()
            );
        }
        None => outln!("{}: computer against computer, depth {depth}.", game.name()),
    }
    let started = Instant::now();
    let mut last: Option<String> = None;
    let mut plies = 0u32;
    let mut seen = HashSet::from([position.clone()]);
    let mut repeated = None;
    if person != Some(position.side_to_move()) {
        outln!("{}", game.draw(&position, None).trim_end());
    }
    while !position.is_over() {
        if plies >= options.max_plies {
            outln!(
                "result: unfinished after {plies} plies (the --max-plies cap), {}",
                scores(game, &position)
            );
            return ExitCode::SUCCESS;
        }
        let mover = position.side_to_move();
        let mv = if person == Some(mover) {
            outln!("{}", game.draw(&position, last.as_deref()).trim_end());
            match ask_move(game, &position, &mut input) {
                Ok(mv) => mv,
                Err(stop) => return stopped(&stop),
            }
        } else {
            let result = engine.search(&position);
            let Some(mv) = result.best_move else {
                errln!("error: the computer found no move in a game that is not over");
                return ExitCode::FAILURE;
            };
            mv
        };
        let description = game.describe_move(&position, mv);
        if let Err(error) = position.play(mv) {
            errln!("error: the move was refused: {error}");
            return ExitCode::FAILURE;
        }
        plies += 1;
        if options.auto {
            outln!("{plies:>4}. {description}");
        } else if person == Some(mover) {
            outln!("You play {description}");
        } else {
            outln!("The computer plays {description}");
        }
        last = Some(description);
        if !seen.insert(position.clone()) {
            repeated = game.repetition_end(&position);
            if repeated.is_some() {
                break;
            }
        }
    }
    outln!("{}", game.draw(&position, last.as_deref()).trim_end());
    if options.auto {
        outln!("{plies} plies in {:.2} s", started.elapsed().as_secs_f64());
    }
    let totals = [Side::South, Side::North].map(|side| position.score(side));
    let ended = repeated
        .map(|end| (end.outcome, end.scores))
        .or_else(|| position.outcome().map(|outcome| (outcome, totals)));
    match ended {
        Some((outcome, [south, north])) => outln!("{}", result_line(game, outcome, south, north)),
        None => outln!(
            "result: unfinished after {plies} plies, {}",
            scores(game, &position)
        ),
    }
    ExitCode::SUCCESS
}

/// The last line of a finished game: `result: White (south) wins 82-40 (majority)`.
fn result_line<G: Game>(game: &G, outcome: Outcome, south: u32, north: u32) -> String {
    let reason = game.reason(outcome.reason);
    match outcome.winner {
        Some(side) => {
            let (own, other) = match side {
                Side::South => (south, north),
                Side::North => (north, south),
            };
            format!("result: {} wins {own}-{other} ({reason})", seat(game, side))
        }
        None => format!("result: draw {south}-{north} ({reason})"),
    }
}

/// The player at `side` with his seat when the game names him otherwise: `White (south)`.
fn seat<G: Game>(game: &G, side: Side) -> String {
    let name = game.side_name(side);
    if name.eq_ignore_ascii_case(&side.to_string()) {
        name
    } else {
        format!("{name} ({side})")
    }
}

/// Both scores, in words.
fn scores<G: Game>(game: &G, position: &G::P) -> String {
    format!(
        "{} {}, {} {}",
        game.side_name(Side::South),
        position.score(Side::South),
        game.side_name(Side::North),
        position.score(Side::North)
    )
}

/// The message for a game the person left, and the exit code: a game left by typing `quit`
/// ends well, one whose input ran out or went wrong does not.
fn stopped(stop: &Stop) -> ExitCode {
    match stop {
        Stop::Quit => {
            outln!("You left the game.");
            ExitCode::SUCCESS
        }
        Stop::Eof => {
            outln!("End of input: the game is abandoned.");
            ExitCode::FAILURE
        }
        Stop::BadInput(why) => {
            errln!("error: {why}");
            ExitCode::FAILURE
        }
    }
}

/// Asks the person for a move until he types a legal one.
fn ask_move<G: Game>(
    game: &G,
    position: &G::P,
    input: &mut Input,
) -> Result<<G::P as Position>::Move, Stop> {
    for _ in 0..MAX_REFUSED_LINES {
        let line = input.ask(&game.prompt(position))?;
        match line.to_lowercase().as_str() {
            "help" | "?" => {
                outln!("{}", game.help());
                outln!(
                    "Commands, in any case: `moves` lists your legal moves, `board` draws the \
board, `help` or `?` shows this, `quit` or `exit` leaves."
                );
            }
            "moves" => outln!("Legal moves: {}", legal_moves(game, position)),
            "board" => outln!("{}", game.draw(position, None).trim_end()),
            _ => match game.parse_move(position, &line) {
                Ok(mv) => match position.check_move(mv) {
                    Ok(()) => return Ok(mv),
                    Err(error) => outln!("Illegal move: {error}. Type `moves` or `help`."),
                },
                Err(message) => outln!("{message} Type `moves` or `help`."),
            },
        }
    }
    Err(Stop::BadInput(format!(
        "{MAX_REFUSED_LINES} lines in a row without a legal move"
    )))
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
