//! The Katro position: validation, move generation and the sowing itself.

use crate::{
    CaptureRow, CapturedHole, DirectionRule, Hole, Move, MoveError, ParseError, PositionError,
    RuleSet, Size, Trigger,
};
use core::fmt;
use core::str::FromStr;
use mancala_engine::relay::{relay, Lap, RelayEnd, LAP_LIMIT};
use mancala_engine::sow_circuit::{lift_and_sow_circuit_array, OFF_CIRCUIT};
use mancala_engine::topology::{Circuit, Direction};
use mancala_engine::{EndReason, MoveList, Outcome, Rng, Side};

/// The most seeds a position may hold, so that every hole count fits in a byte whatever
/// happens (the standard game has 72).
pub const MAX_SEEDS: u32 = 255;

/// Board cells: enough for the largest size (6 × 6).
pub const BOARD_CELLS: usize = 36;

/// Internal board cells: 36 holes plus padding to three 16-byte vectors, so that a sowing pass
/// over the whole board is a few vector instructions and any row can be read as one `u64`.
const CELLS: usize = 48;

/// The internal board.
type Cells = [u8; CELLS];

/// Laps run before the relay driver takes over with its repeat detection: almost every move
/// ends sooner, and the verdict is the same either way (the limit counts every lap).
const FAST_LAPS: u32 = 64;

/// The depth of every cell from its owner's edge (`0` = outer row), on every size.
static DEPTH: [[u8; CELLS]; 4] = build_cell_table(true);

const fn build_cell_table(depth: bool) -> [[u8; CELLS]; 4] {
    let mut table = [[0u8; CELLS]; 4];
    let mut s = 0;
    while s < Size::ALL.len() {
        let size = Size::ALL[s];
        let mut cell = 0;
        while cell < size.holes() {
            let row = cell / size.cols();
            table[s][cell] = if !depth {
                (cell % size.cols()) as u8
            } else if row < size.rows_per_side() {
                row as u8
            } else {
                (size.rows() - 1 - row) as u8
            };
            cell += 1;
        }
        s += 1;
    }
    table
}

/// The board cells one side's sowing reads and writes at once: a window of two 16-byte
/// vectors holding all his holes.
const WINDOW: usize = 32;

/// One player's circuit in one direction as the sowing reads it, with the tables that make a
/// lap shorter than the circuit (almost every lap) a handful of vector instructions.
struct Track {
    /// Each cell's place on the circuit ([`OFF_CIRCUIT`] for the opponent's cells and the
    /// padding).
    place: Cells,
    /// The cells in circuit order, twice over, so that a place past the end needs no modulo.
    path: [u8; 64],
    /// `runs[k]`: the cells of the first `k` places, as bits of the occupancy word.
    runs: [u64; 33],
    /// `flips[k]`: the cells of the first `k` places of the doubled path, each counted modulo
    /// 2 (so that a run shorter than the circuit is `flips[end] ^ flips[start]`).
    flips: [u64; 65],
    /// The first cell of the side's window.
    base: u8,
    /// For every origin cell, how many places each cell of the window lies after the origin's
    /// next place (the origin itself last, at `len - 1`; [`OFF_WINDOW`] off the circuit): a
    /// sowing of `seeds` drops one seed into the cells below `seeds`.
    after: [[u8; WINDOW]; BOARD_CELLS],
    /// For every origin cell, `0` at the origin and `0xFF` elsewhere in the window.
    keep: [[u8; WINDOW]; BOARD_CELLS],
    len: u8,
}

/// [`Track::after`] for cells off the circuit: more than any sowing shorter than a lap.
const OFF_WINDOW: u8 = 0x7F;

/// The tracks of every size, side and direction, computed at compile time.
static TRACKS: [[[Track; 2]; 2]; 4] = build_tracks();

