//! The repetition rule (M7): a run of turns without capture ends at the start of the first
//! turn whose state already occurred in the run. Play is forced, so a run is a deterministic
//! sequence of states; the core's repetition detection (Brent's method, constant memory) finds
//! its cycle, and its first-repeat replay the turn the rule ends the game at.

use crate::rules::PER_SIDE;
use crate::sowing::{step, word, State, Step};
use mancala_engine::repetition::{find_repetition, first_repeat, Advance, Walk};
use mancala_engine::Side;

/// How a run of turns without capture ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum RunEnd {
    /// A move captured; the state is the one after it.
    Capture,
    /// A move was endless; the state is the one before it.
    Endless,
    /// The state is the first that repeats one of the run, reached at turn `at` of the run
    /// (counted from its start, `0`).
    Repetition { at: u32 },
}

/// The result of [`run`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Run {
    pub end: RunEnd,
    /// Turns played, passes included (for an endless move: the turns before it).
    pub turns: u32,
    /// Moves played, passes not included (an endless move counts).
    pub moves: u32,
}

/// A state on the forced line with the moves (turns that are not passes) played to reach it.
/// Equality is the state's alone: the count only rides along.
#[derive(Debug, Clone, Copy)]
struct Walker {
    state: State,
    moves: u32,
}

impl PartialEq for Walker {
    fn eq(&self, other: &Walker) -> bool {
        self.state == other.state
    }
}

/// One turn of `walker`: stops at a capture or an endless move, whose kind goes to `last`.
#[inline(always)]
fn turn(walker: &mut Walker, last: &mut Step) -> Advance {
    *last = step(&mut walker.state);
    match *last {
        Step::Pass => Advance::Continue,
        Step::Quiet => {
            walker.moves += 1;
            Advance::Continue
        }
        Step::Capture | Step::Endless => {
            walker.moves += 1;
            Advance::Stop
        }
    }
}

/// The turn at which a run of turns starting at `start` with a lone seed on the board first
/// repeats a state (M7). The seed goes round the board, moved by the owner of its row while
/// the other passes: a cycle of 26 turns (14 moves, 12 passes) through every state but the
/// two in which the side to move does not own the seed's row although it has just entered
/// it (North to move with the seed on South's first hole, South to move with it on North's
/// first); from those, a pass leads into the cycle a turn later.
pub(crate) fn lone_seed_repeat(start: &State) -> u32 {
    let hole = word(&start.board).trailing_zeros() as usize / 8;
    match (hole, start.side) {
        (0, Side::North) | (PER_SIDE, Side::South) => 27,
        _ => 26,
    }
}

/// Plays turns from `state` until a capture, an endless move, or the start of the first turn
/// whose state already occurred in this run (M7); `state` is left there. The board must not
/// be empty.
///
/// The cycle search yields the cycle length `λ` exactly; the first repeat, at turn `μ + λ`,
/// is then found by replaying from the start. Memory is constant. A line that has neither
/// ended nor repeated after `u32::MAX` turns (far beyond any game) is ended there as if it
/// repeated.
pub(crate) fn run(state: &mut State) -> Run {
    let start = *state;
    match cycle_from(state) {
        Ok(length) => first_repeat_from(start, length, state),
        Err(run) => run,
    }
}

/// The cycle search from `state` along the forced line: the length of the cycle the line falls
/// into, or how the run ends first. `state` is left where the search stopped.
#[inline]
fn cycle_from(state: &mut State) -> Result<u32, Run> {
    let mut walker = Walker {
        state: *state,
        moves: 0,
    };
    let mut last = Step::Pass;
    let walk = find_repetition(&mut walker, u32::MAX, |w| turn(w, &mut last));
    *state = walker.state;
    match walk {
        Walk::Repeats { period, .. } => Ok(period),
        Walk::Stopped { steps } if last == Step::Capture => Err(Run {
            end: RunEnd::Capture,
            turns: steps,
            moves: walker.moves,
        }),
        Walk::Stopped { steps } => Err(Run {
            end: RunEnd::Endless,
            turns: steps - 1,
            moves: walker.moves,
        }),
        Walk::Limit { steps } => Err(Run {
            end: RunEnd::Repetition { at: steps },
            turns: steps,
            moves: walker.moves,
        }),
    }
}

/// The turn of the first repeat (M7) in the run of turns that started at `start` and has
/// reached `now` without a capture or an endless move, if the run ends that way rather than
/// by one of those; `None` otherwise. The search goes on from `now`: the cycle the line falls
/// into is the same from any of its states, and the replay from `start` then finds the first
/// repeat. A run with a lone seed is answered without playing.
pub(crate) fn repeat_turn(start: &State, now: &State) -> Option<u32> {
    if start.is_lone_seed() {
        return Some(lone_seed_repeat(start));
    }
    let mut ahead = *now;
    match cycle_from(&mut ahead) {
        Ok(length) => {
            let mut end = *start;
            match first_repeat_from(*start, length, &mut end).end {
                RunEnd::Repetition { at } => Some(at),
                RunEnd::Capture | RunEnd::Endless => None,
            }
        }
        Err(Run {
            end: RunEnd::Repetition { at },
            ..
        }) => Some(at),
        Err(_) => None,
    }
}

/// Replays a run from `start` whose turns cycle with `length`, stopping at the first repeated
/// state.
fn first_repeat_from(start: State, length: u32, state: &mut State) -> Run {
    let walker = Walker {
        state: start,
        moves: 0,
    };
    let mut last = Step::Pass;
    let (leader, at) = first_repeat(&walker, length, |w| turn(w, &mut last));
    *state = leader.state;
    Run {
        end: RunEnd::Repetition { at },
        turns: at,
        moves: leader.moves,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::HOLES;

    #[test]
    fn a_lone_seed_repeats_after_a_circuit() {
        for hole in 0..HOLES {
            for side in Side::BOTH {
                let mut holes = [0u8; HOLES];
                holes[hole] = 1;
                let mut state = State::new(holes, [3, 4], side);
                assert!(state.is_lone_seed());
                let start = state;
                let run = run(&mut state);
                assert_eq!(
                    run.end,
                    RunEnd::Repetition {
                        at: lone_seed_repeat(&start)
                    }
                );
            }
        }
        let mut holes = [0u8; HOLES];
        holes[3] = 2;
        assert!(!State::new(holes, [0, 0], Side::South).is_lone_seed());
        holes[3] = 1;
        holes[9] = 1;
        assert!(!State::new(holes, [0, 0], Side::South).is_lone_seed());
    }
}
