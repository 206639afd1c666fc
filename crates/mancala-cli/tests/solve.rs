//! `mancala solve` on small boards: its last line against plain exhaustive minimax, written
//! here over the trait.

use mancala_engine::{Game, Position};
use mancala_games::kalah::{Kalah, RuleSet};
use std::process::Command;

/// The last line of `mancala solve ARGS`, which must succeed.
fn solve(args: &[&str]) -> String {
    let ran = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("solve")
        .args(args)
        .output()
        .expect("the mancala binary runs");
    let stdout = String::from_utf8_lossy(&ran.stdout);
    assert!(
        ran.status.success(),
        "{args:?}: {stdout} {}",
        String::from_utf8_lossy(&ran.stderr)
    );
    stdout.lines().last().unwrap_or_default().to_owned()
}

/// The value for the side to move (Kalah always ends, so no line repeats).
fn minimax<P: Position>(position: &P) -> i32 {
    let me = position.side_to_move();
    if position.is_over() {
        return position.score(me) as i32 - position.score(!me) as i32;
    }
    position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let child = position.child(mv);
            let value = minimax(&child);
            if child.side_to_move() == me {
                value
            } else {
                -value
            }
        })
        .max()
        .expect("a game not over has a move")
}

#[test]
fn small_kalah_boards_have_the_minimax_value() {
    for (pits, seeds, empty) in [(3, 2, false), (3, 2, true), (2, 3, false), (4, 1, true)] {
        let mut args = vec![
            "kalah".to_owned(),
            "--pits".into(),
            pits.to_string(),
            "--seeds".into(),
            seeds.to_string(),
        ];
        if empty {
            args.push("--empty-capture".into());
        }
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let last = solve(&args);
        let rules = RuleSet::with_board(pits, seeds)
            .unwrap()
            .with_empty_capture(empty)
            .with_max_plies(0);
        let start = Kalah::new(rules);
        let value = minimax(&start);
        let best: Vec<String> = start
            .legal_moves()
            .into_iter()
            .filter(|&mv| {
                let child = start.child(mv);
                let v = minimax(&child);
                (if child.side_to_move() == start.side_to_move() {
                    v
                } else {
                    -v
                }) == value
            })
            .map(|mv| mv.to_string())
            .collect();
        assert_eq!(
            last,
            format!("value={value} best={}", best.join(",")),
            "{args:?}"
        );
    }
}

#[test]
fn a_position_string_is_solved_and_rule_options_beside_it_are_refused() {
    let last = solve(&["toguz", "--position", "1S,4/4,1S 24 24 S"]);
    assert!(last.starts_with("value="), "{last}");
    let ran = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args([
            "solve",
            "toguz",
            "--board",
            "5",
            "--position",
            "1S,4/4,1S 24 24 S",
        ])
        .output()
        .unwrap();
    assert_eq!(ran.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&ran.stderr).starts_with("error: rule option `--board`"));
}

#[test]
fn databases_give_the_same_value_and_a_damaged_file_is_refused() {
    let board = ["kalah", "--pits", "3", "--seeds", "2"];
    let plain = solve(&board);
    let file = std::env::temp_dir().join(format!("mancala-solve-test-{}.db", std::process::id()));
    let path = file.display().to_string();
    let mut args = board.to_vec();
    args.extend(["--db-seeds", "6", "--db-write", &path, "--threads", "2"]);
    assert_eq!(solve(&args), plain);
    let mut args = board.to_vec();
    args.extend(["--db-read", &path]);
    assert_eq!(solve(&args), plain);
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    let ran = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("solve")
        .args(&args)
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&file);
    let stderr = String::from_utf8_lossy(&ran.stderr);
    assert_eq!(ran.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("checksum") || stderr.contains("value byte"),
        "{stderr}"
    );
}

/// Toguz Kumalak 2 × 5 keeps the parity of its board's seeds (a kazan without a tuzdik holds
/// an even count, so every board holds an even one): `mancala solve` builds only the even
/// levels, and gives the value of the search alone.
#[test]
fn toguz_2x5_databases_are_built_at_the_positions_parity() {
    let position = ["toguz", "--position", "1S,4/4,1S 24 24 S no-majority-stop"];
    let mut args = position.to_vec();
    args.extend(["--db-seeds", "5"]);
    let ran = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("solve")
        .args(&args)
        .output()
        .expect("the mancala binary runs");
    let stdout = String::from_utf8_lossy(&ran.stdout);
    assert!(ran.status.success(), "{stdout}");
    let built: Vec<u32> = stdout
        .lines()
        .filter_map(|line| line.strip_prefix("database level ")?.split(':').next())
        .map(|seeds| seeds.parse().unwrap())
        .collect();
    assert_eq!(built, [0, 2, 4], "{stdout}");
    assert_eq!(stdout.lines().last(), Some(solve(&position).as_str()));
}

