//! The examples the notation guide (`NOTATION.md`) shows as text, read back against the library
//! and the recorded games, so the guide cannot drift from the code. (Its Rust blocks run as doc
//! tests.)

use mancala_kit::data;
use mancala_kit::guide::quoted_after;
use toguz::notation::{HalfMove, Style};
use toguz::prelude::{Position as _, Toguz};

/// The first fenced block tagged `tag` in `doc` whose text starts with `start`.
fn fenced_block(doc: &str, tag: &str, start: &str) -> String {
    let fence = format!("```{tag}\n");
    doc.match_indices(&fence)
        .map(|(at, _)| &doc[at + fence.len()..])
        .find(|text| text.starts_with(start))
        .map(|text| text[..text.find("```").expect("the block closes")].to_owned())
        .unwrap_or_else(|| panic!("no block tagged {tag} starts with {start}"))
}

/// The movetext's move tokens, without move numbers and the result.
fn move_tokens(movetext: &str) -> Vec<&str> {
    movetext
        .split_whitespace()
        .filter(|token| !token.ends_with('.') && !token.starts_with('{'))
        .filter(|token| !["1-0", "0-1", "1/2-1/2", "*"].contains(token))
        .collect()
}

#[test]
fn the_playok_record_in_the_notation_guide_is_the_first_game_of_the_playok_file() {
    let doc = include_str!("../NOTATION.md");
    let shown = fenced_block(doc, "text", "[Event \"9245757\"]");
    let Some(path) = data::shared_file(
        env!("CARGO_MANIFEST_DIR"),
        "toguz/playok-2024-2025.pgn",
        "the_playok_record_in_the_notation_guide_is_the_first_game_of_the_playok_file",
    ) else {
        return;
    };
    let file = std::fs::read_to_string(&path)
        .unwrap_or_else(|error| panic!("the PlayOK records at {}: {error}", path.display()));
    let second = file[1..].find("[Event ").expect("more than one game") + 1;
    let game = &file[..second];
    // Every tag shown is the file's, in the file's order.
    let (shown_tags, shown_moves) = shown.split_once("\n\n").expect("tags, then moves");
    let file_tags: Vec<&str> = game.lines().take_while(|l| l.starts_with('[')).collect();
    let mut rest = file_tags.iter();
    for tag in shown_tags.lines() {
        assert!(rest.any(|t| *t == tag), "tag `{tag}` is not the file's");
    }
    // The moves shown are the game's first and last ones, around the ellipsis.
    let file_moves = move_tokens(game.split_once("\n\n").expect("the movetext").1);
    let (head, tail) = shown_moves.split_once('…').expect("an ellipsis");
    let (head, tail) = (move_tokens(head), move_tokens(tail));
    assert_eq!(file_moves[..head.len()], head[..]);
    assert_eq!(file_moves[file_moves.len() - tail.len()..], tail[..]);
    assert!(shown_moves.trim_end().ends_with("0-1 {zero}"));
    // The same opening in the KZ style, as the library writes it.
    let kz = quoted_after(doc, "The same opening in the KZ style:")
        .expect("the guide quotes the KZ opening");
    let mut position = Toguz::default();
    let mut written = String::new();
    for (ply, token) in head.iter().enumerate() {
        let half: HalfMove = token.parse().expect("a PlayOK half-move");
        let mv = half
            .resolve(&position, Style::PlayOk)
            .expect("the half-move fits the board");
        let kz_half = HalfMove::from_move(&position, mv, Style::Kz).expect("a legal move");
        if ply % 2 == 0 {
            written.push_str(&format!("{}. ", ply / 2 + 1));
        }
        written.push_str(&format!("{} ", kz_half.display(Style::Kz)));
        position.play(mv).expect("a legal move");
    }
    assert_eq!(written.trim_end(), kz);
}
