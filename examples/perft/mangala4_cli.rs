//! The `mangala4` options of the perft example.

/// Parses the options, builds the start position and reports perft.
pub fn run(_depth: u32, _options: &[String]) -> Result<(), String> {
    Err("mangala4 is not available yet".into())
}
