//! Solves a position exactly: the final score difference under perfect play for the side to
//! move, every best move and a principal variation.
//!
//! ```text
//! mancala solve GAME [RULE OPTIONS] [COMMON]
//! COMMON: [--position STRING] [--table-mb N] [--max-nodes N] [--guess V] [--progress]
//!         [--threads N] [DATABASES]
//! DATABASES (kalah; toguz and oware with --majority-stop no): [--db-seeds N] [--db-read FILE]
//!           [--db-write FILE] [--db-memory-mb N] [--db-disk FILE] [--db-only]
//! ```
//!
//! `--threads N` (1 to 256, default 1) runs the search of Kalah without a move limit on N
//! threads sharing one table, and builds the databases on N threads.
//!
//! `--db-seeds N` builds the endgame databases of the game's rules up to N seeds on the board
//! (in memory, on `--threads` threads, within `--db-memory-mb`; with `--db-disk FILE` the
//! lowest levels built go to that new file, removed at the end, when the next would pass it,
//! and a level of Toguz Kumalak or Oware larger than that memory is built there a part at a
//! time, with a work file `FILE.work` beside it),
//! `--db-read FILE` reads them from a file instead (the highest levels within
//! `--db-memory-mb` into memory, the others read from the file when probed), `--db-write FILE`
//! writes what was built; the search then takes their values. `--db-only` stops once the
//! databases are built and written, without a solve: the file is what `mancala play
//! --db-read`, the match player `pvs:dbfile=FILE`, the engine's `EndgameFile` and Python's
//! `search(endgame_file=…)` read. Oware's databases hold positions with no earlier board in
//! their repetition record (the start, or right after a capture) under both extreme
//! conventions for an endless game, which bracket the value under Oware's repetition rule;
//! the search takes them there only, and gives `LOW..HIGH` where the conventions differ.
//!
//! The rule options are the game's (`mancala rules GAME`). `--majority-stop no` plays Toguz Kumalak or Oware on past a majority of the seeds in a
//! store: the same winner, every seed counted in the final score.
//!
//! `--guess V` has the search try `V` first (a published value, say): a good guess saves
//! passes of the search, and the value found does not depend on it. Without it, Kalah's search
//! guesses from a shallow search of the start, and the others try 0.
//!
//! `--position` starts from a position string instead of the start (the string holds the
//! rules, so rule options may not be given with it). Kalah and Oware are solved without a
//! move limit unless `--max-plies` says otherwise, as the published values are. A repeated
//! position on a line is scored under both extreme conventions (the board's seeds all to
//! South, all to North). Prints the principal variation, nodes, time and memory, and ends with
//! `value=V best=M[,M…]`, or `value=LOW..HIGH best=…` when the convention decides the value.

use crate::cli;
use mancala_games::engine::{Game, Side};
use mancala_games::registry::{self, Registered, Visitor};
use mancala_games::solver::{
    on_large_stack, solve_range, BuildOptions, EndgameOps, Options, Probe, Progress, Solution,
    MAX_GUESS,
};
use std::ffi::OsString;
use std::process::ExitCode;
use std::sync::Arc;

const USAGE: &str = "usage: mancala solve GAME [RULE OPTIONS] [--position STRING] [--table-mb N] [--max-nodes N] [--guess V] [--progress] [--db-seeds N] [--db-read FILE] [--db-write FILE] [--db-memory-mb N] [--db-disk FILE] [--db-only] [--threads N]   (GAME = toguz | kalah | oware | katro | mangala4; `mancala rules GAME` lists the rule options; databases for kalah, for toguz and oware with --majority-stop no, and for toguz --board 5 with the stop too)";

/// The most memory the databases may be given, in MiB.
const MAX_DB_MB: u64 = 64 << 10;

/// The largest table the command asks for, in MiB.
const MAX_TABLE_MB: usize = 16 << 10;

/// The subcommand, run on the arguments after its name.
pub fn main(args: Vec<OsString>) -> ExitCode {
    cli::run_main(args, USAGE, cli::Panics::Everywhere, run)
}

/// What every game shares: the options that are not rules.
struct Common {
    position: Option<String>,
    table_mb: usize,
    max_nodes: u64,
    guess: Option<i32>,
    progress: bool,
    db_seeds: Option<u32>,
    db_read: Option<String>,
    db_write: Option<String>,
    db_memory_mb: u64,
    /// Where levels that do not fit `db_memory_mb` go during a build.
    db_disk: Option<String>,
    /// Stop once the databases are built (and written): no solve.
    db_only: bool,
    threads: usize,
}

impl Common {
    fn wants_databases(&self) -> bool {
        self.db_seeds.is_some()
            || self.db_read.is_some()
            || self.db_write.is_some()
            || self.db_disk.is_some()
    }
}

