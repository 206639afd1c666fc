//! 64-bit position keys for transposition tables and repetition tests.

use core::hash::{Hash, Hasher};

/// A fast, deterministic 64-bit hasher (the same key on every machine and run), for
/// [`Position::key`](crate::Position::key). Not for untrusted keys in hash maps: it is not
/// keyed against collisions chosen by an adversary.
#[derive(Debug, Clone, Copy)]
pub struct KeyHasher {
    state: u64,
}

impl Default for KeyHasher {
    fn default() -> KeyHasher {
        KeyHasher {
            state: 0x243f_6a88_85a3_08d3,
        }
    }
}

const MULTIPLIER: u64 = 0x9e37_79b9_7f4a_7c15;

impl Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let word = u64::from_le_bytes(chunk.try_into().expect("eight bytes"));
            self.write_u64(word);
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.write_u64(u64::from_le_bytes(word) ^ ((rest.len() as u64) << 59));
        }
    }

    #[inline]
    fn write_u64(&mut self, word: u64) {
        self.state = (self.state.rotate_left(23) ^ word).wrapping_mul(MULTIPLIER);
    }

    #[inline]
    fn finish(&self) -> u64 {
        // A final avalanche, so that keys differing in one input bit differ in about half of
        // their bits (transposition tables index by the low bits).
        let mut x = self.state;
        x ^= x >> 31;
        x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
        x ^= x >> 29;
        x = x.wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 32)
    }
}

/// The key of any hashable value under [`KeyHasher`].
pub fn key_of<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut hasher = KeyHasher::default();
    value.hash(&mut hasher);
    hasher.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_deterministic_and_tell_values_apart() {
        assert_eq!(key_of(&[1u8, 2, 3][..]), key_of(&[1u8, 2, 3][..]));
        assert_ne!(key_of(&[1u8, 2, 3][..]), key_of(&[1u8, 2, 4][..]));
        assert_ne!(key_of(&[0u8; 9][..]), key_of(&[0u8; 10][..]));
        assert_ne!(key_of(&7u64), key_of(&8u64));
    }
}
