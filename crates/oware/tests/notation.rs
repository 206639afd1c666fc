//! Moves, rules, position strings, setups and records: what they accept, what they refuse.

use oware::prelude::*;

#[test]
fn moves_are_house_numbers_and_openspiel_actions() {
    for number in 1..=8u8 {
        let mv: Move = number.to_string().parse().unwrap();
        assert_eq!(mv, Move::new(number));
        assert_eq!(mv.action(), usize::from(number) - 1);
        assert_eq!(Move::from_action(mv.action()), Some(mv));
        assert_eq!(format!("{mv:?}"), number.to_string());
    }
    for bad in ["", "0", "9", "10", "a", "A", " 1", "1 ", "é"] {
        assert!(bad.parse::<Move>().is_err(), "{bad:?} should be refused");
    }
    assert_eq!(Move::from_action(8), None);
    let game = Oware::default();
    assert_eq!(
        game.check_move(Move::new(7)),
        Err(MoveError::NoSuchHouse {
            number: 7,
            houses: 6
        })
    );
    assert_eq!(
        game.check_move(Move::new(0)).unwrap_err().to_string(),
        "there is no house 0 (houses are numbered 1..=6)"
    );
}

#[test]
fn rules_read_back_what_they_write() {
    let rules: RuleSet = "houses=3,seeds=5,grand-slam=capture-all,max-plies=0"
        .parse()
        .unwrap();
    assert_eq!(
        (rules.houses(), rules.seeds(), rules.max_plies()),
        (3, 5, 0)
    );
    assert_eq!(rules.grand_slam(), GrandSlam::CaptureAll);
    assert_eq!(rules.to_string().parse::<RuleSet>(), Ok(rules));
    assert_eq!("seeds=4".parse::<RuleSet>(), Ok(RuleSet::STANDARD));
    assert_eq!(RuleSet::default(), RuleSet::STANDARD);
    // No option given: the standard rules, as the schema reads every game's options.
    assert_eq!("".parse::<RuleSet>(), Ok(RuleSet::STANDARD));
    for bad in [
        "houses=9",
        "houses=0",
        "seeds=0",
        "houses=8,seeds=16",
        "seeds=4,seeds=4",
        "colour=red",
        "grand-slam=maybe",
        "max-plies=-1",
        "houses=06",
    ] {
        assert!(bad.parse::<RuleSet>().is_err(), "{bad:?} should be refused");
    }
    assert!(RuleSet::with_board(8, 15).is_ok());
    assert_eq!(
        RuleSet::with_board(8, 16),
        Err(SetupError::Board {
            houses: 8,
            seeds: 16
        })
    );
    assert!(RuleSet::with_board(usize::MAX, usize::MAX).is_err());
}

#[test]
fn position_strings_read_back_what_they_write() {
    let mut game = Oware::default();
    for number in [3, 5, 1, 6, 2] {
        game.play(Move::new(number)).unwrap();
        let text = game.to_string();
        let back: Oware = text.parse().unwrap();
        assert_eq!(back, game);
        assert_eq!(back.to_string(), text);
        assert_eq!(Oware::from_setup(game.to_setup()), Ok(game.clone()));
    }
    // Keyed fields holding their default may be written.
    let explicit: Oware =
        "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S ply=0 seeds=4 grand-slam=no-capture max-plies=1000"
            .parse()
            .unwrap();
    assert_eq!(explicit, Oware::default());
}

#[test]
fn strings_of_the_older_form_still_read() {
    let text = "4,4,0,5,5,5/5,4,4,4,4,4 0 0 N ply=1 run=4,4,4,4,4,4/4,4,4,4,4,4:3";
    let position: Oware = text.parse().unwrap();
    assert_eq!(position.to_string(), text);
    for older in [
        "4,4,0,5,5,5/5,4,4,4,4,4 0-0 north ply=1 run=4,4,4,4,4,4/4,4,4,4,4,4:3",
        "4,4,0,5,5,5/5,4,4,4,4,4 0-0 N ply=1 run=4,4,4,4,4,4/4,4,4,4,4,4:3",
        "4,4,0,5,5,5/5,4,4,4,4,4 0 0 north ply=1 run=4,4,4,4,4,4/4,4,4,4,4,4:3",
    ] {
        assert_eq!(older.parse::<Oware>(), Ok(position.clone()), "{older}");
    }
    let stores: Oware = "0,0,0,0,1,0/0,1,0,0,0,0 2-0 north".parse().unwrap();
    assert_eq!(stores.to_string(), "0,0,0,0,1,0/0,1,0,0,0,0 2 0 N");
}

