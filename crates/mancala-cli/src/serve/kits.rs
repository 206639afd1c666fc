//! What the server needs of each game beyond the core's traits, until a registry of games
//! holds it: how its rules and records are written, and its evaluation. Every function here
//! only calls the game crate's own parsers and writers.

use crate::engine::shorten;
use crate::play::Game as Ui;
use mancala_engine::{Game, Position, Side};

/// A record read from text: its start, its moves (up to the first that does not replay), and
/// for a file of several games, how many it holds and what each is.
pub struct Replayed<G: Game> {
    /// The start position.
    pub start: G,
    /// The moves that replay.
    pub moves: Vec<G::Move>,
    /// Games in the text.
    pub games: usize,
    /// A line naming each game, for a text of several (at most [`MAX_TITLES`]).
    pub titles: Vec<String>,
    /// Why replay stopped before the last move, if it did.
    pub error: Option<String>,
}

/// The most game titles a response lists.
pub const MAX_TITLES: usize = 5_000;

/// One game's part of the server.
pub struct Kit<G: Game> {
    /// The rules' text form, in words, for the page.
    pub rules_hint: &'static str,
    /// Rule texts the page offers (any other the parser reads may be typed).
    pub presets: &'static [&'static str],
    /// Reads the rules' text form.
    pub rules: fn(&str) -> Result<G::Rules, String>,
    /// The engine's evaluation of a position for a side.
    pub evaluate: fn(&G, Side) -> i32,
    /// Reads game `index` (from `0`) of a record text.
    pub read_record: fn(&str, usize) -> Result<Replayed<G>, String>,
    /// Writes the record of a game played from a start.
    pub write_record: fn(&G, &[G::Move]) -> Result<String, String>,
}

/// `text` parsed by `T`'s own parser, its error as text.
fn parsed<T: core::str::FromStr<Err: std::fmt::Display>>(text: &str) -> Result<T, String> {
    text.parse::<T>()
        .map_err(|error| format!("rules `{}`: {error}", shorten(text)))
}

/// Toguz Kumalak: rules `2x9 optional-tuzdik`, PGN records in either move style.
pub fn toguz() -> Kit<toguz::Toguz> {
    Kit {
        rules_hint: "2x9, 2x7 or 2x5, then any of optional-tuzdik, no-majority-stop",
        presets: &[
            "2x9",
            "2x9 optional-tuzdik",
            "2x9 no-majority-stop",
            "2x7",
            "2x5",
        ],
        rules: parsed::<toguz::RuleSet>,
        evaluate: <crate::play::toguz_ui::Toguz as Ui>::evaluate,
        read_record: read_toguz,
        write_record: |start, moves| {
            toguz::Record::from_moves(start, moves, toguz::notation::Style::PlayOk)
                .map(|record| record.to_string())
                .map_err(|error| error.to_string())
        },
    }
}

/// Game `index` of a Toguz Kumalak PGN text, replayed with every checksum checked.
fn read_toguz(text: &str, index: usize) -> Result<Replayed<toguz::Toguz>, String> {
    let mut chosen = None;
    let mut titles = Vec::new();
    let mut games = 0;
    for (number, read) in toguz::record::read_records(text).enumerate() {
        games += 1;
        let title = match &read {
            Ok(record) => {
                let tag = |name| record.tag(name).unwrap_or("?");
                format!(
                    "{} – {} {} ({}, {} plies)",
                    tag("White"),
                    tag("Black"),
                    tag("Result"),
                    tag("Date"),
                    record.moves().len()
                )
            }
            Err(error) => format!("does not read: {error}"),
        };
        if titles.len() < MAX_TITLES {
            titles.push(title);
        }
        if number == index {
            chosen = Some(read.map_err(|error| format!("game {}: {error}", number + 1))?);
        }
    }
    let record = chosen.ok_or_else(|| match games {
        0 => "the text holds no game".to_owned(),
        _ => format!("the text holds {games} games, not {}", index + 1),
    })?;
    let replay = record.replay();
    Ok(Replayed {
        start: replay.start,
        moves: replay.moves,
        games,
        titles,
        error: replay.error.map(|error| error.to_string()),
    })
}

