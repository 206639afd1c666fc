//! Property tests: the fast path against the reference implementation of `common`, move-by-move
//! play against the play-out, conservation, termination, and notation round-trips.

use crate::common;

use common::{ref_game, ref_move};
use mancala_engine::Rng;
use mangala4::prelude::*;
use proptest::prelude::*;

fn side_index(side: Side) -> usize {
    side.index()
}

/// Boards of every kind: multinomial spreads of 1..=255 seeds, and small counts per hole.
fn any_board() -> impl Strategy<Value = [u8; 14]> {
    prop_oneof![
        (any::<u64>(), 1u32..=255).prop_map(|(seed, n)| {
            let mut rng = Rng::new(seed);
            let mut board = [0u8; 14];
            for _ in 0..n {
                board[rng.below(14) as usize] += 1;
            }
            board
        }),
        proptest::array::uniform14(0u8..6).prop_filter("not empty", |b| b.iter().any(|&c| c > 0)),
    ]
}

fn any_side() -> impl Strategy<Value = Side> {
    prop_oneof![Just(Side::South), Just(Side::North)]
}

fn any_rules() -> impl Strategy<Value = RuleSet> {
    prop_oneof![
        Just(RuleSet {
            leftover: Leftover::Uncounted
        }),
        Just(RuleSet {
            leftover: Leftover::OwnSide
        })
    ]
}

fn setup(board: [u8; 14], first: Side, rules: RuleSet) -> Setup {
    Setup {
        holes: board.map(u32::from),
        side_to_move: first,
        rules,
        ..Setup::even()
    }
}

fn start(board: [u8; 14], first: Side, rules: RuleSet) -> Mangala4 {
    Mangala4::from_setup(setup(board, first, rules)).unwrap()
}

/// Plays through the core trait one legal move at a time.
fn move_by_move(mut position: Mangala4) -> (Mangala4, u32) {
    let mut plies = 0;
    let mut turns = 0u64;
    while let Some(&mv) = position.legal_moves().first() {
        if mv != Move::Pass {
            plies += 1;
        }
        position.play(mv).unwrap();
        turns += 1;
        assert!(turns < 10_000_000, "no end in sight");
    }
    (position, plies)
}

fn check_against_reference(
    board: [u8; 14],
    first: Side,
    rules: RuleSet,
) -> Result<(), TestCaseError> {
    let position = start(board, first, rules);
    let finish = position.play_out();
    let expected = ref_game(board, [0, 0], side_index(first));
    let end = &finish.position;
    prop_assert_eq!(&*end.board(), &expected.board[..]);
    prop_assert_eq!(end.store(Side::South), expected.captured[0]);
    prop_assert_eq!(end.store(Side::North), expected.captured[1]);
    prop_assert_eq!(side_index(end.side_to_move()), expected.side);
    prop_assert_eq!(finish.result.outcome.reason.name(), expected.reason);
    prop_assert_eq!(finish.plies, expected.plies);
    let (mut south, mut north) = (expected.captured[0], expected.captured[1]);
    if rules.leftover == Leftover::OwnSide {
        south += expected.board[..7]
            .iter()
            .map(|&c| u32::from(c))
            .sum::<u32>();
        north += expected.board[7..]
            .iter()
            .map(|&c| u32::from(c))
            .sum::<u32>();
    }
    prop_assert_eq!(
        (finish.score(Side::South), finish.score(Side::North)),
        (south, north)
    );
    Ok(())
}

