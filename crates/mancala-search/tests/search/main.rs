//! The computer players on the kit's toy game, whose answers are known (Nim by theory, rows
//! of cards by a plain minimax written here independently), and on the games: Toguz Kumalak
//! here, principal-variation search in `pvs`, on threads in `parallel`, on Kalah's extra turns
//! in `extra_turns`, and each game's fitted evaluation in `recorded`.

use mancala_engine::{Position, Side};
use mancala_kit::toy::Pile;
use mancala_search::{
    play_game, plies_to_end, AlphaBeta, Limits, Mcts, Player, RandomPlayer, MAX_EVAL, WIN,
};
use proptest::prelude::*;
use std::time::{Duration, Instant};

mod extra_turns;
mod parallel;
mod pvs;
mod recorded;

/// Plain minimax without pruning, following the documented conventions: a finished game is
/// worth `WIN - ply` to its winner, a draw 0, a position at depth 0 the score difference for
/// its side to move; a child's value is negated only when its side to move differs.
fn minimax<P: Position>(position: &P, depth: u32, ply: i32) -> i32 {
    let me = position.side_to_move();
    if let Some(outcome) = position.outcome() {
        return match outcome.winner {
            Some(winner) if winner == me => WIN - ply,
            Some(_) => -(WIN - ply),
            None => 0,
        };
    }
    if depth == 0 {
        return position.score(me) as i32 - position.score(!me) as i32;
    }
    position
        .legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = position.clone();
            child.play_unchecked(mv);
            let value = minimax(&child, depth - 1, ply + 1);
            if child.side_to_move() == me {
                value
            } else {
                -value
            }
        })
        .max()
        .expect("a position that is not over has moves")
}

#[test]
fn alpha_beta_plays_nim_by_theory() {
    for pile in 1..=21u32 {
        let nim = Pile {
            side: Side::North,
            ..Pile::nim(pile)
        };
        let result = AlphaBeta::new(Limits::depth(30)).search(&nim);
        let end = plies_to_end(result.value);
        assert!(end.is_some(), "pile {pile}: {result:?}");
        if pile % 4 == 0 {
            assert!(result.value < 0, "pile {pile}: {result:?}");
        } else {
            assert!(result.value > 0, "pile {pile}: {result:?}");
            assert_eq!(result.best_move, Some(pile % 4), "pile {pile}");
        }
        // The principal variation is a legal line ending the game in the announced plies.
        let mut line = nim;
        for &mv in &result.pv {
            line.play(mv).unwrap();
        }
        assert!(line.is_over(), "pile {pile}: {:?}", result.pv);
        assert_eq!(result.pv.len() as u32, end.unwrap());
        // The search saw the whole game, so it stopped before the depth limit.
        assert!(result.depth <= pile, "pile {pile}: {result:?}");
    }
}

#[test]
fn alpha_beta_prefers_the_quickest_win() {
    // Pile 3: taking all 3 wins at once; the value says "won in 1 ply".
    let result = AlphaBeta::new(Limits::depth(10)).search(&Pile::nim(3));
    assert_eq!(result.best_move, Some(3));
    assert_eq!(plies_to_end(result.value), Some(1));
    assert_eq!(result.pv, vec![3]);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn alpha_beta_equals_minimax_on_cards(
        cards in proptest::collection::vec(0u8..10, 1..=12),
        south in any::<bool>(),
        depth in 1u32..=7,
    ) {
        let side = if south { Side::South } else { Side::North };
        let game = Pile { side, ..Pile::cards(&cards) };
        let result = AlphaBeta::new(Limits::depth(depth)).search(&game);
        let expected = minimax(&game, depth, 0);
        prop_assert_eq!(result.value, expected);
        // The move returned is one that achieves the value.
        let mv = result.best_move.unwrap();
        let mut child = game;
        child.play(mv).unwrap();
        let child_value = minimax(&child, result.depth - 1, 1);
        let seen = if child.side_to_move() == side { child_value } else { -child_value };
        prop_assert_eq!(seen, expected);
        prop_assert!(result.depth <= depth);
    }
}

