//! Stores (troughs, kazans): seeds taken off the sowing path.

use crate::Side;

/// One store per player, beside the path: captures go in, nothing is ever sown into them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Stores {
    counts: [u16; 2],
}

impl Stores {
    /// Stores holding the given counts, South's first.
    #[inline]
    pub const fn new(south: u16, north: u16) -> Stores {
        Stores {
            counts: [south, north],
        }
    }

    /// Seeds in `side`'s store.
    #[inline]
    pub const fn get(&self, side: Side) -> u16 {
        self.counts[side.index()]
    }

    /// Puts `seeds` into `side`'s store.
    #[inline]
    pub fn add(&mut self, side: Side, seeds: u16) {
        self.counts[side.index()] += seeds;
    }

    /// Seeds in both stores.
    #[inline]
    pub const fn total(&self) -> u32 {
        self.counts[0] as u32 + self.counts[1] as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adds_to_the_right_side() {
        let mut stores = Stores::default();
        stores.add(Side::North, 5);
        stores.add(Side::South, 2);
        stores.add(Side::North, 1);
        assert_eq!(stores.get(Side::South), 2);
        assert_eq!(stores.get(Side::North), 6);
        assert_eq!(stores.total(), 8);
    }
}
