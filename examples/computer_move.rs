//! Asks a computer player for a move: the principal-variation search of `mancala-search`,
//! with Katro's fitted evaluation, searched to a fixed depth so that the answer is the same on
//! every machine, then the move played.
//!
//! ```text
//! cargo run --example computer_move [-- DEPTH]
//! ```

use mancala_games::engine::prelude::*;
use mancala_games::katro::Katro;
use mancala_search::games::katro::Evaluation;
use mancala_search::{Limits, Pvs};
use std::error::Error;
use std::io::Write;

fn main() -> Result<(), Box<dyn Error>> {
    let depth: u32 = match std::env::args().nth(1) {
        Some(text) => text
            .parse()
            .map_err(|_| format!("DEPTH must be a whole number, not `{text}`"))?,
        None => 6,
    };
    let mut position = Katro::default();
    let mut player = Pvs::with_evaluator(Limits::depth(depth), Evaluation::default());
    let mut out = std::io::stdout().lock();
    // Each iteration of the deepening search reports as it completes; a closed output shows as
    // the error of the next line written after the search.
    let result = player.search_with(&position, |iteration| {
        writeln!(out, "{iteration}").ok();
    });
    let best = result
        .best_move
        .ok_or("the start position has a legal move")?;
    writeln!(
        out,
        "best move {best}, value {}, after {} nodes",
        result.value, result.nodes
    )?;
    position.play(best).map_err(|error| error.to_string())?;
    writeln!(out, "position after it: `{position}`")?;
    Ok(())
}
