//! What no command line may do: allocate or count past the limits of `docs/reliability.md`,
//! panic when its reader goes away, lose its output in silence, or report a fit of nothing.
//! Each test is named after the command that once did.

use mancala_engine::{Position as _, Rng};
use mancala_games::toguz::notation::Style;
use mancala_games::toguz::record::{write_records, Record};
use mancala_games::toguz::Toguz;
use std::io::Read;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

/// Runs `mancala` with the words of `line`.
fn mancala(line: &str) -> Output {
    Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(line.split_whitespace())
        .env_remove("RUST_BACKTRACE")
        .stdin(Stdio::null())
        .output()
        .expect("the mancala binary runs")
}

/// Standard error, as text.
fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// `line` fails on one `error:` line holding `says`, with exit code `code`, having allocated
/// nothing it was asked for and printed nothing.
fn refused(line: &str, code: i32, says: &str) {
    let out = mancala(line);
    let errors = stderr(&out);
    assert_eq!(out.status.code(), Some(code), "`{line}`: {errors}");
    assert_eq!(errors.lines().count(), 1, "`{line}`: {errors}");
    assert!(
        errors.starts_with("error: ") && errors.contains(says),
        "`{line}`: {errors}"
    );
    assert!(out.stdout.is_empty(), "`{line}` printed something");
}

/// `line` fails with exit code 2 and prints nothing, the first line of its standard error an
/// `error:` holding `says` (the usage may follow).
fn refused_with_usage(line: &str, says: &str) {
    let out = mancala(line);
    let errors = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "`{line}`: {errors}");
    let first = errors.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("error: ") && first.contains(says),
        "`{line}`: {errors}"
    );
    assert!(out.stdout.is_empty(), "`{line}` printed something");
}

#[test]
fn engine_options_of_play_and_unknown_options_are_refused_by_name() {
    for (line, says) in [
        (
            "engine toguz --repetition own-side",
            "--repetition ends a game that a referee keeps the history of",
        ),
        (
            "engine mangala4 --deal even",
            "--deal chooses a start, not a rule",
        ),
        (
            "engine kalah --bogus",
            "unknown kalah option `--bogus` (`mancala rules kalah`",
        ),
        ("engine oware stray", "unexpected argument `stray`"),
        ("engine chess", "unknown game `chess`"),
    ] {
        refused_with_usage(line, says);
    }
}

#[test]
fn match_think_table_100000000_is_refused_not_an_abort() {
    refused(
        "match think toguz --depth 1 --table 100000000",
        2,
        "--table takes a whole number from 0 to 1024, not `100000000`",
    );
}

#[test]
fn match_think_table_17592186044415_is_refused_not_a_panic() {
    refused(
        "match think toguz --depth 1 --table 17592186044415",
        2,
        "--table takes a whole number from 0 to 1024",
    );
}

#[test]
fn match_think_table_17592186044416_is_refused_not_wrapped_to_zero() {
    refused(
        "match think toguz --depth 1 --table 17592186044416",
        2,
        "--table takes a whole number from 0 to 1024",
    );
    // The largest table allowed is taken as given (not allocated: the game is refused first).
    refused(
        "match think chess --depth 1 --table 1024",
        2,
        "unknown game `chess`",
    );
}

