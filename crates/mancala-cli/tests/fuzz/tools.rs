//! The subcommands' command lines and standard input, fuzzed by running the `mancala` binary
//! (`cargo test` builds it for the tests of its crate). Every run must end in time, with exit
//! code 0, 1 or 2 and never a panic; a failed run says why on one `error:` line of standard
//! error (or, for `play` whose input ran out, on its last line of output); a run that succeeds
//! ends with the line scripts read.

use crate::harness::{panic_message, run, Budget, Reports};
use crate::inputs::pick;
use mancala_engine::Rng;
use std::io::{Read, Write};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// The `mancala` binary, built by cargo for these tests.
pub const MANCALA: &str = env!("CARGO_BIN_EXE_mancala");

/// A run of a subcommand still going after this is a hang.
const TIMEOUT: Duration = Duration::from_secs(60);

/// The games on every subcommand's command line, and two that are not.
const GAMES: [&str; 12] = [
    "toguz", "toguz", "mangala4", "mangala4", "katro", "katro", "oware", "oware", "kalah", "kalah",
    "chess", "",
];

/// Tokens no subcommand takes.
pub const JUNK: [&str; 8] = ["-", "--", "x", "--nope", "-1", "\u{feff}", "é", "--help"];

/// How one run of a subcommand ended.
pub struct Ran {
    /// The exit code, `None` if a signal ended the program.
    pub code: Option<i32>,
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
}

/// Runs subcommand `name` with `args` and `stdin`; panics if it does not end within
/// [`TIMEOUT`].
pub fn run_subcommand(name: &str, args: &[String], stdin: &[u8]) -> Ran {
    // No command line can hold a NUL byte (the system ends an argument there): the arguments
    // are passed as far as a shell could pass them.
    let args: Vec<String> = args.iter().map(|arg| arg.replace('\0', "")).collect();
    let mut child = Command::new(MANCALA)
        .arg(name)
        .args(&args)
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the mancala binary starts");
    let mut input = child.stdin.take().expect("piped stdin");
    let stdin = stdin.to_vec();
    // Standard input is fed and the outputs drained on threads of their own, so that a program
    // that stops reading or writes a lot cannot block this one.
    let feeder = std::thread::spawn(move || {
        // A program that ends without reading all of its input closes the pipe: not an error.
        let _ = input.write_all(&stdin);
    });
    let drain = |mut pipe: Box<dyn Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = drain(Box::new(child.stdout.take().expect("piped stdout")));
    let stderr = drain(Box::new(child.stderr.take().expect("piped stderr")));
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().expect("the mancala binary's status") {
            break status;
        }
        if started.elapsed() > TIMEOUT {
            let _ = child.kill();
            let _ = child.wait();
            panic!(
                "`mancala {name} {}` gives no answer after {TIMEOUT:?}",
                args.join(" ")
            );
        }
        std::thread::sleep(Duration::from_millis(2));
    };
    let _ = feeder.join();
    Ran {
        code: status.code(),
        stdout: stdout.join().unwrap_or_default(),
        stderr: stderr.join().unwrap_or_default(),
    }
}

/// The promises of every run: see the module's doc. `done` tells whether the output of a
/// successful run ends as the subcommand's runs end.
pub fn check_ran(name: &str, args: &[String], ran: &Ran, done: impl Fn(&str) -> bool) {
    let command = format!("mancala {name} {}", args.join(" "));
    let last = ran.stdout.lines().last().unwrap_or("");
    let errors: Vec<&str> = ran.stderr.lines().collect();
    assert!(
        !ran.stderr.contains("panicked") && !ran.stderr.contains("RUST_BACKTRACE"),
        "`{command}` panics: {}",
        ran.stderr
    );
    match ran.code {
        Some(0) => {
            assert!(
                errors.is_empty(),
                "`{command}` succeeds with errors: {}",
                ran.stderr
            );
            assert!(
                done(&ran.stdout),
                "`{command}` succeeds but ends with `{last}`"
            );
        }
        Some(1 | 2) => match errors[..] {
            [line] => assert!(
                line.starts_with("error: ") && line.len() > 10,
                "`{command}` fails with an unclear line: {line}"
            ),
            [] => assert!(
                name == "play" && last == "End of input: the game is abandoned.",
                "`{command}` fails without saying why (last line `{last}`)"
            ),
            _ => panic!(
                "`{command}` fails with {} lines: {}",
                errors.len(),
                ran.stderr
            ),
        },
        code => panic!("`{command}` ends with {code:?}: {}", ran.stderr),
    }
}

