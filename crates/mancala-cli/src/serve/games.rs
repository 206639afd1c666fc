//! The work of every request, written once over the registry of games
//! ([`mancala_games::registry`]): each game's rules read through its schema, its picture,
//! its records ([`mancala_engine::draw::Describe`]) and the library's strongest player.

use super::limits::{
    EXACT_MAX_NODES, EXACT_MAX_SEEDS, EXACT_TABLE_BYTES, MAX_PLIES, MAX_TITLES, SEARCH_TABLE_BYTES,
};
use crate::engine::shorten;
use mancala_engine::draw::{parse_rules, Draw};
use mancala_engine::rules::{RuleOptions, Values};
use mancala_engine::{Game, Position};
use mancala_games::player::{self, Player};
use mancala_games::registry::{self, Registered, Visitor};
use mancala_search::{exact_margin, plies_to_end, Iteration, Limits};
use serde::Deserialize;
use serde_json::{json, Value};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::mpsc::Sender;

/// A game as a request names it: rules or a start position string, and moves from there.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct Line {
    /// The game's name.
    pub game: String,
    /// The rules' text (ignored when `start` is given, which holds them).
    #[serde(default)]
    pub rules: Option<String>,
    /// The start's position string; the start of the rules when absent.
    #[serde(default)]
    pub start: Option<String>,
    /// Moves from the start, in the game's notation.
    #[serde(default)]
    pub moves: Vec<String>,
}

/// How a search is bounded.
#[derive(Debug, Clone, Copy)]
pub struct Strength {
    /// Time for the search.
    pub time: Duration,
    /// The deepest iteration.
    pub depth: u32,
    /// Search threads.
    pub threads: usize,
}

