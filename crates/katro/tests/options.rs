//! One scenario per option (the capture trigger, the direction, single-seed moves): an explicit
//! board, one move, the exact board after it, worked out by hand from the rules. Boards are
//! written as in `scenarios.rs`.

use crate::common;

use common::position;
use common::scenario::{check, mv, rules};
use katro::{MoveError, RuleSet};
use mancala_engine::{Position as _, Side};

#[test]
fn trigger_empty_captures_from_an_empty_hole() {
    let before = [
        "1 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 3 0 0 0 0",
        "1 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 0 0 0 0",
    ];
    // a3 → b3 (empty): b4 (3) is taken and 1 + 3 seeds go from c3 to f3, which is empty and
    // faces an empty f4: the move ends.
    check(
        &before,
        Side::South,
        rules("trigger=empty"),
        "a3",
        &[
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 1 1 1 1",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
        ],
    );
    // Under the default trigger the same move just ends in the empty b3.
    check(
        &before,
        Side::South,
        RuleSet::STANDARD,
        "a3",
        &[
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 3 0 0 0 0",
            "0 1 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
        ],
    );
    // An occupied landing hole is relayed without a capture test: b3 (2) → c3, d3 (empty, d4
    // empty): the move ends and b4 keeps its seeds.
    let before = [
        "1 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 3 0 0 0 0",
        "1 1 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 0 0 0 0",
    ];
    check(
        &before,
        Side::South,
        rules("trigger=empty"),
        "a3",
        &[
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 3 0 0 0 0",
            "0 0 1 1 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
        ],
    );
    // ... where the default trigger captures b4 from b3: 2 + 3 seeds c3 d3 e3 f3 a1.
    check(
        &before,
        Side::South,
        RuleSet::STANDARD,
        "a3",
        &[
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 1 1 1 1",
            "0 0 0 0 0 0",
            "1 0 0 0 0 0",
        ],
    );
}

#[test]
fn fixed_direction_b_and_directions_chosen_per_turn() {
    let before = [
        "1 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 2 0 0 0 0",
    ];
    let along_a = [
        "1 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 1 1 0 0",
    ];
    // B: b1 → a1, then up to a2 (row 2 runs left to right in B).
    let along_b = [
        "1 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 0 0 0 0",
        "1 0 0 0 0 0",
        "1 0 0 0 0 0",
    ];
    check(&before, Side::South, RuleSet::STANDARD, "b1", &along_a);
    check(&before, Side::South, rules("direction=B"), "b1", &along_b);
    check(
        &before,
        Side::South,
        rules("direction=per-turn"),
        "b1A",
        &along_a,
    );
    check(
        &before,
        Side::South,
        rules("direction=per-turn"),
        "b1B",
        &along_b,
    );
    let per_turn = position(&before, Side::South, rules("direction=per-turn"));
    assert_eq!(per_turn.legal_moves().to_vec(), vec![mv("b1A"), mv("b1B")]);
    assert!(matches!(
        per_turn.check_move(mv("b1")),
        Err(MoveError::DirectionMissing { .. })
    ));
    let fixed = position(&before, Side::South, RuleSet::STANDARD);
    assert!(matches!(
        fixed.check_move(mv("b1A")),
        Err(MoveError::DirectionNotAllowed { .. })
    ));
}

#[test]
fn single_seed_steps() {
    let on = rules("single-seed=yes");
    // A lone seed in the outer row may also step straight to the middle row.
    let before = [
        "1 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 1 0 0 0",
    ];
    assert_eq!(
        position(&before, Side::South, on).legal_moves().to_vec(),
        vec![mv("c1"), mv("c1^")]
    );
    check(
        &before,
        Side::South,
        on,
        "c1^",
        &[
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 1 0 0 0",
            "0 0 0 0 0 0",
        ],
    );
    let off = position(&before, Side::South, RuleSet::STANDARD);
    assert_eq!(off.legal_moves().to_vec(), vec![mv("c1")]);
    assert!(matches!(
        off.check_move(mv("c1^")),
        Err(MoveError::StepNotAllowed { .. })
    ));
    // From the middle row into the inner row only with a capture: c4 (2) is taken, and 1 + 2
    // seeds go from d3: d3 e3 f3.
    let before = [
        "1 0 0 0 0 0",
        "0 0 0 0 0 0",
        "0 0 2 0 0 0",
        "0 0 0 0 0 0",
        "0 0 1 0 0 0",
        "0 0 0 0 0 0",
    ];
    check(
        &before,
        Side::South,
        on,
        "c2^",
        &[
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 1 1 1",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
        ],
    );
    // With directions per turn the capturing step names the direction of its sowing.
    let per_turn = rules("direction=per-turn,single-seed=yes");
    assert_eq!(
        position(&before, Side::South, per_turn)
            .legal_moves()
            .to_vec(),
        vec![mv("c2A"), mv("c2B"), mv("c2^A"), mv("c2^B")]
    );
    // B from c3: b3 a3 then the jump to f1.
    check(
        &before,
        Side::South,
        per_turn,
        "c2^B",
        &[
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "1 1 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 1",
        ],
    );
    // K5 applies to a capturing step.
    let after = check(
        &[
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 2 0 0 0",
            "0 0 0 0 0 0",
            "0 0 1 0 0 0",
            "0 0 0 0 0 0",
        ],
        Side::South,
        on,
        "c2^",
        &[
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 3 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
        ],
    );
    assert_eq!(after.outcome().unwrap().winner, Some(Side::South));
    // No step into the inner row without a capture, and none from the inner row.
    let no_capture = position(
        &[
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 2 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 1 0 0 0",
            "0 0 0 0 0 0",
        ],
        Side::South,
        on,
    );
    assert_eq!(no_capture.legal_moves().to_vec(), vec![mv("c2")]);
    assert!(matches!(
        no_capture.check_move(mv("c2^")),
        Err(MoveError::StepNotAllowed { .. })
    ));
    let inner = position(
        &[
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 2 0 0 0",
            "0 0 1 0 0 0",
            "0 0 0 0 0 0",
            "0 0 0 0 0 0",
        ],
        Side::South,
        on,
    );
    assert_eq!(inner.legal_moves().to_vec(), vec![mv("c3")]);
    // Two seeds: no step.
    let two = position(
        &[
            "1 0 0 0 0 0",
            "0 0 0 0 0 0",
            "0 0 2 0 0 0",
            "0 0 0 0 0 0",
            "0 0 1 1 0 0",
            "0 0 0 0 0 0",
        ],
        Side::South,
        on,
    );
    assert_eq!(two.legal_moves().to_vec(), vec![mv("c2"), mv("d2")]);
    // On a two-row board the step goes from the outer row into the inner row, with a capture;
    // North steps towards South: b4 → b3 takes b2 (1), and 1 + 1 seeds go on along North's
    // inner row, which runs a3 → d3 as South sees it in direction A: c3, d3.
    check(
        &["0 1 0 0", "0 0 0 0", "0 1 0 0", "1 0 0 0"],
        Side::North,
        on,
        "b4^",
        &["0 0 0 0", "0 0 1 1", "0 0 0 0", "1 0 0 0"],
    );
}
