//! Packed words: the board of a game with at most 16 holes kept in one [`Word`] (hole `i` is
//! byte `i`), so a lap or a capture is a few whole-word operations; and byte masks over an
//! array of holes, read as windows of two static tables, so that runs of holes are marked
//! with a load or two and no comparison per hole. Every kernel that packs a board uses these.

/// A board of at most [`WORD_HOLES`] byte counts as one word: hole `i` is byte `i`,
/// little-endian.
pub type Word = u128;

/// The most holes a [`Word`] holds: one byte each.
pub const WORD_HOLES: usize = 16;

/// `ONES_BELOW[k]` has a `1` in each of the bytes `0..k`.
pub const ONES_BELOW: [Word; WORD_HOLES + 1] = {
    let mut table = [0; WORD_HOLES + 1];
    let mut k = 1;
    while k <= WORD_HOLES {
        table[k] = table[k - 1] | (1 << (8 * (k - 1)));
        k += 1;
    }
    table
};

/// A `1` in every byte.
pub const ONES: Word = ONES_BELOW[WORD_HOLES];

/// The count of hole `hole` (taken modulo [`WORD_HOLES`]) of `board`: a shift of the half
/// word that holds it, cheaper than a shift of the whole `u128`.
#[inline(always)]
pub const fn seeds_at(board: Word, hole: usize) -> u8 {
    let hole = hole % WORD_HOLES;
    let half = if hole >= 8 {
        (board >> 64) as u64
    } else {
        board as u64
    };
    (half >> (8 * (hole & 7))) as u8
}

/// The flag `0x80` in the byte of every hole holding exactly `value`: a per-byte test with no
/// carry from one byte into the next.
#[inline(always)]
pub const fn holding(board: Word, value: u8) -> Word {
    let x = board ^ (ONES * value as Word);
    let low = ONES * 0x7F;
    let nonzero = ((x & low) + low) | x;
    !nonzero & (ONES * 0x80)
}

/// The sum of the 16 bytes of `board`, whatever they hold.
#[inline(always)]
pub const fn byte_sum(board: Word) -> u32 {
    const EVEN_BYTES: Word = {
        let mut mask = 0;
        let mut k = 0;
        while k < WORD_HOLES {
            mask |= 0xFF << (8 * k);
            k += 2;
        }
        mask
    };
    let pairs = (board & EVEN_BYTES) + ((board >> 8) & EVEN_BYTES);
    let halves = pairs as u64 + (pairs >> 64) as u64;
    (halves.wrapping_mul(0x0001_0001_0001_0001) >> 48) as u32
}

/// The widest array the byte masks cover.
pub const MAX_MASK: usize = 128;

/// `BELOW[128 - k..]` starts with `k` bytes `0xFF`, then zeros.
static BELOW: [u8; 2 * MAX_MASK] = {
    let mut table = [0u8; 2 * MAX_MASK];
    let mut i = 0;
    while i < MAX_MASK {
        table[i] = 0xFF;
        i += 1;
    }
    table
};

/// `AT[128 - k..]` is `0xFF` at place `k` only.
static AT: [u8; 2 * MAX_MASK] = {
    let mut table = [0u8; 2 * MAX_MASK];
    table[MAX_MASK] = 0xFF;
    table
};

#[inline(always)]
fn window<const N: usize>(table: &'static [u8; 2 * MAX_MASK], k: usize) -> &'static [u8; N] {
    match table[MAX_MASK - k.min(MAX_MASK)..].first_chunk::<N>() {
        Some(chunk) => chunk,
        None => &[0; N],
    }
}

/// `0xFF` for the holes below `k` of an array of `N` (at most [`MAX_MASK`]), `0` for the
/// others (all of them `0xFF` for a `k` of `N` or more).
#[inline(always)]
pub fn mask_below<const N: usize>(k: usize) -> &'static [u8; N] {
    window(&BELOW, k)
}

/// `0xFF` for hole `k` of an array of `N` (at most [`MAX_MASK`]) only: none for a `k` of `N`
/// or more.
#[inline(always)]
pub fn mask_at<const N: usize>(k: usize) -> &'static [u8; N] {
    window(&AT, k)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_read_from_either_half() {
        let board = Word::from_le_bytes(core::array::from_fn(|i| i as u8 * 3));
        for hole in 0..WORD_HOLES {
            assert_eq!(seeds_at(board, hole), hole as u8 * 3);
        }
    }

    #[test]
    fn flags_sums_and_masks_hold_what_they_say() {
        let bytes: [u8; 16] = core::array::from_fn(|i| [2, 255, 0, 130][i % 4]);
        let board = Word::from_le_bytes(bytes);
        let flags = holding(board, 2).to_le_bytes();
        for (hole, &count) in bytes.iter().enumerate() {
            assert_eq!(
                flags[hole],
                if count == 2 { 0x80 } else { 0 },
                "hole {hole}"
            );
        }
        assert_eq!(byte_sum(board), 4 * (2 + 255 + 130));
        assert_eq!(ONES_BELOW[3], 0x01_0101);
        for k in 0..=20 {
            let below = mask_below::<16>(k);
            let at = mask_at::<16>(k);
            for i in 0..16 {
                assert_eq!(below[i], if i < k { 0xFF } else { 0 }, "{k} {i}");
                assert_eq!(at[i], if i == k { 0xFF } else { 0 }, "{k} {i}");
            }
        }
    }
}
