//! Setups, the ritual, the position string, records and statistics: what they accept, what
//! they refuse, and that they agree with play.

use mancala_engine::{EndReason, Position as _, Side};
use mangala4::{
    Choices, Leftover, Mangala4, Opening, Parity, ParseError, Record, RecordError, Ritual,
    RitualError, Role, RuleSet, Setup, SetupError, Stats,
};

#[test]
fn even_and_random_setups() {
    assert_eq!(Setup::even().board(), [7; 14]);
    assert_eq!(Setup::even().first(), Side::South);
    for seed in 0..200 {
        let setup = Setup::random(seed);
        assert_eq!(setup.total(), 98);
        assert_eq!(setup, Setup::random(seed), "seed {seed} is reproducible");
    }
    assert_ne!(Setup::random(1), Setup::random(2));
    // The distribution: each counter uniform over the 14 holes, so each hole averages 7.
    let mut sums = [0u64; 14];
    for seed in 0..2000 {
        for (sum, &c) in sums.iter_mut().zip(&Setup::random(seed).board()) {
            *sum += u64::from(c);
        }
    }
    for sum in sums {
        let mean = sum as f64 / 2000.0;
        assert!((6.8..7.2).contains(&mean), "{mean}");
    }
}

#[test]
fn custom_setups_are_validated() {
    assert_eq!(Setup::custom(&[1; 13]), Err(SetupError::HoleCount(13)));
    assert_eq!(Setup::custom(&[0; 14]), Err(SetupError::EmptyBoard));
    let mut big = [19u32; 14];
    assert_eq!(Setup::custom(&big), Err(SetupError::TooManyCounters(266)));
    big[0] = u32::MAX;
    assert!(matches!(
        Setup::custom(&big),
        Err(SetupError::TooManyCounters(_))
    ));
    let mut full = [18u32; 14];
    full[0] = 21;
    assert_eq!(Setup::custom(&full).unwrap().total(), 255);
}

#[test]
fn setup_strings() {
    let setup: Setup = "7,7,7,7,7,7,7,7,7,7,7,7,7,7 north".parse().unwrap();
    assert_eq!(setup, Setup::even().with_first(Side::North));
    assert_eq!(setup.to_string(), "7,7,7,7,7,7,7,7,7,7,7,7,7,7 north");
    for bad in [
        "",
        "7,7,7,7,7,7,7,7,7,7,7,7,7,7",
        "7,7,7,7,7,7,7,7,7,7,7,7,7 south",
        "7,7,7,7,7,7,7,7,7,7,7,7,7,7,7 south",
        "7,7,7,7,7,7,7,7,7,7,7,7,7,x south",
        "7,7,7,7,7,7,7,7,7,7,7,7,7,+7 south",
        "7,7,7,7,7,7,7,7,7,7,7,7,7,07 south",
        "7,7,7,7,7,7,7,7,7,7,7,7,7,-1 south",
        "7,7,7,7,7,7,7,7,7,7,7,7,,7 south",
        "7,7,7,7,7,7,7,7,7,7,7,7,7,7 east",
        "7,7,7,7,7,7,7,7,7,7,7,7,7,7 South",
        "7,7,7,7,7,7,7,7,7,7,7,7,7,7  south",
        "7,7,7,7,7,7,7,7,7,7,7,7,7,7 south x",
        "0,0,0,0,0,0,0,0,0,0,0,0,0,0 south",
        "99,99,99,0,0,0,0,0,0,0,0,0,0,0 south",
        "99999999999,0,0,0,0,0,0,0,0,0,0,0,0,0 south",
    ] {
        assert!(bad.parse::<Setup>().is_err(), "{bad:?} accepted");
    }
    assert_eq!(
        "7,7,7,7,7,7,7,7,7,7,7,7,7,7 east".parse::<Setup>(),
        Err(ParseError::Side("east".into()))
    );
}

