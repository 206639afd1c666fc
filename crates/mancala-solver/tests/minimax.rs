//! The solver against plain exhaustive minimax (tests/common), written as simply as it can be: every
//! line followed to its end, no table, no pruning, a position equal to one earlier on the line
//! ending the game by the endless-play convention. Random small positions of every game.

mod common;

use common::{move_values, play_down_to};
use mancala_engine::{Game, Position, Rng, Side};
use mancala_solver::{
    board_key, solve, solve_range, Endless, Keys, Options, SolveError, MAX_SOLVE_THREADS,
};

/// Checks the solver on `position` under both conventions; `false` when minimax ran out of
/// budget (the case is then not counted).
fn agrees<P: Position>(position: &P, options: &Options<P>) -> bool {
    let mut ranged = Vec::new();
    for endless in [Endless::South, Endless::North] {
        let Some(values) = move_values(position, endless.side(), 300_000) else {
            return false;
        };
        let me = position.side_to_move();
        let expected = values
            .iter()
            .map(|&(_, v)| v)
            .max()
            .unwrap_or(position.score(me) as i32 - position.score(!me) as i32);
        let best: Vec<P::Move> = values
            .iter()
            .filter(|&&(_, v)| v == expected)
            .map(|&(m, _)| m)
            .collect();
        let solution = solve(position, options, endless, None).expect("a small position is solved");
        assert_eq!(solution.value, expected, "value under {endless:?}");
        assert_eq!(solution.best, best, "best moves under {endless:?}");
        // The principal variation keeps the value.
        let mut end = position.clone();
        for &mv in &solution.pv {
            end.play(mv).expect("the principal variation is legal");
        }
        assert!(
            solution.pv_repeats || end.is_over(),
            "the principal variation reaches the end"
        );
        ranged.push(expected);
    }
    let range = solve_range(position, options, None).unwrap();
    assert_eq!(
        (range.low(), range.high()),
        (ranged[0].min(ranged[1]), ranged[0].max(ranged[1]))
    );
    true
}

/// `game` after random moves until at most `left` seeds are on the board (or the game ends).
fn near_end<G: Game>(mut game: G, seed: u64, left: u32) -> G {
    play_down_to(&mut game, &mut Rng::new(seed), left);
    game
}

/// `game` after `plies` random moves.
fn after<G: Game>(mut game: G, seed: u64, plies: u32) -> G {
    game.play_random_moves(&mut Rng::new(seed), plies);
    game
}

/// Runs `case` on `cases` seeds and checks most were small enough for minimax.
fn cases<P: Position>(cases: u64, mut case: impl FnMut(&mut Rng) -> (P, Options<P>)) {
    let mut rng = Rng::new(0x5eed);
    let checked = (0..cases)
        .filter(|_| {
            let (position, options) = case(&mut rng);
            agrees(&position, &options)
        })
        .count() as u64;
    assert!(
        checked * 3 >= cases * 2,
        "only {checked} of {cases} cases were small enough"
    );
}

#[test]
fn kalah_small_boards() {
    // The default keys, the board and scores, the board alone with rest-of-game values.
    for keys in 0..3 {
        cases(20, |rng| {
            let pits = 1 + rng.below(4) as usize;
            let seeds = 1 + rng.below(3) as usize;
            let rules = kalah::RuleSet::with_board(pits, seeds)
                .unwrap()
                .with_empty_capture(rng.below(2) == 1)
                .with_max_plies(0);
            let position = after(kalah::Kalah::new(rules), rng.next_u64(), rng.below(12));
            let mut options = Options::default();
            if keys > 0 {
                options.monotone_scores = true;
                options.keys = match keys {
                    1 => Keys::positions(board_key::<kalah::Kalah>),
                    _ => Keys::rest_of_game(&position).unwrap(),
                };
            }
            (position, options)
        });
    }
}

#[test]
fn kalah_under_the_move_limit_with_a_tiny_table() {
    cases(40, |rng| {
        let rules = kalah::RuleSet::with_board(3, 1 + rng.below(2) as usize).unwrap();
        let position = after(kalah::Kalah::new(rules), rng.next_u64(), rng.below(8));
        (
            position,
            Options {
                table_bytes: 64,
                ..Options::default()
            },
        )
    });
}

#[test]
fn toguz_2x5_near_the_end() {
    cases(30, |rng| {
        let rules = toguz::RuleSet {
            board: toguz::BoardSize::Five,
            stop_at_majority: rng.below(2) == 1,
            ..toguz::RuleSet::STANDARD
        };
        let left = 2 + rng.below(5);
        let position = near_end(toguz::Toguz::new(rules), rng.next_u64(), left);
        // Played to the end, the board alone decides the rest: the table may keep its values.
        let keys = match rng.below(2) {
            0 => Keys::positions(<toguz::Toguz as Position>::key),
            _ => Keys::best_for(&position),
        };
        (
            position,
            Options {
                monotone_scores: rng.below(2) == 1,
                keys,
                ..Options::default()
            },
        )
    });
}

