//! The `toguz` options of `mancala perft`: `[--optional-tuzdik] [--no-majority-stop]
//! [--board 9|7|5]`.

use mancala_engine::Game;
use toguz::{BoardSize, RuleSet, Toguz, TuzdikRule};

/// Parses the options, builds the start position and reports perft.
pub fn run(depth: u32, options: &[String]) -> Result<(), String> {
    let mut rules = RuleSet::STANDARD;
    let mut options = options.iter();
    while let Some(option) = options.next() {
        match option.as_str() {
            "--optional-tuzdik" => rules.tuzdik = TuzdikRule::Optional,
            "--no-majority-stop" => rules.stop_at_majority = false,
            "--board" => {
                let value = options.next().ok_or("--board needs a value: 9, 7 or 5")?;
                rules.board = value
                    .parse()
                    .ok()
                    .and_then(BoardSize::from_per_side)
                    .ok_or_else(|| format!("--board takes 9, 7 or 5, not `{value}`"))?;
            }
            other => return Err(format!("unknown toguz option `{other}`")),
        }
    }
    super::report(&Toguz::new(rules), depth);
    Ok(())
}
