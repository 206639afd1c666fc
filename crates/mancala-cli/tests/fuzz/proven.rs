//! The endgame databases and the engine's proven results: databases asked about positions of
//! other rules, board sizes and seed counts; builds with every option at its bounds; the
//! engine with `EndgameSeeds` on such positions; and the engine's end of input at every point
//! of a search, under clocks for either side.

use crate::harness::{run, Budget, Reports};
use crate::inputs::pick;
use crate::tools::{check_ran_loosely, run_subcommand};
use mancala_engine::{Game, Position, Rng, Side};
use mancala_games::kalah::{Kalah, RuleSet};
use mancala_solver::{
    BuildOptions, Databases, DbError, Endgame, Endless, Options, MAX_BUILD_THREADS,
};
use std::sync::OnceLock;

/// Kalah boards small enough to solve at once: (pits, seeds a pit).
const BOARDS: [(usize, usize); 5] = [(1, 2), (2, 1), (2, 2), (3, 1), (3, 2)];

/// The rules of board `board` of [`BOARDS`], with or without the empty capture.
fn rules(board: usize, empty: bool) -> RuleSet {
    let (pits, seeds) = BOARDS[board];
    RuleSet::with_board(pits, seeds)
        .expect("a small board")
        .with_empty_capture(empty)
        .with_max_plies(0)
}

/// The seeds of a game under `rules`.
fn game_seeds(rules: RuleSet) -> u32 {
    (2 * rules.pits() * rules.seeds()) as u32
}

/// Databases of every small board and capture rule, each with two levels beyond its game's
/// seeds (boards no game of theirs has), built once.
fn databases() -> &'static [(RuleSet, Databases)] {
    static BUILT: OnceLock<Vec<(RuleSet, Databases)>> = OnceLock::new();
    BUILT.get_or_init(|| {
        (0..BOARDS.len())
            .flat_map(|board| [false, true].map(|empty| rules(board, empty)))
            .map(|rules| {
                let options = BuildOptions {
                    max_seeds: game_seeds(rules) + 2,
                    ..BuildOptions::default()
                };
                let (db, _) =
                    Databases::build(&Kalah::new(rules), &options, None).expect("a small build");
                (rules, db)
            })
            .collect()
    })
}

/// A Kalah position of a small board under random rules, with up to four seeds more or fewer
/// on the board than its rules start with, any scores and move count; `None` when that is no
/// position.
fn small_position(rng: &mut Rng) -> Option<Kalah> {
    let board = rng.below(BOARDS.len() as u32) as usize;
    let limit = *pick(rng, &[0, 0, 1000, u32::MAX]);
    let rules = rules(board, rng.below(2) == 0).with_max_plies(limit);
    let pits = 2 * rules.pits();
    let on_board = rng.below(game_seeds(rules) + 5);
    let mut holes = vec![0u8; pits];
    for _ in 0..on_board {
        holes[rng.below(pits as u32) as usize] += 1;
    }
    Kalah::from_setup(mancala_games::kalah::Setup {
        rules,
        board: holes,
        stores: [rng.below(4), rng.below(4)],
        side: if rng.below(2) == 0 {
            Side::South
        } else {
            Side::North
        },
        ply: rng.below(50),
        end: None,
    })
    .ok()
}

/// The final score difference for the side to move under perfect play, the move limit
/// lifted (what the databases' template plays).
fn solved(position: &Kalah) -> i32 {
    let unlimited = Kalah::from_setup(mancala_games::kalah::Setup {
        rules: position.db_template_rules(),
        ..position.to_setup()
    })
    .expect("the same position without a move limit");
    let options = Options {
        table_bytes: 1 << 20,
        ..Options::default()
    };
    mancala_solver::solve(&unlimited, &options, Endless::South, None)
        .expect("a small solve")
        .value
}

/// The lead of the side to move.
fn lead(position: &Kalah) -> i32 {
    let me = position.side_to_move();
    position.score(me) as i32 - position.score(!me) as i32
}

