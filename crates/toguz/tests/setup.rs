//! Building a position from raw parts: every impossible position is an error naming what is
//! wrong, never a panic.

use mancala_engine::{Game, Side};
use toguz::{BoardSize, RuleSet, Setup, SetupError, Toguz};

fn start_setup() -> Setup {
    Toguz::default().to_setup()
}

fn err(setup: &Setup) -> SetupError {
    Toguz::from_setup(setup.clone()).expect_err("an impossible position")
}

/// A legal-looking position with a tuzdik for each player: White's on Black's hole 3 (index 11),
/// Black's on White's hole 5 (index 4).
fn with_tuzdiks() -> Setup {
    let mut s = start_setup();
    s.holes[11] = 0;
    s.holes[4] = 0;
    s.kazans = [9, 9];
    s.tuzdiks = [Some(11), Some(4)];
    s
}

#[test]
fn the_start_and_a_position_with_tuzdiks_are_accepted() {
    assert_eq!(Toguz::from_setup(start_setup()), Ok(Toguz::default()));
    let p = Toguz::from_setup(with_tuzdiks()).unwrap();
    assert_eq!(
        (p.tuzdik(Side::South), p.tuzdik(Side::North)),
        (Some(11), Some(4))
    );
    assert_eq!(Toguz::from_setup(p.to_setup()), Ok(p));
}

#[test]
fn wrong_hole_count() {
    let mut s = start_setup();
    s.holes.pop();
    assert_eq!(
        err(&s),
        SetupError::WrongHoleCount {
            expected: 18,
            found: 17
        }
    );
}

#[test]
fn wrong_total() {
    let mut s = start_setup();
    s.holes[0] += 1;
    assert_eq!(
        err(&s),
        SetupError::WrongTotal {
            found: 163,
            expected: 162
        }
    );
    let mut s = start_setup();
    s.kazans[1] = 1;
    assert!(matches!(err(&s), SetupError::WrongTotal { found: 163, .. }));
}

#[test]
fn counts_that_overflow() {
    let mut s = start_setup();
    s.holes[3] = u32::MAX;
    s.holes[4] = 2;
    assert!(matches!(
        err(&s),
        SetupError::CountTooLarge {
            count: u32::MAX,
            ..
        }
    ));
    let mut s = start_setup();
    s.kazans = [u32::MAX, 163];
    let e = err(&s);
    assert!(matches!(e, SetupError::CountTooLarge { .. }));
    assert!(e.to_string().contains("White's kazan"), "{e}");
    // 300 in one hole would wrap a byte: rejected, not truncated.
    let mut s = start_setup();
    s.holes = vec![0; 18];
    s.holes[0] = 300;
    assert!(matches!(
        err(&s),
        SetupError::CountTooLarge { count: 300, .. }
    ));
}

#[test]
fn tuzdik_on_the_owners_row() {
    let mut s = with_tuzdiks();
    s.tuzdiks = [Some(4), None];
    assert!(matches!(
        err(&s),
        SetupError::TuzdikOnOwnRow { index: 4, .. }
    ));
}

#[test]
fn tuzdik_on_the_last_hole() {
    let mut s = with_tuzdiks();
    s.holes[11] = 9;
    s.holes[17] = 0;
    s.tuzdiks = [Some(17), Some(4)];
    assert!(matches!(
        err(&s),
        SetupError::TuzdikOnLastHole { player: "White" }
    ));
}

#[test]
fn tuzdik_off_the_board() {
    let mut s = with_tuzdiks();
    s.tuzdiks[1] = Some(18);
    assert!(matches!(
        err(&s),
        SetupError::TuzdikOffBoard { index: 18, .. }
    ));
}

#[test]
fn two_tuzdiks_with_one_number() {
    // White's on Black's hole 5 (index 13), Black's on White's hole 5 (index 4).
    let mut s = with_tuzdiks();
    s.holes[11] = 9;
    s.holes[13] = 0;
    s.tuzdiks = [Some(13), Some(4)];
    assert_eq!(err(&s), SetupError::TuzdiksFaceEachOther { number: 5 });
}

#[test]
fn seeds_in_a_tuzdik() {
    let mut s = with_tuzdiks();
    s.holes[11] = 1;
    s.kazans[0] -= 1;
    assert!(matches!(
        err(&s),
        SetupError::SeedsInTuzdik { count: 1, .. }
    ));
}

#[test]
fn a_tuzdik_without_its_three_seeds() {
    let mut s = with_tuzdiks();
    s.kazans = [2, 16];
    assert!(matches!(
        err(&s),
        SetupError::KazanTooSmallForTuzdik { kazan: 2, .. }
    ));
}

#[test]
fn no_tuzdik_on_the_small_board() {
    let rules = RuleSet {
        board: BoardSize::Five,
        ..RuleSet::STANDARD
    };
    let mut s = Toguz::new(rules).to_setup();
    s.holes[6] = 0;
    s.kazans = [5, 0];
    s.tuzdiks = [Some(6), None];
    assert_eq!(err(&s), SetupError::TuzdiksNotAllowed);
}

#[test]
fn errors_read_well() {
    let mut s = start_setup();
    s.holes[0] = 8;
    assert_eq!(
        err(&s).to_string(),
        "holes and kazans hold 161 seeds, the game has 162"
    );
}

/// One seed is `1 seed` in every message that counts seeds.
#[test]
fn one_seed_is_one_seed_in_the_messages() {
    let mut setup = start_setup();
    setup.holes[0] -= 1;
    setup.kazans[0] = 1;
    let message = err(&setup).to_string();
    assert!(
        message.starts_with("White's kazan holds 1 seed, an odd number"),
        "{message}"
    );
    let mut setup = with_tuzdiks();
    let tuzdik = setup.tuzdiks[0].unwrap();
    let from = (0..setup.holes.len())
        .find(|&i| i != tuzdik && Some(i) != setup.tuzdiks[1] && setup.holes[i] > 0)
        .unwrap();
    setup.holes[from] -= 1;
    setup.holes[tuzdik] = 1;
    let message = err(&setup).to_string();
    assert!(message.contains("tuzdik holds 1 seed;"), "{message}");
    assert!(!message.contains("1 seeds"), "{message}");
}
