//! A plain reference implementation of the rules, written from the rules text one counter at a
//! time, with a set of every position seen for M7 and a set of every lap state seen for M8.
//! Slow and obviously right; the crate's fast path is tested against it.

#![allow(dead_code)]

use std::collections::HashSet;

/// How a reference game ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefEnd {
    pub board: [u8; 14],
    pub captured: [u32; 2],
    /// 0 = South, 1 = North.
    pub side: usize,
    pub reason: &'static str,
    pub plies: u32,
}

/// One move of the reference: `None` for an endless move (the board is then unchanged),
/// otherwise the board after it and the counters captured.
pub fn ref_move(board: &[u8; 14], hole: usize) -> Option<([u8; 14], u32)> {
    let mut b = *board;
    let mut from = hole;
    let mut seen = HashSet::new();
    let mut laps = 0u32;
    loop {
        if !seen.insert((b, from)) || laps >= 10_000 {
            return None;
        }
        let seeds = b[from];
        b[from] = 0;
        let mut at = from;
        for _ in 0..seeds {
            at = (at + 1) % 14;
            b[at] += 1;
        }
        laps += 1;
        match b[at] {
            1 => return Some((b, 0)),
            2 | 4 => {
                let mut taken = 0u32;
                let mut walk = at;
                while b[walk] == 2 || b[walk] == 4 {
                    taken += u32::from(b[walk]) + u32::from(b[13 - walk]);
                    b[walk] = 0;
                    b[13 - walk] = 0;
                    walk = (walk + 13) % 14;
                }
                return Some((b, taken));
            }
            _ => from = at,
        }
    }
}

/// Plays a game to its end by the rules text.
pub fn ref_game(board: [u8; 14], captured: [u32; 2], first: usize) -> RefEnd {
    let (mut b, mut cap, mut side, mut plies) = (board, captured, first, 0u32);
    let mut seen = HashSet::new();
    let reason = loop {
        if b == [0; 14] {
            break "empty";
        }
        if !seen.insert((b, cap, side)) {
            break "repetition";
        }
        let Some(hole) = (side * 7..side * 7 + 7).find(|&i| b[i] > 0) else {
            side = 1 - side;
            continue;
        };
        plies += 1;
        match ref_move(&b, hole) {
            None => break "endless-move",
            Some((after, taken)) => {
                b = after;
                if taken > 0 {
                    cap[side] += taken;
                    seen.clear();
                }
                side = 1 - side;
            }
        }
    };
    RefEnd {
        board: b,
        captured: cap,
        side,
        reason,
        plies,
    }
}
