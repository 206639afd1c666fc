//! Judging Toguz Kumalak positions for the search: a linear evaluation over a few features
//! (material, board, mobility, capture threats, tuzdiks by hole) whose weights were fitted to
//! the results of recorded games, and sound bounds on what a side can still gain.
//!
//! ```
//! use mancala_search::{Limits, Pvs};
//! use mancala_search::games::toguz::Evaluation;
//! use toguz::Toguz;
//!
//! let mut player = Pvs::with_evaluator(Limits::depth(6), Evaluation::default());
//! let result = player.search(&Toguz::default());
//! assert!(result.best_move.is_some());
//! ```

use crate::fit::{result_for, Fitting, Sample, Source};
use crate::{Features, Linear};
use mancala_engine::{Game, Position as _, Side};
use toguz::Toguz;

/// The number of features.
pub const FEATURES: usize = 16;

/// What each feature measures, always as the side to move's advantage (his minus his
/// opponent's unless said otherwise).
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "kazan",
    "kazan-late",
    "board",
    "mobility",
    "capture-now",
    "capture-threatened",
    "tuzdik-now",
    "tuzdik-threatened",
    "tuzdik-1",
    "tuzdik-2",
    "tuzdik-3",
    "tuzdik-4",
    "tuzdik-5",
    "tuzdik-6",
    "tuzdik-7",
    "tuzdik-8",
];

/// The evaluation is `Σ weight × feature / WEIGHT_SCALE`.
pub const WEIGHT_SCALE: i64 = 256;

/// Weights fitted by logistic regression of the results of the 2,398 PlayOK games of
/// 2024–2025 on the features of every position in them (see the guide of `mancala-search`), scaled so
/// that a seed of kazan lead early in the game is worth about 100.
pub const FITTED_WEIGHTS: [i32; FEATURES] = [
    25600, 2794, 44271, 763166, 127012, -52779, 1502939, -1182100, 2171823, 2515537, 1773093,
    1832088, 4366875, 3743471, 3732229, 2384259,
];

/// The features of `position`, seen by its side to move (see [`FEATURE_NAMES`]):
///
/// - `kazan`: kazan lead; `kazan-late`: the same times the share of stones already taken
///   (in 1/64), so a lead counts more as the game nears its end;
/// - `board`: stones on the mover's row minus the opponent's (they are collected by the row's
///   owner if the game ends by T7);
/// - `mobility`: playable holes, mover minus opponent;
/// - `capture-now`: the most stones one move of the mover captures; `capture-threatened`: the
///   same for the opponent, were he to move;
/// - `tuzdik-now`, `tuzdik-threatened`: 1 when a move of the mover (of the opponent) makes a
///   tuzdik;
/// - `tuzdik-k`: +1 when the mover's tuzdik is the opponent's hole `k`, −1 when the
///   opponent's is the mover's hole `k`.
pub fn features(position: &Toguz) -> [i32; FEATURES] {
    let me = position.side_to_move();
    let ring = position.ring();
    let n = ring.per_side();
    let holes = position.holes();
    let total = position.rules().board.seeds() as i32;
    let mut f = [0i32; FEATURES];
    let kazans = [position.kazan(me) as i32, position.kazan(!me) as i32];
    f[0] = kazans[0] - kazans[1];
    f[1] = f[0] * (kazans[0] + kazans[1]) * 64 / total;
    let rows = [row_stones(holes, n, me), row_stones(holes, n, !me)];
    f[2] = rows[0] - rows[1];
    f[3] = playable(holes, n, me) - playable(holes, n, !me);
    let (capture, tuzdik) = threats(position, me);
    f[4] = capture;
    f[6] = tuzdik;
    let (capture, tuzdik) = threats(position, !me);
    f[5] = capture;
    f[7] = tuzdik;
    for (owner, sign) in [(me, 1), (!me, -1)] {
        if let Some(hole) = position.tuzdik(owner) {
            let number = ring.number(hole).clamp(1, 8);
            f[7 + number] += sign;
        }
    }
    f
}

