//! Regression tests, one per reliability fix: each is named after what it guards.

use std::io::Read;
use std::time::{Duration, Instant};
use toguz::prelude::Rng;
use toguz::prelude::*;
use toguz::record::{read_records, write_records, Reader, RecordErrorKind};

/// A random game from `rules`' start, as a record with PlayOK-like tags.
fn random_record(rules: RuleSet, seed: u64, style: Style) -> Record {
    let mut rng = Rng::new(seed);
    let mut position = Toguz::new(rules);
    let mut moves = Vec::new();
    while let Some(mv) = position.random_move(&mut rng) {
        moves.push(mv);
        position.play_unchecked(mv);
    }
    let mut record = Record::from_moves(&Toguz::new(rules), &moves, style).unwrap();
    record.set_tag("Event", &seed.to_string()).unwrap();
    record.set_tag("Site", "PlayOK").unwrap();
    record
}

/// The time to read `text`, and the number of items read.
fn time_to_read(text: &str) -> (Duration, usize) {
    let started = Instant::now();
    let items = read_records(text).count();
    (started.elapsed(), items)
}

#[test]
fn the_record_reader_takes_linear_time_on_adversarial_input() {
    const SIZE: usize = 1 << 20;
    let mut ordinary = String::new();
    let mut seed = 0;
    while ordinary.len() < SIZE {
        ordinary.push_str(&random_record(RuleSet::STANDARD, seed, Style::PlayOk).to_string());
        ordinary.push('\n');
        seed += 1;
    }
    let (first, games) = time_to_read(&ordinary);
    assert_eq!(games as u64, seed);
    let baseline = first.min(time_to_read(&ordinary).0);
    let fill = |unit: &str| unit.repeat(SIZE / unit.len());
    let adversarial = [
        ("move numbers without separators", fill("1.")),
        ("move numbers and half-moves touching", fill("1.87(10)")),
        ("one long number", format!("{}.", "7".repeat(SIZE))),
        ("one huge token", "x".repeat(SIZE)),
        ("one huge line of tags", fill("[Event \"x\"]")),
        ("tags, one a line", fill("[Event \"x\"]\n")),
        ("open brackets", fill("[")),
        ("open braces", fill("{")),
        ("closing braces", fill("}")),
        ("open parentheses", fill("(")),
        ("empty comments", fill("{}")),
        (
            "a tag never closed",
            format!("[Event \"{}", "x".repeat(SIZE)),
        ),
        ("escape lines", fill("%\n")),
        ("results", fill("* ")),
    ];
    for (what, text) in adversarial {
        // The best of up to three tries, so that a busy machine does not fail the test.
        let limit = baseline * 4 + Duration::from_millis(20);
        let mut took = Duration::MAX;
        for _ in 0..3 {
            let (time, items) = time_to_read(&text);
            assert!(items <= text.len(), "{what}");
            took = took.min(time);
            if took <= limit {
                break;
            }
        }
        assert!(
            took <= limit,
            "{what}: {took:?} for {} bytes, ordinary records {baseline:?} for {} bytes",
            text.len(),
            ordinary.len()
        );
    }
}

/// A text that is never held in memory: `unit` repeated `times` times, produced as it is read.
struct Repeated {
    unit: &'static [u8],
    times: usize,
    at: usize,
}

impl Read for Repeated {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let mut n = 0;
        while n < buf.len() && self.times > 0 {
            buf[n] = self.unit[self.at];
            n += 1;
            self.at += 1;
            if self.at == self.unit.len() {
                self.at = 0;
                self.times -= 1;
            }
        }
        Ok(n)
    }
}

#[test]
fn a_game_of_endless_tags_keeps_bounded_memory() {
    // 24 MB of tags in one game: the reader keeps the first thousand and skips the rest.
    let text = Repeated {
        unit: b"[Event \"x\"]\n",
        times: 2_000_000,
        at: 0,
    };
    let items: Vec<_> = Reader::new(std::io::BufReader::new(text)).collect();
    assert_eq!(items.len(), 1);
    let error = items[0].as_ref().unwrap_err();
    assert!(
        matches!(error.kind, RecordErrorKind::TooLarge { limit: 1_000, .. }),
        "{error}"
    );
    assert_eq!(error.partial.as_ref().unwrap().tags().count(), 1_000);
    // A line of 10 MB is cut (its result with it), and the next game reads as usual.
    let mut text = "1. 87(10) ".repeat(1_000_000);
    text.push_str("*\n\n[Event \"next\"]\n\n1. 87(10) *\n");
    let items: Vec<_> = read_records(&text).collect();
    assert_eq!(items.len(), 2);
    assert!(matches!(
        items[0].as_ref().unwrap_err().kind,
        RecordErrorKind::TooLarge { .. }
    ));
    assert_eq!(items[1].as_ref().unwrap().moves().len(), 1);
}

