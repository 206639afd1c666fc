//! Plays two computer players against each other and measures the difference in strength.
//!
//! ```text
//! mancala match GAME A B [--time MS | --depth D | --nodes N] [RULE OPTIONS]
//!     [--games G] [--seed S] [--opening-plies K] [--balanced D:M] [--threads T]
//!     [OPTIONS OF PLAY] [--quiet]
//! mancala match think GAME [--time MS] [--depth D] [--table MIB]
//!     [--aspiration W] [--quiescence Q] [--pruning 0|1] [--positions K] [--threads T]
//! mancala match fit GAME PGN_FILE | GAMES [--seed S]
//! ```
//!
//! GAME is any game of the registry. A and B describe the players: `old` is the plain
//! alpha-beta with the score-difference evaluation (the reference every change is measured
//! against), `pvs` the principal-variation search with the game's evaluation, tuned by options
//! after a colon, such as `pvs:eval=score,table=64,aspiration=30,quiescence=2,reductions=off`
//! (and `threads=N` for a search on N threads sharing its table, and for a game with endgame
//! databases `db=SEEDS` for one that probes them up to that many seeds on the board, built at
//! the start of the match, or `dbfile=FILE` for one that reads them from a file), and
//! `uci:COMMAND` a program that speaks the engine protocol of `docs/protocol.md`, such as
//! `uci:mancala engine toguz` (one process a game, asked each move with `position string` and
//! `go`).
//!
//! The games start from `G / 2` openings, each `K` random plies long (default 4, at most 40)
//! drawn from a generator seeded by `S` (default 1), and each opening is played twice, A taking
//! South in one game and North in the other. `--balanced D:M` keeps only openings that a
//! depth-`D` search with the score difference (`pvs:eval=score`) values within `M` seeds of
//! even, for games where most random openings are already decided: each opening is drawn
//! again until one is, up to [`BALANCE_DRAWS`](openings::BALANCE_DRAWS) times, and then the
//! closest drawn is played. Every move gets the same limit (default `--time 100`). Games run on
//! `T` threads (default 1), each game on one thread. Each game's result is printed as it ends
//! (unless `--quiet`), then A's wins, draws and losses, the score, the Elo difference with its
//! 95 % interval, and each player's average depth and nodes per second. A game's options of
//! play (`mancala play --help` lists them; Toguz Kumalak's `--repetition` ends a game whose
//! position comes back) apply as in `play`; a game still going at 2 000 plies is a draw.
//!
//! `think` searches the start position with `pvs` and prints a line per completed iteration
//! (depth, value, nodes, time, nodes per second, principal variation); with `--positions K`
//! it searches K random middlegames instead and prints the nodes each search took.
//!
//! `fit` fits the weights of a game's evaluation by logistic regression on game results and
//! prints them: on the positions of a record file for a game fitted on records (Toguz
//! Kumalak), on games the old player plays against itself from random openings for the others.

use crate::cli;
use std::ffi::OsString;
mod contender;
mod fit;
mod openings;
mod think;
mod uci_player;

use cli::in_range;
use contender::{Contender, Spec};
use mancala_games::engine::draw::PlayChoices;
use mancala_games::engine::{Game, GameResult, Position, Side};
use mancala_games::player::{self, DbSource};
use mancala_games::registry::{self, Registered, Visitor};
use mancala_games::search::elo::Tally;
use mancala_games::search::{Limits, Probed, MAX_SEARCH_DEPTH};
use mancala_games::solver::Databases;
use openings::{balanced_opening, opening};
use std::collections::{BTreeMap, HashSet};
use std::hash::Hash;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The usage text.
fn usage() -> String {
    let games: Vec<&str> = registry::names().collect();
    format!(
        "usage: mancala match GAME A B [--time MS | --depth D | --nodes N] [--games G] \
[--seed S] [--opening-plies K] [--balanced D:M] [--threads T] [OPTIONS OF PLAY] [--quiet] [RULE OPTIONS]
       mancala match think GAME [--time MS] [--depth D] [--table MIB] [--aspiration W] [--quiescence Q] \
[--pruning 0|1] [--positions K] [--threads T]
       mancala match fit GAME PGN_FILE | GAMES [--seed S]
  GAME = {};  A, B = old | pvs[:eval=game|score,table=MIB,aspiration=W,quiescence=Q,reductions=on|off,threads=N,db=SEEDS|dbfile=FILE] | uci:COMMAND
  (mancala rules GAME lists a game's rule options, mancala play --help its options of play)",
        games.join(" | ")
    )
}

/// A game stopped after this many plies counts as a draw.
const MAX_PLIES: u32 = 2_000;

/// The subcommand, run on the arguments after its name.
pub fn main(args: Vec<OsString>) -> ExitCode {
    let args = match cli::args(args, ExitCode::from(2)) {
        Ok(args) => args,
        Err(code) => return code,
    };
    let outcome = match args.first().map(String::as_str) {
        Some("fit") => fit::run(&args[1..]),
        Some("think") => think::run(&args[1..]),
        Some("-h" | "--help") => {
            outln!("{}", usage());
            return ExitCode::SUCCESS;
        }
        _ => run(&args),
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            errln!("error: {message} (mancala match --help shows the usage)");
            ExitCode::from(2)
        }
    }
}

