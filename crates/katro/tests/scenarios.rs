//! One scenario per rule: an explicit board, one move, the exact board after it, worked out by
//! hand from the rules (the options' scenarios are in `options.rs`). Boards are written top to
//! bottom as South sees them: North's outer row first, South's outer row (row 1) last; holes `a`
//! to the last column.

use crate::common;

use common::scenario::{check, mv, rules};
use common::{is_endless, position, Simple};
use katro::{Direction, Hole, Katro, Move, MoveError, RuleSet, Size};
use mancala_engine::{EndReason, Game, Outcome, Position as _, Side};

/// The circuits, spelled out from the rules text for every size, side and direction.
fn written_circuit(size: Size, side: Side, direction: Direction) -> &'static str {
    use Direction::{A, B};
    use Side::{North, South};
    match (size, side, direction) {
        (Size::S6x6, South, A) => "a1 b1 c1 d1 e1 f1 f2 e2 d2 c2 b2 a2 a3 b3 c3 d3 e3 f3",
        (Size::S6x6, South, B) => "f1 e1 d1 c1 b1 a1 a2 b2 c2 d2 e2 f2 f3 e3 d3 c3 b3 a3",
        (Size::S6x6, North, A) => "f6 e6 d6 c6 b6 a6 a5 b5 c5 d5 e5 f5 f4 e4 d4 c4 b4 a4",
        (Size::S6x6, North, B) => "a6 b6 c6 d6 e6 f6 f5 e5 d5 c5 b5 a5 a4 b4 c4 d4 e4 f4",
        (Size::S4x4, South, A) => "a1 b1 c1 d1 d2 c2 b2 a2",
        (Size::S4x4, South, B) => "d1 c1 b1 a1 a2 b2 c2 d2",
        (Size::S4x4, North, A) => "d4 c4 b4 a4 a3 b3 c3 d3",
        (Size::S4x4, North, B) => "a4 b4 c4 d4 d3 c3 b3 a3",
        (Size::S4x6, South, A) => "a1 b1 c1 d1 e1 f1 f2 e2 d2 c2 b2 a2",
        (Size::S4x6, South, B) => "f1 e1 d1 c1 b1 a1 a2 b2 c2 d2 e2 f2",
        (Size::S4x6, North, A) => "f4 e4 d4 c4 b4 a4 a3 b3 c3 d3 e3 f3",
        (Size::S4x6, North, B) => "a4 b4 c4 d4 e4 f4 f3 e3 d3 c3 b3 a3",
        (Size::S6x3, South, A) => "a1 b1 c1 c2 b2 a2 a3 b3 c3",
        (Size::S6x3, South, B) => "c1 b1 a1 a2 b2 c2 c3 b3 a3",
        (Size::S6x3, North, A) => "c6 b6 a6 a5 b5 c5 c4 b4 a4",
        (Size::S6x3, North, B) => "a6 b6 c6 c5 b5 a5 a4 b4 c4",
    }
}

/// A single seed sown from every hole of the circuit lands in the next one, including the jump
/// from the inner row's last hole back to the outer row's first, on every board, for both
/// players and both directions.
#[test]
fn circuit_order_on_every_board_both_sides_both_directions() {
    for size in Size::ALL {
        for side in Side::BOTH {
            for direction in [Direction::A, Direction::B] {
                let order: Vec<Hole> = written_circuit(size, side, direction)
                    .split(' ')
                    .map(|h| h.parse().unwrap())
                    .collect();
                assert_eq!(order.len(), size.holes_per_side());
                let table = size.circuit(side, direction);
                let rules = RuleSet {
                    size,
                    direction: katro::DirectionRule::Fixed(direction),
                    ..RuleSet::STANDARD
                };
                // The other player's seed sits in his outer row, far from any capture.
                let other = Hole::new(
                    if side == Side::South {
                        size.rows() - 1
                    } else {
                        0
                    },
                    0,
                )
                .unwrap();
                for (k, &from) in order.iter().enumerate() {
                    let to = order[(k + 1) % order.len()];
                    assert_eq!(table.path()[k] as usize, from.index(size).unwrap());
                    let mut setup = katro::Setup::start(rules);
                    setup.board = [0; 36];
                    setup.board[from.index(size).unwrap()] = 1;
                    setup.board[other.index(size).unwrap()] = 1;
                    setup.side_to_move = side;
                    let mut game = Katro::from_setup(setup).unwrap();
                    game.play(Move::sow(from)).unwrap();
                    let mut expected = [0u8; 36];
                    expected[to.index(size).unwrap()] = 1;
                    expected[other.index(size).unwrap()] = 1;
                    assert_eq!(
                        &*game.board(),
                        &expected[..size.holes()],
                        "{size} {side} {direction:?}: {from} -> {to}"
                    );
                }
            }
        }
    }
}