#[test]
fn an_odd_kazan_without_a_tuzdik_is_refused() {
    // Two kazans of one seed each: captures are even, so neither is possible without a tuzdik.
    let text = "9S,9S,9S,9S,9S,9S,9S,9S,8S/8S,9S,9S,9S,9S,9S,9S,9S,9S 1 1 S 1";
    let odd = SetupError::OddKazan {
        player: "White",
        kazan: 1,
    };
    assert_eq!(
        text.parse::<Toguz>(),
        Err(ParseError::Impossible(odd.clone()))
    );
    assert_eq!(text.parse::<Fen>(), Err(ParseError::Impossible(odd)));
    // With a tuzdik an odd kazan is possible: White's on Black's hole 3.
    let with_tuzdik = "9S,9S,9S,9S,9S,9S,t,9S,8S/8S,9S,9S,9S,9S,9S,9S,9S,9S 11 0 S";
    assert!(with_tuzdik.parse::<Toguz>().is_ok());
    // 2 × 7 has tuzdiks (the crate's README); 2 × 5 has none, so an odd kazan is never possible.
    let seven = "7S,7S,7S,7S,t,7S,6S/6S,7S,7S,7S,7S,7S,7S 9 0 S";
    assert!(seven.parse::<Toguz>().is_ok());
    let five = "5S,5S,5S,5S,4S/4S,5S,5S,5S,5S 1 1 S";
    let error = five.parse::<Toguz>().unwrap_err();
    assert!(
        matches!(error, ParseError::Impossible(SetupError::OddKazan { .. })),
        "{error}"
    );
}

#[test]
fn records_of_every_rule_set_read_back() {
    for (seed, rules) in RuleSet::ALL.into_iter().enumerate() {
        for style in [Style::PlayOk, Style::Kz] {
            let record = random_record(rules, seed as u64, style);
            assert_eq!(
                record.tag("Rules").is_some(),
                rules != RuleSet::STANDARD,
                "{rules}"
            );
            let text = record.to_string();
            let read: Vec<Record> = read_records(&text).collect::<Result<_, _>>().unwrap();
            assert_eq!(read, std::slice::from_ref(&record), "{rules}");
            assert_eq!(text.parse::<Record>().as_ref(), Ok(&record), "{rules}");
            let replay = record.replay();
            assert_eq!(replay.error, None, "{rules}");
            assert_eq!(replay.start.rules(), rules);
            #[cfg(feature = "serde")]
            {
                let json = serde_json::to_string(&record).unwrap();
                assert_eq!(serde_json::from_str::<Record>(&json).unwrap(), record);
            }
        }
        // A later start is written in a FEN tag, which reads back under the same rules.
        let mut start = Toguz::new(rules);
        start.play(start.legal_moves()[0]).unwrap();
        let record = Record::from_moves(&start, &[start.legal_moves()[0]], Style::Kz).unwrap();
        let read: Record = record.to_string().parse().unwrap();
        assert_eq!(read.replay().start, start, "{rules}");
    }
    // A 2 × 7 record written before the Rules tag existed: the FEN tag's rows give the board.
    let old = "[FEN \"7S,7S,7S,7S,7S,7S,7S/7S,7S,7S,7S,7S,7S,7S 0 0 S 1\"]\n\n1. 76 *\n";
    let replay = old.parse::<Record>().unwrap().replay();
    assert_eq!(
        (replay.error, replay.position.rules().board),
        (None, BoardSize::Seven)
    );
    // Rules and FEN tags must agree.
    let mut record: Record = old.parse().unwrap();
    assert!(record.set_tag("Rules", "2x9").is_err());
    assert!(record.set_tag("Rules", "2x7 optional-tuzdik").is_ok());
    assert!(record.set_tag("Rules", "2x7 sometimes").is_err());
    assert_eq!(record.tag("Rules"), Some("2x7 optional-tuzdik"));
}

