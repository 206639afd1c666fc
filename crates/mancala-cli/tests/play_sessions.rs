//! `mancala play` as a person meets it: scripted sessions piped through the built program,
//! checked by what the person reads.

use mancala_engine::{Game, Side};
use mancala_games::mangala4::{Mangala4, Setup};
use std::io::Write;
use std::process::{Command, Stdio};

/// What a session printed, and how it ended.
struct Session {
    stdout: String,
    code: Option<i32>,
}

/// Runs `play` with `args`, typing `typed` (one line each) at its prompts.
fn session(args: &str, typed: &[&str]) -> Session {
    session_with(&args.split_whitespace().collect::<Vec<_>>(), typed)
}

/// [`session`] with the arguments given one by one (an argument may hold spaces).
fn session_with(args: &[&str], typed: &[&str]) -> Session {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("play")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mancala play starts");
    let mut input = String::new();
    for line in typed {
        input.push_str(line);
        input.push('\n');
    }
    child
        .stdin
        .take()
        .expect("a pipe to standard input")
        .write_all(input.as_bytes())
        .expect("the session is typed");
    let out = child.wait_with_output().expect("mancala play ends");
    Session {
        stdout: String::from_utf8(out.stdout).expect("the output is text"),
        code: out.status.code(),
    }
}

#[test]
fn every_game_and_board_size_opens_with_its_own_banner() {
    // Sizes and seeds per hole as the rules files give them (/work/shared/rules, crates/oware/README.md).
    let banners = [
        (
            "toguz",
            "Toguz Kumalak, 2 × 9 holes, 9 seeds each. White (south) moves first.",
        ),
        (
            "toguz --board 7",
            "Toguz Kumalak, 2 × 7 holes, 7 seeds each. White (south) moves first.",
        ),
        (
            "toguz --board 5",
            "Toguz Kumalak, 2 × 5 holes, 5 seeds each, no tuzdik. White (south) moves first.",
        ),
        (
            "toguz --tuzdik optional",
            "Toguz Kumalak, 2 × 9 holes, 9 seeds each, optional tuzdik. White (south) moves first.",
        ),
        (
            "katro",
            "Katro, 6 × 6 holes, 2 seeds each, rules: default. South moves first.",
        ),
        (
            "katro --size 4x4",
            "Katro, 4 × 4 holes, 2 seeds each, rules: default. South moves first.",
        ),
        (
            "katro --size 4x6",
            "Katro, 4 × 6 holes, 2 seeds each, rules: default. South moves first.",
        ),
        (
            "katro --size 6x3",
            "Katro, 6 × 3 holes, 2 seeds each, rules: default. South moves first.",
        ),
        (
            "mangala4 --deal even",
            "Mangala IV, 2 × 7 holes, the even start: 7 seeds each.",
        ),
    ];
    for (args, banner) in banners {
        let ran = session(&format!("{args} --depth 1"), &["quit"]);
        assert_eq!(ran.stdout.lines().next(), Some(banner), "{args}");
        assert_eq!(ran.code, Some(0), "{args}: {}", ran.stdout);
    }
    let oware = session("oware --depth 1", &["quit"]);
    assert!(oware
        .stdout
        .starts_with("Oware, 2 × 6 houses, 4 seeds each, rules: "));
}

#[test]
fn commands_are_read_in_any_case() {
    let ran = session("toguz --depth 1", &["HELP", "Moves", "BOARD", "Quit"]);
    assert!(
        ran.stdout.contains("Commands, in any case:"),
        "{}",
        ran.stdout
    );
    assert!(
        ran.stdout.contains("Legal moves: 1 (19), 2 (21), 3 (32)"),
        "{}",
        ran.stdout
    );
    assert!(
        ran.stdout.ends_with("You left the game.\n"),
        "{}",
        ran.stdout
    );
    assert_eq!(ran.code, Some(0));
    let ran = session("katro --depth 1", &["EXIT"]);
    assert!(
        ran.stdout.ends_with("You left the game.\n"),
        "{}",
        ran.stdout
    );
}