/// The match's settings.
struct Settings {
    a: Spec,
    b: Spec,
    limits: Limits,
    games: usize,
    seed: u64,
    opening_plies: u32,
    /// The depth of the search that judges an opening and the margin it must lie within.
    balanced: Option<(u32, i32)>,
    threads: usize,
    /// The game's options of play (Toguz Kumalak's `--repetition`).
    choices: PlayChoices,
    quiet: bool,
}

fn run(args: &[String]) -> Result<(), String> {
    let [game, a, b, options @ ..] = args else {
        return Err("expected a game and two players".into());
    };
    let (a, b) = (Spec::parse(a)?, Spec::parse(b)?);
    registry::with_game(game, Match { a, b, options }).map_err(|unknown| unknown.to_string())?
}

/// A match of the players `a` and `b`, on the arguments after them.
struct Match<'a> {
    a: Spec,
    b: Spec,
    options: &'a [String],
}

impl Visitor for Match<'_> {
    type Output = Result<(), String>;
    fn visit<G: Registered>(self) -> Self::Output {
        let (rules, options) = cli::split_rules::<G::Rules>(self.options)?;
        let mut settings = Settings {
            a: self.a,
            b: self.b,
            limits: Limits::time(Duration::from_millis(100)),
            games: 100,
            seed: 1,
            opening_plies: 4,
            balanced: None,
            threads: 1,
            choices: PlayChoices::new(G::PLAY_OPTIONS),
            quiet: false,
        };
        let mut rest = options.iter();
        while let Some(option) = rest.next() {
            let name = option.as_str();
            let mut value = || {
                rest.next()
                    .map(String::as_str)
                    .ok_or_else(|| format!("{option} needs a value"))
            };
            match name {
                "--time" => settings.limits = Limits::time(millis(name, value()?, 0)?),
                "--depth" => settings.limits = Limits::depth(depth(name, value()?)?),
                "--nodes" => {
                    settings.limits = Limits::nodes(in_range(name, value()?, 0..=u64::MAX)?)
                }
                "--games" => settings.games = in_range(name, value()?, 0..=MAX_GAMES)?,
                "--seed" => settings.seed = in_range(name, value()?, 0..=u64::MAX)?,
                "--opening-plies" => {
                    settings.opening_plies = in_range(name, value()?, 0..=MAX_OPENING_PLIES)?
                }
                "--balanced" => settings.balanced = Some(balance(name, value()?)?),
                // `0` counts as one thread.
                "--threads" => settings.threads = in_range(name, value()?, 0..=MAX_THREADS)?.max(1),
                "--quiet" => settings.quiet = true,
                flag if flag
                    .strip_prefix("--")
                    .is_some_and(|key| settings.choices.has(key)) =>
                {
                    let value = value()?;
                    settings
                        .choices
                        .set(&flag[2..], value)
                        .map_err(|error| error.to_string())?;
                }
                other => return Err(format!("unknown option `{other}`")),
            }
        }
        for command in [&settings.a, &settings.b].into_iter().filter_map(Spec::uci) {
            // Fails early, with a clear message, if the program cannot be started.
            uci_player::UciPlayer::spawn(command, Limits::depth(1))?;
        }
        let start = G::new(rules);
        let databases = databases(&settings, &start)?;
        let choices = settings.choices.clone();
        play_match(
            &settings,
            || start.clone(),
            |position: &G| position.repetition_end(&choices),
            |spec, limits| {
                let databases = spec.databases.as_ref().and_then(|db| databases.get(db));
                match databases {
                    Some(databases) => spec.build(
                        limits,
                        Probed::new(
                            G::Evaluation::default(),
                            player::rest::<G>(Some(Arc::clone(databases))),
                        ),
                    ),
                    None => spec.build(limits, G::Evaluation::default()),
                }
            },
        );
        Ok(())
    }
}