/// A database answers for a position exactly when it fits it (same rules but for the move
/// limit, no more seeds on the board than its game has), and then with the solver's value.
fn databases_of_other_rules(seed: &str) -> bool {
    let mut rng = Rng::new(seed.parse().expect("a seed"));
    let Some(position) = small_position(&mut rng) else {
        return false;
    };
    // Half the time the databases of the position's own rules, if a board's of them.
    let all = databases();
    let own = all
        .iter()
        .position(|(rules, _)| *rules == position.db_template_rules());
    let at = match own {
        Some(at) if rng.below(2) == 0 => at,
        _ => rng.below(all.len() as u32) as usize,
    };
    let (rules, db) = &all[at];
    let on_board: u32 = position.pit_seeds().iter().map(|&s| u32::from(s)).sum();
    let same = position.db_template_rules() == *rules && on_board <= game_seeds(*rules);
    assert_eq!(db.fits(&position).is_ok(), same, "{position} in {rules}");
    let known = db.known(&position);
    assert_eq!(
        db.probe(&position, Endless::North).map(|(v, _)| v),
        known,
        "{position} in {rules}"
    );
    match known {
        None => assert!(!same || position.is_over(), "{position} in {rules}"),
        Some(rest) => {
            assert!(same, "{position} answered by databases of {rules}");
            assert_eq!(rest, solved(&position) - lead(&position), "{position}");
        }
    }
    known.is_some()
}

/// A build with options at and beyond their bounds: refused with the documented error, or
/// built with the levels asked.
fn builds_at_bounds(seed: &str) -> bool {
    let mut rng = Rng::new(seed.parse().expect("a seed"));
    let threads = *pick(
        &mut rng,
        &[
            0,
            1,
            2,
            MAX_BUILD_THREADS,
            MAX_BUILD_THREADS + 1,
            100_000,
            usize::MAX,
        ],
    );
    let max_seeds = *pick(&mut rng, &[0, 1, 3, 6, 127, 128, u32::MAX]);
    let memory_bytes = *pick(&mut rng, &[0, 1, 100, 1 << 20, u64::MAX]);
    // One pit a side, so that even 127 levels build in moments.
    let (pits, seeds) = if max_seeds == 127 { (1, 2) } else { (2, 2) };
    let template = Kalah::new(
        RuleSet::with_board(pits, seeds)
            .expect("a small board")
            .with_max_plies(0),
    );
    let options = BuildOptions {
        max_seeds,
        threads,
        memory_bytes,
        ..BuildOptions::default()
    };
    match Databases::build(&template, &options, None) {
        Ok((db, stats)) => {
            assert!(
                threads <= MAX_BUILD_THREADS && max_seeds <= 127,
                "{options:?}"
            );
            assert_eq!(db.max_seeds(), Some(max_seeds), "{options:?}");
            assert_eq!(stats.len() as u32, max_seeds + 1, "{options:?}");
            assert!(db.bytes() <= memory_bytes, "{options:?}");
            true
        }
        Err(DbError::Threads { threads: refused }) => {
            assert!(
                threads > MAX_BUILD_THREADS && refused == threads,
                "{options:?}"
            );
            false
        }
        Err(DbError::TooManySeeds { seeds }) => {
            assert!(max_seeds > 127 && seeds == max_seeds, "{options:?}");
            false
        }
        Err(DbError::Memory { limit, .. }) => {
            assert_eq!(limit, memory_bytes, "{options:?}");
            false
        }
        Err(other) => panic!("{options:?}: {other}"),
    }
}

/// The engine of a small Kalah board with databases beyond its game's seeds, asked about a
/// position of any small board and rules: it claims a proven margin only when every move leads
/// into the databases (`info depth 0`), and then the solver's.
fn engine_proven_results(seed: &str) -> bool {
    let mut rng = Rng::new(seed.parse().expect("a seed"));
    let Some(position) = small_position(&mut rng) else {
        return false;
    };
    if position.is_over() {
        return false;
    }
    // Half the time the engine plays the position's own rules.
    let own = (0..BOARDS.len()).find(|&board| {
        let (pits, seeds) = BOARDS[board];
        let rules = position.rules();
        (pits, seeds) == (rules.pits(), rules.seeds())
    });
    let (board, empty) = match own {
        Some(board) if rng.below(2) == 0 => (board, position.rules().empty_capture()),
        _ => (rng.below(BOARDS.len() as u32) as usize, rng.below(2) == 0),
    };
    let engine_rules = rules(board, empty);
    let (pits, seeds) = BOARDS[board];
    let mut args: Vec<String> = ["kalah", "--pits", &pits.to_string(), "--seeds"]
        .map(str::to_owned)
        .into();
    args.push(seeds.to_string());
    if engine_rules.empty_capture() {
        args.push("--empty-capture".to_owned());
    }
    let script = format!(
        "setoption name EndgameSeeds value {}\nposition string {position}\ngo depth {}\n",
        game_seeds(engine_rules) + 2 + rng.below(3),
        1 + rng.below(4)
    );
    let ran = run_subcommand("engine", &args, script.as_bytes());
    check_ran_loosely("engine", &args, &ran, |stdout| {
        stdout.lines().any(|l| l.starts_with("bestmove "))
    });
    let value = solved(&position);
    let mut claimed = false;
    for line in ran.stdout.lines() {
        let Some(score) = line
            .split(" score cp ")
            .nth(1)
            .and_then(|rest| rest.split(' ').next())
            .and_then(|score| score.parse::<i32>().ok())
        else {
            continue;
        };
        let Some(margin) = mancala_search::exact_margin(score) else {
            continue;
        };
        // Only the answer when every move leads into the databases is proven.
        claimed = true;
        assert!(
            line.starts_with("info depth 0 "),
            "`{script}` to `{}`: {line}",
            args.join(" ")
        );
        assert_eq!(margin, value, "`{script}` to `{}`: {line}", args.join(" "));
    }
    claimed
}

