//! Helpers shared by the toguz integration tests.

#![allow(dead_code)]

use mancala_engine::Side;
use toguz::{RuleSet, Setup, Toguz};

/// A standard-rules position: `holes` by canonical index, the other stones shared between the
/// kazans (White's gets the odd one), far from a majority.
pub fn balanced(holes: [u32; 18], tuzdiks: [Option<usize>; 2], side: Side) -> Toguz {
    let rest = 162 - holes.iter().sum::<u32>();
    position(holes, rest - rest / 2, tuzdiks, side)
}

/// A standard-rules position: `holes` by canonical index, White's kazan as given and Black's
/// holding the rest of the 162 stones.
pub fn position(
    holes: [u32; 18],
    white_kazan: u32,
    tuzdiks: [Option<usize>; 2],
    side: Side,
) -> Toguz {
    position_with(RuleSet::STANDARD, holes, white_kazan, tuzdiks, side)
}

/// [`position`] under other rules.
pub fn position_with(
    rules: RuleSet,
    holes: [u32; 18],
    white_kazan: u32,
    tuzdiks: [Option<usize>; 2],
    side: Side,
) -> Toguz {
    let on_board: u32 = holes.iter().sum();
    let black_kazan = 162 - on_board - white_kazan;
    Toguz::from_setup(&Setup {
        holes: holes.to_vec(),
        kazans: [white_kazan, black_kazan],
        tuzdiks,
        side_to_move: side,
        rules,
    })
    .expect("a valid test position")
}

/// Every stone of a position: holes and kazans.
pub fn total(position: &Toguz) -> u32 {
    position.holes().iter().map(|&h| u32::from(h)).sum::<u32>()
        + position.kazan(Side::South)
        + position.kazan(Side::North)
}
