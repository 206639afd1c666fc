//! The position, its moves and the play-out to the end.

use crate::engine::{self, forced_hole, sow_move, RunEnd, Sown, State, Step, HOLES, PER_SIDE};
use crate::{Setup, MAX_COUNTERS};
use core::fmt;
use core::hash::{Hash, Hasher};
use mancala_engine::{EndReason, MoveList, Outcome, Rng, Side};

/// What becomes of the counters still on the board when a game ends with some left (M7
/// repetition, M8 endless move). A library rule: the rules text leaves them uncounted and names
/// the other choice as an option.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Leftover {
    /// Nobody gets them (the default).
    #[default]
    Uncounted,
    /// Each player adds the counters lying on his own row to his score.
    OwnSide,
}

impl Leftover {
    /// The name used on command lines and in records: `none` or `own-side`.
    pub const fn name(self) -> &'static str {
        match self {
            Leftover::Uncounted => "none",
            Leftover::OwnSide => "own-side",
        }
    }
}

impl fmt::Display for Leftover {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl core::str::FromStr for Leftover {
    type Err = crate::ParseError;
    fn from_str(s: &str) -> Result<Leftover, crate::ParseError> {
        match s {
            "none" => Ok(Leftover::Uncounted),
            "own-side" => Ok(Leftover::OwnSide),
            _ => Err(crate::ParseError::Leftover(s.to_owned())),
        }
    }
}

/// The rule options. Everything else is fixed by the rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct RuleSet {
    /// Who scores the counters left on the board at the end (M7, M8).
    pub leftover: Leftover,
}

/// A move: the forced hole (M1), or a pass when the mover's row is empty (M2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Move {
    /// A pass: the mover's row is empty.
    #[default]
    Pass,
    /// Sow the hole with this canonical index (`0..14`).
    Sow(u8),
}

/// Why a move was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Nothing can be played once the game is over.
    #[error("the game is over")]
    GameOver,
    /// The mover has counters, so he must play his forced hole.
    #[error("{side} cannot pass: his forced hole is {hole_name}", hole_name = HoleName(*.hole))]
    MustSow {
        /// The mover.
        side: Side,
        /// His forced hole (canonical index).
        hole: u8,
    },
    /// The move names another hole than the forced one (M1).
    #[error("{side} must play {forced}, not {played}", forced = HoleName(*.forced), played = HoleName(*.played))]
    NotForced {
        /// The mover.
        side: Side,
        /// The forced hole.
        forced: u8,
        /// The hole the move named.
        played: u8,
    },
    /// The mover's row is empty: he can only pass (M2).
    #[error("{0}'s row is empty: he must pass")]
    MustPass(Side),
}

/// A hole written as its owner's initial and its number from the owner's left (`S1`..`N7`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct HoleName(pub u8);

impl fmt::Display for HoleName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hole = usize::from(self.0);
        if hole >= HOLES {
            return write!(f, "hole {hole}");
        }
        let letter = if hole < PER_SIDE { 'S' } else { 'N' };
        write!(f, "{letter}{}", hole % PER_SIDE + 1)
    }
}

/// What a played move did, for records and displays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Effect {
    /// The mover.
    pub side: Side,
    /// The move played.
    pub mv: Move,
    /// Laps sown (`0` for a pass).
    pub laps: u32,
    /// The capture, if the move ended with one.
    pub capture: Option<Capture>,
    /// The move was endless (M8) and changed nothing.
    pub endless: bool,
}

/// A capture (M4–M5): the landing hole and the holes before it, each with its opposite.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Capture {
    /// The hole the last counter fell into (canonical index).
    pub landing: u8,
    /// How many holes the backward chain took, the landing hole included (at least 1). The
    /// holes are `landing`, `landing - 1`, … (all in the landing hole's row).
    pub holes: u8,
    /// Counters taken, opposite holes included.
    pub counters: u8,
}

impl Capture {
    /// The holes taken by the chain (canonical indices), landing hole first; each took the
    /// hole opposite it (`13 - i`) with it.
    pub fn taken(&self) -> impl Iterator<Item = u8> {
        let landing = self.landing;
        (0..self.holes).map(move |k| landing - k)
    }
}

/// `repeat_at` of a run with no repeat, or whose repeat is not looked for yet.
const NO_REPEAT: u32 = u32::MAX;

/// The turn of a run at which its first repeat is looked for. Every turn hands the move to the
/// other side, so a state can only recur an even number of turns later: no repeat comes before
/// turn 2, and most runs end with a capture before it.
const RESOLVE_AT: u32 = 2;