#[test]
fn every_size_and_count_from_the_command_line_is_range_checked() {
    let match_cases = [
        (
            "match toguz pvs:table=100000000 old --depth 1 --games 1",
            "table takes",
        ),
        ("match toguz old old --games 1000001", "--games takes"),
        ("match toguz old old --threads 257", "--threads takes"),
        // Once truncated to depth 1.
        ("match toguz old old --depth 4294967297", "--depth takes"),
        ("match toguz old old --depth 65", "--depth takes"),
        (
            "match toguz old old --time 18446744073709551615",
            "--time takes",
        ),
        (
            "match toguz old old --nodes 18446744073709551616",
            "--nodes takes",
        ),
        (
            "match toguz old old --opening-plies 41",
            "--opening-plies takes",
        ),
        (
            "match katro old old --balanced 10",
            "--balanced takes DEPTH:MARGIN",
        ),
        ("match katro old old --balanced 65:2", "--balanced takes"),
        ("match katro old old --balanced 10:1001", "--balanced takes"),
        ("match katro old old --balanced 10:-1", "--balanced takes"),
        (
            "match toguz pvs:aspiration=4294967295 old",
            "`aspiration` takes",
        ),
        ("match toguz pvs:quiescence=1000 old", "`quiescence` takes"),
        // Once wrapped to a negative window.
        (
            "match think toguz --aspiration 4294967295",
            "--aspiration takes",
        ),
        (
            "match think toguz --quiescence 100000",
            "--quiescence takes",
        ),
        ("match think toguz --depth 4294967297", "--depth takes"),
        ("match think toguz --positions 1000001", "--positions takes"),
        ("match think toguz --pruning 2", "--pruning takes"),
        ("match fit katro 1000001", "GAMES takes"),
        ("play toguz --time 18446744073709551615", "--time takes"),
        ("play toguz --depth 65", "--depth takes"),
        ("play kalah --db-seeds 128", "--db-seeds takes 0 to 127"),
        (
            "play katro --auto --db-seeds 4",
            "katro has no endgame databases",
        ),
        (
            "play kalah --db-seeds 4 --db-read k.db",
            "do not go together",
        ),
        (
            "play katro --db-read k.db",
            "katro has no endgame databases",
        ),
        ("match kalah pvs:db=128 old", "`db` takes"),
        ("match kalah pvs:eval=score,db=4 old", "`db` goes with"),
        ("match katro pvs:db=4 old", "katro has no endgame databases"),
        (
            "match kalah pvs:eval=score,dbfile=k.db old",
            "`dbfile` goes with",
        ),
        ("match kalah pvs:db=4,dbfile=k.db old", "do not go together"),
        ("match kalah pvs:dbfile= old", "`dbfile` takes a file"),
        (
            "match katro pvs:dbfile=k.db old",
            "katro has no endgame databases",
        ),
    ];
    for (line, says) in match_cases {
        refused(line, 2, says);
    }
    // A database file that is not there: an error before the game prints anything.
    refused(
        "play kalah --auto --db-read /nonexistent.db",
        2,
        "cannot open the database file `/nonexistent.db`",
    );
    // perft and playouts keep their exit code 1 for a bad command line.
    refused("perft toguz 2 --threads 257", 1, "--threads takes 1 to 256");
    refused("playouts toguz 18446744073709551615", 1, "GAMES takes");
}

/// A temporary file, removed when dropped (a failing test too leaves none behind).
struct Scratch(PathBuf);

impl Scratch {
    /// The file `mancala-{name}-{process}.{extension}` in the temporary folder, holding
    /// `bytes`.
    fn new(name: &str, extension: &str, bytes: impl AsRef<[u8]>) -> Scratch {
        let name = format!("mancala-{name}-{}.{extension}", std::process::id());
        let scratch = Scratch(std::env::temp_dir().join(name));
        std::fs::write(&scratch.0, bytes).expect("a temporary file");
        scratch
    }

    /// Its path, as a command line takes it.
    fn path(&self) -> &str {
        self.0.to_str().expect("a UTF-8 path")
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.0);
    }
}

/// A file of `games` Toguz Kumalak records, each a seeded random game.
fn record_file(name: &str, games: usize) -> Scratch {
    let mut rng = Rng::new(7);
    let start = Toguz::default();
    let records: Vec<Record> = (0..games)
        .map(|_| {
            let (mut position, mut moves) = (start, Vec::new());
            while let Some(mv) = position.random_move(&mut rng) {
                position.play_unchecked(mv);
                moves.push(mv);
            }
            Record::from_moves(&start, &moves, Style::PlayOk).expect("legal moves")
        })
        .collect();
    Scratch::new(name, "pgn", write_records(records.iter()))
}

/// A run of every subcommand that writes to standard output (`{file}`: a file of records).
const EVERY_SUBCOMMAND: [&str; 9] = [
    "perft toguz 2",
    "playouts katro 3 --seed 2",
    "replay toguz {file} --json",
    "replay toguz {file}",
    "match katro old old --depth 1 --games 2",
    "shortest-win toguz --max-plies 2",
    "play oware --auto --depth 1 --max-plies 5",
    // Answers each line of its input (an error line for a line of boards).
    "engine toguz",
    "help",
];

#[test]
fn replay_json_into_a_closed_pipe_ends_quietly() {
    // More output than a pipe holds, so the reader leaves while the program still writes.
    let file = record_file("closed-pipe", 2000);
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["replay", "toguz", file.path(), "--json"])
        .env_remove("RUST_BACKTRACE")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the mancala binary starts");
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut first = [0u8; 100];
    stdout.read_exact(&mut first).expect("the first line comes");
    // The reader goes away, as `head -1` does.
    drop(stdout);
    let out = child.wait_with_output().expect("the run ends");
    let errors = stderr(&out);
    assert_eq!(out.status.code(), Some(0), "{errors}");
    assert!(
        !errors.contains("panicked") && !errors.contains("Broken pipe"),
        "{errors}"
    );
}