const fn build_track(size: Size, side: Side, direction: Direction) -> Track {
    let circuit = size.topology().circuit(side, direction);
    let len = circuit.len();
    let first = match side {
        Side::South => 0,
        Side::North => size.holes_per_side(),
    };
    let base = if first < CELLS - WINDOW {
        first
    } else {
        CELLS - WINDOW
    };
    let mut track = Track {
        place: [OFF_CIRCUIT; CELLS],
        path: [0; 64],
        runs: [0; 33],
        flips: [0; 65],
        base: base as u8,
        after: [[OFF_WINDOW; WINDOW]; BOARD_CELLS],
        keep: [[0xFF; WINDOW]; BOARD_CELLS],
        len: len as u8,
    };
    let mut cell = 0;
    while cell < size.holes() {
        if let Some(k) = circuit.position(cell) {
            track.place[cell] = k as u8;
            track.path[k] = cell as u8;
            track.path[k + len] = cell as u8;
        }
        cell += 1;
    }
    let mut k = 0;
    while k < 2 * len {
        if k < len {
            track.runs[k + 1] = track.runs[k] | 1 << track.path[k];
        }
        track.flips[k + 1] = track.flips[k] ^ 1 << track.path[k];
        k += 1;
    }
    let mut origin = 0;
    while origin < size.holes() {
        if let Some(from) = circuit.position(origin) {
            track.keep[origin][origin - base] = 0;
            let mut i = 0;
            while i < len {
                let cell = track.path[from + 1 + i] as usize;
                track.after[origin][cell - base] = i as u8;
                i += 1;
            }
        }
        origin += 1;
    }
    track
}

const fn build_tracks() -> [[[Track; 2]; 2]; 4] {
    [
        build_size_tracks(Size::ALL[0]),
        build_size_tracks(Size::ALL[1]),
        build_size_tracks(Size::ALL[2]),
        build_size_tracks(Size::ALL[3]),
    ]
}

const fn build_size_tracks(size: Size) -> [[Track; 2]; 2] {
    [
        [
            build_track(size, Side::South, Direction::A),
            build_track(size, Side::South, Direction::B),
        ],
        [
            build_track(size, Side::North, Direction::A),
            build_track(size, Side::North, Direction::B),
        ],
    ]
}

/// Bit masks over the cells of one size, for the capture tests on the occupancy word (bit `i`
/// set when cell `i` holds seeds).
struct Masks {
    /// The cells of each side, by [`Side::index`].
    side: [u64; 2],
    /// For every cell, the cells of its row.
    row: [u64; CELLS],
    /// For every cell, the cells of its owner's rows deeper (nearer the middle) than its own.
    deeper: [u64; CELLS],
    /// For every cell, the opponent's cells of the same column, his inner row first.
    facing: [[u8; 3]; CELLS],
}

/// The masks of every size.
static MASKS: [Masks; 4] = [
    build_masks(Size::ALL[0]),
    build_masks(Size::ALL[1]),
    build_masks(Size::ALL[2]),
    build_masks(Size::ALL[3]),
];

const fn build_masks(size: Size) -> Masks {
    let cols = size.cols();
    let per_side = size.rows_per_side();
    let mut masks = Masks {
        side: [0; 2],
        row: [0; CELLS],
        deeper: [0; CELLS],
        facing: [[0; 3]; CELLS],
    };
    let mut cell = 0;
    while cell < size.holes() {
        let (row, col) = (cell / cols, cell % cols);
        let south = row < per_side;
        let depth = if south { row } else { size.rows() - 1 - row };
        masks.side[if south { 0 } else { 1 }] |= 1 << cell;
        let mut other = 0;
        while other < size.holes() {
            let other_row = other / cols;
            let other_south = other_row < per_side;
            let other_depth = if other_south {
                other_row
            } else {
                size.rows() - 1 - other_row
            };
            if other_row == row {
                masks.row[cell] |= 1 << other;
            }
            if other_south == south && other_depth > depth {
                masks.deeper[cell] |= 1 << other;
            }
            if other_south != south && other % cols == col {
                masks.facing[cell][per_side - 1 - other_depth] = other as u8;
            }
            other += 1;
        }
        cell += 1;
    }
    masks
}

/// For every set of occupied holes of a row (a 6-bit mask): how many there are, then their
/// columns, lowest first; a table instead of a loop over the bits for the random move.
static SELECT: [[u8; 8]; 64] = {
    let mut table = [[0u8; 8]; 64];
    let mut mask = 0;
    while mask < 64 {
        let mut n = 0;
        let mut col = 0;
        while col < 6 {
            if mask & (1 << col) != 0 {
                table[mask][1 + n] = col as u8;
                n += 1;
            }
            col += 1;
        }
        table[mask][0] = n as u8;
        mask += 1;
    }
    table
};

/// The occupancy word of a board: bit `i` set when cell `i` holds seeds. Kept up to date move
/// by move and lap by lap; computed in full only for a new position.
fn occupancy(board: &Cells) -> u64 {
    board
        .iter()
        .enumerate()
        .fold(0, |mask, (i, &h)| mask | u64::from(h != 0) << i)
}

