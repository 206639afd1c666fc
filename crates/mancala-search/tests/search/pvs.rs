//! Principal-variation search, checked against the plain minimax of `search.rs` and against
//! itself; the shortest-win proof's bound.

use super::{minimax, wins_against_random};
use mancala_engine::{Game, Position, Side};
use mancala_kit::toy::Pile;
use mancala_search::{
    count_ending_lines, plies_to_end, Iteration, Limits, Player, Pvs, TableError, MAX_TABLE_BYTES,
};
use proptest::prelude::*;
use std::time::{Duration, Instant};

proptest! {
    #![proptest_config(ProptestConfig::with_cases(100))]

    /// Deep enough to see every card row to its end, PVS (table, windows, reductions and all)
    /// finds the exact value, whether sides alternate or not.
    #[test]
    fn pvs_solves_card_rows_exactly(
        cards in proptest::collection::vec(0u8..10, 1..=10),
        south in any::<bool>(),
        window in 0i32..20,
    ) {
        let side = if south { Side::South } else { Side::North };
        let game = Pile { side, ..Pile::cards(&cards) };
        let plies = cards.len() as u32;
        let mut pvs = Pvs::new(Limits::depth(64)).with_aspiration(window).with_table_bytes(1 << 12);
        let result = pvs.search(&game);
        let expected = minimax(&game, plies, 0);
        prop_assert_eq!(result.value, expected);
        // The move returned achieves that value, and the line is legal to the end.
        let mut child = game;
        child.play(result.best_move.unwrap()).unwrap();
        let seen = minimax(&child, plies, 1);
        let seen = if child.side_to_move() == side { seen } else { -seen };
        prop_assert_eq!(seen, expected);
        let mut line = game;
        for &mv in &result.pv {
            prop_assert!(line.play(mv).is_ok());
        }
    }
}

#[test]
fn pvs_plays_nim_by_theory() {
    for pile in 1..=21u32 {
        let nim = Pile::nim(pile);
        let result = Pvs::new(Limits::depth(30)).search(&nim);
        assert!(
            plies_to_end(result.value).is_some(),
            "pile {pile}: {result:?}"
        );
        if pile % 4 == 0 {
            assert!(result.value < 0, "pile {pile}: {result:?}");
        } else {
            assert!(result.value > 0, "pile {pile}: {result:?}");
            assert_eq!(result.best_move, Some(pile % 4), "pile {pile}");
        }
    }
}

#[test]
fn pvs_finds_a_finished_game_has_no_move() {
    let nim = Pile::nim(0);
    let mut pvs = Pvs::new(Limits::depth(5));
    assert_eq!(pvs.search(&nim).best_move, None);
    assert_eq!(pvs.choose(&nim), None);
}

#[test]
fn pvs_reports_every_iteration_with_a_legal_line() {
    let start = toguz::Toguz::default();
    let mut reports: Vec<Iteration<toguz::Move>> = Vec::new();
    let mut pvs = Pvs::with_evaluator(
        Limits::depth(6),
        mancala_search::games::toguz::Evaluation::default(),
    );
    let result = pvs.search_with(&start, |iteration| reports.push(iteration.clone()));
    assert_eq!(reports.len(), 6);
    for (i, report) in reports.iter().enumerate() {
        assert_eq!(report.depth, i as u32 + 1);
        assert!(i == 0 || report.nodes > reports[i - 1].nodes);
        assert!(!report.pv.is_empty() && report.pv.len() <= report.depth as usize);
        let mut line = start;
        for &mv in &report.pv {
            line.play(mv).unwrap();
        }
    }
    let last = reports.last().unwrap();
    assert_eq!(
        (result.depth, result.value, &result.pv),
        (6, last.value, &last.pv)
    );
    assert_eq!(result.nodes, last.nodes);
}

#[test]
fn pvs_is_reproducible_and_keeps_to_a_node_limit() {
    let start = toguz::Toguz::default();
    for nodes in [1u64, 10, 1_000, 20_000] {
        let run = || {
            Pvs::with_evaluator(
                Limits::nodes(nodes),
                mancala_search::games::toguz::Evaluation::default(),
            )
            .search(&start)
        };
        let result = run();
        assert!(result.nodes <= nodes, "{nodes}: {result:?}");
        assert_eq!(result, run());
        assert!(start.check_move(result.best_move.unwrap()).is_ok());
    }
}

