//! `mancala engine` as a program that drives it meets it: scripted sessions through the built
//! program, one per game, checked line by line.

use mancala_engine::Game;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

/// What a session printed, and how it ended.
struct Session {
    lines: Vec<String>,
    code: Option<i32>,
}

/// Runs `engine GAME ARGS`, sending each line of `script`: after a `go` with limits it
/// waits for the `bestmove` (not after one marked `!`, sent without it); a line `sleep MS` is
/// not sent but waited.
fn session(args: &[&str], script: &[&str]) -> Session {
    let mut child = Command::new(env!("CARGO_BIN_EXE_mancala"))
        .arg("engine")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("mancala engine starts");
    let mut stdin = child.stdin.take().expect("a pipe to standard input");
    let stdout = child.stdout.take().expect("a pipe from standard output");
    let (sender, lines) = mpsc::channel();
    let reader = std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if sender.send(line).is_err() {
                break;
            }
        }
    });
    let mut seen = Vec::new();
    for line in script {
        if let Some(ms) = line.strip_prefix("sleep ") {
            std::thread::sleep(Duration::from_millis(ms.parse().unwrap()));
            continue;
        }
        let (line, wait) = match line.strip_prefix('!') {
            Some(line) => (line, false),
            None => (*line, line.starts_with("go") && !line.contains("infinite")),
        };
        // The engine may have quit already.
        let _ = writeln!(stdin, "{line}");
        if wait {
            loop {
                let Ok(line) = lines.recv_timeout(Duration::from_secs(60)) else {
                    let _ = child.kill();
                    panic!("no best move within a minute after `{line}`: {seen:?}");
                };
                let done = line.starts_with("bestmove");
                seen.push(line);
                if done {
                    break;
                }
            }
        }
    }
    drop(stdin);
    let status = child.wait().expect("mancala engine ends");
    reader.join().unwrap();
    seen.extend(lines.try_iter());
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    assert!(!stderr.contains("panicked"), "{stderr}");
    Session {
        lines: seen,
        code: status.code(),
    }
}

/// The position after `moves` from `start`.
fn after<G: Game>(start: G, moves: &[&str]) -> G {
    let mut position = start;
    for text in moves {
        position.play(text.parse().ok().unwrap()).unwrap();
    }
    position
}

/// The best move of the `n`-th search (from 0), checked legal in `position`.
fn best_move<G: Game>(lines: &[String], n: usize, position: &G) -> G::Move {
    let line = lines
        .iter()
        .filter(|line| line.starts_with("bestmove "))
        .nth(n)
        .unwrap_or_else(|| panic!("search {n} gives a move: {lines:?}"));
    let mv: G::Move = line["bestmove ".len()..].parse().expect("a move");
    assert!(position.legal_moves().contains(&mv), "{line} in {position}");
    mv
}

