//! What every subcommand's command line shares: its arguments as text, a panic told in one
//! `error:` line instead of a backtrace, the usual main of a subcommand that runs once, and
//! whole numbers read within the range a subcommand accepts.

use mancala_engine::rules::{RuleOptions, Values};
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

/// Splits the rule options of a game whose rules are `R` out of a command line: `--rules
/// KEY=VALUE[,KEY=VALUE...]` and, for every key of `R`'s schema, `--KEY VALUE` or
/// `--KEY=VALUE` (a flag given bare, `--empty-capture`, means `yes`). Every subcommand reads
/// rules this one way, so a rule has one spelling everywhere; the schema's parser gives the
/// errors. Returns the rules and the other arguments, in order.
pub fn split_rules<R: RuleOptions>(args: &[String]) -> Result<(R, Vec<String>), String> {
    let mut pairs: Vec<(String, String)> = Vec::new();
    let mut rest = Vec::new();
    let mut args = args.iter().peekable();
    while let Some(arg) = args.next() {
        let Some(name) = arg.strip_prefix("--") else {
            rest.push(arg.clone());
            continue;
        };
        let (key, inline) = match name.split_once('=') {
            Some((key, value)) => (key, Some(value.to_owned())),
            None => (name, None),
        };
        if key == "rules" {
            let text = match inline {
                Some(text) => text,
                None => args
                    .next()
                    .cloned()
                    .ok_or("option `--rules` needs KEY=VALUE[,KEY=VALUE...]")?,
            };
            for pair in text.split(',').filter(|pair| !pair.is_empty()) {
                let (key, value) = pair
                    .split_once('=')
                    .ok_or_else(|| format!("--rules takes KEY=VALUE pairs, not `{pair}`"))?;
                pairs.push((key.to_owned(), value.to_owned()));
            }
            continue;
        }
        let Some(option) = R::OPTIONS.iter().find(|option| option.key == key) else {
            rest.push(arg.clone());
            continue;
        };
        let value = match inline {
            Some(value) => value,
            None if option.values == Values::Flag => match args.peek().map(|next| next.as_str()) {
                Some(word @ ("yes" | "no")) => {
                    let word = word.to_owned();
                    args.next();
                    word
                }
                _ => "yes".to_owned(),
            },
            None => args
                .next()
                .cloned()
                .ok_or_else(|| format!("option `--{key}` needs a value ({})", option.values))?,
        };
        pairs.push((key.to_owned(), value));
    }
    let pairs: Vec<(&str, &str)> = pairs
        .iter()
        .map(|(key, value)| (key.as_str(), value.as_str()))
        .collect();
    let rules = R::from_pairs(&pairs).map_err(|error| error.to_string())?;
    Ok((rules, rest))
}

/// The rule options of a game, one line each, for `--help` texts and `mancala rules`.
pub fn rules_help<R: RuleOptions>() -> String {
    let mut text = String::new();
    for option in R::OPTIONS {
        let key = format!("--{} {}", option.key, option.values);
        text.push_str(&format!(
            "  {key:<34} {} (default {})\n",
            option.doc, option.default
        ));
    }
    if R::OPTIONS.is_empty() {
        text.push_str("  (no rule options)\n");
    }
    text
}