/// The circuits of every size, side and direction, computed at compile time.
static CIRCUITS: [[[Circuit; 2]; 2]; 4] = build_circuits();

const fn build_circuits() -> [[[Circuit; 2]; 2]; 4] {
    let filler = Size::S6x6.topology().circuit(Side::South, Direction::A);
    let mut table = [[[filler; 2]; 2]; 4];
    let mut s = 0;
    while s < Size::ALL.len() {
        let topology = Size::ALL[s].topology();
        table[s][0][0] = topology.circuit(Side::South, Direction::A);
        table[s][0][1] = topology.circuit(Side::South, Direction::B);
        table[s][1][0] = topology.circuit(Side::North, Direction::A);
        table[s][1][1] = topology.circuit(Side::North, Direction::B);
        s += 1;
    }
    table
}

/// The circuit `side` sows along in `direction` on a board of `size` (see the crate docs for
/// the order).
pub fn circuit(size: Size, side: Side, direction: Direction) -> &'static Circuit {
    &CIRCUITS[size.index()][side.index()][direction as usize]
}

/// A raw position with public fields: what a caller fills in before validation by
/// [`Katro::from_setup`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The board size.
    pub size: Size,
    /// Seeds per hole by board index `row * cols + col` (rows from South's edge); indices from
    /// `size.holes()` on must be `0`.
    pub board: [u8; BOARD_CELLS],
    /// The player to move.
    pub side_to_move: Side,
    /// `true` for a game that ended when `side_to_move`'s move was found endless (K6).
    pub ended_by_endless_move: bool,
}

impl Setup {
    /// The start of a game on `size`: 2 seeds in every hole, South to move.
    pub fn start(size: Size) -> Setup {
        let mut board = [0; BOARD_CELLS];
        board[..size.holes()].fill(2);
        Setup {
            size,
            board,
            side_to_move: Side::South,
            ended_by_endless_move: false,
        }
    }
}

/// A Katro position: board, size, rules, side to move, and whether the game ended by an
/// endless move. A small `Copy` value; play is copy-make.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Katro {
    board: Cells,
    /// Bit `i` set when cell `i` holds seeds: move generation and the capture tests read it
    /// instead of the board.
    occupied: u64,
    size: Size,
    rules: RuleSet,
    side: Side,
    endless: bool,
}

impl Default for Katro {
    /// The standard start: 6 × 6, default rules.
    fn default() -> Katro {
        Katro::new(Size::S6x6, RuleSet::DEFAULT)
    }
}

/// One lap's state, everything a lap depends on: the board (with its occupancy word) and the
/// hole to lift next.
#[derive(Clone, PartialEq)]
struct LapState {
    board: Cells,
    occupied: u64,
    hole: u8,
}

/// The fixed context of one move's sowing.
struct Sowing<'a> {
    track: &'a Track,
    size: Size,
    rules: RuleSet,
    mover: Side,
}

/// The seeds of `row` as one word, a byte per hole (rows start at most at cell 30, so the
/// eight bytes read always lie within the padded board).
#[inline(always)]
fn row_word(board: &Cells, cols: usize, row: usize) -> u64 {
    let start = row * cols;
    let mut bytes = [0u8; 8];
    bytes.copy_from_slice(&board[start..start + 8]);
    u64::from_le_bytes(bytes) & (u64::MAX >> (64 - 8 * cols))
}

#[inline(always)]
fn row_has_seeds(board: &Cells, cols: usize, row: usize) -> bool {
    row_word(board, cols, row) != 0
}

/// `true` if `side` has no seed.
#[inline]
fn side_is_empty(board: &Cells, size: Size, side: Side) -> bool {
    let cols = size.cols();
    (0..size.rows_per_side())
        .all(|depth| !row_has_seeds(board, cols, row_at_depth(size, side, depth)))
}

#[inline]
fn row_at_depth(size: Size, side: Side, depth: usize) -> usize {
    match side {
        Side::South => depth,
        Side::North => size.rows() - 1 - depth,
    }
}

#[inline]
fn depth_of_row(size: Size, row: usize) -> usize {
    if row < size.rows_per_side() {
        row
    } else {
        size.rows() - 1 - row
    }
}

#[inline]
fn side_range(size: Size, side: Side) -> core::ops::Range<usize> {
    let per_side = size.holes_per_side();
    match side {
        Side::South => 0..per_side,
        Side::North => per_side..2 * per_side,
    }
}

