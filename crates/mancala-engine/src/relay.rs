//! The relay driver: repeats laps of a relay sowing until one ends the move, and always
//! returns. A lap is a step of a [walk](crate::repetition): a lap says
//! [`Advance::Stop`] to end the move, and a relay that comes back to a state it was in is
//! endless, found by [`find_repetition`] in constant memory.

use crate::repetition::{find_repetition, Advance, Walk};

/// The lap limit of the rules files: a relay that has not ended after this many laps is endless.
pub const LAP_LIMIT: u32 = 10_000;

/// How a relay ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RelayEnd {
    /// A lap ended the move; `laps` laps were sown.
    Finished {
        /// Laps sown, the last one included.
        laps: u32,
    },
    /// The relay would never end: it hit the lap limit, or it came back to a state it had been
    /// in before (which, the laps being deterministic, means it would cycle for ever).
    Endless {
        /// Laps sown before the verdict.
        laps: u32,
    },
}

/// Runs `lap` on `state` until it returns [`Advance::Stop`], at most `limit` times.
///
/// `lap` must be a pure function of `state` (the state holds everything a lap depends on, e.g.
/// the board and the hole the next lap starts from). A repeated state is then proof of an
/// endless relay; the driver finds one with Brent's method ([`find_repetition`]), keeping a single
/// saved copy, so memory does not grow with the number of laps. The verdict is the same as
/// running to the limit: the repeat check is only a shortcut. `state` is left as the last lap
/// left it.
pub fn relay<S, F>(state: &mut S, limit: u32, lap: F) -> RelayEnd
where
    S: Clone + PartialEq,
    F: FnMut(&mut S) -> Advance,
{
    match find_repetition(state, limit, lap) {
        Walk::Stopped { steps } => RelayEnd::Finished { laps: steps },
        Walk::Repeats { steps, .. } | Walk::Limit { steps } => RelayEnd::Endless { laps: steps },
    }
}

/// [`relay`] with its first `plain` laps sown without the repeat check: nearly every relay
/// ends within a few laps, and then costs no saved copies and no comparisons. A relay still
/// going after them is sown again from its start by [`relay`], so every verdict and lap count
/// is exactly `relay`'s.
#[inline(always)]
pub fn relay_plain_first<S, F>(state: &mut S, limit: u32, plain: u32, mut lap: F) -> RelayEnd
where
    S: Clone + PartialEq,
    F: FnMut(&mut S) -> Advance,
{
    let start = state.clone();
    let plain = plain.min(limit);
    for laps in 1..=plain {
        if lap(state) == Advance::Stop {
            return RelayEnd::Finished { laps };
        }
    }
    *state = start;
    long_relay(state, limit, lap)
}

/// The rare relay longer than its plain laps, kept out of the caller's hot loop.
#[cold]
#[inline(never)]
fn long_relay<S, F>(state: &mut S, limit: u32, lap: F) -> RelayEnd
where
    S: Clone + PartialEq,
    F: FnMut(&mut S) -> Advance,
{
    relay(state, limit, lap)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::repetition::tests::rho;

    #[test]
    fn stops_when_a_lap_says_so() {
        let mut n = 0u32;
        let end = relay(&mut n, LAP_LIMIT, |n| {
            *n += 1;
            if *n == 37 {
                Advance::Stop
            } else {
                Advance::Continue
            }
        });
        assert_eq!(end, RelayEnd::Finished { laps: 37 });
        assert_eq!(n, 37);
    }

    #[test]
    fn finds_a_cycle_long_before_the_limit() {
        // Enters a cycle of length 7 after 100 steps.
        let mut n = 0u32;
        let end = relay(&mut n, LAP_LIMIT, rho(100, 7));
        match end {
            RelayEnd::Endless { laps } => assert!(laps < 400, "{laps}"),
            other => panic!("expected an endless relay, got {other:?}"),
        }
    }

    #[test]
    fn plain_laps_first_give_the_same_verdicts_and_counts() {
        let stop_at = |end: u32| {
            move |n: &mut u32| {
                *n += 1;
                if *n == end {
                    Advance::Stop
                } else {
                    Advance::Continue
                }
            }
        };
        for plain in [0, 1, 3, 64, 20_000] {
            for end in [1, 2, 64, 65, 500] {
                let (mut a, mut b) = (0u32, 0u32);
                assert_eq!(
                    relay_plain_first(&mut a, LAP_LIMIT, plain, stop_at(end)),
                    relay(&mut b, LAP_LIMIT, stop_at(end))
                );
                assert_eq!(a, b);
            }
            for (tail, cycle) in [(0, 1), (3, 5), (100, 7), (70, 2)] {
                let (mut a, mut b) = (0u32, 0u32);
                assert_eq!(
                    relay_plain_first(&mut a, LAP_LIMIT, plain, rho(tail, cycle)),
                    relay(&mut b, LAP_LIMIT, rho(tail, cycle))
                );
                assert_eq!(a, b);
            }
            let (mut a, mut b) = (0u64, 0u64);
            let count = |n: &mut u64| {
                *n += 1;
                Advance::Continue
            };
            assert_eq!(
                relay_plain_first(&mut a, 500, plain, count),
                relay(&mut b, 500, count)
            );
            assert_eq!(a, b);
        }
    }

    #[test]
    fn a_long_acyclic_relay_hits_the_limit() {
        let mut n = 0u64;
        let end = relay(&mut n, 500, |n| {
            *n += 1;
            Advance::Continue
        });
        assert_eq!(end, RelayEnd::Endless { laps: 500 });
        assert_eq!(n, 500);
    }

    #[test]
    fn a_relay_that_ends_on_the_last_allowed_lap_is_finished() {
        let mut n = 0u64;
        let end = relay(&mut n, 500, |n| {
            *n += 1;
            if *n == 500 {
                Advance::Stop
            } else {
                Advance::Continue
            }
        });
        assert_eq!(end, RelayEnd::Finished { laps: 500 });
    }
}
