//! PVS on several threads: at one thread exactly the search it was before threads existed,
//! and on two a legal move whose value and line hold together.

use mancala_engine::{Position, Rng, Side};
use mancala_kit::toy::Pile;
use mancala_search::{Limits, Pvs, ThreadsError, MAX_EVAL, MAX_THREADS, WIN};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What a search of depth 7 returned, move after move, along a game of random moves seeded
/// 2024 from the Toguz Kumalak start (three random plies between searches, the table kept):
/// best move, value, depth, nodes, line. Recorded from the search before it had threads.
const SINGLE_THREADED: [(&str, i32, u32, u64, &str); 6] = [
    ("2", 772, 7, 2580, "2 2 9 3 8 9 3"),
    ("5", 2577, 7, 2054, "5 6 8 7 3 3 1"),
    ("3", 9368, 7, 1231, "3 1 4 1 8 8 8"),
    ("6", 5793, 7, 1003, "6 1 1 4 8 9 3"),
    ("1", 4964, 7, 2603, "1 7 3 1 8 3 9"),
    ("5", 11198, 7, 1101, "5 5 7 3 5 8 6"),
];

#[test]
fn one_thread_searches_exactly_as_the_single_threaded_search_did() {
    for threads in [None, Some(1)] {
        let mut rng = Rng::new(2024);
        let mut player = Pvs::with_evaluator(
            Limits::depth(7),
            mancala_search::games::toguz::Evaluation::default(),
        );
        if let Some(threads) = threads {
            player = player.with_threads(threads);
        }
        let mut position = toguz::Toguz::default();
        for (best, value, depth, nodes, line) in SINGLE_THREADED {
            let result = player.search(&position);
            let pv: Vec<String> = result.pv.iter().map(|mv| mv.to_string()).collect();
            assert_eq!(
                (
                    result.best_move.map(|mv| mv.to_string()),
                    result.value,
                    result.depth,
                    result.nodes,
                    pv.join(" ")
                ),
                (
                    Some(best.to_string()),
                    value,
                    depth,
                    nodes,
                    line.to_string()
                ),
                "threads {threads:?}"
            );
            position.play_random_moves(&mut rng, 3);
        }
    }
}

#[test]
fn two_threads_find_a_legal_move_with_a_consistent_value_and_line() {
    let mut rng = Rng::new(5);
    let mut player = Pvs::with_evaluator(
        Limits::depth(9),
        mancala_search::games::toguz::Evaluation::default(),
    )
    .with_threads(2);
    assert_eq!(player.threads(), 2);
    let mut position = toguz::Toguz::default();
    for _ in 0..4 {
        let result = player.search(&position);
        let best = result.best_move.expect("a move");
        assert!(position.legal_moves().contains(&best));
        assert_eq!(result.pv.first(), Some(&best));
        assert_eq!(result.depth, 9);
        assert!(result.value.abs() <= MAX_EVAL || result.value.abs() > WIN - 1000);
        assert!(result.nodes > 0);
        let mut line = position;
        for &mv in &result.pv {
            assert!(line.play(mv).is_ok(), "{result:?}");
        }
        position.play_random_moves(&mut rng, 3);
    }
}

#[test]
fn two_and_three_threads_solve_card_rows_exactly() {
    // Deep enough to see every row to its end, every thread count finds the exact value.
    let mut rng = Rng::new(3);
    for round in 0..30 {
        let cards: Vec<u8> = (0..10).map(|_| rng.below(10) as u8).collect();
        let side = if round % 2 == 0 {
            Side::South
        } else {
            Side::North
        };
        let game = Pile {
            side,
            ..Pile::cards(&cards)
        };
        let exact = Pvs::new(Limits::depth(64)).search(&game).value;
        for threads in [2, 3] {
            let result = Pvs::new(Limits::depth(64))
                .with_threads(threads)
                .with_table_bytes(1 << 12)
                .search(&game);
            assert_eq!(result.value, exact, "cards {cards:?}, {threads} threads");
            assert!(game.legal_moves().contains(&result.best_move.unwrap()));
        }
    }
}

#[test]
fn thread_counts_out_of_range_are_errors_or_clamped() {
    let pvs = || Pvs::<Pile>::new(Limits::depth(3));
    assert_eq!(
        pvs().try_with_threads(0).err(),
        Some(ThreadsError::OutOfRange { threads: 0 })
    );
    let too_many = pvs().try_with_threads(MAX_THREADS + 1).err().unwrap();
    assert!(too_many.to_string().contains(&MAX_THREADS.to_string()));
    assert_eq!(
        pvs().try_with_threads(MAX_THREADS).unwrap().threads(),
        MAX_THREADS
    );
    assert_eq!(pvs().with_threads(0).threads(), 1);
    assert_eq!(pvs().with_threads(usize::MAX).threads(), MAX_THREADS);
}

#[test]
fn a_node_limit_counts_every_threads_nodes() {
    let limit = 40_000;
    let result = Pvs::with_evaluator(
        Limits::nodes(limit),
        mancala_search::games::toguz::Evaluation::default(),
    )
    .with_threads(2)
    .search(&toguz::Toguz::default());
    assert!(result.best_move.is_some());
    // Each thread adds its count every 1024 nodes and looks at the total when it does, so
    // each may search up to twice that beyond the limit.
    assert!(
        result.nodes <= limit + 2 * 2 * 1024,
        "{} nodes",
        result.nodes
    );
    assert!(result.nodes >= limit, "{} nodes", result.nodes);
}

#[test]
fn a_raised_stop_flag_ends_the_search_at_one_and_two_threads() {
    for threads in [1, 2] {
        let stop = Arc::new(AtomicBool::new(false));
        let mut player = Pvs::with_evaluator(
            Limits::time(Duration::from_secs(60)),
            mancala_search::games::toguz::Evaluation::default(),
        )
        .with_threads(threads);
        player.set_stop(Some(stop.clone()));
        let raiser = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                std::thread::sleep(Duration::from_millis(200));
                stop.store(true, Ordering::Relaxed);
            })
        };
        let started = Instant::now();
        let result = player.search(&toguz::Toguz::default());
        raiser.join().unwrap();
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{threads} threads"
        );
        assert!(result.best_move.is_some());
    }
}