/// The endgame databases the players ask for (`db=SEEDS`, `dbfile=FILE`): built or read once
/// for the match under the rules of `start`.
fn databases<G: Registered>(
    settings: &Settings,
    start: &G,
) -> Result<BTreeMap<DbSource, Arc<Databases>>, String> {
    let mut found = BTreeMap::new();
    for source in [&settings.a, &settings.b]
        .iter()
        .filter_map(|s| s.databases.as_ref())
    {
        if !found.contains_key(source) {
            found.insert(source.clone(), crate::databases::for_player(start, source)?);
        }
    }
    Ok(found)
}

/// A player that plays no move: stands in for an external program that would not start (the
/// game then stops unfinished).
pub(super) struct Resigns;

impl<P: Position> Contender<P> for Resigns {
    fn choose(&mut self, _: &P) -> contender::Choice<P::Move> {
        contender::Choice {
            mv: None,
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
        }
    }
}

/// What one side did over a match.
#[derive(Debug, Clone, Copy, Default)]
struct Effort {
    searches: u64,
    depth: u64,
    nodes: u64,
    seconds: f64,
}

impl Effort {
    fn add(&mut self, other: &Effort) {
        self.searches += other.searches;
        self.depth += other.depth;
        self.nodes += other.nodes;
        self.seconds += other.seconds;
    }

    fn line(&self, name: &str, spec: &Spec) -> String {
        let searches = self.searches.max(1) as f64;
        format!(
            "{name} ({}): searches={} avg_depth={:.2} nodes_per_sec={:.0} avg_ms={:.1}",
            spec.text,
            self.searches,
            self.depth as f64 / searches,
            self.nodes as f64 / self.seconds.max(1e-9),
            1000.0 * self.seconds / searches
        )
    }
}

/// One finished game.
struct Record {
    index: usize,
    line: String,
    result: Option<Side>,
    finished: bool,
    a_side: Side,
    effort: [Effort; 2],
}

/// `--balanced`'s `DEPTH:MARGIN`.
fn balance(name: &str, text: &str) -> Result<(u32, i32), String> {
    let (d, m) = text
        .split_once(':')
        .ok_or_else(|| format!("{name} takes DEPTH:MARGIN, such as 10:2, not `{text}`"))?;
    Ok((depth(name, d)?, in_range(name, m, 0..=MAX_MARGIN)?))
}

/// The widest margin `--balanced` takes, in seeds: more than any game's seeds.
const MAX_MARGIN: i32 = 1_000;

/// The longest opening line allowed.
const MAX_OPENING_PLIES: u32 = 40;

/// The most games of a match: years of play at the default time a move, and few enough for
/// the tally's counts.
const MAX_GAMES: usize = 1_000_000;

/// The most threads: far more than any machine's cores, and few enough to start.
const MAX_THREADS: usize = 256;

/// The widest aspiration half-window `think` and `pvs:aspiration=W` take, in the evaluation's
/// units.
const MAX_ASPIRATION: i32 = 1_000_000;

/// The longest time a move, in milliseconds: a day.
const MAX_MILLIS: u64 = 86_400_000;

/// The largest transposition table, in MiB: the search's own cap (1 GiB), refused here before
/// anything is allocated, so a mistyped size fails on one line instead of being capped silently.
pub const MAX_TABLE_MIB: usize = mancala_search::MAX_TABLE_BYTES >> 20;

/// A time a move given to option `name`, from `least` to [`MAX_MILLIS`] milliseconds.
pub(super) fn millis(name: &str, text: &str, least: u64) -> Result<Duration, String> {
    in_range(name, text, least..=MAX_MILLIS).map(Duration::from_millis)
}

/// A search depth given to option `name`: 1 to the search's [`MAX_SEARCH_DEPTH`].
pub(super) fn depth(name: &str, text: &str) -> Result<u32, String> {
    in_range(name, text, 1..=MAX_SEARCH_DEPTH)
}

/// A table size in MiB given to option `name`, in bytes.
pub fn table_bytes(name: &str, text: &str) -> Result<usize, String> {
    in_range(name, text, 0..=MAX_TABLE_MIB).map(|mib| mib << 20)
}

type Build<'a, P> = dyn Fn(&Spec, Limits) -> Box<dyn Contender<P> + Send> + Sync + 'a;

/// How a position that has come back ends the game, if it does.
type Repeated<'a, P> = dyn Fn(&P) -> Option<GameResult> + Sync + 'a;

