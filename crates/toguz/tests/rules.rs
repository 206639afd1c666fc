//! One scenario per rule and edge of the crate's guide (`README.md`): an explicit board, one move, the exact board
//! after it.

use crate::common;

use common::{balanced, position, position_with, total};
use mancala_engine::{EndReason, Game, Outcome, Position as _, Side};
use toguz::{Move, MoveError, RuleSet, Toguz, TuzdikRule};

const W: Side = Side::South;
const B: Side = Side::North;

fn holes(position: &Toguz) -> Vec<u32> {
    position.board().iter().map(|&h| u32::from(h)).collect()
}

fn board(pairs: &[(usize, u32)]) -> [u32; 18] {
    let mut holes = [0; 18];
    for &(i, n) in pairs {
        holes[i] = n;
    }
    holes
}

#[test]
fn t1_only_an_occupied_hole_of_the_mover_is_playable() {
    let start = balanced(board(&[(0, 5), (9, 3), (10, 2)]), [None, Some(3)], W);
    assert_eq!(start.legal_moves().to_vec(), vec![Move::new(1)]);
    let mut p = start;
    assert_eq!(
        p.play(Move::new(2)),
        Err(MoveError::EmptyHole { number: 2 })
    );
    assert_eq!(
        p.play(Move::new(4)),
        Err(MoveError::TuzdikHole { number: 4 })
    );
    assert_eq!(
        p.play(Move::new(10)),
        Err(MoveError::NoSuchHole {
            number: 10,
            per_side: 9
        })
    );
    assert_eq!(
        p.play(Move::new(0)),
        Err(MoveError::NoSuchHole {
            number: 0,
            per_side: 9
        })
    );
    assert_eq!(p, start, "a refused move leaves the position unchanged");
}

#[test]
fn t2_a_single_seed_goes_to_the_next_hole() {
    let mut p = balanced(board(&[(0, 1), (1, 1), (9, 4)]), [None, None], W);
    let white = p.kazan(W);
    p.play(Move::new(1)).unwrap();
    assert_eq!(holes(&p), board(&[(1, 2), (9, 4)]).to_vec());
    assert_eq!(p.side_to_move(), B);
    assert_eq!(
        p.kazan(W),
        white,
        "a last seed on the mover's own side never captures"
    );
}

#[test]
fn t2_a_single_seed_crosses_to_the_opponent_and_captures() {
    let mut p = balanced(board(&[(8, 1), (9, 3), (12, 2)]), [None, None], W);
    let white = p.kazan(W);
    let effect = p.play_reported(Move::new(9)).unwrap();
    assert_eq!(effect.landing, 9);
    assert_eq!(effect.captured, 4);
    assert_eq!(holes(&p), board(&[(12, 2)]).to_vec());
    assert_eq!(p.kazan(W), white + 4);
}

#[test]
fn t2_the_first_of_several_seeds_goes_back_into_the_origin() {
    let mut p = balanced(board(&[(1, 3), (2, 1), (9, 6)]), [None, None], W);
    p.play(Move::new(2)).unwrap();
    assert_eq!(holes(&p), board(&[(1, 1), (2, 2), (3, 1), (9, 6)]).to_vec());
}

#[test]
fn t2_t3_a_lap_of_18_skips_no_hole_and_feeds_both_tuzdiks() {
    // White's tuzdik on Black's hole 4 (index 12), Black's on White's hole 5 (index 4).
    let mut p = position(board(&[(0, 20)]), 68, [Some(12), Some(4)], W);
    let effect = p.play_reported(Move::new(1)).unwrap();
    let mut expected = [1u32; 18];
    expected[0] = 2; // the origin gets the first seed and the 19th
    expected[1] = 2;
    expected[4] = 0;
    expected[12] = 0;
    assert_eq!(holes(&p), expected.to_vec());
    assert_eq!(effect.landing, 1);
    assert_eq!((p.kazan(W), p.kazan(B)), (69, 75));
    assert_eq!(total(&p), 162);
}

#[test]
fn t2_t4_a_lap_of_36_and_more_through_tuzdiks_then_an_even_capture() {
    // 44 seeds from White's hole 4: two full laps, then 8 more from the origin to index 10.
    let mut p = position(board(&[(3, 44), (10, 1)]), 58, [Some(11), Some(7)], W);
    let effect = p.play_reported(Move::new(4)).unwrap();
    let expected = [2, 2, 2, 3, 3, 3, 3, 0, 3, 3, 0, 0, 2, 2, 2, 2, 2, 2];
    assert_eq!(holes(&p), expected.to_vec());
    assert_eq!(effect.landing, 10);
    assert_eq!(effect.captured, 4);
    assert_eq!(
        p.kazan(W),
        58 + 2 + 4,
        "two seeds fed into White's tuzdik, four captured"
    );
    assert_eq!(p.kazan(B), 59 + 3, "three seeds fed into Black's tuzdik");
}

