//! The two-row ring.

use crate::Side;

/// Two rows of `per_side` holes forming one closed counterclockwise path.
///
/// Canonical index `0..per_side` is South's row, numbered from South's left; `per_side..2 *
/// per_side` is North's row from North's left. Sowing goes by increasing index modulo the
/// length, so after South's last hole comes North's first. The hole opposite `i` (same column
/// across the board) is `len - 1 - i`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Ring {
    per_side: u8,
}

impl Ring {
    /// A ring of two rows of `per_side` holes (at least 1, at most 127).
    pub const fn new(per_side: u8) -> Option<Ring> {
        if per_side == 0 || per_side > 127 {
            None
        } else {
            Some(Ring { per_side })
        }
    }

    /// Holes in one row.
    #[inline]
    pub const fn per_side(self) -> usize {
        self.per_side as usize
    }

    /// Holes on the whole ring.
    #[inline]
    pub const fn len(self) -> usize {
        2 * self.per_side as usize
    }

    /// Always `false`: a ring has at least two holes.
    #[inline]
    pub const fn is_empty(self) -> bool {
        false
    }

    /// The hole after `i` in sowing order.
    #[inline]
    pub const fn next(self, i: usize) -> usize {
        if i + 1 == self.len() {
            0
        } else {
            i + 1
        }
    }

    /// The hole before `i` in sowing order.
    #[inline]
    pub const fn prev(self, i: usize) -> usize {
        if i == 0 {
            self.len() - 1
        } else {
            i - 1
        }
    }

    /// The hole in the same column on the other row.
    #[inline]
    pub const fn opposite(self, i: usize) -> usize {
        self.len() - 1 - i
    }

    /// The player who owns hole `i`.
    #[inline]
    pub const fn owner(self, i: usize) -> Side {
        if i < self.per_side as usize {
            Side::South
        } else {
            Side::North
        }
    }

    /// The canonical indices of `side`'s row.
    #[inline]
    pub const fn row(self, side: Side) -> core::ops::Range<usize> {
        let start = side.index() * self.per_side as usize;
        start..start + self.per_side as usize
    }

    /// Hole `i`'s number `1..=per_side`, counted from its owner's left.
    #[inline]
    pub const fn number(self, i: usize) -> usize {
        i % self.per_side as usize + 1
    }

    /// The canonical index of `side`'s hole `number` (`1..=per_side`), if it exists.
    pub const fn index(self, side: Side, number: usize) -> Option<usize> {
        if number == 0 || number > self.per_side as usize {
            None
        } else {
            Some(side.index() * self.per_side as usize + number - 1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_and_neighbours() {
        let ring = Ring::new(9).unwrap();
        assert_eq!(ring.len(), 18);
        assert_eq!(ring.next(8), 9);
        assert_eq!(ring.next(17), 0);
        assert_eq!(ring.prev(0), 17);
        assert_eq!(ring.opposite(0), 17);
        assert_eq!(ring.opposite(8), 9);
        assert_eq!(ring.owner(8), Side::South);
        assert_eq!(ring.owner(9), Side::North);
        assert_eq!(ring.number(9), 1);
        assert_eq!(ring.index(Side::North, 9), Some(17));
        assert_eq!(ring.index(Side::South, 0), None);
        assert_eq!(ring.index(Side::South, 10), None);
        assert_eq!(ring.row(Side::North), 9..18);
        assert!(Ring::new(0).is_none());
        for i in 0..ring.len() {
            assert_eq!(ring.prev(ring.next(i)), i);
            assert_eq!(ring.opposite(ring.opposite(i)), i);
            assert_ne!(ring.owner(i), ring.owner(ring.opposite(i)));
            assert_eq!(ring.index(ring.owner(i), ring.number(i)), Some(i));
        }
    }
}