/// One game's session: identification and options, a position from the start with a move
/// and from the game's position string, searches by depth, nodes, time, a clock and an
/// infinite one stopped, each giving a legal move, and errors that leave the engine running.
fn a_whole_session<G: Game>(name: &str, args: &[&str], start: G) {
    let first = start.legal_moves()[0].to_string();
    let first = first.as_str();
    let position = after(start.clone(), &[first]);
    let string_position = format!("position string {position}");
    let moves = format!("position startpos moves {first}");
    let script = [
        "uci",
        "isready",
        "setoption name Hash value 4",
        "setoption name Threads value 2",
        "ucinewgame",
        moves.as_str(),
        "go depth 4",
        "isready",
        "position startpos moves 99 99",
        "!go sideways",
        "setoption name Colour value red",
        string_position.as_str(),
        "go nodes 3000",
        "go movetime 50",
        "go wtime 2000 btime 2000 winc 10 binc 10",
        "go infinite",
        "sleep 200",
        "!go depth 1",
        "stop",
        "quit",
        "isready",
    ];
    let ran = session(&[&[name][..], args].concat(), &script);
    let lines = &ran.lines;
    assert_eq!(ran.code, Some(0), "{lines:?}");
    assert_eq!(
        lines[0],
        format!("id name mancala {name} {}", env!("CARGO_PKG_VERSION"))
    );
    assert!(lines[1].starts_with("id author "));
    assert!(lines.contains(&"option name Threads type spin default 1 min 1 max 256".to_owned()));
    let uciok = lines
        .iter()
        .position(|line| line == "uciok")
        .expect("uciok");
    assert_eq!(lines[uciok + 1], "readyok");
    // Every search gives a legal move of the position it searched.
    for n in 0..5 {
        best_move(lines, n, &position);
    }
    assert_eq!(
        lines
            .iter()
            .filter(|line| line.starts_with("bestmove"))
            .count(),
        5
    );
    assert_eq!(lines.iter().filter(|line| *line == "readyok").count(), 2);
    let errors: Vec<&String> = lines
        .iter()
        .filter(|line| line.starts_with("info string error: "))
        .collect();
    assert_eq!(errors.len(), 4, "{errors:?}");
    assert!(errors[0].contains("move 1 `99`"), "{errors:?}");
    assert!(errors[1].contains("unknown go limit `sideways`"));
    assert!(errors[2].contains("unknown option `Colour`"));
    assert!(errors[3].contains("a search is running"));
    let info = lines
        .iter()
        .find(|line| line.starts_with("info depth "))
        .expect("an iteration");
    for word in [" score ", " nodes ", " nps ", " time ", " pv "] {
        assert!(info.contains(word), "{info}");
    }
    // The depth-4 search reported depth 4 last.
    let first_best = lines
        .iter()
        .position(|line| line.starts_with("bestmove"))
        .unwrap();
    assert!(
        lines[first_best - 1].starts_with("info depth 4 "),
        "{lines:?}"
    );
    // After `quit` nothing more is answered.
    assert_ne!(lines.last().map(String::as_str), Some("readyok"));
}

#[test]
fn a_toguz_session() {
    a_whole_session("toguz", &[], mancala_games::toguz::Toguz::default());
}

#[test]
fn a_mangala4_session() {
    a_whole_session(
        "mangala4",
        &[],
        mancala_games::mangala4::Mangala4::default(),
    );
}

#[test]
fn a_katro_session() {
    a_whole_session("katro", &[], mancala_games::katro::Katro::default());
}

#[test]
fn an_oware_session() {
    a_whole_session("oware", &[], mancala_games::oware::Oware::default());
}

#[test]
fn a_kalah_session_with_rule_options() {
    let rules = mancala_games::kalah::RuleSet::with_board(4, 3).unwrap();
    a_whole_session(
        "kalah",
        &["--pits", "4", "--seeds", "3"],
        mancala_games::kalah::Kalah::new(rules),
    );
}

#[test]
fn the_end_of_the_input_ends_an_endless_search_and_lets_a_limited_one_finish() {
    let started = Instant::now();
    let ran = session(&["toguz"], &["go infinite"]);
    assert_eq!(ran.code, Some(0));
    assert!(ran.lines.last().unwrap().starts_with("bestmove "));
    let ran = session(&["oware"], &["go depth 3"]);
    assert!(ran.lines.last().unwrap().starts_with("bestmove "));
    assert!(ran.lines[ran.lines.len() - 2].starts_with("info depth 3 "));
    assert!(started.elapsed() < Duration::from_secs(60));
    // Nothing at all: a quiet end.
    let ran = session(&["katro"], &[]);
    assert_eq!((ran.code, ran.lines.len()), (Some(0), 0));
}

