//! Inputs that once crashed, hung or lied, each kept as a test named after what it guards.

use crate::tools::{check_ran, message_of, run_subcommand, Ran};
use mancala_engine::perft::{check_depth, divide, perft, MAX_PERFT_DEPTH};

fn args(line: &str) -> Vec<String> {
    line.split(' ').map(str::to_owned).collect()
}

/// Runs `subcommand` with the arguments of `line` and the input `stdin`, checking every run's
/// promises; `done` recognises a successful run's output.
fn run(subcommand: &str, line: &str, stdin: &[u8], done: impl Fn(&str) -> bool) -> Ran {
    let args = args(line);
    let ran = run_subcommand(subcommand, &args, stdin);
    check_ran(subcommand, &args, &ran, done);
    ran
}

/// The one line on standard error.
fn error_line(ran: &Ran) -> &str {
    ran.stderr.trim_end()
}

#[test]
fn perft_of_an_endless_game_past_the_maximum_depth_is_refused_not_a_stack_overflow() {
    let deep = std::panic::catch_unwind(|| perft(&mancala_games::katro::Katro::default(), 20_000));
    let message = message_of(deep.expect_err("refused"));
    assert_eq!(message, check_depth(20_000).unwrap_err().to_string());
    assert!(message.contains(&MAX_PERFT_DEPTH.to_string()), "{message}");
    for line in ["katro 20000", "katro 20000 --threads 2"] {
        let ran = run("perft", line, b"", |_| false);
        assert_eq!(ran.code, Some(1), "{line}");
        assert_eq!(error_line(&ran), format!("error: {message}"), "{line}");
    }
}

#[test]
fn divide_adds_up_to_perft_in_every_game_and_refuses_depth_zero() {
    fn agree<P: mancala_engine::Position>(start: &P) {
        for depth in 1..=3 {
            let total: u64 = divide(start, depth).iter().map(|&(_, n)| n).sum();
            assert_eq!(total, perft(start, depth), "depth {depth}");
        }
        let unwind_safe = std::panic::AssertUnwindSafe(start);
        assert!(std::panic::catch_unwind(|| divide(*unwind_safe, 0)).is_err());
        assert_eq!(perft(start, 0), 1);
    }
    agree(&mancala_games::toguz::Toguz::default());
    agree(&mancala_games::mangala4::Mangala4::default());
    agree(&mancala_games::katro::Katro::default());
}

#[test]
fn playouts_with_more_threads_than_can_start_is_refused_on_one_line() {
    let ran = run("playouts", "toguz 0 --threads 100000", b"", |_| false);
    assert_eq!(ran.code, Some(1));
    assert_eq!(
        error_line(&ran),
        "error: --threads takes 1 to 256, not 100000"
    );
}

#[test]
fn playouts_from_the_largest_seed_plays_every_game_on_every_thread() {
    let line = "toguz 4 --seed 18446744073709551615 --threads 2";
    let ran = run("playouts", line, b"", |out| {
        out.starts_with("games=4 moves=")
    });
    assert_eq!(ran.code, Some(0));
    // The threads' seeds wrap round to 18446744073709551615 and 0: the moves are those of two
    // games from each seed, as one thread plays them.
    let moves = |line: &str| -> u64 {
        let out = ran_ok("playouts", line);
        let field = out.split(' ').nth(1).expect("a moves field");
        field["moves=".len()..].parse().expect("a count")
    };
    let total = moves("toguz 2 --seed 18446744073709551615") + moves("toguz 2 --seed 0");
    let field = ran.stdout.split(' ').nth(1).expect("a moves field");
    assert_eq!(field, format!("moves={total}"));
}

/// The output of a successful run.
fn ran_ok(subcommand: &str, line: &str) -> String {
    let ran = run(subcommand, line, b"", |_| true);
    assert_eq!(ran.code, Some(0), "{subcommand} {line}: {}", ran.stderr);
    ran.stdout
}

#[test]
fn playouts_refuses_more_games_than_its_move_count_holds() {
    let ran = run("playouts", "toguz 18446744073709551615", b"", |_| false);
    assert_eq!(ran.code, Some(1));
    assert!(error_line(&ran).starts_with("error: GAMES takes a whole number from 0 to "));
}

#[test]
fn playouts_refuses_a_repeated_option() {
    for line in [
        "toguz 2 --seed 1 --seed 2",
        "toguz 2 --threads 1 --seed 3 --threads 2",
    ] {
        let ran = run("playouts", line, b"", |_| false);
        assert_eq!(ran.code, Some(1), "{line}");
        assert!(
            error_line(&ran).ends_with("is given twice"),
            "{line}: {}",
            ran.stderr
        );
    }
}

#[test]
fn play_fails_when_its_input_ends_before_the_game() {
    let ran = run("play", "toguz --depth 1 --time 5", b"1\n", |_| false);
    assert_eq!(ran.code, Some(1));
    assert_eq!(
        ran.stdout.lines().last(),
        Some("End of input: the game is abandoned.")
    );
    // Leaving on purpose is no failure.
    let ran = run("play", "toguz --depth 1 --time 5", b"1\nquit\n", |out| {
        out.ends_with("You left the game.\n")
    });
    assert_eq!(ran.code, Some(0));
}

#[test]
fn play_fails_on_input_that_is_not_utf8() {
    let ran = run("play", "katro --depth 1 --time 5", b"\xff\xfe\n", |_| false);
    assert_eq!(ran.code, Some(1));
    assert_eq!(
        error_line(&ran),
        "error: standard input is not UTF-8 text (line 1)"
    );
}

#[test]
fn play_reads_a_50_mb_line_in_bounded_memory_and_ends() {
    let mut huge = vec![b'x'; 50 << 20];
    huge.push(b'\n');
    let ran = run("play", "toguz --depth 1 --time 5", &huge, |_| false);
    assert_eq!(ran.code, Some(1));
    assert_eq!(
        ran.stdout.lines().last(),
        Some("End of input: the game is abandoned.")
    );
}

#[test]
fn play_gives_up_after_a_thousand_lines_without_a_move() {
    let garbage = "no move\n".repeat(5000);
    let ran = run(
        "play",
        "katro --depth 1 --time 5",
        garbage.as_bytes(),
        |_| false,
    );
    assert_eq!(ran.code, Some(1));
    assert_eq!(
        error_line(&ran),
        "error: 1000 lines in a row without a legal move"
    );
}

#[cfg(unix)]
#[test]
fn subcommands_refuse_an_argument_that_is_not_utf8() {
    use std::os::unix::ffi::OsStringExt;
    let subcommands = [
        "perft",
        "playouts",
        "play",
        "replay",
        "shortest-win",
        "solve",
        "match",
    ];
    for subcommand in subcommands {
        let bad = std::ffi::OsString::from_vec(vec![b't', 0xff]);
        let ran = std::process::Command::new(crate::tools::MANCALA)
            .arg(subcommand)
            .arg(bad)
            .output()
            .expect("the mancala binary runs");
        assert!(matches!(ran.status.code(), Some(1 | 2)), "{subcommand}");
        let stderr = String::from_utf8_lossy(&ran.stderr);
        assert!(
            stderr.starts_with("error: argument `t") && stderr.lines().count() == 1,
            "{subcommand}: {stderr}"
        );
    }
}
