//! Whole rounds and the seeds left over, for every count a byte holds: the division every
//! sowing of a fixed length needs, read from a table on the hot path.

/// For one length, `seeds / len` and `seeds % len` for every `seeds` from 0 to 255.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rounds {
    split: [[u8; 2]; 256],
}

impl Rounds {
    /// The table for sowings of `len` holes.
    ///
    /// # Panics
    ///
    /// If `len` is `0` (at compile time, for a table built in a constant).
    pub const fn new(len: usize) -> Rounds {
        assert!(len > 0, "a sowing length of at least one hole");
        let mut split = [[0u8; 2]; 256];
        let mut seeds = 0;
        while seeds < 256 {
            split[seeds] = [(seeds / len) as u8, (seeds % len) as u8];
            seeds += 1;
        }
        Rounds { split }
    }

    /// `[seeds / len, seeds % len]`: the whole rounds and the seeds left over.
    #[inline(always)]
    pub const fn split(&self, seeds: u8) -> [u8; 2] {
        self.split[seeds as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn splits_every_count() {
        for len in [1, 2, 7, 14, 18, 255, 300] {
            let rounds = Rounds::new(len);
            for seeds in 0..=255u8 {
                let [whole, rest] = rounds.split(seeds);
                let (whole, rest) = (usize::from(whole), usize::from(rest));
                assert_eq!(whole * len + rest, usize::from(seeds), "{len} {seeds}");
                assert!(rest < len);
            }
        }
    }
}
