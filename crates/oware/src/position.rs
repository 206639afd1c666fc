//! The Oware position: the board, the stores, the side to move, the move count, and the boards
//! seen since the last capture, which tell a repetition; and its `Position` implementation.

use crate::sowing::sow_and_capture;
use crate::{Effect, Move, MoveError, RuleSet, Setup, SetupError};
use core::fmt;
use core::ops::Range;
use mancala_engine::{Board, EndReason, Game, MoveList, Outcome, Position, Rng, Side};

/// Bytes of a board: up to 2 × [`MAX_HOUSES`](crate::MAX_HOUSES) houses, one vector register.
pub(crate) const HOLES: usize = 16;

/// A board's houses in canonical order (South's first), padded with zeros.
pub(crate) type Houses = [u8; HOLES];

/// An Oware position, everything that decides the rest of the game: the seeds of every house,
/// the two stores, the side to move, the moves played so far (for the move limit), and every
/// board since the last capture (a board that comes back ends the game).
///
/// Its string form ([`Display`](fmt::Display), [`FromStr`](core::str::FromStr)) is described in
/// the [`notation`](crate::notation) module; `Debug` writes the same.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Oware {
    pub(crate) frame: Frame,
    pub(crate) end: Option<EndReason>,
    /// The legal moves of the side to move, a bit per house (none once the game is over):
    /// worked out once, as the move that led here is judged, and read from then on.
    pub(crate) moves: u32,
    /// The boards since the last capture (or the start), oldest first, the current one last.
    /// The entries two, four, … places back had the same side to move as the current one.
    pub(crate) seen: Vec<Houses>,
}

/// The position without its repetition record: a small `Copy` value that a move turns into the
/// next one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub(crate) struct Frame {
    pub(crate) board: Houses,
    pub(crate) stores: [u8; 2],
    pub(crate) side: Side,
    pub(crate) ply: u32,
    pub(crate) rules: RuleSet,
}

impl Frame {
    /// The canonical indices of `side`'s houses.
    #[inline]
    pub(crate) fn row(&self, side: Side) -> Range<usize> {
        let houses = self.rules.houses();
        side.index() * houses..(side.index() + 1) * houses
    }

    /// The frame after `mv` (legal or not: an illegal one gives a meaningless but safe frame),
    /// with what the move did.
    #[inline(always)]
    pub(crate) fn after(&self, mv: Move) -> (Frame, Effect) {
        let mover = self.side;
        let (board, effect) = sow_and_capture(
            &self.board,
            2 * self.rules.houses(),
            self.row(mover).start + mv.action(),
            self.row(!mover),
            self.rules.grand_slam(),
        );
        let mut next = Frame {
            board,
            side: !mover,
            ply: self.ply.saturating_add(1),
            ..*self
        };
        next.stores[mover.index()] += effect.captured as u8;
        (next, effect)
    }

    /// Why `mv` is not legal here, if it is not (the game being still on).
    pub(crate) fn check(&self, mv: Move) -> Result<(), MoveError> {
        let (houses, number) = (self.rules.houses(), mv.number());
        if mv.action() >= houses {
            return Err(MoveError::NoSuchHouse { number, houses });
        }
        if self.board[self.row(self.side).start + mv.action()] == 0 {
            return Err(MoveError::EmptyHouse { number });
        }
        if legal_mask(&self.board, houses, self.side) & (1 << mv.action()) == 0 {
            return Err(MoveError::MustFeed { number });
        }
        Ok(())
    }

    /// The legal moves of the side to move as a bit per house, or why the game is over: after
    /// a move that `captured` (then the stores may decide the game) or whose board `repeated`.
    pub(crate) fn end_or_moves(&self, captured: bool, repeated: bool) -> Result<u32, EndReason> {
        if repeated {
            return Err(EndReason::Repetition);
        }
        if captured {
            // The game is decided once a store holds more than half of all seeds, or both hold
            // half; played on past a majority, it stops there only when the board is empty.
            let on_board: u32 = self.board.iter().map(|&s| u32::from(s)).sum();
            let [south, north] = self.stores.map(u32::from);
            let total = on_board + south + north;
            let stop = self.rules.stop_at_majority();
            if stop && (south > total / 2 || north > total / 2) {
                return Err(EndReason::Majority);
            }
            if south == total / 2 && north == total / 2 && (stop || on_board == 0) {
                return Err(EndReason::EmptyBoard);
            }
        }
        let moves = legal_mask(&self.board, self.rules.houses(), self.side);
        if moves == 0 {
            return Err(EndReason::NoSeeds);
        }
        let limit = self.rules.max_plies();
        if limit > 0 && self.ply >= limit {
            return Err(EndReason::MoveLimit);
        }
        Ok(moves)
    }