/// Mangala IV: rules `none` or `own-side` (who scores the seeds left at a repetition), the
/// crate's record with its opening.
pub fn mangala4() -> Kit<mangala4::Mangala4> {
    Kit {
        rules_hint: "who scores the seeds left when a game repeats: none or own-side",
        presets: &["none", "own-side"],
        rules: |text| {
            parsed::<mangala4::Leftover>(text).map(|leftover| mangala4::RuleSet { leftover })
        },
        evaluate: <crate::play::mangala4_ui::Mangala as Ui>::evaluate,
        read_record: |text, index| {
            one_game(index)?;
            let record = mangala4::Record::parse(text).map_err(|error| error.to_string())?;
            Ok(single(
                *record.start(),
                record.moves().iter().map(|effect| effect.mv).collect(),
            ))
        },
        write_record: |start, moves| {
            let mut record = mangala4::Record::new(*start, None);
            for &mv in moves {
                match record.play_next() {
                    Some(effect) if effect.mv == mv => {}
                    _ => return Err(format!("the record's forced move is not {mv}")),
                }
            }
            Ok(record.to_string())
        },
    }
}

/// Katro: rules `default` or the `key=value` pairs that differ, the crate's record.
pub fn katro() -> Kit<katro::Katro> {
    Kit {
        rules_hint: "default, or the rules that differ in this order, comma-separated: \
size=4x4|4x6|6x3, direction=B|per-turn, mover-row=inner, opponent-hole=column, trigger=empty, \
single-seed=on",
        presets: &[
            "default",
            "size=4x4",
            "size=4x6",
            "size=6x3",
            "direction=per-turn",
            "trigger=empty",
        ],
        rules: parsed::<katro::RuleSet>,
        evaluate: <crate::play::katro_ui::Katro as Ui>::evaluate,
        read_record: |text, index| {
            one_game(index)?;
            let record: katro::Record = text
                .parse()
                .map_err(|e: katro::RecordError| e.to_string())?;
            Ok(single(*record.start(), record.moves().to_vec()))
        },
        write_record: |start, moves| {
            let mut record = katro::Record::new(*start);
            for &mv in moves {
                record.play(mv).map_err(|error| error.to_string())?;
            }
            Ok(record.to_string())
        },
    }
}

/// Oware (OpenSpiel's): rules as `key=value` pairs, the core's plain record.
pub fn oware() -> Kit<oware::Oware> {
    Kit {
        rules_hint: "key=value pairs, comma-separated: houses, seeds, grand-slam, max-plies, \
majority-stop=yes|no",
        presets: &[
            "houses=6,seeds=4",
            "houses=6,seeds=3",
            "houses=4,seeds=4",
            "majority-stop=no",
        ],
        rules: parsed::<oware::RuleSet>,
        evaluate: <crate::play::oware_ui::Oware as Ui>::evaluate,
        read_record: read_plain::<oware::Oware>,
        write_record: write_plain::<oware::Oware>,
    }
}

/// Kalah (OpenSpiel's `mancala`): rules as `key=value` pairs, the core's plain record.
pub fn kalah() -> Kit<kalah::Kalah> {
    Kit {
        rules_hint: "key=value pairs, comma-separated: pits, seeds, empty-capture=yes|no, \
max-plies",
        presets: &[
            "pits=6,seeds=4",
            "pits=6,seeds=4,empty-capture=yes",
            "pits=6,seeds=6",
            "pits=4,seeds=3",
        ],
        rules: parsed::<kalah::RuleSet>,
        evaluate: <crate::play::kalah_ui::Kalah as Ui>::evaluate,
        read_record: read_plain::<kalah::Kalah>,
        write_record: write_plain::<kalah::Kalah>,
    }
}

/// Refuses a game index other than the first, for records of one game.
fn one_game(index: usize) -> Result<(), String> {
    match index {
        0 => Ok(()),
        _ => Err(format!("the text holds 1 game, not {}", index + 1)),
    }
}

/// A record of one game that replayed whole.
fn single<G: Game>(start: G, moves: Vec<G::Move>) -> Replayed<G> {
    Replayed {
        start,
        moves,
        games: 1,
        titles: Vec::new(),
        error: None,
    }
}

/// Reads the core's plain record of a game.
fn read_plain<G: Game>(text: &str, index: usize) -> Result<Replayed<G>, String> {
    one_game(index)?;
    let record: mancala_engine::record::Record<G> =
        text.parse().map_err(|error| format!("{error}"))?;
    Ok(single(record.start().clone(), record.moves().to_vec()))
}

/// Writes the core's plain record of a game.
fn write_plain<G: Game>(start: &G, moves: &[G::Move]) -> Result<String, String> {
    let mut record = mancala_engine::record::Record::new(start.clone());
    for &mv in moves {
        record.play(mv).map_err(|error| error.to_string())?;
    }
    Ok(record.to_string())
}

/// Seeds on the board, stores left out.
pub fn seeds_on_board<G: Position>(position: &G) -> u32 {
    position.board().iter().map(|&seeds| u32::from(seeds)).sum()
}
