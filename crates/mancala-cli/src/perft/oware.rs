//! The `oware` options of `mancala perft`:
//!
//! ```text
//! perft oware DEPTH [--houses N] [--seeds N] [--grand-slam no-capture|capture-all]
//!                   [--max-plies N]
//! ```
//!
//! (OpenSpiel's `num_houses_per_player` and `num_seeds_per_house`, then the two other rules.)

use mancala_engine::Game;
use oware::{Oware, RuleSet};

/// Parses the options, builds the start position and reports perft.
pub fn run(depth: u32, options: &[String]) -> Result<(), String> {
    let mut pairs: Vec<String> = Vec::new();
    let mut options = options.iter();
    while let Some(option) = options.next() {
        let key = match option.as_str() {
            "--houses" | "--seeds" | "--grand-slam" | "--max-plies" => &option[2..],
            other => return Err(format!("unknown oware option `{other}`")),
        };
        let value = options
            .next()
            .ok_or_else(|| format!("option `{option}` needs a value"))?;
        pairs.push(format!("{key}={value}"));
    }
    let rules: RuleSet = if pairs.is_empty() {
        RuleSet::STANDARD
    } else {
        pairs.join(",").parse().map_err(|e| format!("{e}"))?
    };
    outln!("oware, rules: {rules}");
    super::report(&Oware::new(rules), depth);
    Ok(())
}
