//! Setups, the ritual, the position string, moves, records and statistics: what they accept,
//! what they refuse, and that they agree with play.

use mancala_kit::guide::quoted_after;
use mangala4::prelude::*;
use mangala4::{
    Choices, Leftover, Opening, Parity, Ritual, RitualError, Role, Run, Stats, ACTIONS, PASS_ACTION,
};

fn random_start(seed: u64, first: Side) -> Mangala4 {
    Mangala4::from_setup(Setup {
        side_to_move: first,
        ..Setup::random(seed)
    })
    .unwrap()
}

#[test]
fn even_and_random_setups() {
    assert_eq!(Setup::even().holes, [7; 14]);
    assert_eq!(Setup::even().side_to_move, Side::South);
    assert_eq!(Mangala4::from_setup(Setup::even()), Ok(Mangala4::default()));
    assert_eq!(Mangala4::new(RuleSet::STANDARD), Mangala4::default());
    assert_eq!(RuleSet::default(), RuleSet::STANDARD);
    for seed in 0..200 {
        let setup = Setup::random(seed);
        assert_eq!(setup.holes.iter().sum::<u32>(), 98);
        assert_eq!(setup, Setup::random(seed), "seed {seed} is reproducible");
    }
    assert_ne!(Setup::random(1), Setup::random(2));
    // The distribution: each seed uniform over the 14 holes, so each hole averages 7.
    let mut sums = [0u64; 14];
    for seed in 0..2000 {
        for (sum, &c) in sums.iter_mut().zip(&Setup::random(seed).holes) {
            *sum += u64::from(c);
        }
    }
    for sum in sums {
        let mean = sum as f64 / 2000.0;
        assert!((6.8..7.2).contains(&mean), "{mean}");
    }
}

#[test]
fn setups_are_validated() {
    let board = |holes: [u32; 14]| Mangala4::from_setup(Setup::start(holes));
    assert_eq!(board([19; 14]), Err(SetupError::TooManySeeds(266)));
    let mut big = [0u32; 14];
    big[0] = u32::MAX;
    big[1] = u32::MAX;
    assert_eq!(
        board(big),
        Err(SetupError::TooManySeeds(2 * u64::from(u32::MAX)))
    );
    let mut full = [18u32; 14];
    full[0] = 21;
    assert_eq!(board(full).unwrap().board().seeds(), 255);
    let stores = Setup {
        stores: [200, 56],
        ..Setup::start([0; 14])
    };
    assert_eq!(
        Mangala4::from_setup(stores),
        Err(SetupError::TooManySeeds(256))
    );
    // A setup comes back from its position.
    let position = Mangala4::from_setup(Setup {
        stores: [3, 4],
        ..Setup::random(5)
    })
    .unwrap();
    assert_eq!(Mangala4::from_setup(position.to_setup()), Ok(position));
}

