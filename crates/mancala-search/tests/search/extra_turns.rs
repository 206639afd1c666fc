//! The workspace's searches on a game whose side to move does not always change: alpha-beta
//! and PVS, searching small boards to the end, must give the exact value (who wins, and in how
//! many plies) that a plain minimax over South's and North's choices finds, and Monte Carlo
//! search must not lose a won position to a random player.

use kalah::prelude::*;
use mancala_search::games::kalah::Evaluation;
use mancala_search::{play_game, AlphaBeta, Limits, Mcts, Pvs, RandomPlayer, WIN};
use std::collections::HashMap;

/// The value of `position` for South with perfect play: a win in `n` plies is `WIN - n`, a
/// loss `-(WIN - n)`, a draw `0` (wins as soon, losses as late as possible). South maximises,
/// North minimises, whoever is to move after each move: an extra turn is one more choice of
/// the same player.
fn solve(position: &Kalah, memo: &mut HashMap<Kalah, (i32, u32)>) -> (i32, u32) {
    if let Some(&known) = memo.get(position) {
        return known;
    }
    let solved = match position.outcome() {
        Some(outcome) => match outcome.winner {
            Some(Side::South) => (WIN, 0),
            Some(Side::North) => (-WIN, 0),
            None => (0, 0),
        },
        None => {
            let south = position.side_to_move() == Side::South;
            let mut best: Option<(i32, u32)> = None;
            for mv in position.legal_moves() {
                let mut child = *position;
                child.play(mv).unwrap();
                let (value, longest) = solve(&child, memo);
                let value = value - value.signum();
                let better = best.is_none_or(|(b, _)| if south { value > b } else { value < b });
                let longest = longest + 1;
                best = Some(match best {
                    Some((b, l)) if !better => (b, l.max(longest)),
                    _ => (value, best.map_or(longest, |(_, l)| l.max(longest))),
                });
            }
            best.expect("a game going on has a move")
        }
    };
    memo.insert(*position, solved);
    solved
}

/// Small boards, and positions a few moves into them (extra turns among them).
fn positions() -> Vec<Kalah> {
    let mut all = Vec::new();
    for text in [
        "pits=2,seeds=2",
        "pits=3,seeds=2",
        "pits=2,seeds=4",
        "pits=3,seeds=2,empty-capture=yes",
    ] {
        let start = Kalah::new(text.parse().unwrap());
        all.push(start);
        let mut rng = Rng::new(5);
        for _ in 0..6 {
            let mut position = start;
            for _ in 0..rng.below(5) {
                if let Some(mv) = position.random_move(&mut rng) {
                    position.play(mv).unwrap();
                }
            }
            if !position.is_over() {
                all.push(position);
            }
        }
    }
    all
}

#[test]
fn alpha_beta_and_pvs_find_the_exact_values_across_extra_turns() {
    let mut memo = HashMap::new();
    let mut extra_turns = 0;
    for position in positions() {
        let (south_value, longest) = solve(&position, &mut memo);
        assert!(
            longest < 60,
            "{position}: a line of {longest} plies is beyond the search"
        );
        let expected = match position.side_to_move() {
            Side::South => south_value,
            Side::North => -south_value,
        };
        let alpha_beta = AlphaBeta::new(Limits::depth(64)).search(&position);
        assert_eq!(alpha_beta.value, expected, "alpha-beta on {position}");
        let pvs = Pvs::new(Limits::depth(64)).search(&position);
        assert_eq!(pvs.value, expected, "PVS on {position}");
        // The fitted evaluation guides the search but never changes a proven value.
        let fitted =
            Pvs::with_evaluator(Limits::depth(64), Evaluation::default()).search(&position);
        assert_eq!(
            fitted.value, expected,
            "PVS, fitted evaluation, on {position}"
        );
        // The best move keeps the value.
        let mut child = position;
        child.play(alpha_beta.best_move.unwrap()).unwrap();
        let (after, _) = solve(&child, &mut memo);
        assert_eq!(
            after - after.signum(),
            south_value,
            "the move of {position}"
        );
        extra_turns +=
            usize::from(child.side_to_move() == position.side_to_move() && !child.is_over());
    }
    // Some best moves are extra turns: the search crossed them without negating.
    assert!(extra_turns > 0);
}

#[test]
fn monte_carlo_search_beats_a_random_player() {
    let start = Kalah::new("pits=4,seeds=3".parse().unwrap());
    let mut wins = 0;
    for seed in 0..6 {
        let mut mcts = Mcts::new(seed).with_iterations(2_000);
        let mut random = RandomPlayer::new(seed + 100);
        let end = play_game(start, &mut mcts, &mut random, 1_000);
        wins += usize::from(end.outcome.and_then(|o| o.winner) == Some(Side::South));
    }
    assert!(wins >= 5, "Monte Carlo search won {wins} of 6 games");
}