#[test]
fn every_subcommand_into_a_closed_pipe_ends_quietly() {
    let file = record_file("closed-pipes", 3);
    for line in EVERY_SUBCOMMAND {
        let line = line.replace("{file}", file.path());
        let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
            .args(line.split_whitespace())
            .env_remove("RUST_BACKTRACE")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the mancala binary starts");
        // The reader is gone before the first line is written.
        drop(child.stdout.take());
        drop(child.stdin.take());
        let out = child.wait_with_output().expect("the run ends");
        let errors = stderr(&out);
        assert_eq!(out.status.code(), Some(0), "`{line}`: {errors}");
        assert!(
            !errors.contains("panicked") && !errors.contains("Broken pipe"),
            "`{line}`: {errors}"
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn every_subcommand_into_dev_full_fails_on_one_line() {
    let file = record_file("full-disk", 3);
    let boards = Scratch::new("boards", "txt", "4,4,4,4,4,4,4,4,4,4,4,4,4,4 south\n");
    for line in EVERY_SUBCOMMAND {
        let line = line.replace("{file}", file.path());
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .expect("/dev/full opens");
        let out = Command::new(env!("CARGO_BIN_EXE_mancala"))
            .args(line.split_whitespace())
            .env_remove("RUST_BACKTRACE")
            .stdin(std::fs::File::open(&boards.0).expect("the boards open"))
            .stdout(full)
            .output()
            .expect("the mancala binary runs");
        let errors = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "`{line}`: {errors}");
        let failure = "error: cannot write the output: No space left on device";
        assert_eq!(errors.matches(failure).count(), 1, "`{line}`: {errors}");
        assert!(
            errors
                .trim_end()
                .lines()
                .last()
                .unwrap_or("")
                .starts_with(failure),
            "`{line}`: {errors}"
        );
        assert!(!errors.contains("panicked"), "`{line}`: {errors}");
    }
}

#[test]
fn match_fit_on_a_file_with_no_games_says_it_found_nothing_to_fit_and_fails() {
    let junk = Scratch::new("junk", "pgn", "no game here\n".repeat(1000));
    let out = mancala(&format!("match fit toguz {}", junk.path()));
    let errors = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{errors}");
    assert!(errors.contains("found nothing to fit"), "{errors}");
    assert!(out.stdout.is_empty(), "weights were printed");
    let out = mancala("match fit katro 0");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("found nothing to fit"));
}

#[test]
fn an_error_into_a_full_standard_error_exits_with_its_code_not_a_panic() {
    // With standard output on /dev/full too, no panic message could be seen: the exit code
    // alone tells, and a panic's would be 101.
    for (line, code) in [
        ("perft toguz deep", 1),
        ("match think --table 100000000", 2),
    ] {
        let full = || {
            std::fs::OpenOptions::new()
                .write(true)
                .open("/dev/full")
                .expect("/dev/full opens")
        };
        let status = Command::new(env!("CARGO_BIN_EXE_mancala"))
            .args(line.split_whitespace())
            .env_remove("RUST_BACKTRACE")
            .stdin(Stdio::null())
            .stdout(full())
            .stderr(full())
            .status()
            .expect("the mancala binary runs");
        assert_eq!(status.code(), Some(code), "`{line}`");
    }
}

#[test]
fn match_repetition_takes_one_of_its_rules_and_only_where_it_is_an_option_of_play() {
    refused(
        "match toguz old old --repetition sometimes",
        2,
        "repetition takes none, own-side, uncounted",
    );
    refused(
        "match kalah old old --repetition own-side",
        2,
        "unknown option `--repetition`",
    );
    let out = mancala("match toguz old old --depth 1 --games 2 --repetition own-side --quiet");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("games=2 "), "{text}");
}

/// `replay`'s command-line errors start with `error:` as every other subcommand's do, and
/// name what is wrong.
#[test]
fn replay_errors_start_with_error_and_name_the_fault() {
    let file = record_file("replay-errors", 1);
    let file = file.path();
    for (line, says) in [
        (
            "replay toguz /nonexistent/records.pgn".to_owned(),
            "cannot read /nonexistent/records.pgn",
        ),
        (
            format!("replay toguz {file} --bogus"),
            "unknown option `--bogus`",
        ),
        (
            format!("replay toguz {file} --json -x"),
            "unknown option `-x`",
        ),
        (
            format!("replay toguz {file} {file}"),
            "expected one FILE, found 2 files",
        ),
        (
            "replay toguz".to_owned(),
            "expected one FILE, found no file",
        ),
        ("replay".to_owned(), "expected a game and a FILE"),
        (format!("replay chess {file}"), "unknown game `chess`"),
    ] {
        refused_with_usage(&line, says);
    }
}