#[test]
fn runs_since_the_last_capture_are_checked_by_replaying_them() {
    // A lone seed on South's hole 3, South to move: S3 moves it to S4 and North passes.
    let start = [0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let now = [0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    let setup = |turns, run_start, side| Setup {
        holes: now,
        stores: [50, 47],
        side_to_move: side,
        run: Some(Run {
            turns,
            start: run_start,
        }),
        ..Setup::even()
    };
    let good = Mangala4::from_setup(setup(2, start, Side::South)).unwrap();
    assert_eq!(good.turns_since_capture(), 2);
    assert_eq!(
        good.to_string(),
        "0,0,0,1,0,0,0/0,0,0,0,0,0,0 50 47 S run=2:0,0,1,0,0,0,0/0,0,0,0,0,0,0"
    );
    assert!(matches!(
        Mangala4::from_setup(setup(1, start, Side::North)),
        Ok(p) if p.turns_since_capture() == 1
    ));
    assert_eq!(
        Mangala4::from_setup(setup(0, start, Side::South)),
        Err(SetupError::EmptyRun)
    );
    assert!(matches!(
        Mangala4::from_setup(setup(4, start, Side::South)),
        Err(SetupError::RunMismatch { turns: 4, .. })
    ));
    assert!(matches!(
        Mangala4::from_setup(setup(2, [0; 14], Side::South)),
        Err(SetupError::RunSeeds { start: 0, now: 1 })
    ));
    // A lone seed's run ends by repetition after 26 turns: no run is longer.
    assert!(matches!(
        Mangala4::from_setup(setup(28, now, Side::South)),
        Err(SetupError::RunMismatch { .. })
    ));
    let repeated = Mangala4::from_setup(setup(26, now, Side::South)).unwrap();
    assert_eq!(
        repeated.outcome().map(|o| o.reason),
        Some(EndReason::Repetition)
    );
    // The endless flag only where the forced move is endless.
    let endless = "3,1,0,2,1,0,2/1,0,2,1,0,2,1 0 0 S endless";
    let p: Mangala4 = endless.parse().unwrap();
    assert_eq!(p.outcome().map(|o| o.reason), Some(EndReason::EndlessMove));
    assert_eq!(p.to_string(), endless);
    assert!(matches!(
        "7,7,7,7,7,7,7/7,7,7,7,7,7,7 0 0 S endless".parse::<Mangala4>(),
        Err(ParseError::Invalid(SetupError::NotEndless(_)))
    ));
}

#[test]
fn start_strings() {
    let setup: Setup = "7,7,7,7,7,7,7/7,7,7,7,7,7,7 N".parse().unwrap();
    assert_eq!(
        setup,
        Setup {
            side_to_move: Side::North,
            ..Setup::even()
        }
    );
    assert_eq!(setup.to_string(), "7,7,7,7,7,7,7/7,7,7,7,7,7,7 0 0 N");
    for bad in [
        "",
        "7,7,7,7,7,7,7/7,7,7,7,7,7,7",
        "7,7,7,7,7,7,7,7,7,7,7,7,7 S",
        "7,7,7,7,7,7,7,7,7,7,7,7,7,7,7 S",
        "7,7,7,7,7,7,7,7,7,7,7,7,7,x south",
        "7,7,7,7,7,7,7,7,7,7,7,7,7,+7 S",
        "7,7,7,7,7,7,7/7,7,7,7,7,7,07 S",
        "7,7,7,7,7,7,7,7,7,7,7,7,7,-1 S",
        "7,7,7,7,7,7,7,7,7,7,7,7,,7 S",
        "7,7,7,7,7,7,7/7,7,7,7,7,7,7 east",
        "7,7,7,7,7,7,7/7,7,7,7,7,7,7 South",
        "7,7,7,7,7,7,7/7,7,7,7,7,7,7  south",
        "7,7,7,7,7,7,7/7,7,7,7,7,7,7 S x",
        "99,99,99,0,0,0,0/0,0,0,0,0,0,0 S",
        "99999999999,0,0,0,0,0,0/0,0,0,0,0,0,0 S",
    ] {
        assert!(bad.parse::<Mangala4>().is_err(), "{bad:?} accepted");
    }
    assert_eq!(
        "7,7,7,7,7,7,7/7,7,7,7,7,7,7 east".parse::<Setup>(),
        Err(ParseError::Side("east".into()))
    );
}

#[test]
fn strings_of_the_older_form_still_read() {
    let text = "0,0,0,1,0,0,0/0,0,0,0,0,0,0 50 47 S run=2:0,0,1,0,0,0,0/0,0,0,0,0,0,0";
    let position: Mangala4 = text.parse().unwrap();
    for older in [
        "0,0,0,1,0,0,0,0,0,0,0,0,0,0 50 47 south run=2:0,0,1,0,0,0,0,0,0,0,0,0,0,0",
        "0,0,0,1,0,0,0/0,0,0,0,0,0,0 50 47 south run=2:0,0,1,0,0,0,0,0,0,0,0,0,0,0",
    ] {
        assert_eq!(older.parse::<Mangala4>(), Ok(position), "{older}");
    }
    // The start form, as input files of boards write it, is written in the shared shape.
    let start: Setup = "7,7,7,7,7,7,7,7,7,7,7,7,7,7 north".parse().unwrap();
    assert_eq!(start.to_string(), "7,7,7,7,7,7,7/7,7,7,7,7,7,7 0 0 N");
    // Two rows are two rows of 7.
    assert_eq!(
        "7,7,7,7,7,7/7,7,7,7,7,7,7,7 0 0 S".parse::<Setup>(),
        Err(ParseError::RowLength(6))
    );
    assert_eq!(
        "7,7,7,7,7,7,7/7,7,7/7,7,7,7 0 0 S".parse::<Setup>(),
        Err(ParseError::RowLength(3))
    );
    assert_eq!(
        "7,7,7,7,7,7,7/7,7,7,7,7,7,7/7,7,7,7,7,7,7 0 0 S".parse::<Setup>(),
        Err(ParseError::HoleCount(21))
    );
}

#[test]
fn position_strings() {
    let text = "0,0,0,0,0,0,1/0,0,0,0,0,0,0 50 47 S";
    let p: Mangala4 = text.parse().unwrap();
    assert_eq!(p.to_string(), text);
    assert_eq!(p.board()[6], 1);
    assert_eq!((p.store(Side::South), p.store(Side::North)), (50, 47));
    assert_eq!(p.side_to_move(), Side::South);
    // A finished game (empty board) is a valid position.
    let done: Mangala4 = "0,0,0,0,0,0,0/0,0,0,0,0,0,0 50 48 N".parse().unwrap();
    assert_eq!(
        done.result().unwrap().to_string(),
        "south wins 50-48 (empty)"
    );
    assert_eq!(
        Mangala4::default().to_string(),
        "7,7,7,7,7,7,7/7,7,7,7,7,7,7 0 0 S"
    );
    for bad in [
        "",
        "0,0,0,0,0,0,1/0,0,0,0,0,0,0 50 47",
        "0,0,0,0,0,0,1/0,0,0,0,0,0,0 50 47 S extra",
        "0,0,0,0,0,0,1,0,0,0,0,0,0 50 47 S",
        "0,0,0,0,0,0,1/0,0,0,0,0,0,0 050 47 S",
        "0,0,0,0,0,0,1/0,0,0,0,0,0,0 -5 47 S",
        "0,0,0,0,0,0,1/0,0,0,0,0,0,0 50 47 up",
        "0,0,0,0,0,0,1/0,0,0,0,0,0,0 200 55 S",
        "0,0,0,0,0,0,1/0,0,0,0,0,0,0  50 47 S",
        "0,0,0,0,0,0,1/0,0,0,0,0,0,0 50 47 S leftover=all",
        "0,0,0,0,0,0,1/0,0,0,0,0,0,0 50 47 S run=2",
        "0,0,0,0,0,0,1/0,0,0,0,0,0,0 50 47 S endless leftover=own-side",
        "0,0,0,0,0,0,1/0,0,0,0,0,0,0 50 47 S run=0",
    ] {
        assert!(bad.parse::<Mangala4>().is_err(), "{bad:?} accepted");
    }
    assert_eq!(
        "0,0,0,0,0,0,1/0,0,0,0,0,0,0 200 55 S".parse::<Mangala4>(),
        Err(ParseError::Invalid(SetupError::TooManySeeds(256)))
    );
    let own: Mangala4 = format!("{text} leftover=own-side").parse().unwrap();
    assert_eq!(own.rules().leftover, Leftover::OwnSide);
    assert_eq!(own.to_string(), format!("{text} leftover=own-side"));
    let written_out: Mangala4 = format!("{text} leftover=none").parse().unwrap();
    assert_eq!(written_out, p);
}

/// Before the run since the last capture was part of the string, re-reading this position
/// (reached after three quiet turns from a capture) lost the repeat, and the game ended
/// 53-45 instead of 52-46.
#[test]
fn a_reread_position_keeps_its_repetition_state() {
    let start: Mangala4 = "0,0,0,1,0,0,0/0,0,0,0,0,0,0 52 45 N".parse().unwrap();
    let ending = start.play_out().result.to_string();
    let mut position = start;
    for _ in 0..30 {
        if position.is_over() {
            break;
        }
        let copy: Mangala4 = position.to_string().parse().unwrap();
        assert_eq!(copy, position);
        assert_eq!(copy.play_out().result.to_string(), ending);
        position.play_unchecked(Move::Pass);
    }
}

#[test]
fn moves_read_and_write_as_players_name_them() {
    for hole in 0..14u8 {
        let mv = Move::Sow(hole);
        let text = mv.to_string();
        assert_eq!(text.parse::<Move>(), Ok(mv));
        assert_eq!(format!("{mv:?}"), text);
        let mover = if hole < 7 { Side::South } else { Side::North };
        assert_eq!(Move::from_action(mv.action(), mover), Some(mv));
        assert!(mv.action() < PASS_ACTION);
    }
    assert_eq!(Move::Sow(0).to_string(), "S1");
    assert_eq!(Move::Sow(13).to_string(), "N7");
    assert_eq!("pass".parse::<Move>(), Ok(Move::Pass));
    assert_eq!(Move::Pass.action(), PASS_ACTION);
    assert_eq!(
        Move::from_action(PASS_ACTION, Side::North),
        Some(Move::Pass)
    );
    assert_eq!(Move::from_action(ACTIONS, Side::South), None);
    for bad in ["", "S0", "S8", "s1", "N", "S12", "pass ", "-"] {
        assert!(bad.parse::<Move>().is_err(), "{bad:?} accepted");
    }
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
            let start = random_start(seed, first);
            let choices = Choices::evaluate(&start);
            let finish = start.play_out();
            let (south, north) = (finish.score(Side::South), finish.score(Side::North));
            assert_eq!((choices.south.own, choices.south.other), (south, north));
            assert_eq!((choices.north.own, choices.north.other), (north, south));
            let best = choices.best();
            assert!(choices.value(best).own >= choices.value(!best).own);
            if finish.result.outcome.winner.is_some() {
                assert_eq!(Some(best), finish.result.outcome.winner);
            }
        }
    }
}

