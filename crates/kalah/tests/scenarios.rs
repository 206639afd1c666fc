//! One scenario per rule: an explicit board, one move (or a few), the exact position after.
//! Boards are written South's pits from his left, then North's from his left; expected
//! positions are worked out by hand from the rules.

use kalah::prelude::*;

fn position(text: &str) -> Kalah {
    text.parse()
        .unwrap_or_else(|e| panic!("`{text}` does not read: {e}"))
}

/// Plays the moves (pit numbers) one after the other and returns the last move's effect.
fn play(game: &mut Kalah, moves: &[u8]) -> Effect {
    let mut effect = None;
    for &number in moves {
        effect = Some(
            game.play_reported(Move::new(number))
                .unwrap_or_else(|e| panic!("move {number} in `{game}`: {e}")),
        );
    }
    effect.expect("at least one move")
}

/// The board, the stores and the side to move of a position, as its string starts.
fn board_and_stores(game: &Kalah) -> String {
    let text = game.to_string();
    text.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

#[test]
fn a_move_sows_into_the_following_pits_and_the_store_then_the_opponent() {
    let mut game = Kalah::default();
    let effect = play(&mut game, &[5]);
    assert_eq!(board_and_stores(&game), "4,4,4,4,0,5/5,5,4,4,4,4 1 0 N");
    assert_eq!(effect.last, Some(7));
    assert_eq!((effect.extra_turn, effect.captured), (false, 0));
}

#[test]
fn the_opponents_store_is_skipped_and_a_lap_sows_back_into_the_origin() {
    // 13 seeds from South's pit 6: his store, North's six pits, past North's store, South's
    // six pits (pit 6 itself last), where the one seed captures North's pit 1.
    let mut game = position("0,0,0,0,0,13/1,1,1,1,1,1 0 0 S");
    let effect = play(&mut game, &[6]);
    assert_eq!(effect.last, Some(5));
    assert_eq!(effect.captured, 3);
    assert_eq!(board_and_stores(&game), "1,1,1,1,1,0/0,2,2,2,2,2 4 0 N");
}

#[test]
fn a_last_seed_in_the_own_store_gives_another_turn() {
    // From the start only pit 3 (4 seeds, 4 places from the store) ends in the store.
    let start = Kalah::default();
    for number in 1..=6 {
        let mut game = start;
        let effect = play(&mut game, &[number]);
        assert_eq!(effect.extra_turn, number == 3, "pit {number}");
        assert_eq!(game.side_to_move() == Side::South, number == 3);
    }
    // Any number of them in a row, North's too.
    let mut game = position("1,1,1,1,1,1/0,0,0,0,2,1 0 0 N");
    let effects = [6, 5].map(|n| play(&mut game, &[n]));
    assert_eq!(effects.map(|e| e.extra_turn), [true, true]);
    assert_eq!(board_and_stores(&game), "1,1,1,1,1,1/0,0,0,0,0,1 0 2 N");
    // The third ends the game (North's row is empty): no more turns.
    assert!(!play(&mut game, &[6]).extra_turn);
    assert!(game.is_over());
}

#[test]
fn a_last_seed_in_an_own_empty_pit_takes_the_opposite_pit() {
    // South's pit 1 (1 seed) into his empty pit 2, facing North's pit 5 (6 seeds).
    let mut game = position("1,0,4,4,4,4/4,4,4,4,6,4 0 0 S");
    let effect = play(&mut game, &[1]);
    assert_eq!((effect.last, effect.captured), (Some(1), 7));
    assert_eq!(board_and_stores(&game), "0,0,4,4,4,4/4,4,4,4,0,4 7 0 N");
}

#[test]
fn no_capture_when_the_opposite_pit_is_empty_unless_the_option_says_so() {
    let mut game = position("1,0,4,4,4,4/4,4,4,4,0,4 0 0 S");
    let effect = play(&mut game, &[1]);
    assert_eq!(effect.captured, 0);
    assert_eq!(board_and_stores(&game), "0,1,4,4,4,4/4,4,4,4,0,4 0 0 N");
    let mut game = position("1,0,4,4,4,4/4,4,4,4,0,4 0 0 S empty-capture=yes");
    let effect = play(&mut game, &[1]);
    assert_eq!(effect.captured, 1);
    assert_eq!(board_and_stores(&game), "0,0,4,4,4,4/4,4,4,4,0,4 1 0 N");
}

#[test]
fn a_last_seed_in_a_pit_that_held_seeds_or_on_the_opponents_row_takes_nothing() {
    let mut game = position("1,1,4,4,4,4/4,4,4,4,6,4 0 0 S");
    assert_eq!(play(&mut game, &[1]).captured, 0);
    // North's empty pit 1 gets South's last seed: not South's pit, nothing taken.
    let mut game = position("4,4,4,4,4,3/0,4,4,4,4,4 0 0 S");
    let effect = play(&mut game, &[6]);
    assert_eq!((effect.last, effect.captured), (Some(7), 0));
}

#[test]
fn the_game_ends_when_the_movers_row_empties_and_each_collects_his_own() {
    // South's last seed goes into his store: his row is empty, North keeps his 10.
    let mut game = position("0,0,0,0,0,1/1,2,3,4,0,0 20 17 S");
    let effect = play(&mut game, &[6]);
    assert!(!effect.extra_turn, "the game is over: no extra turn");
    assert_eq!(
        game.to_string(),
        "0,0,0,0,0,0/0,0,0,0,0,0 21 27 S ply=1 end=no-seeds"
    );
    let result = game.result().unwrap();
    assert_eq!(result.to_string(), "north wins 21-27 (no-seeds)");
    assert_eq!(game.legal_moves().len(), 0);
    assert_eq!(game.play(Move::new(1)), Err(MoveError::GameOver));
}

#[test]
fn the_game_ends_when_the_opponents_row_empties_by_a_capture() {
    // South captures North's only seeds: North's row is empty, South collects his own.
    let mut game = position("1,0,3,0,0,0/0,0,0,0,2,0 10 8 S");
    let effect = play(&mut game, &[1]);
    assert_eq!(effect.captured, 3);
    assert_eq!(board_and_stores(&game), "0,0,0,0,0,0/0,0,0,0,0,0 16 8 N");
    assert_eq!(game.outcome().unwrap().reason, EndReason::NoSeeds);
    assert_eq!(game.outcome().unwrap().winner, Some(Side::South));
}

#[test]
fn equal_stores_draw() {
    let mut game = position("0,0,0,0,0,1/0,0,0,0,0,1 0 0 S");
    play(&mut game, &[6]);
    assert_eq!(game.result().unwrap().to_string(), "draw 1-1 (no-seeds)");
}

#[test]
fn the_move_limit_ends_the_game_after_one_more_move_and_counts_the_seeds() {
    // OpenSpiel: terminal once the move number exceeds the limit.
    let mut game = Kalah::new(RuleSet::STANDARD.with_max_plies(2));
    play(&mut game, &[1, 1]);
    assert!(!game.is_over());
    play(&mut game, &[2]);
    assert_eq!(game.outcome().unwrap().reason, EndReason::MoveLimit);
    assert_eq!(game.ply(), 3);
    assert_eq!(game.store(Side::South) + game.store(Side::North), 48);
    assert!(game.board().iter().all(|&s| s == 0));
    // Without a limit, the same game goes on.
    let mut game = Kalah::new(RuleSet::STANDARD.with_max_plies(0));
    play(&mut game, &[1, 1, 2]);
    assert!(!game.is_over());
}

#[test]
fn illegal_moves_are_refused_and_change_nothing() {
    let game = position("0,4,4,4,4,4/4,4,4,4,4,4 0 4 S");
    let mut copy = game;
    assert_eq!(
        copy.play(Move::new(1)),
        Err(MoveError::EmptyPit { number: 1 })
    );
    assert_eq!(
        copy.play(Move::new(7)),
        Err(MoveError::NoSuchPit { number: 7, pits: 6 })
    );
    assert_eq!(
        copy.play(Move::new(0)).unwrap_err(),
        MoveError::NoSuchPit { number: 0, pits: 6 }
    );
    assert_eq!(copy, game);
}

#[test]
fn openspiel_action_ids_are_board_cells() {
    for number in 1..=6u8 {
        let mv = Move::new(number);
        assert_eq!(mv.action(Side::South, 6), usize::from(number));
        assert_eq!(mv.action(Side::North, 6), 7 + usize::from(number));
        assert_eq!(
            Move::from_action(usize::from(number), 6),
            Some((Side::South, mv))
        );
        assert_eq!(
            Move::from_action(7 + usize::from(number), 6),
            Some((Side::North, mv))
        );
    }
    assert_eq!(Move::from_action(0, 6), None);
    assert_eq!(Move::from_action(7, 6), None);
    assert_eq!(Move::from_action(14, 6), None);
    assert_eq!(Move::new(3).action(Side::North, 3), 7);
}

#[test]
fn setups_refuse_what_no_game_can_be() {
    let bad = [
        (
            "4,4,4/4,4,4 0 0 S seeds=0",
            "a board of 2 × 3 pits with 0 seeds",
        ),
        ("0,0,0,0,0,0/4,4,4,4,4,4 0 0 S", "pits are all empty"),
        ("1,0,0,0,0,0/0,0,0,0,0,0 0 0 N", "pits are all empty"),
        ("1,1,1,1,1,1/1,1,1,1,1,1 250 0 S", "1 to 255 seeds"),
        (
            "1,1,1,1,1,1/1,1,1,1,1,1 0 0 S ply=1001",
            "the move limit is 1000",
        ),
        (
            "1,1,1,1,1,1/1,1,1,1,1,1 0 0 S ply=5 end=no-seeds",
            "collected",
        ),
        (
            "0,0,0,0,0,0/0,0,0,0,0,0 24 24 S ply=1000 end=move-limit",
            "one more",
        ),
        (
            "0,0,0,0,0,0/0,0,0,0,0,0 24 24 S end=majority",
            "no Kalah game",
        ),
        (
            "0,0,0,0,0,0/0,0,0,0,0,0 24 24 S ply=1002 end=no-seeds",
            "before this move count",
        ),
    ];
    for (text, why) in bad {
        let error = text.parse::<Kalah>().expect_err(text).to_string();
        assert!(error.contains(why), "`{text}`: {error}");
    }
    let good = "0,0,0,0,0,0/0,0,0,0,0,0 24 24 S ply=1001 end=move-limit";
    assert_eq!(position(good).to_string(), good);
    assert_eq!(
        position("3,3,3/3,3,3 0 0 S seeds=3").to_string(),
        "3,3,3/3,3,3 0 0 S seeds=3"
    );
}
