//! Serpentine per-player circuits (Katro and other four- and six-row mancalas).

use crate::Side;

/// The most holes one player's circuit can hold (4 rows of 8).
pub const MAX_CIRCUIT: usize = 32;

/// Which of the two mirror-image circuits a player sows along.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Direction {
    /// Seen from the player's seat: outer row left → right, next row right → left, and so on,
    /// then from the inner row back to the outer row's first hole.
    #[default]
    A,
    /// The mirror image of `A`: outer row right → left, next row left → right, and so on.
    /// It is not the reverse of `A`.
    B,
}

/// A board of `2 × rows_per_side` rows and `cols` columns, each player owning the rows on his
/// edge. Rows are numbered `0..rows()` from South's edge, columns `0..cols` left to right as seen
/// from South; hole `(row, col)` has the board index `row * cols + col`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Serpentine {
    rows_per_side: u8,
    cols: u8,
}

impl Serpentine {
    /// A board with `rows_per_side` rows per player (1..=4) and `cols` columns (1..=8).
    pub const fn new(rows_per_side: u8, cols: u8) -> Option<Serpentine> {
        if rows_per_side == 0 || rows_per_side > 4 || cols == 0 || cols > 8 {
            None
        } else {
            Some(Serpentine {
                rows_per_side,
                cols,
            })
        }
    }

    /// Rows owned by each player.
    #[inline]
    pub const fn rows_per_side(self) -> usize {
        self.rows_per_side as usize
    }

    /// Rows on the whole board.
    #[inline]
    pub const fn rows(self) -> usize {
        2 * self.rows_per_side as usize
    }

    /// Columns.
    #[inline]
    pub const fn cols(self) -> usize {
        self.cols as usize
    }

    /// Holes on the whole board.
    #[inline]
    pub const fn len(self) -> usize {
        self.rows() * self.cols()
    }

    /// Always `false`: a board has at least two holes.
    #[inline]
    pub const fn is_empty(self) -> bool {
        false
    }

    /// Holes owned by one player.
    #[inline]
    pub const fn per_side(self) -> usize {
        self.rows_per_side() * self.cols()
    }

    /// The board index of `(row, col)`.
    #[inline]
    pub const fn hole(self, row: usize, col: usize) -> usize {
        row * self.cols as usize + col
    }

    /// The row of board index `hole`.
    #[inline]
    pub const fn row_of(self, hole: usize) -> usize {
        hole / self.cols as usize
    }

    /// The column of board index `hole`, as seen from South.
    #[inline]
    pub const fn col_of(self, hole: usize) -> usize {
        hole % self.cols as usize
    }

    /// The board row at `depth` from `side`'s edge: depth `0` is his outer (back) row, depth
    /// `rows_per_side - 1` his inner row, facing the opponent's inner row.
    #[inline]
    pub const fn row_at_depth(self, side: Side, depth: usize) -> usize {
        match side {
            Side::South => depth,
            Side::North => self.rows() - 1 - depth,
        }
    }

    /// The player who owns `row`.
    #[inline]
    pub const fn owner_of_row(self, row: usize) -> Side {
        if row < self.rows_per_side as usize {
            Side::South
        } else {
            Side::North
        }
    }

    /// How deep `row` lies on its owner's side (`0` = outer).
    #[inline]
    pub const fn depth_of_row(self, row: usize) -> usize {
        match self.owner_of_row(row) {
            Side::South => row,
            Side::North => self.rows() - 1 - row,
        }
    }

    /// The closed circuit `side` sows along in `direction`.
    pub const fn circuit(self, side: Side, direction: Direction) -> Circuit {
        let mut path = [0u8; MAX_CIRCUIT];
        let mut position = [Circuit::OFF; 2 * MAX_CIRCUIT];
        let cols = self.cols as usize;
        let mut k = 0;
        let mut depth = 0;
        while depth < self.rows_per_side as usize {
            let mut step = 0;
            while step < cols {
                // Seen from South, direction A runs even depths left to right.
                let left_to_right = (depth % 2 == 0) == matches!(direction, Direction::A);
                let col_from_seat = if left_to_right { step } else { cols - 1 - step };
                let (row, col) = match side {
                    Side::South => (depth, col_from_seat),
                    Side::North => (self.rows() - 1 - depth, cols - 1 - col_from_seat),
                };
                let hole = row * cols + col;
                path[k] = hole as u8;
                position[hole] = k as u8;
                k += 1;
                step += 1;
            }
            depth += 1;
        }
        Circuit {
            path,
            position,
            len: k as u8,
        }
    }
}

