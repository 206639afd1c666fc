//! Where the test suites find the example programs: `cargo test` builds them beside the test
//! binaries.

use std::path::PathBuf;

/// The path of example `name`: target/<profile>/deps/<test>-<hash> →
/// target/<profile>/examples/<name>. Panics, saying what to run, if it is not built.
pub fn binary_path(name: &str) -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    let dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("the test binary lies in target/<profile>/deps");
    let path = dir
        .join("examples")
        .join(format!("{name}{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "the example `{name}` is not built at {}: run `cargo test` (which builds the examples) \
or `cargo build --examples` first",
        path.display()
    );
    path
}