#[test]
fn a_single_legal_move_is_returned() {
    let game = Pile::cards(&[4]);
    let result = AlphaBeta::new(Limits::depth(5)).search(&game);
    assert_eq!(result.best_move, Some(1));
    assert_eq!(plies_to_end(result.value), Some(1));
    assert_eq!(AlphaBeta::new(Limits::depth(5)).choose(&game), Some(1));
    assert_eq!(Mcts::new(3).choose(&game), Some(1));
    assert_eq!(Mcts::new(3).search(&game).best_move, Some(1));
}

#[test]
fn finished_positions_have_no_move() {
    let nim = Pile::nim(0);
    let result = AlphaBeta::new(Limits::depth(5)).search(&nim);
    assert_eq!(result.best_move, None);
    assert_eq!(result.value, -WIN);
    assert_eq!(AlphaBeta::new(Limits::depth(5)).choose(&nim), None);
    assert_eq!(Mcts::new(1).search(&nim).best_move, None);
    assert_eq!(Mcts::new(1).choose(&nim), None);
    assert_eq!(RandomPlayer::new(1).choose(&nim), None);
}

#[test]
fn mcts_finds_the_nim_win() {
    for pile in [5u32, 6, 7, 9, 10, 11, 13] {
        let nim = Pile::nim(pile);
        let result = Mcts::new(u64::from(pile))
            .with_iterations(20_000)
            .search(&nim);
        assert_eq!(result.best_move, Some(pile % 4), "pile {pile}: {result:?}");
        assert_eq!(result.iterations, 20_000);
        assert!(result.value > 0.5, "pile {pile}: {result:?}");
    }
}

#[test]
fn mcts_is_deterministic_for_a_seed() {
    let start = toguz::Toguz::default();
    let run = |seed| Mcts::new(seed).with_iterations(300).search(&start);
    assert_eq!(run(11), run(11));
    // A player's successive searches continue its random sequence, again reproducibly.
    let mut a = Mcts::new(5).with_iterations(200);
    let mut b = Mcts::new(5).with_iterations(200);
    for _ in 0..3 {
        assert_eq!(a.search(&start), b.search(&start));
    }
}

#[test]
fn mcts_respects_a_small_tree_cap_and_short_playouts() {
    let start = toguz::Toguz::default();
    let result = Mcts::new(2)
        .with_iterations(500)
        .with_max_tree_nodes(30)
        .with_playout_plies(5)
        .search(&start);
    assert!(result.tree_nodes <= 30, "{result:?}");
    assert_eq!(result.iterations, 500);
    assert!(start.check_move(result.best_move.unwrap()).is_ok());
}

#[test]
fn depth_one_on_toguz_takes_ten_stones() {
    // From the start every hole holds 9. Sowing hole k (2..=9) puts its last stone in Black's
    // hole k - 1, making 10 there, an even number that is captured; hole 1 ends in White's own
    // hole 9 and captures nothing.
    let start = toguz::Toguz::default();
    let result = AlphaBeta::new(Limits::depth(1)).search(&start);
    let mv = result.best_move.unwrap();
    assert_ne!(mv, toguz::Move::new(1));
    let mut child = start;
    child.play(mv).unwrap();
    assert_eq!(child.kazan(Side::South), 10);
    assert_eq!(result.value, 10);
    assert_eq!(result.depth, 1);
    assert_eq!(result.pv, vec![mv]);
    // Root plus its 9 children.
    assert_eq!(result.nodes, 10);
}

#[test]
fn the_evaluation_hook_is_used() {
    // An evaluation that wants to capture nothing picks the one move that captures nothing.
    let start = toguz::Toguz::default();
    let modest = |p: &toguz::Toguz, side: Side| -(p.score(side) as i32 - p.score(!side) as i32);
    let result = AlphaBeta::with_evaluator(Limits::depth(1), modest).search(&start);
    assert_eq!(result.best_move, Some(toguz::Move::new(1)));
    assert_eq!(result.value, 0);
    // Huge evaluations are clamped below a won game. Each leaf is judged good for its side to
    // move: after an odd number of plies that is the opponent, after an even number the root.
    let boastful = |_: &toguz::Toguz, _: Side| i32::MAX;
    let result = AlphaBeta::with_evaluator(Limits::depth(1), boastful).search(&start);
    assert_eq!(result.value, -MAX_EVAL);
    let result = AlphaBeta::with_evaluator(Limits::depth(2), boastful).search(&start);
    assert_eq!(result.value, MAX_EVAL);
    assert_eq!(plies_to_end(result.value), None);
}