#[inline]
fn side_seeds(board: &Cells, size: Size, side: Side) -> u32 {
    board[side_range(size, side)]
        .iter()
        .map(|&s| u32::from(s))
        .sum()
}

/// The opponent hole in column `col` that a capture would take, if any (K4).
#[inline]
fn captured_hole(
    board: &Cells,
    size: Size,
    rule: CapturedHole,
    opponent: Side,
    col: usize,
) -> Option<usize> {
    let cols = size.cols();
    for depth in (0..size.rows_per_side()).rev() {
        let row = row_at_depth(size, opponent, depth);
        let hole = row * cols + col;
        match rule {
            CapturedHole::Row => {
                if row_has_seeds(board, cols, row) {
                    return (board[hole] != 0).then_some(hole);
                }
            }
            CapturedHole::Column => {
                if board[hole] != 0 {
                    return Some(hole);
                }
            }
        }
    }
    None
}

impl Sowing<'_> {
    /// The opponent hole captured by a lap ending in `landing`, if the mover's capture row
    /// allows it, and whether taking it leaves the opponent with no seeds (K5).
    #[inline(always)]
    fn capture_target(&self, occupied: u64, landing: usize) -> Option<(usize, bool)> {
        let masks = &MASKS[self.size.index()];
        match self.rules.capture_row {
            CaptureRow::Inner => {
                if usize::from(DEPTH[self.size.index()][landing]) + 1 != self.size.rows_per_side() {
                    return None;
                }
            }
            CaptureRow::Innermost => {
                if occupied & masks.deeper[landing] != 0 {
                    return None;
                }
            }
        }
        let facing = &masks.facing[landing][..self.size.rows_per_side()];
        let target = match self.rules.captured_hole {
            CapturedHole::Row => {
                let &hole = facing
                    .iter()
                    .find(|&&h| occupied & masks.row[usize::from(h)] != 0)?;
                hole
            }
            CapturedHole::Column => *facing.iter().find(|&&h| occupied >> h & 1 != 0)?,
        };
        let target = usize::from(target);
        if occupied >> target & 1 == 0 {
            return None;
        }
        let left = occupied & masks.side[(!self.mover).index()] & !(1 << target);
        Some((target, left == 0))
    }

    /// Takes the seeds of `target` into `landing`; `true` if that leaves the opponent with no
    /// seeds (K5: the move then ends).
    #[inline]
    fn capture(&self, board: &mut Cells, target: usize, landing: usize) -> bool {
        board[landing] += core::mem::take(&mut board[target]);
        side_is_empty(board, self.size, !self.mover)
    }

    /// A lap of `seeds` from `origin` that goes round the whole circuit (or an empty origin):
    /// the general closed form. Returns the landing hole, or `None` if nothing was sown.
    #[inline(never)]
    fn long_sowing(&self, state: &mut LapState, origin: usize, seeds: usize) -> Option<usize> {
        let track = self.track;
        let len = usize::from(track.len);
        let last = lift_and_sow_circuit_array(&mut state.board, &track.place, len, origin)?;
        // The sown cells: a run of places from the one after the origin's, or the whole
        // circuit (the origin included) from a full lap on. Below a lap the origin is empty.
        let start = usize::from(track.place[origin]) + 1;
        let end = start + seeds.min(len);
        let sown = (track.runs[end.min(len)] & !track.runs[start.min(len)])
            | track.runs[end.saturating_sub(len).min(len)];
        state.occupied = (state.occupied & !(1 << origin)) | sown;
        Some(usize::from(track.path[last]))
    }

    /// Runs the laps of a move from `state`; `false` if the move is endless (K6).
    #[inline(always)]
    fn run(&self, state: &mut LapState) -> bool {
        for _ in 0..FAST_LAPS {
            if self.lap(state) == Lap::Stop {
                return true;
            }
        }
        matches!(
            relay(state, LAP_LIMIT - FAST_LAPS, |s| self.lap(s)),
            RelayEnd::Finished { .. }
        )
    }

    /// One lap (K2–K5): lift the hole, sow onward, and decide what follows.
    #[inline(always)]
    fn lap(&self, state: &mut LapState) -> Lap {
        let track = self.track;
        let origin = usize::from(state.hole);
        let len = usize::from(track.len);
        let seeds = usize::from(state.board[origin]);
        let before = state.occupied;
        let (landing, was_empty) = if seeds == 0 || seeds >= len {
            match self.long_sowing(state, origin, seeds) {
                Some(landing) => (landing, state.board[landing] == 1),
                None => return Lap::Stop,
            }
        } else {
            // Shorter than a lap: the origin is emptied and the `seeds` places after it get
            // one seed each, in one pass over the side's window.
            let base = usize::from(track.base);
            let (after, keep) = (&track.after[origin], &track.keep[origin]);
            if let Some(window) = state.board[base..].first_chunk_mut::<WINDOW>() {
                let seeds = seeds as u8;
                for ((h, &a), &k) in window.iter_mut().zip(after).zip(keep) {
                    *h = (*h & k) + u8::from(a < seeds);
                }
            }
            let start = usize::from(track.place[origin]) + 1;
            let sown = track.flips[start + seeds] ^ track.flips[start];
            state.occupied = (before & !(1 << origin)) | sown;
            let landing = usize::from(track.path[start + seeds - 1]);
            // The landing got only the last seed: it was empty if it had no seeds before.
            (landing, before >> landing & 1 == 0)
        };
        if was_empty != (self.rules.trigger == Trigger::Empty) {
            // Occupied trigger and an empty landing, or empty trigger and an occupied one.
            if was_empty {
                return Lap::Stop;
            }
        } else if let Some((target, emptied)) = self.capture_target(state.occupied, landing) {
            state.board[landing] += core::mem::take(&mut state.board[target]);
            state.occupied &= !(1 << target);
            if emptied {
                return Lap::Stop;
            }
        } else if was_empty {
            // Empty trigger without a capture.
            return Lap::Stop;
        }
        state.hole = landing as u8;
        Lap::Continue
    }
}