#[test]
fn oware_with_few_seeds() {
    cases(20, |rng| {
        let rules = oware::RuleSet::with_board(2 + rng.below(5) as usize, 2)
            .unwrap()
            .with_max_plies(0);
        let left = 2 + rng.below(5);
        (
            near_end(oware::Oware::new(rules), rng.next_u64(), left),
            Options {
                monotone_scores: rng.below(2) == 1,
                ..Options::default()
            },
        )
    });
}

#[test]
fn katro_4x4_near_the_end() {
    cases(24, |rng| {
        let rules = katro::RuleSet::on(katro::Size::S4x4);
        let left = 2 + rng.below(6);
        (
            near_end(katro::Katro::new(rules), rng.next_u64(), left),
            Options::default(),
        )
    });
}

#[test]
fn mangala4_near_the_end() {
    cases(24, |rng| {
        let left = 2 + rng.below(6);
        (
            near_end(mangala4::Mangala4::default(), rng.next_u64(), left),
            Options::default(),
        )
    });
}

#[test]
fn the_endless_cycle_is_met_and_solved_under_both_conventions() {
    // One seed in each player's last hole, White to move: W5, B5, W1, B1, ... come round.
    let position: toguz::Toguz = "1S,4/4,1S 24 24 S".parse().unwrap();
    let range = solve_range(&position, &Options::default(), None).unwrap();
    let north = range
        .north
        .as_ref()
        .expect("the cycle is met, so both conventions are solved");
    assert!(range.south.repetitions > 0 && north.repetitions > 0);
    assert!(agrees(&position, &Options::default()));
}

/// The plain search of Kalah, the reference of the quicker ones: whole positions as keys.
fn whole_kalah_positions() -> Options<kalah::Kalah> {
    Options {
        keys: Keys::positions(board_key::<kalah::Kalah>),
        monotone_scores: true,
        ..Options::default()
    }
}

/// Boards too large for minimax, where the same board is met with other scores: the table of
/// rest-of-game values gives every position the value the table of whole positions gives,
/// whatever value the search tries first.
#[test]
fn kalah_rest_values_agree_with_whole_position_keys() {
    let mut rng = Rng::new(0x7e57);
    for _ in 0..12 {
        let rules =
            kalah::RuleSet::with_board(3 + rng.below(3) as usize, 2 + rng.below(2) as usize)
                .unwrap()
                .with_empty_capture(rng.below(2) == 1)
                .with_max_plies(0);
        let position = after(kalah::Kalah::new(rules), rng.next_u64(), rng.below(10));
        let whole = whole_kalah_positions();
        let rest = Options {
            keys: Keys::rest_of_game(&position).unwrap(),
            ..whole.clone()
        };
        let guessed = Options {
            guess: Some(rng.below(41) as i32 - 20),
            ..rest.clone()
        };
        let expected = solve(&position, &whole, Endless::South, None).unwrap();
        for options in [&rest, &guessed] {
            let found = solve(&position, options, Endless::South, None).unwrap();
            assert_eq!(found.value, expected.value, "{position}");
            assert_eq!(found.best, expected.best, "{position}");
        }
    }
}

/// The fast path for Kalah (no repetition bookkeeping, the table of small positions worked
/// out in full, with a large table and a tiny one) against the plain search of whole positions
/// without pruning by the seeds left, from the start of boards too large for minimax.
#[test]
fn kalah_fast_path_agrees_with_the_plain_search() {
    for (pits, seeds, empty_capture) in [(3, 3, false), (3, 4, true), (4, 3, false), (4, 3, true)] {
        let rules = kalah::RuleSet::with_board(pits, seeds)
            .unwrap()
            .with_empty_capture(empty_capture)
            .with_max_plies(0);
        let position = kalah::Kalah::new(rules);
        let plain = solve(&position, &Options::default(), Endless::South, None).unwrap();
        for (table_bytes, threads) in [(64 << 20, 1), (1 << 12, 1), (64 << 20, 2), (1 << 12, 3)] {
            let fast = Options {
                keys: Keys::best_for(&position),
                monotone_scores: true,
                table_bytes,
                threads,
                ..Options::default()
            };
            let found = solve(&position, &fast, Endless::South, None).unwrap();
            assert_eq!(
                (found.value, &found.best),
                (plain.value, &plain.best),
                "{position}"
            );
        }
        if (pits, seeds, empty_capture) == (4, 3, false) {
            // Kalah (4, 3): a first-player win by 6, pit 2 the one best move.
            assert_eq!(plain.value, 6);
            assert_eq!(plain.best.len(), 1);
        }
    }
}