fn play_match<P>(
    settings: &Settings,
    start: impl Fn() -> P + Sync,
    repeated: impl Fn(&P) -> Option<GameResult> + Sync,
    build: impl Fn(&Spec, Limits) -> Box<dyn Contender<P> + Send> + Sync,
) where
    P: Game + Send + Sync,
    P::Move: Hash,
{
    let next = AtomicUsize::new(0);
    let records = Mutex::new(Vec::new());
    std::thread::scope(|scope| {
        for _ in 0..settings.threads {
            scope.spawn(|| loop {
                let index = next.fetch_add(1, Ordering::Relaxed);
                if index >= settings.games {
                    break;
                }
                let record = play_one(settings, index, &start, &repeated, &build);
                if !settings.quiet {
                    outln!("{}", record.line);
                }
                records.lock().expect("no thread panics").push(record);
            });
        }
    });
    let mut records = records.into_inner().expect("no thread panics");
    records.sort_by_key(|record| record.index);
    let mut tally = Tally::default();
    let mut effort = [Effort::default(); 2];
    let mut unfinished = 0;
    for record in &records {
        match record.result {
            Some(winner) if winner == record.a_side => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
        unfinished += u32::from(!record.finished);
        effort[0].add(&record.effort[0]);
        effort[1].add(&record.effort[1]);
    }
    // Adding zero turns a negative zero into zero, so an even match prints `+0`.
    let (elo, low, high) = tally.elo();
    let (elo, low, high) = (elo + 0.0, low + 0.0, high + 0.0);
    outln!(
        "A = {}, B = {}, {}",
        settings.a.text,
        settings.b.text,
        describe(&settings.limits)
    );
    outln!(
        "games={} wins={} draws={} losses={} unfinished={unfinished} score={:.1}% elo={elo:+.0} (95%: {low:+.0} to {high:+.0})",
        tally.games(),
        tally.wins,
        tally.draws,
        tally.losses,
        100.0 * tally.score()
    );
    outln!("{}", effort[0].line("A", &settings.a));
    outln!("{}", effort[1].line("B", &settings.b));
}

fn describe(limits: &Limits) -> String {
    match (limits.max_time(), limits.max_nodes()) {
        (Some(time), _) => format!("{} ms a move", time.as_millis()),
        (None, Some(nodes)) => format!("{nodes} nodes a move"),
        (None, None) => format!("depth {}", limits.max_depth()),
    }
}

fn play_one<P>(
    settings: &Settings,
    index: usize,
    start: &dyn Fn() -> P,
    repeated: &Repeated<'_, P>,
    build: &Build<'_, P>,
) -> Record
where
    P: Game + Sync,
    P::Move: Hash,
{
    let a_side = if index % 2 == 0 {
        Side::South
    } else {
        Side::North
    };
    let number = (index / 2) as u64;
    let (seed, plies) = (settings.seed, settings.opening_plies);
    let mut position = match settings.balanced {
        Some(balance) => balanced_opening(&start(), seed, number, plies, balance),
        None => opening(&start(), seed, number, plies),
    };
    let mut a = build(&settings.a, settings.limits);
    let mut b = build(&settings.b, settings.limits);
    let mut effort = [Effort::default(); 2];
    let mut plies = 0;
    let mut seen = HashSet::from([position.clone()]);
    let mut ended = None;
    while !position.is_over() && plies < MAX_PLIES {
        let mover = usize::from(position.side_to_move() != a_side);
        let player = if mover == 0 { &mut a } else { &mut b };
        let choice = player.choose(&position);
        if choice.depth > 0 {
            let e = &mut effort[mover];
            e.searches += 1;
            e.depth += u64::from(choice.depth);
            e.nodes += choice.nodes;
            e.seconds += choice.time.as_secs_f64();
        }
        match choice.mv {
            Some(mv) if position.play(mv).is_ok() => plies += 1,
            _ => break,
        }
        if !seen.insert(position.clone()) {
            ended = repeated(&position);
            if ended.is_some() {
                break;
            }
        }
    }
    let totals = [Side::South, Side::North].map(|side| position.score(side));
    let (outcome, [south, north]) = match ended {
        Some(end) => (Some(end.outcome), end.scores),
        None => (position.outcome(), totals),
    };
    let result = outcome.and_then(|o| o.winner);
    let verdict = match result {
        Some(winner) if winner == a_side => "A wins",
        Some(_) => "B wins",
        None if outcome.is_some() => "draw",
        None => "unfinished",
    };
    Record {
        index,
        line: format!(
            "game {} opening {number} A={a_side}: {verdict} {south}-{north} in {plies} plies",
            index + 1
        ),
        result,
        finished: outcome.is_some(),
        a_side,
        effort,
    }
}
