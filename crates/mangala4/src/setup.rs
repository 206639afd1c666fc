//! Raw position parts ([`Setup`]), validated into a [`Mangala4`]; and the starts: even, random
//! from a seed, or any board.

use crate::position::{Mangala4, RESOLVE_AT};
use crate::repetition::repeat_turn;
use crate::rules::{RuleSet, HOLES, MAX_SEEDS, STANDARD_SEEDS};
use crate::sowing::{forced_hole, sow_move, step, Sown, State, Step};
use mancala_engine::notation::seed_count;
use mancala_engine::{Rng, Side};

/// The parts of a position, as a caller or a notation gives them: public fields, no promises.
/// [`Mangala4::from_setup`](mancala_engine::Game::from_setup) turns it into a position or says what is wrong with it, and
/// [`Mangala4::to_setup`](mancala_engine::Game::to_setup) gives it back.
///
/// A start is a board, the player to move first and the rules, with nothing captured and
/// nothing behind it: [`Setup::even`], [`Setup::random`], or any board as
/// `Setup { holes, ..Setup::even() }`. A position in mid-game also carries what the repetition
/// rule (M7) needs to know of the turns since the last capture ([`Setup::run`]) and whether the
/// game ended with an endless move (M8).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    /// The seeds of the 14 holes, in canonical order (South's holes 1..7 from his left, then
    /// North's 1..7 from his left).
    pub holes: [u32; HOLES],
    /// The seeds each player has captured, indexed by [`Side::index`].
    pub stores: [u32; 2],
    /// The player to move (at a start: the first player, a setup parameter by a library rule;
    /// South in the standard starts).
    pub side_to_move: Side,
    /// The rule options.
    pub rules: RuleSet,
    /// The turns played since the last capture, if any: `None` at a start, just after a
    /// capture, or where the known history begins.
    pub run: Option<Run>,
    /// The game ended with an endless move (M8) played from this board, which it left as it
    /// was.
    pub endless: bool,
}

/// The turns played since the last capture: what the repetition rule (M7) looks back on. Play
/// is forced, so the board the run began with and the number of turns since tell every
/// position of the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Run {
    /// Turns played since, passes included (at least 1).
    pub turns: u32,
    /// The board when the run began, in canonical order; the stores were as they are now, and
    /// the side to move was the one to move now if `turns` is even, the other if odd.
    pub start: [u32; HOLES],
}

/// Why a [`Setup`] is not a possible position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Board and stores hold more seeds than a position can.
    #[error("{0} seeds in all, more than the {max} a position can hold", max = MAX_SEEDS)]
    TooManySeeds(u64),
    /// A run of turns was given with no turns in it.
    #[error("a run since the last capture has at least one turn (none is written as no run)")]
    EmptyRun,
    /// The run's start board holds another number of seeds than the board.
    #[error(
        "the board when the run began holds {}, the board now {now}: only a capture changes that",
        seed_count(*start)
    )]
    RunSeeds {
        /// Seeds on the run's start board.
        start: u64,
        /// Seeds on the board now.
        now: u64,
    },
    /// The forced line from the run's start does not reach the position within the run.
    #[error("the forced play from the board when the run began does not reach this position in {turns} turns without a capture: {why}")]
    RunMismatch {
        /// The turns of the run.
        turns: u32,
        /// What happens instead.
        why: &'static str,
    },
    /// The endless flag on a board whose forced move is not endless.
    #[error("the game cannot have ended with an endless move here: {0}")]
    NotEndless(&'static str),
}

impl Setup {
    /// Seven seeds in every hole (the balanced competitive start, and the standard one of
    /// this crate), South to move, standard rules.
    pub const fn even() -> Setup {
        Setup::start([7; HOLES])
    }

    /// A start on `holes`: nothing captured, no history, South to move, standard rules.
    pub const fn start(holes: [u32; HOLES]) -> Setup {
        Setup {
            holes,
            stores: [0, 0],
            side_to_move: Side::South,
            rules: RuleSet::STANDARD,
            run: None,
            endless: false,
        }
    }

    /// The traditional random start, reproducible from `seed` on every machine: each of the 98
    /// seeds in turn is dropped into a hole chosen uniformly among the 14 (a multinomial
    /// spread; holes may stay empty), drawing from [`Rng::new(seed)`](Rng::new) with
    /// `below(14)`. South to move, standard rules.
    pub fn random(seed: u64) -> Setup {
        Setup::random_from(&mut Rng::new(seed))
    }

