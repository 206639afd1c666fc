//! A Toguz Kumalak program outside the workspace as a match player, driven over a one-line
//! text protocol on its standard input and output: for each move the tool writes the 18 holes
//! in canonical order, White's and Black's kazans, White's and Black's tuzdik holes (canonical
//! index, `18` for none), the side to move (`0` White, `1` Black) and the time per move in
//! milliseconds, all on one line separated by spaces; the program answers the number (1 to 9)
//! of the hole to play on a line of its own. One process serves one game.

use super::contender::{Choice, Contender};
use mancala_engine::{Position, Side};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};
use toguz::{Move, Toguz};

/// A running external program.
pub struct External {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
    millis: u64,
}

impl External {
    /// Starts `program` (a path, without arguments), to be given `time` a move.
    pub fn spawn(program: &str, time: Duration) -> Result<External, String> {
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("cannot start `{program}`: {e}"))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(format!("`{program}` has no standard input or output"));
        };
        Ok(External {
            child,
            input,
            output: BufReader::new(output),
            millis: time.as_millis() as u64,
        })
    }

    /// Asks for a move: `None` if the program does not answer with a hole number.
    fn ask(&mut self, position: &Toguz) -> Option<Move> {
        let mut line = String::new();
        for hole in position.board().iter() {
            line.push_str(&format!("{hole} "));
        }
        let tuzdik = |side| position.tuzdik(side).unwrap_or(18);
        line.push_str(&format!(
            "{} {} {} {} {} {}\n",
            position.kazan(Side::South),
            position.kazan(Side::North),
            tuzdik(Side::South),
            tuzdik(Side::North),
            position.side_to_move().index(),
            self.millis
        ));
        self.input.write_all(line.as_bytes()).ok()?;
        self.input.flush().ok()?;
        let mut answer = String::new();
        self.output.read_line(&mut answer).ok()?;
        let number: u8 = answer.trim().parse().ok()?;
        Some(Move::new(number))
    }
}

impl Contender<Toguz> for External {
    fn choose(&mut self, position: &Toguz) -> Choice<Move> {
        let began = Instant::now();
        let mv = self
            .ask(position)
            .filter(|&mv| position.check_move(mv).is_ok());
        Choice {
            mv,
            // The protocol does not tell the depth: the move counts in no statistic.
            depth: 0,
            nodes: 0,
            time: began.elapsed(),
        }
    }
}

impl Drop for External {
    fn drop(&mut self) {
        // Ends the program; one that has already exited needs nothing more.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
