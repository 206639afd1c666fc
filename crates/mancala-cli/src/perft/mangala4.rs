//! The `mangala4` options of `mancala perft`.
//!
//! ```text
//! perft mangala4 DEPTH [--board even|random:SEED|c0,…,c13] [--first south|north]
//!                      [--leftover none|own-side]
//! ```
//!
//! Play is forced, so perft counts 1 for every depth the game lasts and 0 past its end: it
//! measures move speed and finds where the game ends.

use mancala_engine::{Game, Side};
use mangala4::{Leftover, Mangala4, RuleSet, Setup};

/// Parses the options, builds the start position and reports perft.
pub fn run(depth: u32, options: &[String]) -> Result<(), String> {
    let mut setup = Setup::even();
    let mut first = Side::South;
    let mut rules = RuleSet::default();
    let mut options = options.iter();
    while let Some(option) = options.next() {
        let mut value = |name: &str| {
            options
                .next()
                .ok_or_else(|| format!("{name} needs a value"))
        };
        match option.as_str() {
            "--board" => setup = parse_board(value("--board")?)?,
            "--first" => {
                first = match value("--first")?.as_str() {
                    "south" => Side::South,
                    "north" => Side::North,
                    other => return Err(format!("--first `{other}` is neither south nor north")),
                }
            }
            "--leftover" => {
                rules.leftover = value("--leftover")?
                    .parse::<Leftover>()
                    .map_err(|e| e.to_string())?
            }
            other => return Err(format!("unknown mangala4 option `{other}`")),
        }
    }
    let position = Mangala4::from_setup(Setup {
        side_to_move: first,
        rules,
        ..setup
    })
    .map_err(|e| e.to_string())?;
    outln!("position: {position}");
    super::report(&position, depth);
    Ok(())
}

fn parse_board(text: &str) -> Result<Setup, String> {
    if text == "even" {
        return Ok(Setup::even());
    }
    if let Some(seed) = text.strip_prefix("random:") {
        let seed: u64 = seed
            .parse()
            .map_err(|_| format!("random seed `{seed}` is not a whole number"))?;
        return Ok(Setup::random(seed));
    }
    // Reuse the setup notation for the counts (the first player comes from --first).
    format!("{text} south")
        .parse::<Setup>()
        .map_err(|e| format!("--board `{text}`: {e}"))
}
