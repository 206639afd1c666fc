//! The Katro position and its [`Position`](mancala_engine::Position) implementation: move
//! generation, checking and play.

use crate::sowing::{occupancy, side_cells, Captures, Cells, LapState, Sowing, Tally, CELLS};
use crate::{DirectionRule, Effect, Hole, Move, MoveError, RuleSet, Setup, SetupError, Size};
use mancala_engine::relay::RelayEnd;
use mancala_engine::topology::{Direction, Serpentine};
use mancala_engine::{Board, EndReason, Game, MoveList, Outcome, Position as _, Rng, Side};

/// The most seeds a position may hold, so that every hole count fits in a byte whatever
/// happens (the standard game has 72).
pub const MAX_SEEDS: u32 = 255;

/// Board cells of a [`Setup`](crate::Setup): enough for the largest size (6 × 6).
pub const BOARD_CELLS: usize = 36;

/// The core's arithmetic of rows, depths and owners, for every size.
static BOARDS: [Serpentine; 4] = [
    Size::ALL[0].topology(),
    Size::ALL[1].topology(),
    Size::ALL[2].topology(),
    Size::ALL[3].topology(),
];

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

/// A Katro position: the board, the rules (size included), the side to move, and whether the
/// game ended by an endless move. A small `Copy` value; play is copy-make.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Katro {
    board: Cells,
    /// Bit `i` set when cell `i` holds seeds: move generation and the capture tests read it
    /// instead of the board.
    occupied: u64,
    rules: RuleSet,
    side: Side,
    endless: bool,
}

impl Default for Katro {
    /// The start under [`RuleSet::STANDARD`].
    fn default() -> Katro {
        Katro::new(RuleSet::STANDARD)
    }
}

impl Katro {
    /// A position from its parts, as [`Setup`](crate::Setup) validation hands them over.
    pub(crate) fn from_parts(board: Cells, rules: RuleSet, side: Side, endless: bool) -> Katro {
        Katro {
            board,
            occupied: occupancy(&board),
            rules,
            side,
            endless,
        }
    }

    /// The board cells, padding included.
    pub(crate) fn cells(&self) -> &Cells {
        &self.board
    }

    /// `true` if the game ended because the mover's last move was endless (K6).
    pub(crate) fn is_endless(&self) -> bool {
        self.endless
    }

    /// Seeds in `hole`, or `None` if it is not on this board.
    pub fn seeds(&self, hole: Hole) -> Option<u8> {
        hole.index(self.rules.size).map(|i| self.board[i])
    }

    /// The board row (from South's edge) the mover must start from (K1): his outermost row
    /// holding seeds. `None` if he has no seeds.
    pub fn start_row(&self) -> Option<usize> {
        let board = BOARDS[self.rules.size.index()];
        let row_bits = (1u64 << board.cols()) - 1;
        (0..board.rows_per_side())
            .map(|depth| board.row_at_depth(self.side, depth))
            .find(|&row| (self.occupied >> board.hole(row, 0)) & row_bits != 0)
    }

    /// The move of action id `action` (see [`Move::action`]) in this position: the hole of
    /// that column in the mover's outermost row holding seeds. `None` when the id names no
    /// move here: out of range, a direction where none is named, or a finished game. The
    /// move may still be illegal (an empty hole, a step the rules refuse); playing checks it.
    pub fn from_action(&self, action: usize) -> Option<Move> {
        if action >= self.rules.actions() || self.endless {
            return None;
        }
        let hole = Hole::new(self.start_row()?, action / 4)?;
        let step = action % 2 == 1;
        // A direction is named by sowings and, under directions chosen per turn, by the steps
        // that capture into the inner row and sow on.
        let named = self.rules.direction == DirectionRule::PerTurn
            && (!step || self.lone_seed_step().is_some_and(|(_, _, inner)| inner));
        let direction = match (named, action / 2 % 2) {
            (true, 0) => Some(Direction::A),
            (true, _) => Some(Direction::B),
            (false, 0) => None,
            (false, _) => return None,
        };
        Some(Move {
            hole,
            direction,
            step,
        })
    }

    /// Seeds on `side`'s rows.
    fn side_seeds(&self, side: Side) -> u32 {
        let per_side = self.rules.size.holes_per_side();
        let first = side.index() * per_side;
        self.board[first..first + per_side]
            .iter()
            .map(|&s| u32::from(s))
            .sum()
    }

    /// The row the mover must start from and its occupied holes, one bit per column (bit `c`
    /// for column `c`); `None` once the game is over.
    #[inline(always)]
    fn start_row_holes(&self) -> Option<(usize, u64)> {
        if self.endless {
            return None;
        }
        let board = BOARDS[self.rules.size.index()];
        let row_bits = (1u64 << board.cols()) - 1;
        for depth in 0..board.rows_per_side() {
            let row = board.row_at_depth(self.side, depth);
            let holes = (self.occupied >> board.hole(row, 0)) & row_bits;
            if holes != 0 {
                return Some((row, holes));
            }
        }
        None
    }

    /// The single-seed step available from the mover's lone seed, as (from, landing, whether
    /// it enters the inner row and so must capture), if the option is on and the mover has
    /// exactly one seed, outside his inner row.
    fn lone_seed_step(&self) -> Option<(usize, usize, bool)> {
        if !self.rules.single_seed || self.side_seeds(self.side) != 1 {
            return None;
        }
        let board = BOARDS[self.rules.size.index()];
        let mine = self.occupied & side_cells(self.rules.size, self.side);
        let from = mine.trailing_zeros() as usize;
        let depth = board.depth_of_row(board.row_of(from));
        let inner = board.rows_per_side() - 1;
        if depth == inner {
            return None;
        }
        let landing = board.hole(board.row_at_depth(self.side, depth + 1), board.col_of(from));
        Some((from, landing, depth + 1 == inner))
    }