#[test]
fn k1_moves_start_in_the_outermost_row_holding_seeds() {
    // South's outer row is empty: only his middle row may be played.
    let game = position(
        &[
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "3 0 0 0 0 0",
            "0 0 1 0 2 0",
            "0 0 0 0 0 0",
        ],
        Side::South,
        RuleSet::STANDARD,
    );
    assert_eq!(game.legal_moves().to_vec(), vec![mv("c2"), mv("e2")]);
    assert_eq!(
        game.check_move(mv("a3")),
        Err(MoveError::NotOutermostRow {
            hole: "a3".parse().unwrap(),
            side: Side::South,
            expected_row: 1
        })
    );
    // A single seed in the outer row is enough to bind the mover to it.
    let game = position(
        &[
            "0 0 0 0 0 0",
            "2 0 0 0 5 0",
            "0 0 4 0 0 0",
            "3 0 0 0 0 0",
            "0 0 1 0 2 0",
            "0 0 0 0 0 1",
        ],
        Side::South,
        RuleSet::STANDARD,
    );
    assert_eq!(game.legal_moves().to_vec(), vec![mv("f1")]);
    // North: his outer row is row 6; with it empty, his middle row 5.
    let mut north = game;
    north.play(mv("f1")).unwrap();
    assert_eq!(north.legal_moves().to_vec(), vec![mv("a5"), mv("e5")]);
    assert!(matches!(
        north.check_move(mv("c4")),
        Err(MoveError::NotOutermostRow {
            expected_row: 4,
            ..
        })
    ));
    assert!(matches!(
        north.check_move(mv("f2")),
        Err(MoveError::NotOwnHole { .. })
    ));
    assert!(matches!(
        north.check_move(mv("b5")),
        Err(MoveError::EmptyHole { .. })
    ));
    assert!(matches!(
        north.check_move(mv("a7")),
        Err(MoveError::OffBoard { .. })
    ));
}

#[test]
fn k2_k3_a_lap_ending_in_an_empty_hole_ends_the_move() {
    check(
        &[
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 3 0 0 0",
        ],
        Side::South,
        RuleSet::STANDARD,
        "c1",
        &[
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 1 1 1",
        ],
    );
}

#[test]
fn k3_relay_from_an_occupied_hole() {
    // b1 (2) → c1, d1: d1 held 1, no capture (d6 empty), so its 2 seeds go on → e1, f1 (empty).
    check(
        &[
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 2 0 1 0 0",
        ],
        Side::South,
        RuleSet::STANDARD,
        "b1",
        &[
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 1 0 1 1",
        ],
    );
}

#[test]
fn k2_a_lap_of_more_than_the_circuit_does_not_skip_the_emptied_hole() {
    // a1 (19): every South hole gets one, a1 included, and the 19th lands in b1 (now 2); then
    // relays of 2 run down the circuit (no capture: b6 is empty) until f3 (2) → a1, b1 (empty).
    check(
        &[
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "19 0 0 0 0 0",
        ],
        Side::South,
        RuleSet::STANDARD,
        "a1",
        &[
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "2 0 2 0 2 0",
            "0 2 0 2 0 2",
            "2 1 2 0 2 0",
        ],
    );
}

