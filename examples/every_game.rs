//! One program for every game: the same generic code, written once over the `Position` trait
//! and the shared vocabulary, runs every game of the registry (Toguz Kumalak, Mangala IV,
//! Katro, Oware and Kalah).
//!
//! ```text
//! cargo run --example every_game [-- SEED]
//! ```
//!
//! For each game it starts from the standard position, writes the position string and reads it
//! back, lists the legal moves, plays a seeded random game to its end, and prints the final board
//! and the result. The last line of each game is its result, e.g.
//! `toguz: south wins 82-70 (majority)`.

use mancala_games::engine::prelude::*;
use mancala_games::registry::{self, Registered, Visitor};
use std::error::Error;
use std::fmt::Display;
use std::io::Write;
use std::str::FromStr;

/// The longest game played here: Katro games need not end.
const MAX_PLIES: usize = 10_000;

/// Plays one game of `P` from its standard start, with nothing but the shared vocabulary.
fn tour<P>(name: &str, seed: u64) -> Result<(), Box<dyn Error>>
where
    P: Position + Default + Display + FromStr,
    <P as FromStr>::Err: Display,
    P::Move: Display,
{
    let mut out = std::io::stdout().lock();
    let start = P::default();
    let text = start.to_string();
    let reread: P = text
        .parse()
        .map_err(|e| format!("{name}: `{text}` does not read back: {e}"))?;
    if reread != start {
        return Err(format!("{name}: `{text}` reads back as another position").into());
    }
    let moves: Vec<String> = start.legal_moves().iter().map(|m| m.to_string()).collect();
    writeln!(out, "{name}: start `{text}`")?;
    writeln!(
        out,
        "{name}: {} to move, legal moves {}",
        start.side_to_move(),
        moves.join(" ")
    )?;

    let mut rng = Rng::new(seed);
    let mut position = start;
    let mut line = Vec::new();
    while let Some(mv) = position.random_move(&mut rng) {
        if line.len() == MAX_PLIES {
            break;
        }
        line.push(mv.to_string());
        position
            .play(mv)
            .map_err(|e| format!("{name}: move {mv}: {e}"))?;
    }
    let first: Vec<&str> = line.iter().take(8).map(String::as_str).collect();
    writeln!(
        out,
        "{name}: {} plies, starting {} …",
        line.len(),
        first.join(" ")
    )?;
    writeln!(out, "{name}: board {:?}", &*position.board())?;
    for side in Side::BOTH {
        writeln!(
            out,
            "{name}: {side}: {} seeds on its side, {} in its store",
            position.seeds_on_side(side),
            position.store(side)
        )?;
    }
    match position.result() {
        Some(result) => writeln!(out, "{name}: {result}")?,
        None => writeln!(out, "{name}: unfinished after {MAX_PLIES} plies")?,
    }
    Ok(())
}

/// [`tour`] of one registered game.
struct Tour {
    seed: u64,
}

impl Visitor for Tour {
    type Output = Result<(), Box<dyn Error>>;
    fn visit<G: Registered>(self) -> Self::Output {
        tour::<G>(G::NAME, self.seed)
    }
}

fn main() -> Result<(), Box<dyn Error>> {
    // An optional seed, so that each run can play other games.
    let seed = match std::env::args().nth(1) {
        Some(text) => text
            .parse()
            .map_err(|_| format!("SEED must be a whole number, not `{text}`"))?,
        None => 1,
    };
    for name in registry::names() {
        registry::with_game(name, Tour { seed })??;
    }
    Ok(())
}