impl Katro {
    /// The start of a game: 2 seeds in every hole of `size`, South to move.
    pub fn new(size: Size, rules: RuleSet) -> Katro {
        let mut board = [0; CELLS];
        board[..size.holes()].fill(2);
        Katro {
            board,
            occupied: occupancy(&board),
            size,
            rules,
            side: Side::South,
            endless: false,
        }
    }

    /// Validates a setup: no seeds off the board, at most [`MAX_SEEDS`] seeds, and seeds on the
    /// side of the player not to move (every reachable position has them).
    pub fn from_setup(setup: Setup, rules: RuleSet) -> Result<Katro, PositionError> {
        let size = setup.size;
        if let Some(index) = (size.holes()..BOARD_CELLS).find(|&i| setup.board[i] != 0) {
            return Err(PositionError::SeedsOffBoard { size, index });
        }
        let total: u32 = setup.board.iter().map(|&s| u32::from(s)).sum();
        if total > MAX_SEEDS {
            return Err(PositionError::TooManySeeds { total });
        }
        let mut board = [0; CELLS];
        board[..BOARD_CELLS].copy_from_slice(&setup.board);
        let waiting = !setup.side_to_move;
        if side_is_empty(&board, size, waiting) {
            return Err(PositionError::NoSeedsAfterMove { side: waiting });
        }
        Ok(Katro {
            board,
            occupied: occupancy(&board),
            size,
            rules,
            side: setup.side_to_move,
            endless: setup.ended_by_endless_move,
        })
    }

    /// The raw setup of this position (for editing and re-validating).
    pub fn setup(&self) -> Setup {
        let mut board = [0; BOARD_CELLS];
        board.copy_from_slice(&self.board[..BOARD_CELLS]);
        Setup {
            size: self.size,
            board,
            side_to_move: self.side,
            ended_by_endless_move: self.endless,
        }
    }

    /// The board size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// The rule options in force.
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// Seeds per hole by board index `row * cols + col`, rows from South's edge.
    pub fn board(&self) -> &[u8] {
        &self.board[..self.size.holes()]
    }

    /// Seeds in `hole`, or `None` if it is not on this board.
    pub fn seeds(&self, hole: Hole) -> Option<u8> {
        hole.index(self.size).map(|i| self.board[i])
    }

    /// Seeds on `side`'s rows.
    pub fn side_seeds(&self, side: Side) -> u32 {
        side_seeds(&self.board, self.size, side)
    }

    /// Seeds on the whole board (constant through a game).
    pub fn total_seeds(&self) -> u32 {
        self.board.iter().map(|&s| u32::from(s)).sum()
    }

    /// `true` if the game ended because the last move was endless (K6).
    pub fn ended_by_endless_move(&self) -> bool {
        self.endless
    }

    /// The board row (from South's edge) the mover must start from (K1): his outermost row
    /// holding seeds. `None` if he has no seeds.
    pub fn start_row(&self) -> Option<usize> {
        (0..self.size.rows_per_side())
            .map(|depth| row_at_depth(self.size, self.side, depth))
            .find(|&row| row_has_seeds(&self.board, self.size.cols(), row))
    }

