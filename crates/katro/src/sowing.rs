//! What a move does to the board: laps along the mover's circuit through the core's
//! [`SowingPath`] kernel, relays, captures (K2–K6), with the occupancy word that lets the capture
//! tests read bits instead of the board.

use crate::{CaptureRow, CapturedHole, RuleSet, Size, Trigger};
use mancala_engine::relay::{relay, RelayEnd, LAP_LIMIT};
use mancala_engine::repetition::Advance;
use mancala_engine::sowing::SowingPath;
use mancala_engine::topology::{Direction, Serpentine};
use mancala_engine::Side;

/// Board cells as the position keeps them: the 36 holes of the largest board plus padding to
/// three 16-byte vectors, so that a lap over a side's window is a few vector instructions.
pub(crate) const CELLS: usize = 48;

/// The board as the position keeps it.
pub(crate) type Cells = [u8; CELLS];

/// The cells a side's laps read and write at once: two 16-byte vectors holding all his holes.
const WINDOW: usize = 32;

/// Laps sown before the relay driver starts looking for repeats: almost every move ends
/// sooner, and the verdict is the same either way (the limit counts every lap).
const PLAIN_LAPS: u32 = 64;

/// One player's circuit in one direction: the core's lap kernel over the board, reading and
/// writing only the window that holds his holes.
type Track = SowingPath<CELLS, WINDOW>;

/// The tracks of every size, side and direction, computed at compile time.
static TRACKS: [[[Track; 2]; 2]; 4] = [
    size_tracks(Size::ALL[0]),
    size_tracks(Size::ALL[1]),
    size_tracks(Size::ALL[2]),
    size_tracks(Size::ALL[3]),
];

const fn size_tracks(size: Size) -> [[Track; 2]; 2] {
    [
        [
            track(size, Side::South, Direction::A),
            track(size, Side::South, Direction::B),
        ],
        [
            track(size, Side::North, Direction::A),
            track(size, Side::North, Direction::B),
        ],
    ]
}

const fn track(size: Size, side: Side, direction: Direction) -> Track {
    match SowingPath::new(size.circuit(side, direction).path()) {
        Some(cycle) => cycle,
        None => panic!("every Katro circuit fits a window of the board"),
    }
}

/// Bit masks over the cells of one size, for the capture tests on the occupancy word (bit `i`
/// set when cell `i` holds seeds).
struct Masks {
    /// The cells of each side, by [`Side::index`].
    side: [u64; 2],
    /// The cells of both inner rows.
    inner: u64,
    /// For every cell, the cells of its row.
    row: [u64; CELLS],
    /// For every cell, the cells of its owner's rows deeper (nearer the middle) than its own.
    deeper: [u64; CELLS],
    /// For every cell, the opponent's cells of the same column, his inner row first.
    facing: [[u8; 3]; CELLS],
}

/// The masks of every size.
static MASKS: [Masks; 4] = [
    masks(Size::ALL[0]),
    masks(Size::ALL[1]),
    masks(Size::ALL[2]),
    masks(Size::ALL[3]),
];

const fn masks(size: Size) -> Masks {
    let board: Serpentine = size.topology();
    let inner = board.rows_per_side() - 1;
    let mut masks = Masks {
        side: [0; 2],
        inner: 0,
        row: [0; CELLS],
        deeper: [0; CELLS],
        facing: [[0; 3]; CELLS],
    };
    let mut cell = 0;
    while cell < board.len() {
        let row = board.row_of(cell);
        let owner = board.owner_of_row(row);
        let depth = board.depth_of_row(row);
        masks.side[owner.index()] |= 1 << cell;
        if depth == inner {
            masks.inner |= 1 << cell;
        }
        let mut other = 0;
        while other < board.len() {
            let other_row = board.row_of(other);
            let other_owner = board.owner_of_row(other_row);
            let other_depth = board.depth_of_row(other_row);
            if other_row == row {
                masks.row[cell] |= 1 << other;
            }
            if other_owner.index() == owner.index() && other_depth > depth {
                masks.deeper[cell] |= 1 << other;
            }
            if other_owner.index() != owner.index() && board.col_of(other) == board.col_of(cell) {
                masks.facing[cell][inner - other_depth] = other as u8;
            }
            other += 1;
        }
        cell += 1;
    }
    masks
}

/// The occupancy word of a board: bit `i` set when cell `i` holds seeds. Kept up to date lap
/// by lap; computed in full only for a new position.
pub(crate) fn occupancy(board: &Cells) -> u64 {
    board
        .iter()
        .enumerate()
        .fold(0, |mask, (i, &h)| mask | u64::from(h != 0) << i)
}

/// The cells of `side` on a board of `size`, as bits.
#[inline(always)]
pub(crate) fn side_cells(size: Size, side: Side) -> u64 {
    MASKS[size.index()].side[side.index()]
}

/// Everything a lap depends on: the board with its occupancy word, and the hole to lift next.
/// Two equal states mean the relay repeats for ever (K6).
#[derive(Clone, PartialEq)]
pub(crate) struct LapState {
    pub board: Cells,
    pub occupied: u64,
    pub hole: u8,
}

/// What a move's sowing reports beyond the board: nothing on the hot path (`()`), the
/// captures for [`Effect`](crate::Effect) ([`Captures`]).
pub(crate) trait Tally {
    /// `true` if the tally counts anything: then every lap must be sown exactly once.
    const COUNTS: bool;
    /// A capture took `seeds` seeds.
    fn capture(&mut self, seeds: u8);
}

