//! Bit tricks on a row's 9-bit mask of occupied holes: count the set bits and find the `n`-th,
//! by one table look-up each (move counting and random moves in play-outs).

/// For every 9-bit mask, one word: how many bits are set (bits 0..4), then the place of each
/// set bit, lowest first, four bits each from bit 4. A count and a pick from one look-up, one
/// load fewer on a play-out's path from one move to the next.
static PICKS: [u64; 512] = {
    let mut table = [0u64; 512];
    let mut mask = 0;
    while mask < 512 {
        let (mut bit, mut n) = (0, 0);
        while bit < 9 {
            if mask & (1 << bit) != 0 {
                table[mask] |= (bit as u64) << (4 + 4 * n);
                n += 1;
            }
            bit += 1;
        }
        table[mask] |= n as u64;
        mask += 1;
    }
    table
};

/// The [`PICKS`] word of a 9-bit mask: read its count with [`count_of`] and its set bits
/// with [`pick`].
#[inline(always)]
pub(crate) fn picks(mask: u32) -> u64 {
    PICKS[mask as usize & 511]
}

/// The number of set bits of the mask whose [`picks`] word is `word`.
#[inline(always)]
pub(crate) fn count_of(word: u64) -> u32 {
    (word & 15) as u32
}

/// The position of the `n`-th set bit (`n` below the count) of the mask whose [`picks`] word
/// is `word`.
#[inline(always)]
pub(crate) fn pick(word: u64, n: u32) -> u32 {
    (word >> ((4 + 4 * (n & 15)) & 63) & 15) as u32
}

/// The number of set bits of a 9-bit mask.
#[inline]
pub(crate) fn count_bits(mask: u32) -> u32 {
    count_of(picks(mask))
}

/// The position of the `n`-th set bit of the 9-bit `mask` (`n` below its count; past it, some
/// number below 16, never a read out of the table).
#[inline]
pub(crate) fn nth_set_bit(mask: u32, n: u32) -> u32 {
    pick(picks(mask), n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bit_tricks_agree_with_plain_loops() {
        for mask in 0..512u32 {
            assert_eq!(count_bits(mask), mask.count_ones());
            let bits: Vec<u32> = (0..9).filter(|b| mask & (1 << b) != 0).collect();
            for (n, &bit) in bits.iter().enumerate() {
                assert_eq!(nth_set_bit(mask, n as u32), bit);
                assert_eq!(pick(picks(mask), n as u32), bit);
            }
            assert_eq!(count_of(picks(mask)), mask.count_ones());
        }
    }
}
