//! Standard output for every subcommand, written in one place so that a reader who goes away
//! (`mancala replay toguz FILE --json | head -1`) ends the program quietly, with exit code 0 as a
//! Unix filter does, and any other failure to write (a full disk) ends it with one `error:`
//! line on standard error and exit code 1. Standard error is written here too, without ever
//! panicking. No subcommand prints any other way.

use std::fmt::Arguments;
use std::io::{self, Write};

/// Prints like `print!`, through [`write()`].
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::output::write(format_args!($($arg)*))
    };
}

/// Prints like `println!`, through [`write()`].
macro_rules! outln {
    () => {
        $crate::output::write(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::write(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Prints like `eprintln!`, through [`warn()`].
macro_rules! errln {
    () => {
        $crate::output::warn(format_args!("\n"))
    };
    ($($arg:tt)*) => {
        $crate::output::warn(format_args!("{}\n", format_args!($($arg)*)))
    };
}

/// Writes `text` to standard error. Unlike `eprint!` it never panics: when standard error is
/// gone (closed, or a full disk) there is no one left to tell, and the exit code still says
/// how the program ended.
pub fn warn(text: Arguments<'_>) {
    let _ = io::stderr().lock().write_fmt(text);
}

/// Writes `text` to standard output; ends the program when it cannot be written.
pub fn write(text: Arguments<'_>) {
    let written = io::stdout().lock().write_fmt(text);
    if let Err(error) = written {
        fail(&error);
    }
}

/// Flushes standard output (a prompt, or the end of the program); ends the program when the
/// output cannot be written.
pub fn flush() {
    if let Err(error) = io::stdout().flush() {
        fail(&error);
    }
}

/// Ends the program after a failed write: quietly for a closed pipe, else with one line.
fn fail(error: &io::Error) -> ! {
    if error.kind() == io::ErrorKind::BrokenPipe {
        std::process::exit(0);
    }
    // Standard error may be gone too: then there is no one left to tell.
    let _ = writeln!(io::stderr(), "error: cannot write the output: {error}");
    std::process::exit(1);
}
