//! Counts perft nodes for any game of the workspace.
//!
//! ```text
//! mancala perft GAME DEPTH [--threads N] [--position STRING] [RULE OPTIONS]
//! ```
//!
//! The count starts from the rules' start, or from the game's position string with
//! `--position` (which holds its rules). Rule options are the game's (`mancala rules GAME`).
//! `--threads N` (1 to 256) shares the work out over `N` threads. Prints the count, the time
//! and the nodes per second, and ends with `perft(DEPTH) = NODES`. DEPTH goes up to perft's
//! bound, [`MAX_PERFT_DEPTH`](mancala_engine::perft::MAX_PERFT_DEPTH). A bad command line ends
//! the program with one `error:` line on standard error and a non-zero exit.

use crate::cli;
use std::ffi::OsString;

use mancala_engine::perft::{check_depth, perft, perft_parallel};
use mancala_engine::rules::RuleOptions;
use mancala_engine::Position;
use mancala_games::registry::{self, Registered, Visitor};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

const USAGE: &str =
    "usage: mancala perft GAME DEPTH [--threads N] [--position STRING] [RULE OPTIONS]   (GAME = toguz | mangala4 | katro | oware | kalah; `mancala rules GAME` lists its rule options)";

/// Threads for perft: 1 unless `--threads` says otherwise.
static THREADS: AtomicUsize = AtomicUsize::new(1);

/// The most threads: far more than any machine's cores, and few enough to start.
const MAX_THREADS: usize = 256;

/// The subcommand, run on the arguments after its name.
pub fn main(args: Vec<OsString>) -> ExitCode {
    // A failure inside the count prints one line, not a backtrace.
    cli::run_main(args, USAGE, cli::Panics::Everywhere, run)
}

fn run(args: &[String]) -> Result<(), String> {
    let [game, depth, options @ ..] = args else {
        return Err(format!("expected a game and a depth ({USAGE})"));
    };
    let depth: u32 = depth
        .parse()
        .map_err(|_| format!("depth `{depth}` is not a whole number"))?;
    check_depth(depth).map_err(|error| error.to_string())?;
    let options = match options {
        [flag, threads, rest @ ..] if flag == "--threads" => {
            let threads: usize = threads
                .parse()
                .ok()
                .filter(|n| (1..=MAX_THREADS).contains(n))
                .ok_or_else(|| format!("--threads takes 1 to {MAX_THREADS}, not `{threads}`"))?;
            if rest.iter().any(|option| option == "--threads") {
                return Err("option `--threads` is given twice".into());
            }
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build_global()
                .map_err(|e| format!("cannot start {threads} threads: {e}"))?;
            THREADS.store(threads, Ordering::Relaxed);
            rest
        }
        [flag] if flag == "--threads" => return Err("option `--threads` needs a value".into()),
        _ => options,
    };
    registry::with_game(game, Count { depth, options }).map_err(|unknown| unknown.to_string())?
}

/// perft of one game, from the rules' start or a position string.
struct Count<'a> {
    depth: u32,
    options: &'a [String],
}

impl Visitor for Count<'_> {
    type Output = Result<(), String>;

    fn visit<G: Registered>(self) -> Result<(), String> {
        let (rules, rest) = cli::split_rules::<G::Rules>(self.options)?;
        let start = match rest.as_slice() {
            [] => G::new(rules),
            [flag, text] if flag == "--position" => {
                if rules != G::Rules::default() {
                    return Err("a position string holds its rules: give them there".into());
                }
                text.parse::<G>()
                    .map_err(|error| format!("--position: {error}"))?
            }
            [other, ..] => return Err(format!("unexpected argument `{other}` ({USAGE})")),
        };
        outln!("{}, rules: {}", G::NAME, start.rules().options_text());
        report(&start, self.depth);
        Ok(())
    }
}

/// Counts, times and prints perft from `position` (on the thread pool when it has more than one
/// thread).
pub fn report<P>(position: &P, depth: u32)
where
    P: Position + Send + Sync,
    P::Move: Send + Sync,
{
    let threads = THREADS.load(Ordering::Relaxed);
    let start = Instant::now();
    let nodes = if threads > 1 {
        perft_parallel(position, depth)
    } else {
        perft(position, depth)
    };
    let seconds = start.elapsed().as_secs_f64();
    outln!("nodes: {nodes}");
    outln!("threads: {threads}");
    outln!("time: {seconds:.3} s");
    outln!("nodes per second: {:.0}", nodes as f64 / seconds.max(1e-9));
    outln!("perft({depth}) = {nodes}");
}