#[test]
fn the_ritual_takes_every_listed_word_in_any_case() {
    for (answer, guess) in [
        ("tek", "odd"),
        ("TEK", "odd"),
        ("Odd", "odd"),
        ("çift", "even"),
        ("ÇIFT", "even"),
        ("cift", "even"),
        ("EVEN", "even"),
    ] {
        let ran = session("mangala4 --seed 3 --depth 1", &[answer, "quit"]);
        assert!(
            ran.stdout.contains("(tek, çift or cift; odd or even)> "),
            "the prompt lists the words: {}",
            ran.stdout
        );
        assert!(
            ran.stdout.contains(&format!("you said {guess}:")),
            "{answer}: {}",
            ran.stdout
        );
    }
    let ran = session("mangala4 --seed 3 --depth 1", &["maybe", "quit"]);
    assert!(ran
        .stdout
        .contains("`maybe`: please answer `tek`, `çift` or `cift`, `odd` or `even`."));
}

#[test]
fn the_ritual_speaks_of_you_and_the_computer_and_tells_both_rows_before_a_choice() {
    let seed = 3;
    let finish = Mangala4::from_setup(Setup::random(seed))
        .expect("a random start is valid")
        .play_out();
    let both_rows = format!(
        "played out from this start it ends south {}, north {}.",
        finish.score(Side::South),
        finish.score(Side::North)
    );
    // Whatever the guess, either you choose a row or the computer does: both rows' scores come
    // first.
    for guess in ["odd", "even"] {
        let ran = session(
            &format!("mangala4 --seed {seed} --depth 1"),
            &[guess, "S", "quit"],
        );
        let told = ran.stdout.find(&both_rows).expect(&ran.stdout);
        let chosen = ran
            .stdout
            .find("Your row: south or north? (south or s, north or n;")
            .or_else(|| ran.stdout.find("The computer takes the "))
            .expect(&ran.stdout);
        assert!(told < chosen, "{}", ran.stdout);
        for word in [
            "the challenger",
            "the guesser",
            "The challenger",
            "The guesser",
        ] {
            assert!(!ran.stdout.contains(word), "`{word}` in {}", ran.stdout);
        }
        assert!(ran.stdout.contains("The computer hid "), "{}", ran.stdout);
    }
}

#[test]
fn the_ritual_says_why_it_does_not_run() {
    let ran = session("mangala4 --deal even --depth 1", &["quit"]);
    assert!(
        ran.stdout
            .contains("No opening ritual: it shares out the rows of a random board"),
        "{}",
        ran.stdout
    );
    let ran = session("mangala4 --side NORTH --seed 3 --depth 1", &["quit"]);
    assert!(
        ran.stdout
            .contains("No opening ritual: you chose the north row with `--side`."),
        "{}",
        ran.stdout
    );
    assert!(!ran.stdout.contains("Odd or even?"));
}

/// The seed a Mangala IV session printed with its random start.
fn printed_seed(stdout: &str) -> u64 {
    let after = stdout
        .split("a random start (seed ")
        .nth(1)
        .expect("the start names its seed");
    after[..after.find(';').expect("the seed ends")]
        .parse()
        .expect("the seed is a number")
}

#[test]
fn without_a_seed_each_game_draws_its_own_and_prints_it_for_a_replay() {
    let first = session("mangala4 --depth 1", &["quit"]);
    let second = session("mangala4 --depth 1", &["quit"]);
    let (a, b) = (printed_seed(&first.stdout), printed_seed(&second.stdout));
    assert_ne!(a, b, "two games without --seed drew the same seed");
    let replay = session(&format!("mangala4 --seed {a} --depth 1"), &["quit"]);
    assert_eq!(
        replay.stdout.lines().next(),
        first.stdout.lines().next(),
        "--seed {a} replays the start"
    );
}

