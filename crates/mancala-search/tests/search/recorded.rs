//! Each game's fitted evaluation (`mancala_search::games`), searched to a fixed depth on one
//! thread: the best move, value and node count must be those recorded from a build of the same
//! evaluations (the start and positions 5, 10 and 15 random plies on). A change to a feature,
//! a weight or the search that alters what is searched shows here.

use mancala_engine::Game;
use mancala_search::{games, Evaluator, Limits, Pvs};
use std::fmt::Display;
use std::hash::Hash;

/// A position string, the depth searched, and the best move, value and nodes found.
type Recorded = (&'static str, u32, &'static str, i32, u64);

const TOGUZ: [Recorded; 4] = [
    (
        "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S",
        7,
        "2",
        772,
        2580,
    ),
    (
        "11S,11S,1,3S,11S,11S,2S,12S,2S/11S,10S,10S,1S,1S,11S,11S,11S,11S 22 0 N",
        7,
        "6",
        -7809,
        1458,
    ),
    (
        "1S,1S,11S,2S,2S,13S,15S,15S,2S/13S,2S,15S,t,4S,5S,6S,3S,14S 12 26 S",
        7,
        "6",
        -5793,
        1042,
    ),
    (
        "1S,3S,13S,4S,1S,2S,13S,15S,1/13S,1S,12S,1S,1,4S,5S,1,12S 26 36 N",
        7,
        "8",
        7383,
        932,
    ),
];

const KATRO: [Recorded; 4] = [
    (
        "2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 S",
        6,
        "e1",
        446,
        696,
    ),
    (
        "0,1,4,1,1,4/4,1,0,4,1,4/4,2,4,4,1,0/3,0,3,3,0,0/3,1,4,4,2,5/0,3,0,1,0,0 N",
        6,
        "f6",
        3385,
        320,
    ),
    (
        "1,0,0,4,1,0/6,0,2,6,1,5/2,0,0,0,1,1/3,1,1,2,2,2/6,2,3,1,1,5/0,0,4,5,3,1 S",
        6,
        "f1",
        1274,
        472,
    ),
    (
        "1,3,2,1,2,2/2,1,5,0,7,4/3,0,5,3,1,0/2,0,4,1,0,0/5,0,3,6,2,0/0,1,2,0,1,3 N",
        6,
        "f6",
        2694,
        271,
    ),
];

const OWARE: [Recorded; 4] = [
    ("4,4,4,4,4,4/4,4,4,4,4,4 0 0 S", 8, "6", -3, 5514),
    ("6,0,1,0,7,7/1,6,6,0,6,6 2 0 N ply=5", 8, "3", -75, 1315),
    (
        "2,1,3,10,2,8/1,8,7,0,0,0 4 2 S ply=10 run=1,0,3,10,2,8/1,8,7,0,0,2:6",
        8,
        "5",
        489,
        2679,
    ),
    ("10,1,3,0,6,12/0,1,4,0,2,4 3 2 N ply=15", 8, "2", -378, 1783),
];

const KALAH: [Recorded; 4] = [
    ("4,4,4,4,4,4/4,4,4,4,4,4 0 0 S", 8, "6", 674, 1208),
    ("4,4,0,0,0,7/1,7,2,7,6,6 3 1 N ply=5", 8, "2", -952, 894),
    ("0,5,1,6,1,0/1,0,0,4,8,7 12 3 S ply=10", 8, "5", 2653, 1009),
    (
        "1,0,0,1,0,5/2,11,0,2,1,8 14 3 N ply=15",
        8,
        "1",
        999999996,
        1171,
    ),
];

fn check<P, E>(recorded: &[Recorded], evaluation: E)
where
    P: Game + Display + Sync,
    P::Move: Display + Hash,
    E: Evaluator<P> + Clone + Sync,
{
    for &(text, depth, best, value, nodes) in recorded {
        let position: P = text.parse().unwrap_or_else(|_| panic!("`{text}` reads"));
        let result =
            Pvs::with_evaluator(Limits::depth(depth), evaluation.clone()).search(&position);
        let found = result.best_move.expect("a game going on has a move");
        assert_eq!(
            (found.to_string().as_str(), result.value, result.nodes),
            (best, value, nodes),
            "{text} at depth {depth}"
        );
    }
}

#[test]
fn toguz_searches_as_recorded() {
    check::<toguz::Toguz, _>(&TOGUZ, games::toguz::Evaluation::default());
}

#[test]
fn katro_searches_as_recorded() {
    check::<katro::Katro, _>(&KATRO, games::katro::Evaluation::default());
}

#[test]
fn oware_searches_as_recorded() {
    check::<oware::Oware, _>(&OWARE, games::oware::Evaluation::default());
}

#[test]
fn kalah_searches_as_recorded() {
    check::<kalah::Kalah, _>(&KALAH, games::kalah::Evaluation::default());
}
