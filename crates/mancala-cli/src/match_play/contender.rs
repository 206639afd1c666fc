//! The players a match pits against each other, described by a short text such as
//! `pvs:table=64,aspiration=30` or `old`.

use mancala_engine::Position;
use mancala_games::player::DbSource;
use mancala_search::{
    AlphaBeta, Evaluator, Limits, Pvs, SearchResult, DEFAULT_ASPIRATION, DEFAULT_QUIESCENCE,
};
use std::hash::Hash;
use std::time::{Duration, Instant};

/// What a player did on one move.
#[derive(Debug, Clone, Copy)]
pub struct Choice<M> {
    /// The move, `None` if the player found none.
    pub mv: Option<M>,
    /// The depth of the deepest completed iteration (`0` when the move was forced).
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// Time spent.
    pub time: Duration,
}

/// A player in a match.
pub trait Contender<P: Position> {
    /// Picks a move and says how deep and how fast it searched.
    fn choose(&mut self, position: &P) -> Choice<P::Move>;
}

/// A forced move is played at once and counts in no statistic.
fn forced<P: Position>(position: &P) -> Option<Choice<P::Move>> {
    match *position.legal_moves() {
        [only] => Some(Choice {
            mv: Some(only),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
        }),
        _ => None,
    }
}

/// A search's choice, timed (a forced move is played without searching).
fn timed<P: Position>(
    position: &P,
    search: impl FnOnce(&P) -> SearchResult<P::Move>,
) -> Choice<P::Move> {
    if let Some(choice) = forced(position) {
        return choice;
    }
    let began = Instant::now();
    let result = search(position);
    Choice {
        mv: result.best_move,
        depth: result.depth,
        nodes: result.nodes,
        time: began.elapsed(),
    }
}

impl<P: Position, E: Evaluator<P>> Contender<P> for AlphaBeta<E> {
    fn choose(&mut self, position: &P) -> Choice<P::Move> {
        timed(position, |position| self.search(position))
    }
}

impl<P, E> Contender<P> for Pvs<P, E>
where
    P: Position + Sync,
    P::Move: Hash,
    E: Evaluator<P> + Sync,
{
    fn choose(&mut self, position: &P) -> Choice<P::Move> {
        timed(position, |position| self.search(position))
    }
}

/// Which search a player runs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// The plain alpha-beta of the `play` subcommand before PVS (score-difference evaluation,
    /// no transposition table): the reference every change is measured against.
    Old,
    /// Principal-variation search.
    Pvs,
    /// A program that speaks the engine protocol (its command line), as `uci_player.rs`
    /// drives it.
    Uci(String),
}

/// A player's description.
#[derive(Debug, Clone, PartialEq)]
pub struct Spec {
    /// The search.
    pub kind: Kind,
    /// The game's own evaluation (`true`) or the score difference.
    pub game_eval: bool,
    /// Transposition table size in bytes.
    pub table_bytes: usize,
    /// Aspiration half-window.
    pub aspiration: i32,
    /// Capture-search plies.
    pub quiescence: u32,
    /// Late-move reductions.
    pub reductions: bool,
    /// Selective search (deeper reductions, pruning near the horizon).
    pub pruning: bool,
    /// The threads each search runs on.
    pub threads: usize,
    /// The endgame databases it probes: built up to a number of seeds on the board, or read
    /// from a file.
    pub databases: Option<DbSource>,
    /// The text it was read from.
    pub text: String,
}

