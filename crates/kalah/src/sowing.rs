//! What a move does to the board: the sowing round the mover's circuit (his pits, his store,
//! the opponent's pits; never the opponent's store), in closed form, then the capture of the
//! opposite pit.

use crate::position::{Pits, HOLES};
use crate::Effect;
use mancala_engine::packed::{seeds_at, Word, ONES_BELOW};
use mancala_engine::Side;

/// A seed in each of the pits `start..end` (canonical indices, `start <= end`), as a word to
/// add to the board's: no pit ever holds 255 seeds before a seed is added (the game holds at
/// most 255, the lifted ones apart), so no byte carries into the next.
#[inline(always)]
fn ones(start: usize, end: usize) -> Word {
    ONES_BELOW[end] - ONES_BELOW[start]
}

/// The board and stores after `mover` sows the seeds of his pit `index` (`0` for his
/// leftmost) on a board of `pits` pits a player, and captures; with what the move did
/// (`extra_turn` set when the last seed fell into his store, whether the game goes on or
/// not). An empty pit changes nothing (legal moves never start from one).
///
/// The circuit has `2 × pits + 1` places: every place gets one seed per whole lap, and the
/// places after the origin one more for each of the seeds left over. Always inlined: its
/// board then stays in registers.
#[inline(always)]
pub(crate) fn sow_and_capture(
    board: &Pits,
    stores: [u8; 2],
    pits: usize,
    mover: Side,
    index: usize,
    empty_capture: bool,
) -> (Pits, [u8; 2], Effect) {
    let mut stores = stores;
    let mut word = Word::from_le_bytes(*board);
    let own = mover.index() * pits;
    let opp = pits - own;
    let origin = own + index;
    let seeds = usize::from(seeds_at(word, origin));
    word &= !(0xFF << (8 * origin));
    let circuit = 2 * pits + 1;
    // Most moves sow less than a lap: no division for them.
    let (laps, rest) = if seeds < circuit {
        (0, seeds)
    } else {
        (seeds / circuit, seeds % circuit)
    };
    if laps > 0 {
        word += ONES_BELOW[2 * pits] * laps as Word;
        stores[mover.index()] += laps as u8;
    }
    // The circuit's places are the mover's pits `0..pits`, his store `pits`, then the
    // opponent's pits; the leftover seeds fall on the places `index + 1..=end`.
    let end = index + rest;
    word += ones(origin + 1, own + (end + 1).min(pits));
    if end >= pits && rest > 0 {
        stores[mover.index()] += 1;
    }
    if end > pits {
        word += ones(opp, opp + (end - pits).min(pits));
    }
    if end > 2 * pits {
        word += ones(own, own + (end - 2 * pits));
    }
    // `end < index + circuit`: one subtraction, no division.
    let place = if end >= circuit { end - circuit } else { end };
    let mut effect = Effect {
        last: None,
        extra_turn: false,
        captured: 0,
    };
    if seeds == 0 {
        effect.last = Some(own + index);
    } else if place < pits {
        let last = own + place;
        effect.last = Some(last);
        let opposite = opp + pits - 1 - place;
        let facing = seeds_at(word, opposite);
        if seeds_at(word, last) == 1 && (facing > 0 || empty_capture) {
            let captured = 1 + facing;
            word &= !((0xFF << (8 * last)) | (0xFF << (8 * opposite)));
            stores[mover.index()] += captured;
            effect.captured = u32::from(captured);
        }
    } else if place == pits {
        effect.extra_turn = true;
    } else {
        effect.last = Some(opp + place - pits - 1);
    }
    let board = word.to_le_bytes();
    debug_assert!(board[2 * pits..HOLES].iter().all(|&s| s == 0));
    (board, stores, effect)
}
