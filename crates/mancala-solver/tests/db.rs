//! The endgame databases against plain exhaustive minimax on random small positions, against
//! the proof search from the start of small boards, and through a file.

mod common;

use common::{move_values, play_down_to};
use mancala_engine::{EndReason, Game, Position, Rng, Side};
use mancala_solver::{
    solve, solve_range, BuildOptions, Databases, DbError, Endgame, Endless, Keys, Options, Probe,
    MAX_BUILD_THREADS,
};
use std::cell::Cell;
use std::sync::Arc;

/// The databases of `template`'s game up to `max_seeds` seeds, on two threads.
fn build<G: Endgame>(template: &G, max_seeds: u32) -> Databases {
    let options = BuildOptions {
        max_seeds,
        threads: 2,
        ..BuildOptions::default()
    };
    Databases::build(template, &options, None).unwrap().0
}

/// The final score difference for the side to move by the databases.
fn db_value<G: Endgame>(db: &Databases, position: &G, endless: Endless) -> i32 {
    let me = position.side_to_move();
    let now = position.score(me) as i32 - position.score(!me) as i32;
    if position.is_over() {
        return now;
    }
    now + db.probe(position, endless).expect("the level is held").0
}

/// The same by minimax, or `None` past its budget.
fn minimax_value<P: Position>(position: &P, endless: Endless) -> Option<i32> {
    let me = position.side_to_move();
    let values = move_values(position, endless.side(), 100_000)?;
    Some(
        values
            .iter()
            .map(|&(_, v)| v)
            .max()
            .unwrap_or(position.score(me) as i32 - position.score(!me) as i32),
    )
}

#[test]
fn kalah_databases_agree_with_minimax() {
    let mut rng = Rng::new(0xdb);
    let mut checked = 0;
    for (pits, seeds) in [(1, 3), (2, 2), (2, 3), (3, 2), (3, 3)] {
        for empty in [false, true] {
            let rules = kalah::RuleSet::with_board(pits, seeds)
                .unwrap()
                .with_empty_capture(empty)
                .with_max_plies(0);
            let start = kalah::Kalah::new(rules);
            let db = build(&start, (2 * pits * seeds) as u32);
            for _ in 0..8 {
                let mut position = start;
                let plies = rng.below(10);
                position.play_random_moves(&mut rng, plies);
                let Some(expected) = minimax_value(&position, Endless::South) else {
                    continue;
                };
                assert_eq!(
                    db_value(&db, &position, Endless::South),
                    expected,
                    "{position}"
                );
                if !position.is_over() {
                    assert!(!db.probe(&position, Endless::South).unwrap().1);
                }
                checked += 1;
            }
        }
    }
    assert!(checked >= 50, "only {checked} positions were small enough");
}

#[test]
fn toguz_databases_agree_with_minimax_under_both_conventions() {
    let rules = toguz::RuleSet {
        board: toguz::BoardSize::Five,
        stop_at_majority: false,
        ..toguz::RuleSet::STANDARD
    };
    let start = toguz::Toguz::new(rules);
    let db = build(&start, 6);
    let mut rng = Rng::new(0x70);
    let mut checked = 0;
    for _ in 0..30 {
        let mut position = start;
        let left = 2 + rng.below(4);
        play_down_to(&mut position, &mut rng, left);
        let mut values = Vec::new();
        for endless in [Endless::South, Endless::North] {
            let Some(expected) = minimax_value(&position, endless) else {
                break;
            };
            assert_eq!(
                db_value(&db, &position, endless),
                expected,
                "{position} {endless:?}"
            );
            values.push(expected);
        }
        if values.len() == 2 {
            checked += 1;
        }
    }
    assert!(checked >= 15, "only {checked} positions were small enough");
    // The cycle of one seed in each last hole is held.
    let cycle: toguz::Toguz = "1S,4/4,1S 24 24 S".parse().unwrap();
    let cycle = toguz::Toguz::from_setup(toguz::Setup {
        rules,
        ..cycle.to_setup()
    })
    .unwrap();
    assert_eq!(
        minimax_value(&cycle, Endless::South),
        Some(db_value(&db, &cycle, Endless::South))
    );
    assert_eq!(
        minimax_value(&cycle, Endless::North),
        Some(db_value(&db, &cycle, Endless::North))
    );
}