impl Spec {
    /// Reads `old`, `pvs`, `pvs:KEY=VALUE,...` with keys `eval` (`game` or `score`),
    /// `table` (MiB), `aspiration`, `quiescence`, `reductions` and `pruning` (`on` or
    /// `off`), `threads` (1 to [`MAX_THREADS`](mancala_search::MAX_THREADS)), `db` (the
    /// seeds on the board up to which endgame databases are probed), `dbfile` (a file of
    /// them, which may not hold a comma),
    /// or `uci:COMMAND LINE`.
    pub fn parse(text: &str) -> Result<Spec, String> {
        let (name, options) = text.split_once(':').unwrap_or((text, ""));
        let kind = match name {
            "old" => Kind::Old,
            "pvs" => Kind::Pvs,
            "uci" if !options.trim().is_empty() => Kind::Uci(options.to_owned()),
            other => {
                return Err(format!(
                    "unknown player `{other}` (old, pvs or uci:COMMAND)"
                ))
            }
        };
        let mut spec = Spec {
            kind: kind.clone(),
            game_eval: kind == Kind::Pvs,
            table_bytes: mancala_search::DEFAULT_TABLE_BYTES,
            aspiration: DEFAULT_ASPIRATION,
            quiescence: DEFAULT_QUIESCENCE,
            reductions: true,
            pruning: true,
            threads: 1,
            databases: None,
            text: text.to_owned(),
        };
        if let Kind::Uci(_) = kind {
            return Ok(spec);
        }
        for option in options.split(',').filter(|o| !o.is_empty()) {
            if kind == Kind::Old {
                return Err(format!("the old player takes no options (`{option}`)"));
            }
            let (key, value) = option
                .split_once('=')
                .ok_or_else(|| format!("player option `{option}` is not KEY=VALUE"))?;
            let number = |most: u32| {
                value
                    .parse::<u32>()
                    .ok()
                    .filter(|n| *n <= most)
                    .ok_or_else(|| {
                        format!("`{key}` takes a whole number from 0 to {most}, not `{value}`")
                    })
            };
            match key {
                "eval" => {
                    spec.game_eval = match value {
                        "game" => true,
                        "score" => false,
                        _ => return Err(format!("eval takes game or score, not `{value}`")),
                    }
                }
                "table" => spec.table_bytes = super::table_bytes(key, value)?,
                "aspiration" => spec.aspiration = number(super::MAX_ASPIRATION as u32)? as i32,
                "quiescence" => spec.quiescence = number(super::MAX_SEARCH_DEPTH)?,
                "reductions" => spec.reductions = switch(key, value)?,
                "pruning" => spec.pruning = switch(key, value)?,
                "threads" => {
                    spec.threads = number(mancala_search::MAX_THREADS as u32)?.max(1) as usize
                }
                "db" | "dbfile" if spec.databases.is_some() => {
                    return Err("`db` and `dbfile` do not go together".into())
                }
                "db" => {
                    let seeds = number(mancala_solver::db::MAX_LEVEL_SEEDS)?;
                    spec.databases = Some(DbSource::Build(seeds));
                }
                "dbfile" if value.is_empty() => return Err("`dbfile` takes a file".into()),
                "dbfile" => spec.databases = Some(DbSource::File(value.into())),
                other => return Err(format!("unknown player option `{other}`")),
            }
        }
        if let (Some(source), false) = (&spec.databases, spec.game_eval) {
            let key = match source {
                DbSource::Build(_) => "db",
                DbSource::File(_) => "dbfile",
            };
            return Err(format!(
                "`{key}` goes with the game's evaluation, not eval=score"
            ));
        }
        Ok(spec)
    }

    /// The command line of a `uci:` player.
    pub fn uci(&self) -> Option<&str> {
        match &self.kind {
            Kind::Uci(command) => Some(command),
            _ => None,
        }
    }

    /// The player, with the game's evaluation `game_eval` when the spec asks for it.
    pub fn build<P, E>(&self, limits: Limits, game_eval: E) -> Box<dyn Contender<P> + Send>
    where
        P: mancala_engine::Game + Send + Sync + 'static,
        P::Move: Hash + Send,
        E: Evaluator<P> + Send + Sync + 'static,
    {
        match (&self.kind, self.game_eval) {
            (Kind::Pvs, true) => Box::new(self.tune(Pvs::with_evaluator(limits, game_eval))),
            (Kind::Pvs, false) => Box::new(self.tune(Pvs::<P>::new(limits))),
            (Kind::Uci(command), _) => match super::uci_player::UciPlayer::spawn(command, limits) {
                Ok(player) => Box::new(player),
                Err(message) => {
                    errln!("error: {message}");
                    Box::new(super::Resigns)
                }
            },
            (Kind::Old, _) => Box::new(AlphaBeta::new(limits)),
        }
    }

    /// The search with the spec's settings, its table allocated before the first move's clock.
    fn tune<P: Position, E>(&self, pvs: Pvs<P, E>) -> Pvs<P, E> {
        let mut pvs = pvs
            .with_table_bytes(self.table_bytes)
            .with_aspiration(self.aspiration)
            .with_quiescence(self.quiescence)
            .with_reductions(self.reductions)
            .with_pruning(self.pruning)
            .with_threads(self.threads);
        pvs.allocate_table();
        pvs
    }
}

/// An option that is `on` or `off`.
fn switch(key: &str, value: &str) -> Result<bool, String> {
    match value {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("{key} takes on or off, not `{value}`")),
    }
}
