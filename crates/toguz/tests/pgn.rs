//! PGN records: reading many games in either style, errors that name the game and the ply,
//! recovery after them, a writer the reader reads back identically, and no panic on any input.

use proptest::prelude::*;
use toguz::prelude::Rng;
use toguz::prelude::*;
use toguz::record::{read_records, write_records, RecordErrorKind};

/// The rules file's shortest win, which ends on the board 82–15 for White.
const SHORTEST_WIN: [u8; 11] = [5, 1, 3, 5, 8, 3, 7, 4, 6, 5, 4];

fn shortest_win(style: Style) -> Record {
    let moves = SHORTEST_WIN.map(Move::new);
    Record::from_moves(&Toguz::default(), &moves, style).unwrap()
}

fn read_all(text: &str) -> Vec<Result<Record, RecordError>> {
    read_records(text).collect()
}

#[test]
fn a_file_of_both_styles_with_empty_games_and_breaks_anywhere() {
    let kz = shortest_win(Style::Kz).display(Style::Kz).to_string();
    let text = format!(
        "[Event \"one\"]\n[Result \"1-0\"]\n\n1. 87(10) 87(10) 2.\n22 99(22) 3. 23 12(24) 4.\n68X 1-0\n\n\
         [Event \"aborted\"]\n[Result \"0-1\"]\n\n0-1\n\n\
         {kz}\n\
         1.87(10)\n87(10)\n*"
    );
    let games: Vec<Record> = read_all(&text).into_iter().map(Result::unwrap).collect();
    assert_eq!(games.len(), 4);
    assert_eq!(games[0].tag("Event"), Some("one"));
    assert_eq!(games[0].moves().len(), 7);
    assert!(games[0].moves()[6].tuzdik());
    assert_eq!(games[0].style(), Style::PlayOk);
    assert!(games[1].moves().is_empty());
    assert_eq!(games[1].result(), PgnResult::BlackWins);
    assert_eq!(games[2].style(), Style::Kz);
    assert_eq!(games[2].result(), PgnResult::WhiteWins);
    assert_eq!(games[3].moves().len(), 2);
    for game in &games {
        assert_eq!(game.replay().error, None);
    }
    let replay = games[0].replay();
    assert_eq!(replay.moves.len(), 7);
    assert!(replay
        .position
        .tuzdik(mancala_engine::Side::South)
        .is_some());
}

#[test]
fn kz_records_accept_the_cyrillic_mark() {
    let kz = shortest_win(Style::Kz).to_string();
    assert!(kz.contains("55x"), "{kz}");
    let cyrillic = kz.replace("55x", "55х");
    let game: Record = cyrillic.parse().unwrap();
    assert_eq!(game, shortest_win(Style::Kz));
    assert_eq!(game.replay().error, None);
}

#[test]
fn errors_name_the_game_and_the_ply_and_reading_goes_on() {
    let good = "1. 87(10) 87(10) *\n";
    let text = format!(
        "{good}\n[Event \"bad move\"]\n\n1. 87(10) 8Q 2. 22 *\n\n{good}\n\
         [Event \"bad number\"]\n\n1. 87(10) 87(10) 3. 22 *\n\n\
         [Event x]\n\n{good}\n\
         1. 87(10) {{never closed"
    );
    let items = read_all(&text);
    assert_eq!(items.len(), 6, "{items:#?}");
    assert!(items[0].is_ok() && items[2].is_ok());
    let bad_move = items[1].as_ref().unwrap_err();
    assert_eq!(
        (bad_move.game, bad_move.ply, bad_move.line),
        (Some(1), Some(2), Some(5))
    );
    assert!(matches!(bad_move.kind, RecordErrorKind::BadMove(_)));
    assert_eq!(bad_move.partial.as_ref().unwrap().moves().len(), 1);
    let message = bad_move.to_string();
    assert!(message.starts_with("game 2 (line 5), ply 2: "), "{message}");
    assert!(message.contains("8Q"), "{message}");
    let bad_number = items[3].as_ref().unwrap_err();
    assert_eq!((bad_number.game, bad_number.ply), (Some(3), Some(3)));
    assert!(matches!(
        &bad_number.kind,
        RecordErrorKind::MoveNumber { expected: 2, .. }
    ));
    let bad_tag = items[4].as_ref().unwrap_err();
    assert_eq!((bad_tag.game, bad_tag.ply), (Some(4), None));
    assert!(matches!(bad_tag.kind, RecordErrorKind::BadTag(_)));
    let unclosed = items[5].as_ref().unwrap_err();
    assert_eq!(unclosed.kind, RecordErrorKind::UnclosedComment);
}