    /// The row the mover must start from and its occupied holes, one bit per column (bit `c`
    /// for column `c`); `None` once the game is over.
    #[inline(always)]
    fn start_row_holes(&self) -> Option<(usize, u64)> {
        if self.endless {
            return None;
        }
        let cols = self.size.cols();
        let row_bits = (1u64 << cols) - 1;
        for depth in 0..self.size.rows_per_side() {
            let row = row_at_depth(self.size, self.side, depth);
            let holes = (self.occupied >> (row * cols)) & row_bits;
            if holes != 0 {
                return Some((row, holes));
            }
        }
        None
    }

    /// The single-seed step available from the mover's lone seed, as (from, landing, whether
    /// it must capture), if the option is on and the mover has exactly one seed outside his
    /// inner row.
    fn lone_seed_step(&self) -> Option<(usize, usize, bool)> {
        if !self.rules.single_seed || self.side_seeds(self.side) != 1 {
            return None;
        }
        let from = side_range(self.size, self.side).find(|&i| self.board[i] != 0)?;
        let cols = self.size.cols();
        let depth = depth_of_row(self.size, from / cols);
        let inner = self.size.rows_per_side() - 1;
        if depth == inner {
            return None;
        }
        let landing = row_at_depth(self.size, self.side, depth + 1) * cols + from % cols;
        Some((from, landing, depth + 1 == inner))
    }

    fn step_capture(&self, landing: usize) -> Option<usize> {
        let cols = self.size.cols();
        captured_hole(
            &self.board,
            self.size,
            self.rules.captured_hole,
            !self.side,
            landing % cols,
        )
    }

    /// The single-seed steps that are legal here (none, one, or two with a chosen direction).
    fn push_steps(&self, list: &mut MoveList<Move>) {
        let Some((from, landing, into_inner)) = self.lone_seed_step() else {
            return;
        };
        let hole = Hole::from_index(self.size, from).unwrap_or_default();
        if !into_inner {
            list.push(Move::step(hole, None));
        } else if self.step_capture(landing).is_some() {
            match self.rules.direction {
                DirectionRule::Fixed(_) => list.push(Move::step(hole, None)),
                DirectionRule::PerTurn => {
                    list.push(Move::step(hole, Some(Direction::A)));
                    list.push(Move::step(hole, Some(Direction::B)));
                }
            }
        }
    }

    fn check_step(&self, mv: Move) -> Result<(), MoveError> {
        let not = |reason| Err(MoveError::StepNotAllowed { mv, reason });
        if !self.rules.single_seed {
            return not("single-seed moves are not in these rules");
        }
        let Some((_, landing, into_inner)) = self.lone_seed_step() else {
            return if self.side_seeds(self.side) != 1 {
                not("the mover has more than one seed")
            } else {
                not("the seed is already in the inner row")
            };
        };
        if into_inner && self.step_capture(landing).is_none() {
            return not("a step into the inner row must capture, and the opponent hole is empty");
        }
        let wants_direction = into_inner && self.rules.direction == DirectionRule::PerTurn;
        match (wants_direction, mv.direction) {
            (true, None) => Err(MoveError::DirectionMissing { mv }),
            (false, Some(_)) => Err(MoveError::DirectionNotAllowed { mv }),
            _ => Ok(()),
        }
    }

    fn sowing(&self, direction: Option<Direction>) -> Sowing<'static> {
        let direction = match self.rules.direction {
            DirectionRule::Fixed(d) => d,
            DirectionRule::PerTurn => direction.unwrap_or_default(),
        };
        Sowing {
            track: &TRACKS[self.size.index()][self.side.index()][direction as usize],
            size: self.size,
            rules: self.rules,
            mover: self.side,
        }
    }
}

impl mancala_engine::Position for Katro {
    fn board(&self) -> mancala_engine::Board {
        mancala_engine::Board::new(self.board())
    }

    /// Katro has no stores.
    fn store(&self, _side: Side) -> u32 {
        0
    }

    fn seeds_on_side(&self, side: Side) -> u32 {
        self.side_seeds(side)
    }

    type Move = Move;
    type MoveError = MoveError;

    #[inline]
    fn side_to_move(&self) -> Side {
        self.side
    }