/// A Toguz Kumalak 2 × 5 position of `rules` from its text.
fn toguz_of(text: &str, rules: toguz::RuleSet) -> toguz::Toguz {
    let position: toguz::Toguz = text.parse().unwrap();
    toguz::Toguz::from_setup(toguz::Setup {
        rules,
        ..position.to_setup()
    })
    .unwrap()
}

/// With the stop at a majority on 2 × 5 the kazans decide too: databases built from a start
/// keep them and agree with minimax under both conventions where the game played to the end
/// gives other values, as does a search probing them; they hold nothing below the start's
/// smaller kazan, and a file of them serves only a start with the same.
#[test]
fn toguz_databases_with_the_stop_keep_the_kazans() {
    let rules = toguz::RuleSet {
        board: toguz::BoardSize::Five,
        ..toguz::RuleSet::STANDARD
    };
    let richer = toguz_of("2S,2S,2S,2S,2S/2S,2S,2S,2S,2S 16 14 S", rules);
    assert!(Keys::rest_of_game(&richer).is_none());
    let db = build(&richer, 8);
    let played_out = build(&richer.db_template(), 8);
    let mut rng = Rng::new(0x570);
    let (mut checked, mut unlike) = (0, 0);
    for _ in 0..400 {
        let mut position = richer;
        let left = 2 + rng.below(6);
        play_down_to(&mut position, &mut rng, left);
        if position.is_over() {
            continue;
        }
        for endless in [Endless::South, Endless::North] {
            let Some(expected) = minimax_value(&position, endless) else {
                continue;
            };
            assert_eq!(
                db_value(&db, &position, endless),
                expected,
                "{position} {endless:?}"
            );
            unlike += usize::from(db_value(&played_out, &position, endless) != expected);
            checked += 1;
        }
    }
    assert!(checked >= 40, "only {checked} positions were small enough");
    assert!(unlike > 0, "the stop changed no value");
    // A search probing the levels to 4 seeds gives the values of those to 8 (the search
    // alone does not finish past a few seeds: capture-free lines cycle).
    let start = toguz_of("1S,1S,1S,1S,1S/1S,1S,1S,1S,1S 20 20 S", rules);
    let db = build(&start, 8);
    let options = Options {
        keys: Keys::best_for(&start),
        databases: Some(Arc::new(build(&start, 4))),
        max_nodes: 1_000_000,
        ..Options::default()
    };
    for text in [
        "2S,4/2S,1,1S,1,1S 22 22 S",
        "1S,1,1S,1,1/1,1S,1,1S,1 22 24 N",
    ] {
        let position = toguz_of(text, rules);
        let probed = solve_range(&position, &options, None).unwrap();
        assert!(probed.south.probes > 0);
        // The databases of the game played to the end are not taken for the stop's.
        let unlike = solve_range(
            &position,
            &Options {
                databases: Some(Arc::new(build(&start.db_template(), 4))),
                ..options.clone()
            },
            None,
        )
        .unwrap();
        assert_eq!(unlike.south.probes, 0);
        assert_eq!(unlike.south.value, probed.south.value);
        let north = probed.north.as_ref().unwrap_or(&probed.south);
        assert_eq!(
            [probed.south.value, north.value],
            [Endless::South, Endless::North].map(|endless| db_value(&db, &position, endless)),
            "{position}"
        );
    }
    // Below the start's smaller kazan: not held.
    let poorer = toguz_of("1S,1S,1,1S,1S/1S,1,1S,1S,1S 18 24 S", rules);
    assert!(!poorer.is_over());
    answers_none(&db, &poorer);
    // Through a file: only a start with the same smaller kazan reads it.
    let mut bytes = Vec::new();
    db.write(&mut bytes).unwrap();
    let back = Databases::read(&bytes[..], &start, 1 << 30).unwrap();
    let position = toguz_of("1S,1,2S,1,1S/1,1S,1,1S,1 22 22 N", rules);
    assert_eq!(
        back.probe(&position, Endless::North),
        db.probe(&position, Endless::North)
    );
    assert!(db.probe(&position, Endless::North).is_some());
    for other in [richer, start.db_template()] {
        assert!(matches!(
            Databases::read(&bytes[..], &other, 1 << 30),
            Err(DbError::Format(_))
        ));
    }
}

