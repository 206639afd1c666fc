//! The one trait every game implements, so that perft, play-outs, search and benches are
//! written once.

use crate::{Board, GameResult, MoveList, Outcome, Rng, Side};
use core::hash::Hash;

/// A game position: everything needed to continue the game, in a small `Clone` value
/// (play is copy-make: clone the position, then play the move on the copy).
///
/// Required: [`side_to_move`](Position::side_to_move), [`legal_moves`](Position::legal_moves),
/// [`check_move`](Position::check_move), [`play_unchecked`](Position::play_unchecked),
/// [`outcome`](Position::outcome) and [`score`](Position::score). The provided methods are built
/// on them; a game overrides one when it has a faster way to the same answer (its tests then
/// show the two agree).
///
/// Contract: `legal_moves` is empty exactly when the game is over, `check_move(mv)` is `Ok`
/// exactly for the moves `legal_moves` lists, `play_unchecked` with a legal move never
/// panics and always returns, and no move creates or destroys a seed (the board and the
/// stores together always hold the same number). Equal positions continue alike: `Eq` and
/// `Hash` take in everything that decides the rest of the game.
pub trait Position: Clone + Eq + Hash {
    /// A move: a small `Copy` value.
    type Move: Copy + Default + Eq + core::fmt::Debug;
    /// Why a move was refused.
    type MoveError: std::error::Error + Clone + PartialEq;

    /// The player to move.
    fn side_to_move(&self) -> Side;

    /// Every legal move, in a fixed-capacity list; empty once the game is over.
    fn legal_moves(&self) -> MoveList<Self::Move>;

    /// `Ok` if `mv` is legal here, else the reason it is not.
    fn check_move(&self, mv: Self::Move) -> Result<(), Self::MoveError>;

    /// Plays a move known to be legal. The result for an illegal move is unspecified (but
    /// memory-safe): use [`play`](Position::play) for moves that come from outside.
    fn play_unchecked(&mut self, mv: Self::Move);

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The score of `side` as the rules count it (captured seeds; for a finished game, with any
    /// end-of-game collection included).
    fn score(&self, side: Side) -> u32;

    /// The seeds of every hole, in the game's canonical order (South's holes first).
    fn board(&self) -> Board;

    /// The seeds in `side`'s store (kazan, trough, captured pile); `0` in a game without stores.
    fn store(&self, side: Side) -> u32;

    /// The seeds on `side`'s holes.
    fn seeds_on_side(&self, side: Side) -> u32;

    /// A 64-bit key of the position for transposition tables: equal positions have equal
    /// keys, the same on every machine. Games may override it with a cheaper equivalent.
    fn key(&self) -> u64 {
        crate::key::key_of(self)
    }

    /// The result with the final scores, once the game is over.
    fn result(&self) -> Option<GameResult> {
        self.outcome().map(|outcome| GameResult {
            outcome,
            scores: [self.score(Side::South), self.score(Side::North)],
        })
    }

    /// Plays `mv` if it is legal; otherwise returns why not and leaves the position unchanged.
    fn play(&mut self, mv: Self::Move) -> Result<(), Self::MoveError> {
        self.check_move(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// The number of legal moves (perft counts leaves with it, so games make it cheap).
    fn count_legal_moves(&self) -> usize {
        self.legal_moves().len()
    }

    /// The position after the legal move `mv`: copy-make, leaving `self` as it is.
    fn child(&self, mv: Self::Move) -> Self {
        let mut child = self.clone();
        child.play_unchecked(mv);
        child
    }

    /// The number of legal moves after the legal move `mv`: perft's last level, so a game with
    /// a way to tell it without playing the move (from where the move's seeds will fall, say)
    /// makes perft faster by overriding this.
    fn count_legal_moves_after(&self, mv: Self::Move) -> usize {
        self.child(mv).count_legal_moves()
    }

    /// `true` once the game is over.
    fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// Plays uniformly random legal moves until the game ends or `max_plies` moves have been
    /// played; returns the moves played. Play-outs call it, so a game can override it with a
    /// loop built for its board; the override must draw the same numbers and play the same
    /// moves as [`playout::play_random_moves`](crate::playout::play_random_moves), the default.
    #[inline]
    fn play_random_moves(&mut self, rng: &mut Rng, max_plies: u32) -> u32 {
        crate::playout::play_random_moves(self, rng, max_plies)
    }

    /// A legal move chosen uniformly at random, or `None` when the game is over.
    fn random_move(&self, rng: &mut Rng) -> Option<Self::Move> {
        let moves = self.legal_moves();
        if moves.is_empty() {
            None
        } else {
            Some(moves[rng.below(moves.len() as u32) as usize])
        }
    }
}
