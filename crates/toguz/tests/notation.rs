//! The half-move notations and the position string: every checksum is checked, writing and
//! reading round-trip over random games, malformed input is rejected without panicking.

use proptest::prelude::*;
use toguz::prelude::Rng;
use toguz::prelude::*;

fn half(text: &str) -> HalfMove {
    text.parse().unwrap()
}

/// Plays `plies` random legal moves from `start`, returning the positions before each move and
/// the moves.
fn random_line(start: Toguz, seed: u64, plies: usize) -> Vec<(Toguz, Move)> {
    let mut rng = Rng::new(seed);
    let mut position = start;
    let mut line = Vec::new();
    while line.len() < plies {
        let Some(mv) = position.random_move(&mut rng) else {
            break;
        };
        line.push((position, mv));
        position.play(mv).unwrap();
    }
    line
}

fn rules(board: BoardSize, tuzdik: TuzdikRule) -> RuleSet {
    RuleSet {
        board,
        tuzdik,
        ..RuleSet::STANDARD
    }
}

#[test]
fn first_moves_are_written_with_their_capture() {
    // From the start every move but the one from hole 1 captures 10 seeds (rules file), so
    // PlayOK writes a kazan total of 10 exactly for those.
    let start = Toguz::default();
    for number in 1..=9 {
        let written = HalfMove::from_move(&start, Move::new(number), Style::PlayOk).unwrap();
        assert_eq!(written.from(), number);
        assert_eq!(
            written.kazan(),
            (number != 1).then_some(10),
            "hole {number}"
        );
        let kz = HalfMove::from_move(&start, Move::new(number), Style::Kz).unwrap();
        assert_eq!(kz, written.without_kazan());
    }
}

#[test]
fn each_checksum_is_named_when_it_disagrees() {
    let start = Toguz::default();
    assert_eq!(
        half("87(10)").resolve(&start, Style::PlayOk),
        Ok(Move::new(8))
    );
    assert_eq!(
        half("88(10)").resolve(&start, Style::PlayOk),
        Err(ResolveError::Landing {
            recorded: 8,
            actual: 7
        })
    );
    assert_eq!(
        half("87X(10)").resolve(&start, Style::PlayOk),
        Err(ResolveError::TuzdikNotMade)
    );
    assert_eq!(
        half("87(12)").resolve(&start, Style::PlayOk),
        Err(ResolveError::Kazan {
            recorded: 12,
            actual: 10
        })
    );
    assert_eq!(
        half("87").resolve(&start, Style::PlayOk),
        Err(ResolveError::MissingKazan { captured: 10 })
    );
    assert_eq!(half("87").resolve(&start, Style::Kz), Ok(Move::new(8)));
    // Hole 1 sows 9 seeds onto White's own holes 1..9: no capture, so no total may be written.
    assert_eq!(half("19").resolve(&start, Style::PlayOk), Ok(Move::new(1)));
    assert_eq!(
        half("19(0)").resolve(&start, Style::PlayOk),
        Err(ResolveError::KazanWithoutCapture { recorded: 0 })
    );
    // The landing is checked before the tuzdik mark, and the mark before the total.
    assert!(matches!(
        half("88X(12)").resolve(&start, Style::PlayOk),
        Err(ResolveError::Landing { .. })
    ));
}

#[test]
fn illegal_origins_are_refused_with_the_rules_reason() {
    let mut position = Toguz::default();
    // White's hole 1 sows onto his own row, then its single seed moves on: it is empty.
    for number in [1, 1, 1, 1] {
        position.play(Move::new(number)).unwrap();
    }
    assert_eq!(position.hole(Side::South, 1), Some(0));
    let err = half("12").resolve(&position, Style::Kz).unwrap_err();
    assert_eq!(
        err,
        ResolveError::Illegal {
            number: 1,
            source: MoveError::EmptyHole { number: 1 }
        }
    );
    assert!(err.to_string().contains("hole 1 is empty"), "{err}");
    // A 2 × 5 board has no hole 7.
    let small = Toguz::new(rules(BoardSize::Five, TuzdikRule::Automatic));
    assert!(matches!(
        half("75").resolve(&small, Style::Kz),
        Err(ResolveError::Illegal { number: 7, .. })
    ));
}

#[test]
fn the_shortest_win_is_written_with_its_tuzdik() {
    // The rules file's shortest win: Black makes a tuzdik on White's hole 5 at ply 4, and White
    // reaches 82 at ply 11.
    let moves = [5, 1, 3, 5, 8, 3, 7, 4, 6, 5, 4].map(Move::new);
    let game = Record::from_moves(&Toguz::default(), &moves, Style::Kz).unwrap();
    let tuzdiks: Vec<usize> = (0..moves.len())
        .filter(|&i| game.moves()[i].tuzdik())
        .collect();
    assert_eq!(tuzdiks, [3]);
    assert_eq!(game.moves()[3].to(), 5);
    assert!(game.moves()[3]
        .display(Style::Kz)
        .to_string()
        .ends_with('x'));
    let replay = game.replay();
    assert_eq!(replay.error, None);
    assert_eq!(replay.position.kazan(Side::South), 82);
    assert_eq!(replay.position.kazan(Side::North), 15);
    assert_eq!(replay.position.tuzdik(Side::North), Some(4));
    assert_eq!(game.result().as_str(), "1-0");
}

