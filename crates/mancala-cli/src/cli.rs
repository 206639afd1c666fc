//! What every subcommand's command line shares: its arguments as text, a panic told in one
//! `error:` line instead of a backtrace, the usual main of a subcommand that runs once, and
//! whole numbers read within the range a subcommand accepts.

use std::any::Any;
use std::ffi::OsString;
use std::fmt::Display;
use std::ops::RangeInclusive;
use std::process::ExitCode;
use std::str::FromStr;

/// Which threads' panics the hook prints.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Panics {
    /// Every thread's.
    Everywhere,
    /// The main thread's only: the program reports its workers' panics itself.
    OnMain,
}

/// Makes a panic print one `error:` line on standard error, not a backtrace.
pub fn one_line_panics(which: Panics) {
    std::panic::set_hook(Box::new(move |info| {
        if which == Panics::Everywhere || std::thread::current().name() == Some("main") {
            errln!("error: {}", panic_message(info.payload()));
        }
    }));
}

/// The message a panic was raised with.
pub fn panic_message(payload: &(dyn Any + Send)) -> String {
    match (
        payload.downcast_ref::<&str>(),
        payload.downcast_ref::<String>(),
    ) {
        (Some(text), _) => (*text).to_owned(),
        (_, Some(text)) => text.clone(),
        _ => "a panic without a message".to_owned(),
    }
}

/// The subcommand's arguments as text; or, when one is not UTF-8 text, says so in one `error:`
/// line and gives back `failure`, the subcommand's exit code for a bad command line.
pub fn args(args: Vec<OsString>, failure: ExitCode) -> Result<Vec<String>, ExitCode> {
    args.into_iter()
        .map(OsString::into_string)
        .collect::<Result<_, _>>()
        .map_err(|arg| {
            errln!(
                "error: argument `{}` is not UTF-8 text",
                arg.to_string_lossy()
            );
            failure
        })
}

/// The main of a subcommand that runs once: `usage` for `-h` or `--help`, else `run` on the
/// arguments, any error in one `error:` line and exit code 1.
pub fn run_main(
    args: Vec<OsString>,
    usage: &str,
    panics: Panics,
    run: impl FnOnce(&[String]) -> Result<(), String>,
) -> ExitCode {
    one_line_panics(panics);
    let args = match self::args(args, ExitCode::FAILURE) {
        Ok(args) => args,
        Err(code) => return code,
    };
    if matches!(args.first().map(String::as_str), Some("-h" | "--help")) {
        outln!("{usage}");
        return ExitCode::SUCCESS;
    }
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            errln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

/// `text`, given to option `name`, read as a whole number in `range` (checked before the
/// number sizes or counts anything).
pub fn in_range<T>(name: &str, text: &str, range: RangeInclusive<T>) -> Result<T, String>
where
    T: FromStr + PartialOrd + Display,
{
    text.parse::<T>()
        .ok()
        .filter(|value| range.contains(value))
        .ok_or_else(|| {
            format!(
                "{name} takes a whole number from {} to {}, not `{text}`",
                range.start(),
                range.end()
            )
        })
}