/// A Mangala IV position: board, captured totals, side to move, the rule options, and what M7
/// and M8 need to know (turns since the last capture, the state the run of turns since then
/// started from, and whether the game already ended).
///
/// The repetition rule (M7) is exact and uses constant memory: once a run of turns without
/// capture reaches its second turn, the position looks ahead along the forced line to the
/// next capture and records the turn at which a repeat would come first, if one comes. Each
/// position is therefore a small `Copy` value, and the trait's copy-make play works unchanged.
/// Two positions are equal when their states, turns, run starts, rules and endless flags are:
/// the recorded turn of the first repeat follows from those.
#[derive(Debug, Clone, Copy)]
pub struct Mangala4 {
    state: State,
    start: State,
    turn: u32,
    repeat_at: u32,
    endless: bool,
    rules: RuleSet,
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
    /// The even start (7 in every hole), South first, default rules.
    fn default() -> Mangala4 {
        Mangala4::new(&Setup::even(), RuleSet::default())
    }
}

impl Mangala4 {
    /// The start position of `setup` under `rules`.
    pub fn new(setup: &Setup, rules: RuleSet) -> Mangala4 {
        Mangala4::from_parts(setup.board(), [0, 0], setup.first(), rules)
            .expect("a validated setup is a valid position")
    }

    /// A position from its parts, validated: at most [`MAX_COUNTERS`] counters in all (board
    /// and captured). Its history is unknown, so M7 counts repeats from here on.
    pub fn from_parts(
        board: [u8; HOLES],
        captured: [u8; 2],
        side: Side,
        rules: RuleSet,
    ) -> Result<Mangala4, crate::SetupError> {
        let total: u32 = board.iter().chain(&captured).map(|&c| u32::from(c)).sum();
        if total > MAX_COUNTERS {
            return Err(crate::SetupError::TooManyCounters(u64::from(total)));
        }
        let state = State::new(board, captured, side);
        Ok(Mangala4 {
            state,
            start: state,
            turn: 0,
            repeat_at: NO_REPEAT,
            endless: false,
            rules,
        })
    }

    /// The counts of the 14 holes in canonical order (South's 1..7, then North's 1..7).
    #[inline]
    pub fn board(&self) -> [u8; HOLES] {
        self.state.holes()
    }

    /// Counters `side` has captured.
    #[inline]
    pub fn captured(&self, side: Side) -> u8 {
        self.state.captured[side.index()]
    }

    /// The rule options in force.
    #[inline]
    pub fn rules(&self) -> RuleSet {
        self.rules
    }

    /// The same position under other rule options.
    pub fn with_rules(mut self, rules: RuleSet) -> Mangala4 {
        self.rules = rules;
        self
    }

    /// Counters still on the board.
    pub fn on_board(&self) -> u32 {
        self.state.board.iter().map(|&c| u32::from(c)).sum()
    }

    /// Counters on `side`'s row.
    pub fn on_row(&self, side: Side) -> u32 {
        let start = side.index() * PER_SIDE;
        self.state.board[start..start + PER_SIDE]
            .iter()
            .map(|&c| u32::from(c))
            .sum()
    }

