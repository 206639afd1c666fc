//! Play any registered game in the terminal, against the computer or computer against
//! computer: one driver over the registry of games ([`mancala_games::registry`]), the board
//! drawn by the game's picture ([`mancala_engine::draw::Draw`]), its words
//! ([`mancala_engine::draw::Describe`]), and the library's strongest player
//! ([`mancala_games::player`]).
//!
//! ```text
//! mancala play GAME [OPTIONS]
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
//! - `--max-plies N`: stop an unfinished game after `N` moves (default 2000). In a game whose
//!   rules have a move limit (Kalah, Oware) it is that rule instead, `max-plies` as in
//!   `perft`: the game ends after move `N + 1` with the seeds counted, as OpenSpiel ends it;
//!   `0` lifts the limit;
//! - `--threads T`: the computer's search threads (default 1; more make `--auto` games
//!   depend on timing);
//! - `--position STRING`: start from the game's position string (as `mancala engine`'s
//!   `position string`) instead of the rules' start; the string holds the board, and options
//!   that choose a start (a board size, a ritual) are then not asked for;
//! - `--db-seeds N` (the games with endgame databases): the computer builds the endgame
//!   databases of the rules up to `N` seeds on the board before the game and plays perfectly
//!   in them; `--db-read FILE` reads them instead from a file `mancala solve … --db-write
//!   FILE` wrote for the same rules.
//!
//! The rule options (`mancala rules GAME`) are taken as `--KEY VALUE` or `--rules
//! KEY=VALUE,...`, and a game's options of play (its `PLAY_OPTIONS`: Toguz Kumalak's
//! `--repetition`, Mangala IV's `--deal` and `--first`) as `--KEY VALUE`. At the prompt a
//! person types a move in the game's notation, or `help` (`?`), `moves`, `board`, `quit`
//! (`exit`), in any case. The last line of every game is its result, such as `result: White
//! (south) wins 82-40 (majority)`.

use crate::cli;
use std::ffi::OsString;
mod input;
mod session;

pub use input::{Input, Stop};

use mancala_engine::draw::PlayChoices;
use mancala_engine::rules::RuleOptions;
use mancala_engine::Side;
use mancala_games::player::DbSource;
use mancala_games::registry::{self, Registered, Visitor};
use std::process::ExitCode;
use std::time::Duration;

/// The options every game shares.
#[derive(Debug, Clone)]
pub struct Settings {
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
    /// The endgame databases the computer probes, if given: built or read.
    pub databases: Option<DbSource>,
}

/// The longest time a move, in milliseconds: a day.
const MAX_MILLIS: u64 = 86_400_000;

/// The usage text, with every game and its options of play, printed by `--help`.
fn usage() -> String {
    let names: Vec<&str> = registry::names().collect();
    let mut text = format!(
        "usage: mancala play GAME [--auto] [--side south|north] [--depth D] [--time MS] \
[--seed S] [--max-plies N] [--threads T] [--position STRING] [--db-seeds N | --db-read FILE] [RULE OPTIONS] \
[PLAY OPTIONS]
  GAME = {}
  rule options: `mancala rules GAME` lists them, as --KEY VALUE or --rules KEY=VALUE,...
                (where the rules have max-plies, --max-plies is that rule, 0 for none)
  play options:",
        names.join(" | ")
    );
    for name in names {
        if let Ok(lines) = registry::with_game(name, PlayOptionLines) {
            text.push_str(&lines);
        }
    }
    text
}

/// The lines of a game's options of play in the usage text.
struct PlayOptionLines;

impl Visitor for PlayOptionLines {
    type Output = String;
    fn visit<G: Registered>(self) -> String {
        G::PLAY_OPTIONS
            .iter()
            .map(|option| {
                format!(
                    "\n    {} --{} {} (default {}): {}",
                    G::NAME,
                    option.key,
                    option.values,
                    option.default,
                    option.doc
                )
            })
            .collect()
    }
}

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
    let outcome = match game.as_str() {
        "-h" | "--help" | "help" => {
            outln!("{}", usage());
            return ExitCode::SUCCESS;
        }
        name => registry::with_game(name, Play(&args[1..]))
            .unwrap_or_else(|unknown| Err(unknown.to_string())),
    };
    match outcome {
        Ok(code) => code,
        Err(message) => {
            errln!("error: {message} (mancala play --help lists the games and options)");
            ExitCode::from(2)
        }
    }
}

/// `play` on the arguments after the game's name.
struct Play<'a>(&'a [String]);

