//! One engine session: the position, the options and the search, which runs on a thread of
//! its own so that `stop` and `isready` are read while it thinks.

use super::command::{shorten, Command, Go, Start};
use mancala_engine::{Game, Position, Side};
use mancala_games::player::{DbSource, Rest};
use mancala_search::{
    exact_margin, plies_to_end, Evaluator, Iteration, Limits, Probed, Pvs, MAX_EVAL,
    MAX_SEARCH_DEPTH, MAX_THREADS,
};
use std::fmt::Display;
use std::hash::Hash;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::Duration;

/// The evaluation the engine's search uses: the game's own where it has one.
pub type Eval<P> = fn(&P, Side) -> i32;

/// Builds or reads the endgame databases of a start's rules.
pub type BuildDatabases<P> = Box<dyn Fn(&P, &DbSource) -> Result<Rest<P>, String>>;

/// What the search judges positions by: the game's evaluation, and the exact values of the
/// endgame databases once `EndgameSeeds` has built them or `EndgameFile` read them.
#[derive(Clone)]
pub struct Judge<P> {
    evaluate: Eval<P>,
    rest: Option<Arc<Rest<P>>>,
}

impl<P: Position> Evaluator<P> for Judge<P> {
    #[inline]
    fn evaluate(&self, position: &P, side: Side) -> i32 {
        (self.evaluate)(position, side)
    }

    #[inline]
    fn exact(&self, position: &P) -> Option<i32> {
        let rest = self.rest.as_deref()?;
        Probed::new(self.evaluate, &**rest).exact(position)
    }
}

/// The most seeds on the board `EndgameSeeds` takes: the databases' own bound (their memory
/// bound refuses most games' larger levels first).
const MAX_ENDGAME_SEEDS: u32 = mancala_solver::db::MAX_LEVEL_SEEDS;

/// The table's default size, in MiB (the search's default).
const DEFAULT_HASH_MIB: usize = mancala_search::DEFAULT_TABLE_BYTES >> 20;

/// The largest table, in MiB.
const MAX_HASH_MIB: usize = mancala_search::MAX_TABLE_BYTES >> 20;

/// The moves a clock is shared out over when `movestogo` is not given.
const MOVES_LEFT: u32 = 30;

/// Kept back on the clock for the time it takes to answer.
const MARGIN: Duration = Duration::from_millis(20);

/// The options `uci` lists and `setoption` changes.
#[derive(Debug, Clone, Copy)]
struct Options {
    threads: usize,
    hash_mib: usize,
    max_depth: u32,
}

/// A search running on its thread: the flag that stops it, and the thread, which hands the
/// player back.
struct Running<P: Position> {
    stop: Arc<AtomicBool>,
    /// Whether it runs until `stop` (`go infinite`, or a `go` without limits).
    endless: bool,
    /// Raised just before the best move is printed: from then on the engine is idle for the
    /// program that reads it, and waiting for the thread takes no time.
    answered: Arc<AtomicBool>,
    thread: JoinHandle<Pvs<P, Judge<P>>>,
}

/// The engine between commands.
pub struct Session<P: Position> {
    name: &'static str,
    start: P,
    position: P,
    judge: Judge<P>,
    /// Builds the game's databases, for a game that has them.
    databases: Option<BuildDatabases<P>>,
    /// Where the databases the search probes came from; `None` for none.
    endgame: Option<DbSource>,
    options: Options,
    /// The player, absent while a search holds it.
    player: Option<Pvs<P, Judge<P>>>,
    running: Option<Running<P>>,
}

/// Whether the session goes on after a command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// Read the next command.
    Continue,
    /// `quit`.
    Quit,
}