fn row_stones(holes: &[u8], n: usize, side: Side) -> i32 {
    let start = side.index() * n;
    holes[start..start + n].iter().map(|&h| i32::from(h)).sum()
}

fn playable(holes: &[u8], n: usize, side: Side) -> i32 {
    let start = side.index() * n;
    holes[start..start + n].iter().filter(|&&h| h != 0).count() as i32
}

/// The most stones one move of `side` captures (even captures), and whether one of his moves
/// makes a tuzdik, were he to move: worked out from where each move's last stone falls,
/// without playing it (this runs at every leaf of a search).
fn threats(position: &Toguz, side: Side) -> (i32, i32) {
    let ring = position.ring();
    let (n, len) = (ring.per_side(), ring.len());
    let holes = position.holes();
    let tuzdiks = [position.tuzdik(Side::South), position.tuzdik(Side::North)];
    // The opponent's row, `first..first + n`, as a bit per canonical index, less the tuzdiks:
    // where a last stone can capture.
    let first = (!side).index() * n;
    let mut open = ((1u32 << n) - 1) << first;
    for tuzdik in tuzdiks.into_iter().flatten() {
        open &= !(1 << tuzdik);
    }
    // T4 (a)-(c): where `side` may make a tuzdik (nowhere if he has one).
    let mut may_tuzdik = 0u32;
    if position.rules().board.has_tuzdiks() && tuzdiks[side.index()].is_none() {
        may_tuzdik = (1 << (n - 1)) - 1;
        if let Some(theirs) = tuzdiks[(!side).index()] {
            may_tuzdik &= !(1 << (ring.number(theirs) - 1));
        }
        may_tuzdik <<= first;
    }
    let (mut capture, mut tuzdik) = (0u32, 0u32);
    for origin in side.index() * n..side.index() * n + n {
        let (landing, dropped) = landing(origin, usize::from(holes[origin]), len);
        let count = u32::from(holes[landing]) + dropped;
        // Branch-free: the outcome of each move is unpredictable.
        let can = (open >> landing) & 1;
        capture = capture.max(count * (can & !count & 1));
        tuzdik |= can & u32::from(count == 3) & (may_tuzdik >> landing);
    }
    (capture as i32, tuzdik as i32)
}

/// All the stones of the largest board: no hole holds more.
const MOST_SEEDS: usize = 162;

/// For the 9-hole board, by `origin * (MOST_SEEDS + 1) + seeds`: the hole where the last of
/// `seeds` stones sown from `origin` falls, and how many of them fall there.
static LANDINGS: [(u8, u8); 18 * (MOST_SEEDS + 1)] = {
    let mut table = [(0u8, 0u8); 18 * (MOST_SEEDS + 1)];
    let mut origin = 0;
    while origin < 18 {
        let mut seeds = 0;
        while seeds <= MOST_SEEDS {
            let (landing, dropped) = sow_end(origin, seeds, 18);
            table[origin * (MOST_SEEDS + 1) + seeds] = (landing as u8, dropped as u8);
            seeds += 1;
        }
        origin += 1;
    }
    table
};

/// Where the last of `seeds` stones sown from `origin` on a ring of `len` holes falls (T2: one
/// stone goes on, more start in the origin), and how many stones fall there (laps of the ring
/// add to every hole). An empty hole "lands" on itself, with no stone.
const fn sow_end(origin: usize, seeds: usize, len: usize) -> (usize, u32) {
    match seeds {
        0 => (origin, 0),
        1 => ((origin + 1) % len, 1),
        _ => ((origin + seeds - 1) % len, ((seeds - 1) / len + 1) as u32),
    }
}

/// [`sow_end`] from the table on the 9-hole board.
#[inline]
fn landing(origin: usize, seeds: usize, len: usize) -> (usize, u32) {
    if len == 18 && seeds <= MOST_SEEDS {
        let (landing, dropped) = LANDINGS[origin * (MOST_SEEDS + 1) + seeds];
        (usize::from(landing), u32::from(dropped))
    } else {
        sow_end(origin, seeds, len)
    }
}

