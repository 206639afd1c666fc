//! What a move does to the board: the sowing, which passes over its own house, then the
//! capture of 2s and 3s backwards along the opponent's row, unless it is a grand slam.

use crate::position::HOLES;
use crate::{Effect, GrandSlam};
use core::ops::Range;
use mancala_engine::capture::{backward_run, take};
use mancala_engine::sowing::lift_and_sow_skipping_origin;

/// The board after sowing the seeds of house `origin` (a canonical index) round the `len`
/// houses and capturing on `opponent_row`, with what the move did. An empty `origin` changes
/// nothing (legal moves never start from one).
/// Always inlined: its board then stays in registers instead of going back through memory.
#[inline(always)]
pub(crate) fn sow_and_capture(
    board: &[u8; HOLES],
    len: usize,
    origin: usize,
    opponent_row: Range<usize>,
    grand_slam: GrandSlam,
) -> ([u8; HOLES], Effect) {
    let mut board = *board;
    let last = lift_and_sow_skipping_origin(&mut board, len, origin).unwrap_or(origin);
    let mut effect = Effect {
        last,
        captured: 0,
        grand_slam: false,
    };
    if opponent_row.contains(&last) {
        let run = backward_run(&board, opponent_row.clone(), last, |seeds| {
            seeds == 2 || seeds == 3
        });
        if !run.is_empty() {
            // The capture would take the whole row: every house up to the last seed's, and the
            // houses after it are empty.
            effect.grand_slam = run.start == opponent_row.start
                && board[last + 1..opponent_row.end].iter().all(|&s| s == 0);
            if !effect.grand_slam || grand_slam == GrandSlam::CaptureAll {
                effect.captured = take(&mut board, run);
            }
        }
    }
    (board, effect)
}
