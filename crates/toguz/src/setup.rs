//! Raw position parts, validated into a [`Toguz`].

use crate::position::HOLE_BYTES;
use crate::{RuleSet, Toguz};
use mancala_engine::Side;

/// The parts of a position, as a caller or a notation gives them: public fields, no promises.
/// [`Toguz::from_setup`] turns it into a position, or says what is wrong with it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Setup {
    /// Stone counts by canonical index: `2 × per_side` of them, White's row first.
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
    /// A count is larger than every stone of the game.
    #[error("{place} holds {count} stones, more than the {stones} in the game")]
    CountTooLarge {
        /// Where: `hole 4`, `White's kazan`, …
        place: String,
        /// The count given.
        count: u32,
        /// Stones in the game.
        stones: u32,
    },
    /// Holes and kazans do not add up to the stones of the game.
    #[error("holes and kazans hold {found} stones, the game has {expected}")]
    WrongTotal {
        /// The sum found.
        found: u64,
        /// Stones in the game.
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
    /// A tuzdik hole holds stones; every stone sown there goes to the kazan.
    #[error("{player}'s tuzdik holds {count} stones; a tuzdik is always empty")]
    StonesInTuzdik {
        /// Whose tuzdik.
        player: &'static str,
        /// The stones found there.
        count: u32,
    },
    /// A player with a tuzdik has fewer than the 3 stones its creation put in his kazan.
    #[error("{player} has a tuzdik but only {kazan} stones in his kazan (a tuzdik brings 3)")]
    KazanTooSmallForTuzdik {
        /// Whose kazan.
        player: &'static str,
        /// The kazan given.
        kazan: u32,
    },
}

fn player_name(side: Side) -> &'static str {
    match side {
        Side::South => "White",
        Side::North => "Black",
    }
}

impl Toguz {
    /// Validates raw parts into a position. Every impossible position is rejected with an
    /// error naming the first thing wrong.
    pub fn from_setup(setup: &Setup) -> Result<Toguz, SetupError> {
        let board = setup.rules.board;
        let ring = board_ring(setup.rules);
        let stones = board.stones();
        if setup.holes.len() != board.holes() {
            return Err(SetupError::WrongHoleCount {
                expected: board.holes(),
                found: setup.holes.len(),
            });
        }
        for (i, &count) in setup.holes.iter().enumerate() {
            if count > stones {
                let place = format!("{}'s hole {}", player_name(ring.owner(i)), ring.number(i));
                return Err(SetupError::CountTooLarge {
                    place,
                    count,
                    stones,
                });
            }
        }
        for side in Side::BOTH {
            let count = setup.kazans[side.index()];
            if count > stones {
                let place = format!("{}'s kazan", player_name(side));
                return Err(SetupError::CountTooLarge {
                    place,
                    count,
                    stones,
                });
            }
        }
        let found: u64 = setup
            .holes
            .iter()
            .chain(&setup.kazans)
            .map(|&c| u64::from(c))
            .sum();
        if found != u64::from(stones) {
            return Err(SetupError::WrongTotal {
                found,
                expected: stones,
            });
        }
        for side in Side::BOTH {
            let Some(index) = setup.tuzdiks[side.index()] else {
                continue;
            };
            let player = player_name(side);
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
            if setup.holes[index] != 0 {
                return Err(SetupError::StonesInTuzdik {
                    player,
                    count: setup.holes[index],
                });
            }
            let kazan = setup.kazans[side.index()];
            if kazan < 3 {
                return Err(SetupError::KazanTooSmallForTuzdik { player, kazan });
            }
        }
        if let [Some(a), Some(b)] = setup.tuzdiks {
            if ring.number(a) == ring.number(b) {
                return Err(SetupError::TuzdiksFaceEachOther {
                    number: ring.number(a),
                });
            }
        }
        let mut holes = [0u8; HOLE_BYTES];
        for (h, &count) in holes.iter_mut().zip(&setup.holes) {
            *h = count as u8; // at most 162: checked above
        }
        let kazans = setup.kazans.map(|k| k as u16);
        Ok(Toguz::from_parts(
            holes,
            kazans,
            setup.tuzdiks,
            setup.side_to_move,
            setup.rules,
        ))
    }

    /// The position's parts; `Toguz::from_setup(&p.to_setup())` gives `p` back.
    pub fn to_setup(&self) -> Setup {
        Setup {
            holes: self.holes().iter().map(|&h| u32::from(h)).collect(),
            kazans: [self.kazan(Side::South), self.kazan(Side::North)],
            tuzdiks: [self.tuzdik(Side::South), self.tuzdik(Side::North)],
            side_to_move: mancala_engine::Position::side_to_move(self),
            rules: self.rules(),
        }
    }
}

fn board_ring(rules: RuleSet) -> mancala_engine::topology::Ring {
    Toguz::new(rules).ring()
}