/// The databases keep South to move only and find North's positions as their mirrors, tuzdiks
/// swapped too: on the 2 × 7 board, with tuzdiks, positions of either side to move agree with
/// minimax under both conventions.
#[test]
fn mirrored_positions_with_tuzdiks_agree_with_minimax() {
    let rules = toguz::RuleSet {
        board: toguz::BoardSize::Seven,
        stop_at_majority: false,
        ..toguz::RuleSet::STANDARD
    };
    let start = toguz::Toguz::new(rules);
    let db = build(&start, 4);
    let mut rng = Rng::new(0x77);
    let mut checked = [0; 2];
    for _ in 0..400 {
        let mut position = start;
        play_down_to(&mut position, &mut rng, 4);
        if position.is_over() {
            continue;
        }
        // Positions past minimax's budget are left out.
        let conventions = [Endless::South, Endless::North];
        let Some(expected) = conventions
            .iter()
            .map(|&endless| minimax_value(&position, endless))
            .collect::<Option<Vec<_>>>()
        else {
            continue;
        };
        for (endless, expected) in conventions.into_iter().zip(expected) {
            assert_eq!(
                db_value(&db, &position, endless),
                expected,
                "{position} {endless:?}"
            );
        }
        let tuzdiks = Side::BOTH
            .iter()
            .any(|&side| position.tuzdik(side).is_some());
        checked[position.side_to_move().index()] += u32::from(tuzdiks);
    }
    // Each side to move was met with a tuzdik on the board.
    assert!(checked.iter().all(|&n| n >= 20), "too few: {checked:?}");
}

#[test]
fn a_small_board_has_one_value_by_databases_and_by_search() {
    for (pits, seeds, empty) in [(3, 3, true), (3, 2, false), (4, 1, false), (2, 4, true)] {
        let rules = kalah::RuleSet::with_board(pits, seeds)
            .unwrap()
            .with_empty_capture(empty)
            .with_max_plies(0);
        let start = kalah::Kalah::new(rules);
        let plain = solve(&start, &Options::default(), Endless::South, None).unwrap();
        let whole = build(&start, (2 * pits * seeds) as u32);
        assert_eq!(db_value(&whole, &start, Endless::South), plain.value);
        // Part of the levels under the search: the same value, fewer nodes.
        let part = Arc::new(build(&start, (pits * seeds) as u32));
        let options = Options {
            databases: Some(part),
            ..Options::default()
        };
        let probed = solve(&start, &options, Endless::South, None).unwrap();
        assert_eq!((probed.value, &probed.best), (plain.value, &plain.best));
        assert!(probed.probes > 0 && probed.nodes < plain.nodes);
    }
}

