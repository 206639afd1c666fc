//! The tally of a match between two players and the difference in strength it shows, on
//! the Elo scale.

/// Wins, draws and losses of player A.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games A won.
    pub wins: u32,
    /// Games drawn (or stopped unfinished).
    pub draws: u32,
    /// Games A lost.
    pub losses: u32,
}

impl Tally {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A's score as a fraction: a win counts 1, a draw ½.
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            return 0.5;
        }
        (f64::from(self.wins) + 0.5 * f64::from(self.draws)) / f64::from(self.games())
    }

    /// The Elo difference the score implies, with its 95 % interval from the spread of the
    /// per-game results (normal approximation): `(elo, low, high)`, infinite at 0 % or 100 %.
    pub fn elo(&self) -> (f64, f64, f64) {
        let n = f64::from(self.games().max(1));
        let s = self.score();
        let variance = (f64::from(self.wins) * (1.0 - s).powi(2)
            + f64::from(self.draws) * (0.5 - s).powi(2)
            + f64::from(self.losses) * s.powi(2))
            / n;
        let margin = 1.96 * (variance / n).sqrt();
        (elo_of(s), elo_of(s - margin), elo_of(s + margin))
    }
}

/// The Elo difference at which the expected score is `score`.
pub fn elo_of(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_follows_the_logistic_curve() {
        assert_eq!(elo_of(0.5), 0.0);
        // 10:1 odds is 400 points.
        assert!((elo_of(10.0 / 11.0) - 400.0).abs() < 1e-9);
        let even = Tally {
            wins: 10,
            draws: 0,
            losses: 10,
        };
        let (elo, low, high) = even.elo();
        assert_eq!(elo, 0.0);
        assert!(low < 0.0 && high > 0.0 && (low + high).abs() < 1e-9);
        let sweep = Tally {
            wins: 5,
            draws: 0,
            losses: 0,
        };
        assert_eq!(sweep.elo().0, f64::INFINITY);
    }
}
