//! The window form's laps against the seed-by-seed reference.

use super::*;
use proptest::prelude::*;

#[test]
fn a_lap_and_a_bit_along_a_scattered_cycle() {
    // The cycle runs through cells 4, 0, 6, 2 (cells 1, 3, 5, 7 are off it). Six seeds from
    // cell 0 go to cells 6, 2, 4, 0, 6, 2: cells 6 and 2 get two, 4 and 0 one, and the last
    // seed falls into cell 2, which then holds 2.
    let cycle = SowingPath::<8>::new(&[4, 0, 6, 2]).unwrap();
    assert_eq!(cycle.place(6), Some(2));
    assert_eq!(cycle.place(1), None);
    let mut window = [6u8, 9, 0, 9, 1, 9, 0, 9];
    let landing = cycle.lap(&mut window, 0).unwrap();
    assert_eq!(window, [1, 9, 2, 9, 2, 9, 2, 9]);
    assert_eq!(landing.cell, 2);
    assert_eq!(landing.seeds, 2);
    assert_eq!(landing.sown, 0b0101_0101);
    // Two seeds from cell 6: cells 2 and 4, the last into a hole that held 2.
    let landing = cycle.lap(&mut window, 6).unwrap();
    assert_eq!(window, [1, 9, 3, 9, 3, 9, 0, 9]);
    assert_eq!(
        (landing.cell, landing.seeds, landing.sown),
        (4, 3, 0b0001_0100)
    );
    // Nothing to sow, off the cycle, outside the window.
    assert_eq!(cycle.lap(&mut window, 6), None);
    assert_eq!(cycle.lap(&mut window, 1), None);
    assert_eq!(cycle.lap(&mut window, 8), None);
    assert_eq!(window, [1, 9, 3, 9, 3, 9, 0, 9]);
}

#[test]
fn a_whole_round_ends_in_the_emptied_origin() {
    let cycle = SowingPath::<16>::identity(14).unwrap();
    let mut window = [0u8; 16];
    window[3] = 14;
    let landing = cycle.lap(&mut window, 3).unwrap();
    assert_eq!((landing.cell, landing.seeds, landing.rounds), (3, 1, 1));
    assert_eq!(&window[..14], &[1; 14]);
    assert_eq!(&window[14..], &[0, 0]);
}

#[test]
fn a_window_within_a_larger_board() {
    // A cycle through cells 20, 17 and 27 of a board of 48, sown through a window of 16
    // that starts at cell 17. Five seeds from cell 17 go to 27, 20, 17, 27, 20.
    let cycle = SowingPath::<48, 16>::new(&[20, 17, 27]).unwrap();
    assert_eq!(cycle.window_start(), 17);
    let mut board = [5u8; 48];
    let landing = cycle.lap(&mut board, 17).unwrap();
    let mut expected = [5u8; 48];
    (expected[17], expected[20], expected[27]) = (1, 7, 7);
    assert_eq!(board, expected);
    assert_eq!((landing.cell, landing.seeds, landing.rounds), (20, 7, 1));
    assert_eq!(landing.sown, 1 << 17 | 1 << 20 | 1 << 27);
    // A window would run past the board's end: it starts as late as the board allows.
    assert_eq!(
        SowingPath::<48, 32>::new(&[40, 30]).unwrap().window_start(),
        16
    );
    assert!(SowingPath::<48, 8>::new(&[20, 28]).is_none());
    assert!(SowingPath::<8, 16>::new(&[1]).is_none());
}

#[test]
fn bad_paths_are_refused() {
    assert!(SowingPath::<8>::new(&[]).is_none());
    assert!(SowingPath::<8>::new(&[1, 8]).is_none());
    assert!(SowingPath::<8>::new(&[1, 2, 1]).is_none());
    assert!(SowingPath::<65>::new(&[0]).is_none());
    assert!(SowingPath::<8>::identity(9).is_none());
    assert_eq!(
        SowingPath::<8>::identity(8).unwrap().path(),
        &[0, 1, 2, 3, 4, 5, 6, 7]
    );
}

/// A cycle through some cells of a window of 32 that starts at cell `base`, in a random
/// order, a board of 48 whose seeds total at most 255, and an origin cell on the cycle.
fn cycle_and_board(base: u8) -> impl Strategy<Value = (Vec<u8>, Vec<u8>, usize)> {
    (
        Just((base..base + 32).collect::<Vec<u8>>()).prop_shuffle(),
        1usize..=32,
    )
        .prop_flat_map(|(cells, len)| {
            let path = cells[..len].to_vec();
            (Just(path), proptest::collection::vec(0u8..8, 48), 0..len)
        })
}

/// Sows `seeds` (capped by the seeds elsewhere) from the origin with `cycle` and seed by
/// seed, and checks that both give the same board, landing and sown cells.
fn check_lap<const N: usize, const W: usize>(
    cycle: &SowingPath<N, W>,
    path: &[u8],
    board: &mut [u8],
    origin: usize,
    seeds: u8,
) -> Result<(), TestCaseError> {
    // At most 47 cells of 7 seeds beside the origin: 76 seeds or more are left for it.
    board[origin] = 0;
    let others = board.iter().map(|&s| u32::from(s)).sum::<u32>();
    board[origin] = seeds.min((255 - others) as u8);
    let mut fast = [0u8; N];
    fast.copy_from_slice(board);
    let mut slow = board.to_vec();
    let landing = cycle.lap(&mut fast, origin);
    let last = lap_by_seed(&mut slow, path, origin);
    prop_assert_eq!(&fast[..], &slow[..]);
    prop_assert_eq!(landing.map(|l| l.cell), last);
    let landing = landing.unwrap();
    prop_assert_eq!(landing.seeds, fast[landing.cell]);
    prop_assert_eq!(
        usize::from(landing.rounds),
        usize::from(board[origin]) / path.len()
    );
    // The sown bits are exactly the cells that gained seeds (the origin only when it was
    // sown into after being emptied).
    let gained = (0..N).filter(|&i| {
        if i == origin {
            fast[i] > 0
        } else {
            fast[i] > board[i]
        }
    });
    prop_assert_eq!(landing.sown, gained.fold(0u64, |bits, i| bits | 1 << i));
    Ok(())
}

proptest! {
    #[test]
    fn the_tables_sow_as_seed_by_seed(
        (path, mut board, k) in cycle_and_board(0),
        seeds in 1u8..=255,
    ) {
        let cycle = SowingPath::<32>::new(&path).unwrap();
        check_lap(&cycle, &path, &mut board[..32], usize::from(path[k]), seeds)?;
    }

    #[test]
    fn a_window_inside_the_board_sows_as_seed_by_seed(
        (path, mut board, k) in (0u8..=16).prop_flat_map(cycle_and_board),
        seeds in 1u8..=255,
    ) {
        let cycle = SowingPath::<48, 32>::new(&path).unwrap();
        check_lap(&cycle, &path, &mut board, usize::from(path[k]), seeds)?;
    }
}