#[test]
fn files_read_back_and_damaged_files_are_refused() {
    let rules = kalah::RuleSet::with_board(3, 2).unwrap().with_max_plies(0);
    let start = kalah::Kalah::new(rules);
    let db = build(&start, 8);
    let mut bytes = Vec::new();
    db.write(&mut bytes).unwrap();
    let back = Databases::read(&bytes[..], &start, 1 << 20).unwrap();
    assert_eq!(
        (back.positions(), back.max_seeds()),
        (db.positions(), Some(8))
    );
    let mut rng = Rng::new(1);
    for _ in 0..50 {
        let mut position = start;
        let plies = 1 + rng.below(8);
        position.play_random_moves(&mut rng, plies);
        assert_eq!(
            back.probe(&position, Endless::South),
            db.probe(&position, Endless::South)
        );
    }
    // A changed byte anywhere, a short file, a longer one, another game's rules, too little memory.
    for at in [0, 9, 20, bytes.len() / 2, bytes.len() - 1] {
        let mut bad = bytes.clone();
        bad[at] ^= 0x10;
        assert!(matches!(
            Databases::read(&bad[..], &start, 1 << 20),
            Err(DbError::Format(_))
        ));
    }
    for len in [0, 5, 30, bytes.len() - 3] {
        assert!(matches!(
            Databases::read(&bytes[..len], &start, 1 << 20),
            Err(DbError::Format(_))
        ));
    }
    // A file of version 1 (both sides to move) is refused at its version.
    let mut first = bytes.clone();
    first[8..12].copy_from_slice(&1u32.to_le_bytes());
    match Databases::read(&first[..], &start, 1 << 20) {
        Err(DbError::Format(why)) => assert_eq!(why, "the version is 1, expected 2"),
        other => panic!("a version 1 file was taken: {other:?}"),
    }
    let mut long = bytes.clone();
    long.push(0);
    assert!(Databases::read(&long[..], &start, 1 << 20).is_err());
    let other = kalah::Kalah::new(rules.with_empty_capture(true));
    assert!(matches!(
        Databases::read(&bytes[..], &other, 1 << 20),
        Err(DbError::Format(_))
    ));
    assert!(matches!(
        Databases::read(&bytes[..], &start, 100),
        Err(DbError::Memory { .. })
    ));
}

#[test]
fn sizes_and_rules_are_checked() {
    let start = kalah::Kalah::new(kalah::RuleSet::with_board(6, 4).unwrap().with_max_plies(0));
    let small = BuildOptions {
        max_seeds: 10,
        memory_bytes: 1 << 10,
        ..BuildOptions::default()
    };
    assert!(matches!(
        Databases::build(&start, &small, None),
        Err(DbError::Memory { .. })
    ));
    // A size that does not fit is refused before any level is built, not after the ones that
    // fit (Kalah's 24 levels below this one would take minutes).
    let huge = BuildOptions {
        max_seeds: 40,
        ..BuildOptions::default()
    };
    let mut reports = 0;
    let mut count = |_: &mancala_solver::BuildProgress| reports += 1;
    let refused = Databases::build(&start, &huge, Some(&mut count));
    assert!(
        matches!(refused, Err(DbError::Memory { seeds, .. }) if seeds > 20),
        "{refused:?}"
    );
    assert_eq!(reports, 0);
    let limited = kalah::Kalah::new(kalah::RuleSet::with_board(3, 3).unwrap());
    assert!(matches!(
        Databases::build(&limited, &BuildOptions::default(), None),
        Err(DbError::Rules(_))
    ));
    let too_many = BuildOptions {
        max_seeds: 200,
        ..BuildOptions::default()
    };
    assert!(matches!(
        Databases::build(&start, &too_many, None),
        Err(DbError::TooManySeeds { .. })
    ));
    assert!(matches!(
        Databases::build(&toguz::Toguz::default(), &BuildOptions::default(), None),
        Err(DbError::Rules(_))
    ));
}

#[test]
fn a_build_refuses_more_threads_than_it_takes() {
    let start = kalah::Kalah::new(kalah::RuleSet::with_board(2, 2).unwrap().with_max_plies(0));
    for threads in [MAX_BUILD_THREADS + 1, 100_000, usize::MAX] {
        let options = BuildOptions {
            max_seeds: 4,
            threads,
            ..BuildOptions::default()
        };
        assert!(matches!(
            Databases::build(&start, &options, None),
            Err(DbError::Threads { threads: t }) if t == threads
        ));
    }
    for threads in [0, 1, MAX_BUILD_THREADS] {
        let options = BuildOptions {
            max_seeds: 4,
            threads,
            ..BuildOptions::default()
        };
        assert_eq!(
            Databases::build(&start, &options, None)
                .unwrap()
                .0
                .max_seeds(),
            Some(4)
        );
    }
    assert!(BuildOptions::on_every_core(4).threads <= MAX_BUILD_THREADS);
}