    fn legal_moves(&self) -> MoveList<Move> {
        let mut list = MoveList::new();
        let Some((row, mut occupied)) = self.start_row_holes() else {
            return list;
        };
        while occupied != 0 {
            let col = occupied.trailing_zeros() as usize;
            occupied &= occupied - 1;
            let hole = Hole::new(row, col).unwrap_or_default();
            match self.rules.direction {
                DirectionRule::Fixed(_) => list.push(Move::sow(hole)),
                DirectionRule::PerTurn => {
                    list.push(Move::sow_toward(hole, Direction::A));
                    list.push(Move::sow_toward(hole, Direction::B));
                }
            }
        }
        self.push_steps(&mut list);
        list
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        if self.rules.single_seed {
            return self.legal_moves().len();
        }
        let Some((_, occupied)) = self.start_row_holes() else {
            return 0;
        };
        let holes = usize::from(SELECT[occupied as usize & 63][0]);
        match self.rules.direction {
            DirectionRule::Fixed(_) => holes,
            DirectionRule::PerTurn => 2 * holes,
        }
    }

    /// Picks exactly as the provided method does (the same move for the same generator
    /// state), without building the move list.
    #[inline]
    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        if self.rules.single_seed {
            let moves = self.legal_moves();
            return (!moves.is_empty()).then(|| moves[rng.below(moves.len() as u32) as usize]);
        }
        let (row, occupied) = self.start_row_holes()?;
        let select = &SELECT[occupied as usize & 63];
        let per_turn = self.rules.direction == DirectionRule::PerTurn;
        let holes = u32::from(select[0]);
        let k = rng.below(if per_turn { 2 * holes } else { holes });
        let (nth, direction) = if per_turn {
            (
                k / 2,
                Some(if k % 2 == 0 {
                    Direction::A
                } else {
                    Direction::B
                }),
            )
        } else {
            (k, None)
        };
        let col = usize::from(select[1 + (nth as usize).min(6)]);
        Some(Move {
            hole: Hole::new(row, col).unwrap_or_default(),
            direction,
            step: false,
        })
    }

    fn check_move(&self, mv: Move) -> Result<(), MoveError> {
        if self.outcome().is_some() {
            return Err(MoveError::GameOver);
        }
        let hole = mv.hole;
        let Some(index) = hole.index(self.size) else {
            return Err(MoveError::OffBoard {
                hole,
                size: self.size,
            });
        };
        if !side_range(self.size, self.side).contains(&index) {
            return Err(MoveError::NotOwnHole {
                hole,
                side: self.side,
            });
        }
        if self.board[index] == 0 {
            return Err(MoveError::EmptyHole { hole });
        }
        let expected_row = self.start_row().unwrap_or_default();
        if hole.row() != expected_row {
            return Err(MoveError::NotOutermostRow {
                hole,
                side: self.side,
                expected_row,
            });
        }
        if mv.step {
            return self.check_step(mv);
        }
        match (self.rules.direction, mv.direction) {
            (DirectionRule::PerTurn, None) => Err(MoveError::DirectionMissing { mv }),
            (DirectionRule::Fixed(_), Some(_)) => Err(MoveError::DirectionNotAllowed { mv }),
            _ => Ok(()),
        }
    }

    fn play_unchecked(&mut self, mv: Move) {
        let Some(from) = mv.hole.index(self.size) else {
            return;
        };
        let sowing = self.sowing(mv.direction);
        let mut state = LapState {
            board: self.board,
            occupied: self.occupied,
            hole: from as u8,
        };
        let mut sow = true;
        if mv.step {
            // Ludii's single-seed step: straight one row inwards, capturing when it enters the
            // inner row.
            match self.lone_seed_step() {
                Some((from, landing, into_inner)) => {
                    state.board[from] = 0;
                    state.board[landing] += 1;
                    state.hole = landing as u8;
                    sow = match into_inner.then(|| self.step_capture(landing)).flatten() {
                        Some(target) => !sowing.capture(&mut state.board, target, landing),
                        None => false,
                    };
                    state.occupied = occupancy(&state.board);
                }
                None => sow = false,
            }
        }
        if sow && !sowing.run(&mut state) {
            // K6: the move counts as played but changes nothing; the game ends here.
            self.endless = true;
            return;
        }
        self.board = state.board;
        self.occupied = state.occupied;
        self.side = !self.side;
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if self.endless {
            Some(Outcome {
                winner: None,
                reason: EndReason::EndlessMove,
            })
        } else if self.occupied & MASKS[self.size.index()].side[self.side.index()] == 0 {
            Some(Outcome {
                winner: Some(!self.side),
                reason: EndReason::NoSeeds,
            })
        } else {
            None
        }
    }

    /// The seeds on `side`'s rows (Katro has no stores; seeds change sides by capture).
    fn score(&self, side: Side) -> u32 {
        self.side_seeds(side)
    }
}

