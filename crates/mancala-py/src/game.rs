//! What the bindings do with any registered game: its keyword options read into a start,
//! moves named by action id or notation, the observation, the returns. The game's side of it
//! (action ids, observation planes, what a move did) is the core's
//! [`Actions`](mancala_games::engine::actions::Actions), which every registered game
//! implements; everything here (and the Python classes, batches, play-outs built on it) is
//! written once over [`Registered`].

use crate::ints::Int;
use core::str::FromStr;
use mancala_games::engine::actions::{Fact, Start};
use mancala_games::engine::{Game, Rng, Side};
use mancala_games::registry::Registered;

/// How the games of a call start, as its keyword options describe it: the rules, and the
/// start beside the rules' standard one for a game that offers others.
pub(crate) struct Config<G: Game> {
    /// The rules.
    pub(crate) rules: G::Rules,
    /// The start ([`Start::STANDARD`] for a game without other starts).
    pub(crate) start: Start,
}

impl<G: Game> Clone for Config<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Config<G> {}

impl<G: Registered> Config<G> {
    /// A game started so; a board dealt at random is drawn from `rng` when it is given
    /// (batches, play-outs), else from the seed in the options.
    pub(crate) fn start(&self, rng: Option<&mut Rng>) -> Result<G, String> {
        G::start(self.rules, self.start, rng).map_err(|e| e.to_string())
    }
}

/// The game's name in OpenSpiel, PettingZoo, batches and play-outs: `mancala_` and the
/// core's [`Game::NAME`] (`mancala_toguz`).
pub(crate) fn python_name<G: Game>() -> String {
    format!("mancala_{}", G::NAME)
}

/// Reads a move in the game's notation, handing back the library's message on failure.
pub(crate) fn parse_move<G: Game>(text: &str) -> Result<G::Move, String> {
    text.parse()
        .map_err(|e: <G::Move as FromStr>::Err| e.to_string())
}

/// Reads a position string, handing back the library's message on failure.
pub(crate) fn parse<G: Game>(text: &str) -> Result<G, String> {
    text.parse().map_err(|e: <G as FromStr>::Err| e.to_string())
}

/// Plays `mv` if legal and says what it did; else the library's reason.
pub(crate) fn play_reported<G: Registered>(
    game: &mut G,
    mv: G::Move,
) -> Result<Vec<(&'static str, Fact)>, String> {
    let effect = game.play_reported(mv).map_err(|e| e.to_string())?;
    Ok(G::facts(&effect))
}

/// The legal action ids, ascending.
pub(crate) fn legal_actions<G: Registered>(game: &G) -> Vec<usize> {
    let mut actions: Vec<usize> = game
        .legal_moves()
        .iter()
        .map(|&mv| game.action(mv))
        .collect();
    actions.sort_unstable();
    actions
}

/// Each player's return, South's first: `+1` for a win, `-1` for a loss, `0` for a draw or a
/// game still going.
pub(crate) fn returns<G: Registered>(game: &G) -> [f32; 2] {
    match game.outcome().and_then(|o| o.winner) {
        Some(Side::South) => [1.0, -1.0],
        Some(Side::North) => [-1.0, 1.0],
        None => [0.0, 0.0],
    }
}

/// The move action id `action` names here, legal or not, else why it names none: out of
/// range, or an id the rules or this position leave unused.
pub(crate) fn named_move<G: Registered>(game: &G, action: Int) -> Result<G::Move, String> {
    let n = game.num_actions();
    let index = action
        .within(0, n.saturating_sub(1))
        .filter(|_| n > 0)
        .ok_or_else(|| format!("action {action} is not in 0 to {}", n.saturating_sub(1)))?;
    game.move_of(index).ok_or_else(|| game.no_move(index))
}

/// The move of `action` if it is legal here, else the reason it is not.
pub(crate) fn checked_move<G: Registered>(game: &G, action: Int) -> Result<G::Move, String> {
    if game.is_over() {
        return Err("the game is over".into());
    }
    let mv = named_move(game, action)?;
    game.check_move(mv).map_err(|e| e.to_string())?;
    Ok(mv)
}
