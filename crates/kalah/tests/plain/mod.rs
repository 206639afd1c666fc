//! A plain Kalah written from the rules' words, on a board laid out as OpenSpiel lays it
//! (`2 × pits + 2` cells: North's store, South's pits, South's store, North's pits), seeds
//! dropped one at a time: the reference the crate's position and perft table are checked
//! against.

// Each test file uses a part of it.
#![allow(dead_code)]

use kalah::prelude::*;

/// Kalah as the rules say it, with nothing done for speed.
#[derive(Debug, Clone)]
pub struct Plain {
    /// Pits per player.
    pub pits: usize,
    /// OpenSpiel's cells.
    pub cells: Vec<u32>,
    /// The player to move (`0`: South).
    pub player: usize,
    ply: u32,
    max_plies: u32,
    empty_capture: bool,
    /// Whether the game is over.
    pub over: bool,
}

impl Plain {
    /// The start under `rules`.
    pub fn start(rules: RuleSet) -> Plain {
        let pits = rules.pits();
        let mut cells = vec![rules.seeds() as u32; 2 * pits + 2];
        cells[0] = 0;
        cells[pits + 1] = 0;
        Plain {
            pits,
            cells,
            player: 0,
            ply: 0,
            max_plies: rules.max_plies(),
            empty_capture: rules.empty_capture(),
            over: false,
        }
    }

    /// The position `position`, as plain cells.
    pub fn of(position: &Kalah) -> Plain {
        let rules = position.rules();
        let pits = rules.pits();
        let board = position.board();
        let mut cells = vec![0; 2 * pits + 2];
        cells[0] = position.store(Side::North);
        cells[pits + 1] = position.store(Side::South);
        for i in 0..pits {
            cells[1 + i] = u32::from(board[i]);
            cells[pits + 2 + i] = u32::from(board[pits + i]);
        }
        Plain {
            pits,
            cells,
            player: position.side_to_move().index(),
            ply: position.ply(),
            max_plies: rules.max_plies(),
            empty_capture: rules.empty_capture(),
            over: position.is_over(),
        }
    }

    fn store(&self, player: usize) -> usize {
        if player == 0 {
            self.pits + 1
        } else {
            0
        }
    }

    fn owns(&self, player: usize, cell: usize) -> bool {
        if player == 0 {
            (1..=self.pits).contains(&cell)
        } else {
            cell > self.pits + 1
        }
    }

    /// The legal moves as OpenSpiel's action ids, in increasing order.
    pub fn legal(&self) -> Vec<usize> {
        if self.over {
            return Vec::new();
        }
        (0..self.cells.len())
            .filter(|&c| self.owns(self.player, c) && self.cells[c] > 0)
            .collect()
    }

    /// Plays OpenSpiel's action `action`.
    pub fn play(&mut self, action: usize) {
        let mut hand = std::mem::take(&mut self.cells[action]);
        let mut cell = action;
        while hand > 0 {
            cell = (cell + 1) % self.cells.len();
            if cell == self.store(1 - self.player) {
                continue;
            }
            self.cells[cell] += 1;
            hand -= 1;
        }
        let opposite = self.cells.len() - cell;
        if self.owns(self.player, cell)
            && self.cells[cell] == 1
            && (self.cells[opposite % self.cells.len()] > 0 || self.empty_capture)
        {
            let taken = 1 + std::mem::take(&mut self.cells[opposite]);
            self.cells[cell] = 0;
            let store = self.store(self.player);
            self.cells[store] += taken;
        }
        if cell != self.store(self.player) {
            self.player = 1 - self.player;
        }
        self.ply += 1;
        let row_empty =
            |p: usize| (0..self.cells.len()).all(|c| !self.owns(p, c) || self.cells[c] == 0);
        let limit = self.max_plies > 0 && self.ply > self.max_plies;
        if row_empty(0) || row_empty(1) || limit {
            self.over = true;
            for c in 0..self.cells.len() {
                for p in 0..2 {
                    if self.owns(p, c) {
                        let seeds = std::mem::take(&mut self.cells[c]);
                        let store = self.store(p);
                        self.cells[store] += seeds;
                    }
                }
            }
        }
    }

    /// Move sequences of `depth` moves (a finished game is not expanded).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal()
            .into_iter()
            .map(|action| {
                let mut next = self.clone();
                next.play(action);
                next.perft(depth - 1)
            })
            .sum()
    }
}
