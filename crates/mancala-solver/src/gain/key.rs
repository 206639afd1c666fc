//! The gain search's keys: the board itself where it fits a word, so that two boards never
//! share a key, else a hash of it.
//!
//! Keys are of positions with South to move: a position with North to move has its mirror's
//! key (the rows swapped), whose rest of the game is its own seen from the other side, so the
//! two share what is proved of either.
//!
//! A board of `p` pits whose pits each hold fewer than `2^w` seeds, where `p × w` bits leave
//! room for the extra state in 62, is written whole: `w` bits a pit, then the extra state, then
//! a zero bit, plus one (so no key is 0, the table's empty slot). Any
//! other board (a pit with more seeds) is hashed, with the top bit set: a hashed key can equal
//! another hashed key only, which needs a pit of many seeds on both boards and a 63-bit
//! coincidence. Kalah (6, 4) fits: 12 pits of 5 bits (up to 31 seeds a pit) in 61 bits.

/// How the keys of one board size are made.
#[derive(Debug, Clone, Copy)]
pub(crate) struct BoardKey {
    /// Bits a pit (0: every board is hashed).
    width: u32,
    /// Bits of the extra state.
    extra_bits: u32,
}

impl BoardKey {
    /// Keys of boards of `pits` pits with `extra_states` extra states.
    pub(crate) fn new(pits: usize, extra_states: u32) -> BoardKey {
        let extra_bits = u32::BITS - extra_states.max(1).saturating_sub(1).leading_zeros();
        // 63 bits below the hashed keys' flag: the pits, the extra state, the side, and room
        // for the plus one.
        let room = 62u32.saturating_sub(extra_bits + 1);
        let width = if pits == 0 {
            8
        } else {
            (room / pits as u32).min(8)
        };
        BoardKey { width, extra_bits }
    }

    /// The key of `pits` with the extra state `extra` and South to move, or, if `mirrored`,
    /// of its mirror (the two halves of `pits` swapped; `extra` already the mirror's).
    #[inline(always)]
    pub(crate) fn key(&self, pits: &[u8], extra: u32, mirrored: bool) -> u64 {
        let (south, north) = pits.split_at(pits.len() / 2);
        let (first, second) = if mirrored {
            (north, south)
        } else {
            (south, north)
        };
        let width = self.width;
        let most = pits.iter().fold(0u8, |m, &s| m | s);
        if width > 0 && u32::from(most) >> width == 0 {
            let board = first
                .iter()
                .chain(second)
                .fold(0u64, |key, &s| key << width | u64::from(s));
            ((board << self.extra_bits | u64::from(extra)) << 1) + 1
        } else {
            hashed(first.iter().chain(second), extra)
        }
    }
}

/// A hash of the board (its pits in order) and the extra state, with the top bit set.
fn hashed<'a>(pits: impl Iterator<Item = &'a u8>, extra: u32) -> u64 {
    let mut h = 0x243F_6A88_85A3_08D3u64 ^ u64::from(extra);
    let mix = |h: u64, word: u64| {
        let h = (h ^ word).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^ h >> 29
    };
    let (mut word, mut len) = (0u64, 0u64);
    for &seeds in pits {
        word |= u64::from(seeds) << (8 * (len % 8));
        len += 1;
        if len % 8 == 0 {
            (h, word) = (mix(h, word), 0);
        }
    }
    if len % 8 != 0 {
        h = mix(h, word);
    }
    h = (h ^ len).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    h ^= h >> 32;
    h | 1 << 63
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn boards_that_fit_have_keys_of_their_own() {
        let keys = BoardKey::new(4, 1);
        assert_eq!(keys.width, 8);
        let mut seen = HashSet::new();
        for a in 0..6u8 {
            for b in 0..6u8 {
                for c in [0u8, 1, 200, 255] {
                    let key = keys.key(&[a, b, c, 3], 0, false);
                    assert!(key != 0 && key >> 63 == 0);
                    assert!(seen.insert(key));
                    // The mirror's key is that of the board with its halves swapped.
                    assert_eq!(keys.key(&[c, 3, a, b], 0, true), key);
                }
            }
        }
        // Kalah (6, n): 5 bits a pit; a pit of 32 seeds or more is hashed.
        let kalah = BoardKey::new(12, 1);
        assert_eq!((kalah.width, kalah.extra_bits), (5, 0));
        let mut board = [31u8; 12];
        assert_eq!(kalah.key(&board, 0, false) >> 63, 0);
        board[3] = 32;
        let hashed = kalah.key(&board, 0, false);
        assert_eq!(hashed >> 63, 1);
        assert_ne!(hashed, kalah.key(&board, 0, true));
        let mut mirror = board;
        mirror.rotate_left(6);
        assert_eq!(hashed, kalah.key(&mirror, 0, true));
        board[3] = 33;
        assert_ne!(hashed, kalah.key(&board, 0, false));
        // The extra state has bits of its own.
        let toguz = BoardKey::new(10, 36);
        assert_eq!((toguz.width, toguz.extra_bits), (5, 6));
        assert_ne!(toguz.key(&[1; 10], 3, false), toguz.key(&[1; 10], 4, false));
        assert_eq!(BoardKey::new(80, 1).width, 0);
        assert_eq!(BoardKey::new(80, 1).key(&[0; 80], 0, false) >> 63, 1);
    }
}
