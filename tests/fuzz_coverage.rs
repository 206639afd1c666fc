//! Every text entry point of the rules crates is in the fuzz suite
//! (`crates/mancala-cli/tests/fuzz`): this test reads the core's and the game crates' sources
//! for the types that parse text (`FromStr`, by hand or by `named_values!`; serde reads through
//! them) and for the public readers (`pub fn read_…`), and fails, naming the entry point, when
//! the suite runs none under its label (`"toguz Move"`, `"oware position"` for the position
//! type, `"core Side"` for the core).

use std::fs;
use std::path::{Path, PathBuf};

/// The root of the workspace.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file below `dir`.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files.extend(sources(&path));
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            files.push(path);
        }
    }
    files
}

/// The identifier `text` starts with.
fn identifier(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The entry points of one crate's sources, as the fuzz suite labels them.
fn entry_points(prefix: &str, src: &Path) -> Vec<String> {
    let mut position = None;
    let mut types = Vec::new();
    let mut readers = Vec::new();
    for file in sources(src) {
        let text = fs::read_to_string(&file).expect("a source file");
        // Code lines only: the docs show example types that are no entry point.
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim_start)
            .filter(|line| !line.starts_with("//"))
            .collect();
        for (i, line) in lines.iter().enumerate() {
            if let Some(at) = line.find("FromStr for ") {
                // (A macro's `impl … FromStr for $name` names no type: its uses do.)
                let ty = identifier(&line[at + "FromStr for ".len()..]);
                if line.starts_with("impl") && !ty.is_empty() {
                    types.push(ty.to_owned());
                }
            } else if line.starts_with("mancala_engine::named_values! {") {
                let name = lines.get(i + 1).map_or("", |next| identifier(next));
                types.push(name.to_owned());
            } else if let Some(rest) = line.strip_prefix("impl Game for ") {
                position = Some(identifier(rest).to_owned());
            } else if let Some(rest) = line.strip_prefix("pub fn read_") {
                // The core's `read_…` are pieces of the games' position strings, fuzzed
                // through every position; a game's are readers of whole files.
                if prefix != "core" {
                    readers.push(format!("read_{}", identifier(rest)));
                }
            }
        }
    }
    types
        .into_iter()
        .map(|ty| match &position {
            Some(game) if *game == ty => format!("{prefix} position"),
            _ => format!("{prefix} {ty}"),
        })
        .chain(
            readers
                .into_iter()
                .map(|reader| format!("{prefix} {reader}")),
        )
        .collect()
}

#[test]
fn every_text_entry_point_of_the_rules_crates_is_fuzzed() {
    let suite: String = sources(&root().join("crates/mancala-cli/tests/fuzz"))
        .iter()
        .map(|file| fs::read_to_string(file).expect("a fuzz suite file"))
        .collect();
    let mut checked = 0;
    let mut missing = Vec::new();
    for entry in fs::read_dir(root().join("crates")).expect("the crates") {
        let dir = entry.expect("a crate").path();
        let name = dir
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or("")
            .to_owned();
        // The core and the rules crates; the search, the kit, the tools and the bindings read
        // their input through these.
        let prefix = match name.as_str() {
            "mancala-engine" => "core".to_owned(),
            other if other.starts_with("mancala-") => continue,
            game => game.to_owned(),
        };
        for label in entry_points(&prefix, &dir.join("src")) {
            checked += 1;
            if !suite.contains(&format!("\"{label}\"")) {
                missing.push(label);
            }
        }
    }
    assert!(checked >= 30, "too few entry points read: {checked}");
    assert!(
        missing.is_empty(),
        "not in the fuzz suite (crates/mancala-cli/tests/fuzz): {missing:?}"
    );
}

#[test]
fn an_entry_point_the_suite_lacks_is_found() {
    let dir = std::env::temp_dir().join(format!("mancala-fuzz-coverage-{}", std::process::id()));
    fs::create_dir_all(&dir).expect("a temporary directory");
    fs::write(
        dir.join("lib.rs"),
        "/// impl FromStr for Example {}\nimpl FromStr for Clock {\n}\nimpl Game for Bao {\n}\n\
         impl core::str::FromStr for Bao {\n}\npub fn read_games(text: &str) {}\n",
    )
    .expect("a temporary file");
    let found = entry_points("bao", &dir);
    let _ = fs::remove_dir_all(&dir);
    assert_eq!(found, ["bao Clock", "bao position", "bao read_games"]);
}
