//! The position type and its implementation of the core's `Position` trait.

use crate::moves::{Capture, Effect, Move, MoveError};
use crate::repetition::repeat_turn;
use crate::rules::{Leftover, RuleSet, HOLES, PER_SIDE};
use crate::setup::{Setup, SetupError};
use crate::sowing::{forced_hole, sow_move, Sown, State};
use core::hash::{Hash, Hasher};
use mancala_engine::{Board, EndReason, Game, MoveList, Outcome, Position, Rng, Side};

/// `repeat_at` of a run with no repeat, or whose repeat is not looked for yet.
pub(crate) const NO_REPEAT: u32 = u32::MAX;

/// The turn of a run at which its first repeat is looked for. Every turn hands the move to the
/// other side, so a state can only recur an even number of turns later: no repeat comes before
/// turn 2, and most runs end with a capture before it.
pub(crate) const RESOLVE_AT: u32 = 2;

/// A Mangala IV position: board, stores (captured seeds), side to move, the rule options, and
/// what M7 and M8 need to know (turns since the last capture, the state the run of turns since
/// then started from, and whether the game ended with an endless move).
///
/// The repetition rule (M7) is exact and uses constant memory: once a run of turns without
/// capture reaches its second turn, the position looks ahead along the forced line to the
/// next capture and records the turn at which a repeat would come first, if one comes. Each
/// position is therefore a small `Copy` value, and the trait's copy-make play works unchanged.
/// Two positions are equal when their states, turns, run starts, rules and endless flags are:
/// the recorded turn of the first repeat follows from those.
///
/// Its string (`Display`, `FromStr`, see [`notation`](crate::notation)) holds all of that, so
/// a position read back plays on exactly as the one written.
#[derive(Clone, Copy)]
pub struct Mangala4 {
    pub(crate) state: State,
    pub(crate) start: State,
    pub(crate) turn: u32,
    pub(crate) repeat_at: u32,
    pub(crate) endless: bool,
    pub(crate) rules: RuleSet,
}

impl PartialEq for Mangala4 {
    fn eq(&self, other: &Mangala4) -> bool {
        self.state == other.state
            && self.start == other.start
            && self.turn == other.turn
            && self.endless == other.endless
            && self.rules == other.rules
    }
}

impl Eq for Mangala4 {}

impl Hash for Mangala4 {
    fn hash<H: Hasher>(&self, hasher: &mut H) {
        self.state.hash(hasher);
        self.start.hash(hasher);
        self.turn.hash(hasher);
        self.endless.hash(hasher);
        self.rules.hash(hasher);
    }
}

impl Default for Mangala4 {
    /// The standard start under [`RuleSet::STANDARD`].
    fn default() -> Mangala4 {
        Mangala4::new(RuleSet::STANDARD)
    }
}

impl Mangala4 {
    /// A position with no turns behind it since a capture (or since its history begins).
    pub(crate) fn from_state(state: State, rules: RuleSet) -> Mangala4 {
        Mangala4 {
            state,
            start: state,
            turn: 0,
            repeat_at: NO_REPEAT,
            endless: false,
            rules,
        }
    }

    /// Turns played since the last capture (or since this position's history began), passes
    /// included: what the repetition rule (M7) looks back on.
    pub fn turns_since_capture(&self) -> u32 {
        self.turn
    }

    /// The forced move of the side to move (M1, M2), or `None` once the game is over.
    #[inline]
    pub fn forced_move(&self) -> Option<Move> {
        if self.end_reason().is_some() {
            return None;
        }
        Some(match forced_hole(&self.state.board, self.state.side) {
            Some(hole) => Move::Sow(hole as u8),
            None => Move::Pass,
        })
    }

    /// Why the game is over, if it is.
    #[inline]
    pub(crate) fn end_reason(&self) -> Option<EndReason> {
        if self.endless {
            Some(EndReason::EndlessMove)
        } else if self.state.is_empty() {
            Some(EndReason::EmptyBoard)
        } else if self.turn == self.repeat_at {
            Some(EndReason::Repetition)
        } else {
            None
        }
    }

    /// Plays the forced move (or the pass) and reports it. Does nothing and reports a pass of
    /// zero laps once the game is over.
    #[inline(always)]
    pub(crate) fn play_forced(&mut self) -> Effect {
        let side = self.state.side;
        let mut effect = Effect {
            side,
            mv: Move::Pass,
            laps: 0,
            capture: None,
            endless: false,
        };
        if self.end_reason().is_some() {
            return effect;
        }
        let Some(hole) = forced_hole(&self.state.board, side) else {
            self.state.side = !side;
            self.next_turn();
            return effect;
        };
        effect.mv = Move::Sow(hole as u8);
        match sow_move(&mut self.state, hole) {
            Sown::Quiet { laps } => {
                effect.laps = laps;
                self.state.side = !side;
                self.next_turn();
            }
            Sown::Capture { chain, laps } => {
                effect.laps = laps;
                effect.capture = Some(Capture {
                    landing: chain.from as u8,
                    holes: chain.holes as u8,
                    seeds: chain.seeds as u8,
                });
                self.state.side = !side;
                self.new_run();
            }
            Sown::Endless { laps } => {
                effect.laps = laps;
                effect.endless = true;
                self.endless = true;
            }
        }
        effect
    }

