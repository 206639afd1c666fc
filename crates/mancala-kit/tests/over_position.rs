//! What the core writes once over [`Position`], tried on the kit's toy game: the position
//! history's repetition counts and the random play-out. (Here, not in the core's tests: the
//! core cannot dev-depend on the kit, which depends on it, without a publishing cycle.)

use mancala_engine::playout::random_playout;
use mancala_engine::repetition::PositionHistory;
use mancala_engine::{EndReason, Outcome, Rng, Side};
use mancala_kit::toy::{BadTake, Pile};

#[test]
fn counts_repetitions_and_undoes() {
    // A pile counted modulo 3: positions recur quickly.
    let start = Pile::ring(3);
    let mut history = PositionHistory::new(start);
    assert!(!history.is_repetition());
    history.play(1).unwrap(); // 2 N
    history.play(2).unwrap(); // 0 S: the start again
    assert!(history.is_repetition());
    assert_eq!(history.earlier_occurrences(), 1);
    assert_eq!(history.repetition_outcome(3), None);
    history.play(2).unwrap(); // 1 N
    history.play(1).unwrap(); // 0 S, third time
    assert_eq!(history.occurrences(history.start()), 3);
    assert_eq!(
        history.repetition_outcome(3),
        Some(Outcome {
            winner: None,
            reason: EndReason::Repetition
        })
    );
    assert_eq!(history.play(5), Err(BadTake));
    assert_eq!(history.moves(), &[1, 2, 2, 1]);
    assert_eq!(history.undo(), Some(1));
    assert_eq!(history.occurrences(&start), 2);
    assert_eq!(
        history.current(),
        &Pile {
            left: 1,
            side: Side::North,
            ..start
        }
    );
    for _ in 0..3 {
        history.undo();
    }
    assert_eq!(history.undo(), None);
    assert!(!history.is_repetition());
    assert_eq!(history.positions().len(), 1);
}

#[test]
fn a_playout_plays_a_whole_game_the_same_way_for_a_seed() {
    let start = Pile::plain(20);
    let game = random_playout(start, &mut Rng::new(3), 1000);
    assert_eq!(game.position.left, 0);
    assert!((10..=20).contains(&game.plies), "{}", game.plies);
    assert_eq!(
        game.outcome.map(|o| o.winner),
        Some(Some(!game.position.side))
    );
    assert_eq!(random_playout(start, &mut Rng::new(3), 1000), game);
}

#[test]
fn the_ply_cap_ends_a_playout() {
    let game = random_playout(Pile::plain(100), &mut Rng::new(1), 10);
    assert_eq!(game.plies, 10);
    assert_eq!(game.outcome, None);
    assert!(game.position.left >= 80);
}
