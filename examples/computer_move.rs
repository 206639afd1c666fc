//! Asks a computer player for a move: the principal-variation search of `mancala-search`,
//! with Katro's fitted evaluation, searched to a fixed depth so that the answer is the same on
//! every machine, then the move played.
//!
//! ```text
//! cargo run --example computer_move [-- DEPTH]
//! ```

use mancala_games::engine::prelude::*;
use mancala_games::katro::{eval::Evaluation, Katro};
use mancala_search::{Limits, Pvs};

fn main() -> Result<(), String> {
    let depth: u32 = match std::env::args().nth(1) {
        Some(text) => text
            .parse()
            .map_err(|_| format!("DEPTH must be a whole number, not `{text}`"))?,
        None => 6,
    };
    let mut position = Katro::default();
    let mut player = Pvs::with_evaluator(Limits::depth(depth), Evaluation::default());
    // Each iteration of the deepening search reports as it completes.
    let result = player.search_with(&position, |iteration| println!("{iteration}"));
    let best = result
        .best_move
        .ok_or("the start position has a legal move")?;
    println!(
        "best move {best}, value {}, after {} nodes",
        result.value, result.nodes
    );
    position.play(best).map_err(|error| error.to_string())?;
    println!("position after it: `{position}`");
    Ok(())
}