    /// The opponent hole a step into the inner row at `landing` would capture.
    fn step_capture(&self, landing: usize) -> Option<usize> {
        Sowing::new(self.rules, self.side, Direction::A).target(self.occupied, landing)
    }

    /// The single-seed steps that are legal here (none, one, or two with a chosen direction).
    fn push_steps(&self, list: &mut MoveList<Move>) {
        let Some((from, landing, into_inner)) = self.lone_seed_step() else {
            return;
        };
        let hole = Hole::from_index(self.rules.size, from).unwrap_or_default();
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

    /// Plays the legal move `mv`, counting its captures when asked; returns the laps sown and
    /// whether the move was endless.
    #[inline(always)]
    fn play_with<T: Tally>(&mut self, mv: Move, tally: &mut T) -> (u32, bool) {
        let Some(from) = mv.hole.index(self.rules.size) else {
            return (0, false);
        };
        let direction = match self.rules.direction {
            DirectionRule::Fixed(d) => d,
            DirectionRule::PerTurn => mv.direction.unwrap_or_default(),
        };
        let sowing = Sowing::new(self.rules, self.side, direction);
        let mut state = LapState {
            board: self.board,
            occupied: self.occupied,
            hole: from as u8,
        };
        let mut sow = true;
        if mv.step {
            // Ludii's single-seed step: straight one row inwards, capturing when it enters the
            // inner row.
            sow = match self.lone_seed_step() {
                Some((from, landing, into_inner)) => {
                    state.board[from] = 0;
                    state.board[landing] += 1;
                    state.occupied = state.occupied & !(1 << from) | 1 << landing;
                    state.hole = landing as u8;
                    match into_inner.then(|| self.step_capture(landing)).flatten() {
                        Some(target) => !sowing.capture(&mut state, target, landing, tally),
                        None => false,
                    }
                }
                None => false,
            };
        }
        let end = if sow {
            sowing.run(&mut state, tally)
        } else {
            RelayEnd::Finished { laps: 0 }
        };
        match end {
            RelayEnd::Finished { laps } => {
                self.board = state.board;
                self.occupied = state.occupied;
                self.side = !self.side;
                (laps, false)
            }
            RelayEnd::Endless { laps } => {
                // K6: the move counts as played but changes nothing; the game ends here.
                self.endless = true;
                (laps, true)
            }
        }
    }
}

impl Game for Katro {
    const NAME: &'static str = "katro";
    type Rules = RuleSet;
    type Setup = Setup;
    type SetupError = SetupError;
    type Effect = Effect;

    /// The start of a game: 2 seeds in every hole of the rules' board, South to move.
    fn new(rules: RuleSet) -> Katro {
        let mut board = [0; CELLS];
        board[..rules.size.holes()].fill(2);
        Katro::from_parts(board, rules, Side::South, false)
    }

    #[inline]
    fn rules(&self) -> RuleSet {
        self.rules
    }

    /// Validates a setup. A position is accepted exactly when:
    ///
    /// - no seeds lie off the board, and at most [`MAX_SEEDS`] are on it;
    /// - the player not to move has seeds (a mover never loses seeds in his own move);
    /// - if it is marked endless, one of the mover's legal moves on that board is endless (K6):
    ///   the position before an endless move is the only way a game ends so.
    fn from_setup(setup: Setup) -> Result<Katro, SetupError> {
        crate::setup::from_setup(setup)
    }

    fn to_setup(&self) -> Setup {
        crate::setup::to_setup(self)
    }

    /// Slower than [`play`](mancala_engine::Position::play), which counts nothing.
    fn play_reported(&mut self, mv: Move) -> Result<Effect, MoveError> {
        self.check_move(mv)?;
        let side = self.side;
        let mut captures = Captures::default();
        let (laps, endless) = self.play_with(mv, &mut captures);
        let (captures, captured) = if endless {
            (0, 0)
        } else {
            (captures.count, captures.seeds)
        };
        Ok(Effect {
            side,
            mv,
            laps,
            captures,
            captured,
            endless,
        })
    }
}

impl mancala_engine::Position for Katro {
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
            let direction = if k % 2 == 0 {
                Direction::A
            } else {
                Direction::B
            };
            (k / 2, Some(direction))
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
        let size = self.rules.size;
        let hole = mv.hole;
        let Some(index) = hole.index(size) else {
            return Err(MoveError::OffBoard { hole, size });
        };
        if side_cells(size, self.side) >> index & 1 == 0 {
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

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.play_with(mv, &mut ());
    }

    #[inline]
    fn outcome(&self) -> Option<Outcome> {
        if self.endless {
            Some(Outcome {
                winner: None,
                reason: EndReason::EndlessMove,
            })
        } else if self.occupied & side_cells(self.rules.size, self.side) == 0 {
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

    /// Every hole by board index `row * cols + col`, rows from South's edge: South's holes
    /// first.
    fn board(&self) -> Board {
        Board::new(&self.board[..self.rules.size.holes()])
    }

    /// Katro has no stores.
    fn store(&self, _side: Side) -> u32 {
        0
    }

    fn seeds_on_side(&self, side: Side) -> u32 {
        self.side_seeds(side)
    }
}

/// Written as the position string, which holds everything that decides the rest of the game.
impl core::fmt::Debug for Katro {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(self, f)
    }
}