#[test]
fn position_strings() {
    let text = "0,0,0,0,0,0,1,0,0,0,0,0,0,0 50 47 south";
    let p: Mangala4 = text.parse().unwrap();
    assert_eq!(p.to_string(), text);
    assert_eq!(p.board()[6], 1);
    assert_eq!((p.captured(Side::South), p.captured(Side::North)), (50, 47));
    assert_eq!(p.side_to_move(), Side::South);
    // A finished game (empty board) is a valid position.
    let done: Mangala4 = "0,0,0,0,0,0,0,0,0,0,0,0,0,0 50 48 north".parse().unwrap();
    assert_eq!(done.end_reason(), Some(EndReason::EmptyBoard));
    assert_eq!(
        Mangala4::default().to_string(),
        "7,7,7,7,7,7,7,7,7,7,7,7,7,7 0 0 south"
    );
    for bad in [
        "",
        "0,0,0,0,0,0,1,0,0,0,0,0,0,0 50 47",
        "0,0,0,0,0,0,1,0,0,0,0,0,0,0 50 47 south extra",
        "0,0,0,0,0,0,1,0,0,0,0,0,0 50 47 south",
        "0,0,0,0,0,0,1,0,0,0,0,0,0,0 050 47 south",
        "0,0,0,0,0,0,1,0,0,0,0,0,0,0 -5 47 south",
        "0,0,0,0,0,0,1,0,0,0,0,0,0,0 50 47 up",
        "0,0,0,0,0,0,1,0,0,0,0,0,0,0 200 55 south",
        "0,0,0,0,0,0,1,0,0,0,0,0,0,0  50 47 south",
    ] {
        assert!(bad.parse::<Mangala4>().is_err(), "{bad:?} accepted");
    }
    assert_eq!(
        "0,0,0,0,0,0,1,0,0,0,0,0,0,0 200 55 south".parse::<Mangala4>(),
        Err(ParseError::Invalid(SetupError::TooManyCounters(256)))
    );
    let own = Mangala4::from_notation(
        text,
        RuleSet {
            leftover: Leftover::OwnSide,
        },
    )
    .unwrap();
    assert_eq!(own.rules().leftover, Leftover::OwnSide);
}

#[test]
fn the_ritual_decides_who_chooses() {
    let right = Ritual::new(1, Parity::Odd).unwrap();
    assert!(right.guessed_right());
    assert_eq!(right.chooser(), Role::Guesser);
    let wrong = Ritual::new(2, Parity::Odd).unwrap();
    assert_eq!(wrong.parity(), Parity::Even);
    assert_eq!(wrong.chooser(), Role::Challenger);
    assert_eq!(Ritual::new(3, Parity::Odd), Err(RitualError::Hidden(3)));
    assert_eq!(Ritual::new(0, Parity::Even), Err(RitualError::Hidden(0)));

    // The guesser guessed wrong: the challenger takes North and the guesser gets South.
    let opening = wrong.choose(Side::North);
    assert_eq!(opening.side_of(Role::Challenger), Side::North);
    assert_eq!(opening.side_of(Role::Guesser), Side::South);
    assert_eq!(opening.role_at(Side::South), Role::Guesser);
    let text = opening.to_string();
    assert_eq!(text, "hid=2 guess=odd chooser=challenger row=north");
    assert_eq!(text.parse::<Opening>(), Ok(opening));
    assert!(matches!(
        "hid=2 guess=odd chooser=guesser row=north".parse::<Opening>(),
        Err(RitualError::WrongChooser {
            expected: Role::Challenger,
            ..
        })
    ));
    for bad in [
        "",
        "hid=3 guess=odd chooser=guesser row=north",
        "hid=1 guess=maybe chooser=guesser row=north",
        "hid=1 guess=odd chooser=guesser row=up",
        "hid=1 guess=odd chooser=guesser",
    ] {
        assert!(bad.parse::<Opening>().is_err(), "{bad:?} accepted");
    }
    let mut rng = mancala_engine::Rng::new(3);
    for _ in 0..20 {
        let ritual = Ritual::random(&mut rng);
        assert!(matches!(ritual.hidden(), 1 | 2));
    }
}

#[test]
fn both_side_choices_are_evaluated_by_playing_out() {
    for seed in 0..50 {
        for first in Side::BOTH {
            let setup = Setup::random(seed).with_first(first);
            let choices = Choices::evaluate(&setup, RuleSet::default());
            let finish = setup.position(RuleSet::default()).play_out();
            let (south, north) = (finish.score(Side::South), finish.score(Side::North));
            assert_eq!((choices.south.own, choices.south.other), (south, north));
            assert_eq!((choices.north.own, choices.north.other), (north, south));
            let best = choices.best();
            assert!(choices.value(best).own >= choices.value(!best).own);
            if finish.outcome.winner.is_some() {
                assert_eq!(Some(best), finish.outcome.winner);
            }
        }
    }
}

