//! Tests that compare a game with OpenSpiel's own implementation run a Python script that
//! drives `pyspiel` and prints what OpenSpiel did. OpenSpiel is not a dependency of the
//! workspace, so [`trace`] finds whether the script can run, and skips (saying so on stderr)
//! when it cannot, as [`data`](crate::data) does for absent records.
//!
//! - [`PYTHON`] (`MANCALA_PYTHON`, default `python3`) names the Python with `open_spiel`.
//! - [`REQUIRE_OPENSPIEL`] (`MANCALA_REQUIRE_OPENSPIEL`), set to anything non-empty, makes an
//!   unusable OpenSpiel a failure: CI sets it.
//!
//! The script answers `check` with exit status 0 when it can run (else a line saying why), and
//! any other arguments with its trace on stdout.

use std::io::Write as _;
use std::process::{Command, Stdio};

/// The environment variable naming the Python to run the script with.
pub const PYTHON: &str = "MANCALA_PYTHON";

/// The environment variable that turns a skip for an unusable OpenSpiel into a failure.
pub const REQUIRE_OPENSPIEL: &str = "MANCALA_REQUIRE_OPENSPIEL";

/// The script's output for `args`, or `None` after a line on stderr saying the comparison is
/// skipped and why.
///
/// # Panics
///
/// If OpenSpiel is not usable and [`REQUIRE_OPENSPIEL`] is set, or if the script fails or
/// prints what is not text once it can run: a broken comparison is a failed test.
pub fn trace(script: &str, args: &[&str]) -> Option<String> {
    let python = std::env::var(PYTHON).unwrap_or_else(|_| "python3".to_owned());
    let check = Command::new(&python).arg(script).arg("check").output();
    let missing = match &check {
        Ok(output) if output.status.success() => None,
        Ok(output) => Some(String::from_utf8_lossy(&output.stdout).trim().to_owned()),
        Err(error) => Some(format!("`{python}` cannot be run: {error}")),
    };
    if let Some(why) = missing {
        let required = std::env::var_os(REQUIRE_OPENSPIEL).is_some_and(|v| !v.is_empty());
        assert!(!required, "OpenSpiel is required but not usable: {why}");
        // Straight to stderr, past the test harness's capture: a skip must show.
        let _ = writeln!(
            std::io::stderr(),
            "skipped: OpenSpiel comparison ({why}; set {PYTHON} to a Python with open_spiel)"
        );
        return None;
    }
    let output = Command::new(&python)
        .arg(script)
        .args(args)
        .stderr(Stdio::null())
        .output()
        .expect("the trace script runs");
    assert!(output.status.success(), "the trace script failed: {args:?}");
    Some(String::from_utf8(output.stdout).expect("the trace is text"))
}