/// A `go` whose only limit is the clock of the side not to move limits nothing: the end of
/// the input stops it, as it stops `go infinite`.
#[test]
fn a_clock_of_the_side_not_to_move_is_stopped_at_the_end_of_input() {
    for (args, script) in [
        (
            &["kalah"][..],
            &["position startpos moves 1", "!go wtime 1000"][..],
        ),
        (&["oware"], &["!go btime 1000"]),
        (&["toguz"], &["!go btime 1000 binc 10"]),
        (
            &["katro"],
            &["position startpos moves 1", "!go wtime 50 winc 5"],
        ),
    ] {
        let started = Instant::now();
        let ran = session(args, script);
        assert_eq!(ran.code, Some(0), "{args:?}");
        assert!(
            ran.lines.last().unwrap().starts_with("bestmove "),
            "{args:?}: {:?}",
            ran.lines
        );
        assert!(started.elapsed() < Duration::from_secs(20), "{args:?}");
    }
}

/// `go depth 0` is refused as docs/protocol.md says (1 to 64), and an unknown command's
/// control characters come back escaped, never raw.
#[test]
fn go_depth_0_is_refused_and_control_bytes_are_escaped() {
    let ran = session(&["oware"], &["!go depth 0", "ab\u{0}c\u{1b}[2J", "isready"]);
    assert!(
        ran.lines
            .iter()
            .any(|l| l == "info string error: go depth takes a whole number from 1 to 64, not `0`"),
        "{:?}",
        ran.lines
    );
    assert!(
        ran.lines
            .iter()
            .any(|l| l == "info string error: unknown command `ab\\u{0}c\\u{1b}[2J`"),
        "{:?}",
        ran.lines
    );
    assert!(ran.lines.iter().all(|l| !l.chars().any(|c| c.is_control())));
    assert!(!ran.lines.iter().any(|l| l.starts_with("bestmove")));
}

/// Databases built for the start's rules and board never answer for a position of other
/// rules or with more seeds than their game, and a search that reaches them claims no proven
/// margin: the engine claims the solver's value or no proven result at all.
#[test]
fn endgame_seeds_of_other_rules_claim_no_proven_result() {
    for (args, seeds, text) in [
        (
            &["kalah", "--pits", "2", "--seeds", "1"][..],
            "40",
            "12,10/9,9 0 0 N seeds=1",
        ),
        (
            &["kalah"],
            "10",
            "0,1,0,1,0,0/1,0,0,2,0,1 20 22 S empty-capture=yes",
        ),
    ] {
        let position: mancala_games::kalah::Kalah = text.parse().unwrap();
        let unlimited = mancala_games::kalah::Kalah::from_setup(mancala_games::kalah::Setup {
            rules: position.rules().with_max_plies(0),
            ..position.to_setup()
        })
        .unwrap();
        let solved = mancala_solver::solve(
            &unlimited,
            &mancala_solver::Options::default(),
            mancala_solver::Endless::South,
            None,
        )
        .unwrap();
        let option = format!("setoption name EndgameSeeds value {seeds}");
        let position_line = format!("position string {text}");
        let ran = session(args, &[&option, "isready", &position_line, "go depth 12"]);
        let mut scores = 0;
        for line in &ran.lines {
            let Some(score) = line
                .split(" score cp ")
                .nth(1)
                .and_then(|rest| rest.split(' ').next())
            else {
                continue;
            };
            scores += 1;
            let score: i32 = score.parse().unwrap();
            if let Some(margin) = mancala_search::exact_margin(score) {
                assert!(line.starts_with("info depth 0 "), "{text}: {line}");
                assert_eq!(margin, solved.value, "{text}: {line}");
            }
        }
        assert!(scores > 0, "{:?}", ran.lines);
        best_move(&ran.lines, 0, &position);
    }
}

#[test]
fn a_finished_game_has_no_move_and_bad_command_lines_are_refused() {
    // A Kalah board of one pit a side: the game ends at the first move.
    let ran = session(
        &["kalah", "--pits", "1", "--seeds", "1"],
        &["position startpos moves 1", "go depth 2"],
    );
    assert_eq!(
        ran.lines.last().map(String::as_str),
        Some("bestmove (none)"),
        "{:?}",
        ran.lines
    );
    for args in [
        &["chess"][..],
        &["toguz", "--board", "8"],
        &["mangala4", "--deal", "random"],
        &["toguz", "stray"],
    ] {
        let ran = session(args, &["uci"]);
        assert_eq!(ran.code, Some(2), "{args:?}");
        assert!(ran.lines.is_empty());
    }
}