/// Splits the common options from the game's rule options.
fn common(args: &[String]) -> Result<(Common, Vec<String>), String> {
    let mut common = Common {
        position: None,
        table_mb: 64,
        max_nodes: u64::MAX,
        guess: None,
        progress: false,
        db_seeds: None,
        db_read: None,
        db_write: None,
        db_memory_mb: 1 << 10,
        db_disk: None,
        db_only: false,
        threads: 1,
    };
    let mut rules = Vec::new();
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        let mut value = || {
            args.next()
                .cloned()
                .ok_or_else(|| format!("option `{arg}` needs a value"))
        };
        match arg.as_str() {
            "--position" => common.position = Some(value()?),
            "--table-mb" => {
                common.table_mb = cli::in_range("--table-mb", &value()?, 1..=MAX_TABLE_MB)?
            }
            "--max-nodes" => {
                common.max_nodes = cli::in_range("--max-nodes", &value()?, 1..=u64::MAX)?
            }
            "--guess" => {
                common.guess = Some(cli::in_range("--guess", &value()?, -MAX_GUESS..=MAX_GUESS)?)
            }
            "--progress" => common.progress = true,
            "--db-only" => common.db_only = true,
            "--db-seeds" => {
                common.db_seeds = Some(cli::in_range(
                    "--db-seeds",
                    &value()?,
                    0..=mancala_solver::db::MAX_LEVEL_SEEDS,
                )?)
            }
            "--db-read" => common.db_read = Some(value()?),
            "--db-write" => common.db_write = Some(value()?),
            "--db-disk" => common.db_disk = Some(value()?),
            "--db-memory-mb" => {
                common.db_memory_mb = cli::in_range("--db-memory-mb", &value()?, 1..=MAX_DB_MB)?
            }
            "--threads" => common.threads = cli::in_range("--threads", &value()?, 1..=256)?,
            _ => rules.push(arg.clone()),
        }
    }
    Ok((common, rules))
}

fn run(args: &[String]) -> Result<(), String> {
    let [game, rest @ ..] = args else {
        return Err(format!("expected a game ({USAGE})"));
    };
    let (common, rules) = common(rest)?;
    if common.position.is_some() && !rules.is_empty() {
        return Err(format!(
            "rule option `{}` with --position: the position string holds the rules",
            rules[0]
        ));
    }
    // Kalah and Oware are solved without a move limit unless one is given, as the published
    // values are (`Solved::solve_rules`).
    let limited = rules.iter().any(|arg| arg.contains("max-plies"));
    registry::with_game(
        game,
        Solve {
            common: &common,
            rules: &rules,
            limited,
        },
    )
    .map_err(|e| format!("{e} ({USAGE})"))?
}

/// A solve of one game, as the command line asks it.
struct Solve<'a> {
    common: &'a Common,
    rules: &'a [String],
    limited: bool,
}

impl Visitor for Solve<'_> {
    type Output = Result<(), String>;

    fn visit<G: Registered>(self) -> Result<(), String> {
        let (mut parsed, rest) = cli::split_rules::<G::Rules>(self.rules)?;
        no_other_options(&rest)?;
        if !self.limited {
            parsed = G::solve_rules(parsed);
        }
        let position = start::<G>(self.common, parsed)?;
        let databases = match G::endgame() {
            Some(endgame) => databases(&position, endgame, self.common)?,
            None => {
                no_databases::<G>(self.common)?;
                None
            }
        };
        if self.common.db_only {
            return match databases {
                Some(_) => Ok(()),
                None => Err("--db-only needs --db-seeds N (or --db-read FILE)".into()),
            };
        }
        let options = Options {
            databases,
            ..G::solve_options(&position)
        };
        report(position, self.common, options)
    }
}

/// Refuses what is left of the command line once its options are read.
fn no_other_options(rest: &[String]) -> Result<(), String> {
    match rest.first() {
        Some(option) => Err(format!(
            "unknown option `{option}` (`mancala rules GAME` lists a game's rule options)"
        )),
        None => Ok(()),
    }
}

/// The position to solve: the string given, or the start under `rules`.
fn start<G: Game>(common: &Common, rules: G::Rules) -> Result<G, String> {
    match &common.position {
        Some(text) => text
            .parse()
            .map_err(|e| format!("position `{text}` does not read: {e}")),
        None => Ok(G::new(rules)),
    }
}