/// The gain search (keys of the board alone, no repetition bookkeeping, the small positions
/// worked out in full) against the plain search of whole positions, from random positions of
/// boards of 3 to 6 pits under both capture rules, with tables from one bucket to 16 MiB and
/// a random first guess: the same value, the same best moves, and a principal variation that
/// keeps the value to the end.
#[test]
fn kalah_gain_search_agrees_on_random_positions() {
    let mut rng = Rng::new(0x9a1e);
    for case in 0..40 {
        let pits = 3 + rng.below(4) as usize;
        let seeds = if pits > 4 {
            2
        } else {
            2 + rng.below(2) as usize
        };
        let rules = kalah::RuleSet::with_board(pits, seeds)
            .unwrap()
            .with_empty_capture(case % 2 == 1)
            .with_max_plies(0);
        let position = after(kalah::Kalah::new(rules), rng.next_u64(), rng.below(16));
        let whole = whole_kalah_positions();
        let expected = solve(&position, &whole, Endless::South, None).unwrap();
        let gain = Options {
            keys: Keys::best_for(&position),
            table_bytes: [64, 1 << 12, 16 << 20][rng.below(3) as usize],
            guess: Some(rng.below(31) as i32 - 15),
            ..whole.clone()
        };
        // Threads sharing the table find what one finds.
        for threads in [2, 3] {
            let shared = Options {
                threads,
                ..gain.clone()
            };
            let found = solve(&position, &shared, Endless::South, None).unwrap();
            assert_eq!(
                (found.value, &found.best),
                (expected.value, &expected.best),
                "{position} on {threads} threads"
            );
        }
        let found = solve(&position, &gain, Endless::South, None).unwrap();
        assert_eq!(
            (found.value, &found.best),
            (expected.value, &expected.best),
            "{position}"
        );
        assert_eq!(found.repetitions, 0);
        let mut end = position;
        for &mv in &found.pv {
            end.play(mv).expect("the principal variation is legal");
        }
        assert!(
            end.is_over(),
            "the principal variation reaches the end: {position}"
        );
        let me = position.side_to_move();
        let lead = |p: &kalah::Kalah, side| p.score(side) as i32 - p.score(!side) as i32;
        assert_eq!(lead(&end, me), found.value, "{position}");
    }
}

/// The gain search where one move takes most of the board: from positions with every seed on
/// the board (where a node reads its children's table entries first), a capture leaves a
/// child small enough for the table of small positions. The same value and best moves as the
/// plain search, either side to move, under both capture rules.
#[test]
fn kalah_gain_search_agrees_after_large_captures() {
    let mut rng = Rng::new(0xca97);
    let mut checked = 0;
    for case in 0..60 {
        let empty_capture = case % 2 == 1;
        let rules = kalah::RuleSet::with_board(3, 2)
            .unwrap()
            .with_empty_capture(empty_capture)
            .with_max_plies(0);
        // Most seeds in one pit, one in each other (so that a capture of the many seldom
        // ends the game).
        let mut board = [1u8; 6];
        board[rng.below(6) as usize] += 12 + rng.below(4) as u8;
        let side = [Side::South, Side::North][rng.below(2) as usize];
        let Ok(position) = kalah::Kalah::from_board(rules, &board, [0, 0], side) else {
            continue;
        };
        if position.is_over() {
            continue;
        }
        let whole = whole_kalah_positions();
        let expected = solve(&position, &whole, Endless::South, None).unwrap();
        let gain = Options {
            keys: Keys::best_for(&position),
            table_bytes: 1 << 16,
            ..whole
        };
        let found = solve(&position, &gain, Endless::South, None).unwrap();
        assert_eq!(
            (found.value, &found.best),
            (expected.value, &expected.best),
            "{position}"
        );
        checked += 1;
    }
    assert!(checked >= 40, "only {checked} positions");
}

/// The thread count is bounded, 0 counts as one thread, and a node limit stops the threads
/// of a solve with an error, never a guess.
#[test]
fn threads_are_bounded_and_stop_at_the_node_limit() {
    let rules = kalah::RuleSet::with_board(4, 3).unwrap().with_max_plies(0);
    let position = kalah::Kalah::new(rules);
    let options = |threads, max_nodes| Options {
        keys: Keys::best_for(&position),
        monotone_scores: true,
        threads,
        max_nodes,
        ..Options::default()
    };
    assert_eq!(
        solve(
            &position,
            &options(MAX_SOLVE_THREADS + 1, u64::MAX),
            Endless::South,
            None
        )
        .unwrap_err(),
        SolveError::Threads {
            threads: MAX_SOLVE_THREADS + 1
        }
    );
    let one = solve(&position, &options(0, u64::MAX), Endless::South, None).unwrap();
    assert_eq!(one.value, 6);
    for threads in [1, 2] {
        let stopped = solve(&position, &options(threads, 5_000), Endless::South, None);
        assert!(
            matches!(stopped, Err(SolveError::NodeLimit { .. })),
            "{threads} threads: {stopped:?}"
        );
    }
}