    /// Each player collects the seeds on his row (the end of every game but one stopped by the
    /// move limit).
    pub(crate) fn collect(&mut self) {
        for side in Side::BOTH {
            let row = self.row(side);
            let seeds: u32 = self.board[row.clone()].iter().map(|&s| u32::from(s)).sum();
            self.stores[side.index()] += seeds as u8;
            self.board[row].fill(0);
        }
    }
}

impl Oware {
    /// The position of `frame`, ended by `end` or not, with its repetition record `seen`.
    pub(crate) fn assemble(frame: Frame, end: Option<EndReason>, seen: Vec<Houses>) -> Oware {
        let moves = match end {
            Some(_) => 0,
            None => legal_mask(&frame.board, frame.rules.houses(), frame.side),
        };
        Oware {
            frame,
            end,
            moves,
            seen,
        }
    }

    /// Moves played since the start of the game.
    #[inline]
    pub fn ply(&self) -> u32 {
        self.frame.ply
    }

    /// Moves played since the last capture (or the start): the repetition record is one board
    /// longer.
    #[inline]
    pub fn since_capture(&self) -> usize {
        self.seen.len() - 1
    }

    /// Every seed of the game, on the board and in the stores.
    pub fn total_seeds(&self) -> u32 {
        let frame = &self.frame;
        frame
            .board
            .iter()
            .chain(&frame.stores)
            .map(|&s| u32::from(s))
            .sum()
    }

    /// The seeds of every house: South's row, then North's, each in the order of the move
    /// numbers (house `n` of a row at its index `n - 1`).
    #[inline]
    pub fn houses(&self) -> &[u8] {
        &self.frame.board[..2 * self.frame.rules.houses()]
    }

    /// The moves `side` could make on this board were it his turn: every house with seeds, or,
    /// when the opponent has none, those that reach him. For the side to move of a game still
    /// on, these are its legal moves; for the other side, what he would threaten (as an
    /// evaluation weighs it).
    #[inline]
    pub fn moves_for(&self, side: Side) -> MoveList<Move> {
        moves_of_mask(legal_mask(
            &self.frame.board,
            self.frame.rules.houses(),
            side,
        ))
    }

    /// What `mv` would do if `side` played it here, without playing it: where its last seed
    /// falls and what it captures. `side` need not be the side to move, so that an evaluation
    /// can weigh both players' prospects. `None` for a house off the board or empty; a move
    /// that fails to feed a starving opponent (not among [`moves_for`](Oware::moves_for)) is
    /// previewed all the same.
    #[inline]
    pub fn preview(&self, side: Side, mv: Move) -> Option<Effect> {
        let frame = &self.frame;
        let origin = frame.row(side).start + mv.action();
        if mv.action() >= frame.rules.houses() || frame.board[origin] == 0 {
            return None;
        }
        let len = 2 * frame.rules.houses();
        let (_, effect) = sow_and_capture(
            &frame.board,
            len,
            origin,
            frame.row(!side),
            frame.rules.grand_slam(),
        );
        Some(effect)
    }

    /// Plays a move, legal or not (an illegal one leaves the position meaningless but safe).
    pub(crate) fn apply(&mut self, mv: Move) -> Effect {
        let (frame, effect) = self.frame.after(mv);
        let captured = effect.captured > 0;
        let repeated = !captured && self.repeats(&frame.board);
        self.frame = frame;
        if captured {
            // Captured seeds never come back: no earlier board can recur.
            self.seen.clear();
        }
        self.seen.push(frame.board);
        match frame.end_or_moves(captured, repeated) {
            Ok(moves) => self.moves = moves,
            Err(reason) => self.finish(reason),
        }
        effect
    }

    /// Ends the game for `reason`: unless it is the move limit, each player collects the seeds
    /// on his row. The repetition record is then of no more use and keeps the last board only.
    pub(crate) fn finish(&mut self, reason: EndReason) {
        if reason != EndReason::MoveLimit {
            self.frame.collect();
        }
        self.end = Some(reason);
        self.moves = 0;
        self.seen.clear();
        self.seen.push(self.frame.board);
    }

    /// The legal moves as a bit per house of the side to move (none once the game is over).
    #[inline]
    fn legal_mask(&self) -> u32 {
        self.moves
    }

    /// Whether `board`, with the side to move after the next move, occurred since the last
    /// capture: the entries two, four, … places before the next one.
    #[inline]
    fn repeats(&self, board: &Houses) -> bool {
        let mut place = self.seen.len();
        while place >= 2 {
            place -= 2;
            if self.seen[place] == *board {
                return true;
            }
        }
        false
    }
}

/// The moves of a bit per house of the mover's row.
#[inline]
fn moves_of_mask(mask: u32) -> MoveList<Move> {
    MoveList::from_mask(mask, |house| Move::new(house as u8 + 1))
}

