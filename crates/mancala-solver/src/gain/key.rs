//! The gain search's keys: the board itself where it fits a word, so that two boards never
//! share a key, else a hash of it.
//!
//! A board of `p` pits whose pits each hold fewer than `2^w` seeds, where `p × w` bits leave
//! room for the extra state and the side to move in 63, is written whole: `w` bits a pit, then
//! the extra state, then the side, plus one (so no key is 0, the table's empty slot). Any
//! other board (a pit with more seeds) is hashed, with the top bit set: a hashed key can equal
//! another hashed key only, which needs a pit of many seeds on both boards and a 63-bit
//! coincidence. Kalah (6, 4) fits: 12 pits of 5 bits (up to 31 seeds a pit), the side, in 61
//! bits.

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

    /// The key of `pits` with the extra state `extra` and `side` (0 or 1) to move.
    #[inline(always)]
    pub(crate) fn key(&self, pits: &[u8], extra: u32, side: usize) -> u64 {
        let width = self.width;
        let most = pits.iter().fold(0u8, |m, &s| m | s);
        if width > 0 && u32::from(most) >> width == 0 {
            let board = pits
                .iter()
                .fold(0u64, |key, &s| key << width | u64::from(s));
            ((board << self.extra_bits | u64::from(extra)) << 1 | side as u64) + 1
        } else {
            hashed(pits, extra, side)
        }
    }
}

/// A hash of the board, the extra state and the side, with the top bit set.
fn hashed(pits: &[u8], extra: u32, side: usize) -> u64 {
    let mut h = 0x243F_6A88_85A3_08D3u64 ^ (u64::from(extra) << 1 | side as u64);
    for chunk in pits.chunks(8) {
        let mut word = [0u8; 8];
        word[..chunk.len()].copy_from_slice(chunk);
        h = (h ^ u64::from_le_bytes(word)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h ^= h >> 29;
    }
    h = (h ^ pits.len() as u64).wrapping_mul(0xBF58_476D_1CE4_E5B9);
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
                    for side in 0..2 {
                        let key = keys.key(&[a, b, c, 3], 0, side);
                        assert!(key != 0 && key >> 63 == 0);
                        assert!(seen.insert(key));
                    }
                }
            }
        }
        // Kalah (6, n): 5 bits a pit; a pit of 32 seeds or more is hashed.
        let kalah = BoardKey::new(12, 1);
        assert_eq!((kalah.width, kalah.extra_bits), (5, 0));
        let mut board = [31u8; 12];
        assert_eq!(kalah.key(&board, 0, 1) >> 63, 0);
        board[3] = 32;
        let hashed = kalah.key(&board, 0, 1);
        assert_eq!(hashed >> 63, 1);
        assert_ne!(hashed, kalah.key(&board, 0, 0));
        board[3] = 33;
        assert_ne!(hashed, kalah.key(&board, 0, 1));
        // The extra state has bits of its own.
        let toguz = BoardKey::new(10, 36);
        assert_eq!((toguz.width, toguz.extra_bits), (5, 6));
        assert_ne!(toguz.key(&[1; 10], 3, 0), toguz.key(&[1; 10], 4, 0));
        assert_eq!(BoardKey::new(80, 1).width, 0);
        assert_eq!(BoardKey::new(80, 1).key(&[0; 80], 0, 0) >> 63, 1);
    }
}
