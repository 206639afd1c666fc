//! The openings of a match: random lines from the start, and among them those a shallow search
//! finds close to even.

use mancala_engine::{Game, Position, Rng};
use mancala_search::Limits;
use std::hash::Hash;

/// The start of opening `number`: `plies` random moves from the start, drawn from a generator
/// seeded by `seed` and `number`. A line that ends the game is drawn again, up to
/// [`OPENING_DRAWS`] times; then the last line stops one move before its end.
pub(super) fn opening<P: Position>(start: &P, seed: u64, number: u64, plies: u32) -> P {
    let mut rng = Rng::new(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) ^ number);
    let mut before_end = start.clone();
    for _ in 0..OPENING_DRAWS {
        let mut position = start.clone();
        for _ in 0..plies {
            match position.random_move(&mut rng) {
                Some(mv) => {
                    before_end = position.clone();
                    position.play_unchecked(mv);
                }
                None => break,
            }
        }
        if !position.is_over() {
            return position;
        }
    }
    before_end
}

/// The opening `opening` draws as `number` whose value, by a depth-`depth` search with the
/// score difference, lies within `margin` of even: drawn again from other streams of the
/// generator until one does, up to [`BALANCE_DRAWS`] times; then the closest one drawn.
pub(super) fn balanced_opening<P>(
    start: &P,
    seed: u64,
    number: u64,
    plies: u32,
    (depth, margin): (u32, i32),
) -> P
where
    P: Game + Sync,
    P::Move: Hash,
{
    let mut judge = mancala_search::Pvs::<P>::new(Limits::depth(depth));
    let mut closest: Option<(i32, P)> = None;
    for draw in 0..BALANCE_DRAWS {
        let stream = seed.wrapping_add(u64::from(draw).wrapping_mul(0xd134_2543_de82_ef95));
        let position = opening(start, stream, number, plies);
        let off = judge.search(&position).value.saturating_abs();
        if off <= margin {
            return position;
        }
        if closest.as_ref().is_none_or(|(best, _)| off < *best) {
            closest = Some((off, position));
        }
    }
    closest.map_or_else(|| start.clone(), |(_, position)| position)
}

/// How many openings `--balanced` draws before it settles for the closest.
pub(super) const BALANCE_DRAWS: u32 = 1_000;

/// How often an opening that ends the game is drawn again.
const OPENING_DRAWS: u32 = 100;

#[cfg(test)]
mod tests {
    use super::*;

    use mancala_games::registry::{self, Registered, Visitor};

    /// The openings `--balanced` plays are the ones its judge values within the margin, the
    /// same on every call, and not all of them the plain random ones.
    #[test]
    fn balanced_openings_lie_within_the_margin() {
        registry::with_game("katro", Balanced).unwrap();
    }

    /// The check of balanced openings, on one game.
    struct Balanced;

    impl Visitor for Balanced {
        type Output = ();
        fn visit<G: Registered>(self) {
            balanced::<G>();
        }
    }

    fn balanced<G: Registered>() {
        let start = G::default();
        let (depth, margin) = (4, 1);
        let mut judge = mancala_search::Pvs::<G>::new(Limits::depth(depth));
        let mut redrawn = 0;
        for number in 0..8 {
            let position = balanced_opening(&start, 31, number, 4, (depth, margin));
            assert!(judge.search(&position).value.abs() <= margin, "{position}");
            assert_eq!(
                position,
                balanced_opening(&start, 31, number, 4, (depth, margin))
            );
            redrawn += usize::from(position != opening(&start, 31, number, 4));
        }
        assert!(redrawn > 0, "every random opening was already balanced");
    }
}