#[test]
fn t4_even_captures_odd_does_not() {
    // 8 seeds from White's hole 3 end on Black's hole 1.
    let mut even = balanced(board(&[(2, 8), (9, 1), (16, 1)]), [None, None], W);
    let white = even.kazan(W);
    even.play(Move::new(3)).unwrap();
    assert_eq!(even.hole(B, 1), Some(0));
    assert_eq!(even.kazan(W), white + 2);
    let mut odd = balanced(board(&[(2, 8), (9, 4)]), [None, None], W);
    let white = odd.kazan(W);
    odd.play(Move::new(3)).unwrap();
    assert_eq!(odd.hole(B, 1), Some(5));
    assert_eq!(odd.kazan(W), white);
}

#[test]
fn t4_black_captures_on_whites_row() {
    // 3 seeds from Black's hole 9 (index 17): 17, 0, 1; White's hole 2 had 1, now 2.
    let mut p = balanced(board(&[(17, 3), (1, 1), (5, 2)]), [None, None], B);
    let black = p.kazan(B);
    p.play(Move::new(9)).unwrap();
    assert_eq!(holes(&p), board(&[(17, 1), (0, 1), (5, 2)]).to_vec());
    assert_eq!(p.kazan(B), black + 2);
}

#[test]
fn t4_a_three_makes_a_tuzdik() {
    let mut p = balanced(board(&[(2, 8), (9, 2)]), [None, None], W);
    let white = p.kazan(W);
    let effect = p.play_reported(Move::new(3)).unwrap();
    assert_eq!(effect.tuzdik, Some(9));
    assert_eq!(p.tuzdik(W), Some(9));
    assert_eq!(p.hole(B, 1), Some(0));
    assert_eq!(p.kazan(W), white + 3);
    // From then on every seed sown into it is White's.
    let mut r = balanced(board(&[(8, 2), (13, 1)]), [Some(9), None], W);
    let white = r.kazan(W);
    r.play(Move::new(9)).unwrap();
    assert_eq!((r.hole(W, 9), r.hole(B, 1)), (Some(1), Some(0)));
    assert_eq!(r.kazan(W), white + 1);
}

#[test]
fn t4a_no_second_tuzdik() {
    let mut p = balanced(board(&[(2, 8), (9, 2)]), [Some(13), None], W);
    let white = p.kazan(W);
    let effect = p.play_reported(Move::new(3)).unwrap();
    assert_eq!(effect.tuzdik, None);
    assert_eq!(p.tuzdik(W), Some(13));
    assert_eq!(p.hole(B, 1), Some(3));
    assert_eq!(p.kazan(W), white);
}

#[test]
fn t4b_no_tuzdik_on_the_opponents_ninth_hole() {
    // 10 seeds from White's hole 9 (index 8) end on index 17, Black's hole 9.
    let mut p = balanced(board(&[(8, 10), (17, 2)]), [None, None], W);
    let white = p.kazan(W);
    let effect = p.play_reported(Move::new(9)).unwrap();
    assert_eq!(effect.landing, 17);
    assert_eq!(effect.tuzdik, None);
    assert_eq!(p.hole(B, 9), Some(3));
    assert_eq!(p.kazan(W), white);
}

#[test]
fn t4c_no_tuzdik_facing_the_opponents_by_number() {
    // Black's tuzdik on White's hole 1 forbids White one on Black's hole 1 ...
    let mut p = balanced(board(&[(2, 8), (9, 2)]), [None, Some(0)], W);
    let effect = p.play_reported(Move::new(3)).unwrap();
    assert_eq!(effect.tuzdik, None);
    assert_eq!(p.hole(B, 1), Some(3));
    // ... but not on Black's hole 2.
    let mut q = balanced(board(&[(2, 9), (10, 2)]), [None, Some(0)], W);
    let effect = q.play_reported(Move::new(3)).unwrap();
    assert_eq!(effect.tuzdik, Some(10));
}