/// The promises of a run of a subcommand this suite does not hold to one error line (the game
/// and search crates' subcommands, which report each bad record or line, or add their usage):
/// it ends in time with exit code 0, 1 or 2 and no panic; a failure says something on standard
/// error; a success's output is recognised by `done`.
pub fn check_ran_loosely(name: &str, args: &[String], ran: &Ran, done: impl Fn(&str) -> bool) {
    let command = format!("mancala {name} {}", args.join(" "));
    assert!(
        !ran.stderr.contains("panicked") && !ran.stderr.contains("RUST_BACKTRACE"),
        "`{command}` panics: {}",
        ran.stderr
    );
    match ran.code {
        Some(0) => assert!(
            done(&ran.stdout),
            "`{command}` succeeds but ends with `{}`",
            ran.stdout.lines().last().unwrap_or("")
        ),
        Some(1 | 2) => assert!(
            !ran.stderr.trim().is_empty(),
            "`{command}` fails without saying why"
        ),
        code => panic!("`{command}` ends with {code:?}: {}", ran.stderr),
    }
}

/// Which promises a subcommand's runs keep.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Promises {
    /// [`check_ran`]: a failure on one `error:` line.
    OneErrorLine,
    /// [`check_ran_loosely`].
    Loose,
}

/// Fuzzes subcommand `name`: `draw` makes a command line and standard input, `done` recognises
/// the output of a successful run.
pub fn fuzz(
    name: &'static str,
    budget: Budget,
    promises: Promises,
    draw: impl Fn(&mut Rng) -> (Vec<String>, Vec<u8>),
    done: impl Fn(&[String], &str) -> bool,
) -> Result<(), String> {
    // The harness feeds text: the case is drawn from the input's own seed.
    run(
        &format!("mancala {name}"),
        budget,
        |rng| rng.next_u64().to_string(),
        |seed| {
            let mut rng = Rng::new(seed.parse().expect("a seed"));
            let (args, stdin) = draw(&mut rng);
            let ran = run_subcommand(name, &args, &stdin);
            match promises {
                Promises::OneErrorLine => {
                    check_ran(name, &args, &ran, |stdout| done(&args, stdout));
                }
                Promises::Loose => {
                    check_ran_loosely(name, &args, &ran, |stdout| done(&args, stdout));
                }
            }
            ran.code == Some(0)
        },
    )
}

/// A few options of `options` (name and the values to try), valid or not, or junk.
pub fn some_options(rng: &mut Rng, options: &[(&str, &[&str])], most: u32) -> Vec<String> {
    let mut args = Vec::new();
    for _ in 0..rng.below(most + 1) {
        if rng.below(10) == 0 {
            args.push(pick(rng, &JUNK).to_string());
            continue;
        }
        let (name, values) = pick(rng, options);
        args.push((*name).to_owned());
        if !values.is_empty() && rng.below(12) != 0 {
            args.push(pick(rng, values).to_string());
        }
    }
    args
}

/// Each game's options, on the command lines of `perft` and `play`.
fn game_options(game: &str) -> &'static [(&'static str, &'static [&'static str])] {
    match game {
        "toguz" => &[
            ("--tuzdik", &["optional", "automatic", "x"]),
            ("--majority-stop", &["no", "yes", ""]),
            ("--board", &["9", "7", "5", "2x7", "x"]),
        ],
        "mangala4" => &[
            ("--leftover", &["none", "own-side", "x"]),
            ("--rules", &["leftover=own-side", "x=y", ""]),
        ],
        "katro" => &[
            ("--size", &["6x6", "4x4", "4x6", "6x3", "5x5"]),
            ("--direction", &["A", "B", "per-turn", "x"]),
            ("--mover-row", &["innermost", "inner", "x"]),
            ("--opponent-hole", &["row", "column"]),
            ("--trigger", &["occupied", "empty"]),
            ("--single-seed", &["", "yes", "no", "on"]),
            (
                "--rules",
                &["direction=per-turn", "trigger=empty", "x=y", ""],
            ),
        ],
        "oware" => &[
            ("--houses", &["6", "4", "1", "0", "30"]),
            ("--seeds", &["4", "3", "0", "100"]),
            ("--grand-slam", &["capture-all", "no-capture", "x"]),
            ("--max-plies", &["10", "0", "x"]),
        ],
        "kalah" => &[
            ("--pits", &["6", "4", "1", "0", "30"]),
            ("--seeds", &["4", "3", "0", "100"]),
            ("--empty-capture", &[]),
            ("--max-plies", &["10", "0", "x"]),
            ("--rules", &["pits=3", "empty-capture=yes", "x=y", ""]),
        ],
        _ => &[("--board", &["9"])],
    }
}

