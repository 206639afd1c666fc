//! A program that speaks the engine protocol (`docs/protocol.md`, UCI's words) as a match
//! player: `mancala engine GAME` itself, or another engine behind a small adapter. One process
//! serves one game; each move is asked with `position string` (the game's position string
//! holds all that decides the rest of the game) and `go` with the match's limits.

use super::contender::{Choice, Contender};
use mancala_engine::Game;
use mancala_search::Limits;
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver};
use std::time::{Duration, Instant};

/// How long beyond its time a program may take to answer before it counts as gone.
const GRACE: Duration = Duration::from_secs(10);

/// A running engine.
pub struct UciPlayer {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    go: String,
    wait: Duration,
}

impl UciPlayer {
    /// Starts `command` (a program and its arguments, split at blanks), says `uci` and waits for
    /// `uciok`; each move is searched within `limits`.
    pub fn spawn(command: &str, limits: Limits) -> Result<UciPlayer, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("uci: needs a command")?;
        let mut child = Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start `{command}`: {e}"))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(format!("`{command}` has no standard input or output"));
        };
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines() {
                let Ok(line) = line else { break };
                if sender.send(line).is_err() {
                    break;
                }
            }
        });
        let mut go = "go".to_owned();
        if let Some(time) = limits.max_time() {
            go.push_str(&format!(" movetime {}", time.as_millis()));
        }
        if limits.max_depth() < mancala_search::MAX_SEARCH_DEPTH {
            go.push_str(&format!(" depth {}", limits.max_depth()));
        }
        if let Some(nodes) = limits.max_nodes() {
            go.push_str(&format!(" nodes {nodes}"));
        }
        let wait = limits.max_time().unwrap_or(Duration::from_secs(60)) + GRACE;
        let mut player = UciPlayer {
            child,
            input,
            lines,
            go,
            wait,
        };
        player
            .send("uci")
            .and_then(|()| player.answer("uciok").map(|_| ()))
            .ok_or_else(|| format!("`{command}` does not answer `uci` with `uciok`"))?;
        Ok(player)
    }

    fn send(&mut self, line: &str) -> Option<()> {
        writeln!(self.input, "{line}").ok()?;
        self.input.flush().ok()
    }

    /// The lines up to the first that starts with `word`, that line last; `None` when the
    /// program ends or takes too long.
    fn answer(&mut self, word: &str) -> Option<Vec<String>> {
        let deadline = Instant::now() + self.wait;
        let mut lines = Vec::new();
        loop {
            let left = deadline.checked_duration_since(Instant::now())?;
            let line = self.lines.recv_timeout(left).ok()?;
            let done = line.starts_with(word);
            lines.push(line);
            if done {
                return Some(lines);
            }
        }
    }

    /// The move the program chooses in `position`, with the last depth and node count it
    /// reported.
    fn ask<P: Game>(&mut self, position: &P) -> Option<(P::Move, u32, u64)> {
        self.send(&format!("position string {position}"))?;
        let go = self.go.clone();
        self.send(&go)?;
        let lines = self.answer("bestmove")?;
        let (mut depth, mut nodes) = (0, 0);
        for line in &lines {
            let words: Vec<&str> = line.split_whitespace().collect();
            for pair in words.windows(2) {
                match pair[0] {
                    "depth" => depth = pair[1].parse().unwrap_or(depth),
                    "nodes" => nodes = pair[1].parse().unwrap_or(nodes),
                    _ => {}
                }
            }
        }
        let last = lines.last()?;
        let mv = last.split_whitespace().nth(1)?.parse().ok()?;
        Some((mv, depth, nodes))
    }
}

impl<P: Game> Contender<P> for UciPlayer {
    fn choose(&mut self, position: &P) -> Choice<P::Move> {
        let began = Instant::now();
        let answer = self
            .ask(position)
            .filter(|&(mv, _, _)| position.check_move(mv).is_ok());
        Choice {
            mv: answer.map(|(mv, _, _)| mv),
            depth: answer.map_or(0, |(_, depth, _)| depth),
            nodes: answer.map_or(0, |(_, _, nodes)| nodes),
            time: began.elapsed(),
        }
    }
}

impl Drop for UciPlayer {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
