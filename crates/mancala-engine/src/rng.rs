//! A small seeded random number generator, so that random setups and play-outs are the same on
//! every machine and with every version of every dependency.

/// xoshiro256++ seeded through SplitMix64: fast, small, and fully specified by its seed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rng {
    state: [u64; 4],
}

impl Rng {
    /// A generator whose whole sequence is determined by `seed`.
    pub fn new(seed: u64) -> Rng {
        let mut sm = seed;
        let mut next = || {
            sm = sm.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = sm;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        };
        Rng {
            state: [next(), next(), next(), next()],
        }
    }

    /// The generator's whole state, to save it: [`from_state`](Rng::from_state) gives back
    /// a generator that draws the same sequence from here on.
    pub fn state(&self) -> [u64; 4] {
        self.state
    }

    /// The generator in a saved [`state`](Rng::state); `None` for the all-zero state, which
    /// no generator reaches and from which xoshiro would draw only zeros.
    pub fn from_state(state: [u64; 4]) -> Option<Rng> {
        (state != [0; 4]).then_some(Rng { state })
    }

    /// The next 64 random bits.
    #[inline]
    pub fn next_u64(&mut self) -> u64 {
        let s = &mut self.state;
        let result = s[0].wrapping_add(s[3]).rotate_left(23).wrapping_add(s[0]);
        let t = s[1] << 17;
        s[2] ^= s[0];
        s[3] ^= s[1];
        s[1] ^= s[2];
        s[0] ^= s[3];
        s[2] ^= t;
        s[3] = s[3].rotate_left(45);
        result
    }

    /// A uniformly distributed integer in `0..n` (exactly uniform: Lemire's method with
    /// rejection). Returns `0` when `n` is `0`.
    #[inline]
    pub fn below(&mut self, n: u32) -> u32 {
        if n == 0 {
            return 0;
        }
        loop {
            let x = self.next_u64() as u32;
            let m = u64::from(x) * u64::from(n);
            let low = m as u32;
            if low >= n || low >= n.wrapping_neg() % n {
                return (m >> 32) as u32;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_saved_state_draws_the_same_sequence() {
        let mut rng = super::Rng::new(7);
        rng.next_u64();
        let mut copy = super::Rng::from_state(rng.state()).expect("a reachable state");
        for _ in 0..100 {
            assert_eq!(rng.next_u64(), copy.next_u64());
        }
        assert!(super::Rng::from_state([0; 4]).is_none());
    }

    use super::*;

    #[test]
    fn same_seed_same_sequence() {
        let mut a = Rng::new(42);
        let mut b = Rng::new(42);
        let mut c = Rng::new(43);
        let xs: Vec<u64> = (0..8).map(|_| a.next_u64()).collect();
        let ys: Vec<u64> = (0..8).map(|_| b.next_u64()).collect();
        let zs: Vec<u64> = (0..8).map(|_| c.next_u64()).collect();
        assert_eq!(xs, ys);
        assert_ne!(xs, zs);
    }

    #[test]
    fn below_stays_in_range_and_covers_it() {
        let mut rng = Rng::new(7);
        let mut seen = [0u32; 9];
        for _ in 0..9000 {
            let v = rng.below(9);
            assert!(v < 9);
            seen[v as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
        assert_eq!(rng.below(0), 0);
        assert_eq!(rng.below(1), 0);
    }
}
