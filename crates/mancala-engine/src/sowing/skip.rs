//! Sowing that passes over its own origin: the rule of Oware and its relatives, under which a
//! sowing of a whole lap or more never drops a seed back into the hole it was lifted from.
//!
//! The closed form: each of the `len - 1` other holes gets `seeds / (len - 1)`, and the next
//! `seeds % (len - 1)` holes after the origin one more; the origin ends empty. The seed-by-seed
//! twin is the reference it is tested against.

/// Lifts every seed of `origin` and sows them round the ring kept in the first `len` holes of
/// `holes`, one into each hole after the origin in turn, passing over the origin itself.
/// Returns the hole of the last seed.
///
/// Returns `None` and changes nothing when `origin` is empty or not below `len`, when the ring
/// has fewer than two holes or more than `N` (at most 128), or when a hole would overflow its
/// byte (a ring holding at most 255 seeds in all never does). Holes from `len` on are left
/// alone.
#[inline(always)]
pub fn lift_and_sow_skipping_origin<const N: usize>(
    holes: &mut [u8; N],
    len: usize,
    origin: usize,
) -> Option<usize> {
    if len < 2 || len > N || N > 128 || origin >= len || holes[origin] == 0 {
        return None;
    }
    let seeds = usize::from(holes[origin]);
    let others = len - 1;
    // Most sowings are shorter than a lap: skip the division then.
    let (laps, rest) = if seeds < others {
        (0, seeds)
    } else {
        (seeds / others, seeds % others)
    };
    // One branch-free pass over the whole array, which the compiler turns into a few vector
    // instructions: what each hole gains (the origin loses all it holds), and whether adding it
    // would overflow a byte; then a second pass adds it.
    let (origin8, len8, rest8, laps8) = (origin as u8, len as u8, rest as u8, laps as u8);
    let mut deltas = [0u8; N];
    let mut overflow = false;
    for (i, (delta, &hole)) in deltas.iter_mut().zip(holes.iter()).enumerate() {
        let i = i as u8;
        // How far hole `i` lies after the origin, round the ring.
        let distance = if i >= origin8 {
            i - origin8
        } else {
            i.wrapping_add(len8).wrapping_sub(origin8)
        };
        let sown = (i < len8) & (i != origin8);
        let gain = u8::from(sown) * laps8.wrapping_add(u8::from(distance <= rest8));
        overflow |= hole > !gain;
        *delta = if i == origin8 {
            hole.wrapping_neg()
        } else {
            gain
        };
    }
    if overflow {
        return None;
    }
    for (hole, delta) in holes.iter_mut().zip(deltas) {
        *hole = hole.wrapping_add(delta);
    }
    // The last seed lies `rest` holes after the origin, or (a whole number of laps) just before it.
    let last = if rest == 0 {
        origin + others
    } else {
        origin + rest
    };
    Some(if last >= len { last - len } else { last })
}

/// [`lift_and_sow_skipping_origin`] one seed at a time round the whole slice: the reference.
/// Returns `None` (changing nothing) when `origin` is empty or off the ring, or the ring has
/// fewer than two holes.
pub fn lift_and_sow_skipping_origin_by_seed(holes: &mut [u8], origin: usize) -> Option<usize> {
    let len = holes.len();
    if len < 2 || origin >= len || holes[origin] == 0 {
        return None;
    }
    let mut seeds = core::mem::take(&mut holes[origin]);
    let mut hole = origin;
    while seeds > 0 {
        hole = (hole + 1) % len;
        if hole != origin {
            holes[hole] += 1;
            seeds -= 1;
        }
    }
    Some(hole)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn a_lap_passes_over_the_origin() {
        // 12 seeds from hole 2 of a ring of 12: the 11 other holes get one each, and the 12th
        // seed goes on past the emptied origin to hole 3.
        let mut holes = [0u8; 16];
        holes[2] = 12;
        assert_eq!(lift_and_sow_skipping_origin(&mut holes, 12, 2), Some(3));
        assert_eq!(&holes[..12], &[1, 1, 0, 2, 1, 1, 1, 1, 1, 1, 1, 1]);
        // Exactly 11 seeds: one in every other hole, the last just before the origin.
        let mut holes = [0u8; 16];
        holes[5] = 11;
        assert_eq!(lift_and_sow_skipping_origin(&mut holes, 12, 5), Some(4));
        assert_eq!(&holes[..12], &[1, 1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1]);
    }

    #[test]
    fn refuses_what_it_cannot_sow() {
        let mut holes = [0u8; 16];
        assert_eq!(lift_and_sow_skipping_origin(&mut holes, 12, 0), None);
        holes[0] = 3;
        assert_eq!(lift_and_sow_skipping_origin(&mut holes, 12, 12), None);
        assert_eq!(lift_and_sow_skipping_origin(&mut holes, 1, 0), None);
        assert_eq!(lift_and_sow_skipping_origin(&mut holes, 17, 0), None);
        holes[1] = 255;
        holes[2] = 100;
        assert_eq!(lift_and_sow_skipping_origin(&mut holes, 12, 0), None);
        assert_eq!(
            &holes[..3],
            &[3, 255, 100],
            "a refused sowing changes nothing"
        );
        holes[1] = 254;
        assert_eq!(lift_and_sow_skipping_origin(&mut holes, 12, 0), Some(3));
        assert_eq!(&holes[..4], &[0, 255, 101, 1]);
    }

    fn ring() -> impl Strategy<Value = (Vec<u8>, usize)> {
        (2usize..=16).prop_flat_map(|len| (proptest::collection::vec(0u8..16, len), 0..len))
    }

    proptest! {
        #[test]
        fn closed_form_equals_seed_by_seed((holes, origin) in ring(), seeds in 1u8..60) {
            let len = holes.len();
            let mut slow = holes.clone();
            slow[origin] = seeds;
            let mut fast = [7u8; 16];
            fast[..len].copy_from_slice(&slow);
            let before: u32 = slow.iter().map(|&h| u32::from(h)).sum();
            let expected = lift_and_sow_skipping_origin_by_seed(&mut slow, origin);
            prop_assert_eq!(lift_and_sow_skipping_origin(&mut fast, len, origin), expected);
            prop_assert_eq!(&fast[..len], &slow[..]);
            prop_assert!(fast[len..].iter().all(|&h| h == 7), "holes past the ring changed");
            prop_assert_eq!(fast[origin], 0, "the origin ends empty");
            prop_assert_ne!(expected, Some(origin), "the last seed never falls in the origin");
            let after: u32 = fast[..len].iter().map(|&h| u32::from(h)).sum();
            prop_assert_eq!(after, before);
        }
    }
}
