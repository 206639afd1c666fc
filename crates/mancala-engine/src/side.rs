//! The two players.

use core::fmt;
use core::ops::Not;

/// One of the two players, named by the edge of the board he sits at.
///
/// Every game in the workspace seats its players South and North: Toguz Kumalak's White sits
/// South (holes `0..9`), Black sits North. Canonical hole indices start on South's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The player whose holes come first in canonical order.
    South = 0,
    /// The other player.
    North = 1,
}

impl Side {
    /// Both sides, South first: handy for loops and tables.
    pub const BOTH: [Side; 2] = [Side::South, Side::North];

    /// The other player.
    #[inline]
    pub const fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// `0` for South, `1` for North: an index into per-side arrays.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The side with the given per-side index, if it is `0` or `1`.
    #[inline]
    pub const fn from_index(index: usize) -> Option<Side> {
        match index {
            0 => Some(Side::South),
            1 => Some(Side::North),
            _ => None,
        }
    }
}

impl Not for Side {
    type Output = Side;
    #[inline]
    fn not(self) -> Side {
        self.opponent()
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::South => "south",
            Side::North => "north",
        })
    }
}

impl core::str::FromStr for Side {
    type Err = crate::ParseError;
    /// Reads `south` or `north` (in any letter case).
    fn from_str(text: &str) -> Result<Side, crate::ParseError> {
        if text.eq_ignore_ascii_case("south") {
            Ok(Side::South)
        } else if text.eq_ignore_ascii_case("north") {
            Ok(Side::North)
        } else {
            Err(crate::ParseError::new(
                "side",
                text,
                "expected `south` or `north`",
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn opponent_is_an_involution() {
        for side in Side::BOTH {
            assert_ne!(side, !side);
            assert_eq!(side, !!side);
            assert_eq!(Side::from_index(side.index()), Some(side));
        }
        assert_eq!(Side::from_index(2), None);
    }

    #[test]
    fn sides_read_back_what_they_write() {
        for side in Side::BOTH {
            assert_eq!(side.to_string().parse::<Side>(), Ok(side));
        }
        assert_eq!("North".parse::<Side>(), Ok(Side::North));
        assert!("west".parse::<Side>().is_err());
    }
}
