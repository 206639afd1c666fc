//! The `katro` options of `mancala perft`.
//!
//! ```text
//! perft katro DEPTH [--size 6x6|4x4|4x6|6x3] [--direction A|B|per-turn]
//!                   [--mover-row innermost|inner] [--opponent-hole row|column]
//!                   [--trigger occupied|empty] [--single-seed]
//! ```

use katro::{Katro, RuleSet};
use mancala_engine::Game;

/// Parses the options, builds the start position and reports perft.
pub fn run(depth: u32, options: &[String]) -> Result<(), String> {
    let mut rules = RuleSet::STANDARD;
    let mut seen: Vec<&str> = Vec::new();
    let mut args = options.iter();
    while let Some(option) = args.next() {
        let name = option.as_str();
        if seen.contains(&name) {
            return Err(format!("option `{name}` is given twice"));
        }
        seen.push(name);
        if name == "--single-seed" {
            rules.single_seed = true;
            continue;
        }
        let key = match name {
            "--size" | "--direction" | "--mover-row" | "--opponent-hole" | "--trigger" => {
                &name[2..]
            }
            _ => return Err(format!("unknown katro option `{name}`")),
        };
        let value = args
            .next()
            .ok_or_else(|| format!("option `{name}` needs a value"))?;
        rules.set(key, value).map_err(|e| format!("{e}"))?;
    }
    let position = Katro::new(rules);
    outln!("katro {}, rules: {}", rules.size, rules.options());
    super::report(&position, depth);
    Ok(())
}