/// South's final score difference on the last line of `mancala play ARGS`
/// (`result: north wins 8-4 (…)`, the winner's score first).
fn played_margin(args: &[&str]) -> i32 {
    let ran = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("play")
        .args(args)
        .output()
        .expect("the mancala binary runs");
    let stdout = String::from_utf8_lossy(&ran.stdout);
    assert!(ran.status.success(), "{args:?}: {stdout}");
    let last = stdout.lines().last().unwrap_or_default();
    let margin = last
        .split_whitespace()
        .find_map(|word| word.split_once('-'))
        .and_then(|(s, n)| Some(s.parse::<i32>().ok()? - n.parse::<i32>().ok()?))
        .unwrap_or_else(|| panic!("no scores in `{last}`"));
    if last.contains("north wins") {
        -margin
    } else {
        margin
    }
}

#[test]
fn the_computer_in_whole_databases_plays_the_solved_value_from_both_sides() {
    for (pits, seeds, empty) in [(3, 2, false), (3, 2, true), (2, 3, false), (3, 3, true)] {
        let (pits, seeds) = (pits.to_string(), seeds.to_string());
        let mut board = vec!["kalah", "--pits", &pits, "--seeds", &seeds];
        if empty {
            board.push("--empty-capture");
        }
        let value = solve(&board);
        let total = (2 * pits.parse::<u32>().unwrap() * seeds.parse::<u32>().unwrap()).to_string();
        let mut args = board.clone();
        args.extend([
            "--max-plies",
            "0",
            "--auto",
            "--depth",
            "1",
            "--db-seeds",
            &total,
        ]);
        // South moves first: the solved value is his.
        let margin = played_margin(&args);
        assert!(
            value.starts_with(&format!("value={margin} ")),
            "{value} but {margin}"
        );
    }
}

#[test]
fn databases_written_once_are_read_by_the_players() {
    let board = ["kalah", "--pits", "3", "--seeds", "3", "--empty-capture"];
    let value = solve(&board);
    let file = std::env::temp_dir().join(format!("mancala-players-db-{}.db", std::process::id()));
    let path = file.display().to_string();
    // `--db-only` builds and writes, and solves nothing.
    let mut args = board.to_vec();
    args.extend(["--db-seeds", "18", "--db-write", &path, "--db-only"]);
    let built = solve(&args);
    assert!(built.starts_with("databases: up to 18 seeds"), "{built}");
    // `play` reads the file and plays the solved value, as with the databases built.
    let mut args = board.to_vec();
    args.extend([
        "--max-plies",
        "0",
        "--auto",
        "--depth",
        "1",
        "--db-read",
        &path,
    ]);
    let margin = played_margin(&args);
    // The engine reads it as `EndgameFile`; the match player as `dbfile=`.
    let engine = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args([
            "engine",
            "kalah",
            "--pits",
            "3",
            "--seeds",
            "3",
            "--empty-capture",
        ])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let input = format!("setoption name EndgameFile value {path}\nposition startpos\ngo depth 1\n");
    use std::io::Write as _;
    engine
        .stdin
        .as_ref()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let answered = engine.wait_with_output().unwrap();
    let engine_out = String::from_utf8_lossy(&answered.stdout);
    let matched = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["match", "kalah"])
        .arg(format!("pvs:dbfile={path}"))
        .arg("pvs")
        .args(["--pits", "3", "--seeds", "3", "--empty-capture"])
        .args(["--games", "2", "--depth", "1"])
        .output()
        .unwrap();
    // Another board's rules: refused by name.
    let other = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args([
            "play",
            "kalah",
            "--pits",
            "4",
            "--seeds",
            "3",
            "--empty-capture",
            "--auto",
        ])
        .args(["--db-read", &path])
        .output()
        .unwrap();
    let _ = std::fs::remove_file(&file);
    assert!(
        value.starts_with(&format!("value={margin} ")),
        "{value} but {margin}"
    );
    let best = value.split("best=").nth(1).unwrap_or_default();
    let played = engine_out
        .lines()
        .find_map(|line| line.strip_prefix("bestmove "))
        .unwrap_or_else(|| panic!("no best move in {engine_out}"));
    assert!(
        best.split(',').any(|m| m == played),
        "{value} but {engine_out}"
    );
    // Every move from the start leads into the databases: the proven margin, as
    // `docs/protocol.md` gives it (750 000 000 plus the margin of a win).
    assert_ne!(margin, 0, "the board is chosen for a won start");
    let proven = margin.signum() * (750_000_000 + margin.abs());
    assert!(
        engine_out.contains(&format!("info depth 0 score cp {proven} ")),
        "{engine_out}"
    );
    let match_out = String::from_utf8_lossy(&matched.stdout);
    assert!(matched.status.success(), "{match_out}");
    assert!(match_out.contains("games=2 "), "{match_out}");
    let refused = String::from_utf8_lossy(&other.stderr);
    assert_eq!(other.status.code(), Some(2), "{refused}");
    assert!(refused.contains("not a database of this game"), "{refused}");
}