/// The features of Toguz Kumalak positions ([`features`]) with their weights
/// ([`FITTED_WEIGHTS`], in 1/[`WEIGHT_SCALE`] units), for the core's linear evaluation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ToguzFeatures;

impl Features<FEATURES> for ToguzFeatures {
    type Position = Toguz;
    const SCALE: i64 = WEIGHT_SCALE;
    const FITTED: [i32; FEATURES] = FITTED_WEIGHTS;
    #[inline]
    fn features(position: &Toguz) -> [i32; FEATURES] {
        features(position)
    }
}

/// The fitted evaluation of Toguz Kumalak positions: `Σ weight × feature / WEIGHT_SCALE`, with
/// the weights of [`FITTED_WEIGHTS`] by default (`Evaluation::with_weights` for others).
pub type Evaluation = Linear<ToguzFeatures, FEATURES>;

/// An upper bound on the largest hole after `plies` more moves, from a largest hole of `max`:
/// a move of `s` stones adds at most `⌈s / 18⌉` to any hole (T2), and `s ≤ max`.
fn largest_hole_after(max: u32, len: u32) -> u32 {
    max + max.div_ceil(len)
}

/// Whether the game could end (by T6 or T7) within the next `plies` moves, by a sound bound:
/// `false` proves that it cannot, whatever is played. Used to prune proofs that no game ends
/// or is won sooner than some number of moves.
///
/// The bound: every move adds at most `⌈s / 18⌉` stones to any hole, `s` being at most the
/// largest hole; a move captures at most the stones of the hole its last stone lands in, and
/// feeds each tuzdik at most `⌈s / 18⌉` stones; a row loses at most the stones of one hole
/// plus a capture plus a feed per move. So a kazan grows, and a row shrinks, by at most the
/// sum of these over the moves left; the game cannot end while every kazan stays below the
/// majority and every row keeps a stone.
pub fn could_end_within(position: &Toguz, plies: u32) -> bool {
    if position.is_over() {
        return true;
    }
    let rules = position.rules();
    let len = rules.board.holes() as u32;
    let majority = rules.board.seeds() / 2;
    let holes = position.holes();
    let mut max = u32::from(holes.iter().copied().max().unwrap_or(0));
    let mover = position.side_to_move();
    let mut kazan = [position.kazan(Side::South), position.kazan(Side::North)];
    let mut rows = [
        position.seeds_on_side(Side::South),
        position.seeds_on_side(Side::North),
    ];
    let mut side = mover;
    for _ in 0..plies {
        let feed = max.div_ceil(len);
        let after = largest_hole_after(max, len);
        // The mover: sows at most `max` from his row, captures at most `after` from the
        // other's, and each kazan may be fed.
        kazan[side.index()] += after + feed;
        kazan[(!side).index()] += feed;
        rows[side.index()] = rows[side.index()].saturating_sub(max + feed);
        rows[(!side).index()] = rows[(!side).index()].saturating_sub(after + feed);
        max = after;
        side = !side;
        // T6 (a kazan past half, or both at half) and T7 (the next mover's row empty).
        if kazan.iter().any(|&k| k >= majority) || rows[side.index()] == 0 {
            return true;
        }
    }
    false
}

/// The positions of the recorded games in `text` (PGN, read by
/// [`read_records`](toguz::record::read_records)) for fitting the evaluation
/// ([`fit`](crate::fit)): every position of every game that replays cleanly and has a known
/// result, but the first two plies (nearly alike in every game) and finished positions; those
/// of every fifth game held out. With the number of games they come from.
pub fn record_samples(text: &str) -> (usize, Vec<Sample>) {
    use toguz::record::{read_records, PgnResult};
    let mut samples = Vec::new();
    let mut games = 0;
    for (index, game) in read_records(text).enumerate() {
        let Ok(game) = game else { continue };
        let winner = match game.recorded_result() {
            PgnResult::WhiteWins => Some(toguz::WHITE),
            PgnResult::BlackWins => Some(toguz::BLACK),
            PgnResult::Draw => None,
            PgnResult::Unknown => continue,
        };
        let replay = game.replay();
        if replay.error.is_some() {
            continue;
        }
        games += 1;
        let mut position = replay.start;
        for (ply, &mv) in replay.moves.iter().enumerate() {
            if ply >= 2 && !position.is_over() {
                samples.push(Sample {
                    features: features(&position).map(f64::from).to_vec(),
                    result: result_for(winner, position.side_to_move()),
                    held_out: index % 5 == 0,
                });
            }
            position.play_unchecked(mv);
        }
    }
    (games, samples)
}