#[test]
fn selectivity_reaches_deeper_on_the_same_nodes() {
    let start = toguz::Toguz::default();
    let depth = |pruning: bool| {
        Pvs::with_evaluator(
            Limits::nodes(100_000),
            mancala_search::games::toguz::Evaluation::default(),
        )
        .with_pruning(pruning)
        .search(&start)
        .depth
    };
    let (selective, full) = (depth(true), depth(false));
    assert!(selective >= full + 2, "{selective} against {full}");
}

#[test]
fn pvs_keeps_to_a_time_limit() {
    // Generous slack: the machine may be busy, but a search that ignored its clock would run
    // for the whole depth limit, far longer.
    let start = toguz::Toguz::default();
    let limit = Duration::from_millis(40);
    let mut pvs = Pvs::with_evaluator(
        Limits::time(limit),
        mancala_search::games::toguz::Evaluation::default(),
    );
    let began = Instant::now();
    let result = pvs.search(&start);
    assert!(
        began.elapsed() < limit + Duration::from_millis(200),
        "{:?}",
        began.elapsed()
    );
    assert!(result.depth >= 1);
    assert!(start.check_move(result.best_move.unwrap()).is_ok());
}

#[test]
fn pvs_beats_random_play_at_toguz() {
    let wins = wins_against_random(6, |_| {
        Pvs::with_evaluator(
            Limits::depth(3),
            mancala_search::games::toguz::Evaluation::default(),
        )
    });
    assert!(wins >= 5, "PVS won only {wins} of 6");
}

#[test]
fn position_keys_agree_for_equal_positions() {
    // Equal positions reached by different routes (a string round trip, transposed moves) have
    // equal keys; positions that differ have different ones.
    // Every rule set, for the rules are part of the key.
    use toguz::{BoardSize, RuleSet};
    let mut keys = std::collections::HashMap::new();
    let rule_sets = RuleSet::ALL
        .into_iter()
        .filter(|rules| rules.board != BoardSize::Five);
    for (seed, rules) in rule_sets.enumerate() {
        let mut rng = mancala_engine::Rng::new(17 + seed as u64);
        let mut position = toguz::Toguz::new(rules);
        for _ in 0..300 {
            if position.is_over() {
                break;
            }
            let copy: toguz::Toguz = position.to_string().parse().unwrap();
            assert_eq!(copy, position);
            assert_eq!(copy.key(), position.key());
            if let Some(other) = keys.insert(position.key(), position) {
                assert_eq!(other, position, "two positions share a key");
            }
            let mv = position.random_move(&mut rng).unwrap();
            position.play(mv).unwrap();
        }
    }
    assert!(keys.len() > 800);
    let start = toguz::Toguz::default();
    assert_ne!(start.key(), start.child(toguz::Move::new(1)).key());
}

#[test]
fn no_toguz_game_ends_within_eight_plies() {
    // The cheap part of the shortest-win proof: with the same bound, every line of 8 plies.
    let count = count_ending_lines(
        &toguz::Toguz::default(),
        8,
        mancala_search::games::toguz::could_end_within,
    );
    assert!(count.ended.iter().all(|&n| n == 0), "{count:?}");
    assert_eq!(count.shortest_win(), None);
    assert!(count.pruned > 0);
}

#[test]
fn the_end_of_game_bound_is_sound() {
    // From positions along random games, whenever the bound says no game ends within `r`
    // plies, the unpruned search of every line agrees.
    let mut rng = mancala_engine::Rng::new(5);
    for game in 0..20 {
        let mut position = toguz::Toguz::default();
        for ply in 0..400 {
            if position.is_over() {
                break;
            }
            if ply % 7 == game % 7 {
                for plies in 1..=3 {
                    if !mancala_search::games::toguz::could_end_within(&position, plies) {
                        let all = count_ending_lines(&position, plies, |_: &toguz::Toguz, _| true);
                        assert!(all.ended.iter().all(|&n| n == 0), "{position}");
                    }
                }
            }
            let mv = position.random_move(&mut rng).unwrap();
            position.play(mv).unwrap();
        }
    }
}

