//! A fixed-capacity list of moves: legal move generation never touches the heap.

use core::fmt;
use core::ops::Deref;

/// The most moves any position of any game in the workspace can offer (Toguz Kumalak with
/// optional tuzdiks offers at most 18, Katro with directions chosen per turn at most 12).
pub const MAX_MOVES: usize = 32;

/// Legal moves, stored inline. Dereferences to a slice, so `len`, `iter`, `contains` and
/// indexing work as on any slice.
#[derive(Clone, Copy)]
pub struct MoveList<M: Copy + Default> {
    moves: [M; MAX_MOVES],
    len: u8,
}

impl<M: Copy + Default> MoveList<M> {
    /// An empty list.
    #[inline]
    pub fn new() -> Self {
        MoveList {
            moves: [M::default(); MAX_MOVES],
            len: 0,
        }
    }

    /// Appends a move.
    ///
    /// # Panics
    ///
    /// If the list already holds [`MAX_MOVES`] moves: a game that could offer more is a bug in
    /// that game, caught by its tests.
    #[inline]
    pub fn push(&mut self, mv: M) {
        self.moves[self.len as usize] = mv;
        self.len += 1;
    }

    /// The moves of the set bits of `mask`, lowest first: bit `i` gives `move_of(i)`. The
    /// shape of every game whose legal moves are a mask of holes.
    ///
    /// ```
    /// use mancala_engine::MoveList;
    ///
    /// let moves = MoveList::from_mask(0b1010_0001, |hole| hole as u8 + 1);
    /// assert_eq!(&*moves, &[1, 6, 8]);
    /// ```
    #[inline]
    pub fn from_mask(mut mask: u32, move_of: impl Fn(u32) -> M) -> Self {
        let mut moves = MoveList::new();
        while mask != 0 {
            moves.push(move_of(mask.trailing_zeros()));
            mask &= mask - 1;
        }
        moves
    }
}

impl<M: Copy + Default> Default for MoveList<M> {
    fn default() -> Self {
        Self::new()
    }
}

impl<M: Copy + Default> Deref for MoveList<M> {
    type Target = [M];
    #[inline]
    fn deref(&self) -> &[M] {
        &self.moves[..self.len as usize]
    }
}

impl<'a, M: Copy + Default> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = core::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<M: Copy + Default> IntoIterator for MoveList<M> {
    type Item = M;
    type IntoIter = core::iter::Take<core::array::IntoIter<M, MAX_MOVES>>;
    fn into_iter(self) -> Self::IntoIter {
        let len = self.len as usize;
        self.moves.into_iter().take(len)
    }
}

impl<M: Copy + Default> FromIterator<M> for MoveList<M> {
    fn from_iter<I: IntoIterator<Item = M>>(iter: I) -> Self {
        let mut list = MoveList::new();
        for mv in iter {
            list.push(mv);
        }
        list
    }
}

impl<M: Copy + Default + fmt::Debug> fmt::Debug for MoveList<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<M: Copy + Default + PartialEq> PartialEq for MoveList<M> {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl<M: Copy + Default + Eq> Eq for MoveList<M> {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn behaves_like_a_slice() {
        let mut list = MoveList::<u8>::new();
        assert!(list.is_empty());
        list.push(3);
        list.push(7);
        assert_eq!(&*list, &[3, 7]);
        assert!(list.contains(&7));
        assert_eq!(list.into_iter().collect::<Vec<_>>(), vec![3, 7]);
        let collected: MoveList<u8> = (0..5).collect();
        assert_eq!(collected.len(), 5);
    }
}
