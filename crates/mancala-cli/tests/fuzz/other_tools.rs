//! The game and search crates' subcommands, fuzzed like the others: `replay` (a file
//! of Toguz Kumalak records), `shortest-win`,
//! `solve`, `match` and `engine` (protocol commands on standard input). They report each bad
//! record or line, or add their usage to an error, so they keep
//! the [loose](crate::tools::check_ran_loosely) promises.

use crate::harness::{Budget, Reports};
use crate::inputs::{mutate, pick};
use crate::tools::{fuzz, some_options, Promises, JUNK};
use mancala_engine::Rng;
use std::path::PathBuf;

/// The file `replay` reads in this run: one per process, rewritten for every case.
fn replay_file() -> PathBuf {
    std::env::temp_dir().join(format!("mancala-fuzz-replay-{}.pgn", std::process::id()))
}

fn replay_args(rng: &mut Rng, records: &[String]) -> (Vec<String>, Vec<u8>) {
    let file = replay_file();
    let text: Vec<u8> = match rng.below(5) {
        0 => pick(rng, records).clone().into_bytes(),
        1 => (0..rng.below(3000)).map(|_| rng.below(256) as u8).collect(),
        2 => format!("\u{feff}{}", pick(rng, records)).into_bytes(),
        _ => {
            let valid = pick(rng, records).clone();
            mutate(rng, &valid).into_bytes()
        }
    };
    std::fs::write(&file, text).expect("a temporary file");
    let path = match rng.below(10) {
        0 => "/nonexistent/records.pgn".to_owned(),
        1 => std::env::temp_dir().display().to_string(),
        _ => file.display().to_string(),
    };
    let mut args = vec!["toguz".to_owned(), path];
    args.extend(some_options(rng, &[("--json", &[])], 2));
    if rng.below(10) == 0 {
        args.truncate(rng.below(3) as usize);
    }
    (args, Vec::new())
}

fn shortest_win_args(rng: &mut Rng) -> (Vec<String>, Vec<u8>) {
    // Proofs of up to 4 plies take moments even in a debug build.
    let options: &[(&str, &[&str])] = &[
        (
            "--max-plies",
            &["0", "1", "2", "3", "4", "15", "99999", "-1", "x"],
        ),
        ("--optional-tuzdik", &[]),
    ];
    let names: Vec<&str> = mancala_games::registry::names().collect();
    let game = names[rng.below(names.len() as u32) as usize];
    let mut args = vec![
        game.to_owned(),
        "--max-plies".to_owned(),
        (1 + rng.below(4)).to_string(),
    ];
    args.extend(some_options(rng, options, 2));
    (args, Vec::new())
}

/// The database file `solve` reads in this run, rewritten for every case.
fn database_file() -> PathBuf {
    std::env::temp_dir().join(format!("mancala-fuzz-solve-{}.db", std::process::id()))
}

/// `solve` of Kalah (2, 2) reading a database file: whole, cut short, with bytes changed or
/// added, or random bytes.
fn solve_database_args(rng: &mut Rng) -> (Vec<String>, Vec<u8>) {
    use mancala_engine::Game;
    let rules = mancala_games::kalah::RuleSet::with_board(2, 2)
        .unwrap()
        .with_max_plies(0);
    let options = mancala_solver::BuildOptions {
        max_seeds: 1 + rng.below(8),
        ..mancala_solver::BuildOptions::default()
    };
    let (db, _) =
        mancala_solver::Databases::build(&mancala_games::kalah::Kalah::new(rules), &options, None)
            .expect("a small database builds");
    let mut bytes = Vec::new();
    db.write(&mut bytes).expect("a database writes to memory");
    match rng.below(6) {
        0 => {}
        1 => bytes.truncate(rng.below(bytes.len() as u32) as usize),
        2 => bytes.extend((0..1 + rng.below(20)).map(|_| rng.below(256) as u8)),
        3 => bytes = (0..rng.below(400)).map(|_| rng.below(256) as u8).collect(),
        _ => {
            for _ in 0..1 + rng.below(4) {
                let at = rng.below(bytes.len() as u32) as usize;
                bytes[at] = rng.below(256) as u8;
            }
        }
    }
    let file = database_file();
    std::fs::write(&file, bytes).expect("a temporary file");
    let mut args: Vec<String> = ["kalah", "--pits", "2", "--seeds", "2", "--db-read"]
        .map(String::from)
        .into();
    args.push(match rng.below(10) {
        0 => "/nonexistent/kalah.db".to_owned(),
        _ => file.display().to_string(),
    });
    if rng.below(4) == 0 {
        args[4] = "3".to_owned();
    }
    args.extend(some_options(
        rng,
        &[
            ("--db-memory-mb", &["1", "0", "x"]),
            ("--db-seeds", &["2", "200"]),
            ("--threads", &["2", "0"]),
        ],
        1,
    ));
    (args, Vec::new())
}

