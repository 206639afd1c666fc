//! The fuzz suite: every parser, `FromStr`, serde entry point and record reader of the
//! workspace, and every subcommand's command line and input of the `mancala` binary, fed random, mutated-valid and
//! grammar-built inputs from the core's seeded [`Rng`](mancala_engine::Rng). Nothing may
//! panic or hang; whatever is accepted must write and read back as itself, and an accepted
//! position must play on, re-read copies alike, under the conformance kit's checks.
//!
//! `cargo test` runs a short round (a few hundred inputs per entry point); the long round is
//! `cargo test --release -p mancala-cli --test fuzz -- --ignored --nocapture`. `MANCALA_FUZZ_CASES=N` sets the
//! inputs per entry point of either round, `MANCALA_FUZZ_SEED=S` the seed. Each entry point
//! prints its counts (seen with `--nocapture`). See `docs/reliability.md`.

mod checks;
mod core_types;
mod entry;
mod games;
mod harness;
mod inputs;
mod kalah;
mod katro;
mod mangala4;
mod other_tools;
mod oware;
mod proven;
mod regressions;
mod toguz;
mod tools;

use harness::Budget;

#[test]
fn core_text_forms() {
    core_types::all(Budget::short());
}

#[test]
fn kalah_text_forms() {
    kalah::all(Budget::short());
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
fn tool_command_lines_and_input() {
    tools::all(Budget::short());
}

#[test]
fn game_and_search_tool_command_lines_and_input() {
    let budget = Budget::short();
    other_tools::all(budget, &toguz::record_files(budget.seed));
    proven::all(budget);
}

#[test]
fn databases_and_proven_results() {
    proven::all(Budget::short());
}

/// Every entry point with the long round's budget.
#[test]
#[ignore = "the long round: minutes in a release build"]
fn long_round() {
    let budget = Budget::long();
    core_types::all(budget);
    toguz::all(budget);
    katro::all(budget);
    kalah::all(budget);
    mangala4::all(budget);
    oware::all(budget);
    tools::all(budget);
    other_tools::all(budget, &toguz::record_files(budget.seed));
    proven::all(budget);
}
