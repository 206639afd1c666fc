//! Position strings, game records, the repetition tool and serde: round trips and rejection of
//! malformed input.

use katro::{History, Katro, Move, ParseError, RuleSet, Setup, SetupError, Size};
use mancala_engine::{EndReason, Game, Position as _, Rng, Side};

#[test]
fn start_position_strings() {
    assert_eq!(
        Katro::default().to_string(),
        "2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 S"
    );
    assert_eq!(
        Katro::new(RuleSet::on(Size::S6x3)).to_string(),
        "2,2,2/2,2,2/2,2,2/2,2,2/2,2,2/2,2,2 S"
    );
    let rules: RuleSet = "size=4x4,direction=per-turn,single-seed=yes"
        .parse()
        .unwrap();
    let text = "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S direction=per-turn,single-seed=yes";
    assert_eq!(Katro::new(rules).to_string(), text);
    assert_eq!(text.parse::<Katro>().unwrap(), Katro::new(rules));
}

#[test]
fn rows_are_written_from_north_down() {
    let game: Katro = "0,0,0,7/0,0,0,0/0,0,0,0/1,0,0,0 N".parse().unwrap();
    assert_eq!(game.seeds("a1".parse().unwrap()), Some(1));
    assert_eq!(game.seeds("d4".parse().unwrap()), Some(7));
    assert_eq!(game.side_to_move(), Side::North);
    assert_eq!(game.rules().size, Size::S4x4);
}

#[test]
fn reachable_positions_round_trip() {
    for (k, rules) in RuleSet::all().enumerate() {
        let mut rng = Rng::new(k as u64 / 4);
        let mut game = Katro::new(rules);
        for _ in 0..60 {
            let text = game.to_string();
            assert_eq!(text.parse::<Katro>().unwrap(), game, "{text}");
            assert_eq!(Katro::from_setup(game.to_setup()).unwrap(), game);
            match game.random_move(&mut rng) {
                Some(mv) => game.play(mv).unwrap(),
                None => break,
            }
        }
    }
}

#[test]
fn action_ids_name_each_legal_move_once() {
    let mut steps = 0;
    for (k, rules) in RuleSet::all().enumerate() {
        let mut rng = Rng::new(k as u64);
        let mut game = Katro::new(rules);
        for _ in 0..200 {
            let moves = game.legal_moves();
            let mut ids: Vec<usize> = moves.iter().map(|mv| mv.action()).collect();
            for (&mv, &id) in moves.iter().zip(&ids) {
                assert!(id < rules.actions(), "{rules}: {mv} has id {id}");
                assert_eq!(game.from_action(id), Some(mv), "{game}: id {id}");
                steps += usize::from(mv.step);
            }
            ids.sort_unstable();
            ids.dedup();
            assert_eq!(ids.len(), moves.len(), "{game}: two moves share an id");
            assert_eq!(game.from_action(rules.actions()), None);
            match game.random_move(&mut rng) {
                Some(mv) => game.play(mv).unwrap(),
                None => break,
            }
        }
    }
    assert!(steps > 0, "no single-seed step met");
}

#[test]
fn malformed_position_strings_are_errors() {
    let start = "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2";
    let bad = [
        String::new(),
        " ".into(),
        start.into(),
        format!("{start} "),
        format!("{start}  S"),
        format!("{start} X"),
        format!("{start} s"),
        format!("{start} S default"),
        format!("{start} S endless endless"),
        format!("{start} S endless trigger=empty"),
        format!("{start} S trigger=wet"),
        format!("{start} S colour=red"),
        format!("{start} S trigger=empty extra"),
        format!("{start} S trigger=empty endless extra"),
        format!("{start} S direction=A"),
        format!("{start} S single-seed=no"),
        format!("{start} S trigger=empty,direction=per-turn"),
        format!("{start} S size=4x4"),
        format!("{start} S size=6x6,trigger=empty"),
        "2,2,2/2,2,2/2,2,2/2,2,2 S".into(),
        "2,2,2,2/2,2,2/2,2,2,2/2,2,2,2 S".into(),
        "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2/ S".into(),
        "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2, S".into(),
        "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,02 S".into(),
        "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,+2 S".into(),
        "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,256 S".into(),
        "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,-1 S".into(),
        "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,x S".into(),
        "200,200,0,0/0,0,0,0/0,0,0,0/1,0,0,0 S".into(),
        "0,0,0,0/0,0,0,0/1,0,0,0/0,0,0,0 S".into(),
        "0,0,0,0/0,0,0,0/0,0,0,0/0,0,0,0 N".into(),
    ];
    for text in &bad {
        assert!(text.parse::<Katro>().is_err(), "accepted `{text}`");
    }
    assert_eq!(
        "200,200,0,0/0,0,0,0/0,0,0,0/1,0,0,0 S".parse::<Katro>(),
        Err(ParseError::Setup(SetupError::TooManySeeds { total: 401 }))
    );
}

