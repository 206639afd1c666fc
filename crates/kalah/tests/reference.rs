//! The whole move against the plain reference of `plain/mod.rs`: property tests play random
//! games through both and compare every ply.

use crate::plain;

use kalah::prelude::*;
use plain::Plain;
use proptest::prelude::*;

/// Compares the two at one ply.
fn agree(fast: &Kalah, plain: &Plain) -> Result<(), TestCaseError> {
    let pits = plain.pits;
    let mut board: Vec<u32> = plain.cells[1..=pits].to_vec();
    board.extend(&plain.cells[pits + 2..]);
    let seeds: Vec<u32> = fast.board().iter().map(|&s| u32::from(s)).collect();
    prop_assert_eq!(seeds, board, "board of {}", fast);
    prop_assert_eq!(
        [fast.store(Side::South), fast.store(Side::North)],
        [plain.cells[pits + 1], plain.cells[0]],
        "stores of {}",
        fast
    );
    prop_assert_eq!(fast.is_over(), plain.over, "end of {}", fast);
    if !plain.over {
        prop_assert_eq!(
            fast.side_to_move().index(),
            plain.player,
            "side of {}",
            fast
        );
    }
    let side = fast.side_to_move();
    let moves: Vec<usize> = fast
        .legal_moves()
        .iter()
        .map(|m| m.action(side, pits))
        .collect();
    prop_assert_eq!(moves, plain.legal(), "legal moves of {}", fast);
    Ok(())
}

/// Plays both to the end (or `max` plies), choosing moves by `choices`.
fn play_both(start: Kalah, choices: &[usize], max: usize) -> Result<(), TestCaseError> {
    let mut fast = start;
    let mut plain = Plain::of(&fast);
    agree(&fast, &plain)?;
    for ply in 0..max {
        let legal = plain.legal();
        if legal.is_empty() {
            break;
        }
        let action = legal[choices[ply % choices.len()] % legal.len()];
        let (side, mv) = Move::from_action(action, plain.pits).unwrap();
        prop_assert_eq!(side, fast.side_to_move());
        let before = fast;
        let store = before.store(side);
        let effect = fast.play_reported(mv).unwrap();
        plain.play(action);
        agree(&fast, &plain)?;
        prop_assert_eq!(
            effect.extra_turn,
            !fast.is_over() && fast.side_to_move() == side
        );
        if !fast.is_over() {
            prop_assert!(fast.store(side) >= store + effect.captured);
        }
        prop_assert!(!effect.extra_turn || effect.last.is_none());
        prop_assert_eq!(before.count_legal_moves_after(mv), fast.count_legal_moves());
    }
    prop_assert!(fast.is_over() || max < 20_000);
    Ok(())
}

fn rules() -> impl Strategy<Value = RuleSet> {
    (
        1usize..=8,
        1usize..=6,
        any::<bool>(),
        prop_oneof![Just(1000u32), Just(0), 1u32..60],
    )
        .prop_map(|(pits, seeds, empty, limit)| {
            RuleSet::with_board(pits, seeds)
                .unwrap()
                .with_empty_capture(empty)
                .with_max_plies(limit)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn games_from_the_start_agree_with_the_reference(
        rules in rules(),
        choices in proptest::collection::vec(0usize..8, 1..64),
    ) {
        play_both(Kalah::new(rules), &choices, 20_000)?;
    }

    #[test]
    fn games_from_custom_boards_agree_with_the_reference(
        board in proptest::collection::vec(0u8..9, 12),
        stores in (0u32..20, 0u32..20),
        north in any::<bool>(),
        empty in any::<bool>(),
        choices in proptest::collection::vec(0usize..8, 1..64),
    ) {
        let setup = Setup {
            rules: RuleSet::STANDARD.with_empty_capture(empty),
            board,
            stores: [stores.0, stores.1],
            side: if north { Side::North } else { Side::South },
            ..Setup::default()
        };
        // Boards whose game would already be over are refused; play the others.
        if let Ok(start) = Kalah::from_setup(setup) {
            play_both(start, &choices, 20_000)?;
        }
    }
}

#[test]
fn perft_agrees_with_the_reference_on_every_option() {
    for text in [
        "pits=6,seeds=4",
        "pits=6,seeds=4,empty-capture=yes",
        "pits=3,seeds=3,empty-capture=yes",
        "pits=2,seeds=5,max-plies=4",
        "pits=1,seeds=3",
    ] {
        let rules: RuleSet = text.parse().unwrap();
        for depth in 1..=5 {
            assert_eq!(
                mancala_engine::perft::perft(&Kalah::new(rules), depth),
                Plain::start(rules).perft(depth),
                "{text}, depth {depth}"
            );
        }
    }
}
