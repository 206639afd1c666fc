//! Raw position parts, validated into a [`Toguz`].

use crate::position::{ring, HOLE_BYTES};
use crate::{RuleSet, Toguz};
use mancala_engine::notation::seed_count;
use mancala_engine::{Game, Position, Side};

/// The parts of a position, as a caller or a notation gives them: public fields, no promises.
/// [`Toguz::from_setup`](mancala_engine::Game::from_setup) turns it into a position, or says what is wrong with it.
///
/// ```
/// use toguz::prelude::*;
///
/// let mut setup = Toguz::default().to_setup();
/// setup.holes[0] = 8;
/// setup.holes[1] = 10;
/// assert!(Toguz::from_setup(setup.clone()).is_ok());
/// setup.kazans = [1, 0];
/// setup.holes[1] = 9;
/// let error = Toguz::from_setup(setup).unwrap_err();
/// assert_eq!(error, SetupError::OddKazan { player: "White", kazan: 1 });
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Seeds by canonical index: `2 × per_side` of them, White's row first.
    pub holes: Vec<u32>,
    /// Kazans, `[White, Black]`.
    pub kazans: [u32; 2],
    /// Tuzdiks, `[White's, Black's]`, each the canonical index of a hole on the opponent's row.
    pub tuzdiks: [Option<usize>; 2],
    /// The player to move.
    pub side_to_move: Side,
    /// The rules the position follows.
    pub rules: RuleSet,
}

/// Why a [`Setup`] is not a possible position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The number of holes does not match the board.
    #[error("expected {expected} holes, found {found}")]
    WrongHoleCount {
        /// Holes on the board.
        expected: usize,
        /// Holes given.
        found: usize,
    },
    /// A count is larger than every seed of the game.
    #[error("{place} holds {}, more than the {seeds} in the game", seed_count(u64::from(*count)))]
    CountTooLarge {
        /// Where: `White's hole 4`, `White's kazan`, …
        place: String,
        /// The count given.
        count: u32,
        /// Seeds in the game.
        seeds: u32,
    },
    /// Holes and kazans do not add up to the seeds of the game.
    #[error("holes and kazans hold {}, the game has {expected}", seed_count(*found))]
    WrongTotal {
        /// The sum found.
        found: u64,
        /// Seeds in the game.
        expected: u32,
    },
    /// The board has no tuzdiks (2 × 5) but one was given.
    #[error("this board has no tuzdiks")]
    TuzdiksNotAllowed,
    /// A tuzdik index is off the board.
    #[error("{player}'s tuzdik is on hole index {index}, off the board")]
    TuzdikOffBoard {
        /// Whose tuzdik.
        player: &'static str,
        /// The index given.
        index: usize,
    },
    /// A tuzdik lies on its owner's own row.
    #[error("{player}'s tuzdik is on his own row (hole index {index})")]
    TuzdikOnOwnRow {
        /// Whose tuzdik.
        player: &'static str,
        /// The index given.
        index: usize,
    },
    /// A tuzdik lies on the opponent's last hole, where rule T4 (b) forbids it.
    #[error("{player}'s tuzdik is on the opponent's last hole, which can never be a tuzdik")]
    TuzdikOnLastHole {
        /// Whose tuzdik.
        player: &'static str,
    },
    /// Both tuzdiks have the same hole number, which rule T4 (c) forbids.
    #[error("both tuzdiks are on holes numbered {number}")]
    TuzdiksFaceEachOther {
        /// The shared hole number.
        number: usize,
    },
    /// A tuzdik hole holds seeds; every seed sown there goes to the kazan.
    #[error("{player}'s tuzdik holds {}; a tuzdik is always empty", seed_count(u64::from(*count)))]
    SeedsInTuzdik {
        /// Whose tuzdik.
        player: &'static str,
        /// The seeds found there.
        count: u32,
    },
    /// A player with a tuzdik has fewer than the 3 seeds its creation put in his kazan.
    #[error(
        "{player} has a tuzdik but only {} in his kazan (a tuzdik brings 3)",
        seed_count(u64::from(*kazan))
    )]
    KazanTooSmallForTuzdik {
        /// Whose kazan.
        player: &'static str,
        /// The kazan given.
        kazan: u32,
    },
    /// An odd kazan without a tuzdik: captures are even, so only a tuzdik (its 3 seeds, the
    /// seeds it is fed) can make a kazan odd.
    #[error(
        "{player}'s kazan holds {}, an odd number, but {player} has no tuzdik: \
         without one a kazan only grows by even captures",
        seed_count(u64::from(*kazan))
    )]
    OddKazan {
        /// Whose kazan.
        player: &'static str,
        /// The kazan given.
        kazan: u32,
    },
}

