//! One scenario per rule: an explicit board, one move (or a few), the exact position after.
//! Boards are written South's houses from his left, then North's from his left; expected
//! positions are worked out by hand from the rules, or are those of OpenSpiel's own tests.

use oware::prelude::*;

fn position(text: &str) -> Oware {
    text.parse()
        .unwrap_or_else(|e| panic!("`{text}` does not read: {e}"))
}

/// Plays the moves (house numbers) one after the other and returns the last move's effect.
fn play(game: &mut Oware, moves: &[u8]) -> Effect {
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
fn board_and_stores(game: &Oware) -> String {
    let text = game.to_string();
    text.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

#[test]
fn a_move_sows_one_seed_into_each_following_house() {
    let mut game = Oware::default();
    let effect = play(&mut game, &[5]);
    assert_eq!(board_and_stores(&game), "4,4,4,4,0,5/5,5,5,4,4,4 0 0 N");
    assert_eq!(effect.last, 8);
    assert_eq!(effect.captured, 0);
}

#[test]
fn a_lap_of_twelve_or_more_passes_over_the_house_it_came_from() {
    // 14 seeds from South's house 1: one into each of the 11 other houses, then past the
    // emptied house 1 into houses 2, 3 and 4.
    let mut game = position("14,0,0,0,0,0/1,0,0,0,0,0 0 0 S");
    let effect = play(&mut game, &[1]);
    assert_eq!(board_and_stores(&game), "0,2,2,2,1,1/2,1,1,1,1,1 0 0 N");
    assert_eq!((effect.last, effect.captured), (3, 0));
}

#[test]
fn twos_and_threes_are_captured_backwards_to_the_start_of_the_row() {
    // OpenSpiel's own test: the last seed makes North's house 5 a 3; houses 4, 3, 2, 1 hold 2.
    // South takes 11, more than half of the 18 seeds: the game ends and each side collects
    // his own row (South 4, North the 3 in house 6).
    let mut game = position("0,0,8,0,0,1/1,1,1,1,2,3 0 0 S");
    let effect = play(&mut game, &[3]);
    assert_eq!(effect.captured, 11);
    assert_eq!(
        game.to_string(),
        "0,0,0,0,0,0/0,0,0,0,0,0 15 3 N ply=1 end=majority"
    );
    assert_eq!(
        game.result().unwrap().to_string(),
        "south wins 15-3 (majority)"
    );
}

#[test]
fn the_capture_stops_at_the_first_house_that_is_not_a_two_or_three() {
    // OpenSpiel's own test: North's house 1 becomes a 4, which stops the walk back.
    let mut game = position("0,0,8,0,0,1/3,1,1,1,2,0 0 0 S");
    let effect = play(&mut game, &[3]);
    assert_eq!(effect.captured, 9);
    assert_eq!(board_and_stores(&game), "0,0,0,0,0,0/0,0,0,0,0,0 13 4 N");
}

#[test]
fn a_last_seed_making_one_or_four_captures_nothing() {
    // OpenSpiel's own tests: North's last seed makes South's house 5 a 1; South's last seed
    // makes North's house 5 a 4.
    let mut game = position("3,1,1,1,0,0/0,0,8,0,0,1 0 0 N");
    assert_eq!(play(&mut game, &[3]).captured, 0);
    assert_eq!(board_and_stores(&game), "4,2,2,2,1,0/0,0,0,1,1,2 0 0 S");
    let mut game = position("0,0,8,0,0,1/3,1,1,1,3,0 0 0 S");
    assert_eq!(play(&mut game, &[3]).captured, 0);
    assert_eq!(board_and_stores(&game), "0,0,0,1,1,2/4,2,2,2,4,0 0 0 N");
}

#[test]
fn a_grand_slam_captures_nothing_under_the_standard_rules() {
    // OpenSpiel's own test: North's 8 seeds leave South's row 2,2,2,2,2,0, all of it takeable.
    let mut game = position("1,1,1,1,1,0/0,0,8,0,0,1 0 0 N");
    let effect = play(&mut game, &[3]);
    assert!(effect.grand_slam);
    assert_eq!(effect.captured, 0);
    assert_eq!(board_and_stores(&game), "2,2,2,2,2,0/0,0,0,1,1,2 0 0 S");
}

#[test]
fn a_grand_slam_captures_everything_under_the_other_rule() {
    // The same move takes South's 10 seeds; South, to move with none, cannot move: the game
    // ends and North collects his own row.
    let mut game = position("1,1,1,1,1,0/0,0,8,0,0,1 10 0 N grand-slam=capture-all");
    let effect = play(&mut game, &[3]);
    assert!(effect.grand_slam);
    assert_eq!(effect.captured, 10);
    assert_eq!(
        game.to_string(),
        "0,0,0,0,0,0/0,0,0,0,0,0 10 14 S ply=1 end=no-seeds grand-slam=capture-all"
    );
    assert_eq!(
        game.result().unwrap().to_string(),
        "north wins 10-14 (no-seeds)"
    );
}

#[test]
fn a_player_must_feed_an_opponent_who_has_no_seeds() {
    // OpenSpiel's own test: house 1's single seed stays on South's row, house 6's reaches North.
    let game = position("1,0,0,0,0,1/0,0,0,0,0,0 0 0 S");
    assert_eq!(game.legal_moves().to_vec(), vec![Move::new(6)]);
    assert_eq!(
        game.check_move(Move::new(1)),
        Err(MoveError::MustFeed { number: 1 })
    );
    // Any house is playable while the opponent has seeds (OpenSpiel's own test).
    let game = position("1,0,9,0,0,1/1,0,0,0,0,0 0 0 S");
    let moves: Vec<usize> = game.legal_moves().iter().map(|m| m.action()).collect();
    assert_eq!(moves, vec![0, 2, 5]);
}

#[test]
fn a_player_who_cannot_feed_ends_the_game_and_collects_his_row() {
    // South's seed makes North's house 1 a 2, but that is a grand slam: nothing is taken. South
    // is then empty, and North's two seeds cannot reach him: North collects them.
    let mut game = position("0,0,0,0,0,1/1,0,0,0,0,0 20 22 S");
    let effect = play(&mut game, &[6]);
    assert!(effect.grand_slam);
    assert_eq!(
        game.to_string(),
        "0,0,0,0,0,0/0,0,0,0,0,0 20 24 N ply=1 end=no-seeds"
    );
}

#[test]
fn a_board_that_comes_back_since_the_last_capture_ends_the_game() {
    // OpenSpiel's own test: two lone seeds walk round the board, and after twelve moves the
    // start comes back with South to move; each side collects his seed.
    let mut game = position("1,0,0,0,0,0/1,0,0,0,0,0 23 23 S");
    play(&mut game, &[1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    assert!(!game.is_over());
    assert_eq!(board_and_stores(&game), "0,0,0,0,0,1/0,0,0,0,0,1 23 23 S");
    assert_eq!(game.since_capture(), 10);
    play(&mut game, &[6, 6]);
    assert_eq!(
        game.to_string(),
        "0,0,0,0,0,0/0,0,0,0,0,0 24 24 S ply=12 end=repetition"
    );
    assert_eq!(
        game.result().unwrap().to_string(),
        "draw 24-24 (repetition)"
    );
}

#[test]
fn a_capture_wipes_the_repetition_record() {
    // North's seed comes back to a board seen before, but South captured in between.
    let mut game = position("0,0,0,0,1,1/1,0,0,0,0,0 0 0 S");
    play(&mut game, &[6]); // into North's house 1, now a 2: a grand slam, no capture
    assert_eq!(game.since_capture(), 1);
    let mut game = position("0,0,0,0,1,1/1,1,0,0,0,0 0 0 S");
    let effect = play(&mut game, &[6]); // North's house 1 becomes a 2, house 2 keeps 1
    assert_eq!(effect.captured, 2);
    assert_eq!(game.since_capture(), 0);
    assert_eq!(board_and_stores(&game), "0,0,0,0,1,0/0,1,0,0,0,0 2 0 N");
}

#[test]
fn both_stores_at_half_end_the_game_in_a_draw() {
    // South's seed makes North's house 1 a 2 with nothing after it: a grand slam. It takes
    // nothing under the standard rules; under capture-all it takes the 2, which brings both
    // stores to 12 of the 24 seeds.
    let mut game = position("0,0,0,0,0,1/1,0,0,0,0,0 10 12 S");
    let mut all = position("0,0,0,0,0,1/1,0,0,0,0,0 10 12 S grand-slam=capture-all");
    assert_eq!(play(&mut game, &[6]).captured, 0);
    assert_eq!(play(&mut all, &[6]).captured, 2);
    assert_eq!(
        all.to_string(),
        "0,0,0,0,0,0/0,0,0,0,0,0 12 12 N ply=1 end=empty grand-slam=capture-all"
    );
    assert_eq!(all.result().unwrap().to_string(), "draw 12-12 (empty)");
}

#[test]
fn the_move_limit_ends_the_game_as_a_draw_with_the_seeds_in_place() {
    let mut game = position("4,4,4,4,4,4/4,4,4,4,4,4 0 0 S ply=999");
    play(&mut game, &[1]);
    assert_eq!(
        game.to_string(),
        "0,5,5,5,5,4/4,4,4,4,4,4 0 0 N ply=1000 end=move-limit"
    );
    assert_eq!(game.result().unwrap().to_string(), "draw 0-0 (move-limit)");
    assert_eq!(game.play(Move::new(1)), Err(MoveError::GameOver));
    // Without a limit the same game goes on.
    let mut free = position("4,4,4,4,4,4/4,4,4,4,4,4 0 0 S ply=999 max-plies=0");
    play(&mut free, &[1]);
    assert!(!free.is_over());
}

#[test]
fn other_board_sizes_follow_the_same_rules() {
    // 2 × 2 houses of 2 seeds (a board OpenSpiel's tests use): South's house 2 sows into
    // North's houses 1 and 2, making them 3s: a grand slam, so nothing is taken.
    let mut game = Oware::new(RuleSet::with_board(2, 2).unwrap());
    assert_eq!(game.to_string(), "2,2/2,2 0 0 S seeds=2");
    let effect = play(&mut game, &[2]);
    assert!(effect.grand_slam);
    assert_eq!(board_and_stores(&game), "2,0/3,3 0 0 N");
}