#[test]
fn records_replay_and_check_every_move() {
    let opening = Ritual::new(1, Parity::Even).unwrap().choose(Side::South);
    let mut record = Record::new(Mangala4::default(), Some(opening));
    record.play_to_end();
    let finish = Mangala4::default().play_out();
    assert_eq!(record.finish(), Some(finish));
    assert_eq!(record.plies(), finish.plies);
    let text = record.to_string();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "setup 7,7,7,7,7,7,7/7,7,7,7,7,7,7 0 0 S");
    assert_eq!(
        lines[1],
        "opening hid=1 guess=even chooser=challenger row=south"
    );
    assert!(lines[2].starts_with("moves S1"));
    assert_eq!(lines[3], format!("result {}", finish.result));
    assert_eq!(text.parse::<Record>().unwrap(), record);

    // A wrong hole, a wrong capture, a move after the end, a wrong result: all refused.
    let first_move = lines[2].split(' ').nth(1).unwrap();
    let tampered = text.replacen(&format!("moves {first_move}"), "moves S2", 1);
    assert!(matches!(
        tampered.parse::<Record>(),
        Err(RecordError::Move { number: 1, .. })
    ));
    let extra = text.replace(lines[2], &format!("{} S1", lines[2]));
    assert!(matches!(
        extra.parse::<Record>(),
        Err(RecordError::AfterEnd { .. })
    ));
    let result = text.replace(lines[3], "result south wins 2-1 (empty)");
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
        Mangala4::default(),
        lines[2]
            .split(' ')
            .skip(1)
            .take(3)
            .collect::<Vec<_>>()
            .join(" ")
    );
    let partial: Record = partial.parse().unwrap();
    assert_eq!(partial.moves().len(), 3);
    assert!(partial.result().is_none());
}

