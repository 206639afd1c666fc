//! Judging Kalah positions for the search: a linear evaluation over a few features (the store
//! lead, the seeds on each row, extra turns and captures to hand) with weights fitted to the
//! results of self-play games.
//!
//! ```
//! use mancala_search::games::kalah::Evaluation;
//! use kalah::Kalah;
//! use mancala_search::{Limits, Pvs};
//!
//! let mut player = Pvs::with_evaluator(Limits::depth(6), Evaluation::default());
//! assert!(player.search(&Kalah::default()).best_move.is_some());
//! ```

use crate::fit::{Fitting, Source};
use crate::{Features, Linear};
use kalah::{Kalah, Move};
use mancala_engine::{Game as _, Position as _, Side};

/// The number of features.
pub const FEATURES: usize = 8;

/// What each feature measures, as the side to move's advantage unless said otherwise.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "store",
    "store-late",
    "board",
    "mobility",
    "extra-turns",
    "capture-now",
    "capture-threatened",
    "decided",
];

/// The evaluation is `Σ weight × feature / WEIGHT_SCALE`.
pub const WEIGHT_SCALE: i64 = 256;

/// Weights fitted by logistic regression of the results of 20,000 self-play games (the old
/// alpha-beta player at depth 6 from random 6-ply openings) on the features of their
/// positions (`match fit kalah 20000`, see the crate's README), scaled so that a seed of store
/// lead is worth 100.
pub const FITTED_WEIGHTS: [i32; FEATURES] =
    [25600, 652, -780, 80536, 46656, 36809, -15705, 1531260];

/// The features of `position`, seen by its side to move:
///
/// - `store`: store lead; `store-late`: the same times the share of the seeds already in the
///   stores (in 1/64), so a lead counts more as the game nears its end;
/// - `board`: seeds on the mover's row minus the opponent's (each row's seeds go to its owner
///   at the end);
/// - `mobility`: non-empty pits, mover minus opponent;
/// - `extra-turns`: pits whose last seed would fall into their owner's store, mover minus
///   opponent;
/// - `capture-now`: the most seeds one move of the mover captures; `capture-threatened`: the
///   same for the opponent, were he to move;
/// - `decided`: 1 when the mover's store holds more than half the seeds (the game is won
///   whatever follows), −1 when the opponent's does.
pub fn features(position: &Kalah) -> [i32; FEATURES] {
    let me = position.side_to_move();
    let stores = [position.store(me) as i32, position.store(!me) as i32];
    let total = position.total_seeds().max(1) as i32;
    let lead = stores[0] - stores[1];
    let half = total / 2;
    let decided = i32::from(stores[0] > half) - i32::from(stores[1] > half);
    let rows = [
        position.seeds_on_side(me) as i32,
        position.seeds_on_side(!me) as i32,
    ];
    let mine = prospects(position, me);
    let theirs = prospects(position, !me);
    [
        lead,
        lead * (stores[0] + stores[1]) * 64 / total,
        rows[0] - rows[1],
        mine.moves - theirs.moves,
        mine.extra_turns - theirs.extra_turns,
        mine.best_capture,
        theirs.best_capture,
        decided,
    ]
}

/// What one side could do were he to move: see [`prospects`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Prospects {
    /// His moves: his non-empty pits.
    moves: i32,
    /// His moves whose last seed falls into his store.
    extra_turns: i32,
    /// The most seeds one of his moves captures.
    best_capture: i32,
}

/// What `side` could do were he to move. Worked out from where each move's last seed falls; a
/// move that sows a whole lap or more (rare) is previewed in full instead.
fn prospects(position: &Kalah, side: Side) -> Prospects {
    let pits = position.rules().pits();
    let circuit = 2 * pits + 1;
    let own = side.index() * pits;
    let opp = pits - own;
    let board = position.pits();
    let empty_capture = position.rules().empty_capture();
    let (mut moves, mut turns, mut best) = (0i32, 0i32, 0i32);
    for index in 0..pits {
        let seeds = usize::from(board[own + index]);
        if seeds == 0 {
            continue;
        }
        moves += 1;
        let end = index + seeds;
        if end % circuit == pits {
            turns += 1;
        }
        let captured = if seeds >= circuit {
            let mv = Move::new(index as u8 + 1);
            position
                .preview(side, mv)
                .map_or(0, |effect| effect.captured as i32)
        } else if end < pits {
            // Lands further along the mover's row, before any lap: the opposite pit is unsown.
            let opposite = usize::from(board[opp + pits - 1 - end]);
            let takes = board[own + end] == 0 && (opposite > 0 || empty_capture);
            i32::from(takes) * (1 + opposite as i32)
        } else if end > 2 * pits {
            // Round the opponent's row (each of his pits got a seed) and back into the mover's.
            let place = end - circuit;
            let opposite = usize::from(board[opp + pits - 1 - place]) + 1;
            i32::from(board[own + place] == 0) * (1 + opposite as i32)
        } else {
            0
        };
        best = best.max(captured);
    }
    Prospects {
        moves,
        extra_turns: turns,
        best_capture: best,
    }
}

