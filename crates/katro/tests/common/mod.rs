//! A deliberately simple second implementation of the rules, seed by seed, written straight
//! from the rules text and sharing no code with the crate's fast path (only its move and rule
//! types, to exchange moves). It doubles as the perft cross-check.

#![allow(dead_code)]

pub mod scenario;

use katro::{
    CaptureRow, CapturedHole, Direction, DirectionRule, Hole, Katro, Move, RuleSet, Trigger,
};
use mancala_engine::{EndReason, Game, Position as _, Side};

/// The lap limit of K6, spelled out again.
pub const LAPS: u32 = 10_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Simple {
    pub rows: usize,
    pub cols: usize,
    /// `cells[row][col]`, rows from South's edge.
    pub cells: Vec<Vec<u32>>,
    pub south_to_move: bool,
    pub ended: bool,
    pub rules: RuleSet,
    /// Laps sown so far.
    pub laps: u64,
    /// Captures made so far, and the seeds they took.
    pub captures: u64,
    pub captured: u64,
}

/// `true` if the game of `k` ended by an endless move.
pub fn is_endless(k: &Katro) -> bool {
    k.outcome().map(|o| o.reason) == Some(EndReason::EndlessMove)
}

impl Simple {
    pub fn from_katro(k: &Katro) -> Simple {
        let size = k.rules().size;
        let cells = (0..size.rows())
            .map(|r| {
                (0..size.cols())
                    .map(|c| u32::from(k.board()[r * size.cols() + c]))
                    .collect()
            })
            .collect();
        Simple {
            rows: size.rows(),
            cols: size.cols(),
            cells,
            south_to_move: k.side_to_move() == Side::South,
            ended: is_endless(k),
            rules: k.rules(),
            laps: 0,
            captures: 0,
            captured: 0,
        }
    }

    pub fn start(rules: RuleSet) -> Simple {
        let size = rules.size;
        Simple {
            rows: size.rows(),
            cols: size.cols(),
            cells: vec![vec![2; size.cols()]; size.rows()],
            south_to_move: true,
            ended: false,
            rules,
            laps: 0,
            captures: 0,
            captured: 0,
        }
    }

    /// The board as a flat list `row * cols + col`.
    pub fn flat(&self) -> Vec<u8> {
        self.cells.iter().flatten().map(|&s| s as u8).collect()
    }

    fn per_side(&self) -> usize {
        self.rows / 2
    }

    /// The board row at `depth` from `south`'s (or North's) edge.
    fn row(&self, south: bool, depth: usize) -> usize {
        if south {
            depth
        } else {
            self.rows - 1 - depth
        }
    }

    fn row_total(&self, row: usize) -> u32 {
        self.cells[row].iter().sum()
    }

    fn total(&self, south: bool) -> u32 {
        (0..self.per_side())
            .map(|d| self.row_total(self.row(south, d)))
            .sum()
    }

    /// The circuit as (row, col) pairs: seen from the player's seat, direction A runs his outer
    /// row left to right, the next right to left, and so on; B is the mirror image. North's
    /// seat is South's turned round, so his left is South's right.
    pub fn circuit(&self, south: bool, a: bool) -> Vec<(usize, usize)> {
        let mut path = Vec::new();
        for depth in 0..self.per_side() {
            let left_to_right = (depth % 2 == 0) == a;
            for step in 0..self.cols {
                let seat_col = if left_to_right {
                    step
                } else {
                    self.cols - 1 - step
                };
                let col = if south {
                    seat_col
                } else {
                    self.cols - 1 - seat_col
                };
                path.push((self.row(south, depth), col));
            }
        }
        path
    }

    /// The opponent hole a capture in column `col` would take.
    fn target(&self, opponent_south: bool, col: usize) -> Option<usize> {
        let depths: Vec<usize> = (0..self.per_side()).rev().collect();
        match self.rules.captured_hole {
            CapturedHole::Row => {
                let depth = depths
                    .into_iter()
                    .find(|&d| self.row_total(self.row(opponent_south, d)) > 0)?;
                let row = self.row(opponent_south, depth);
                (self.cells[row][col] > 0).then_some(row)
            }
            CapturedHole::Column => depths
                .into_iter()
                .map(|d| self.row(opponent_south, d))
                .find(|&row| self.cells[row][col] > 0),
        }
    }

    fn capture_row_ok(&self, south: bool, row: usize) -> bool {
        match self.rules.capture_row {
            CaptureRow::Inner => row == self.row(south, self.per_side() - 1),
            CaptureRow::Innermost => {
                let innermost = (0..self.per_side())
                    .rev()
                    .map(|d| self.row(south, d))
                    .find(|&r| self.row_total(r) > 0);
                innermost == Some(row)
            }
        }
    }

    pub fn outcome_winner(&self) -> Option<Option<bool>> {
        if self.ended {
            Some(None)
        } else if self.total(self.south_to_move) == 0 {
            Some(Some(!self.south_to_move))
        } else {
            None
        }
    }