#[test]
fn cyrillic_and_latin_marks_resolve_alike() {
    let moves = [5, 1, 3, 5].map(Move::new);
    let mut position = Toguz::default();
    for &mv in &moves[..3] {
        position.play(mv).unwrap();
    }
    for mark in ["x", "X", "х", "Х"] {
        let text = format!("55{mark}");
        assert_eq!(half(&text).resolve(&position, Style::Kz), Ok(Move::new(5)));
    }
    assert_eq!(
        half("55").resolve(&position, Style::Kz),
        Err(ResolveError::TuzdikNotMarked { number: 5 })
    );
}

#[test]
fn the_mark_is_the_claim_under_optional_tuzdiks() {
    let optional = rules(BoardSize::Nine, TuzdikRule::Optional);
    let mut position = Toguz::new(optional);
    for number in [5, 1, 3] {
        position.play(Move::new(number)).unwrap();
    }
    assert_eq!(
        half("55x").resolve(&position, Style::Kz),
        Ok(Move::claiming(5))
    );
    // Declining is a legal move that makes no tuzdik: the unmarked half-move records it.
    assert_eq!(half("55").resolve(&position, Style::Kz), Ok(Move::new(5)));
    let written = HalfMove::from_move(&position, Move::claiming(5), Style::Kz).unwrap();
    assert!(written.tuzdik());
}

#[test]
fn position_strings_reject_impossible_positions() {
    // The right shape, but 163 seeds.
    let err = "10S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S 1"
        .parse::<Fen>()
        .unwrap_err();
    assert!(matches!(err, ParseError::Impossible(_)), "{err}");
    // A tuzdik on the opponent's 9th hole (Black's hole 9 is the first item of his row).
    let err = "t,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,6S 12 0 S 1"
        .parse::<Fen>()
        .unwrap_err();
    assert!(err.to_string().contains("last hole"), "{err}");
    // Tuzdiks on holes with the same number face each other, which T4 (c) forbids.
    let err = "9S,9S,9S,9S,9S,9S,t,9S,9S/9S,9S,t,9S,9S,9S,9S,9S,9S 9 9 S 1"
        .parse::<Fen>()
        .unwrap_err();
    assert!(err.to_string().contains("numbered 3"), "{err}");
}

#[test]
fn smaller_boards_have_their_own_strings() {
    for board in [BoardSize::Seven, BoardSize::Five] {
        let position = Toguz::new(rules(board, TuzdikRule::Automatic));
        let text = Fen::new(position, 1).unwrap().to_string();
        let n = board.per_side();
        assert_eq!(text.matches(&format!("{n}S")).count(), 2 * n, "{text}");
        assert_eq!(text.parse::<Fen>().unwrap().position(), position);
    }
}

fn any_rules() -> impl Strategy<Value = RuleSet> {
    (
        prop_oneof![
            Just(BoardSize::Nine),
            Just(BoardSize::Seven),
            Just(BoardSize::Five)
        ],
        prop_oneof![Just(TuzdikRule::Automatic), Just(TuzdikRule::Optional)],
    )
        .prop_map(|(board, tuzdik)| rules(board, tuzdik))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Every move of a random game, written in either style and read back, resolves to the
    /// same move.
    #[test]
    fn written_half_moves_resolve_to_the_move(seed: u64, rules in any_rules()) {
        for (position, mv) in random_line(Toguz::new(rules), seed, 300) {
            for style in [Style::Kz, Style::PlayOk] {
                let written = HalfMove::from_move(&position, mv, style).unwrap();
                let text = written.display(style).to_string();
                let read: HalfMove = text.parse().unwrap();
                prop_assert_eq!(read, written);
                prop_assert_eq!(read.resolve(&position, style), Ok(mv), "{}", text);
            }
        }
    }

    /// A wrong landing hole is always caught.
    #[test]
    fn a_wrong_landing_is_caught(seed: u64, shift in 1u8..9) {
        for (position, mv) in random_line(Toguz::default(), seed, 200) {
            let written = HalfMove::from_move(&position, mv, Style::PlayOk).unwrap();
            let to = (written.to() - 1 + shift) % 9 + 1;
            let wrong =
                HalfMove::new(written.from(), to, written.tuzdik(), written.kazan()).unwrap();
            let is_landing_error =
                matches!(wrong.resolve(&position, Style::PlayOk), Err(ResolveError::Landing { .. }));
            prop_assert!(is_landing_error);
        }
    }

    /// Position strings of reachable positions round-trip to the same position.
    #[test]
    fn position_strings_round_trip(seed: u64, rules in any_rules(), fullmove in 1u32..500) {
        let mut positions: Vec<Toguz> =
            random_line(Toguz::new(rules), seed, 250).into_iter().map(|(p, _)| p).collect();
        positions.push(Toguz::new(rules));
        for position in positions {
            let fen = Fen::new(position, fullmove).unwrap();
            let text = fen.to_string();
            let read = Fen::parse_with_rules(&text, rules).unwrap();
            prop_assert_eq!(read, fen);
            prop_assert_eq!(read.to_string(), text);
        }
    }

    /// Any text is read as a half-move or refused; never a panic.
    #[test]
    fn half_move_syntax_never_panics(text in "\\PC{0,12}") {
        if let Ok(half) = text.parse::<HalfMove>() {
            prop_assert_eq!(half.to_string().parse::<HalfMove>(), Ok(half));
        }
    }

    /// Any text is read as a valid position or refused; never a panic. What is accepted
    /// writes back to a string that reads as the same position.
    #[test]
    fn position_string_syntax_never_panics(text in "[0-9SNtT,/ ]{0,60}|\\PC{0,40}") {
        if let Ok(fen) = text.parse::<Fen>() {
            prop_assert_eq!(fen.to_string().parse::<Fen>(), Ok(fen));
        }
    }
}
