//! The real game records some tests replay (the PlayOK Toguz Kumalak games) are not part of
//! the repository or of any package: they live in a `shared/data` directory beside the
//! checkout. A test that needs them asks [`shared_file`], which finds the file or says on
//! stderr what is skipped and why, so a bare clone or an unpacked package still passes.
//!
//! - [`DATA_DIR`] (`MANCALA_DATA`) names the data directory outright.
//! - [`REQUIRE_DATA`] (`MANCALA_REQUIRE_DATA`), set to anything non-empty, makes an absent
//!   file a failure: CI sets it, so it still replays every record.
//!
//! ```
//! use mancala_kit::data;
//!
//! // A file no data directory holds: the test skips, unless the data is required.
//! if std::env::var_os(data::REQUIRE_DATA).is_none() {
//!     let found = data::shared_file(env!("CARGO_MANIFEST_DIR"), "no/such.file", "the example");
//!     assert_eq!(found, None);
//! }
//! ```

use std::io::Write as _;
use std::path::{Path, PathBuf};

/// The environment variable naming the data directory (the one holding `toguz/…`).
pub const DATA_DIR: &str = "MANCALA_DATA";

/// The environment variable that turns a skip for absent data into a failure.
pub const REQUIRE_DATA: &str = "MANCALA_REQUIRE_DATA";

/// The data file `relative` (e.g. `toguz/playok-2024-2025.pgn`), or `None` after a line on
/// stderr saying that `test` is skipped and why.
///
/// The file is looked for in [`DATA_DIR`] if it is set, else in `shared/data` of
/// `manifest_dir` (pass `env!("CARGO_MANIFEST_DIR")`) or of any directory above it.
///
/// # Panics
///
/// If the file is absent and [`REQUIRE_DATA`] is set.
pub fn shared_file(manifest_dir: &str, relative: &str, test: &str) -> Option<PathBuf> {
    let (found, looked) = locate(manifest_dir, relative);
    if found.is_some() {
        return found;
    }
    let why = format!("{relative} is absent ({looked})");
    if std::env::var_os(REQUIRE_DATA).is_some_and(|v| !v.is_empty()) {
        panic!("{test}: {why}, and {REQUIRE_DATA} asks for it");
    }
    // Straight to stderr, not through `eprintln!`, which the test harness captures: a skip
    // must show in a plain `cargo test`.
    let _ = writeln!(
        std::io::stderr(),
        "skipped: {test}: {why}; set {DATA_DIR} to the data directory, \
         or {REQUIRE_DATA}=1 to make this a failure"
    );
    None
}

/// The file if it is there, and where it was looked for.
fn locate(manifest_dir: &str, relative: &str) -> (Option<PathBuf>, String) {
    if let Some(dir) = std::env::var_os(DATA_DIR).filter(|v| !v.is_empty()) {
        let path = Path::new(&dir).join(relative);
        let looked = format!("looked in {DATA_DIR}={}", Path::new(&dir).display());
        return (path.is_file().then_some(path), looked);
    }
    let found = Path::new(manifest_dir)
        .ancestors()
        .map(|dir| dir.join("shared").join("data").join(relative))
        .find(|path| path.is_file());
    let looked = format!("looked in shared/data in and above {manifest_dir}");
    (found, looked)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_file_under_shared_data_above_the_manifest_is_found() {
        let root = std::env::temp_dir().join(format!("mancala-kit-data-{}", std::process::id()));
        let crate_dir = root.join("checkout").join("crates").join("game");
        std::fs::create_dir_all(&crate_dir).unwrap();
        std::fs::create_dir_all(root.join("shared/data/game")).unwrap();
        std::fs::write(root.join("shared/data/game/records.txt"), "1.").unwrap();
        let manifest = crate_dir.to_str().unwrap();
        let (found, _) = locate(manifest, "game/records.txt");
        let (missing, looked) = locate(manifest, "game/other.txt");
        std::fs::remove_dir_all(&root).unwrap();
        if std::env::var_os(DATA_DIR).is_none() {
            assert_eq!(found, Some(root.join("shared/data/game/records.txt")));
            assert!(looked.contains(manifest));
        }
        assert_eq!(missing, None);
    }
}