    /// Counts a turn without capture, and looks for the run's first repeat once one could
    /// come.
    #[inline(always)]
    pub(crate) fn next_turn(&mut self) {
        self.turn += 1;
        if self.turn == RESOLVE_AT {
            self.resolve();
        }
    }

    /// Starts a new run of turns from the state after a capture.
    #[inline(always)]
    pub(crate) fn new_run(&mut self) {
        self.turn = 0;
        self.start = self.state;
        self.repeat_at = NO_REPEAT;
    }

    /// Records the turn of the first repeat of the current run, if it has one (M7).
    #[inline(never)]
    pub(crate) fn resolve(&mut self) {
        self.repeat_at = repeat_turn(&self.start, &self.state).unwrap_or(NO_REPEAT);
    }

    /// The seeds on `side`'s row.
    #[inline]
    fn row_seeds(&self, side: Side) -> u32 {
        let start = side.index() * PER_SIDE;
        self.state.board[start..start + PER_SIDE]
            .iter()
            .map(|&c| u32::from(c))
            .sum()
    }
}

impl Game for Mangala4 {
    const NAME: &'static str = "mangala4";
    type Rules = RuleSet;
    type Setup = Setup;
    type SetupError = SetupError;
    type Effect = Effect;

    /// The standard start under `rules`: the even board, seven seeds in every hole (the rules
    /// text's balanced competitive start; the traditional random one is [`Setup::random`]),
    /// South to move.
    fn new(rules: RuleSet) -> Mangala4 {
        let state = State::new([7; HOLES], [0, 0], Side::South);
        Mangala4::from_state(state, rules)
    }

    /// A board dealt at random (M1), South to move.
    fn random_start(rules: RuleSet, rng: &mut mancala_engine::Rng) -> Mangala4 {
        let setup = Setup {
            rules,
            ..Setup::random_from(rng)
        };
        Mangala4::from_setup(setup).expect("a dealt board of the standard seeds is a position")
    }

    #[inline]
    fn rules(&self) -> RuleSet {
        self.rules
    }

    /// Validates raw parts into a position: at most [`MAX_SEEDS`](crate::MAX_SEEDS) seeds in
    /// all; a run whose forced play from its start reaches this board in exactly its turns,
    /// without a capture, an endless move or an earlier repeat; an endless flag only where the
    /// forced move is endless. The error names the first thing wrong.
    fn from_setup(setup: Setup) -> Result<Mangala4, SetupError> {
        crate::setup::from_setup(setup)
    }

    fn to_setup(&self) -> Setup {
        crate::setup::to_setup(self)
    }

    fn play_reported(&mut self, mv: Move) -> Result<Effect, MoveError> {
        self.check_move(mv)?;
        Ok(self.play_forced())
    }
}

impl Position for Mangala4 {
    type Move = Move;
    type MoveError = MoveError;

    fn board(&self) -> Board {
        Board::new(&self.state.holes())
    }

    /// The seeds `side` has captured (Mangala IV has no stores on the board; captured seeds
    /// are kept aside).
    fn store(&self, side: Side) -> u32 {
        u32::from(self.state.stores[side.index()])
    }

    fn seeds_on_side(&self, side: Side) -> u32 {
        self.row_seeds(side)
    }

    #[inline]
    fn side_to_move(&self) -> Side {
        self.state.side
    }

    fn legal_moves(&self) -> MoveList<Move> {
        let mut moves = MoveList::new();
        if let Some(mv) = self.forced_move() {
            moves.push(mv);
        }
        moves
    }

    fn check_move(&self, mv: Move) -> Result<(), MoveError> {
        let side = self.state.side;
        match (self.forced_move(), mv) {
            (None, _) => Err(MoveError::GameOver),
            (Some(forced), played) if forced == played => Ok(()),
            (Some(Move::Sow(hole)), Move::Pass) => Err(MoveError::MustSow { side, hole }),
            (Some(Move::Sow(forced)), Move::Sow(played)) => Err(MoveError::NotForced {
                side,
                forced,
                played,
            }),
            (Some(Move::Pass), _) => Err(MoveError::MustPass(side)),
        }
    }

    /// The forced move, drawn as from a list of one: a number is taken from `rng` as the
    /// provided method would take it, so seeded play-outs stay the same games.
    #[inline]
    fn random_move(&self, rng: &mut Rng) -> Option<Move> {
        let mv = self.forced_move()?;
        rng.below(1);
        Some(mv)
    }

    /// Plays the forced move whatever `mv` says (play is forced, so a legal move is that one).
    /// Always inlined, as Toguz Kumalak's is: a play-out loop is the move and little else.
    #[inline(always)]
    fn play_unchecked(&mut self, _mv: Move) {
        self.play_forced();
    }

    fn outcome(&self) -> Option<Outcome> {
        let reason = self.end_reason()?;
        Some(Outcome::by_score(
            self.score(Side::South),
            self.score(Side::North),
            reason,
        ))
    }

    /// Captured seeds, plus (for a finished game under [`Leftover::OwnSide`]) the seeds left
    /// on the player's row.
    fn score(&self, side: Side) -> u32 {
        let captured = self.store(side);
        if self.rules.leftover == Leftover::OwnSide && self.end_reason().is_some() {
            captured + self.row_seeds(side)
        } else {
            captured
        }
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        usize::from(self.end_reason().is_none())
    }
}

/// Written as the position string, which holds everything that decides the rest of the game.
impl core::fmt::Debug for Mangala4 {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Display::fmt(self, f)
    }
}