#[test]
fn the_oware_computer_with_databases_plays_the_value_of_the_repetition_rule() {
    // Oware's own rule gives this board 0 (the test below); the player takes the databases'
    // values only where that rule agrees with them.
    let rules = "houses=3,seeds=1,max-plies=0,majority-stop=no";
    let args = [
        "oware",
        "--rules",
        rules,
        "--auto",
        "--depth",
        "30",
        "--db-seeds",
        "6",
    ];
    assert_eq!(played_margin(&args), 0);
    let ran = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("play")
        .args(args)
        .output()
        .expect("the mancala binary runs");
    let stderr = String::from_utf8_lossy(&ran.stderr);
    assert!(
        stderr.contains("databases: up to 6 seeds on the board"),
        "{stderr}"
    );
}

#[test]
fn oware_databases_need_play_to_the_end_and_bracket_the_value() {
    let board = [
        "oware",
        "--houses",
        "3",
        "--seeds",
        "1",
        "--majority-stop",
        "no",
    ];
    // Oware's own repetition rule decides every line: one value.
    assert_eq!(solve(&board), "value=0 best=1,3");
    // The databases of every level value the start under both endless-play conventions.
    let mut args = board.to_vec();
    args.extend(["--db-seeds", "6", "--threads", "2"]);
    assert_eq!(solve(&args), "value=-2..2 best=1,3");
    let ran = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args([
            "solve",
            "oware",
            "--houses",
            "3",
            "--seeds",
            "1",
            "--db-seeds",
            "6",
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&ran.stderr);
    assert_eq!(ran.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("stop at a majority"), "{stderr}");
}

#[test]
fn levels_beyond_the_memory_go_to_a_file_of_their_own() {
    let board = ["kalah", "--pits", "4", "--seeds", "3"];
    let value = solve(&board);
    let file = std::env::temp_dir().join(format!("mancala-levels-{}.db", std::process::id()));
    let path = file.display().to_string();
    let _ = std::fs::remove_file(&file);
    // The level of 20 seeds takes 999 042 bytes to build: those below it go to the file.
    let mut args = board.to_vec();
    args.extend(["--db-seeds", "20", "--db-memory-mb", "1"]);
    let run = |extra: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_mancala"))
            .arg("solve")
            .args(&args)
            .args(extra)
            .output()
            .unwrap()
    };
    let without = run(&[]);
    let refused = String::from_utf8_lossy(&without.stderr);
    assert_eq!(without.status.code(), Some(1), "{refused}");
    assert!(
        refused.contains("more than the 1048576 allowed"),
        "{refused}"
    );
    let written = std::env::temp_dir().join(format!("mancala-db-{}.db", std::process::id()));
    let written_path = written.display().to_string();
    let on_disk = run(&["--db-disk", &path, "--db-write", &written_path]);
    let out = String::from_utf8_lossy(&on_disk.stdout);
    assert!(on_disk.status.success(), "{out}");
    assert_eq!(out.lines().last(), Some(value.as_str()));
    assert!(!file.exists(), "the file outlived the solve");
    // The file written (3.1 MB) is read within 1 MiB too: what does not fit stays on disk.
    let read = solve(&[
        "kalah",
        "--pits",
        "4",
        "--seeds",
        "3",
        "--db-read",
        &written_path,
        "--db-memory-mb",
        "1",
    ]);
    let _ = std::fs::remove_file(&written);
    assert_eq!(read, value);
    // A file there already is kept, and the build refused.
    std::fs::write(&file, "mine").unwrap();
    let taken = run(&["--db-disk", &path]);
    let kept = std::fs::read_to_string(&file).unwrap_or_default();
    let _ = std::fs::remove_file(&file);
    let error = String::from_utf8_lossy(&taken.stderr);
    assert_eq!(taken.status.code(), Some(1), "{error}");
    assert!(error.contains("cannot make"), "{error}");
    assert_eq!(kept, "mine");
    // Without a build the option has nothing to do.
    let alone = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .args(["solve", "kalah", "--db-disk", &path])
        .output()
        .unwrap();
    let error = String::from_utf8_lossy(&alone.stderr);
    assert!(error.contains("--db-disk is for a build"), "{error}");
}