#[test]
fn a_result_tag_that_differs_from_the_result_is_refused() {
    let mut record = Record::from_moves(&Toguz::default(), &[Move::new(8)], Style::PlayOk).unwrap();
    assert_eq!(record.result(), PgnResult::Unknown);
    let error = record.set_tag("Result", "1-0").unwrap_err();
    assert!(
        matches!(error.kind, RecordErrorKind::ResultTagDiffers { .. }),
        "{error}"
    );
    let error = record.set_tag("Result", "garbage").unwrap_err();
    assert!(
        matches!(error.kind, RecordErrorKind::BadResultTag(_)),
        "{error}"
    );
    assert_eq!(record.tag("Result"), None);
    // The way to record a resignation: set the result, then (or before) the tag.
    record.set_result(PgnResult::WhiteWins).unwrap();
    record.set_tag("Result", "1-0").unwrap();
    record.set_result(PgnResult::BlackWins).unwrap();
    assert_eq!(record.tag("Result"), Some("0-1"));
    assert_eq!(record.to_string().parse::<Record>(), Ok(record));
}

#[test]
fn fen_move_numbers_run_from_one_to_the_largest_u32_and_read_back() {
    let position = Toguz::default();
    assert_eq!(Fen::new(position, 0), None);
    for fullmove in [1, 1_000_000_000, u32::MAX] {
        let fen = Fen::new(position, fullmove).unwrap();
        assert_eq!(fen.to_string().parse::<Fen>(), Ok(fen));
        // A record starting there numbers its moves from there.
        let mut record = Record::new();
        record.set_tag("FEN", &fen.to_string()).unwrap();
        record.push_move(HalfMove::from_move(&position, Move::new(8), Style::Kz).unwrap());
        let text = record.to_string();
        assert!(text.contains(&format!("\n{fullmove}. 87 *")), "{text}");
        assert_eq!(text.parse::<Record>(), Ok(record));
    }
}

#[test]
fn a_byte_order_mark_does_not_break_the_reader() {
    let text = "\u{feff}[Event \"x\"]\n\n1. 87(10) *\n";
    let record: Record = text.parse().unwrap();
    assert_eq!(record.tag("Event"), Some("x"));
    let bytes = text.as_bytes();
    let read: Vec<_> = Reader::new(bytes).collect::<Result<_, _>>().unwrap();
    assert_eq!(read, [record]);
    // Only at the start: elsewhere it is no white space.
    assert!("1. 87(10) \u{feff} *".parse::<Record>().is_err());
}

#[test]
fn messages_say_what_is_really_wrong() {
    let start = "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S";
    for (text, says) in [
        (
            format!("{start} 0 0 S 0"),
            "the full-move number `0` is out of range: it counts from 1 to 4294967295",
        ),
        (
            format!("{start} 0 0 S 99999999999"),
            "`99999999999` is out of range",
        ),
        (
            format!("{start} 0 1000 S 1"),
            "Black's kazan `1000` is not a number of seeds (at most three digits)",
        ),
        (
            format!("{start} 0 0 S 1 2"),
            "`2` is not a rule option (optional-tuzdik, no-majority-stop) nor a full-move number",
        ),
        (format!("{start} 0 0"), "found only 3 of these fields"),
        (
            format!("{start} 0 0 S 1 optional-tuzdik optional-tuzdik"),
            "given twice",
        ),
    ] {
        let error = text.parse::<Fen>().unwrap_err().to_string();
        assert!(error.contains(says), "{text:?} gives {error:?}");
    }
    assert!("1000000000".parse::<Fen>().is_err());
    let fen = format!("{start} 0 0 S 1000000000");
    assert_eq!(fen.parse::<Fen>().map(|f| f.fullmove()), Ok(1_000_000_000));
    // A number that cannot be the next move's names the one expected.
    let error = "1. 87(10) 87(10) 3. 22 *"
        .parse::<Record>()
        .unwrap_err()
        .to_string();
    assert!(
        error.contains("move number `3.` where 2 was expected"),
        "{error}"
    );
    let error = "10".parse::<Move>().unwrap_err().to_string();
    assert!(error.contains("a hole number from 1 to 9"), "{error}");
}

#[test]
fn written_records_of_many_games_read_back_in_order() {
    let records: Vec<Record> = (0..20)
        .map(|seed| random_record(RuleSet::STANDARD, seed, Style::PlayOk))
        .collect();
    let text = write_records(&records);
    let read: Vec<Record> = Reader::new(text.as_bytes())
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(read, records);
}