/// A bit per house of `side` that may be sown: any house with seeds, but when the opponent has
/// none, only those whose seeds reach his row (at least as many seeds as houses from it to the
/// row's end). Worked out for the whole board in one branch-free pass.
#[inline(always)]
pub(crate) fn legal_mask(board: &Houses, houses: usize, side: Side) -> u32 {
    let own = side.index() * houses;
    let other = houses - own;
    let row = (1u32 << houses) - 1;
    // A house at index `i` of the mover's row reaches the opponent with `end - i` seeds.
    let end = (own + houses) as u8;
    let (mut occupied, mut reaching) = (0u32, 0u32);
    for (i, &seeds) in board.iter().enumerate() {
        occupied |= u32::from(seeds != 0) << i;
        reaching |= u32::from(seeds.saturating_add(i as u8) >= end) << i;
    }
    let starving = (occupied >> other) & row == 0;
    (if starving { reaching } else { occupied } >> own) & row
}

impl Default for Oware {
    /// The start under [`RuleSet::STANDARD`].
    fn default() -> Oware {
        Oware::new(RuleSet::STANDARD)
    }
}

impl fmt::Debug for Oware {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl Game for Oware {
    const NAME: &'static str = "oware";
    type Rules = RuleSet;
    type Setup = Setup;
    type SetupError = SetupError;
    type Effect = Effect;

    /// The start of a game under `rules`: every house holds the rules' seeds, South to move.
    fn new(rules: RuleSet) -> Oware {
        let mut board = [0; HOLES];
        board[..2 * rules.houses()].fill(rules.seeds() as u8);
        let frame = Frame {
            board,
            stores: [0; 2],
            side: Side::South,
            ply: 0,
            rules,
        };
        Oware::assemble(frame, None, vec![board])
    }

    #[inline]
    fn rules(&self) -> RuleSet {
        self.frame.rules
    }

    /// The position `setup` describes, or what is wrong with it: a repetition record is
    /// replayed, and must lead to the board without a capture or an end.
    fn from_setup(setup: Setup) -> Result<Oware, SetupError> {
        crate::setup::from_setup(setup)
    }

    fn to_setup(&self) -> Setup {
        crate::setup::to_setup(self)
    }

    fn play_reported(&mut self, mv: Move) -> Result<Effect, MoveError> {
        self.check_move(mv)?;
        Ok(self.apply(mv))
    }
}

impl Position for Oware {
    type Move = Move;
    type MoveError = MoveError;

    #[inline]
    fn side_to_move(&self) -> Side {
        self.frame.side
    }

    fn legal_moves(&self) -> MoveList<Move> {
        moves_of_mask(self.legal_mask())
    }

    fn check_move(&self, mv: Move) -> Result<(), MoveError> {
        match self.end {
            Some(_) => Err(MoveError::GameOver),
            None => self.frame.check(mv),
        }
    }

    #[inline]
    fn play_unchecked(&mut self, mv: Move) {
        self.apply(mv);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.end.map(|reason| match reason {
            // OpenSpiel refuses any move past its limit and scores the game 0 to 0: a draw.
            EndReason::MoveLimit => Outcome {
                winner: None,
                reason,
            },
            _ => Outcome::by_score(self.score(Side::South), self.score(Side::North), reason),
        })
    }

    #[inline]
    fn score(&self, side: Side) -> u32 {
        self.store(side)
    }

    fn board(&self) -> Board {
        Board::new(&self.frame.board[..2 * self.rules().houses()])
    }

    #[inline]
    fn store(&self, side: Side) -> u32 {
        u32::from(self.frame.stores[side.index()])
    }

    fn seeds_on_side(&self, side: Side) -> u32 {
        let frame = &self.frame;
        frame.board[frame.row(side)]
            .iter()
            .map(|&s| u32::from(s))
            .sum()
    }

    #[inline]
    fn is_over(&self) -> bool {
        self.end.is_some()
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        self.legal_mask().count_ones() as usize
    }

    /// Plays the move on the frame alone and judges it against the repetition record as it
    /// stands, without copying the record.
    #[inline]
    fn count_legal_moves_after(&self, mv: Move) -> usize {
        let (frame, effect) = self.frame.after(mv);
        let captured = effect.captured > 0;
        let repeated = !captured && self.repeats(&frame.board);
        match frame.end_or_moves(captured, repeated) {
            Ok(moves) => moves.count_ones() as usize,
            Err(_) => 0,
        }
    }

    /// The same choice as the provided method (the `k`-th legal move for `k` drawn below their
    /// number), without building the list.
    #[inline]
    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        let mut mask = self.legal_mask();
        let count = mask.count_ones();
        if count == 0 {
            return None;
        }
        for _ in 0..rng.below(count) {
            mask &= mask - 1;
        }
        Some(Move::new(mask.trailing_zeros() as u8 + 1))
    }
}
