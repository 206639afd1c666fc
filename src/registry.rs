//! The games of the workspace, listed once: every front end (the command line, the Python
//! package, the examples, the tests) finds a game here by its name and runs generic code on
//! it, so that a new game is its crate plus one line of `for_each_game!` (in this module).
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

use crate::engine::actions::Actions;
use crate::engine::draw::Draw;
use crate::engine::Game;
use core::fmt;

/// What every registered game is: a [`Game`] whose positions and moves cross threads, with
/// its board drawing ([`Draw`]), its action ids and observation for learning agents
/// ([`Actions`]) and, under the facade's features, its player
/// (`mancala_search::games::Played`, feature `search`) and how it is solved
/// (`mancala_solver::Solved`, feature `solver`).
///
/// Implemented for every such game; the list of games is [`GAMES`].
pub trait Registered:
    Game<Move: Send + Sync, Rules: Send + Sync>
    + Draw
    + Actions
    + Send
    + Sync
    + 'static
    + WithPlayer
    + WithSolver
{
}

impl<G> Registered for G where
    G: Game<Move: Send + Sync, Rules: Send + Sync>
        + Draw
        + Actions
        + Send
        + Sync
        + 'static
        + WithPlayer
        + WithSolver
{
}

/// The player's side of [`Registered`]: `mancala_search::games::Played` under the feature
/// `search`, nothing without it.
#[cfg(feature = "search")]
pub trait WithPlayer: crate::search::games::Played<Move: core::hash::Hash> {}
#[cfg(feature = "search")]
impl<G: crate::search::games::Played<Move: core::hash::Hash>> WithPlayer for G {}
/// The player's side of [`Registered`]: nothing without the feature `search`.
#[cfg(not(feature = "search"))]
pub trait WithPlayer {}
#[cfg(not(feature = "search"))]
impl<G> WithPlayer for G {}

/// The solver's side of [`Registered`]: `mancala_solver::Solved` under the feature `solver`,
/// nothing without it.
#[cfg(feature = "solver")]
pub trait WithSolver: crate::solver::Solved {}
#[cfg(feature = "solver")]
impl<G: crate::solver::Solved> WithSolver for G {}
/// The solver's side of [`Registered`]: nothing without the feature `solver`.
#[cfg(not(feature = "solver"))]
pub trait WithSolver {}
#[cfg(not(feature = "solver"))]
impl<G> WithSolver for G {}

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
    /// The game's crate: every game crate is named by its key.
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

/// Runs the macro `$callback` on the list of games: one line `$path, $Type, $title;` a game,
/// its type's path (`$crate::toguz::Toguz`), the type's name alone (`Toguz`) and its title
/// (`"Toguz Kumalak"`). Code that needs each game's type by name (the Python package's
/// classes) is generated from it; everything else visits games with [`with_game`].
///
/// ```
/// macro_rules! titles {
///     ($($path:path, $name:ident, $title:literal;)+) => { [$($title),+] };
/// }
/// assert_eq!(mancala_games::for_each_game!(titles)[0], "Toguz Kumalak");
/// ```
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident) => {
        $callback! {
            $crate::toguz::Toguz, Toguz, "Toguz Kumalak";
            $crate::mangala4::Mangala4, Mangala4, "Mangala IV";
            $crate::katro::Katro, Katro, "Katro";
            $crate::oware::Oware, Oware, "Oware";
            $crate::kalah::Kalah, Kalah, "Kalah";
        }
    };
}

/// The registry itself, made from [`for_each_game!`].
macro_rules! registry {
    ($($game:path, $name:ident, $title:literal;)+) => {
        /// Every game, in the order tools list them.
        pub const GAMES: &[Entry] = &[$(Entry {
            name: <$game as Game>::NAME,
            title: $title,
            krate: <$game as Game>::NAME,
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

for_each_game!(registry);

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
