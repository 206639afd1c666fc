//! The computer player probing the endgame databases: perfect moves without search where every
//! move leads into them, and exact results from positions above them with fewer nodes, against
//! plain minimax.

mod common;

use common::{move_values, play_down_to, seeds_on_board};
use mancala_engine::{Game, Position, Rng, Side};
use mancala_search::{exact_margin, Limits, Probed, Pvs, ScoreDifference};
use mancala_solver::{BuildOptions, Databases, Endgame};
use std::sync::Arc;

/// The databases of `template`'s game up to `max_seeds` seeds.
fn build<G: Endgame>(template: &G, max_seeds: u32) -> Arc<Databases> {
    let options = BuildOptions {
        max_seeds,
        threads: 2,
        ..BuildOptions::default()
    };
    Arc::new(Databases::build(template, &options, None).unwrap().0)
}

/// A search that takes the databases' values a player may take as exact
/// ([`Databases::known`]); no selectivity, so that a search that meets no horizon is exact.
fn probing<G: Endgame + 'static>(
    db: Arc<Databases>,
    depth: u32,
) -> Pvs<G, Probed<ScoreDifference, impl Fn(&G) -> Option<i32> + Sync>> {
    let rest = move |position: &G| db.known(position);
    Pvs::with_evaluator(Limits::depth(depth), Probed::new(ScoreDifference, rest))
        .with_pruning(false)
        .with_reductions(false)
}

/// The value `values` gives the move `played`.
fn value_of<M: PartialEq + core::fmt::Debug>(values: &[(M, i32)], played: Option<M>) -> i32 {
    values
        .iter()
        .find(|(mv, _)| Some(mv) == played.as_ref())
        .unwrap_or_else(|| panic!("{played:?} is not among the moves"))
        .1
}

/// Random positions of `start`'s game with `least..=most` seeds on the board, none over.
fn positions<P: Position>(start: &P, rng: &mut Rng, least: u32, most: u32, count: usize) -> Vec<P> {
    let mut found = Vec::new();
    while found.len() < count {
        let mut position = start.clone();
        play_down_to(&mut position, rng, most);
        let seeds = seeds_on_board(&position);
        if !position.is_over() && (least..=most).contains(&seeds) {
            found.push(position);
        }
    }
    found
}

#[test]
fn inside_the_databases_the_player_plays_a_perfect_move_with_its_exact_margin() {
    let mut rng = Rng::new(0x91);
    for empty in [false, true] {
        let rules = kalah::RuleSet::with_board(3, 3)
            .unwrap()
            .with_empty_capture(empty)
            .with_max_plies(0);
        let start = kalah::Kalah::new(rules);
        let db = build(&start, 7);
        let mut player = probing(db, 30);
        for position in positions(&start, &mut rng, 2, 7, 40) {
            let values = move_values(&position, Side::South, 2_000_000).unwrap();
            let best = values.iter().map(|&(_, v)| v).max().unwrap();
            let result = player.search(&position);
            let played = value_of(&values, result.best_move);
            let every_move_ends = position
                .legal_moves()
                .into_iter()
                .all(|mv| position.child(mv).is_over());
            if every_move_ends {
                // Searched as before: won, drawn or lost is all it tells apart.
                assert_eq!(played.signum(), best.signum(), "{position}: {values:?}");
                continue;
            }
            assert_eq!(
                played, best,
                "{position}: {:?} of {values:?}",
                result.best_move
            );
            assert_eq!(result.depth, 1, "{position}: not searched");
            assert_eq!(exact_margin(result.value).unwrap_or(0), best, "{position}");
        }
    }
}