fn solve_args(rng: &mut Rng) -> (Vec<String>, Vec<u8>) {
    if rng.below(4) == 0 {
        return solve_database_args(rng);
    }
    // Small boards and a node limit: a solve of moments even in a debug build.
    let game = *pick(rng, &["kalah", "kalah", "toguz", "oware", "chess"]);
    let mut args = vec![
        game.to_owned(),
        "--max-nodes".to_owned(),
        "20000".to_owned(),
    ];
    args.extend(["--table-mb".to_owned(), "1".to_owned()]);
    let options: &[(&str, &[&str])] = match game {
        "kalah" => &[
            ("--pits", &["1", "2", "3", "0", "9", "x"]),
            ("--seeds", &["1", "2", "0", "300"]),
            ("--empty-capture", &[]),
            ("--max-plies", &["0", "5", "-1"]),
            ("--db-seeds", &["3", "6"]),
            (
                "--position",
                &[
                    "1,1/1,1 0 0 S seeds=1 max-plies=0",
                    "1,0/0,1 1 1 N",
                    "2,2/2,2 0 0 S",
                ],
            ),
        ],
        "toguz" => &[
            ("--board", &["5", "4"]),
            (
                "--position",
                &[
                    "1S,4/4,1S 24 24 S",
                    "1S,4/4,1S 24 24 X",
                    "1S,4/4,1S 99 24 S",
                ],
            ),
            ("--no-majority-stop", &[]),
            ("--db-seeds", &["2", "x"]),
        ],
        _ => &[
            ("--houses", &["1", "2", "9"]),
            ("--seeds", &["1", "0"]),
            ("--table-mb", &["0", "1", "99999999"]),
            ("--progress", &[]),
        ],
    };
    let mut rest = some_options(rng, options, 3);
    if rng.below(4) == 0 {
        if let Some(text) = rest.last_mut() {
            *text = mutate(rng, text);
        }
    }
    args.extend(rest);
    // A file for the levels beyond the memory: new, unmakeable, empty, or one there already.
    if rng.below(6) == 0 {
        args.push("--db-disk".to_owned());
        args.push(match rng.below(4) {
            0 => "/nonexistent/levels.tmp".to_owned(),
            1 => String::new(),
            2 => std::env::temp_dir().display().to_string(),
            _ => std::env::temp_dir()
                .join(format!("mancala-fuzz-levels-{}.tmp", std::process::id()))
                .display()
                .to_string(),
        });
    }
    (args, Vec::new())
}

fn match_args(rng: &mut Rng) -> (Vec<String>, Vec<u8>) {
    // One game at depth 1: a match of moments; the rest may be anything.
    let game = *pick(rng, &["toguz", "toguz", "katro", "katro", "chess"]);
    let player = |rng: &mut Rng| {
        pick(
            rng,
            &[
                "old",
                "pvs",
                "pvs:eval=score",
                "pvs:table=1",
                "pvs:x=y",
                "ext:/nonexistent",
                "uci:/nonexistent",
                "x",
            ],
        )
        .to_string()
    };
    let mut args = vec![game.to_owned(), player(rng), player(rng)];
    args.extend(["--depth", "1", "--games", "1"].map(str::to_owned));
    let options: &[(&str, &[&str])] = &[
        ("--seed", &["0", "7", "18446744073709551616", "x"]),
        ("--opening-plies", &["0", "2", "x"]),
        ("--threads", &["1", "2", "0", "100000", "x"]),
        ("--quiet", &[]),
        ("--depth", &["0", "x"]),
        ("--nodes", &["x"]),
        ("--time", &["0", "x"]),
    ];
    let extras = rng.below(2);
    args.extend(some_options(rng, options, extras));
    if rng.below(8) == 0 {
        args.insert(0, pick(rng, &["think", "fit", "x"]).to_string());
        args.truncate(1 + rng.below(3) as usize);
    }
    if rng.below(10) == 0 {
        args.push(pick(rng, &JUNK).to_string());
    }
    (args, Vec::new())
}