#[test]
fn results_must_agree_and_end_the_game() {
    let items = read_all("[Result \"1-0\"]\n\n1. 87(10) 0-1\n\n1. 87(10)\n[Event \"next\"]\n\n*");
    assert_eq!(items.len(), 3);
    assert!(matches!(
        items[0].as_ref().unwrap_err().kind,
        RecordErrorKind::ResultMismatch {
            token: PgnResult::BlackWins,
            ..
        }
    ));
    assert_eq!(
        items[1].as_ref().unwrap_err().kind,
        RecordErrorKind::NoResult
    );
    assert_eq!(items[2].as_ref().unwrap().tag("Event"), Some("next"));
}

#[test]
fn replay_checks_the_result_of_games_decided_on_the_board() {
    let mut game = shortest_win(Style::PlayOk);
    assert_eq!(game.result(), PgnResult::WhiteWins);
    assert_eq!(game.replay().error, None);
    // The record refuses a result the board contradicts...
    let refused = game.set_result(PgnResult::BlackWins).unwrap_err();
    let contradiction = RecordErrorKind::Result {
        recorded: PgnResult::BlackWins,
        by_rules: PgnResult::WhiteWins,
    };
    assert_eq!(refused.kind, contradiction);
    assert_eq!(game.result(), PgnResult::WhiteWins);
    // ...and replay finds it in a text that holds one.
    let text = format!(
        "{}0-1",
        game.to_string().trim_end().strip_suffix("1-0").unwrap()
    );
    game = text.parse().unwrap();
    let error = game.replay().error.unwrap();
    assert_eq!(error.ply, Some(SHORTEST_WIN.len()));
    assert_eq!(error.kind, contradiction);
    // A game not over on the board (resigned, out of time) may have any result.
    let mut resigned = Record::from_moves(&Toguz::default(), &[Move::new(8)], Style::Kz).unwrap();
    resigned.set_result(PgnResult::BlackWins).unwrap();
    assert_eq!(resigned.replay().error, None);
}

#[test]
fn zero_requires_a_player_without_seeds() {
    let mut game = Record::from_moves(&Toguz::default(), &[Move::new(8)], Style::PlayOk).unwrap();
    game.add_comment("zero").unwrap();
    let error = game.replay().error.unwrap();
    assert_eq!(error.kind, RecordErrorKind::NotStarved);
    assert!(error.to_string().contains("ply 1"), "{error}");
}

#[test]
fn a_wrong_checksum_names_the_ply() {
    let mut game = Record::new();
    for (i, half) in shortest_win(Style::PlayOk).moves().iter().enumerate() {
        // Drop the tuzdik mark of ply 4.
        let half = if i == 3 {
            HalfMove::new(half.from(), half.to(), false, half.kazan()).unwrap()
        } else {
            *half
        };
        game.push_move(half);
    }
    let replay = game.replay();
    let error = replay.error.unwrap();
    assert_eq!(error.ply, Some(4));
    assert!(matches!(
        error.kind,
        RecordErrorKind::Move {
            source: ResolveError::TuzdikNotMarked { number: 5 },
            ..
        }
    ));
    assert_eq!(replay.moves.len(), 3);
    assert!(error.to_string().starts_with("ply 4: `55`"), "{error}");
}

#[test]
fn a_fen_tag_sets_the_start_and_the_numbering() {
    let mut position = Toguz::default();
    for number in [8, 8, 2] {
        position.play(Move::new(number)).unwrap();
    }
    let moves = [Move::new(9), Move::new(2)];
    let game = Record::from_moves(&position, &moves, Style::PlayOk).unwrap();
    let fen = game.tag("FEN").unwrap();
    assert_eq!(fen.parse::<Fen>().unwrap().position(), position);
    let text = game.to_string();
    assert!(text.contains("\n1... 99(22) 2. "), "{text}");
    assert_eq!(text.parse::<Record>().unwrap(), game);
    // The tag's move number is honoured: the same moves from move 2 are numbered from 2.
    let renumbered = text.replace(" N 1\"]", " N 2\"]");
    let err = renumbered.parse::<Record>().unwrap_err();
    assert!(matches!(
        err.kind,
        RecordErrorKind::MoveNumber { expected: 2, .. }
    ));
    assert!(renumbered
        .replace("1...", "2...")
        .replace("2. ", "3. ")
        .parse::<Record>()
        .is_ok());
}

