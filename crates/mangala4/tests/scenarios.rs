//! One scenario per rule: an explicit board, one move (or a whole ending), the exact board
//! after it, worked out by hand from the rules.

use mancala_engine::relay::LAP_LIMIT;
use mangala4::prelude::*;
use mangala4::Leftover;

/// The position of `board` and `stores`, `side` to move, standard rules, no history.
fn with_stores(board: [u8; 14], stores: [u32; 2], side: Side) -> Mangala4 {
    Mangala4::from_setup(Setup {
        holes: board.map(u32::from),
        stores,
        side_to_move: side,
        ..Setup::even()
    })
    .unwrap()
}

fn position(board: [u8; 14], side: Side) -> Mangala4 {
    with_stores(board, [0, 0], side)
}

/// The same position under the leftover option `own-side`.
fn own_side(position: Mangala4) -> Mangala4 {
    let mut setup = position.to_setup();
    setup.rules.leftover = Leftover::OwnSide;
    Mangala4::from_setup(setup).unwrap()
}

fn reason(position: &Mangala4) -> Option<EndReason> {
    position.outcome().map(|outcome| outcome.reason)
}

#[test]
fn m1_the_forced_hole_is_the_first_occupied_one() {
    // South's holes 1 and 2 are empty: he must play hole 3 (index 2), not hole 5.
    let mut p = position([0, 0, 1, 0, 5, 0, 0, 1, 1, 1, 1, 1, 1, 1], Side::South);
    assert_eq!(p.legal_moves().to_vec(), vec![Move::Sow(2)]);
    assert_eq!(
        p.check_move(Move::Sow(4)),
        Err(MoveError::NotForced {
            side: Side::South,
            forced: 2,
            played: 4
        })
    );
    assert_eq!(
        p.check_move(Move::Pass),
        Err(MoveError::MustSow {
            side: Side::South,
            hole: 2
        })
    );
    // Its single seed falls into the empty hole 4 and ends the move.
    let effect = p.play_reported(Move::Sow(2)).unwrap();
    assert_eq!(*p.board(), [0, 0, 0, 1, 5, 0, 0, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!((effect.laps, effect.capture), (1, None));
    assert_eq!(p.side_to_move(), Side::North);
    // North's forced hole is his hole 1 (index 7).
    assert_eq!(p.forced_move(), Some(Move::Sow(7)));
}

#[test]
fn m2_a_player_with_an_empty_row_passes() {
    let before = [0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0];
    let mut p = position(before, Side::South);
    assert_eq!(p.legal_moves().to_vec(), vec![Move::Pass]);
    assert_eq!(
        p.check_move(Move::Sow(0)),
        Err(MoveError::MustPass(Side::South))
    );
    p.play(Move::Pass).unwrap();
    assert_eq!(*p.board(), before);
    assert_eq!(p.side_to_move(), Side::North);
    assert_eq!(p.legal_moves().to_vec(), vec![Move::Sow(7)]);
}

#[test]
fn m4_relay_on_a_3() {
    // South hole 1 (2 seeds) sows holes 2 and 3; hole 3 becomes 3: relay. Its 3 seeds
    // go to holes 4, 5, 6; hole 6 was empty: the move ends.
    let mut p = position([2, 0, 2, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1], Side::South);
    let effect = p.play_reported(Move::Sow(0)).unwrap();
    assert_eq!(*p.board(), [0, 1, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1]);
    assert_eq!((effect.laps, effect.capture), (2, None));
}

#[test]
fn m4_relay_on_5_or_more() {
    // South hole 1 (1 seed) makes hole 2 a 5: relay; the 5 go to holes 3..7, the last into
    // an empty hole.
    let mut p = position([1, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], Side::South);
    let effect = p.play_reported(Move::Sow(0)).unwrap();
    assert_eq!(*p.board(), [0, 0, 1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1]);
    assert_eq!((effect.laps, effect.capture), (2, None));
}

#[test]
fn m3_a_long_relay_goes_round_and_fills_the_emptied_hole() {
    // Hole 2 becomes 16: relay. 16 seeds from hole 3: one in each of the 14 holes (the
    // emptied hole 2 included) and one more in holes 3 and 4. Hole 4 (index 3) ends with 2:
    // capture it with its opposite (index 10, 1), then hole 3 (2) with index 11 (1); hole 2
    // holds 1 and stops the walk.
    let mut p = position([1, 15, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], Side::South);
    let effect = p.play_reported(Move::Sow(0)).unwrap();
    assert_eq!(*p.board(), [1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 0, 0, 1, 1]);
    assert_eq!(effect.laps, 2);
    assert_eq!(
        effect.capture,
        Some(Capture {
            landing: 3,
            holes: 2,
            seeds: 6
        })
    );
    assert_eq!(p.store(Side::South), 6);
}

#[test]
fn m4_capture_on_a_2_with_the_opposite_hole_on_the_movers_own_side() {
    // South hole 1 makes his own hole 2 a 2: he takes it and North's hole 6 opposite (index
    // 12, 3 seeds). The hole before (index 0) is now empty: the walk stops.
    let mut p = position([1, 1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 3, 0], Side::South);
    let effect = p.play_reported(Move::Sow(0)).unwrap();
    assert_eq!(*p.board(), [0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0]);
    assert_eq!(
        effect.capture,
        Some(Capture {
            landing: 1,
            holes: 1,
            seeds: 5
        })
    );
    assert_eq!((p.store(Side::South), p.store(Side::North)), (5, 0));
    assert_eq!(effect.to_string(), "S1xS2=5");
}

#[test]
fn m4_capture_on_a_4_with_the_opposite_hole() {
    // North hole 1 (index 7) makes his hole 2 (index 8) a 4: he takes it and South's hole 6
    // opposite (index 5, 2 seeds): 6 for North. The board keeps South's hole 1.
    let mut p = position([1, 0, 0, 0, 0, 2, 0, 1, 3, 0, 0, 0, 0, 0], Side::North);
    let effect = p.play_reported(Move::Sow(7)).unwrap();
    assert_eq!(*p.board(), [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(
        effect.capture,
        Some(Capture {
            landing: 8,
            holes: 1,
            seeds: 6
        })
    );
    assert_eq!((p.store(Side::South), p.store(Side::North)), (0, 6));
}

#[test]
fn m4_m5_a_backward_chain_of_several_holes_on_the_other_row() {
    // South hole 1 sows 11 seeds into indices 1..=11. Index 11 becomes 2: capture with
    // index 2 (1); back: index 10 is 2 (with index 3, 1), index 9 is 4 (with index 4, 1),
    // index 8 is 3: stop. 3 + 3 + 5 = 11 for South.
    let mut p = position([11, 0, 0, 0, 0, 0, 0, 0, 2, 3, 1, 1, 0, 0], Side::South);
    let effect = p.play_reported(Move::Sow(0)).unwrap();
    assert_eq!(*p.board(), [0, 1, 0, 0, 0, 1, 1, 1, 3, 0, 0, 0, 0, 0]);
    assert_eq!(
        effect.capture,
        Some(Capture {
            landing: 11,
            holes: 3,
            seeds: 11
        })
    );
    assert_eq!(
        effect.capture.unwrap().taken().collect::<Vec<_>>(),
        vec![11, 10, 9]
    );
    assert_eq!(effect.to_string(), "S1xN5N4N3=11");
    assert_eq!(p.store(Side::South), 11);
}

#[test]
fn m4_the_chain_stops_at_the_end_of_a_row() {
    // South hole 1 sows 8 seeds into indices 1..=8: indices 5..=8 become 2s. Index 8: take
    // it with index 5; index 7 (North's hole 1): take it with index 6. The walk would go on to
    // index 6, which held a 2 before this capture, but as the opposite of index 7 it is now
    // empty, and the walk stops there.
    let mut p = position([8, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0], Side::South);
    let effect = p.play_reported(Move::Sow(0)).unwrap();
    assert_eq!(*p.board(), [0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    assert_eq!(
        effect.capture,
        Some(Capture {
            landing: 8,
            holes: 2,
            seeds: 8
        })
    );
    assert_eq!(p.store(Side::South), 8);
}

#[test]
fn m6_the_game_ends_when_the_board_is_empty() {
    // South hole 1 makes hole 2 a 2 and takes it with index 12: nothing is left.
    let mut p = with_stores(
        [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 0],
        [40, 53],
        Side::South,
    );
    p.play(Move::Sow(0)).unwrap();
    assert_eq!(*p.board(), [0; 14]);
    assert_eq!(reason(&p), Some(EndReason::EmptyBoard));
    assert_eq!(p.outcome().unwrap().winner, Some(Side::North));
    assert_eq!((p.score(Side::South), p.score(Side::North)), (45, 53));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.check_move(Move::Pass), Err(MoveError::GameOver));
}

#[test]
fn m7_a_lone_seed_ends_by_repetition_after_one_circuit() {
    // A lone seed on South's hole 7, North to move. North passes, South moves it to North's
    // hole 1, North moves it along his row (South passing in between), then South along his,
    // until it is back on South's hole 7 with North to move: 14 moves, the first repeat.
    let start = with_stores(
        [0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0],
        [50, 47],
        Side::North,
    );
    let mut p = start;
    let mut moves = 0;
    let mut turns = 0;
    while reason(&p).is_none() {
        if p.forced_move() != Some(Move::Pass) {
            moves += 1;
        }
        p.play(p.forced_move().unwrap()).unwrap();
        turns += 1;
    }
    assert_eq!(moves, 14);
    // 14 moves and 12 passes: North's at the start, then one after every move except the two
    // that cross to the other row and the last.
    assert_eq!(turns, 14 + 1 + (14 - 3));
    assert_eq!(p.board(), start.board());
    assert_eq!(p.side_to_move(), Side::North);
    assert_eq!(reason(&p), Some(EndReason::Repetition));
    assert_eq!(p.outcome().unwrap().winner, Some(Side::South));
    assert_eq!((p.score(Side::South), p.score(Side::North)), (50, 47));
    let finish = start.play_out();
    assert_eq!((finish.position, finish.plies), (p, 14));
    assert_eq!(finish.result.to_string(), "south wins 50-47 (repetition)");
    assert_eq!(finish.left(), 1);
    // Awarded to the owner of the row it lies on: South.
    let own = own_side(start).play_out();
    assert_eq!((own.score(Side::South), own.score(Side::North)), (51, 47));
}

#[test]
fn m7_the_leftover_option_can_decide_the_game() {
    // 49 to 48 with a lone seed on North's side: a South win when it is left uncounted,
    // a draw at 49 to 49 when it is awarded to North.
    let start = with_stores(
        [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0],
        [49, 48],
        Side::South,
    );
    let uncounted = start.play_out();
    assert_eq!(uncounted.result.outcome.winner, Some(Side::South));
    let own = own_side(start).play_out();
    // The game ends with the seed back on index 10 (North's row).
    assert_eq!(own.position.board()[10], 1);
    assert_eq!(own.result.outcome.winner, None);
}

#[test]
fn m8_an_endless_move_changes_nothing_and_ends_the_game() {
    let before = [3, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1];
    // Every lap lifts exactly 3: the 3 seeds make the holes they fall into 2, 1, 3, and the
    // 3 is lifted again, 3 holes further on (checked lap by lap for 100 laps).
    let mut board = before;
    let mut hole = 0usize;
    for _ in 0..100 {
        assert_eq!(board[hole], 3);
        board[hole] = 0;
        for k in 1..=3 {
            board[(hole + k) % 14] += 1;
        }
        hole = (hole + 3) % 14;
    }
    let mut p = position(before, Side::South);
    let effect = p.play_reported(Move::Sow(0)).unwrap();
    assert!(effect.endless);
    assert!(effect.laps <= LAP_LIMIT);
    assert_eq!(effect.to_string(), "S1!");
    assert_eq!(*p.board(), before);
    assert_eq!(p.side_to_move(), Side::South);
    assert_eq!(reason(&p), Some(EndReason::EndlessMove));
    assert!(p.legal_moves().is_empty());
    let finish = position(before, Side::South).play_out();
    assert_eq!(finish.result.to_string(), "draw 0-0 (endless-move)");
    assert_eq!((finish.plies, finish.left()), (1, 16));
    let own = own_side(position(before, Side::South)).play_out();
    assert_eq!((own.score(Side::South), own.score(Side::North)), (9, 7));
}