#[test]
fn k4_capture_in_the_inner_row_resows_from_the_next_hole() {
    // b3 (1) → c3 (now 2), in South's inner row; North's innermost row is row 4 and c4 holds 3:
    // 2 + 3 seeds are sown from d3: d3 e3 f3, then the jump to a1, b1 (empty).
    check(
        &[
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 3 0 0 1",
            "0 1 1 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
        ],
        Side::South,
        RuleSet::STANDARD,
        "b3",
        &[
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 1",
            "0 0 0 1 1 1",
            "0 0 0 0 0 0",
            "1 1 0 0 0 0",
        ],
    );
}

#[test]
fn k4_mover_capture_row_falls_back_to_the_middle_row() {
    // South's inner row is empty, so his middle row is his capture row: e2 → d2 (now 2) takes
    // d4 (2); 4 seeds from c2: c2 b2 a2, then a3 (empty).
    let before = [
        "0 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 0 2 0 1",
        "0 0 0 0 0 0",
        "0 0 0 1 1 0",
        "0 0 0 0 0 0",
    ];
    check(
        &before,
        Side::South,
        RuleSet::STANDARD,
        "e2",
        &[
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 1",
            "1 0 0 0 0 0",
            "1 1 1 0 0 0",
            "0 0 0 0 0 0",
        ],
    );
    // Option "inner row only": no capture from the middle row; d2 (2) is relayed to c2, b2.
    check(
        &before,
        Side::South,
        rules("mover-row=inner"),
        "e2",
        &[
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 2 0 1",
            "0 0 0 0 0 0",
            "0 1 1 0 0 0",
            "0 0 0 0 0 0",
        ],
    );
    // With a seed in South's inner row the middle row is not his capture row either.
    check(
        &[
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 2 0 1",
            "0 0 0 0 0 1",
            "0 0 0 1 1 0",
            "0 0 0 0 0 0",
        ],
        Side::South,
        RuleSet::STANDARD,
        "e2",
        &[
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 2 0 1",
            "0 0 0 0 0 1",
            "0 1 1 0 0 0",
            "0 0 0 0 0 0",
        ],
    );
}

#[test]
fn k4_both_capture_rows_fall_back_to_the_outer_rows() {
    // South has only his outer row, North only his: c1 → d1 (now 2) takes d6 (3); 5 seeds
    // from e1: e1 f1 f2 e2 d2 (empty).
    check(
        &[
            "0 0 0 3 0 1",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 1 1 0 0",
        ],
        Side::South,
        RuleSet::STANDARD,
        "c1",
        &[
            "0 0 0 0 0 1",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 1 1 1",
            "0 0 0 0 1 1",
        ],
    );
}

#[test]
fn k4_north_captures_from_his_inner_row() {
    // North's inner row 4 runs f4 → a4 as South sees it: e4 → d4 (now 2) takes d3 (2); 4 seeds
    // from c4: c4 b4 a4, then the jump to North's outer row's first hole, f6.
    let after = check(
        &[
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 1 1 0",
            "0 0 0 2 0 0",
            "0 0 0 0 0 0",
            "1 0 0 0 0 0",
        ],
        Side::North,
        RuleSet::STANDARD,
        "e4",
        &[
            "0 0 0 0 0 1",
            "0 0 0 0 0 0",
            "1 1 1 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "1 0 0 0 0 0",
        ],
    );
    assert_eq!(after.outcome(), None);
}

#[test]
fn k4_north_captures_from_his_middle_row_in_south_outer_row() {
    // North's inner and outer rows are empty, South has only his outer row: b5 → c5 (now 2)
    // takes c1 (3); 5 seeds from d5: d5 e5 f5, then f4 e4 (empty).
    check(
        &[
            "0 0 0 0 0 0",
            "0 1 1 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 3 0 0 1",
        ],
        Side::North,
        RuleSet::STANDARD,
        "b5",
        &[
            "0 0 0 0 0 0",
            "0 0 0 1 1 1",
            "0 0 0 0 1 1",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 1",
        ],
    );
}

