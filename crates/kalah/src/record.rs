//! The game record: a start position, the moves, the result; the core's plain record
//! ([`mancala_engine::record`]) of Kalah games.

use crate::Kalah;

/// A game: its start and every move, checked as it is played, so a record never holds an
/// illegal move.
///
/// Its text is two tag lines, then the moves (pit numbers) separated by white space:
///
/// ```text
/// [Start "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S"]
/// [Result "*"]
/// 3 6 1 4
/// ```
///
/// `Start` is the [position string](crate::notation) and is required; `Result` is `*` for a
/// game in progress or the [`GameResult`](mancala_engine::GameResult) text
/// (`south wins 26-22 (no-seeds)`), and must then be what the moves give.
pub type Record = mancala_engine::record::Record<Kalah>;

/// Why a record does not read or does not replay.
pub type RecordError = mancala_engine::record::RecordError<Kalah>;