/// Good engine commands, the fuzzer's material (`{move}` stands for a legal first move).
/// The endgame databases' sizes come last and are never mutated: a mutated size could ask
/// for a build of minutes. One is built at once; the other is refused, being too large.
const ENGINE_LINES: [&str; 22] = [
    "uci",
    "isready",
    "ucinewgame",
    "setoption name Threads value 2",
    "setoption name Hash value 1",
    "setoption name Clear Hash",
    "position startpos",
    "position startpos moves {move}",
    "position string {start}",
    "position string {start} moves {move}",
    "go depth 2",
    "go nodes 300",
    "go movetime 5",
    "go wtime 100 btime 100 winc 1 binc 1",
    "go infinite",
    "go",
    "stop",
    "quit",
    "setoption name EndgameFile value /nonexistent.db",
    "setoption name EndgameFile value <empty>",
    "setoption name EndgameSeeds value 3",
    "setoption name EndgameSeeds value 99",
];

/// The engine lines the fuzzer sends as they are.
const UNMUTATED_ENGINE_LINES: usize = 2;

/// A game's start position string and a legal first move, in its notation.
fn start_and_move<G: mancala_engine::Game>() -> (String, String) {
    let start = G::default();
    let first = start.legal_moves()[0].to_string();
    (start.to_string(), first)
}

fn engine_args(rng: &mut Rng) -> (Vec<String>, Vec<u8>) {
    let game = *pick(
        rng,
        &["toguz", "mangala4", "katro", "oware", "kalah", "chess"],
    );
    let (start, first) = match game {
        "toguz" => start_and_move::<mancala_games::toguz::Toguz>(),
        "mangala4" => start_and_move::<mancala_games::mangala4::Mangala4>(),
        "katro" => start_and_move::<mancala_games::katro::Katro>(),
        "oware" => start_and_move::<mancala_games::oware::Oware>(),
        "kalah" => start_and_move::<mancala_games::kalah::Kalah>(),
        _ => ("x".to_owned(), "e4".to_owned()),
    };
    let mut args = vec![game.to_owned()];
    if rng.below(10) == 0 {
        args.push(pick(rng, &JUNK).to_string());
    }
    // Every search is shallow, whatever the lines after ask: the runs stay short.
    let mut stdin = b"setoption name MaxDepth value 3\n".to_vec();
    for _ in 0..rng.below(14) {
        let chosen = rng.below(ENGINE_LINES.len() as u32) as usize;
        let line = ENGINE_LINES[chosen]
            .replace("{move}", &first)
            .replace("{start}", &start);
        let mutable = chosen < ENGINE_LINES.len() - UNMUTATED_ENGINE_LINES;
        match rng.below(6) {
            0 => stdin.extend((0..rng.below(40)).map(|_| rng.below(256) as u8)),
            1 | 2 if mutable => stdin.extend(mutate(rng, &line).into_bytes()),
            _ => stdin.extend(line.into_bytes()),
        }
        stdin.push(b'\n');
    }
    (args, stdin)
}

/// Runs the fuzzer of each of these subcommands, `records` being valid files of records.
pub fn all(budget: Budget, records: &[String]) {
    let mut reports = Reports::default();
    let loose = Promises::Loose;
    let last_line = |stdout: &str| stdout.lines().last().unwrap_or("").to_owned();
    // `--help`, among the junk, prints the usage and succeeds.
    let usage = |stdout: &str| stdout.starts_with("usage:");
    reports.add(fuzz(
        "replay",
        budget.share(0.05),
        loose,
        |rng| replay_args(rng, records),
        |_, stdout| {
            let last = last_line(stdout);
            last.starts_with("games=") && last.contains(" mismatches=") || usage(stdout)
        },
    ));
    let _ = std::fs::remove_file(replay_file());
    reports.add(fuzz(
        "shortest-win",
        budget.share(0.02),
        loose,
        shortest_win_args,
        |_, stdout| last_line(stdout).starts_with("plies=") || usage(stdout),
    ));
    reports.add(fuzz(
        "solve",
        budget.share(0.02),
        loose,
        solve_args,
        |_, stdout| last_line(stdout).starts_with("value=") || usage(stdout),
    ));
    let _ = std::fs::remove_file(database_file());
    reports.add(fuzz(
        "match",
        budget.share(0.02),
        loose,
        match_args,
        |_, stdout| !stdout.is_empty(),
    ));
    // Every line the engine prints is one of the protocol's answers.
    let answers = [
        "id ",
        "option ",
        "uciok",
        "readyok",
        "info ",
        "bestmove ",
        "usage:",
        "  ",
    ];
    reports.add(fuzz(
        "engine",
        budget.share(0.03),
        loose,
        engine_args,
        move |_, stdout| {
            stdout
                .lines()
                .all(|line| answers.iter().any(|answer| line.starts_with(answer)))
        },
    ));
    reports.finish();
}