#[test]
fn in_kalah_max_plies_is_the_games_own_move_limit() {
    // The rule `max-plies`, as in `perft kalah`: the game ends after move N + 1, the seeds
    // counted, as OpenSpiel ends it.
    let limited = session("kalah --auto --depth 1 --max-plies 5", &[]);
    assert_eq!(limited.code, Some(0), "{}", limited.stdout);
    assert!(limited
        .stdout
        .contains("rules: pits=6,seeds=4,empty-capture=no,max-plies=5."));
    assert!(limited.stdout.contains("\n   6. "), "{}", limited.stdout);
    assert!(!limited.stdout.contains("\n   7. "), "{}", limited.stdout);
    let last = limited.stdout.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("result: ") && last.ends_with(" (the move limit)"),
        "{last}"
    );
    // `0` lifts the limit: the game is played to its end.
    let free = session("kalah --auto --depth 1 --max-plies 0 --pits 3", &[]);
    assert_eq!(free.code, Some(0), "{}", free.stdout);
    assert!(free.stdout.contains("max-plies=0."), "{}", free.stdout);
    let last = free.stdout.lines().last().unwrap_or_default();
    assert!(last.ends_with("(a player's pits are all empty)"), "{last}");
    // So is Oware's, its rule of the same name.
    let oware = session("oware --auto --depth 1 --max-plies 5", &[]);
    let last = oware.stdout.lines().last().unwrap_or_default();
    assert!(last.ends_with(" (the move limit)"), "{last}");
    // The games without a move limit in their rules keep the driver's cap.
    let toguz = session("toguz --auto --depth 1 --max-plies 5", &[]);
    let last = toguz.stdout.lines().last().unwrap_or_default();
    assert!(
        last.starts_with("result: unfinished after 5 plies (the --max-plies cap)"),
        "{last}"
    );
    for bad in ["x", "-1", "4294967296"] {
        let refused = session(&format!("kalah --auto --max-plies {bad}"), &[]);
        assert_eq!(refused.code, Some(2), "{bad}: {}", refused.stdout);
    }
}

#[test]
fn in_toguz_a_repetition_ends_the_game_only_under_a_repetition_rule() {
    // On 2 × 5 with one seed in each last hole, White always has one seed, so the computer's
    // moves are forced, and Black's 5, 1, 2, 3, 4 bring the start back after ten plies.
    let start = [
        "toguz",
        "--position",
        "1S,4/4,1S 24 24 S",
        "--side",
        "north",
    ];
    let cycle = ["5", "1", "2", "3", "4"];
    let rule = |name: &'static str| [&start[..], &["--repetition", name]].concat();
    let own_side = session_with(&rule("own-side"), &cycle);
    assert_eq!(own_side.code, Some(0), "{}", own_side.stdout);
    let last = own_side.stdout.lines().last().unwrap_or_default();
    assert_eq!(last, "result: draw 25-25 (repetition)");
    let uncounted = session_with(&rule("uncounted"), &cycle);
    let last = uncounted.stdout.lines().last().unwrap_or_default();
    assert_eq!(last, "result: draw 24-24 (repetition)");
    // Without a rule (the federation rules) play goes on: the person is asked again.
    for args in [&start[..], &rule("none")] {
        let endless = session_with(args, &[&cycle[..], &["quit"]].concat());
        assert!(!endless.stdout.contains("result:"), "{}", endless.stdout);
        assert!(
            endless.stdout.ends_with("You left the game.\n"),
            "{}",
            endless.stdout
        );
    }
    // A rule that does not exist, or a position string that does not read, is refused.
    let refused = session_with(&rule("sometimes"), &[]);
    assert_eq!(refused.code, Some(2));
    let unreadable = session_with(&["toguz", "--position", "1S,4/4"], &[]);
    assert_eq!(unreadable.code, Some(2));
}

/// A half-move whose landing hole is wrong is refused in the words of play, which has no
/// record: the half-move says where the seed lands.
#[test]
fn a_wrong_landing_hole_is_what_the_half_move_says() {
    let ran = session("toguz --depth 1", &["12", "quit"]);
    assert!(
        ran.stdout
            .contains("`12` does not fit the board: the last seed lands on hole "),
        "{}",
        ran.stdout
    );
    assert!(
        ran.stdout.contains(", the half-move says 2."),
        "{}",
        ran.stdout
    );
    assert!(!ran.stdout.contains("record"), "{}", ran.stdout);
}