/// What a request asks.
pub enum Job {
    /// The game's name, rules and presets, for the page's menus.
    Describe,
    /// The position after the moves: its picture, legal moves, record.
    State {
        /// The game.
        line: Line,
        /// Whether North sits at the bottom.
        flipped: bool,
    },
    /// The engine's move.
    Engine {
        /// The game.
        line: Line,
        /// Its bounds.
        strength: Strength,
        /// Raised when the client has gone.
        stop: Arc<AtomicBool>,
    },
    /// The engine's view while it thinks, then the exact value where one is found in bounds.
    Analyse {
        /// The game.
        line: Line,
        /// Its bounds.
        strength: Strength,
        /// Raised when the client has gone.
        stop: Arc<AtomicBool>,
        /// Where the reports go, as (event name, data).
        events: Sender<(&'static str, Value)>,
    },
    /// A record read from text.
    Record {
        /// The record's text.
        text: String,
        /// Which game of the text, from `0`.
        index: usize,
        /// Whether North sits at the bottom.
        flipped: bool,
    },
}

/// Does `job` for game `name`. An `Err` is the message of a bad request.
pub fn dispatch(name: &str, job: Job) -> Result<Value, String> {
    registry::with_game(name, Dispatch(job)).unwrap_or_else(|unknown| Err(unknown.to_string()))
}

/// A job run on the game the registry finds.
struct Dispatch(Job);

impl Visitor for Dispatch {
    type Output = Result<Value, String>;
    fn visit<G: Registered>(self) -> Self::Output {
        run::<G>(self.0)
    }
}

/// Rule texts the page offers for `G`: its standard rules, then each option's other values
/// alone (every other text its schema reads may be typed).
fn presets<G: Game>() -> Vec<String> {
    let mut presets = vec![G::Rules::default().options_text()];
    for option in <G::Rules as RuleOptions>::OPTIONS {
        let values: Vec<String> = match option.values {
            Values::Flag => vec!["yes".into(), "no".into()],
            Values::Numbers(numbers) => numbers.iter().map(u32::to_string).collect(),
            Values::Choice(words) => words.iter().map(|&word| word.to_owned()).collect(),
            Values::Number { .. } => Vec::new(),
        };
        for value in values.into_iter().filter(|value| value != option.default) {
            let text = format!("{}={value}", option.key);
            if G::Rules::parse(&text).is_ok() {
                presets.push(text);
            }
        }
    }
    presets
}

/// How `G`'s rules are written, for the page.
fn rules_hint<G: Game>() -> String {
    let options: Vec<String> = <G::Rules as RuleOptions>::OPTIONS
        .iter()
        .map(|option| format!("{}={}", option.key, option.values))
        .collect();
    format!("key=value pairs, comma-separated: {}", options.join(", "))
}

/// Does `job` for game `G`.
fn run<G: Registered>(job: Job) -> Result<Value, String> {
    match job {
        Job::Describe => {
            let presets = presets::<G>();
            let title = registry::entry(G::NAME).map_or(G::NAME, |entry| entry.title);
            Ok(json!({
                "name": G::NAME,
                "title": title,
                "rules": presets.first(),
                "presets": presets,
                "rules_hint": rules_hint::<G>(),
            }))
        }
        Job::State { line, flipped } => {
            let (start, moves) = replay::<G>(&line)?;
            Ok(state(&start, &moves, flipped))
        }
        Job::Engine {
            line,
            strength,
            stop,
        } => {
            let (start, moves) = replay::<G>(&line)?;
            let position = after(&start, &moves);
            if position.is_over() {
                return Err("the game is over".into());
            }
            let mut player = engine::<G>(strength, stop);
            let result = player.search(&position);
            let mv = result
                .best_move
                .ok_or("the engine found no move in a game that is not over")?;
            // A move chosen without searching (the only one) is its own line.
            let pv = if result.pv.is_empty() {
                vec![mv]
            } else {
                result.pv
            };
            Ok(json!({
                "move": mv.to_string(),
                "value": result.value,
                "score": score(result.value),
                "depth": result.depth,
                "nodes": result.nodes,
                "pv": texts(&pv),
            }))
        }
        Job::Analyse {
            line,
            strength,
            stop,
            events,
        } => {
            let (start, moves) = replay::<G>(&line)?;
            let position = after(&start, &moves);
            analyse(&position, strength, &stop, &events);
            Ok(Value::Null)
        }
        Job::Record {
            text,
            index,
            flipped,
        } => {
            let mut read = G::read_record(&text, index)?;
            read.titles.truncate(MAX_TITLES);
            let mut answer = state(&read.start, &read.moves, flipped);
            answer["games"] = json!(read.games);
            answer["index"] = json!(index);
            answer["titles"] = json!(read.titles);
            answer["replay_error"] = json!(read.error);
            Ok(answer)
        }
    }
}

/// The start and the moves of `line`, each read by the game's parser and played checked.
fn replay<G: Game>(line: &Line) -> Result<(G, Vec<G::Move>), String> {
    if line.moves.len() > MAX_PLIES {
        return Err(format!(
            "at most {MAX_PLIES} moves, not {}",
            line.moves.len()
        ));
    }
    let start = match (&line.start, &line.rules) {
        (Some(text), _) => text
            .parse::<G>()
            .map_err(|error| format!("position string `{}`: {error}", shorten(text)))?,
        (None, Some(rules)) => G::new(parse_rules::<G::Rules>(rules)?),
        (None, None) => G::default(),
    };
    let mut position = start.clone();
    let mut moves = Vec::with_capacity(line.moves.len());
    for (ply, text) in line.moves.iter().enumerate() {
        let mv = text
            .parse::<G::Move>()
            .map_err(|error| format!("move {} `{}`: {error}", ply + 1, shorten(text)))?;
        position
            .play(mv)
            .map_err(|error| format!("move {} ({mv}) is illegal: {error}", ply + 1))?;
        moves.push(mv);
    }
    Ok((start, moves))
}

/// The position after `moves` from `start` (moves already checked).
fn after<G: Game>(start: &G, moves: &[G::Move]) -> G {
    let mut position = start.clone();
    for &mv in moves {
        position.play_unchecked(mv);
    }
    position
}

/// Everything the page shows of a game: the picture, whose move, the legal moves, the
/// result, the position string and the record.
fn state<G: Draw>(start: &G, moves: &[G::Move], flipped: bool) -> Value {
    let before = moves
        .split_last()
        .map(|(&last, earlier)| (after(start, earlier), last));
    let position = match &before {
        Some((before, last)) => before.child(*last),
        None => start.clone(),
    };
    let picture = position.drawing(before.as_ref().map(|(p, mv)| (p, *mv)));
    let record = G::write_record(start, moves);
    json!({
        "game": G::NAME,
        "start": start.to_string(),
        "moves": texts(moves),
        "position": position.to_string(),
        "svg": picture.svg(flipped),
        "text": picture.text(),
        "to_move": picture.to_move.map(|side| side.to_string()),
        "side_names": picture.side_names,
        "legal": texts(&position.legal_moves()),
        "result": position.result().map(|result| result.to_string()),
        "last": moves.last().map(ToString::to_string),
        "record": record.as_ref().ok(),
        "record_error": record.err(),
        "seeds_on_board": seeds_on_board(&position),
    })
}

/// The engine's player at `strength`, stopped by `stop`: the library's strongest player.
fn engine<G: Registered>(strength: Strength, stop: Arc<AtomicBool>) -> Player<G> {
    let limits = Limits::depth(strength.depth).with_time(strength.time);
    let mut player = player::strongest::<G>(limits, None)
        .with_threads(strength.threads)
        .with_table_bytes(SEARCH_TABLE_BYTES);
    player.set_stop(Some(stop));
    player
}

/// Streams the engine's iterations, then tries for the exact value within the solver's
/// bounds, then says it is done. Stops as soon as the client has gone.
fn analyse<G: Registered>(
    position: &G,
    strength: Strength,
    stop: &Arc<AtomicBool>,
    events: &Sender<(&'static str, Value)>,
) {
    let send = |name: &'static str, data: Value| {
        if events.blocking_send((name, data)).is_err() {
            stop.store(true, Ordering::Relaxed);
        }
    };
    if position.is_over() {
        send("done", json!({ "over": true }));
        return;
    }
    let mut player = engine::<G>(strength, stop.clone());
    let result = player.search_with(position, |iteration: &Iteration<G::Move>| {
        send(
            "info",
            json!({
                "depth": iteration.depth,
                "value": iteration.value,
                "score": score(iteration.value),
                "nodes": iteration.nodes,
                "time_ms": iteration.elapsed.as_millis() as u64,
                "pv": texts(&iteration.pv),
            }),
        );
    });
    if result.depth == 0 && !result.pv.is_empty() && !stop.load(Ordering::Relaxed) {
        send(
            "info",
            json!({
                "depth": 0,
                "value": result.value,
                "score": score(result.value),
                "nodes": result.nodes,
                "time_ms": 0,
                "pv": texts(&result.pv),
            }),
        );
    }
    if !stop.load(Ordering::Relaxed) {
        send("exact", exact(position));
    }
    send("done", json!({ "over": false }));
}

/// The exact value of `position` and its perfect moves, if the solver finds them within its
/// bounds; otherwise why not.
fn exact<G>(position: &G) -> Value
where
    G: Game + Send + Sync,
    G::Move: Send,
{
    let seeds = seeds_on_board(position);
    if seeds > EXACT_MAX_SEEDS {
        return json!({
            "solved": false,
            "why": format!("{seeds} seeds on the board: the solver is tried at {EXACT_MAX_SEEDS} or fewer"),
        });
    }
    let options = mancala_solver::Options {
        table_bytes: EXACT_TABLE_BYTES,
        max_nodes: EXACT_MAX_NODES,
        ..mancala_solver::Options::default()
    };
    let solved =
        mancala_solver::on_large_stack(|| mancala_solver::solve_range(position, &options, None));
    match solved {
        Ok(Ok(range)) => json!({
            "solved": true,
            "exact": range.exact(),
            "low": range.low(),
            "high": range.high(),
            "best": texts(&range.best()),
            "pv": texts(&range.south.pv),
            "nodes": range.nodes(),
        }),
        Ok(Err(error)) => json!({ "solved": false, "why": error.to_string() }),
        Err(error) => json!({ "solved": false, "why": error.to_string() }),
    }
}

/// A search value in words: the evaluation (`+35`, in the game's evaluation's units), `win in
/// 9 plies` / `loss in 8 plies` once proven, `won by 4` / `lost by 4` where a database knew it.
fn score(value: i32) -> String {
    match (plies_to_end(value), exact_margin(value)) {
        (Some(plies), _) if value > 0 => format!("win in {plies} plies"),
        (Some(plies), _) => format!("loss in {plies} plies"),
        (None, Some(margin)) if margin > 0 => format!("won by {margin}"),
        (None, Some(margin)) => format!("lost by {}", -margin),
        (None, None) => format!("{value:+}"),
    }
}

/// Seeds on the board, stores left out.
fn seeds_on_board<G: Position>(position: &G) -> u32 {
    position.board().iter().map(|&seeds| u32::from(seeds)).sum()
}

/// Moves in the game's notation.
fn texts<M: std::fmt::Display>(moves: &[M]) -> Vec<String> {
    moves.iter().map(ToString::to_string).collect()
}