#[test]
fn node_limits_are_respected_and_reproducible() {
    let start = toguz::Toguz::default();
    for nodes in [0u64, 1, 5, 10, 11, 500, 5_000] {
        let search = AlphaBeta::new(Limits::nodes(nodes));
        let result = search.search(&start);
        assert!(result.nodes <= nodes, "{nodes}: {result:?}");
        assert_eq!(result, search.search(&start));
        // Even a search cut short at once answers with a legal move.
        assert!(start.check_move(result.best_move.unwrap()).is_ok());
    }
    // 10 nodes complete depth 1 exactly; 5 cannot complete it.
    assert_eq!(AlphaBeta::new(Limits::nodes(10)).search(&start).depth, 1);
    assert_eq!(AlphaBeta::new(Limits::nodes(5)).search(&start).depth, 0);
}

#[test]
fn deeper_iterations_agree_with_fixed_depth_minimax_on_toguz() {
    // Iterative deepening's move ordering must not change the value of each depth.
    let mut position = toguz::Toguz::default();
    let mut random = RandomPlayer::new(9);
    for _ in 0..6 {
        let mv = random.choose(&position).unwrap();
        position.play(mv).unwrap();
    }
    for depth in 1..=4 {
        let result = AlphaBeta::new(Limits::depth(depth)).search(&position);
        assert_eq!(result.value, minimax(&position, depth, 0), "depth {depth}");
    }
}

#[test]
fn a_time_limit_ends_the_search() {
    let start = toguz::Toguz::default();
    let began = Instant::now();
    let result = AlphaBeta::new(Limits::time(Duration::from_millis(30))).search(&start);
    assert!(began.elapsed() < Duration::from_secs(10));
    assert!(start.check_move(result.best_move.unwrap()).is_ok());
    let began = Instant::now();
    let result = Mcts::new(1)
        .with_time(Duration::from_millis(30))
        .search(&start);
    assert!(began.elapsed() < Duration::from_secs(10));
    assert!(result.iterations >= 1);
}

/// Games of Toguz Kumalak the engine `make(game)` wins against a random player, taking
/// South and North in turn.
fn wins_against_random<E: Player<toguz::Toguz>>(games: u64, make: impl Fn(u64) -> E) -> u32 {
    let mut wins = 0;
    for game in 0..games {
        let mut engine = make(game);
        let mut random = RandomPlayer::new(game);
        let engine_side = if game % 2 == 0 {
            Side::South
        } else {
            Side::North
        };
        let end = if engine_side == Side::South {
            play_game(toguz::Toguz::default(), &mut engine, &mut random, 1_000)
        } else {
            play_game(toguz::Toguz::default(), &mut random, &mut engine, 1_000)
        };
        if end.outcome.and_then(|o| o.winner) == Some(engine_side) {
            wins += 1;
        }
    }
    wins
}

#[test]
fn alpha_beta_beats_random_play_at_toguz() {
    let wins = wins_against_random(10, |_| AlphaBeta::new(Limits::depth(3)));
    assert!(wins >= 8, "alpha-beta won only {wins} of 10");
}

#[test]
fn mcts_beats_random_play_at_toguz() {
    let wins = wins_against_random(4, |game| Mcts::new(100 + game).with_iterations(300));
    assert!(wins >= 3, "Monte Carlo search won only {wins} of 4");
}

#[test]
fn play_game_stops_at_the_ply_limit_and_on_a_bad_player() {
    struct Stubborn;
    impl Player<Pile> for Stubborn {
        fn choose(&mut self, _: &Pile) -> Option<u32> {
            Some(9)
        }
    }
    let nim = Pile::nim(20);
    let end = play_game(nim, &mut RandomPlayer::new(1), &mut Stubborn, 100);
    assert_eq!(end.plies, 1);
    assert_eq!(end.outcome, None);
    let end = play_game(nim, &mut RandomPlayer::new(1), &mut RandomPlayer::new(2), 3);
    assert_eq!(end.plies, 3);
}