impl<P> Session<P>
where
    P: Game<Move: Hash + Send> + Send + Sync + 'static,
{
    /// A session of game `name` starting from `start`, judged by `evaluate`, with the
    /// endgame databases `databases` builds, if the game has any.
    pub fn new(
        name: &'static str,
        start: P,
        evaluate: Eval<P>,
        databases: Option<BuildDatabases<P>>,
    ) -> Self {
        let options = Options {
            threads: 1,
            hash_mib: DEFAULT_HASH_MIB,
            max_depth: MAX_SEARCH_DEPTH,
        };
        let judge = Judge {
            evaluate,
            rest: None,
        };
        Session {
            name,
            start: start.clone(),
            position: start,
            player: Some(Pvs::with_evaluator(Limits::default(), judge.clone())),
            judge,
            databases,
            endgame: None,
            options,
            running: None,
        }
    }

    /// Carries out one command, printing its answers; an error is one `info string error:`
    /// line.
    pub fn handle(&mut self, command: Command) -> Next {
        let done = match command {
            Command::Empty => Ok(()),
            Command::Uci => {
                self.identify();
                Ok(())
            }
            Command::IsReady => {
                if self.idle() {
                    if let Some(player) = &mut self.player {
                        player.allocate_table();
                    }
                }
                outln!("readyok");
                Ok(())
            }
            Command::SetOption { name, value } => self.set_option(&name, &value),
            Command::NewGame => self.when_idle(|session| {
                if let Some(player) = &mut session.player {
                    player.clear();
                }
                session.position = session.start.clone();
                Ok(())
            }),
            Command::Position { start, moves } => {
                self.when_idle(|session| session.set_position(start, &moves))
            }
            Command::Go(go) => self.when_idle(|session| {
                session.go(go);
                Ok(())
            }),
            Command::Stop => {
                self.stop();
                Ok(())
            }
            Command::Quit => {
                self.stop();
                return Next::Quit;
            }
        };
        if let Err(message) = done {
            report_error(&message);
        }
        Next::Continue
    }

    /// At the end of the input: a search with limits finishes and gives its move, an
    /// endless one is stopped.
    pub fn end_of_input(&mut self) {
        if let Some(running) = &self.running {
            if running.endless {
                running.stop.store(true, Ordering::Relaxed);
            }
        }
        self.finish();
    }

    /// Waits for the running search, if any, and takes its player back (a new one should
    /// the search have failed).
    fn finish(&mut self) {
        if let Some(running) = self.running.take() {
            self.player = Some(
                running
                    .thread
                    .join()
                    .unwrap_or_else(|_| self.fresh_player()),
            );
        }
    }

    /// A player with the session's options and an empty table.
    fn fresh_player(&self) -> Pvs<P, Judge<P>> {
        Pvs::with_evaluator(Limits::default(), self.judge.clone())
            .with_threads(self.options.threads)
            .with_table_bytes(self.options.hash_mib << 20)
    }

    fn identify(&self) {
        outln!(
            "id name mancala {} {}",
            self.name,
            env!("CARGO_PKG_VERSION")
        );
        outln!("id author {}", env!("CARGO_PKG_AUTHORS"));
        outln!("option name Threads type spin default 1 min 1 max {MAX_THREADS}");
        outln!("option name Hash type spin default {DEFAULT_HASH_MIB} min 1 max {MAX_HASH_MIB}");
        outln!(
            "option name MaxDepth type spin default {MAX_SEARCH_DEPTH} min 1 max {MAX_SEARCH_DEPTH}"
        );
        if self.databases.is_some() {
            outln!("option name EndgameSeeds type spin default 0 min 0 max {MAX_ENDGAME_SEEDS}");
            outln!("option name EndgameFile type string default <empty>");
        }
        outln!("option name Clear Hash type button");
        outln!("uciok");
    }

    /// `true` when no search runs (one that ended by itself hands its player back).
    fn idle(&mut self) -> bool {
        match &self.running {
            Some(running)
                if !running.thread.is_finished() && !running.answered.load(Ordering::Acquire) =>
            {
                false
            }
            Some(_) => {
                self.finish();
                true
            }
            None => true,
        }
    }

    /// Runs `command` if no search runs; otherwise it is refused.
    fn when_idle(
        &mut self,
        command: impl FnOnce(&mut Self) -> Result<(), String>,
    ) -> Result<(), String> {
        if self.idle() {
            command(self)
        } else {
            Err("a search is running: send stop first".into())
        }
    }

    /// Stops a running search, which prints its best move, and takes its player back.
    fn stop(&mut self) {
        if let Some(running) = &self.running {
            running.stop.store(true, Ordering::Relaxed);
        }
        self.finish();
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        let spin = |most: usize| -> Result<usize, String> {
            value
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=most).contains(n))
                .ok_or_else(|| format!("option {name} takes 1 to {most}, not `{}`", shorten(value)))
        };
        let mut options = self.options;
        match name.to_lowercase().as_str() {
            "threads" => options.threads = spin(MAX_THREADS)?,
            "hash" => options.hash_mib = spin(MAX_HASH_MIB)?,
            "maxdepth" => options.max_depth = spin(MAX_SEARCH_DEPTH as usize)? as u32,
            "endgameseeds" if self.databases.is_some() => {
                let seeds = value
                    .parse::<u32>()
                    .ok()
                    .filter(|n| *n <= MAX_ENDGAME_SEEDS)
                    .ok_or_else(|| {
                        format!(
                            "option {name} takes 0 to {MAX_ENDGAME_SEEDS}, not `{}`",
                            shorten(value)
                        )
                    })?;
                let source = (seeds > 0).then_some(DbSource::Build(seeds));
                return self.when_idle(|session| session.set_endgame(source));
            }
            "endgamefile" if self.databases.is_some() => {
                let source = match value.trim() {
                    "" | "<empty>" => None,
                    path => Some(DbSource::File(path.into())),
                };
                return self.when_idle(|session| session.set_endgame(source));
            }
            "clear hash" => {
                return self.when_idle(|session| {
                    if let Some(player) = &mut session.player {
                        player.clear();
                    }
                    Ok(())
                })
            }
            _ => return Err(format!("unknown option `{}`", shorten(name))),
        }
        self.when_idle(|session| {
            let old = session.options;
            session.options = options;
            if (old.threads, old.hash_mib) != (options.threads, options.hash_mib) {
                if let Some(player) = session.player.take() {
                    session.player = Some(
                        player
                            .with_threads(options.threads)
                            .with_table_bytes(options.hash_mib << 20),
                    );
                }
            }
            Ok(())
        })
    }

    /// Builds or reads the databases `source` names (none for `None`), now, and gives the
    /// player an empty table with them.
    fn set_endgame(&mut self, source: Option<DbSource>) -> Result<(), String> {
        if source == self.endgame {
            return Ok(());
        }
        self.judge.rest = match (&self.databases, &source) {
            (Some(build), Some(source)) => Some(Arc::new(build(&self.start, source)?)),
            _ => None,
        };
        self.endgame = source;
        self.player = Some(self.fresh_player());
        Ok(())
    }

    fn set_position(&mut self, start: Start, moves: &[String]) -> Result<(), String> {
        let mut position = match start {
            Start::Startpos => self.start.clone(),
            Start::String(text) => text
                .parse::<P>()
                .map_err(|error| format!("position string `{}`: {error}", shorten(&text)))?,
        };
        for (number, text) in moves.iter().enumerate() {
            let mv = text
                .parse::<P::Move>()
                .map_err(|error| format!("move {} `{}`: {error}", number + 1, shorten(text)))?;
            position
                .play(mv)
                .map_err(|error| format!("move {} `{}`: {error}", number + 1, shorten(text)))?;
        }
        self.position = position;
        Ok(())
    }

    /// Starts the search of `go` on its thread.
    fn go(&mut self, go: Go) {
        let mut player = self.player.take().unwrap_or_else(|| self.fresh_player());
        let side = self.position.side_to_move();
        player.set_limits(limits(&go, self.options.max_depth, side));
        let stop = Arc::new(AtomicBool::new(false));
        player.set_stop(Some(stop.clone()));
        let position = self.position.clone();
        let flag = stop.clone();
        let answered = Arc::new(AtomicBool::new(false));
        let answer = answered.clone();
        let wait = go.infinite;
        let endless = unlimited(&go, side);
        let thread = std::thread::Builder::new()
            .name("search".into())
            .stack_size(8 << 20)
            .spawn(move || {
                think(&mut player, &position, &flag, wait, &answer);
                player
            });
        match thread {
            Ok(thread) => {
                self.running = Some(Running {
                    stop,
                    endless,
                    answered,
                    thread,
                })
            }
            Err(error) => {
                report_error(&format!("the search thread could not start: {error}"));
                self.player = Some(self.fresh_player());
            }
        }
    }
}