#[test]
fn random_setups_play_out_as_the_reference_says() {
    for seed in 0..1500 {
        let board = Setup::random(seed).holes.map(|seeds| seeds as u8);
        for first in Side::BOTH {
            check_against_reference(board, first, RuleSet::default()).unwrap();
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    /// The fast play-out (closed-form sowing, core relay driver, Brent) gives exactly the end of
    /// the seed-by-seed reference with its sets of seen positions: same board, totals, side,
    /// reason (so M7's first repeat is found exactly), moves and scores.
    #[test]
    fn play_out_equals_the_reference(board in any_board(), first in any_side(), rules in any_rules()) {
        check_against_reference(board, first, rules)?;
    }

    /// Playing move by move through the trait reaches the very same end as the play-out, and
    /// every intermediate position agrees with a play-out started from it.
    #[test]
    fn move_by_move_equals_play_out(board in any_board(), first in any_side(), rules in any_rules()) {
        let start = start(board, first, rules);
        let finish = start.play_out();
        let (end, plies) = move_by_move(start);
        prop_assert_eq!(end, finish.position);
        prop_assert_eq!(plies, finish.plies);
        prop_assert_eq!(end.result(), Some(finish.result));
        // Part way through: the play-out of the rest ends at the same place.
        let mut middle = start;
        let mut done = 0;
        for _ in 0..(finish.plies / 2) {
            if middle.forced_move() != Some(Move::Pass) {
                done += 1;
            }
            middle.play_unchecked(Move::Pass);
        }
        let rest = middle.play_out();
        prop_assert_eq!(rest.position, finish.position);
        prop_assert_eq!(done + rest.plies, finish.plies);
    }

    /// Every move conserves the seeds, captured ones included, and keeps both stores'
    /// changes with the mover.
    #[test]
    fn seeds_are_conserved(board in any_board(), first in any_side()) {
        let mut position = start(board, first, RuleSet::STANDARD);
        let total = |p: &Mangala4| p.board().seeds() + p.store(Side::South) + p.store(Side::North);
        let start = total(&position);
        let mut turns = 0;
        while position.forced_move().is_some() && turns < 2000 {
            let mover = position.side_to_move();
            let other_before = position.store(!mover);
            let mut board_before = [0u8; 14];
            board_before.copy_from_slice(&position.board());
            let mv = position.forced_move().unwrap();
            let effect = position.play_reported(mv).unwrap();
            prop_assert_eq!(total(&position), start);
            prop_assert_eq!(position.store(!mover), other_before);
            if let Move::Sow(hole) = effect.mv {
                // The same move by the reference.
                match ref_move(&board_before, usize::from(hole)) {
                    None => prop_assert!(effect.endless),
                    Some((after, taken)) => {
                        prop_assert_eq!(&*position.board(), &after[..]);
                        prop_assert_eq!(effect.capture.map_or(0, |c| u32::from(c.seeds)), taken);
                    }
                }
            }
            turns += 1;
        }
    }

    /// Position strings round-trip, and a parsed position is the one it was written from
    /// (history and rules included), so it plays on to the same end.
    #[test]
    fn position_strings_round_trip(board in any_board(), first in any_side(), rules in any_rules(), plies in 0u32..40) {
        let mut position = start(board, first, rules);
        for _ in 0..plies {
            position.play_unchecked(Move::Pass);
        }
        let text = position.to_string();
        let parsed: Mangala4 = text.parse().unwrap();
        prop_assert_eq!(parsed.to_string(), text);
        prop_assert_eq!(parsed, position);
        prop_assert_eq!(Mangala4::from_setup(position.to_setup()), Ok(position));
        prop_assert_eq!(parsed.play_out(), position.play_out());
    }

    /// Setups and whole records round-trip through their text.
    #[test]
    fn records_round_trip(board in any_board(), first in any_side(), rules in any_rules(), hidden in 1u32..=2, odd in any::<bool>(), row in any_side()) {
        let setup = setup(board, first, rules);
        prop_assert_eq!(setup.to_string().parse::<Setup>().unwrap(), setup);
        let guess = if odd { mangala4::Parity::Odd } else { mangala4::Parity::Even };
        let opening = mangala4::Ritual::new(hidden, guess).unwrap().choose(row);
        let start = Mangala4::from_setup(setup).unwrap();
        let mut record = Record::new(start, Some(opening));
        record.play_to_end();
        let text = record.to_string();
        let parsed: Record = text.parse().unwrap();
        prop_assert_eq!(&parsed, &record);
        prop_assert_eq!(parsed.finish(), Some(start.play_out()));
    }

    /// Malformed position strings are refused with an error, never a panic.
    #[test]
    fn arbitrary_strings_never_panic(text in "[0-9,a-z +-]{0,60}") {
        let _ = text.parse::<Mangala4>();
        let _ = text.parse::<Setup>();
        let _ = text.parse::<Record>();
    }
}