/// Every answer `db` may give about `position`, none.
fn answers_none<G: Endgame>(db: &Databases, position: &G) {
    assert_eq!(db.probe(position, Endless::South), None, "{position:?}");
    assert_eq!(db.probe(position, Endless::North), None, "{position:?}");
    assert_eq!(db.known(position), None, "{position:?}");
    assert!(db.fits(position).is_err(), "{position:?}");
}

#[test]
fn databases_of_other_rules_and_sizes_answer_nothing() {
    // The board of 40 seeds in a game of 4, with levels built up to 40.
    let tiny = kalah::Kalah::new(kalah::RuleSet::with_board(2, 1).unwrap().with_max_plies(0));
    let db = build(&tiny, 40);
    let crowded: kalah::Kalah = "12,10/9,9 0 0 N seeds=1".parse().unwrap();
    answers_none(&db, &crowded);
    assert!(matches!(
        db.fits(&crowded),
        Err(DbError::Seeds { board: 40, game: 4 })
    ));
    // The same rules but for the move limit: the databases' template serves them.
    let limited: kalah::Kalah = "1,0/0,1 1 1 S seeds=1".parse().unwrap();
    assert!(db.fits(&limited).is_ok());
    assert!(db.known(&limited).is_some());
    // Another board size.
    let wider: kalah::Kalah = "1,0,0/0,1,0 2 2 S seeds=1".parse().unwrap();
    answers_none(&db, &wider);

    // The empty capture, in databases built without it, and the other way round.
    let standard = kalah::Kalah::new(kalah::RuleSet::STANDARD.with_max_plies(0));
    let db = build(&standard, 6);
    let empty: kalah::Kalah = "0,1,0,1,0,0/1,0,0,2,0,1 20 22 S empty-capture=yes"
        .parse()
        .unwrap();
    answers_none(&db, &empty);
    let plain: kalah::Kalah = "0,1,0,1,0,0/1,0,0,2,0,1 20 22 S".parse().unwrap();
    assert!(db.known(&plain).is_some());
    let with_empty = build(&empty.db_template(), 6);
    answers_none(&with_empty, &plain);
    // The solver's value under the position's own rules, and the databases' of those rules.
    let unlimited = kalah::Kalah::from_setup(kalah::Setup {
        rules: empty.db_template_rules(),
        ..empty.to_setup()
    })
    .unwrap();
    let value = solve(&unlimited, &Options::default(), Endless::South, None)
        .unwrap()
        .value;
    let me = empty.side_to_move();
    let lead = empty.score(me) as i32 - empty.score(!me) as i32;
    assert_eq!(with_empty.known(&empty), Some(value - lead));

    // Oware databases of 3 houses of 2 seeds, asked about 3 houses of 1 and 4 houses of 2.
    let oware_db = build(&oware_start(3, 2), 6);
    for (houses, seeds) in [(3, 1), (4, 2)] {
        let other = oware_start(houses, seeds);
        answers_none(&oware_db, &other);
    }
    // Toguz Kumalak databases of the 5-hole board, asked about the 7-hole board.
    let five = toguz::Toguz::new(toguz::RuleSet {
        board: toguz::BoardSize::Five,
        stop_at_majority: false,
        ..toguz::RuleSet::STANDARD
    });
    let toguz_db = build(&five, 2);
    let seven = toguz::Toguz::new(toguz::RuleSet {
        board: toguz::BoardSize::Seven,
        stop_at_majority: false,
        ..toguz::RuleSet::STANDARD
    });
    answers_none(&toguz_db, &seven);
    // A database of one game asked about another's position.
    answers_none(&db, &oware_start(3, 2));
}

