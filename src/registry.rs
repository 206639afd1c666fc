//! The games of the workspace, listed once: every front end (the command line, the Python
//! package, the examples, the tests) finds a game here by its name and runs generic code on
//! it, so that a new game is its crate plus one line of `games!` (in this module).
//!
//! ```
//! use mancala_games::engine::perft::perft;
//! use mancala_games::engine::rules::RuleOptions;
//! use mancala_games::engine::Game;
//! use mancala_games::registry::{self, Registered, Visitor};
//!
//! /// perft(2) from the start of a game under the rules `text` gives.
//! struct Perft2<'a>(&'a str);
//!
//! impl Visitor for Perft2<'_> {
//!     type Output = Result<u64, String>;
//!     fn visit<G: Registered>(self) -> Self::Output {
//!         let rules = G::Rules::parse(self.0).map_err(|e| e.to_string())?;
//!         Ok(perft(&G::new(rules), 2))
//!     }
//! }
//!
//! // The rules guides give perft(2) = 73 for Toguz Kumalak.
//! assert_eq!(registry::with_game("toguz", Perft2("")).unwrap(), Ok(73));
//! let small = mancala_games::kalah::RuleSet::with_board(4, 4).unwrap();
//! let direct = perft(&mancala_games::kalah::Kalah::new(small), 2);
//! assert_eq!(registry::with_game("kalah", Perft2("pits=4")).unwrap(), Ok(direct));
//! assert!(registry::with_game("chess", Perft2("")).is_err());
//! assert_eq!(registry::names().count(), 5);
//! ```

use crate::engine::Game;
use core::fmt;

/// What every registered game is: a [`Game`] whose positions and moves cross threads.
///
/// Implemented for every such game; the list of games is [`GAMES`].
pub trait Registered: Game<Move: Send + Sync, Rules: Send + Sync> + Send + Sync + 'static {}

impl<G> Registered for G where G: Game<Move: Send + Sync, Rules: Send + Sync> + Send + Sync + 'static
{}

/// Generic code run on one game, chosen at run time by name: [`with_game`] calls
/// [`visit`](Visitor::visit) with the game's type.
pub trait Visitor {
    /// What the visit gives.
    type Output;
    /// Runs on game `G`.
    fn visit<G: Registered>(self) -> Self::Output;
}

/// One registered game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Entry {
    /// The game's key ([`Game::NAME`]): `toguz`.
    pub name: &'static str,
    /// The game's name as players know it: `Toguz Kumalak`.
    pub title: &'static str,
    /// The game's crate.
    pub krate: &'static str,
}

/// A name that is no registered game's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = names().collect();
        write!(
            f,
            "unknown game `{}` (the games are {})",
            crate::engine::notation::excerpt(&self.0),
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownGame {}

/// Lists the games: each line is a game's type, its title and its crate's name.
macro_rules! games {
    ($($game:ty => $title:literal, $krate:literal;)+) => {
        /// Every game, in the order tools list them.
        pub const GAMES: &[Entry] = &[$(Entry {
            name: <$game as Game>::NAME,
            title: $title,
            krate: $krate,
        }),+];

        /// Runs `visitor` on the game named `name`.
        pub fn with_game<V: Visitor>(name: &str, visitor: V) -> Result<V::Output, UnknownGame> {
            $(if name == <$game as Game>::NAME {
                return Ok(visitor.visit::<$game>());
            })+
            Err(UnknownGame(name.to_owned()))
        }
    };
}

games! {
    toguz::Toguz => "Toguz Kumalak", "toguz";
    mangala4::Mangala4 => "Mangala IV", "mangala4";
    katro::Katro => "Katro", "katro";
    oware::Oware => "Oware", "oware";
    kalah::Kalah => "Kalah", "kalah";
}

/// The games' names, in the order of [`GAMES`].
pub fn names() -> impl Iterator<Item = &'static str> {
    GAMES.iter().map(|entry| entry.name)
}

/// The entry of game `name`.
pub fn entry(name: &str) -> Result<&'static Entry, UnknownGame> {
    GAMES
        .iter()
        .find(|entry| entry.name == name)
        .ok_or_else(|| UnknownGame(name.to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The name each game answers to.
    struct Name;

    impl Visitor for Name {
        type Output = &'static str;
        fn visit<G: Registered>(self) -> &'static str {
            G::NAME
        }
    }

    #[test]
    fn every_entry_finds_its_own_game() {
        for entry in GAMES {
            assert_eq!(with_game(entry.name, Name), Ok(entry.name));
        }
        let error = with_game("chess", Name).unwrap_err();
        assert!(error
            .to_string()
            .contains("toguz, mangala4, katro, oware, kalah"));
    }

    #[test]
    fn names_are_distinct() {
        let names: Vec<&str> = names().collect();
        for (i, name) in names.iter().enumerate() {
            assert!(!names[..i].contains(name), "{name} is listed twice");
        }
    }
}
