//! Game records: round trips, replay, the result text, rejection of malformed records, a
//! byte-order mark, and a reader whose time is linear in its input and whose memory is what
//! the record keeps.

use katro::{Katro, Record, RecordError, RuleSet};
use mancala_engine::{Game, Position as _, Rng, Side};
use std::time::{Duration, Instant};

#[test]
fn game_records_round_trip_and_replay() {
    for (k, rules) in RuleSet::all().enumerate().step_by(7) {
        let mut rng = Rng::new(77 + k as u64);
        let mut record = Record::new(Katro::new(rules));
        record.set_tag("Event", "test game").unwrap();
        while let Some(mv) = record.position().random_move(&mut rng) {
            record.play(mv).unwrap();
            if record.moves().len() == 300 {
                break;
            }
        }
        let text = record.to_string();
        let parsed: Record = text.parse().unwrap();
        assert_eq!(parsed.moves(), record.moves());
        assert_eq!(parsed.position(), record.position());
        assert_eq!(parsed.tags(), record.tags());
        assert_eq!(parsed.to_string(), text);
    }
}

#[test]
fn game_record_format() {
    let text = "[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]\n[Result \"*\"]\n1. a1 d4 2. b1\n";
    let record: Record = text.parse().unwrap();
    assert_eq!(record.moves().len(), 3);
    assert_eq!(
        record.to_string(),
        text.replace("1. ", "").replace("2. ", "")
    );
    let bad = [
        "a1 d4",
        "[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]\na1 a1",
        "[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]\n[Result \"south wins (no-seeds)\"]\na1",
        "[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]\n[Event \"a\"]\n[Event \"b\"]",
        "[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S direction=A\"]",
        "[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]\n[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]",
        "[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]\na1\n[Event \"late\"]",
        "[Start 2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S]",
        "[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]\nz9",
        "[Start \"2,2 S\"]",
        "[Sta-rt \"x\"]",
    ];
    for text in bad {
        assert!(text.parse::<Record>().is_err(), "accepted {text:?}");
    }
    let err = "[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]\na1 a1"
        .parse::<Record>()
        .unwrap_err();
    assert!(
        matches!(err, RecordError::IllegalMove { ply: 2, .. }),
        "{err}"
    );
    let mut record = Record::new(Katro::default());
    assert!(record.set_tag("Result", "x").is_err());
    assert!(record.set_tag("Event", "a \"quoted\" name").is_err());
}

#[test]
fn the_result_tag_is_the_shared_result_text() {
    // South's c1 ends in d1, occupied, and takes North's last seed from d3 (K4, K5): North,
    // to move with nothing left, loses; South has all 3 seeds.
    let start: Katro = "0,0,0,0/0,0,0,1/0,0,0,0/0,0,1,1 S".parse().unwrap();
    let mut record = Record::new(start);
    record.play("c1".parse().unwrap()).unwrap();
    let result = record.result().expect("South's c1 takes North's last seed");
    assert_eq!(result.outcome.winner, Some(Side::South));
    let text = record.to_string();
    assert!(
        text.contains("[Result \"south wins 3-0 (no-seeds)\"]"),
        "{text}"
    );
    assert_eq!(text.parse::<Record>().unwrap(), record);
    // The outcome alone, as older records wrote it, still reads; a wrong result does not.
    let old = text.replace("south wins 3-0 (no-seeds)", "south wins (no-seeds)");
    assert_eq!(old.parse::<Record>().unwrap(), record);
    let wrong = text.replace("south wins 3-0", "south wins 2-1");
    assert!(matches!(
        wrong.parse::<Record>(),
        Err(RecordError::WrongResult { .. })
    ));
}

#[test]
fn a_byte_order_mark_before_the_record_is_skipped() {
    let text = "[Start \"2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S\"]\na1 d4\n";
    let plain: Record = text.parse().unwrap();
    let marked: Record = format!("\u{feff}{text}").parse().unwrap();
    assert_eq!(marked, plain);
    assert_eq!(marked.moves().len(), 2);
    // Only at the start: elsewhere it is not white space.
    assert!(format!("{text}\u{feff}b1").parse::<Record>().is_err());
}

/// Ordinary records of random games on the standard board, about `bytes` of them in all.
fn ordinary_records(bytes: usize) -> Vec<String> {
    let mut records = Vec::new();
    let mut total = 0;
    let mut rng = Rng::new(5);
    while total < bytes {
        let mut record = Record::new(Katro::default());
        record.set_tag("Event", "club night").unwrap();
        while let Some(mv) = record.position().random_move(&mut rng) {
            record.play(mv).unwrap();
        }
        let text = record.to_string();
        total += text.len();
        records.push(text);
    }
    records
}

/// Adversarial inputs of about `bytes` each: no separators, deep repetition, long numbers, one
/// huge token, a flood of tags.
fn adversarial_inputs(bytes: usize) -> Vec<String> {
    let start =
        "[Start \"2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 S\"]\n";
    let tags: String = (0..)
        .map(|k: u32| {
            let name: String = format!("{k:x}")
                .bytes()
                .map(|b| char::from(b'a' + b % 16))
                .collect();
            format!("[T{name} \"v\"]\n")
        })
        .scan(0, |len, tag| {
            *len += tag.len();
            (*len < bytes).then_some(tag)
        })
        .collect();
    vec![
        "a1".repeat(bytes / 2),
        format!("{start}{}", "a1".repeat(bytes / 2)),
        format!("{start}{}", "1. ".repeat(bytes / 3)),
        format!("{start}{}.", "9".repeat(bytes)),
        "[".repeat(bytes),
        format!("[Start \"{}\"]", "2,".repeat(bytes / 2)),
        format!("[Start \"{}\"]", "2/".repeat(bytes / 2)),
        format!("{start}{}", "\n".repeat(bytes)),
        format!("{start}{tags}"),
        format!("[Start \"x\"]{tags}"),
        tags.replace("[T", "[Start \"").replace(" \"v\"]", "\"]"),
        "\u{feff}".repeat(bytes / 3),
    ]
}

/// Reads every text, returning the time taken.
fn read_all(texts: &[String]) -> Duration {
    let clock = Instant::now();
    for text in texts {
        let _ = std::hint::black_box(text.parse::<Record>());
    }
    clock.elapsed()
}

#[test]
fn the_reader_takes_time_linear_in_its_input() {
    const BYTES: usize = 1 << 20;
    let ordinary = ordinary_records(BYTES);
    let ordinary_time = read_all(&ordinary).min(read_all(&ordinary));
    for input in adversarial_inputs(BYTES) {
        let adversarial_time = read_all(std::slice::from_ref(&input));
        assert!(
            adversarial_time <= 4 * ordinary_time + Duration::from_millis(20),
            "{} bytes starting `{}` took {adversarial_time:?}; ordinary records {ordinary_time:?}",
            input.len(),
            &input[..input.len().min(40)]
        );
    }
}