#[test]
fn position_strings_that_do_not_read_are_refused_with_a_reason() {
    for (bad, why) in [
        ("", "two rows"),
        ("4,4,4,4,4,4/4,4,4,4,4 0 0 S", "same number of houses"),
        (
            "4,4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4,4 0 0 S",
            "at most 8 houses",
        ),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0 0", "side"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0 0 South", "side"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0-0 0 S", "side"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0", "north's store"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0:0 0 S", "plain decimal"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 00 0 S", "plain decimal"),
        ("4,4,4,4,4,4/4,4,4,4,4,4  0 0 S", "plain decimal"),
        (
            "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S seeds=4 ply=3",
            "in this order",
        ),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0 0 S ply=1 ply=1", "in this order"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0 0 S colour=red", "keys are"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0 0 S ply", "key=value"),
        ("256,0,0,0,0,0/0,0,0,0,0,0 0 0 S", "at most 255"),
        ("200,0,0,0,0,0/60,0,0,0,0,0 0 0 S", "1 to 255 seeds"),
        ("0,0,0,0,0,0/0,0,0,0,0,0 0 0 S", "1 to 255 seeds"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 60 0 S", "more than half"),
        ("0,0,0,0,0,0/4,0,0,0,0,0 10 10 S", "no legal move"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0 0 S ply=1000", "move limit"),
        ("4,4,4,4,4,4/4,4,4,4,4,4 0 0 S end=majority", "collected"),
        (
            "0,0,0,0,0,0/0,0,0,0,0,0 20 28 S end=endless-move",
            "no Oware game",
        ),
        (
            "0,0,0,0,0,0/0,0,0,0,0,0 24 24 S end=majority",
            "more than half",
        ),
        (
            "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S ply=5 end=move-limit",
            "move limit",
        ),
        (
            "4,4,0,5,5,5/5,4,4,4,4,4 0 0 N ply=1 run=4,4,4,4,4,4/4,4,4,4,4,4:4",
            "do not lead",
        ),
        (
            "4,4,0,5,5,5/5,4,4,4,4,4 0 0 N run=4,4,4,4,4,4/4,4,4,4,4,4:3",
            "moves since the last capture is more",
        ),
        (
            "4,4,0,5,5,5/5,4,4,4,4,4 0 0 N ply=1 run=4,4,4,4,4,4/4,4,4,4,4,4:9",
            "not a move",
        ),
        (
            "4,4,0,5,5,5/5,4,4,4,4,4 0 0 N ply=1 run=4,4,4,4,4,4/4,4,4,4,4,4:",
            "one to a million",
        ),
        (
            "4,4,0,5,5,5/5,4,4,4,4,4 0 0 N ply=1 run=4,4,4,4,4,4/4,4,4,4,4,4",
            "BOARD:MOVES",
        ),
    ] {
        match bad.parse::<Oware>() {
            Ok(game) => panic!("`{bad}` was read as `{game}`"),
            Err(error) => assert!(
                error.to_string().contains(why),
                "`{bad}`: the error `{error}` should say `{why}`"
            ),
        }
    }
}

#[test]
fn a_repetition_record_must_replay_without_a_capture_or_an_end() {
    // North's house 1 becomes a 2 and is taken: a capture inside the record.
    let captures = "0,0,0,0,1,0/0,1,0,0,0,0 2 0 N ply=1 run=0,0,0,0,1,1/1,1,0,0,0,0:6";
    assert!(matches!(
        captures.parse::<Oware>(),
        Err(ParseError::Invalid(SetupError::RunBreaks { index: 0 }))
    ));
    // An illegal move inside the record.
    let illegal = "4,4,0,5,5,5/5,4,4,4,4,4 0 0 N ply=1 run=4,4,0,5,5,5/5,4,4,4,4,4:3";
    assert!(matches!(
        illegal.parse::<Oware>(),
        Err(ParseError::Invalid(SetupError::RunMove { index: 0, .. }))
    ));
}

#[test]
fn hostile_input_is_refused_quickly() {
    let long = format!(
        "4,4,0,5,5,5/5,4,4,4,4,4 0 0 N ply=1 run=4,4,4,4,4,4/4,4,4,4,4,4:{}",
        "1".repeat(2_000_000)
    );
    assert!(long.parse::<Oware>().is_err());
    let many_houses = format!("{}/1 0 0 S", "1,".repeat(100_000));
    assert!(many_houses.parse::<Oware>().is_err());
    assert!("4,4,4,4,4,4/4,4,4,4,4,4 99999999999 0 S"
        .parse::<Oware>()
        .is_err());
}

#[test]
fn records_read_back_and_replay() {
    let mut record = Record::new(Oware::default());
    for number in [3, 5, 1] {
        record.play(Move::new(number)).unwrap();
    }
    assert_eq!(
        record.play(Move::new(9)),
        Err(MoveError::NoSuchHouse {
            number: 9,
            houses: 6
        })
    );
    let text = record.to_string();
    assert_eq!(
        text,
        "[Start \"4,4,4,4,4,4/4,4,4,4,4,4 0 0 S\"]\n[Result \"*\"]\n3 5 1\n"
    );
    let back: Record = text.parse().unwrap();
    assert_eq!(back, record);
    assert_eq!(back.moves(), record.moves());
    assert_eq!(back.position(), record.position());

    // A finished game carries its result, which must match.
    let mut game = Record::new("0,0,8,0,0,1/1,1,1,1,2,3 0 0 S".parse().unwrap());
    game.play(Move::new(3)).unwrap();
    let text = game.to_string();
    assert!(
        text.contains("[Result \"south wins 15-3 (majority)\"]"),
        "{text}"
    );
    assert_eq!(text.parse::<Record>(), Ok(game));
    let wrong = text.replace("south wins 15-3", "north wins 3-15");
    assert!(matches!(
        wrong.parse::<Record>(),
        Err(RecordError::Result { .. })
    ));
    for bad in [
        "",
        "3 5 1",
        "[Start \"nonsense\"]\n[Result \"*\"]\n",
        "[Start \"4,4,4,4,4,4/4,4,4,4,4,4 0 0 S\"]\n[Result \"*\"]\n3 x",
        "[Start \"4,4,4,4,4,4/4,4,4,4,4,4 0 0 S\"]\n[Result \"*\"]\n3 3 3",
    ] {
        assert!(bad.parse::<Record>().is_err(), "{bad:?} should be refused");
    }
}

#[test]
fn setups_give_back_what_they_were_given() {
    let setup = Setup {
        board: vec![1, 0, 2, 0, 3, 0, 0, 4, 0, 5, 0, 6],
        stores: [13, 14],
        side: Side::North,
        ply: 40,
        ..Setup::default()
    };
    let game = Oware::from_setup(setup.clone()).unwrap();
    assert_eq!(game.to_setup(), setup);
    assert_eq!(game.total_seeds(), 48);
    assert_eq!(game.seeds_on_side(Side::South), 6);
    assert_eq!(game.seeds_on_side(Side::North), 15);
    assert_eq!(Setup::default(), Oware::default().to_setup());
    let short = Setup {
        board: vec![4; 11],
        ..Setup::default()
    };
    assert_eq!(
        Oware::from_setup(short),
        Err(SetupError::BoardLength {
            houses: 6,
            expected: 12,
            found: 11
        })
    );
}

#[test]
fn a_finished_game_past_its_move_limit_is_refused() {
    for bad in [
        "0,0,0,0,0,0/0,0,0,0,0,0 30 18 S ply=2000 end=majority",
        "0,0,0,0,0,0/0,0,0,0,0,0 30 18 S ply=1001 end=majority",
        "0,0,0,0,0,0/0,0,0,0,0,0 30 18 S ply=4294967295 end=majority",
        "0/0 0 6 N ply=3 end=repetition seeds=3 max-plies=2",
    ] {
        match bad.parse::<Oware>() {
            Ok(game) => panic!("`{bad}` was read as `{game}`"),
            Err(error) => assert!(
                error.to_string().contains("move limit"),
                "`{bad}`: the error `{error}` should name the move limit"
            ),
        }
    }
    // At the limit itself, or with no limit, the same finished game stands.
    for good in [
        "0,0,0,0,0,0/0,0,0,0,0,0 30 18 S ply=1000 end=majority",
        "0,0,0,0,0,0/0,0,0,0,0,0 30 18 S ply=2000 end=majority max-plies=0",
        "0/0 0 6 N ply=2 end=repetition seeds=3 max-plies=2",
    ] {
        let game: Oware = good.parse().unwrap_or_else(|e| panic!("`{good}`: {e}"));
        assert_eq!(game.to_string().parse::<Oware>().as_ref(), Ok(&game));
    }
}

#[test]
fn the_oware_record_reader_skips_a_byte_order_mark() {
    let mut record = Record::new(Oware::default());
    record.play(Move::new(3)).unwrap();
    let text = record.to_string();
    for marks in ["\u{feff}", "\u{feff}\u{feff}"] {
        let back: Record = format!("{marks}{text}")
            .parse()
            .unwrap_or_else(|e| panic!("{marks:?}: {e}"));
        assert_eq!(back, record);
    }
}

#[test]
fn errors_quote_a_long_move_or_rule_set_in_part() {
    let long = "7".repeat(100_000);
    let move_error = long.parse::<Move>().unwrap_err().to_string();
    let rules_error = format!("houses={long}")
        .parse::<RuleSet>()
        .unwrap_err()
        .to_string();
    for error in [move_error, rules_error] {
        assert!(
            error.len() < 200,
            "{} bytes: {}…",
            error.len(),
            &error[..200]
        );
        assert!(error.contains("777…"), "{error}");
    }
}
