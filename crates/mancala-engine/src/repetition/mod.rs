//! Repetition detection: when a deterministic sequence of states comes back to one it has
//! been in, it cycles for ever. [`find_repetition`] tells whether and how soon, in constant
//! memory (Brent's method), and [`first_repeat`] finds the first state that recurs; the relay
//! driver and Mangala IV's repetition rule are written over them. [`PositionHistory`] is the
//! other tool: it remembers a whole game for programs that play.

mod history;

pub use history::PositionHistory;

/// What one step of a walk decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Advance {
    /// The walk goes on with another step.
    Continue,
    /// The walk ends here.
    Stop,
}

/// How a walk along a deterministic sequence of states ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Walk {
    /// A step said [`Advance::Stop`]; `steps` steps were taken, that one included.
    Stopped {
        /// Steps taken.
        steps: u32,
    },
    /// The state came back to one it had been in: the sequence repeats for ever.
    Repeats {
        /// The length of the cycle the sequence repeats, exact.
        period: u32,
        /// Steps taken before the repeat was seen.
        steps: u32,
    },
    /// `limit` steps were taken without either.
    Limit {
        /// Steps taken.
        steps: u32,
    },
}

/// Steps `state` along the sequence `step` defines (a pure function of the state) until a
/// step says [`Advance::Stop`], the state repeats, or `limit` steps are taken. Brent's method:
/// one saved state, saved again at doubling distances, so memory is constant, and the period
/// comes out exact. `state` is left where the walk stopped.
pub fn find_repetition<S, F>(state: &mut S, limit: u32, mut step: F) -> Walk
where
    S: Clone + PartialEq,
    F: FnMut(&mut S) -> Advance,
{
    let mut saved = state.clone();
    let mut power = 1u32;
    let mut length = 0u32;
    for steps in 1..=limit {
        if step(state) == Advance::Stop {
            return Walk::Stopped { steps };
        }
        length += 1;
        if *state == saved {
            return Walk::Repeats {
                period: length,
                steps,
            };
        }
        if length == power {
            saved = state.clone();
            power = power.saturating_mul(2);
            length = 0;
        }
    }
    Walk::Limit { steps: limit }
}

/// The first repeat of a sequence that repeats with `period` (as [`find_repetition`] found
/// it) without a stop: the state the sequence from `start` reaches at the first step whose
/// state occurred before, and that step's number (the steps before the cycle plus its period).
///
/// A leader runs `period` steps ahead, then leader and follower step together until they
/// meet: constant memory. `step` is called for both; a caller that counts something along
/// the way reads it from the leader (the returned state).
pub fn first_repeat<S, F>(start: &S, period: u32, mut step: F) -> (S, u32)
where
    S: Clone + PartialEq,
    F: FnMut(&mut S) -> Advance,
{
    let mut leader = start.clone();
    for _ in 0..period {
        step(&mut leader);
    }
    let mut follower = start.clone();
    let mut before = 0u32;
    while follower != leader {
        step(&mut follower);
        step(&mut leader);
        before += 1;
    }
    (leader, before + period)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// `n → n + 1` up to `tail`, then round a cycle of `cycle` states.
    pub(crate) fn rho(tail: u32, cycle: u32) -> impl FnMut(&mut u32) -> Advance {
        move |n| {
            *n = if *n < tail {
                *n + 1
            } else {
                tail + (*n - tail + 1) % cycle
            };
            Advance::Continue
        }
    }

    #[test]
    fn the_period_is_exact_and_the_first_repeat_is_found() {
        for tail in [0, 1, 5, 100] {
            for cycle in [1, 2, 7, 26, 300] {
                let mut n = 0u32;
                match find_repetition(&mut n, 10_000, rho(tail, cycle)) {
                    Walk::Repeats { period, .. } => assert_eq!(period, cycle, "{tail} {cycle}"),
                    other => panic!("expected a repetition, got {other:?}"),
                }
                // State `tail` is the first to come back, after `tail + cycle` steps.
                let (state, at) = first_repeat(&0, cycle, rho(tail, cycle));
                assert_eq!((state, at), (tail, tail + cycle), "{tail} {cycle}");
            }
        }
    }

    #[test]
    fn a_stop_and_the_limit_end_the_walk() {
        let mut n = 0u32;
        let walk = find_repetition(&mut n, 100, |n| {
            *n += 1;
            if *n == 37 {
                Advance::Stop
            } else {
                Advance::Continue
            }
        });
        assert_eq!((walk, n), (Walk::Stopped { steps: 37 }, 37));
        let mut n = 0u64;
        let walk = find_repetition(&mut n, 50, |n| {
            *n += 1;
            Advance::Continue
        });
        assert_eq!((walk, n), (Walk::Limit { steps: 50 }, 50));
    }
}
