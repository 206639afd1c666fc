//! Every game crate of the workspace is in the registry of games, and in the places not yet
//! driven by it (the checklist "Adding a mancala" in `docs/architecture.md`): this test reads
//! the game crates from the root `Cargo.toml` and fails, naming the place, when one is missing.

use std::fs;
use std::path::Path;

/// The root of the workspace.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// A file of the workspace, as text.
fn read(path: &str) -> String {
    fs::read_to_string(root().join(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The game crates: the workspace members under `crates/` that are not `mancala-*` (the
/// core, the search, the kit and the tools).
fn game_crates() -> Vec<String> {
    let manifest = read("Cargo.toml");
    let start = manifest
        .find("members = [")
        .expect("the workspace's members");
    let end = start + manifest[start..].find(']').expect("the end of the members");
    let games: Vec<String> = manifest[start..end]
        .split('"')
        .filter_map(|item| item.strip_prefix("crates/"))
        .filter(|name| !name.starts_with("mancala-"))
        .map(str::to_owned)
        .collect();
    assert!(games.len() >= 4, "too few game crates read: {games:?}");
    games
}

/// A consumer that lists the games: its name, and whether it lists a game crate.
type Registry = (&'static str, fn(&str) -> bool);

/// The consumers that list the games; a new consumer is one more line here.
const REGISTRIES: &[Registry] = &[
    ("the facade (src/lib.rs)", |game| {
        read("src/lib.rs").contains(&format!("pub use {game};"))
    }),
    ("the root Cargo.toml's dependencies", |game| {
        read("Cargo.toml").contains(&format!("\n{game}.workspace = true"))
    }),
    (
        "the game crate's conformance test (tests/conformance.rs)",
        |game| {
            fs::read_to_string(root().join(format!("crates/{game}/tests/conformance.rs")))
                .is_ok_and(|text| text.contains(".game()"))
        },
    ),
    ("the registry of games (src/registry.rs)", |game| {
        mancala_games::registry::GAMES
            .iter()
            .any(|entry| entry.name == game && entry.krate == game)
    }),
    ("the fuzz suite (crates/mancala-cli/tests/fuzz)", |game| {
        read("crates/mancala-cli/tests/fuzz/main.rs").contains(&format!("mod {game};"))
    }),
    ("the README's table of games (README.md)", |game| {
        let cell = format!("[`{game}`](https://docs.rs/{game})");
        root().join(format!("crates/{game}/README.md")).is_file()
            && read("README.md")
                .lines()
                .any(|line| line.starts_with("| crate |") && line.contains(&cell))
    }),
];

#[test]
fn every_game_crate_is_registered_everywhere() {
    let mut missing = Vec::new();
    for game in game_crates() {
        for (place, lists) in REGISTRIES {
            if !lists(&game) {
                missing.push(format!("{game} is missing from {place}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "see \"Adding a mancala\" in docs/architecture.md:\n{}",
        missing.join("\n")
    );
}

#[test]
fn a_game_missing_from_a_registry_is_found() {
    // A game crate no consumer knows of.
    for (place, lists) in REGISTRIES {
        assert!(!lists("bao"), "{place} claims a game it does not list");
    }
}