    pub fn legal_moves(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        if self.outcome_winner().is_some() {
            return moves;
        }
        let south = self.south_to_move;
        let Some(row) = (0..self.per_side())
            .map(|d| self.row(south, d))
            .find(|&r| self.row_total(r) > 0)
        else {
            return moves;
        };
        let per_turn = self.rules.direction == DirectionRule::PerTurn;
        for col in 0..self.cols {
            if self.cells[row][col] > 0 {
                let hole = Hole::new(row, col).unwrap();
                if per_turn {
                    moves.push(Move::sow_toward(hole, Direction::A));
                    moves.push(Move::sow_toward(hole, Direction::B));
                } else {
                    moves.push(Move::sow(hole));
                }
            }
        }
        if self.rules.single_seed && self.total(south) == 1 {
            let col = (0..self.cols).find(|&c| self.cells[row][c] > 0).unwrap();
            let depth = (0..self.per_side())
                .find(|&d| self.row(south, d) == row)
                .unwrap();
            let hole = Hole::new(row, col).unwrap();
            if depth + 1 < self.per_side() - 1 {
                moves.push(Move::step(hole, None));
            } else if depth + 1 == self.per_side() - 1 && self.target(!south, col).is_some() {
                if per_turn {
                    moves.push(Move::step(hole, Some(Direction::A)));
                    moves.push(Move::step(hole, Some(Direction::B)));
                } else {
                    moves.push(Move::step(hole, None));
                }
            }
        }
        moves
    }

    /// Plays a legal move seed by seed.
    pub fn play(&mut self, mv: Move) {
        let south = self.south_to_move;
        let a = match self.rules.direction {
            DirectionRule::Fixed(d) => d == Direction::A,
            DirectionRule::PerTurn => mv.direction == Some(Direction::A),
        };
        let path = self.circuit(south, a);
        let before = self.cells.clone();
        let (row, col) = (mv.hole.row(), mv.hole.col());
        let mut hand;
        let mut at; // place on the path of the hole last lifted
        if mv.step {
            let depth = (0..self.per_side())
                .find(|&d| self.row(south, d) == row)
                .unwrap();
            let to = self.row(south, depth + 1);
            self.cells[row][col] = 0;
            self.cells[to][col] = 1;
            if depth + 1 < self.per_side() - 1 {
                self.south_to_move = !south;
                return;
            }
            let victim = self.target(!south, col).unwrap();
            let taken = std::mem::take(&mut self.cells[victim][col]);
            self.captures += 1;
            self.captured += u64::from(taken);
            if self.total(!south) == 0 {
                self.cells[to][col] += taken;
                self.south_to_move = !south;
                return;
            }
            hand = 1 + taken;
            self.cells[to][col] = 0;
            at = path.iter().position(|&p| p == (to, col)).unwrap();
        } else {
            hand = std::mem::take(&mut self.cells[row][col]);
            at = path.iter().position(|&p| p == (row, col)).unwrap();
        }
        let mut laps = 0;
        let (captures, captured) = (self.captures, self.captured);
        loop {
            laps += 1;
            self.laps += 1;
            if laps > LAPS {
                self.cells = before;
                self.ended = true;
                self.laps -= 1;
                (self.captures, self.captured) = (captures, captured);
                return;
            }
            while hand > 0 {
                at = (at + 1) % path.len();
                let (r, c) = path[at];
                self.cells[r][c] += 1;
                hand -= 1;
            }
            let (r, c) = path[at];
            let was_empty = self.cells[r][c] == 1;
            let test = match self.rules.trigger {
                Trigger::Occupied => !was_empty,
                Trigger::Empty => was_empty,
            };
            let victim = if test && self.capture_row_ok(south, r) {
                self.target(!south, c)
            } else {
                None
            };
            if let Some(victim) = victim {
                let taken = std::mem::take(&mut self.cells[victim][c]);
                self.captures += 1;
                self.captured += u64::from(taken);
                if self.total(!south) == 0 {
                    self.cells[r][c] += taken;
                    break;
                }
                hand = taken + std::mem::take(&mut self.cells[r][c]);
                continue;
            }
            if was_empty {
                break;
            }
            hand = std::mem::take(&mut self.cells[r][c]);
        }
        self.south_to_move = !south;
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves()
            .into_iter()
            .map(|mv| {
                let mut child = self.clone();
                child.play(mv);
                child.perft(depth - 1)
            })
            .sum()
    }
}

/// A position from its rows written top (North's outer row) to bottom (South's outer row),
/// holes separated by spaces, then the side to move and the rules.
pub fn position(rows: &[&str], side: Side, rules: RuleSet) -> Katro {
    let board: Vec<String> = rows
        .iter()
        .map(|r| r.split_whitespace().collect::<Vec<_>>().join(","))
        .collect();
    let mut text = format!(
        "{} {}",
        board.join("/"),
        if side == Side::South { "S" } else { "N" }
    );
    if rules.options() != RuleSet::STANDARD {
        text = format!("{text} {}", rules.options());
    }
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The board of `k` as rows written top to bottom, like [`position`] takes them.
pub fn rows_of(k: &Katro) -> Vec<String> {
    let size = k.rules().size;
    (0..size.rows())
        .rev()
        .map(|r| {
            (0..size.cols())
                .map(|c| k.board()[r * size.cols() + c].to_string())
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}
