//! Lists a game's rule options, or checks a set of them.
//!
//! ```text
//! mancala rules [GAME [RULE OPTIONS]]
//! ```
//!
//! Without a game, the games. With one, its rule options (key, values, default, what each
//! changes), the same on every subcommand as `--KEY VALUE` or `--rules KEY=VALUE,...`, in
//! position strings and, spelt with underscores, as Python keywords; the last line is
//! `rules: KEY=VALUE,...`, every option's value under the options given.

use crate::cli;
use mancala_engine::rules::RuleOptions;
use mancala_games::registry::{self, Registered, Visitor, GAMES};
use std::ffi::OsString;
use std::process::ExitCode;

const USAGE: &str = "usage: mancala rules [GAME [RULE OPTIONS]]   (GAME = toguz | mangala4 | katro | oware | kalah)";

/// The subcommand, run on the arguments after its name.
pub fn main(args: Vec<OsString>) -> ExitCode {
    cli::run_main(args, USAGE, cli::Panics::Everywhere, run)
}

fn run(args: &[String]) -> Result<(), String> {
    let Some((game, options)) = args.split_first() else {
        for entry in GAMES {
            outln!("{:<10} {}", entry.name, entry.title);
        }
        return Ok(());
    };
    registry::with_game(game, Describe { options }).map_err(|unknown| unknown.to_string())?
}

/// A game's rule options, and the rules the options given make.
struct Describe<'a> {
    options: &'a [String],
}

impl Visitor for Describe<'_> {
    type Output = Result<(), String>;

    fn visit<G: Registered>(self) -> Result<(), String> {
        let (rules, rest) = cli::split_rules::<G::Rules>(self.options)?;
        if let Some(other) = rest.first() {
            return Err(format!(
                "`{other}` is no rule option of {} ({USAGE})",
                G::NAME
            ));
        }
        let title = registry::entry(G::NAME).map_or(G::NAME, |entry| entry.title);
        outln!("{title}: rule options, as --KEY VALUE or --rules KEY=VALUE,...");
        out!("{}", cli::rules_help::<G::Rules>());
        outln!("rules: {}", rules.options_text());
        Ok(())
    }
}