/// The features of Kalah positions ([`features`]) with their weights ([`FITTED_WEIGHTS`], in
/// 1/[`WEIGHT_SCALE`] units), for the core's linear evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct KalahFeatures;

impl Features<FEATURES> for KalahFeatures {
    type Position = Kalah;
    const SCALE: i64 = WEIGHT_SCALE;
    const FITTED: [i32; FEATURES] = FITTED_WEIGHTS;
    #[inline]
    fn features(position: &Kalah) -> [i32; FEATURES] {
        features(position)
    }
}

/// The fitted evaluation of Kalah positions: `Σ weight × feature / WEIGHT_SCALE`, with the
/// weights of [`FITTED_WEIGHTS`] by default (`Evaluation::with_weights` for others).
pub type Evaluation = Linear<KalahFeatures, FEATURES>;

impl super::Played for Kalah {
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
    use mancala_engine::Rng;

    #[test]
    fn the_start_is_even_but_for_the_movers_extra_turn() {
        let f = features(&Kalah::default());
        // Pit 3 (4 seeds, 4 places from the store) ends in the store, for either player.
        assert_eq!(f, [0, 0, 0, 0, 0, 0, 0, 0]);
        let expected = Prospects {
            moves: 6,
            extra_turns: 1,
            best_capture: 0,
        };
        assert_eq!(prospects(&Kalah::default(), Side::North), expected);
    }

    /// `position` (a game still on) with `side` to move.
    fn with_mover(position: &Kalah, side: Side) -> Kalah {
        let mut setup = position.to_setup();
        setup.side = side;
        Kalah::from_setup(setup).unwrap()
    }

    #[test]
    fn prospects_agree_with_playing_the_moves() {
        // Along random games on several boards, the predicted extra turns and best capture of
        // each side are those of playing every move.
        let mut captures_seen = 0;
        for (n, text) in [
            "pits=6,seeds=4",
            "pits=6,seeds=6",
            "pits=4,seeds=3,empty-capture=yes",
            "pits=8,seeds=10",
            "pits=1,seeds=5",
        ]
        .into_iter()
        .enumerate()
        {
            let mut rng = Rng::new(n as u64);
            for _ in 0..40 {
                let mut position = Kalah::new(text.parse().unwrap());
                while !position.is_over() {
                    for side in Side::BOTH {
                        let mover = with_mover(&position, side);
                        let (mut turns, mut best) = (0, 0);
                        for mv in mover.legal_moves() {
                            let mut child = mover;
                            let effect = child.play_reported(mv).unwrap();
                            let preview = position.preview(side, mv).unwrap();
                            assert_eq!(
                                (preview.last, preview.captured),
                                (effect.last, effect.captured),
                                "{position}"
                            );
                            turns += i32::from(effect.last.is_none());
                            best = best.max(effect.captured as i32);
                        }
                        let expected = Prospects {
                            moves: mover.legal_moves().len() as i32,
                            extra_turns: turns,
                            best_capture: best,
                        };
                        assert_eq!(prospects(&position, side), expected, "{position}");
                        captures_seen += i32::from(best > 0);
                    }
                    let mv = position.random_move(&mut rng).unwrap();
                    position.play(mv).unwrap();
                }
            }
        }
        assert!(captures_seen > 1000);
    }

    #[test]
    fn no_preview_from_an_empty_pit_or_off_the_board() {
        let position: Kalah = "0,0,0,0,1,2/1,0,0,0,0,3 26 15 S".parse().unwrap();
        assert_eq!(position.preview(Side::South, Move::new(1)), None);
        assert_eq!(position.preview(Side::South, Move::new(7)), None);
        assert_eq!(position.preview(Side::North, Move::new(0)), None);
        // South's pit 6 (two seeds) sows his store and North's pit 1.
        let effect = position.preview(Side::South, Move::new(6)).unwrap();
        assert_eq!((effect.last, effect.captured), (Some(6), 0));
    }

    #[test]
    fn the_evaluation_is_seen_by_either_side_and_knows_a_decided_game() {
        let position: Kalah = "0,0,0,0,1,2/1,0,0,0,0,3 26 15 S".parse().unwrap();
        let f = features(&position);
        assert_eq!((f[0], f[2], f[7]), (11, -1, 1));
        let e = Evaluation::default();
        assert_eq!(
            e.evaluate(&position, Side::South),
            -e.evaluate(&position, Side::North)
        );
        assert!(e.evaluate(&position, Side::South) > 0);
    }
}