/// Oware's value for the side to move by plain minimax, or `None` past `budget` nodes: with
/// `endless` `None`, under Oware's own rule (a board that comes back ends the game, each
/// player collecting his row); with a side, in the databases' game, where such a line goes on
/// for ever and the seeds on the board go to that side.
fn oware_minimax(
    position: &oware::Oware,
    endless: Option<Side>,
    budget: &Cell<u64>,
) -> Option<i32> {
    if budget.get() == 0 {
        return None;
    }
    budget.set(budget.get() - 1);
    let me = position.side_to_move();
    let lead = |scores: [u32; 2]| scores[me.index()] as i32 - scores[(!me).index()] as i32;
    if position.is_over() {
        return Some(lead([
            position.score(Side::South),
            position.score(Side::North),
        ]));
    }
    let mut best = None;
    for mv in position.legal_moves() {
        let child = position.child(mv);
        let repeated = child
            .outcome()
            .is_some_and(|o| o.reason == EndReason::Repetition);
        let value = match endless {
            Some(side) if repeated => {
                // The move captured nothing: the stores are this position's.
                let mut scores = [position.store(Side::South), position.store(Side::North)];
                scores[side.index()] += position.total_seeds() - scores[0] - scores[1];
                lead(scores)
            }
            _ => {
                let value = oware_minimax(&child, endless, budget)?;
                if child.side_to_move() == me {
                    value
                } else {
                    -value
                }
            }
        };
        best = Some(best.map_or(value, |b: i32| b.max(value)));
    }
    best
}

/// `position` with no earlier board in its repetition record (as right after a capture).
fn fresh(position: &oware::Oware) -> Option<oware::Oware> {
    let stores = [position.store(Side::South), position.store(Side::North)];
    oware::Oware::from_board(
        position.rules(),
        position.house_seeds(),
        stores,
        position.side_to_move(),
    )
    .ok()
}

/// Oware played to the end on `houses` × `seeds`.
fn oware_start(houses: usize, seeds: usize) -> oware::Oware {
    oware::Oware::new(oware::RuleSet::with_board(houses, seeds).unwrap()).db_template()
}

#[test]
fn oware_databases_agree_with_minimax_and_bracket_the_repetition_rule() {
    let mut rng = Rng::new(0x0a);
    let (mut checked, mut bracketed, mut searched) = (0, 0, 0);
    for (houses, seeds) in [(2, 2), (3, 1), (3, 2), (2, 3)] {
        let start = oware_start(houses, seeds);
        let all = (2 * houses * seeds) as u32;
        let db = Arc::new(build(&start, all));
        let part = Arc::new(build(&start, 4));
        for _ in 0..8 {
            let mut played = start.clone();
            let left = 2 + rng.below(all - 1);
            play_down_to(&mut played, &mut rng, left);
            let plies = rng.below(4);
            played.play_random_moves(&mut rng, plies);
            if played.is_over() {
                continue;
            }
            // A record with earlier boards is more than the databases know: they value the
            // position with it cleared.
            if let Some(cleared) = fresh(&played) {
                assert_eq!(
                    db.probe(&played, Endless::South),
                    db.probe(&cleared, Endless::South)
                );
            }
            let Some(position) = fresh(&played) else {
                continue;
            };
            let me = position.side_to_move();
            let mut values = [0; 2];
            for endless in [Endless::South, Endless::North] {
                let value = db_value(&db, &position, endless);
                values[endless.side().index()] = value;
                let budget = Cell::new(100_000);
                if let Some(expected) = oware_minimax(&position, Some(endless.side()), &budget) {
                    assert_eq!(value, expected, "{position} {endless:?}");
                }
            }
            checked += 1;
            let budget = Cell::new(100_000);
            let Some(real) = oware_minimax(&position, None, &budget) else {
                continue;
            };
            // The convention that gives the mover the seeds is his upper bound.
            let (high, low) = (values[me.index()], values[(!me).index()]);
            assert!(
                low <= real && real <= high,
                "{position}: {low} {real} {high}"
            );
            bracketed += usize::from(low < high);
            // The proof search under Oware's rule, with part of the levels and with none.
            let plain = solve_range(&position, &Options::default(), None).unwrap();
            assert_eq!(plain.exact(), Some(real), "{position}");
            let options = Options {
                databases: Some(part.clone() as Arc<dyn Probe<oware::Oware>>),
                monotone_scores: true,
                ..Options::default()
            };
            let probed = solve_range(&position, &options, None).unwrap();
            assert!(
                probed.low() <= real && real <= probed.high(),
                "{position}: {}..{} {real}",
                probed.low(),
                probed.high()
            );
            searched += 1;
        }
    }
    assert!(checked >= 20, "only {checked} positions were small enough");
    assert!(searched >= 12, "only {searched} positions were searched");
    assert!(bracketed > 0, "no position depended on the convention");
}

