//! Lines of text that every game's board and moves share.

use super::Game;
use mancala_engine::{Position, Side};

/// Adds `last move: …` below a board, when a move was played.
pub fn last_move(out: &mut String, last: Option<&str>) {
    if let Some(last) = last {
        out.push_str(&format!("last move: {last}\n"));
    }
}

/// `SIDE to move{detail}; legal moves: …`, the last line below the board of a game that goes
/// on; empty once the game is over.
pub fn to_move<G: Game>(game: &G, position: &G::P, detail: &str) -> String {
    if position.is_over() {
        return String::new();
    }
    format!(
        "{} to move{detail}; legal moves: {}",
        position.side_to_move(),
        super::legal_moves(game, position)
    )
}

/// `south S, north N`: a count of each side's, such as its seeds or its store.
pub fn both_sides<P: Position>(position: &P, count: fn(&P, Side) -> u32) -> String {
    format!(
        "south {}, north {}",
        count(position, Side::South),
        count(position, Side::North)
    )
}
