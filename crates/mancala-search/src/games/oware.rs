//! Judging Oware positions for the search: a linear evaluation over a few features (the store
//! lead, the seeds and houses on each row, houses open to capture, large houses, captures to
//! hand) with weights fitted to the results of self-play games.
//!
//! ```
//! use mancala_search::games::oware::Evaluation;
//! use oware::Oware;
//! use mancala_search::{Limits, Pvs};
//!
//! let mut player = Pvs::with_evaluator(Limits::depth(6), Evaluation::default());
//! assert!(player.search(&Oware::default()).best_move.is_some());
//! ```

use crate::fit::{Fitting, Source};
use crate::{Features, Linear};
use mancala_engine::{Game as _, Position as _, Side};
use oware::Oware;

/// The number of features.
pub const FEATURES: usize = 7;

/// What each feature measures, as the side to move's advantage unless said otherwise.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "store",
    "board",
    "mobility",
    "targets",
    "large-houses",
    "capture-now",
    "capture-threatened",
];

/// The evaluation is `Σ weight × feature / WEIGHT_SCALE`.
pub const WEIGHT_SCALE: i64 = 256;

/// Weights fitted by logistic regression of the results of 20,000 self-play games (the old
/// alpha-beta player at depth 6 from random 6-ply openings) on the features of their
/// 1,909,672 positions (`match fit oware 20000`, see the crate's README), scaled so that a
/// seed of store lead is worth 100.
pub const FITTED_WEIGHTS: [i32; FEATURES] = [25600, -326, 20338, 2944, 13768, 17688, -4628];

/// The features of `position`, seen by its side to move:
///
/// - `store`: store lead;
/// - `board`: seeds on the mover's row minus the opponent's (each row's seeds go to its owner
///   when the game ends by a repetition or a player's lack of moves);
/// - `mobility`: houses with seeds, mover minus opponent;
/// - `targets`: the opponent's houses holding 1 or 2 seeds (one or two more make a capture)
///   minus the mover's;
/// - `large-houses`: houses whose seeds sow a whole lap or more, mover minus opponent;
/// - `capture-now`: the most seeds one legal move of the mover captures; `capture-threatened`:
///   the same for the opponent, were he to move.
///
/// A store holding more than half the seeds ends the game at once, so (unlike Kalah's) the
/// features need not tell a decided game.
pub fn features(position: &Oware) -> [i32; FEATURES] {
    let me = position.side_to_move();
    let stores = [position.store(me) as i32, position.store(!me) as i32];
    let houses = position.rules().houses();
    let lap = 2 * houses;
    let board = position.houses();
    let row = |side: Side| &board[side.index() * houses..(side.index() + 1) * houses];
    let count =
        |side, keep: &dyn Fn(u8) -> bool| row(side).iter().filter(|&&s| keep(s)).count() as i32;
    let seeds = |side| row(side).iter().map(|&s| i32::from(s)).sum::<i32>();
    let occupied = |s: u8| s > 0;
    let target = |s: u8| s == 1 || s == 2;
    let large = |s: u8| usize::from(s) >= lap;
    [
        stores[0] - stores[1],
        seeds(me) - seeds(!me),
        count(me, &occupied) - count(!me, &occupied),
        count(!me, &target) - count(me, &target),
        count(me, &large) - count(!me, &large),
        best_capture(position, me),
        best_capture(position, !me),
    ]
}

/// The most seeds one legal move of `side` captures, were he to move.
fn best_capture(position: &Oware, side: Side) -> i32 {
    let mut best = 0;
    for &mv in &position.moves_for(side) {
        if let Some(effect) = position.preview(side, mv) {
            best = best.max(effect.captured as i32);
        }
    }
    best
}

/// The features of Oware positions ([`features`]) with their weights ([`FITTED_WEIGHTS`], in
/// 1/[`WEIGHT_SCALE`] units), for the core's linear evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct OwareFeatures;

impl Features<FEATURES> for OwareFeatures {
    type Position = Oware;
    const SCALE: i64 = WEIGHT_SCALE;
    const FITTED: [i32; FEATURES] = FITTED_WEIGHTS;
    #[inline]
    fn features(position: &Oware) -> [i32; FEATURES] {
        features(position)
    }
}

/// The fitted evaluation of Oware positions: `Σ weight × feature / WEIGHT_SCALE`, with the
/// weights of [`FITTED_WEIGHTS`] by default (`Evaluation::with_weights` for others).
pub type Evaluation = Linear<OwareFeatures, FEATURES>;

impl super::Played for Oware {
    type Evaluation = Evaluation;

    fn fitting() -> Option<Fitting<Self>> {
        Some(Fitting {
            names: &FEATURE_NAMES,
            scale: WEIGHT_SCALE,
            features: |position| features(position).map(f64::from).to_vec(),
            // Deep enough to play well, shallow enough for thousands of games.
            source: Source::SelfPlay { depth: 6 },
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Evaluator;
    use mancala_engine::{Game, Rng};

    #[test]
    fn the_start_is_even() {
        assert_eq!(features(&Oware::default()), [0; FEATURES]);
    }

    #[test]
    fn best_captures_agree_with_playing_the_moves() {
        // Along random games on several boards, each side's best capture is the most that one
        // of his legal moves, played, adds to his store.
        let mut captures_seen = 0;
        for (n, text) in ["houses=6,seeds=4", "houses=3,seeds=2", "houses=8,seeds=3"]
            .into_iter()
            .enumerate()
        {
            let mut rng = Rng::new(n as u64);
            for _ in 0..40 {
                let mut position = Oware::new(text.parse().unwrap());
                while !position.is_over() {
                    let me = position.side_to_move();
                    assert_eq!(position.moves_for(me), position.legal_moves());
                    let best = position
                        .legal_moves()
                        .iter()
                        .map(|&mv| {
                            let mut child = position.clone();
                            let effect = child.play_reported(mv).unwrap();
                            assert_eq!(position.preview(me, mv), Some(effect), "{position}");
                            effect.captured as i32
                        })
                        .max()
                        .unwrap_or(0);
                    assert_eq!(best_capture(&position, me), best, "{position}");
                    assert_eq!(features(&position)[5], best);
                    captures_seen += i32::from(best > 0);
                    let mv = position.random_move(&mut rng).unwrap();
                    position.play(mv).unwrap();
                }
            }
        }
        assert!(captures_seen > 100, "{captures_seen}");
    }

    #[test]
    fn no_preview_from_an_empty_house_or_off_the_board() {
        let position: Oware = "0,0,3,2,0,0/1,0,0,0,0,1 23 18 S".parse().unwrap();
        assert_eq!(position.preview(Side::South, oware::Move::new(1)), None);
        assert_eq!(position.preview(Side::South, oware::Move::new(7)), None);
        assert_eq!(position.preview(Side::North, oware::Move::new(0)), None);
        // North's house 6 (one seed) would land on South's house 1 (empty): no capture.
        let effect = position.preview(Side::North, oware::Move::new(6)).unwrap();
        assert_eq!((effect.last, effect.captured), (0, 0));
    }

    #[test]
    fn the_evaluation_is_seen_by_either_side() {
        let position: Oware = "0,0,3,2,0,0/1,0,0,0,0,1 23 18 S".parse().unwrap();
        let f = features(&position);
        assert_eq!((f[0], f[1], f[2], f[3], f[4]), (5, 3, 0, 1, 0));
        let e = Evaluation::default();
        assert_eq!(
            e.evaluate(&position, Side::South),
            -e.evaluate(&position, Side::North)
        );
        assert!(e.evaluate(&position, Side::South) > 0);
    }
}