impl fmt::Display for Katro {
    /// The position string: the board, the side to move, then the rules if not the default and
    /// `endless` for a game ended by an endless move. The board lists rows from North's outer
    /// row (top, as South sees the board) down to South's outer row, separated by `/`; each row
    /// lists its holes from column `a` to the last, separated by `,`. Example (4 × 4 start):
    /// `2,2,2,2/2,2,2,2/2,2,2,2/2,2,2,2 S`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cols = self.size.cols();
        for row in (0..self.size.rows()).rev() {
            for col in 0..cols {
                write!(f, "{}", self.board[row * cols + col])?;
                if col + 1 < cols {
                    f.write_str(",")?;
                }
            }
            if row > 0 {
                f.write_str("/")?;
            }
        }
        f.write_str(match self.side {
            Side::South => " S",
            Side::North => " N",
        })?;
        if self.rules != RuleSet::DEFAULT {
            write!(f, " {}", self.rules)?;
        }
        if self.endless {
            f.write_str(" endless")?;
        }
        Ok(())
    }
}

fn parse_board(text: &str) -> Result<(Size, [u8; BOARD_CELLS]), ParseError> {
    let bad = |reason: String| ParseError::Board {
        board: text.to_string(),
        reason,
    };
    let rows: Vec<&str> = text.split('/').collect();
    let cols = rows[0].split(',').count();
    let size = Size::from_dimensions(rows.len(), cols).ok_or_else(|| {
        bad(format!(
            "{} rows of {cols} holes is not a Katro board (6x6, 4x4, 4x6 or 6x3)",
            rows.len()
        ))
    })?;
    let mut board = [0u8; BOARD_CELLS];
    for (k, row_text) in rows.iter().enumerate() {
        let row = size.rows() - 1 - k;
        let holes: Vec<&str> = row_text.split(',').collect();
        if holes.len() != cols {
            return Err(bad(format!(
                "row {} has {} holes, not {cols}",
                row + 1,
                holes.len()
            )));
        }
        for (col, count) in holes.into_iter().enumerate() {
            let valid = !count.is_empty()
                && count.bytes().all(|b| b.is_ascii_digit())
                && (count == "0" || !count.starts_with('0'));
            let seeds = count.parse::<u8>().ok().filter(|_| valid).ok_or_else(|| {
                bad(format!(
                    "`{count}` is not a seed count from 0 to 255 (no leading zeros)"
                ))
            })?;
            board[row * cols + col] = seeds;
        }
    }
    Ok((size, board))
}

impl Katro {
    /// Parses a position string (see [`Display`](fmt::Display)) and validates it. Accepts
    /// exactly the canonical form: single spaces between fields, no leading zeros.
    pub fn from_position_string(s: &str) -> Result<Katro, ParseError> {
        let fields: Vec<&str> = s.split(' ').collect();
        let [board, side, rest @ ..] = fields.as_slice() else {
            return Err(ParseError::Fields(format!(
                "`{s}` needs a board and a side to move"
            )));
        };
        let (size, board) = parse_board(board)?;
        let side_to_move = match *side {
            "S" => Side::South,
            "N" => Side::North,
            other => return Err(ParseError::Side(other.to_string())),
        };
        let (rules, ended) = match rest {
            [] => (RuleSet::DEFAULT, false),
            ["endless"] => (RuleSet::DEFAULT, true),
            [rules] => (rules.parse()?, false),
            [rules, "endless"] => (rules.parse()?, true),
            _ => {
                return Err(ParseError::Fields(format!(
                    "`{}` after the side to move: expected the rules, then `endless`",
                    rest.join(" ")
                )))
            }
        };
        if rest.first() == Some(&"default") {
            return Err(ParseError::Fields(
                "default rules are written by leaving them out".into(),
            ));
        }
        let setup = Setup {
            size,
            board,
            side_to_move,
            ended_by_endless_move: ended,
        };
        Ok(Katro::from_setup(setup, rules)?)
    }
}

impl FromStr for Katro {
    type Err = ParseError;
    /// See [`Katro::from_position_string`].
    fn from_str(s: &str) -> Result<Katro, ParseError> {
        Katro::from_position_string(s)
    }
}
