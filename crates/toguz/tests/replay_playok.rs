//! The real records: the PlayOK tournament games of 2024–2025, `toguz/playok-2024-2025.pgn` of
//! the shared data beside the checkout.
//!
//! The data is not part of the repository or the package. When it is absent these tests say
//! so on stderr and pass, unless `MANCALA_REQUIRE_DATA` is set ([`mancala_kit::data`]).

use mancala_kit::data;
use toguz::prelude::*;
use toguz::record::{read_records, write_records, RecordErrorKind};

fn playok(test: &str) -> Option<String> {
    let path = data::shared_file(
        env!("CARGO_MANIFEST_DIR"),
        "toguz/playok-2024-2025.pgn",
        test,
    )?;
    let text = std::fs::read_to_string(&path);
    Some(text.unwrap_or_else(|e| panic!("the PlayOK records at {}: {e}", path.display())))
}

fn games(text: &str) -> Vec<Record> {
    read_records(text)
        .map(|item| item.unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

#[test]
fn every_game_replays_with_every_checksum() {
    let Some(text) = playok("every_game_replays_with_every_checksum") else {
        return;
    };
    let games = games(&text);
    // One game per `[Event` tag, and the rules file counts 2,398 of them.
    assert_eq!(games.len(), text.matches("[Event ").count());
    assert_eq!(games.len(), 2398);
    let mut on_board = 0;
    let mut plies = 0;
    for (index, game) in games.iter().enumerate() {
        // Read as PlayOK records, so every even capture must give its kazan total.
        if !game.moves().is_empty() {
            assert_eq!(game.style(), Style::PlayOk, "game {index}");
        }
        let replay = game.replay();
        assert_eq!(replay.error, None, "game {index}");
        plies += replay.moves.len();
        let outcome = replay.position.outcome();
        if let Some(outcome) = outcome {
            on_board += 1;
            assert_eq!(game.recorded_result(), PgnResult::from_outcome(outcome));
        }
        // `{zero}` marks exactly the games that ended with the player to move out of seeds.
        let zero = game.comments().any(|(_, c)| c == "zero");
        let starved = outcome.is_some_and(|o| o.reason == EndReason::NoSeeds);
        assert_eq!(zero, starved, "game {index}");
    }
    // The rules file: 1,177 games are decided on the board.
    assert_eq!(on_board, 1177);
    // Every half-move token of the file was replayed.
    let tokens = text
        .lines()
        .filter(|l| !l.starts_with('['))
        .flat_map(str::split_whitespace)
        .filter(|t| t.parse::<HalfMove>().is_ok())
        .count();
    assert_eq!(plies, tokens);
}

#[test]
fn written_records_read_back_identically() {
    let Some(text) = playok("written_records_read_back_identically") else {
        return;
    };
    let games = games(&text);
    let written = write_records(&games);
    let again: Vec<Record> = read_records(&written).collect::<Result<_, _>>().unwrap();
    assert_eq!(again, games);
    // In the KZ style the kazan totals are dropped, and the games still replay.
    let kz: String = games
        .iter()
        .map(|g| format!("{}\n", g.display(Style::Kz)))
        .collect();
    let kz_games: Vec<Record> = read_records(&kz).collect::<Result<_, _>>().unwrap();
    for (read, original) in kz_games.iter().zip(&games) {
        let stripped: Vec<HalfMove> = original.moves().iter().map(|h| h.without_kazan()).collect();
        assert_eq!(read.moves(), &stripped[..]);
        assert_eq!(read.replay().error, None);
    }
}

#[test]
fn corruption_is_reported_by_game_and_ply_and_the_rest_is_read() {
    let Some(text) = playok("corruption_is_reported_by_game_and_ply_and_the_rest_is_read") else {
        return;
    };
    let mut games = games(&text);
    let total = games.len();
    // Game 10: move the landing of ply 5 by one hole.
    let mut damaged = Record::new();
    for (i, half) in games[10].moves().iter().enumerate() {
        let half = if i == 4 {
            let to = half.to() % 9 + 1;
            HalfMove::new(half.from(), to, half.tuzdik(), half.kazan()).unwrap()
        } else {
            *half
        };
        damaged.push_move(half);
    }
    // The result first: the Result tag must agree with it.
    damaged.set_result(games[10].result()).unwrap();
    for (name, value) in games[10].tags() {
        damaged.set_tag(name, value).unwrap();
    }
    games[10] = damaged;
    let mut written = write_records(&games);
    // Game 20: a token that is no half-move.
    let start = written.match_indices("[Event ").nth(20).unwrap().0;
    let moves_at = start + written[start..].find("\n1. ").unwrap() + 4;
    written.insert_str(moves_at, "7? ");
    let items: Vec<_> = read_records(&written).collect();
    assert_eq!(items.len(), total);
    let syntax = items[20].as_ref().unwrap_err();
    assert_eq!((syntax.game, syntax.ply), (Some(20), Some(1)));
    let replay = items[10].as_ref().unwrap().replay();
    let error = replay.error.unwrap();
    assert_eq!(error.ply, Some(5));
    assert!(matches!(error.kind, RecordErrorKind::Move { .. }));
    let bad: Vec<usize> = items
        .iter()
        .enumerate()
        .filter(|(_, item)| item.as_ref().map_or(true, |g| g.replay().error.is_some()))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(bad, [10, 20]);
}
