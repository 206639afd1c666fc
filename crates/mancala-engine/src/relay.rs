//! The relay driver: repeats laps of a relay sowing until one ends the move, and always
//! returns.

/// The lap limit of the rules files: a relay that has not ended after this many laps is endless.
pub const LAP_LIMIT: u32 = 10_000;

/// What one lap decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lap {
    /// The relay goes on with another lap.
    Continue,
    /// The move ends.
    Stop,
}

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

/// Runs `lap` on `state` until it returns [`Lap::Stop`], at most `limit` times.
///
/// `lap` must be a pure function of `state` (the state holds everything a lap depends on, e.g.
/// the board and the hole the next lap starts from). A repeated state is then proof of an
/// endless relay; the driver finds one with Brent's method, keeping a single saved copy, so
/// memory does not grow with the number of laps. The verdict is the same as running to the limit:
/// the repeat check is only a shortcut. `state` is left as the last lap left it.
pub fn relay<S, F>(state: &mut S, limit: u32, mut lap: F) -> RelayEnd
where
    S: Clone + PartialEq,
    F: FnMut(&mut S) -> Lap,
{
    let mut saved = state.clone();
    let mut power = 1u32;
    let mut since_saved = 0u32;
    for laps in 1..=limit {
        if lap(state) == Lap::Stop {
            return RelayEnd::Finished { laps };
        }
        if *state == saved {
            return RelayEnd::Endless { laps };
        }
        since_saved += 1;
        if since_saved == power {
            saved = state.clone();
            power = power.saturating_mul(2);
            since_saved = 0;
        }
    }
    RelayEnd::Endless { laps: limit }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stops_when_a_lap_says_so() {
        let mut n = 0u32;
        let end = relay(&mut n, LAP_LIMIT, |n| {
            *n += 1;
            if *n == 37 {
                Lap::Stop
            } else {
                Lap::Continue
            }
        });
        assert_eq!(end, RelayEnd::Finished { laps: 37 });
        assert_eq!(n, 37);
    }

    #[test]
    fn finds_a_cycle_long_before_the_limit() {
        // Enters a cycle of length 7 after 100 steps.
        let mut n = 0u32;
        let end = relay(&mut n, LAP_LIMIT, |n| {
            *n = if *n < 100 {
                *n + 1
            } else {
                100 + (*n - 100 + 1) % 7
            };
            Lap::Continue
        });
        match end {
            RelayEnd::Endless { laps } => assert!(laps < 400, "{laps}"),
            other => panic!("expected an endless relay, got {other:?}"),
        }
    }

    #[test]
    fn a_long_acyclic_relay_hits_the_limit() {
        let mut n = 0u64;
        let end = relay(&mut n, 500, |n| {
            *n += 1;
            Lap::Continue
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
                Lap::Stop
            } else {
                Lap::Continue
            }
        });
        assert_eq!(end, RelayEnd::Finished { laps: 500 });
    }
}