#[test]
fn k4_captured_hole_by_row_or_by_column() {
    // c3 → d3 (now 2). North's innermost non-empty row is his middle row 5, and d5 is empty.
    let before = [
        "0 0 0 4 0 0",
        "1 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 1 1 0 0",
        "0 0 0 0 0 0",
        "0 0 0 0 0 0",
    ];
    // By row: no capture; d3 (2) is relayed to e3, f3.
    check(
        &before,
        Side::South,
        RuleSet::STANDARD,
        "c3",
        &[
            "0 0 0 4 0 0",
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 1 1",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
        ],
    );
    // By column: the first occupied hole of column d from North's inner row is d6 (4): 6 seeds
    // from e3: e3 f3 a1 b1 c1 d1.
    check(
        &before,
        Side::South,
        rules("opponent-hole=column"),
        "c3",
        &[
            "0 0 0 0 0 0",
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 1 1",
            "0 0 0 0 0 0",
            "1 1 1 1 0 0",
        ],
    );
    // With d5 occupied both rules take d5 (the middle row) and leave d6.
    let before = [
        "0 0 0 4 0 0",
        "1 0 0 2 0 0",
        "0 0 0 0 0 0",
        "0 0 1 1 0 0",
        "0 0 0 0 0 0",
        "0 0 0 0 0 0",
    ];
    let after = [
        "0 0 0 4 0 0",
        "1 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 0 0 1 1",
        "0 0 0 0 0 0",
        "1 1 0 0 0 0",
    ];
    check(&before, Side::South, RuleSet::STANDARD, "c3", &after);
    check(
        &before,
        Side::South,
        rules("opponent-hole=column"),
        "c3",
        &after,
    );
}

#[test]
fn k5_a_capture_that_empties_the_opponent_ends_the_move() {
    // As in the capture scenario, but c4 holds all of North's seeds: they stay in c3 (2 + 3)
    // and the move ends; North, to move with no seeds, has lost.
    let after = check(
        &[
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 3 0 0 0",
            "0 1 1 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
        ],
        Side::South,
        RuleSet::STANDARD,
        "b3",
        &[
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 5 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
        ],
    );
    assert_eq!(
        after.outcome(),
        Some(Outcome {
            winner: Some(Side::South),
            reason: EndReason::NoSeeds
        })
    );
    assert!(after.legal_moves().is_empty());
}

#[test]
fn k7_the_player_to_move_with_no_seeds_loses() {
    let game = position(
        &[
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 1 0 0 0",
        ],
        Side::North,
        RuleSet::STANDARD,
    );
    assert_eq!(
        game.outcome(),
        Some(Outcome {
            winner: Some(Side::South),
            reason: EndReason::NoSeeds
        })
    );
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.count_legal_moves(), 0);
    assert_eq!(game.clone().play(mv("a6")), Err(MoveError::GameOver));
    // The same board with South to move cannot arise: South never loses seeds in his own move.
    assert!(
        "0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,0,0,0,0/0,0,1,0,0,0 S"
            .parse::<Katro>()
            .is_err()
    );
}

#[test]
fn k6_an_endless_move_is_a_draw_at_the_position_before_it() {
    // Found by random play under the empty trigger; the simple implementation, which has no
    // repeat detection and runs the full 10 000 laps, agrees.
    let rows = ["1 0 0 0", "3 0 10 0", "6 0 4 0", "1 6 0 1"];
    let before = position(&rows, Side::South, rules("trigger=empty"));
    let mut after = before;
    after.play(mv("b1")).unwrap();
    assert!(is_endless(&after));
    assert_eq!(after.board(), before.board());
    assert_eq!(after.side_to_move(), Side::South);
    assert_eq!(
        after.outcome(),
        Some(Outcome {
            winner: None,
            reason: EndReason::EndlessMove
        })
    );
    assert!(after.legal_moves().is_empty());
    assert_eq!(after.check_move(mv("a1")), Err(MoveError::GameOver));
    let mut simple = Simple::from_katro(&before);
    simple.play(mv("b1"));
    assert!(simple.ended);
    assert_eq!(simple.flat(), &*before.board());
    // The position string records it and round-trips.
    assert!(after.to_string().ends_with(" trigger=empty endless"));
    assert_eq!(after.to_string().parse::<Katro>().unwrap(), after);
}