impl super::Played for Toguz {
    type Evaluation = Evaluation;

    fn quick_depth(_: &Self::Rules) -> u32 {
        9
    }

    fn fitting() -> Option<Fitting<Self>> {
        Some(Fitting {
            names: &FEATURE_NAMES,
            scale: WEIGHT_SCALE,
            features: |position| features(position).map(f64::from).to_vec(),
            // Real games teach the evaluation what self-play of a weaker player cannot.
            source: Source::Records(record_samples),
        })
    }

    fn could_end_within(&self, plies: u32) -> bool {
        could_end_within(self, plies)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_even_and_every_move_threatens_ten() {
        let start = Toguz::default();
        let f = features(&start);
        assert_eq!(f[..4], [0, 0, 0, 0]);
        // Holes 2..=9 each end on an opponent's hole holding 9, making 10.
        assert_eq!((f[4], f[5]), (10, 10));
        assert_eq!(
            Evaluation::default().value(&start),
            Evaluation::default().value(&start)
        );
    }

    #[test]
    fn threats_agree_with_playing_the_moves() {
        // Along random games, the predicted best capture and tuzdik of the side to move are
        // those of playing every move.
        let mut rng = mancala_engine::Rng::new(3);
        let (mut tuzdiks_seen, mut positions) = (0, 0);
        for _ in 0..20 {
            let mut position = Toguz::default();
            while !position.is_over() {
                let (mut best, mut makes_tuzdik) = (0, 0);
                for mv in position.legal_moves() {
                    let mut child = position;
                    let effect = child.play_reported(mv).unwrap();
                    best = best.max(effect.captured as i32);
                    makes_tuzdik |= i32::from(effect.tuzdik.is_some());
                }
                let f = features(&position);
                assert_eq!((f[4], f[6]), (best, makes_tuzdik), "{position}");
                tuzdiks_seen += makes_tuzdik;
                positions += 1;
                let mv = position.random_move(&mut rng).unwrap();
                position.play(mv).unwrap();
            }
        }
        assert!(positions > 1000 && tuzdiks_seen > 0);
    }

    #[test]
    fn recorded_games_give_their_positions_with_results_for_the_side_to_move() {
        let moves = "1. 87(10) 87(10) 2.\n22 99(22) 3. 23 12(24) 4.\n68X";
        let text = format!(
            "[Result \"1-0\"]\n\n{moves} 1-0\n\n[Result \"0-1\"]\n\n{moves} 0-1\n\n\
             [Result \"*\"]\n\n{moves} *\n"
        );
        let (games, samples) = record_samples(&text);
        assert_eq!(games, 2, "the game without a result is left out");
        let (first, second) = samples.split_at(samples.len() / 2);
        assert!(!first.is_empty() && first.len() == second.len());
        assert!(first.iter().all(|s| s.held_out) && second.iter().all(|s| !s.held_out));
        for (won, lost) in first.iter().zip(second) {
            assert_eq!(won.features, lost.features);
            assert_eq!(won.result + lost.result, 1.0);
        }
        // From the third ply: White to move in the game White won, then Black.
        assert_eq!((first[0].result, first[1].result), (1.0, 0.0));
    }

    #[test]
    fn no_game_ends_in_the_first_moves() {
        assert!(!could_end_within(&Toguz::default(), 6));
        assert!(could_end_within(&Toguz::default(), 40));
    }
}