/// The player's name as the rules use it.
pub(crate) fn player_name(side: Side) -> &'static str {
    match side {
        Side::South => "White",
        Side::North => "Black",
    }
}

/// Validates raw parts into a position ([`Game::from_setup`](mancala_engine::Game::from_setup)).
pub(crate) fn from_setup(setup: Setup) -> Result<Toguz, SetupError> {
    checked(
        &setup.holes,
        setup.kazans,
        setup.tuzdiks,
        setup.side_to_move,
        setup.rules,
    )
}

impl Toguz {
    /// The position of a [`Setup`] with these fields, with the same checks as
    /// [`Toguz::from_setup`](mancala_engine::Game::from_setup), but without building one
    /// (for callers that make many positions, such as an endgame database).
    pub fn from_holes(
        holes: &[u32],
        kazans: [u32; 2],
        tuzdiks: [Option<usize>; 2],
        side_to_move: Side,
        rules: RuleSet,
    ) -> Result<Toguz, SetupError> {
        checked(holes, kazans, tuzdiks, side_to_move, rules)
    }
}

/// The checks and the making of a position, for [`from_setup`] and [`Toguz::from_holes`].
fn checked(
    holes_given: &[u32],
    kazans_given: [u32; 2],
    tuzdiks: [Option<usize>; 2],
    side_to_move: Side,
    rules: RuleSet,
) -> Result<Toguz, SetupError> {
    let board = rules.board;
    let ring = ring(board);
    let seeds = board.seeds();
    if holes_given.len() != board.holes() {
        return Err(SetupError::WrongHoleCount {
            expected: board.holes(),
            found: holes_given.len(),
        });
    }
    for (i, &count) in holes_given.iter().enumerate() {
        if count > seeds {
            let place = format!("{}'s hole {}", player_name(ring.owner(i)), ring.number(i));
            return Err(SetupError::CountTooLarge {
                place,
                count,
                seeds,
            });
        }
    }
    for side in Side::BOTH {
        let count = kazans_given[side.index()];
        if count > seeds {
            let place = format!("{}'s kazan", player_name(side));
            return Err(SetupError::CountTooLarge {
                place,
                count,
                seeds,
            });
        }
    }
    let found: u64 = holes_given
        .iter()
        .chain(&kazans_given)
        .map(|&c| u64::from(c))
        .sum();
    if found != u64::from(seeds) {
        return Err(SetupError::WrongTotal {
            found,
            expected: seeds,
        });
    }
    for side in Side::BOTH {
        let player = player_name(side);
        let kazan = kazans_given[side.index()];
        let Some(index) = tuzdiks[side.index()] else {
            if kazan % 2 == 1 {
                return Err(SetupError::OddKazan { player, kazan });
            }
            continue;
        };
        if !board.has_tuzdiks() {
            return Err(SetupError::TuzdiksNotAllowed);
        }
        if index >= board.holes() {
            return Err(SetupError::TuzdikOffBoard { player, index });
        }
        if ring.owner(index) == side {
            return Err(SetupError::TuzdikOnOwnRow { player, index });
        }
        if ring.number(index) == ring.per_side() {
            return Err(SetupError::TuzdikOnLastHole { player });
        }
        if holes_given[index] != 0 {
            return Err(SetupError::SeedsInTuzdik {
                player,
                count: holes_given[index],
            });
        }
        if kazan < 3 {
            return Err(SetupError::KazanTooSmallForTuzdik { player, kazan });
        }
    }
    if let [Some(a), Some(b)] = tuzdiks {
        if ring.number(a) == ring.number(b) {
            return Err(SetupError::TuzdiksFaceEachOther {
                number: ring.number(a),
            });
        }
    }
    let mut holes = [0u8; HOLE_BYTES];
    for (h, &count) in holes.iter_mut().zip(holes_given) {
        *h = count as u8; // at most 162: checked above
    }
    let kazans = kazans_given.map(|k| k as u16);
    Ok(Toguz::from_parts(
        holes,
        kazans,
        tuzdiks,
        side_to_move,
        rules,
    ))
}

/// The position's parts ([`Game::to_setup`](mancala_engine::Game::to_setup)).
pub(crate) fn to_setup(position: &Toguz) -> Setup {
    Setup {
        holes: position.holes().iter().map(|&h| u32::from(h)).collect(),
        kazans: [position.kazan(Side::South), position.kazan(Side::North)],
        tuzdiks: [position.tuzdik(Side::South), position.tuzdik(Side::North)],
        side_to_move: position.side_to_move(),
        rules: position.rules(),
    }
}