/// Solves `position` on a thread with a large stack and prints what was found, with the
/// game's `options` and the command line's table, node limit and guess.
fn report<G>(position: G, common: &Common, options: Options<G>) -> Result<(), String>
where
    G: Game<Move: Send> + Send + Sync + 'static,
{
    outln!("{}: {position}", G::NAME);
    let options = Options {
        table_bytes: common.table_mb << 20,
        max_nodes: common.max_nodes,
        guess: common.guess,
        threads: common.threads,
        ..options
    };
    let progress = common.progress;
    let range = on_large_stack(|| {
        // A bound not proved yet is written `?`.
        let bound = |v: i32| {
            if v.abs() >= 10_000 {
                "?".to_owned()
            } else {
                v.to_string()
            }
        };
        let mut tell = |p: &Progress| {
            errln!(
                "progress: {} nodes, {:.1} s, value in {}..{}, {} table entries",
                p.nodes,
                p.elapsed.as_secs_f64(),
                bound(p.low),
                bound(p.high),
                p.table_entries
            );
        };
        let tell: Option<&mut dyn FnMut(&Progress)> = if progress { Some(&mut tell) } else { None };
        solve_range(&position, &options, tell)
    })
    .map_err(|e| e.to_string())?
    .map_err(|e| e.to_string())?;
    let moves = |line: &[G::Move]| {
        line.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let describe = |name: &str, s: &Solution<G::Move>| {
        outln!(
            "{name}: value {}, best {}, pv {}{}",
            s.value,
            moves(&s.best),
            moves(&s.pv),
            if s.pv_repeats { " (repeats)" } else { "" }
        );
        outln!(
            "{name}: nodes {}, time {:.3} s, table {} bytes ({} entries), longest line {} plies, repetitions {}",
            s.nodes,
            s.elapsed.as_secs_f64(),
            s.table_bytes,
            s.table_entries,
            s.longest_line,
            s.repetitions
        );
    };
    let probes = range.south.probes + range.north.as_ref().map_or(0, |n| n.probes);
    if probes > 0 {
        outln!("databases: {probes} positions valued by them");
    }
    match &range.north {
        None => describe("solve", &range.south),
        Some(north) => {
            describe("endless play to south", &range.south);
            describe("endless play to north", north);
        }
    }
    let _ = position;
    let best = range
        .best()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",");
    let best = if best.is_empty() {
        "none".to_owned()
    } else {
        best
    };
    outln!(
        "nodes: {}, time: {:.3} s, memory: {} bytes",
        range.nodes(),
        range.south.elapsed.as_secs_f64()
            + range
                .north
                .as_ref()
                .map_or(0.0, |n| n.elapsed.as_secs_f64()),
        range.south.table_bytes
    );
    match range.exact() {
        Some(value) => outln!("value={value} best={best}"),
        None => outln!("value={}..{} best={best}", range.low(), range.high()),
    }
    Ok(())
}

/// Refuses the database options for a game that has no databases.
fn no_databases<G: Game>(common: &Common) -> Result<(), String> {
    if common.wants_databases() {
        return Err(format!("{} has no endgame databases", G::NAME));
    }
    Ok(())
}

/// The databases the options ask for under `position`'s rules: read or built, and written.
fn databases<G: Registered>(
    position: &G,
    endgame: EndgameOps<G>,
    common: &Common,
) -> Result<Option<Arc<dyn Probe<G>>>, String> {
    if !common.wants_databases() {
        return Ok(None);
    }
    if common.db_disk.is_some() && common.db_seeds.is_none() {
        return Err("--db-disk is for a build: it needs --db-seeds N".into());
    }
    let memory_bytes = common.db_memory_mb << 20;
    let started = std::time::Instant::now();
    let databases = match (&common.db_read, common.db_seeds) {
        (Some(_), Some(_)) => return Err("--db-read and --db-seeds do not go together".into()),
        (Some(path), None) => endgame.read_file(path.as_ref(), position, memory_bytes)?,
        (None, seeds) => {
            let options = BuildOptions {
                max_seeds: seeds.ok_or("--db-write needs --db-seeds N")?,
                threads: common.threads,
                memory_bytes,
                disk: common.db_disk.as_ref().map(Into::into),
                // Play from this position only: a game that keeps the parity of the seeds on
                // its board needs no level of the other parity.
                from_seeds: Some(
                    position.seeds_on_side(Side::South) + position.seeds_on_side(Side::North),
                ),
            };
            let (databases, levels) =
                crate::databases::build(endgame, position, &options, common.progress)?;
            for level in levels.iter().filter(|level| level.passes > 0) {
                let parts = if level.parts > 1 {
                    format!(", built in {} parts", level.parts)
                } else {
                    String::new()
                };
                outln!(
                    "database level {}: {} positions, {} passes, {} depend on the endless-play convention, {:.3} s{parts}",
                    level.seeds,
                    level.positions,
                    level.passes,
                    level.endless,
                    level.elapsed.as_secs_f64()
                );
            }
            databases
        }
    };
    outln!(
        "databases: up to {} seeds on the board, {} positions, {} bytes, {:.3} s",
        databases.max_seeds().map_or(-1, i64::from),
        databases.positions(),
        databases.bytes(),
        started.elapsed().as_secs_f64()
    );
    if let Some(path) = &common.db_write {
        let file = std::fs::File::create(path)
            .map_err(|e| format!("cannot create the database file `{path}`: {e}"))?;
        databases
            .write(file)
            .map_err(|e| format!("`{path}`: {e}"))?;
    }
    Ok(Some(endgame.probe(Arc::new(databases))))
}