#[test]
fn t3_a_last_seed_into_the_movers_tuzdik_goes_to_his_kazan_and_captures_nothing() {
    // White's tuzdik on Black's hole 3 (index 11); 10 seeds from White's hole 3 end there.
    let mut p = balanced(board(&[(2, 10), (12, 1)]), [Some(11), None], W);
    let white = p.kazan(W);
    let effect = p.play_reported(Move::new(3)).unwrap();
    assert_eq!(effect.landing, 11);
    assert_eq!((effect.captured, effect.tuzdik), (0, None));
    assert_eq!(p.hole(B, 3), Some(0));
    assert_eq!(p.kazan(W), white + 1);
    assert_eq!(
        holes(&p),
        board(&[
            (2, 1),
            (3, 1),
            (4, 1),
            (5, 1),
            (6, 1),
            (7, 1),
            (8, 1),
            (9, 1),
            (10, 1),
            (12, 1)
        ])
        .to_vec()
    );
}

#[test]
fn t3_the_opponents_seed_into_a_tuzdik_feeds_its_owner() {
    // Black's tuzdik on White's hole 5 (index 4); White sows 3 from his hole 4 across it.
    let mut p = balanced(board(&[(3, 3), (9, 2)]), [None, Some(4)], W);
    let (white, black_before) = (p.kazan(W), p.kazan(B));
    p.play(Move::new(4)).unwrap();
    assert_eq!(holes(&p), board(&[(3, 1), (5, 1), (9, 2)]).to_vec());
    assert_eq!(p.kazan(B), black_before + 1);
    assert_eq!(p.kazan(W), white);
}

#[test]
fn t5_a_tuzdik_is_permanent() {
    let mut p = balanced(board(&[(2, 8), (9, 2), (16, 4)]), [None, None], W);
    p.play(Move::new(3)).unwrap();
    assert_eq!(p.tuzdik(W), Some(9));
    // Black plays on; the tuzdik stays whatever happens next.
    for _ in 0..6 {
        let Some(&mv) = p.legal_moves().first() else {
            break;
        };
        p.play(mv).unwrap();
        assert_eq!(p.tuzdik(W), Some(9));
        assert_eq!(p.hole(B, 1), Some(0));
    }
}

#[test]
fn t6_a_majority_ends_the_game() {
    let mut p = position(board(&[(8, 1), (9, 1), (12, 4)]), 80, [None, None], W);
    p.play(Move::new(9)).unwrap();
    assert_eq!(p.kazan(W), 82);
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(W),
            reason: EndReason::Majority
        })
    );
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.count_legal_moves(), 0);
    assert_eq!(p.play(Move::new(4)), Err(MoveError::GameOver));
}

#[test]
fn t6_off_plays_on_after_a_majority() {
    let rules = RuleSet {
        stop_at_majority: false,
        ..RuleSet::STANDARD
    };
    let mut p = position_with(
        rules,
        board(&[(8, 1), (9, 1), (12, 4)]),
        80,
        [None, None],
        W,
    );
    p.play(Move::new(9)).unwrap();
    assert_eq!(p.kazan(W), 82);
    assert_eq!(p.outcome(), None);
    assert_eq!(p.legal_moves().to_vec(), vec![Move::new(4)]);
}

#[test]
fn t6_81_81_is_a_draw() {
    // 81 is odd: each player needs a tuzdik (White's on Black's hole 3, Black's on White's
    // hole 5) for his kazan to hold it.
    let mut p = position(board(&[(8, 1), (9, 1)]), 79, [Some(11), Some(4)], W);
    p.play(Move::new(9)).unwrap();
    assert_eq!((p.kazan(W), p.kazan(B)), (81, 81));
    assert_eq!(p.outcome().map(|o| o.winner), Some(None));
    assert!(p.legal_moves().is_empty());
}

#[test]
fn t7_atsyz_kalu_gives_the_seeds_left_to_their_side() {
    // White takes Black's last seeds; Black, to move, has none.
    let mut p = position(
        board(&[(0, 5), (1, 5), (8, 1), (9, 1)]),
        72,
        [None, None],
        W,
    );
    p.play(Move::new(9)).unwrap();
    assert_eq!((p.kazan(W), p.kazan(B)), (74, 78));
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(W),
            reason: EndReason::NoSeeds
        })
    );
    assert_eq!((p.score(W), p.score(B)), (84, 78));
    assert!(p.legal_moves().is_empty());
    assert_eq!(p.board()[0], 5, "the board is shown before the collection");
}

