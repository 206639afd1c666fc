//! Replaying a record: every half-move resolved against the position, every checksum checked.

use super::error::{RecordError, RecordErrorKind};
use super::{PgnResult, Record};
use crate::{Move, Toguz};
use mancala_engine::{EndReason, Position as _};

/// The moves of a replayed record, and where replay stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Replay {
    /// The start position.
    pub start: Toguz,
    /// The moves replayed.
    pub moves: Vec<Move>,
    /// The position after the moves replayed (before any end-of-game collection).
    pub position: Toguz,
    /// The first disagreement, if any.
    pub error: Option<RecordError>,
}

impl Record {
    /// Replays every half-move from the record's [`start`](Record::start), checking each
    /// against the position (legality, landing hole, tuzdik mark, kazan total). Once the moves
    /// are replayed, if the rules say the game is over, the recorded result must be the rules'
    /// result, and a final `{zero}` comment requires that the player to move has no seeds.
    /// Replay stops at the first disagreement and keeps the position before it.
    pub fn replay(&self) -> Replay {
        let start = match self.start() {
            Ok(fen) => fen.position(),
            Err(mut error) => {
                let start = Toguz::default();
                error.ply = Some(0);
                return Replay {
                    start,
                    moves: Vec::new(),
                    position: start,
                    error: Some(error),
                };
            }
        };
        let style = self.style();
        let mut replay = Replay {
            start,
            moves: Vec::with_capacity(self.moves.len()),
            position: start,
            error: None,
        };
        for (i, &half) in self.moves.iter().enumerate() {
            match half.resolve(&replay.position, style) {
                Ok(mv) => {
                    replay.position.play_unchecked(mv);
                    replay.moves.push(mv);
                }
                Err(source) => {
                    let half = Some(half);
                    let kind = RecordErrorKind::Move { half, source };
                    replay.error = Some(RecordError::at_ply(i + 1, kind));
                    return replay;
                }
            }
        }
        let plies = self.moves.len();
        let outcome = replay.position.outcome();
        if let Some(outcome) = outcome {
            let by_rules = PgnResult::from_outcome(outcome);
            let recorded = self.recorded_result();
            if recorded != by_rules {
                let kind = RecordErrorKind::Result { recorded, by_rules };
                replay.error = Some(RecordError::at_ply(plies, kind));
                return replay;
            }
        }
        let zero = self
            .comments
            .iter()
            .any(|(p, c)| *p == plies && c.trim() == "zero");
        if zero && outcome.is_none_or(|o| o.reason != EndReason::NoSeeds) {
            let kind = RecordErrorKind::NotStarved;
            replay.error = Some(RecordError::at_ply(plies, kind));
        }
        replay
    }
}