impl Tally for () {
    const COUNTS: bool = false;
    #[inline(always)]
    fn capture(&mut self, _seeds: u8) {}
}

/// Captures counted for a report: how many, and the seeds taken.
#[derive(Default)]
pub(crate) struct Captures {
    pub count: u32,
    pub seeds: u32,
}

impl Tally for Captures {
    const COUNTS: bool = true;
    fn capture(&mut self, seeds: u8) {
        self.count += 1;
        self.seeds += u32::from(seeds);
    }
}

/// The fixed context of one move's sowing: the mover's circuit and the rules.
pub(crate) struct Sowing {
    track: &'static Track,
    masks: &'static Masks,
    rules: RuleSet,
    mover: Side,
}

impl Sowing {
    /// The sowing of `mover` in `direction` under `rules`.
    #[inline(always)]
    pub fn new(rules: RuleSet, mover: Side, direction: Direction) -> Sowing {
        let size = rules.size.index();
        Sowing {
            track: &TRACKS[size][mover.index()][direction as usize],
            masks: &MASKS[size],
            rules,
            mover,
        }
    }

    /// The opponent hole a capture from `landing` (a hole in the mover's capture row) takes, by
    /// the rules' choice in that column (K4), if it holds seeds.
    #[inline(always)]
    pub fn target(&self, occupied: u64, landing: usize) -> Option<usize> {
        let masks = self.masks;
        let facing = &masks.facing[landing][..self.rules.size.rows_per_side()];
        let target = match self.rules.captured_hole {
            CapturedHole::Row => *facing
                .iter()
                .find(|&&h| occupied & masks.row[usize::from(h)] != 0)?,
            CapturedHole::Column => *facing.iter().find(|&&h| occupied >> h & 1 != 0)?,
        };
        let target = usize::from(target);
        (occupied >> target & 1 != 0).then_some(target)
    }

    /// The opponent hole captured by a lap ending in `landing`, if the mover's capture row
    /// allows it (K4).
    #[inline(always)]
    fn capture_target(&self, occupied: u64, landing: usize) -> Option<usize> {
        let in_capture_row = match self.rules.capture_row {
            CaptureRow::Inner => self.masks.inner >> landing & 1 != 0,
            CaptureRow::Innermost => occupied & self.masks.deeper[landing] == 0,
        };
        if in_capture_row {
            self.target(occupied, landing)
        } else {
            None
        }
    }

    /// Takes the seeds of `target` into `landing`; `true` if that leaves the opponent with no
    /// seeds (K5: the move then ends).
    #[inline(always)]
    pub fn capture(
        &self,
        state: &mut LapState,
        target: usize,
        landing: usize,
        tally: &mut impl Tally,
    ) -> bool {
        let taken = core::mem::take(&mut state.board[target]);
        tally.capture(taken);
        state.board[landing] += taken;
        state.occupied &= !(1 << target);
        state.occupied & self.masks.side[(!self.mover).index()] == 0
    }

    /// Runs the laps of a move from `state.hole` to the end of its relay (K2–K6). Plain laps
    /// first when nothing is counted; a counting tally gets the relay driver alone, which sows
    /// every lap once.
    #[inline(always)]
    pub fn run<T: Tally>(&self, state: &mut LapState, tally: &mut T) -> RelayEnd {
        if T::COUNTS {
            return relay(state, LAP_LIMIT, |s| self.lap(s, tally));
        }
        // Plain laps go on from where they stop: the repeat check only shortens the walk,
        // and the limit counts every lap, so the verdict is the driver's.
        for done in 0..PLAIN_LAPS {
            if self.lap(state, tally) == Advance::Stop {
                return RelayEnd::Finished { laps: done + 1 };
            }
        }
        match relay(state, LAP_LIMIT - PLAIN_LAPS, |s| self.lap(s, tally)) {
            RelayEnd::Finished { laps } => RelayEnd::Finished {
                laps: laps + PLAIN_LAPS,
            },
            RelayEnd::Endless { laps } => RelayEnd::Endless {
                laps: laps + PLAIN_LAPS,
            },
        }
    }

    /// One lap (K2–K5): lift the hole, sow onward, and decide what follows.
    #[inline(always)]
    fn lap(&self, state: &mut LapState, tally: &mut impl Tally) -> Advance {
        let origin = usize::from(state.hole);
        let before = state.occupied;
        let Some(landed) = self.track.lap(&mut state.board, origin) else {
            return Advance::Stop;
        };
        let landing = landed.cell;
        state.occupied = (before & !(1 << origin)) | landed.sown;
        // The last seed fell into an empty hole exactly when it is alone there.
        let was_empty = landed.seeds == 1;
        if was_empty != (self.rules.trigger == Trigger::Empty) {
            // Occupied trigger and an empty landing, or empty trigger and an occupied one.
            if was_empty {
                return Advance::Stop;
            }
        } else if let Some(target) = self.capture_target(state.occupied, landing) {
            if self.capture(state, target, landing, tally) {
                return Advance::Stop;
            }
        } else if was_empty {
            // Empty trigger without a capture.
            return Advance::Stop;
        }
        state.hole = landing as u8;
        Advance::Continue
    }
}