#[test]
fn records_replay_and_check_every_move() {
    let opening = Ritual::new(1, Parity::Even).unwrap().choose(Side::South);
    let mut record = Record::new(Setup::even(), Some(opening), RuleSet::default());
    record.play_to_end();
    let finish = Setup::even().position(RuleSet::default()).play_out();
    assert_eq!(record.finish(), Some(finish));
    assert_eq!(record.plies(), finish.plies);
    let text = record.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "setup 7,7,7,7,7,7,7,7,7,7,7,7,7,7 south");
    assert_eq!(
        lines[1],
        "opening hid=1 guess=even chooser=challenger row=south"
    );
    assert_eq!(lines[2], "leftover none");
    assert!(lines[3].starts_with("moves S1"));
    assert_eq!(lines[4], format!("result {finish}"));
    assert_eq!(text.parse::<Record>().unwrap(), record);

    // A wrong hole, a wrong capture, a move after the end, a wrong result: all refused.
    let first_move = lines[3].split(' ').nth(1).unwrap();
    let tampered = text.replacen(&format!("moves {first_move}"), "moves S2", 1);
    assert!(matches!(
        tampered.parse::<Record>(),
        Err(RecordError::Move { number: 1, .. })
    ));
    let extra = text.replace(lines[3], &format!("{} S1", lines[3]));
    assert!(matches!(
        extra.parse::<Record>(),
        Err(RecordError::AfterEnd { .. })
    ));
    let result = text.replace(
        lines[4],
        "result south=1 north=2 reason=empty plies=3 left=0",
    );
    assert!(matches!(
        result.parse::<Record>(),
        Err(RecordError::Result { .. })
    ));
    assert_eq!("".parse::<Record>(), Err(RecordError::MissingSetup));
    assert!(matches!(
        format!("{text}junk\n").parse::<Record>(),
        Err(RecordError::UnexpectedLine { .. })
    ));
    // A partial record: the first three moves only, no result line.
    let partial = format!(
        "setup {}\nmoves {}\n",
        Setup::even(),
        lines[3]
            .split(' ')
            .skip(1)
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    let partial: Record = partial.parse().unwrap();
    assert_eq!(partial.moves().len(), 3);
    assert!(partial.outcome().is_none());
}

#[test]
fn statistics_add_up() {
    let stats = Stats::random_starts(0..100, RuleSet::default());
    assert_eq!(stats.games, 200);
    assert_eq!(stats.empty + stats.repetition + stats.endless_move, 200);
    let mut plies = 0u64;
    let mut south_first_south_wins = 0;
    for seed in 0..100 {
        for first in Side::BOTH {
            let finish = Setup::random(seed)
                .with_first(first)
                .position(RuleSet::default())
                .play_out();
            plies += u64::from(finish.plies);
            if first == Side::South && finish.outcome.winner == Some(Side::South) {
                south_first_south_wins += 1;
            }
        }
    }
    assert_eq!(stats.plies_total, plies);
    assert_eq!(stats.by_first[0].south_wins, south_first_south_wins);
    for s in stats.by_first {
        assert_eq!(s.games, 100);
        assert_eq!(s.south_wins + s.north_wins + s.draws, 100);
    }
    assert!(stats.plies_min <= stats.plies_max);
    assert!(stats.to_string().contains("games: 200"));
}

#[cfg(feature = "serde")]
#[test]
fn serde_goes_through_the_strings_and_their_validation() {
    let position: Mangala4 = "0,0,0,0,0,0,1,0,0,0,0,0,0,0 50 47 south".parse().unwrap();
    let json = serde_json::to_string(&position).unwrap();
    assert_eq!(json, "\"0,0,0,0,0,0,1,0,0,0,0,0,0,0 50 47 south\"");
    assert_eq!(serde_json::from_str::<Mangala4>(&json).unwrap(), position);
    assert!(
        serde_json::from_str::<Mangala4>("\"0,0,0,0,0,0,1,0,0,0,0,0,0,0 250 47 south\"").is_err()
    );
    let setup = Setup::random(9).with_first(Side::North);
    let json = serde_json::to_string(&setup).unwrap();
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
    assert!(serde_json::from_str::<Setup>("\"0,0,0,0,0,0,0,0,0,0,0,0,0,0 south\"").is_err());
}