impl Visitor for Play<'_> {
    type Output = Result<ExitCode, String>;
    fn visit<G: Registered>(self) -> Self::Output {
        run::<G>(self.0)
    }
}

/// Whether `G` has endgame databases for `--db-seeds` and `--db-read`.
fn has_databases<G: Registered>() -> bool {
    G::endgame().is_some()
}

/// Parses the options, then plays the game. `Err` only for a bad command line; otherwise the
/// exit code of the game played.
fn run<G: Registered>(args: &[String]) -> Result<ExitCode, String> {
    let (rules, args) = cli::split_rules::<G::Rules>(args)?;
    let mut choices = PlayChoices::new(G::PLAY_OPTIONS);
    // A game whose rules limit its length is not cut short by the driver.
    let move_limit = G::Rules::OPTIONS.iter().any(|o| o.key == "max-plies");
    let mut settings = Settings {
        auto: false,
        side: None,
        depth: None,
        time: Duration::from_millis(1000),
        seed: clock_seed(),
        max_plies: if move_limit { u32::MAX } else { 2000 },
        threads: 1,
        position: None,
        databases: None,
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
            "--auto" => settings.auto = true,
            "--side" => {
                settings.side = Some(parse_side(value(name, &mut args)?)?);
            }
            "--depth" => {
                let depth = number(name, value(name, &mut args)?)?;
                if !(1..=64).contains(&depth) {
                    return Err(format!("--depth takes 1 to 64, not {depth}"));
                }
                settings.depth = Some(depth as u32);
            }
            "--time" => {
                let ms = number(name, value(name, &mut args)?)?;
                if !(1..=MAX_MILLIS).contains(&ms) {
                    return Err(format!(
                        "--time takes a positive number of milliseconds, up to {MAX_MILLIS}"
                    ));
                }
                settings.time = Duration::from_millis(ms);
            }
            "--seed" => settings.seed = number(name, value(name, &mut args)?)?,
            "--threads" => {
                let threads = number(name, value(name, &mut args)?)?;
                settings.threads = usize::try_from(threads)
                    .ok()
                    .filter(|n| (1..=mancala_search::MAX_THREADS).contains(n))
                    .ok_or_else(|| {
                        format!("--threads takes 1 to {}", mancala_search::MAX_THREADS)
                    })?;
            }
            "--max-plies" => {
                let plies = number(name, value(name, &mut args)?)?;
                settings.max_plies = u32::try_from(plies)
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--max-plies takes 1 to {}", u32::MAX))?;
            }
            "--position" => settings.position = Some(value(name, &mut args)?.to_owned()),
            "--db-seeds" | "--db-read" if !has_databases::<G>() => {
                return Err(format!("{} has no endgame databases", G::NAME))
            }
            "--db-seeds" | "--db-read" if settings.databases.is_some() => {
                return Err("--db-seeds and --db-read do not go together".into())
            }
            "--db-seeds" => {
                let most = mancala_solver::db::MAX_LEVEL_SEEDS;
                let seeds = number(name, value(name, &mut args)?)?;
                settings.databases = Some(DbSource::Build(
                    u32::try_from(seeds)
                        .ok()
                        .filter(|&n| n <= most)
                        .ok_or_else(|| format!("--db-seeds takes 0 to {most}"))?,
                ));
            }
            "--db-read" => {
                settings.databases = Some(DbSource::File(value(name, &mut args)?.into()));
            }
            "-h" | "--help" => {
                outln!("{}", usage());
                return Ok(ExitCode::SUCCESS);
            }
            _ => match name.strip_prefix("--") {
                Some(key) if choices.has(key) => {
                    let text = value(name, &mut args)?;
                    choices
                        .set(key, text)
                        .map_err(|error| format!("{name}: {error}"))?;
                }
                Some(_) => {
                    return Err(format!(
                        "unknown {} option `{name}` (`mancala rules {}` lists its rule options)",
                        G::NAME,
                        G::NAME
                    ))
                }
                None => return Err(format!("unexpected argument `{name}`")),
            },
        }
    }
    Ok(session::play::<G>(rules, &choices, &settings))
}

/// A seed for a game started without `--seed`: the clock's nanoseconds, so every game differs.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |since| since.as_nanos() as u64)
}

/// `south` (`s`) or `north` (`n`), in any case.
fn parse_side(text: &str) -> Result<Side, String> {
    match text.to_lowercase().as_str() {
        "south" | "s" => Ok(Side::South),
        "north" | "n" => Ok(Side::North),
        _ => Err(format!("`{text}` is neither south (s) nor north (n)")),
    }
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