#[test]
fn t7_can_decide_for_the_player_who_cannot_move() {
    // Black to move with an empty row, but Black's kazan already leads.
    let p = position(board(&[(0, 2)]), 70, [None, None], B);
    assert_eq!(
        (p.score(W), p.score(B)),
        (70, 90),
        "no collection after a majority"
    );
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(B),
            reason: EndReason::Majority
        })
    );
    let rules = RuleSet {
        stop_at_majority: false,
        ..RuleSet::STANDARD
    };
    let q = position_with(rules, board(&[(0, 2)]), 70, [None, None], B);
    assert_eq!(
        q.outcome(),
        Some(Outcome {
            winner: Some(B),
            reason: EndReason::NoSeeds
        })
    );
    assert_eq!((q.score(W), q.score(B)), (72, 90));
}

#[test]
fn optional_tuzdik_offers_both_and_honours_the_choice() {
    let rules = RuleSet {
        tuzdik: TuzdikRule::Optional,
        ..RuleSet::STANDARD
    };
    let start = position_with(rules, board(&[(2, 8), (9, 2), (0, 2)]), 74, [None, None], W);
    let moves = start.legal_moves().to_vec();
    assert_eq!(moves, vec![Move::new(1), Move::new(3), Move::claiming(3)]);
    let mut claimed = start;
    claimed.play(Move::claiming(3)).unwrap();
    assert_eq!(
        (claimed.tuzdik(W), claimed.hole(B, 1), claimed.kazan(W)),
        (Some(9), Some(0), 77)
    );
    let mut declined = start;
    declined.play(Move::new(3)).unwrap();
    assert_eq!(
        (declined.tuzdik(W), declined.hole(B, 1), declined.kazan(W)),
        (None, Some(3), 74)
    );
    let mut p = start;
    assert_eq!(
        p.play(Move::claiming(1)),
        Err(MoveError::NothingToClaim { number: 1 })
    );
    let mut auto = balanced(board(&[(2, 8), (9, 2)]), [None, None], W);
    assert_eq!(
        auto.play(Move::claiming(3)),
        Err(MoveError::ClaimNotAllowed)
    );
}

#[test]
fn every_first_move_captures_ten_except_from_hole_one() {
    for number in 1..=9u8 {
        let mut p = Toguz::default();
        let effect = p.play_reported(Move::new(number)).unwrap();
        let expected = if number == 1 { 0 } else { 10 };
        assert_eq!(effect.captured, expected, "first move from hole {number}");
        assert_eq!(p.kazan(W), expected);
    }
}

#[test]
fn the_shortest_win_takes_eleven_half_moves() {
    let mut p = Toguz::default();
    for (ply, number) in [5u8, 1, 3, 5, 8, 3, 7, 4, 6, 5, 4].into_iter().enumerate() {
        assert_eq!(p.outcome(), None, "over before ply {}", ply + 1);
        let effect = p.play_reported(Move::new(number)).unwrap();
        if ply == 3 {
            assert_eq!(
                effect.tuzdik,
                Some(4),
                "Black makes a tuzdik on White's hole 5"
            );
        }
    }
    assert_eq!((p.kazan(W), p.kazan(B)), (82, 15));
    assert_eq!(
        p.outcome(),
        Some(Outcome {
            winner: Some(W),
            reason: EndReason::Majority
        })
    );
}

#[test]
fn smaller_boards_start_and_play() {
    for (board, seeds) in [(toguz::BoardSize::Seven, 98), (toguz::BoardSize::Five, 50)] {
        let rules = RuleSet {
            board,
            ..RuleSet::STANDARD
        };
        let p = Toguz::new(rules);
        assert_eq!(p.board().len(), 2 * board.per_side());
        assert_eq!(total(&p), seeds);
        assert_eq!(p.legal_moves().len(), board.per_side());
    }
}

#[test]
fn no_tuzdik_on_the_five_hole_board() {
    let rules = RuleSet {
        board: toguz::BoardSize::Five,
        ..RuleSet::STANDARD
    };
    // 6 seeds from White's hole 1 end on Black's hole 1 (index 5), which had 2: now 3.
    let mut holes = vec![0u32; 10];
    holes[0] = 6;
    holes[5] = 2;
    holes[9] = 2;
    let mut p = Toguz::from_setup(toguz::Setup {
        holes,
        kazans: [20, 20],
        tuzdiks: [None, None],
        side_to_move: W,
        rules,
    })
    .unwrap();
    let effect = p.play_reported(Move::new(1)).unwrap();
    assert_eq!(effect.landing, 5);
    assert_eq!(effect.tuzdik, None);
    assert_eq!(p.hole(B, 1), Some(3));
}