    /// Turns played since the last capture (or since this position's history began), passes
    /// included.
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
    pub fn end_reason(&self) -> Option<EndReason> {
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

    /// Plays `mv` if it is legal and reports what it did; otherwise leaves the position as it
    /// was.
    pub fn play_reported(&mut self, mv: Move) -> Result<Effect, MoveError> {
        use mancala_engine::Position as _;
        self.check_move(mv)?;
        Ok(self.play_forced_reported())
    }

    /// Plays the forced move (or the pass) and reports it. Does nothing and reports a pass of
    /// zero laps once the game is over; check [`end_reason`](Mangala4::end_reason) first.
    #[inline]
    pub fn play_forced_reported(&mut self) -> Effect {
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
        match forced_hole(&self.state.board, side) {
            None => {
                self.state.side = !side;
                self.next_turn();
            }
            Some(hole) => {
                effect.mv = Move::Sow(hole as u8);
                match sow_move(&mut self.state, hole) {
                    Sown::Quiet { laps, .. } => {
                        effect.laps = laps;
                        self.state.side = !side;
                        self.next_turn();
                    }
                    Sown::Capture { chain, laps } => {
                        effect.laps = laps;
                        effect.capture = Some(Capture {
                            landing: chain.from as u8,
                            holes: chain.holes as u8,
                            counters: chain.seeds as u8,
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
            }
        }
        effect
    }

    /// Counts a turn without capture, and looks for the run's first repeat once one could
    /// come.
    #[inline(always)]
    fn next_turn(&mut self) {
        self.turn += 1;
        if self.turn == RESOLVE_AT {
            self.resolve();
        }
    }

    /// Starts a new run of turns from the state after a capture.
    #[inline(always)]
    fn new_run(&mut self) {
        self.turn = 0;
        self.start = self.state;
        self.repeat_at = NO_REPEAT;
    }

    /// Records the turn of the first repeat of the current run, if it has one (M7).
    #[inline(never)]
    fn resolve(&mut self) {
        self.repeat_at = engine::repeat_turn(&self.start, &self.state).unwrap_or(NO_REPEAT);
    }

    /// Plays the game out to its end along the forced line: the main operation of this crate
    /// (the whole game is a function of the start). Fast: no allocation, constant memory, whole
    /// runs of turns between captures played by the hot loop with Brent's cycle detection, and
    /// a lone counter's circuit known in advance.
    pub fn play_out(&self) -> Finish {
        let mut position = *self;
        let mut plies = 0u32;
        while position.end_reason().is_none() {
            if position.turn == 0 && position.state.is_lone_counter() {
                position.repeat_at = engine::lone_counter_repeat(&position.state);
            } else if position.turn > 0 && position.turn < RESOLVE_AT {
                position.resolve();
            }
            if position.repeat_at != NO_REPEAT {
                // The repeat of this run is known: walk straight to it.
                while position.turn < position.repeat_at {
                    match engine::step(&mut position.state) {
                        Step::Pass => {}
                        _ => plies += 1,
                    }
                    position.turn += 1;
                }
                break;
            }
            let run = engine::run(&mut position.state);
            plies += run.moves;
            match run.end {
                RunEnd::Capture => position.new_run(),
                RunEnd::Endless => {
                    position.turn += run.turns;
                    position.endless = true;
                }
                RunEnd::Repetition { at } => {
                    position.turn += at;
                    position.repeat_at = position.turn;
                }
            }
        }
        let outcome = mancala_engine::Position::outcome(&position).expect("the game is over");
        Finish {
            position,
            plies,
            outcome,
        }
    }
}

impl mancala_engine::Position for Mangala4 {
    fn board(&self) -> mancala_engine::Board {
        mancala_engine::Board::new(&self.board())
    }

    fn store(&self, side: Side) -> u32 {
        u32::from(self.captured(side))
    }

    fn seeds_on_side(&self, side: Side) -> u32 {
        self.on_row(side)
    }

    type Move = Move;
    type MoveError = MoveError;

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
            (Some(Move::Pass), Move::Sow(_)) => Err(MoveError::MustPass(side)),
            (Some(Move::Pass), Move::Pass) => Ok(()),
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
    #[inline]
    fn play_unchecked(&mut self, _mv: Move) {
        self.play_forced_reported();
    }

    fn outcome(&self) -> Option<Outcome> {
        let reason = self.end_reason()?;
        Some(Outcome::by_score(
            self.score(Side::South),
            self.score(Side::North),
            reason,
        ))
    }

    /// Captured counters, plus (for a finished game under [`Leftover::OwnSide`]) the counters
    /// left on the player's row.
    fn score(&self, side: Side) -> u32 {
        let captured = u32::from(self.captured(side));
        if self.rules.leftover == Leftover::OwnSide && self.end_reason().is_some() {
            captured + self.on_row(side)
        } else {
            captured
        }
    }

    #[inline]
    fn count_legal_moves(&self) -> usize {
        usize::from(self.end_reason().is_none())
    }
}

/// The end of a play-out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Finish {
    /// The final position (its game is over).
    pub position: Mangala4,
    /// Moves played from the start of the play-out to the end; passes are not counted, an
    /// endless move is.
    pub plies: u32,
    /// The result.
    pub outcome: Outcome,
}

impl Finish {
    /// `side`'s final score under the position's rules.
    pub fn score(&self, side: Side) -> u32 {
        mancala_engine::Position::score(&self.position, side)
    }

    /// Counters left on the board at the end (whoever the leftover option gives them to).
    pub fn left(&self) -> u32 {
        self.position.on_board()
    }
}

impl fmt::Display for Finish {
    /// `south=S north=N reason=R plies=P left=L`, the play-out example's line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "south={} north={} reason={} plies={} left={}",
            self.score(Side::South),
            self.score(Side::North),
            self.outcome.reason,
            self.plies,
            self.left()
        )
    }
}