#[test]
fn the_record_in_the_guide_reads() {
    let guide = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
    let start = guide.find("  setup ").expect("the guide shows a record");
    let record: String = guide[start..]
        .lines()
        .take_while(|line| !line.trim().is_empty() && !line.contains("```"))
        .map(|line| format!("{}\n", line.trim()))
        .collect();
    let record: Record = record.parse().unwrap();
    assert_eq!(
        record.result().unwrap().to_string(),
        "south wins 7-2 (repetition)"
    );
    assert!(record.opening().is_some());
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
            let finish = random_start(seed, first).play_out();
            plies += u64::from(finish.plies);
            if first == Side::South && finish.result.outcome.winner == Some(Side::South) {
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
    let position: Mangala4 = "0,0,0,0,0,0,1/0,0,0,0,0,0,0 50 47 S".parse().unwrap();
    let json = serde_json::to_string(&position).unwrap();
    assert_eq!(json, "\"0,0,0,0,0,0,1/0,0,0,0,0,0,0 50 47 S\"");
    assert_eq!(serde_json::from_str::<Mangala4>(&json).unwrap(), position);
    assert!(serde_json::from_str::<Mangala4>("\"0,0,0,0,0,0,1/0,0,0,0,0,0,0 250 47 S\"").is_err());
    let setup = Setup {
        side_to_move: Side::North,
        ..Setup::random(9)
    };
    let json = serde_json::to_string(&setup).unwrap();
    assert_eq!(serde_json::from_str::<Setup>(&json).unwrap(), setup);
    assert!(serde_json::from_str::<Setup>("\"0,0,0,0,0,0,0,0,0,0,0,0,0 S\"").is_err());
    // The run since the last capture and the rules go through serde too.
    let text =
        "0,0,0,1,0,0,0/0,0,0,0,0,0,0 50 47 S leftover=own-side run=2:0,0,1,0,0,0,0/0,0,0,0,0,0,0";
    let position: Mangala4 = text.parse().unwrap();
    let json = serde_json::to_string(&position).unwrap();
    assert_eq!(serde_json::from_str::<Mangala4>(&json).unwrap(), position);
    assert_eq!(serde_json::to_string(&Move::Sow(8)).unwrap(), "\"N2\"");
}

#[test]
fn an_opening_error_quotes_a_long_text_in_part() {
    let long = format!(
        "hid=3 guess={} chooser=challenger row=S",
        "x".repeat(100_000)
    );
    let error = long.parse::<Opening>().unwrap_err().to_string();
    assert!(error.len() < 200, "{} bytes", error.len());
    assert!(error.contains("hid=3 guess=xxx"), "{error}");
}

#[test]
fn the_mangala4_position_strings_in_the_guide_read_back() {
    let doc = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
    let example = quoted_after(doc, "an endless move from this board. Example:")
        .expect("the guide quotes the endless example");
    let position: Mangala4 = example.parse().expect("the example reads");
    assert_eq!(position.to_string(), example);
    let start = quoted_after(doc, "(nothing captured):").expect("the guide quotes the start");
    let position: Mangala4 = start.parse().expect("the start reads");
    assert_eq!(position, Mangala4::default());
}