/// One error line; the engine goes on. Control characters of the message (from the input
/// it quotes) are escaped, so the line is one line of text, as the protocol's output is.
pub fn report_error(message: &str) {
    outln!("info string error: {}", printable(message));
}

/// `text` with every control character written as its escape (`\u{0}`, `\t`).
fn printable(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

/// Whether `go` leaves the search of `side` to move without a limit of its own, so that
/// only `stop` or the end of the input ends it: `infinite`, or no depth, node count, move time
/// or clock of that side (the other side's clock limits nothing).
fn unlimited(go: &Go, side: Side) -> bool {
    go.infinite
        || (go.depth, go.nodes, go.movetime, go.clock[clock_index(side)])
            == (None, None, None, None)
}

/// The index of `side`'s clock and increment in [`Go`] (`wtime` is South's).
fn clock_index(side: Side) -> usize {
    match side {
        Side::South => 0,
        Side::North => 1,
    }
}

/// The limits of `go` for the side to move: the depth asked (at most `max_depth`), nodes, and
/// a time: `movetime`, or a share of the side's clock and most of its increment.
fn limits(go: &Go, max_depth: u32, side: Side) -> Limits {
    let mut limits = Limits::depth(go.depth.unwrap_or(max_depth).min(max_depth));
    if let Some(nodes) = go.nodes {
        limits = limits.with_nodes(nodes);
    }
    let index = clock_index(side);
    let from_clock = go.clock[index].map(|clock| {
        let increment = go.increment[index].unwrap_or_default();
        let share = clock / go.moves_to_go.unwrap_or(MOVES_LEFT).max(1) + increment * 3 / 4;
        share
            .min(clock.saturating_sub(MARGIN))
            .max(Duration::from_millis(1))
    });
    if !go.infinite {
        if let Some(time) = go.movetime.or(from_clock) {
            limits = limits.with_time(time);
        }
    }
    limits
}

/// The search itself, on its thread: an `info` line per iteration, then (after `stop`, for
/// an infinite search) the best move.
fn think<P, E>(
    player: &mut Pvs<P, E>,
    position: &P,
    stop: &AtomicBool,
    wait: bool,
    answered: &AtomicBool,
) where
    P: Game<Move: Hash + Send> + Sync,
    E: mancala_search::Evaluator<P> + Sync,
{
    let mut reported = false;
    let result = player.search_with(position, |iteration| {
        reported = true;
        outln!("{}", info(iteration));
    });
    if !reported && !result.pv.is_empty() {
        // A move chosen without an iteration (every move leads into the databases): its
        // value still goes out.
        outln!(
            "info depth 0 score {} nodes {} pv {}",
            score(result.value),
            result.nodes,
            line(&result.pv)
        );
    }
    while wait && !stop.load(Ordering::Relaxed) {
        std::thread::sleep(Duration::from_millis(2));
    }
    answered.store(true, Ordering::Release);
    match result.best_move {
        Some(mv) => outln!("bestmove {mv}"),
        None => outln!("bestmove (none)"),
    }
}

/// `info depth D score cp V|mate M nodes N nps N time MS pv ...`: a win or loss in `p`
/// plies is `mate` in `(p + 1) / 2` moves of the side to move, negative when lost.
fn info<M: Display>(iteration: &Iteration<M>) -> String {
    format!(
        "info depth {} score {} nodes {} nps {} time {} pv {}",
        iteration.depth,
        score(unproven(iteration.value)),
        iteration.nodes,
        iteration.nodes_per_second(),
        iteration.elapsed.as_millis(),
        line(&iteration.pv)
    )
}

/// A search's value as the engine may claim it: a value that announces a margin the databases
/// know ([`exact_margin`]) but was reached through a search, beside evaluations and through its
/// bounds, proves no margin, and is the largest evaluation of its sign instead. Only the answer
/// given when every move leads into the databases is proven.
fn unproven(value: i32) -> i32 {
    match exact_margin(value) {
        Some(_) => MAX_EVAL * value.signum(),
        None => value,
    }
}

/// `cp V`, or `mate K` for a proven end.
fn score(value: i32) -> String {
    match plies_to_end(value) {
        Some(plies) => {
            let moves = i64::from(plies.div_ceil(2));
            format!("mate {}", if value > 0 { moves } else { -moves })
        }
        None => format!("cp {value}"),
    }
}

/// Moves in the game's notation, separated by spaces.
fn line<M: Display>(moves: &[M]) -> String {
    moves
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_searched_database_value_is_no_proven_margin() {
        let won = mancala_search::EXACT + 12;
        assert_eq!(unproven(won), MAX_EVAL);
        assert_eq!(unproven(-won), -MAX_EVAL);
        for value in [0, 17, -2_000, MAX_EVAL, mancala_search::WIN - 3] {
            assert_eq!(unproven(value), value);
        }
    }

    #[test]
    fn a_clock_gives_a_share_and_movetime_wins() {
        let go = Go {
            clock: [Some(Duration::from_secs(30)), Some(Duration::from_secs(60))],
            increment: [None, Some(Duration::from_millis(400))],
            ..Go::default()
        };
        let south = limits(&go, 64, Side::South);
        assert_eq!(south.max_time(), Some(Duration::from_secs(1)));
        let north = limits(&go, 64, Side::North);
        assert_eq!(north.max_time(), Some(Duration::from_millis(2300)));
        let short = Go {
            clock: [Some(Duration::from_millis(5)), None],
            ..Go::default()
        };
        assert_eq!(
            limits(&short, 64, Side::South).max_time(),
            Some(Duration::from_millis(1))
        );
        let timed = Go {
            movetime: Some(Duration::from_millis(70)),
            depth: Some(90),
            ..go
        };
        let limits = limits(&timed, 12, Side::South);
        assert_eq!(limits.max_time(), Some(Duration::from_millis(70)));
        assert_eq!(limits.max_depth(), 12);
    }
}