/// One player's closed sowing path: the order of his holes, and each hole's place in it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Circuit {
    path: [u8; MAX_CIRCUIT],
    position: [u8; 2 * MAX_CIRCUIT],
    len: u8,
}

impl Circuit {
    /// The position recorded for holes that are not on the circuit.
    pub const OFF: u8 = u8::MAX;

    /// The board indices in sowing order.
    #[inline]
    pub const fn path(&self) -> &[u8] {
        self.path.split_at(self.len as usize).0
    }

    /// Holes on the circuit.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// `true` for a circuit with no holes (never produced by [`Serpentine::circuit`]).
    #[inline]
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The place of board index `hole` in the circuit, or `None` if it is not on it.
    #[inline]
    pub const fn position(&self, hole: usize) -> Option<usize> {
        if hole >= 2 * MAX_CIRCUIT || self.position[hole] == Circuit::OFF {
            None
        } else {
            Some(self.position[hole] as usize)
        }
    }

    /// The hole after `hole` on the circuit (which must be on it).
    #[inline]
    pub const fn next(&self, hole: usize) -> usize {
        let k = self.position[hole] as usize + 1;
        self.path[if k == self.len as usize { 0 } else { k }] as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `A B C D E F / G H I J K L (right to left) / M N O P Q R` as board indices on 6×6.
    #[test]
    fn six_by_six_south_circuits() {
        let board = Serpentine::new(3, 6).unwrap();
        let a = board.circuit(Side::South, Direction::A);
        assert_eq!(
            a.path(),
            &[0, 1, 2, 3, 4, 5, 11, 10, 9, 8, 7, 6, 12, 13, 14, 15, 16, 17]
        );
        assert_eq!(
            a.next(17),
            0,
            "inner row's last hole jumps back to the outer row's first"
        );
        let b = board.circuit(Side::South, Direction::B);
        assert_eq!(
            b.path(),
            &[5, 4, 3, 2, 1, 0, 6, 7, 8, 9, 10, 11, 17, 16, 15, 14, 13, 12]
        );
        assert_eq!(b.next(12), 5);
    }

    #[test]
    fn north_circuit_is_south_rotated() {
        for (rows, cols) in [(3, 6), (2, 4), (2, 6), (3, 3)] {
            let board = Serpentine::new(rows, cols).unwrap();
            for direction in [Direction::A, Direction::B] {
                let south = board.circuit(Side::South, direction);
                let north = board.circuit(Side::North, direction);
                assert_eq!(south.len(), board.per_side());
                for (s, n) in south.path().iter().zip(north.path()) {
                    assert_eq!(*n as usize, board.len() - 1 - *s as usize);
                }
                for (k, &hole) in north.path().iter().enumerate() {
                    assert_eq!(board.owner_of_row(board.row_of(hole as usize)), Side::North);
                    assert_eq!(north.position(hole as usize), Some(k));
                    assert_eq!(south.position(hole as usize), None);
                }
            }
        }
    }

    #[test]
    fn two_row_circuit_is_a_plain_loop() {
        let board = Serpentine::new(2, 4).unwrap();
        let a = board.circuit(Side::South, Direction::A);
        assert_eq!(a.path(), &[0, 1, 2, 3, 7, 6, 5, 4]);
        let b = board.circuit(Side::South, Direction::B);
        assert_eq!(b.path(), &[3, 2, 1, 0, 4, 5, 6, 7]);
        assert_eq!(board.row_at_depth(Side::North, 0), 3);
        assert_eq!(board.depth_of_row(2), 1);
    }
}
