//! The notations players use: half-moves in the tournament (KZ) and PlayOK styles, the
//! position string, and PGN game records.
//!
//! - [`HalfMove`]: `76`, `36x` (KZ) and `87(10)`, `68X` (PlayOK). Parsing checks syntax;
//!   [`HalfMove::resolve`] checks every checksum against a position.
//! - [`Fen`]: PlayStrategy's position string, always read into a validated position.
//! - [`read_games`], [`Game`], [`write_games`]: PGN files of many games; [`Game::replay`]
//!   replays one with every checksum checked.
//!
//! The formats are described in `docs/toguz-notation.md`.

mod fen;
mod half_move;
mod pgn;

pub use fen::{Fen, ParseFenError};
pub use half_move::{HalfMove, ParseHalfMoveError, ResolveError, Style};
pub use pgn::{
    read_games, write_games, Game, GameResult, ParseResultError, PgnError, PgnErrorKind, Reader,
    RecordError, Replay, ReplayError, ReplayErrorKind,
};