#[test]
fn above_the_databases_the_player_finds_the_exact_result() {
    let mut rng = Rng::new(0x92);
    let (mut decided, mut probed_nodes, mut plain_nodes) = (0, 0, 0);
    for (pits, seeds, empty) in [(3, 3, false), (3, 3, true), (4, 2, true)] {
        let rules = kalah::RuleSet::with_board(pits, seeds)
            .unwrap()
            .with_empty_capture(empty)
            .with_max_plies(0);
        let start = kalah::Kalah::new(rules);
        let db = build(&start, 5);
        let mut player = probing(db, 60);
        let mut plain = Pvs::new(Limits::depth(60))
            .with_pruning(false)
            .with_reductions(false);
        for position in positions(&start, &mut rng, 8, 11, 12) {
            let values = move_values(&position, Side::South, 20_000_000).unwrap();
            let best = values.iter().map(|&(_, v)| v).max().unwrap();
            player.clear();
            let result = player.search(&position);
            probed_nodes += result.nodes;
            plain.clear();
            plain_nodes += plain.search(&position).nodes;
            // Won, drawn or lost as minimax says, by a move that keeps it so.
            assert_eq!(
                result.value.signum(),
                best.signum(),
                "{position}: {result:?}"
            );
            let played = value_of(&values, result.best_move);
            assert_eq!(played.signum(), best.signum(), "{position}: {values:?}");
            if best != 0 {
                decided += 1;
            }
        }
    }
    assert!(decided >= 18, "only {decided} positions were won or lost");
    // The values the databases give are not searched below.
    assert!(
        probed_nodes * 4 < plain_nodes * 3,
        "{probed_nodes} nodes with the databases, {plain_nodes} without"
    );
}

#[test]
fn toguz_endgames_are_won_with_databases_of_the_game_played_to_the_end() {
    // The databases hold the game without the stop at a majority; with the stop the winner
    // is the same, so the player keeps every won or drawn endgame so.
    let to_the_end = toguz::RuleSet {
        board: toguz::BoardSize::Five,
        stop_at_majority: false,
        ..toguz::RuleSet::STANDARD
    };
    let db = build(&toguz::Toguz::new(to_the_end), 6);
    let mut rng = Rng::new(0x93);
    let mut checked = 0;
    for stop_at_majority in [false, true] {
        let rules = toguz::RuleSet {
            stop_at_majority,
            ..to_the_end
        };
        let mut player = probing(Arc::clone(&db), 20);
        for position in positions(&toguz::Toguz::new(rules), &mut rng, 2, 3, 20) {
            let (Some(south), Some(north)) = (
                move_values(&position, Side::South, 100_000),
                move_values(&position, Side::North, 100_000),
            ) else {
                continue;
            };
            if south != north {
                continue;
            }
            let best = south.iter().map(|&(_, v)| v).max().unwrap();
            let result = player.search(&position);
            let played = value_of(&south, result.best_move);
            assert_eq!(played.signum(), best.signum(), "{position}: {south:?}");
            if !stop_at_majority && result.depth == 1 {
                assert_eq!(played, best, "{position}: {south:?}");
            }
            checked += 1;
        }
    }
    assert!(checked >= 15, "only {checked} endgames were checked");
}

#[test]
fn oware_endgames_are_won_under_the_repetition_rule() {
    // The databases value a board as if no earlier board had been seen; the player takes
    // their values only where that holds, so a repetition cannot end a line they see go on.
    let mut rng = Rng::new(0x94);
    let (mut checked, mut decided) = (0, 0);
    for (houses, seeds) in [(3, 2), (2, 3)] {
        let all = (2 * houses * seeds) as u32;
        let db = build(
            &oware::Oware::new(oware::RuleSet::with_board(houses, seeds).unwrap()).db_template(),
            all,
        );
        for stop_at_majority in [false, true] {
            let rules = oware::RuleSet::with_board(houses, seeds)
                .unwrap()
                .with_max_plies(0)
                .with_stop_at_majority(stop_at_majority);
            let mut player = probing(Arc::clone(&db), 12);
            for position in positions(&oware::Oware::new(rules), &mut rng, 2, 4, 12) {
                // Oware's own rule ends a line at a repetition, so minimax needs no convention.
                let Some(values) = move_values(&position, Side::South, 50_000) else {
                    continue;
                };
                let best = values.iter().map(|&(_, v)| v).max().unwrap();
                player.clear();
                let result = player.search(&position);
                let played = value_of(&values, result.best_move);
                assert_eq!(played.signum(), best.signum(), "{position}: {values:?}");
                checked += 1;
                decided += usize::from(best != 0);
            }
        }
    }
    assert!(checked >= 30, "only {checked} endgames were checked");
    assert!(decided >= 10, "only {decided} endgames were won or lost");
}
