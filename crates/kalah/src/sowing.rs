//! What a move does to the board: the sowing round the mover's circuit (his pits, his store,
//! the opponent's pits; never the opponent's store), in closed form, then the capture of the
//! opposite pit.

use crate::position::{Pits, HOLES};
use crate::Effect;
use mancala_engine::Side;

/// Adds one seed to each pit of `range` (a canonical range of pits).
#[inline(always)]
fn add_one(board: &mut Pits, range: core::ops::Range<usize>) {
    for seeds in &mut board[range] {
        *seeds += 1;
    }
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
    let (mut board, mut stores) = (*board, stores);
    let own = mover.index() * pits;
    let opp = pits - own;
    let seeds = usize::from(board[own + index]);
    board[own + index] = 0;
    let circuit = 2 * pits + 1;
    let (laps, rest) = (seeds / circuit, seeds % circuit);
    if laps > 0 {
        for pit in &mut board[..2 * pits] {
            *pit += laps as u8;
        }
        stores[mover.index()] += laps as u8;
    }
    // The circuit's places are the mover's pits `0..pits`, his store `pits`, then the
    // opponent's pits; the leftover seeds fall on the places `index + 1..=end`.
    let end = index + rest;
    add_one(&mut board, own + index + 1..own + (end + 1).min(pits));
    if end >= pits && rest > 0 {
        stores[mover.index()] += 1;
    }
    if end > pits {
        add_one(&mut board, opp..opp + (end - pits).min(pits));
    }
    if end > 2 * pits {
        add_one(&mut board, own..own + (end - 2 * pits));
    }
    let place = end % circuit;
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
        if board[last] == 1 && (board[opposite] > 0 || empty_capture) {
            let captured = 1 + board[opposite];
            board[last] = 0;
            board[opposite] = 0;
            stores[mover.index()] += captured;
            effect.captured = u32::from(captured);
        }
    } else if place == pits {
        effect.extra_turn = true;
    } else {
        effect.last = Some(opp + place - pits - 1);
    }
    debug_assert!(board[2 * pits..HOLES].iter().all(|&s| s == 0));
    (board, stores, effect)
}
