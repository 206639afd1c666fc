//! The `kalah` options of `mancala perft`:
//!
//! ```text
//! perft kalah DEPTH [--pits N] [--seeds N] [--empty-capture] [--max-plies N]
//! ```

use kalah::{Kalah, RuleSet};
use mancala_engine::Game;

/// Parses the options, builds the start position and reports perft.
pub fn run(depth: u32, options: &[String]) -> Result<(), String> {
    let mut pairs: Vec<String> = Vec::new();
    let mut options = options.iter();
    while let Some(option) = options.next() {
        match option.as_str() {
            "--empty-capture" => pairs.push("empty-capture=yes".to_owned()),
            "--pits" | "--seeds" | "--max-plies" => {
                let value = options
                    .next()
                    .ok_or_else(|| format!("option `{option}` needs a value"))?;
                pairs.push(format!("{}={value}", &option[2..]));
            }
            other => return Err(format!("unknown kalah option `{other}`")),
        }
    }
    let rules: RuleSet = if pairs.is_empty() {
        RuleSet::STANDARD
    } else {
        pairs.join(",").parse().map_err(|e| format!("{e}"))?
    };
    outln!("kalah, rules: {rules}");
    super::report(&Kalah::new(rules), depth);
    Ok(())
}
