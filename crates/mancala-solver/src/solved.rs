//! How each game is solved, decided once here for every front end: the rules a solve of the
//! start takes, how positions are told apart, whether scores only grow, and the game's
//! endgame databases where it has them.

use crate::db::{BuildOptions, BuildProgress, Databases, DbError, Endgame, LevelStats};
use crate::{Keys, Options, Probe};
use mancala_engine::Game;
use std::io::Read;
use std::sync::Arc;

/// A game the solver knows how to solve. Implemented for each game behind its feature, so
/// that generic front ends (the command line, the Python package) solve a game through its
/// type alone.
///
/// ```
/// # #[cfg(feature = "kalah")] {
/// use mancala_engine::Game;
/// use mancala_solver::{solve_range, Solved};
///
/// let rules = kalah::Kalah::solve_rules(kalah::RuleSet::with_board(3, 2).unwrap());
/// let start = kalah::Kalah::new(rules);
/// let solution = solve_range(&start, &kalah::Kalah::solve_options(&start), None).unwrap();
/// assert_eq!(solution.exact(), Some(4));
/// assert!(kalah::Kalah::endgame().is_some());
/// # }
/// ```
pub trait Solved: Game<Move: Send> + Send + Sync + 'static {
    /// Whether the scores never fall and never total more than the seeds of the game
    /// ([`Options::monotone_scores`]).
    const MONOTONE_SCORES: bool;

    /// The rules a solve takes for `rules` when no move limit is asked for: Kalah and Oware
    /// are solved without their move limit, as their published values are. The default keeps
    /// `rules`.
    fn solve_rules(rules: Self::Rules) -> Self::Rules {
        rules
    }

    /// How a solve of `position` tells positions apart; the default is whole positions.
    fn solve_keys(position: &Self) -> Keys<Self> {
        let _ = position;
        Keys::positions(<Self as mancala_engine::Position>::key)
    }

    /// The solve options for `position`: its keys and score bounds, the rest at their
    /// defaults.
    fn solve_options(position: &Self) -> Options<Self> {
        Options {
            keys: Self::solve_keys(position),
            monotone_scores: Self::MONOTONE_SCORES,
            ..Options::default()
        }
    }

    /// The game's endgame databases, or `None` for a game that has none.
    fn endgame() -> Option<EndgameOps<Self>> {
        None
    }
}

/// What the databases of one game offer, for code that knows the game only as [`Solved`]:
/// build, read, probe. Made by [`EndgameOps::of`] for an [`Endgame`].
pub struct EndgameOps<G> {
    build: BuildFn<G>,
    read: fn(&mut dyn Read, &G, u64) -> Result<Databases, DbError>,
    open: fn(&std::path::Path, &G, u64) -> Result<Databases, DbError>,
    known: fn(&Databases, &G) -> Option<i32>,
    template: fn(&G) -> G,
    probe: fn(Arc<Databases>) -> Arc<dyn Probe<G>>,
}

/// [`Databases::build`] of one game.
type BuildFn<G> = fn(
    &G,
    &BuildOptions,
    Option<&mut dyn FnMut(&BuildProgress)>,
) -> Result<(Databases, Vec<LevelStats>), DbError>;

impl<G: Endgame + 'static> EndgameOps<G> {
    /// The databases of `G`.
    pub fn of() -> Self {
        EndgameOps {
            build: |template, options, progress| Databases::build(template, options, progress),
            read: |input, template, memory| Databases::read(input, template, memory),
            open: |path, template, memory| Databases::open(path, template, memory),
            known: |databases, position| databases.known(position),
            template: G::db_template,
            probe: |databases| databases,
        }
    }
}

impl<G> EndgameOps<G> {
    /// [`Databases::build`]: the levels of `template`'s rules up to `options.max_seeds`.
    pub fn build(
        &self,
        template: &G,
        options: &BuildOptions,
        progress: Option<&mut dyn FnMut(&BuildProgress)>,
    ) -> Result<(Databases, Vec<LevelStats>), DbError> {
        (self.build)(template, options, progress)
    }

    /// [`Databases::read`]: databases of `template`'s game and rules from `input`.
    pub fn read(
        &self,
        input: &mut dyn Read,
        template: &G,
        memory_bytes: u64,
    ) -> Result<Databases, DbError> {
        (self.read)(input, template, memory_bytes)
    }

    /// [`Databases::open`] the file at `path`, its highest levels within `memory_bytes` in
    /// memory and the others read from the file: the error as text that names the file.
    pub fn read_file(
        &self,
        path: &std::path::Path,
        template: &G,
        memory_bytes: u64,
    ) -> Result<Databases, String> {
        let shown = path.display();
        std::fs::File::open(path)
            .map_err(|e| format!("cannot open the database file `{shown}`: {e}"))?;
        (self.open)(path, template, memory_bytes).map_err(|e| format!("`{shown}`: {e}"))
    }

    /// [`Databases::known`]: what the rest of the game brings `position`'s side to move,
    /// where `databases` know it for every convention.
    pub fn known(&self, databases: &Databases, position: &G) -> Option<i32> {
        (self.known)(databases, position)
    }

    /// [`Endgame::db_template`]: the start of the rules whose databases serve `position`.
    pub fn template(&self, position: &G) -> G {
        (self.template)(position)
    }

    /// `databases` as the solver's [`Options::databases`] take them.
    pub fn probe(&self, databases: Arc<Databases>) -> Arc<dyn Probe<G>> {
        (self.probe)(databases)
    }
}

impl<G> Clone for EndgameOps<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G> Copy for EndgameOps<G> {}

impl<G> core::fmt::Debug for EndgameOps<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("EndgameOps").finish_non_exhaustive()
    }
}