fn perft_args(rng: &mut Rng) -> (Vec<String>, Vec<u8>) {
    let game = *pick(rng, &GAMES);
    let depth = *pick(
        rng,
        &[
            "0",
            "1",
            "2",
            "2",
            "3",
            "3",
            "257",
            "20000",
            "-1",
            "x",
            "4294967296",
        ],
    );
    let mut args = vec![game.to_owned(), depth.to_owned()];
    if rng.below(3) == 0 {
        args.push("--threads".into());
        args.push(pick(rng, &["1", "2", "0", "257", "100000", "x"]).to_string());
    }
    args.extend(some_options(rng, game_options(game), 3));
    if rng.below(8) == 0 {
        args.truncate(rng.below(3) as usize);
    }
    (args, Vec::new())
}

fn playouts_args(rng: &mut Rng) -> (Vec<String>, Vec<u8>) {
    let game = *pick(rng, &GAMES);
    let games = *pick(
        rng,
        &["0", "1", "2", "3", "3", "184467440737096", "-1", "x"],
    );
    let options: &[(&str, &[&str])] = &[
        (
            "--seed",
            &[
                "0",
                "1",
                "18446744073709551615",
                "18446744073709551616",
                "x",
            ],
        ),
        ("--threads", &["1", "2", "3", "0", "257", "100000", "x"]),
    ];
    let mut args = vec![game.to_owned(), games.to_owned()];
    args.extend(some_options(rng, options, 2));
    if rng.below(8) == 0 {
        args.truncate(rng.below(3) as usize);
    }
    (args, Vec::new())
}

/// Lines a person might type, or not.
const LINES: [&str; 22] = [
    "1", "5", "9", "0", "10", "76", "36x", "87(10)", "7*", "c1", "a1", "c1B", "f6", "3", "help",
    "moves", "board", "quit", "", "odd", "even", "south",
];

fn play_args(rng: &mut Rng) -> (Vec<String>, Vec<u8>) {
    let game = *pick(rng, &GAMES);
    // The search is kept shallow and quick, so that every game ends in moments.
    let mut args = vec![
        game.to_owned(),
        "--depth".into(),
        pick(rng, &["1", "2"]).to_string(),
        "--time".into(),
        "5".into(),
        "--max-plies".into(),
        (1 + rng.below(40)).to_string(),
    ];
    if rng.below(2) == 0 {
        args.push("--auto".into());
    }
    let shared: &[(&str, &[&str])] = &[
        ("--side", &["south", "north", "n", "x"]),
        ("--seed", &["0", "7", "18446744073709551616", "x"]),
        ("--depth", &["0", "65", "x"]),
        ("--time", &["0", "x"]),
        ("--max-plies", &["0", "4294967296"]),
        ("--threads", &["1", "2", "0", "257", "x"]),
    ];
    if rng.below(3) == 0 {
        args.extend(some_options(rng, shared, 1));
    }
    args.extend(some_options(rng, game_options(game), 2));
    let mut stdin = Vec::new();
    for _ in 0..rng.below(30) {
        match rng.below(20) {
            0 => stdin.extend((0..rng.below(40)).map(|_| rng.below(256) as u8)),
            1 => stdin.extend(std::iter::repeat_n(b'x', 5000)),
            _ => stdin.extend_from_slice(pick(rng, &LINES).as_bytes()),
        }
        stdin.push(b'\n');
    }
    (args, stdin)
}

/// Runs every subcommand's fuzzer.
pub fn all(budget: Budget) {
    let mut reports = Reports::default();
    let strict = Promises::OneErrorLine;
    reports.add(fuzz(
        "perft",
        budget.share(0.1),
        strict,
        perft_args,
        |args, stdout| {
            let last = stdout.lines().last().unwrap_or("");
            let nodes = last.rsplit(' ').next().unwrap_or("");
            last == format!("perft({}) = {nodes}", args[1]) && nodes.parse::<u64>().is_ok()
        },
    ));
    reports.add(fuzz(
        "playouts",
        budget.share(0.1),
        strict,
        playouts_args,
        |args, stdout| {
            let fields: Vec<&str> = stdout.lines().last().unwrap_or("").split(' ').collect();
            fields.len() == 4
                && fields[0] == format!("games={}", args[1])
                && fields[1]
                    .strip_prefix("moves=")
                    .is_some_and(|n| n.parse::<u64>().is_ok())
                && fields[2].starts_with("seconds=")
                && fields[3].starts_with("moves_per_sec=")
        },
    ));
    reports.add(fuzz(
        "play",
        budget.share(0.1),
        strict,
        play_args,
        |_, stdout| {
            let last = stdout.lines().last().unwrap_or("");
            last.starts_with("result: ")
                || last.ends_with("You left the game.")
                || stdout.starts_with("usage:")
        },
    ));
    reports.finish();
}

/// A panic's message, for the regression tests that expect one.
pub fn message_of(payload: Box<dyn std::any::Any + Send>) -> String {
    panic_message(payload.as_ref())
}