/// `EndgameSeeds` builds the databases, and a search one ply deep then plays a perfect move
/// where, without them, it plays one that gives seeds away; games without databases refuse it.
#[test]
fn endgame_seeds_make_a_shallow_search_play_perfectly() {
    let text = "2,0,0,0,3,0/0,1,1,0,0,0 23 18 S";
    let position: mancala_games::kalah::Kalah = text.parse().unwrap();
    let unlimited = mancala_games::kalah::Kalah::from_setup(mancala_games::kalah::Setup {
        rules: position.rules().with_max_plies(0),
        ..position.to_setup()
    })
    .unwrap();
    let solved = mancala_solver::solve(
        &unlimited,
        &mancala_solver::Options::default(),
        mancala_solver::Endless::South,
        None,
    )
    .unwrap();
    let go = |options: &[&str]| {
        let position_line = format!("position string {text}");
        let mut script = vec!["uci"];
        script.extend(options);
        script.extend([position_line.as_str(), "go depth 1"]);
        let ran = session(&["kalah"], &script);
        (best_move(&ran.lines, 0, &position), ran.lines)
    };
    assert!(!solved.best.contains(&go(&[]).0), "{solved:?}");
    let (perfect, lines) = go(&["setoption name EndgameSeeds value 8"]);
    assert!(solved.best.contains(&perfect), "{perfect} for {solved:?}");
    // Every move leads into the databases: the move comes at once, with its exact value.
    assert!(solved.value > 0);
    let known = format!(
        "info depth 0 score cp {} ",
        mancala_search::EXACT + solved.value
    );
    assert!(lines.iter().any(|l| l.starts_with(&known)), "{lines:?}");

    for game in ["toguz", "oware"] {
        let listed = session(&[game], &["uci"]);
        assert!(
            listed
                .lines
                .iter()
                .any(|line| line.starts_with("option name EndgameSeeds type spin")),
            "{game}"
        );
    }
    let refused = session(&["katro"], &["uci", "setoption name EndgameSeeds value 4"]);
    assert!(!refused
        .lines
        .iter()
        .any(|l| l.contains("EndgameSeeds type")));
    assert!(refused
        .lines
        .iter()
        .any(|line| line == "info string error: unknown option `EndgameSeeds`"));
}

#[test]
fn match_plays_the_engine_over_the_protocol_against_the_built_in_player() {
    let bin = env!("CARGO_BIN_EXE_mancala");
    for game in ["toguz", "katro"] {
        let engine = format!("uci:{bin} engine {game}");
        let out = Command::new(bin)
            .args([
                "match", game, &engine, "pvs", "--depth", "2", "--games", "2", "--quiet",
            ])
            .output()
            .expect("mancala match runs");
        let stdout = String::from_utf8(out.stdout).unwrap();
        assert!(out.status.success(), "{stdout}");
        // The same search at the same depth on both sides of each opening: every game is
        // finished and the protocol player's moves are the built-in player's.
        let summary = stdout
            .lines()
            .find(|line| line.starts_with("games="))
            .expect("a summary");
        let field = |name: &str| -> u32 {
            let start = summary.find(&format!("{name}=")).unwrap() + name.len() + 1;
            summary[start..].split(' ').next().unwrap().parse().unwrap()
        };
        assert_eq!(field("games"), 2, "{stdout}");
        assert_eq!(field("unfinished"), 0, "{stdout}");
        assert_eq!(field("wins"), field("losses"), "{stdout}");
    }
    let out = Command::new(bin)
        .args([
            "match",
            "toguz",
            "uci:/nonexistent/engine",
            "pvs",
            "--games",
            "1",
        ])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot start `/nonexistent/engine`"));
}