    /// [`random`](Setup::random) drawing from a generator the caller already has.
    pub fn random_from(rng: &mut Rng) -> Setup {
        let mut holes = [0u32; HOLES];
        for _ in 0..STANDARD_SEEDS {
            holes[rng.below(HOLES as u32) as usize] += 1;
        }
        Setup::start(holes)
    }
}

impl Default for Setup {
    /// [`Setup::even`].
    fn default() -> Setup {
        Setup::even()
    }
}

/// The board of `holes` as bytes, once their sum is known to be at most [`MAX_SEEDS`].
fn bytes(holes: &[u32; HOLES]) -> [u8; HOLES] {
    holes.map(|seeds| seeds as u8)
}

fn sum(counts: &[u32]) -> u64 {
    counts.iter().map(|&c| u64::from(c)).sum()
}

/// Validates raw parts into a position ([`Game::from_setup`](mancala_engine::Game::from_setup)).
pub(crate) fn from_setup(setup: Setup) -> Result<Mangala4, SetupError> {
    let on_board = sum(&setup.holes);
    let total = on_board + sum(&setup.stores);
    if total > u64::from(MAX_SEEDS) {
        return Err(SetupError::TooManySeeds(total));
    }
    let stores = setup.stores.map(|seeds| seeds as u8);
    let state = State::new(bytes(&setup.holes), stores, setup.side_to_move);
    let mut position = Mangala4::from_state(state, setup.rules);
    if let Some(run) = setup.run {
        position.start = run_start(&run, state, on_board)?;
        position.turn = run.turns;
        if run.turns >= RESOLVE_AT {
            position.resolve();
        }
        if position.repeat_at < run.turns {
            return Err(SetupError::RunMismatch {
                turns: run.turns,
                why: "the game ends by repetition before",
            });
        }
    }
    if setup.endless {
        if position.end_reason().is_some() {
            return Err(SetupError::NotEndless("the game was already over"));
        }
        let Some(hole) = forced_hole(&state.board, state.side) else {
            return Err(SetupError::NotEndless("the side to move passes"));
        };
        let mut sown = state;
        if !matches!(sow_move(&mut sown, hole), Sown::Endless { .. }) {
            return Err(SetupError::NotEndless("the forced move ends"));
        }
        position.endless = true;
    }
    Ok(position)
}

/// The state a run began from, checked by replaying the run up to `now`.
fn run_start(run: &Run, now: State, on_board: u64) -> Result<State, SetupError> {
    let mismatch = |why| SetupError::RunMismatch {
        turns: run.turns,
        why,
    };
    if run.turns == 0 {
        return Err(SetupError::EmptyRun);
    }
    let start_seeds = sum(&run.start);
    if start_seeds != on_board {
        return Err(SetupError::RunSeeds {
            start: start_seeds,
            now: on_board,
        });
    }
    let side = if run.turns % 2 == 0 {
        now.side
    } else {
        !now.side
    };
    let start = State::new(bytes(&run.start), now.stores, side);
    // The repeat comes at the latest at the turn the run ends by M7: no longer replay needed.
    let limit = repeat_turn(&start, &start).unwrap_or(u32::MAX);
    if run.turns > limit {
        return Err(mismatch("the game ends by repetition before"));
    }
    let mut state = start;
    for _ in 0..run.turns {
        if state.is_empty() {
            return Err(mismatch("the board empties"));
        }
        match step(&mut state) {
            Step::Pass | Step::Quiet => {}
            Step::Capture => return Err(mismatch("a move captures")),
            Step::Endless => return Err(mismatch("a move is endless")),
        }
    }
    if state != now {
        return Err(mismatch("it reaches another board"));
    }
    Ok(start)
}

/// The parts of `position`.
pub(crate) fn to_setup(position: &Mangala4) -> Setup {
    let widen = |holes: [u8; HOLES]| holes.map(u32::from);
    Setup {
        holes: widen(position.state.holes()),
        stores: position.state.stores.map(u32::from),
        side_to_move: position.state.side,
        rules: position.rules,
        run: (position.turn > 0).then(|| Run {
            turns: position.turn,
            start: widen(position.start.holes()),
        }),
        endless: position.endless,
    }
}