#[test]
fn tags_and_comments_that_cannot_be_written_are_refused() {
    let mut game = Record::new();
    assert!(game.set_tag("White", "a \"quoted\" \\ name").is_ok());
    assert!(game.set_tag("Bad Name", "x").is_err());
    assert!(game.set_tag("Event", "two\nlines").is_err());
    assert!(game.add_comment("a } b").is_err());
    assert!(game.set_tag("FEN", "9S 0 0 S 1").is_err());
    let items = read_all("[FEN \"9S 0 0 S 1\"]\n\n*");
    assert!(matches!(
        items[0].as_ref().unwrap_err().kind,
        RecordErrorKind::BadStart(_)
    ));
    assert!(game.add_comment(" spaced, {open ").is_ok());
    assert_eq!(game.to_string().parse::<Record>().unwrap(), game);
}

/// A random legal game with random tags and comments.
fn random_game(seed: u64, plies: usize, style: Style, tags: &[(String, String)]) -> Record {
    let mut rng = Rng::new(seed);
    let mut position = Toguz::default();
    let mut game = Record::new();
    for (name, value) in tags {
        game.set_tag(name, value).unwrap();
    }
    for _ in 0..plies {
        let Some(mv) = position.random_move(&mut rng) else {
            break;
        };
        game.push_move(HalfMove::from_move(&position, mv, style).unwrap());
        position.play(mv).unwrap();
        if rng.below(8) == 0 {
            game.add_comment(&format!("after ply {}", game.moves().len()))
                .unwrap();
        }
    }
    if let Some(outcome) = position.outcome() {
        game.set_result(PgnResult::from_outcome(outcome)).unwrap();
    }
    game
}

fn any_tags() -> impl Strategy<Value = Vec<(String, String)>> {
    proptest::collection::vec(("[A-Za-z_][A-Za-z0-9_]{0,8}", "[^\\p{Cc}]{0,20}"), 0..5)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Written records read back to the same games, and replay without error.
    #[test]
    fn written_records_read_back(
        seeds in proptest::collection::vec(any::<u64>(), 1..4),
        plies in 0usize..400,
        kz: bool,
        tags in any_tags(),
    ) {
        let style = if kz { Style::Kz } else { Style::PlayOk };
        let games: Vec<Record> = seeds.iter().map(|&s| random_game(s, plies, style, &tags)).collect();
        let text = write_records(&games);
        let read: Vec<Record> = read_records(&text).collect::<Result<_, _>>().unwrap();
        prop_assert_eq!(&read, &games);
        for game in &read {
            prop_assert_eq!(game.replay().error, None);
        }
    }

    /// Arbitrary bytes give games or errors, never a panic, and reading ends.
    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
        let text = String::from_utf8_lossy(&bytes);
        let mut count = 0;
        for item in read_records(&text) {
            count += 1;
            prop_assert!(count <= text.len() + 1);
            let game = match item {
                Ok(game) => game,
                Err(e) => *e.partial.unwrap(),
            };
            let _ = game.replay();
            let _ = game.to_string();
        }
    }

    /// Text made of the record's own alphabet, which reaches deeper into the reader.
    #[test]
    fn record_like_text_never_panics(text in "([0-9XxхN./() *{}\\[\\]\"\n-]|1-0|0-1|Event |FEN ){0,200}") {
        for item in read_records(&text) {
            let game = match item {
                Ok(game) => {
                    let again: Vec<_> = read_records(&game.to_string()).collect();
                    prop_assert_eq!(again.len(), 1);
                    prop_assert_eq!(again[0].as_ref().ok(), Some(&game));
                    game
                }
                Err(e) => *e.partial.unwrap(),
            };
            let _ = game.replay();
        }
    }

    /// A valid file with bytes deleted, duplicated or replaced gives errors, not panics.
    #[test]
    fn damaged_records_never_panic(seed: u64, edits in proptest::collection::vec((any::<usize>(), any::<u8>(), 0u8..3), 1..8)) {
        let mut bytes = write_records(&[random_game(seed, 120, Style::PlayOk, &[])]).into_bytes();
        for (at, byte, kind) in edits {
            let at = at % (bytes.len() + 1);
            match kind {
                0 if at < bytes.len() => { bytes.remove(at); }
                1 => bytes.insert(at, byte),
                _ if at < bytes.len() => bytes[at] = byte,
                _ => {}
            }
        }
        let text = String::from_utf8_lossy(&bytes);
        for item in read_records(&text) {
            let game = match item {
                Ok(game) => game,
                Err(e) => *e.partial.unwrap(),
            };
            let _ = game.replay();
        }
    }
}

#[test]
fn a_pgn_that_starts_with_two_byte_order_marks_reads_as_one_good_game() {
    let text = shortest_win(Style::PlayOk).to_string();
    for marks in ["\u{feff}", "\u{feff}\u{feff}"] {
        let items = read_all(&format!("{marks}{text}"));
        assert_eq!(items.len(), 1, "{marks:?}: {items:?}");
        assert_eq!(items[0].as_ref().ok(), Some(&shortest_win(Style::PlayOk)));
    }
}
