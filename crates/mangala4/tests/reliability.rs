//! Guards for the mistakes a reader or a re-read position must never make again: a position
//! string that loses what decides the rest of the game, a record reader tripped by a
//! byte-order mark, and a record reader slower than linear on hostile input.

use mangala4::prelude::*;
use mangala4::Leftover;
use std::time::{Duration, Instant};

/// From positions taken mid-game in many random games: the position read back from its
/// string (and from its setup) plays on to exactly the same end. The old four-field string
/// lost the repetition state, so a re-read position could end with other scores.
#[test]
fn a_reread_position_plays_identically_to_the_end() {
    let mut rng = Rng::new(17);
    let mut checked = 0;
    for seed in 0..400 {
        let leftover = if seed % 2 == 0 {
            Leftover::Uncounted
        } else {
            Leftover::OwnSide
        };
        let setup = Setup {
            rules: RuleSet { leftover },
            side_to_move: if seed % 3 == 0 {
                Side::North
            } else {
                Side::South
            },
            ..Setup::random(seed)
        };
        let mut position = Mangala4::from_setup(setup).unwrap();
        let length = position.play_out().plies.max(1);
        let mut stops: Vec<u32> = (0..4).map(|_| rng.below(length + 30)).collect();
        stops.sort_unstable();
        let mut ply = 0;
        for stop in stops {
            while ply < stop && !position.is_over() {
                position.play_unchecked(Move::Pass);
                ply += 1;
            }
            let text = position.to_string();
            let copy: Mangala4 = text.parse().unwrap();
            assert_eq!(copy, position, "{text}");
            let (a, b) = (copy.play_out(), position.play_out());
            assert_eq!(a, b, "{text}");
            assert_eq!(Mangala4::from_setup(position.to_setup()), Ok(position));
            checked += 1;
        }
    }
    assert_eq!(checked, 1600);
}

#[test]
fn a_byte_order_mark_does_not_break_the_record_reader() {
    let mut record = Record::new(Mangala4::default(), None);
    record.play_to_end();
    let text = record.to_string();
    let marked = format!("\u{feff}{text}");
    assert_eq!(marked.parse::<Record>(), Ok(record.clone()));
    // Only at the very start: elsewhere it is a character like any other.
    let inside = text.replacen("moves", "\u{feff}moves", 1);
    assert!(inside.parse::<Record>().is_err());
}

/// About 1 MB of ordinary records, each read on its own.
fn ordinary_records() -> Vec<String> {
    let mut texts = Vec::new();
    let mut size = 0;
    let mut seed = 0;
    while size < 1_000_000 {
        let start = Mangala4::from_setup(Setup::random(seed)).unwrap();
        let mut record = Record::new(start, None);
        record.play_to_end();
        let text = record.to_string();
        size += text.len();
        texts.push(text);
        seed += 1;
    }
    texts
}

/// About 1 MB each of input meant to hurt a reader.
fn hostile_inputs() -> Vec<String> {
    const SIZE: usize = 1_000_000;
    let setup = "setup 7,7,7,7,7,7,7,7,7,7,7,7,7,7 0 0 south\n";
    let game = {
        let mut record = Record::new(Mangala4::default(), None);
        record.play_to_end();
        record.to_string()
    };
    let moves = game.lines().nth(1).unwrap().to_owned();
    vec![
        // No separators at all.
        "S".repeat(SIZE),
        "7".repeat(SIZE),
        // A setup whose counts are huge numbers.
        format!(
            "setup {}7,7,7,7,7,7,7,7,7,7,7,7,7 south\n",
            "9".repeat(SIZE)
        ),
        format!(
            "setup {}7,7,7,7,7,7,7,7,7,7,7,7,7 south\n",
            "0".repeat(SIZE)
        ),
        // A board of a million holes.
        format!("setup {}7 south\n", "7,".repeat(SIZE / 2)),
        // Deep repetition: the moves of the game, then the same move again and again.
        format!("{setup}{moves}{}\n", " S1".repeat(SIZE / 3)),
        // One huge move token, and one huge result.
        format!("{setup}moves S1{}\n", "x".repeat(SIZE)),
        format!(
            "{}result {}\n",
            game.lines().take(2).collect::<Vec<_>>().join("\n") + "\n",
            "y".repeat(SIZE)
        ),
        // A million spaces between fields, and a million blank lines.
        format!(
            "setup 7,7,7,7,7,7,7,7,7,7,7,7,7,7{}south\n",
            " ".repeat(SIZE)
        ),
        format!("{setup}{}{moves}\n", "\n".repeat(SIZE)),
        // Line after line of unknown keywords after a valid record.
        format!("{game}{}", "junk\n".repeat(SIZE / 5)),
    ]
}

fn time_reading(texts: &[String]) -> Duration {
    let start = Instant::now();
    for text in texts {
        let _ = std::hint::black_box(text.parse::<Record>());
    }
    start.elapsed()
}

#[test]
fn the_record_reader_is_linear_on_hostile_input() {
    let ordinary = ordinary_records();
    let ordinary_time = time_reading(&ordinary);
    for (i, text) in hostile_inputs().iter().enumerate() {
        let result = text.parse::<Record>();
        // A refused input's error keeps only an excerpt of it.
        if let Err(error) = &result {
            assert!(error.to_string().len() < 300, "input {i}: {error}");
        }
        let hostile_time = time_reading(std::slice::from_ref(text));
        assert!(
            hostile_time <= ordinary_time * 4 + Duration::from_millis(50),
            "input {i} ({} bytes) took {hostile_time:?}, 1 MB of ordinary records {ordinary_time:?}",
            text.len()
        );
    }
}
