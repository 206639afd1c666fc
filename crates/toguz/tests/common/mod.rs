//! Helpers shared by the toguz integration tests.

#![allow(dead_code)]

pub mod rule_sets;

use toguz::prelude::*;

/// A standard-rules position: `holes` by canonical index, the other seeds shared between the
/// kazans as evenly as a possible position allows (a kazan is odd only with a tuzdik), far
/// from a majority.
pub fn balanced(holes: [u32; 18], tuzdiks: [Option<usize>; 2], side: Side) -> Toguz {
    let rest = 162 - holes.iter().sum::<u32>();
    let possible = |white: u32| {
        let black = rest - white;
        (white % 2 == 0 || tuzdiks[0].is_some()) && (black % 2 == 0 || tuzdiks[1].is_some())
    };
    let half = rest - rest / 2;
    let white = [half, half + 1, half - 1]
        .into_iter()
        .find(|&white| possible(white))
        .expect("an odd number of seeds off the board needs a tuzdik to hold them");
    position(holes, white, tuzdiks, side)
}

/// A standard-rules position: `holes` by canonical index, White's kazan as given and Black's
/// holding the rest of the 162 seeds.
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
    Toguz::from_setup(Setup {
        holes: holes.to_vec(),
        kazans: [white_kazan, black_kazan],
        tuzdiks,
        side_to_move: side,
        rules,
    })
    .expect("a valid test position")
}

/// Every seed of a position: holes and kazans.
pub fn total(position: &Toguz) -> u32 {
    position.board().iter().map(|&h| u32::from(h)).sum::<u32>()
        + position.kazan(Side::South)
        + position.kazan(Side::North)
}
