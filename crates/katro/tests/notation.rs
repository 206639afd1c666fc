//! Position strings, game records, the repetition tool and serde: round trips and rejection of
//! malformed input.

use katro::{GameRecord, History, Move, ParseError, Katro, PositionError, RuleSet, Setup, Size};
use mancala_engine::{EndReason, Position as _, Rng, Side};

#[test]
fn start_position_strings() {
    assert_eq!(
        Katro::default().to_string(),
        "2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 S"
    );
    assert_eq!(
        Katro::new(Size::S6x3, RuleSet::DEFAULT).to_string(),
        "2,2,2/2,2,2/2,2,2/2,2,2/2,2,2/2,2,2 S"
    );
    let rules: RuleSet = "direction=per-turn,single-seed=on".parse().unwrap();
    let text = "2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S direction=per-turn,single-seed=on";
    assert_eq!(Katro::new(Size::S4x4, rules).to_string(), text);
    assert_eq!(
        text.parse::<Katro>().unwrap(),
        Katro::new(Size::S4x4, rules)
    );
}

#[test]
fn rows_are_written_from_north_down() {
    let game: Katro = "0,0,0,7/0,0,0,0/0,0,0,0/1,0,0,0 N".parse().unwrap();
    assert_eq!(game.seeds("a1".parse().unwrap()), Some(1));
    assert_eq!(game.seeds("d4".parse().unwrap()), Some(7));
    assert_eq!(game.side_to_move(), Side::North);
    assert_eq!(game.size(), Size::S4x4);
}

#[test]
fn reachable_positions_round_trip() {
    for (k, rules) in RuleSet::all().enumerate() {
        for size in Size::ALL {
            let mut rng = Rng::new(k as u64);
            let mut game = Katro::new(size, rules);
            for _ in 0..60 {
                let text = game.to_string();
                assert_eq!(text.parse::<Katro>().unwrap(), game, "{text}");
                let setup = game.setup();
                assert_eq!(Katro::from_setup(setup, rules).unwrap(), game);
                match game.random_move(&mut rng) {
                    Some(mv) => game.play(mv).unwrap(),
                    None => break,
                }
            }
        }
    }
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
        Err(ParseError::Position(PositionError::TooManySeeds {
            total: 401
        }))
    );
}

#[test]
fn setups_are_validated() {
    let mut setup = Setup::start(Size::S4x4);
    setup.board[20] = 1;
    assert_eq!(
        Katro::from_setup(setup, RuleSet::DEFAULT),
        Err(PositionError::SeedsOffBoard {
            size: Size::S4x4,
            index: 20
        })
    );
    let mut setup = Setup::start(Size::S6x6);
    setup.board[18..].fill(0);
    assert_eq!(
        Katro::from_setup(setup, RuleSet::DEFAULT),
        Err(PositionError::NoSeedsAfterMove { side: Side::North })
    );
    setup.side_to_move = Side::North;
    let over = Katro::from_setup(setup, RuleSet::DEFAULT).unwrap();
    assert_eq!(over.outcome().unwrap().reason, EndReason::NoSeeds);
}

#[test]
fn game_records_round_trip_and_replay() {
    for (k, rules) in RuleSet::all().enumerate().step_by(5) {
        let mut rng = Rng::new(77 + k as u64);
        let mut record = GameRecord::new(Katro::new(Size::S6x6, rules));
        record.set_tag("Event", "test game").unwrap();
        while let Some(mv) = record.position().random_move(&mut rng) {
            record.play(mv).unwrap();
            if record.moves().len() == 300 {
                break;
            }
        }
        let text = record.to_string();
        let parsed: GameRecord = text.parse().unwrap();
        assert_eq!(parsed.moves(), record.moves());
        assert_eq!(parsed.position(), record.position());
        assert_eq!(parsed.tags(), record.tags());
        assert_eq!(parsed.to_string(), text);
    }
}

#[test]
fn game_record_format() {
    let text = "[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]\n[Result \"*\"]\n1. a1 d4 2. b1\n";
    let record: GameRecord = text.parse().unwrap();
    assert_eq!(record.moves().len(), 3);
    assert_eq!(
        record.to_string(),
        text.replace("1. ", "").replace("2. ", "")
    );
    let bad = [
        "a1 d4",
        "[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]\na1 a1",
        "[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]\n[Result \"south wins (no-seeds)\"]\na1",
        "[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]\n[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]",
        "[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]\na1\n[Event \"late\"]",
        "[Start 2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S]",
        "[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]\nz9",
        "[Start \"2,2 S\"]",
        "[Sta-rt \"x\"]",
    ];
    for text in bad {
        assert!(text.parse::<GameRecord>().is_err(), "accepted {text:?}");
    }
    let err = "[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]\na1 a1"
        .parse::<GameRecord>()
        .unwrap_err();
    assert!(
        matches!(err, ParseError::IllegalMove { ply: 2, .. }),
        "{err}"
    );
    let mut record = GameRecord::new(Katro::default());
    assert!(record.set_tag("Result", "x").is_err());
    assert!(record.set_tag("Event", "a \"quoted\" name").is_err());
}

#[test]
fn history_tells_when_a_position_recurs() {
    // Play random games and compare the history's answer with a plain search of the earlier
    // positions.
    let mut rng = Rng::new(3);
    let mut repeats = 0;
    for _ in 0..20 {
        let mut history = History::new(Katro::new(Size::S4x4, RuleSet::DEFAULT));
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
    let rules: RuleSet = serde_json::from_str("\"trigger=empty\"").unwrap();
    assert_eq!(serde_json::to_string(&rules).unwrap(), "\"trigger=empty\"");
    assert_eq!(serde_json::from_str::<Size>("\"6x3\"").unwrap(), Size::S6x3);
    let record = GameRecord::new(game);
    let back: GameRecord = serde_json::from_str(&serde_json::to_string(&record).unwrap()).unwrap();
    assert_eq!(back.start(), record.start());
}
