//! The fuzz suite: every parser, `FromStr`, serde entry point and record reader of the
//! workspace, and every example's command line and input, fed random, mutated-valid and
//! grammar-built inputs from the core's seeded [`Rng`](mancala_engine::Rng). Nothing may
//! panic or hang; whatever is accepted must write and read back as itself, and an accepted
//! position must play on, re-read copies alike, under the conformance kit's checks.
//!
//! `cargo test` runs a short round (a few hundred inputs per entry point); the long round is
//! `cargo test --release --test fuzz -- --ignored --nocapture`. `MANCALA_FUZZ_CASES=N` sets the
//! inputs per entry point of either round, `MANCALA_FUZZ_SEED=S` the seed. Each entry point
//! prints its counts (seen with `--nocapture`). See `docs/reliability.md`.

#[path = "fuzz/checks.rs"]
mod checks;
/// The examples' command-line module: panics are read as the examples read them.
#[path = "../examples/common/cli.rs"]
mod cli;
#[path = "fuzz/core_types.rs"]
mod core_types;
#[path = "fuzz/entry.rs"]
mod entry;
#[path = "common/example_binary.rs"]
mod example_binary;
#[path = "fuzz/examples.rs"]
mod examples;
#[path = "fuzz/games.rs"]
mod games;
#[path = "fuzz/harness.rs"]
mod harness;
#[path = "fuzz/inputs.rs"]
mod inputs;
#[path = "fuzz/katro.rs"]
mod katro;
#[path = "fuzz/mangala4.rs"]
mod mangala4;
#[path = "fuzz/other_examples.rs"]
mod other_examples;
#[path = "fuzz/oware.rs"]
mod oware;
#[path = "fuzz/regressions.rs"]
mod regressions;
#[path = "fuzz/toguz.rs"]
mod toguz;

use harness::Budget;

#[test]
fn core_text_forms() {
    core_types::all(Budget::short());
}

#[test]
fn katro_text_forms() {
    katro::all(Budget::short());
}

#[test]
fn mangala4_text_forms() {
    mangala4::all(Budget::short());
}

#[test]
fn oware_text_forms() {
    oware::all(Budget::short());
}

#[test]
fn toguz_text_forms() {
    toguz::all(Budget::short());
}

#[test]
fn example_command_lines_and_input() {
    examples::all(Budget::short());
}

#[test]
fn game_and_search_example_command_lines_and_input() {
    let budget = Budget::short();
    other_examples::all(budget, &toguz::record_files(budget.seed));
}

/// Every entry point with the long round's budget.
#[test]
#[ignore = "the long round: minutes in a release build"]
fn long_round() {
    let budget = Budget::long();
    core_types::all(budget);
    toguz::all(budget);
    katro::all(budget);
    mangala4::all(budget);
    oware::all(budget);
    examples::all(budget);
    other_examples::all(budget, &toguz::record_files(budget.seed));
}
