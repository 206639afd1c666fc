//! The person's lines from standard input, read so that no input can hang the program or fill
//! its memory: a line is kept up to [`MAX_LINE`] bytes (the rest is skipped as it streams by),
//! and a line that is not UTF-8 text ends the game.

use std::io::{BufRead, Write};

/// The longest line kept: far more than any move, command or answer.
pub const MAX_LINE: usize = 1024;

/// Why a game stopped before its end.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Stop {
    /// Standard input ended.
    Eof,
    /// The person typed `quit`.
    Quit,
    /// Standard input could not be read, is not text, or holds no move after many lines: why.
    BadInput(String),
}

/// Lines typed by the person.
pub struct Input {
    reader: std::io::StdinLock<'static>,
    /// Lines read so far.
    lines: u64,
}

impl Input {
    /// Reads from standard input.
    pub fn stdin() -> Input {
        Input {
            reader: std::io::stdin().lock(),
            lines: 0,
        }
    }

    /// Prints `prompt` and reads one line, trimmed. `Err(Stop::Eof)` at the end of the input,
    /// `Err(Stop::Quit)` when the person types `quit` or `exit` (in any case), `Err(Stop::BadInput)` when
    /// the input cannot be read or is not UTF-8. A line longer than [`MAX_LINE`] comes back as
    /// `…`, which no game reads as a move.
    pub fn ask(&mut self, prompt: &str) -> Result<String, Stop> {
        out!("{prompt}");
        // A prompt that cannot be flushed is still followed by the read: nothing to do.
        let _ = std::io::stdout().flush();
        let line = self.read_line().inspect_err(|stop| {
            // End the prompt's line.
            if *stop != Stop::Quit {
                outln!();
            }
        })?;
        let line = line.trim();
        if line.eq_ignore_ascii_case("quit") || line.eq_ignore_ascii_case("exit") {
            Err(Stop::Quit)
        } else {
            Ok(line.to_owned())
        }
    }

    /// The next line without its end, at most [`MAX_LINE`] bytes of it kept.
    fn read_line(&mut self) -> Result<String, Stop> {
        let mut kept = Vec::new();
        let mut too_long = false;
        let mut any = false;
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(error) if error.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(error) => {
                    return Err(Stop::BadInput(format!(
                        "cannot read standard input: {error}"
                    )))
                }
            };
            if buffer.is_empty() {
                if !any {
                    return Err(Stop::Eof);
                }
                break;
            }
            any = true;
            let (chunk, used, ended) = match buffer.iter().position(|&b| b == b'\n') {
                Some(end) => (&buffer[..end], end + 1, true),
                None => (buffer, buffer.len(), false),
            };
            let room = MAX_LINE.saturating_sub(kept.len());
            too_long |= chunk.len() > room;
            kept.extend_from_slice(&chunk[..chunk.len().min(room)]);
            self.reader.consume(used);
            if ended {
                break;
            }
        }
        self.lines += 1;
        if too_long {
            return Ok("…".to_owned());
        }
        String::from_utf8(kept).map_err(|_| {
            Stop::BadInput(format!(
                "standard input is not UTF-8 text (line {})",
                self.lines
            ))
        })
    }
}