#[test]
fn shortest_win_counts_agree_with_brute_force_near_the_end() {
    // Four plies before the end of random games, where games do end, the counts with the
    // bound and without it agree exactly.
    let mut rng = mancala_engine::Rng::new(8);
    let mut checked = 0;
    for _ in 0..30 {
        let mut position = toguz::Toguz::default();
        let mut history = Vec::new();
        while !position.is_over() {
            history.push(position);
            let mv = position.random_move(&mut rng).unwrap();
            position.play(mv).unwrap();
        }
        if let Some(late) = history.iter().rev().nth(3) {
            let pruned =
                count_ending_lines(late, 4, mancala_search::games::toguz::could_end_within);
            let all = count_ending_lines(late, 4, |_: &toguz::Toguz, _| true);
            assert_eq!(
                (pruned.ended, pruned.won),
                (all.ended.clone(), all.won.clone())
            );
            checked += u32::from(all.ended.iter().any(|&n| n > 0));
        }
    }
    assert!(checked > 0);
}

#[test]
fn a_table_allocated_ahead_searches_as_one_allocated_by_the_search() {
    let game = Pile::cards(&[3, 9, 1, 7, 2, 8, 5]);
    let size = 1 << 16;
    let mut ahead = Pvs::new(Limits::depth(7)).with_table_bytes(size);
    ahead.allocate_table();
    // The size asked for is what is allocated, once: a second call keeps the table.
    let bytes = ahead.table_bytes();
    assert!(bytes > 0 && bytes <= size);
    ahead.allocate_table();
    assert_eq!(ahead.table_bytes(), bytes);
    let mut lazy = Pvs::new(Limits::depth(7)).with_table_bytes(size);
    let (early, late) = (ahead.search(&game), lazy.search(&game));
    assert_eq!(
        (early.value, early.best_move, early.nodes, &early.pv),
        (late.value, late.best_move, late.nodes, &late.pv)
    );
    assert_eq!(lazy.table_bytes(), bytes);
}

#[test]
fn with_table_bytes_usize_max_searches_the_toguz_start_with_a_capped_table() {
    // Once "capacity overflow": the size is capped, and the table allocated is at most the cap.
    let mut pvs = Pvs::<toguz::Toguz>::new(Limits::depth(1)).with_table_bytes(usize::MAX);
    assert!(pvs.table_bytes() <= MAX_TABLE_BYTES);
    assert!(pvs.table_bytes() > MAX_TABLE_BYTES / 2);
    let result = pvs.search(&toguz::Toguz::default());
    assert_eq!(result.depth, 1);
    assert!(toguz::Toguz::default()
        .check_move(result.best_move.unwrap())
        .is_ok());
    assert!(pvs.table_bytes() <= MAX_TABLE_BYTES);
}

#[test]
fn try_with_table_bytes_usize_max_is_an_error_not_a_panic() {
    let refused = Pvs::<toguz::Toguz>::new(Limits::depth(1)).try_with_table_bytes(usize::MAX);
    assert_eq!(
        refused.err(),
        Some(TableError::TooLarge { bytes: usize::MAX })
    );
    let refused =
        Pvs::<toguz::Toguz>::new(Limits::depth(1)).try_with_table_bytes(MAX_TABLE_BYTES + 1);
    assert!(matches!(refused, Err(TableError::TooLarge { .. })));
    // A size the system gives is allocated at once, and searched with as the lazy table is.
    let game = Pile::cards(&[3, 9, 1, 7, 2, 8, 5]);
    let mut ahead = Pvs::new(Limits::depth(7))
        .try_with_table_bytes(1 << 16)
        .unwrap();
    let bytes = ahead.table_bytes();
    let mut lazy = Pvs::new(Limits::depth(7)).with_table_bytes(1 << 16);
    let (early, late) = (ahead.search(&game), lazy.search(&game));
    assert_eq!((early.nodes, early.value), (late.nodes, late.value));
    assert_eq!(ahead.table_bytes(), bytes);
}