/// Each game's start position string and a legal first move.
fn game_and_moves(rng: &mut Rng) -> (&'static str, String) {
    fn first<G: Game>() -> String {
        G::default().legal_moves()[0].to_string()
    }
    match rng.below(5) {
        0 => ("toguz", first::<mancala_games::toguz::Toguz>()),
        1 => ("mangala4", first::<mancala_games::mangala4::Mangala4>()),
        2 => ("katro", first::<mancala_games::katro::Katro>()),
        3 => ("oware", first::<mancala_games::oware::Oware>()),
        _ => ("kalah", first::<Kalah>()),
    }
}

/// The `go` lines of the end-of-input runs: clocks of either side or both, with increments,
/// moves to go, and the other limits, none of which may leave the engine searching after its
/// input ends.
fn go_line(rng: &mut Rng) -> String {
    let time = |rng: &mut Rng| *pick(rng, &[0u32, 1, 30, 100]);
    match rng.below(9) {
        0 => format!("go wtime {}", time(rng)),
        1 => format!("go btime {}", time(rng)),
        2 => format!("go wtime {} winc {}", time(rng), time(rng)),
        3 => format!("go btime {} binc {} movestogo 3", time(rng), time(rng)),
        4 => format!("go wtime {} btime {}", time(rng), time(rng)),
        5 => format!("go winc {} binc {}", time(rng), time(rng)),
        6 => "go infinite".to_owned(),
        7 => "go".to_owned(),
        _ => format!("go movetime {}", time(rng)),
    }
}

/// The engine of any game, its input ending at any point of a session of searches under
/// clocks for either side: it ends at once (within the harness's time for an input), having
/// given a best move for the last search it started.
fn engine_end_of_input(seed: &str) -> bool {
    let mut rng = Rng::new(seed.parse().expect("a seed"));
    let (game, first) = game_and_moves(&mut rng);
    let mut lines = Vec::new();
    for _ in 0..1 + rng.below(6) {
        lines.push(match rng.below(6) {
            0 => format!("position startpos moves {first}"),
            1 => "position startpos".to_owned(),
            2 => "isready".to_owned(),
            3 => "stop".to_owned(),
            _ => go_line(&mut rng),
        });
    }
    let args = vec![game.to_owned()];
    let script: String = lines.iter().map(|l| format!("{l}\n")).collect();
    let ran = run_subcommand("engine", &args, script.as_bytes());
    check_ran_loosely("engine", &args, &ran, |_| true);
    assert_eq!(ran.code, Some(0), "`{script}`: {}", ran.stderr);
    if lines.iter().any(|line| line.starts_with("go")) {
        assert!(
            ran.stdout.lines().any(|l| l.starts_with("bestmove ")),
            "`{script}` gives no best move: {}",
            ran.stdout
        );
    }
    true
}

/// Runs every entry point of this module.
pub fn all(budget: Budget) {
    let mut reports = Reports::default();
    let seeds = |rng: &mut Rng| rng.next_u64().to_string();
    reports.add(run(
        "databases of other rules",
        budget.share(0.3),
        seeds,
        databases_of_other_rules,
    ));
    reports.add(run(
        "database builds at their bounds",
        budget.share(0.1),
        seeds,
        builds_at_bounds,
    ));
    reports.add(run(
        "engine proven results",
        budget.share(0.03),
        seeds,
        engine_proven_results,
    ));
    reports.add(run(
        "engine end of input",
        budget.share(0.05),
        seeds,
        engine_end_of_input,
    ));
    reports.finish();
}