#[test]
fn oware_values_a_player_takes_as_exact_are_oware_own() {
    let mut rng = Rng::new(0x0b);
    let (mut known, mut unknown, mut refused) = (0, 0, 0);
    for (houses, seeds) in [(3, 2), (2, 3)] {
        let start = oware_start(houses, seeds);
        let all = (2 * houses * seeds) as u32;
        let db = build(&start, all);
        for _ in 0..200 {
            // A board of a few seeds as the databases make it: no earlier board in its record.
            let mut board = vec![0u8; 2 * houses];
            for _ in 0..1 + rng.below(4) {
                board[rng.below(2 * houses as u32) as usize] += 1;
            }
            let side = if rng.below(2) == 0 {
                Side::South
            } else {
                Side::North
            };
            let Some(position) = start.db_position(&board, 0, side) else {
                continue;
            };
            let Some(rest) = db.known(&position) else {
                unknown += 1;
                continue;
            };
            let budget = Cell::new(200_000);
            let Some(real) = oware_minimax(&position, None, &budget) else {
                continue;
            };
            let me = position.side_to_move();
            let lead = position.score(me) as i32 - position.score(!me) as i32;
            assert_eq!(lead + rest, real, "{position}");
            known += 1;
            // A move without a capture leaves a board in the record, which a repetition may
            // bring back: no value is taken as exact there, even one both conventions give.
            for mv in position.legal_moves() {
                let child = position.child(mv);
                if !child.is_over() && child.since_capture() > 0 {
                    assert_eq!(db.known(&child), None, "{child}");
                    let agree = db.probe(&child, Endless::South).is_some_and(|(_, d)| !d);
                    refused += usize::from(agree);
                }
            }
        }
    }
    assert!(
        known >= 20,
        "only {known} positions had one value under both conventions"
    );
    assert!(
        refused > 0,
        "no refused position had one value under both conventions"
    );
    assert!(
        unknown > 0,
        "every position had one value under both conventions"
    );
}

#[test]
fn oware_small_boards_have_one_value_by_databases_and_by_search() {
    for (houses, seeds) in [(2, 2), (3, 1), (3, 2), (2, 3)] {
        let start = oware_start(houses, seeds);
        let plain = solve_range(&start, &Options::default(), None).unwrap();
        let real = plain.exact().expect("Oware's own rule ends every line");
        let all = (2 * houses * seeds) as u32;
        // The start is fresh: the databases bracket its value.
        let whole = build(&start, all);
        let (south, north) = (
            db_value(&whole, &start, Endless::South),
            db_value(&whole, &start, Endless::North),
        );
        assert!(
            north <= real && real <= south,
            "{start}: {north} {real} {south}"
        );
        let part = Arc::new(build(&start, all / 2));
        let options = Options {
            databases: Some(part),
            ..Options::default()
        };
        let probed = solve_range(&start, &options, None).unwrap();
        assert!(probed.low() <= real && real <= probed.high(), "{start}");
        assert!(probed.south.probes > 0);
    }
    // The stop at a majority and a move limit are refused.
    for rules in [
        oware::RuleSet::STANDARD,
        oware::RuleSet::STANDARD.with_max_plies(0),
        oware::RuleSet::STANDARD.with_stop_at_majority(false),
    ] {
        assert!(matches!(
            Databases::build(&oware::Oware::new(rules), &BuildOptions::default(), None),
            Err(DbError::Rules(_))
        ));
    }
}
