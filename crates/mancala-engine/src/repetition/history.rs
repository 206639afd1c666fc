//! A game's history that knows which positions have occurred before: the repetition tool for
//! programs that play. It changes no game's rules; a caller that wants a repetition rule asks it.

use crate::{EndReason, Outcome, Position};
use std::collections::HashMap;
use std::hash::Hash;

/// The positions and moves of one game from its start, with a count of every position seen.
///
/// Positions compare with `Eq`/`Hash` as the game defines them (board, side to move, and
/// whatever else the position holds), so "the same position" means the same game state.
#[derive(Debug, Clone)]
pub struct PositionHistory<P: Position + Eq + Hash> {
    positions: Vec<P>,
    moves: Vec<P::Move>,
    counts: HashMap<P, u32>,
}

impl<P: Position + Eq + Hash> PositionHistory<P> {
    /// A history holding only the start position.
    pub fn new(start: P) -> PositionHistory<P> {
        let mut counts = HashMap::new();
        counts.insert(start.clone(), 1);
        PositionHistory {
            positions: vec![start],
            moves: Vec::new(),
            counts,
        }
    }

    /// The position after the last move.
    pub fn current(&self) -> &P {
        self.positions
            .last()
            .expect("a history always holds its start position")
    }

    /// The position the game started from.
    pub fn start(&self) -> &P {
        &self.positions[0]
    }

    /// Every position of the game, the start first and the current one last.
    pub fn positions(&self) -> &[P] {
        &self.positions
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[P::Move] {
        &self.moves
    }

    /// Plays `mv` on the current position if it is legal, else returns why not and changes
    /// nothing.
    pub fn play(&mut self, mv: P::Move) -> Result<(), P::MoveError> {
        let mut next = self.current().clone();
        next.play(mv)?;
        *self.counts.entry(next.clone()).or_insert(0) += 1;
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Takes back the last move and returns it, or `None` at the start.
    pub fn undo(&mut self) -> Option<P::Move> {
        let mv = self.moves.pop()?;
        let position = self
            .positions
            .pop()
            .expect("one position per move, plus the start");
        if let Some(count) = self.counts.get_mut(&position) {
            *count -= 1;
            if *count == 0 {
                self.counts.remove(&position);
            }
        }
        Some(mv)
    }

    /// How many times `position` has occurred in this game (the current position included).
    pub fn occurrences(&self, position: &P) -> u32 {
        self.counts.get(position).copied().unwrap_or(0)
    }

    /// How many times the current position occurred before now.
    pub fn earlier_occurrences(&self) -> u32 {
        self.occurrences(self.current()) - 1
    }

    /// `true` if the current position has occurred before in this game.
    pub fn is_repetition(&self) -> bool {
        self.earlier_occurrences() > 0
    }

    /// A draw by repetition if the current position has now occurred `times` times or more
    /// (counting the current one); `None` otherwise. Only callers that adopt such a rule ask.
    pub fn repetition_outcome(&self, times: u32) -> Option<Outcome> {
        (self.occurrences(self.current()) >= times.max(1)).then_some(Outcome {
            winner: None,
            reason: EndReason::Repetition,
        })
    }
}