/// A game ended by an endless move, found by random play under the empty trigger (where such
/// moves are common enough): the position before that move, marked endless.
fn an_endless_game() -> Katro {
    let rules: RuleSet = "size=4x4,trigger=empty".parse().unwrap();
    for seed in 0..10_000 {
        let mut rng = Rng::new(seed);
        let mut game = Katro::new(rules);
        for _ in 0..500 {
            match game.random_move(&mut rng) {
                Some(mv) => game.play(mv).unwrap(),
                None => break,
            }
        }
        if game.outcome().map(|o| o.reason) == Some(EndReason::EndlessMove) {
            return game;
        }
    }
    panic!("no endless move in 10 000 random games");
}

#[test]
fn a_position_marked_endless_must_have_an_endless_move() {
    for text in [
        // The start has no endless move.
        "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S endless",
        // The mover has no seeds, so no move at all.
        "0,0,0,0/0,0,0,0/0,0,0,1/0,0,0,0 N endless",
    ] {
        assert!(
            matches!(
                text.parse::<Katro>(),
                Err(ParseError::Setup(SetupError::NoEndlessMove { .. }))
            ),
            "accepted `{text}`"
        );
    }
    let ended = an_endless_game();
    let text = ended.to_string();
    assert!(text.ends_with(" endless"), "{text}");
    assert_eq!(text.parse::<Katro>(), Ok(ended));
    // The same board unmarked is a game going on, with that endless move among its moves.
    let before: Katro = text.trim_end_matches(" endless").parse().unwrap();
    assert!(!before.is_over());
    assert!(before
        .legal_moves()
        .iter()
        .any(|&mv| before.child(mv) == ended));
}

#[test]
fn setups_are_validated() {
    let mut setup = Setup::start(RuleSet::on(Size::S4x4));
    setup.board[20] = 1;
    assert_eq!(
        Katro::from_setup(setup),
        Err(SetupError::SeedsOffBoard {
            size: Size::S4x4,
            index: 20
        })
    );
    let mut setup = Setup::default();
    setup.board[18..].fill(0);
    assert_eq!(
        Katro::from_setup(setup),
        Err(SetupError::NoSeedsAfterMove { side: Side::North })
    );
    setup.side_to_move = Side::North;
    let over = Katro::from_setup(setup).unwrap();
    assert_eq!(over.outcome().unwrap().reason, EndReason::NoSeeds);
}

#[test]
fn history_tells_when_a_position_recurs() {
    // Play random games and compare the history's answer with a plain search of the earlier
    // positions.
    let mut rng = Rng::new(3);
    let mut repeats = 0;
    for _ in 0..20 {
        let mut history = History::new(Katro::new(RuleSet::on(Size::S4x4)));
        for _ in 0..200 {
            let Some(mv) = history.current().random_move(&mut rng) else {
                break;
            };
            history.play(mv).unwrap();
            let positions = history.positions();
            let (current, earlier) = positions.split_last().unwrap();
            let seen = earlier.iter().filter(|p| *p == current).count() as u32;
            assert_eq!(history.earlier_occurrences(), seen);
            assert_eq!(history.is_repetition(), seen > 0);
            repeats += seen.min(1);
        }
    }
    // The rules never end a game by repetition; the tool only reports it.
    let mut history = History::new(Katro::default());
    history.play("a1".parse::<Move>().unwrap()).unwrap();
    assert!(!history.is_repetition());
    assert_eq!(history.repetition_outcome(2), None);
    println!("{repeats} repetitions seen");
}

#[cfg(feature = "serde")]
#[test]
fn serde_uses_the_validated_string_forms() {
    let game = Katro::default();
    let json = serde_json::to_string(&game).unwrap();
    assert_eq!(json, format!("\"{game}\""));
    assert_eq!(serde_json::from_str::<Katro>(&json).unwrap(), game);
    assert!(serde_json::from_str::<Katro>("\"0,0/0,0 S\"").is_err());
    let mv: Move = serde_json::from_str("\"c2^A\"").unwrap();
    assert_eq!(serde_json::to_string(&mv).unwrap(), "\"c2^A\"");
    assert!(serde_json::from_str::<Move>("\"c2^C\"").is_err());
    let rules: RuleSet = serde_json::from_str("\"size=4x4,trigger=empty\"").unwrap();
    assert_eq!(
        serde_json::to_string(&rules).unwrap(),
        "\"size=4x4,trigger=empty\""
    );
    assert!(serde_json::from_str::<RuleSet>("\"trigger=empty,size=4x4\"").is_err());
    assert_eq!(serde_json::from_str::<Size>("\"6x3\"").unwrap(), Size::S6x3);
    let record = katro::Record::new(game);
    let back: katro::Record =
        serde_json::from_str(&serde_json::to_string(&record).unwrap()).unwrap();
    assert_eq!(back, record);
}
