//! Katro, the six-row mancala of Madagascar: the reference implementation of the rules in
//! the guide below (numbered K1–K7), with every rule option of those rules.
//!
//! ```
//! use katro::prelude::*;
//! use mancala_engine::perft::perft;
//!
//! let mut game = Katro::default(); // 6 × 6, 2 seeds per hole, standard rules, South to move
//! assert_eq!(game.legal_moves().len(), 6); // K1: any hole of South's outer row
//! game.play("c1".parse::<Move>()?)?; // sow c1 along circuit A
//! assert_eq!(game.side_to_move(), Side::North);
//! assert_eq!(game.board().seeds(), 72);
//!
//! // Directions chosen each turn on the 4 × 4 board: a move is a hole plus a direction.
//! let rules: RuleSet = "size=4x4,direction=per-turn".parse()?;
//! let small = Katro::new(rules);
//! assert_eq!(perft(&small, 1), 8);
//! let effect = small.clone().play_reported("a1B".parse()?)?;
//! assert!(!effect.endless);
//!
//! // Position strings round-trip and are validated.
//! let text = game.to_string();
//! assert_eq!(text.parse::<Katro>()?, game);
//! assert!("2,2/2,2 S".parse::<Katro>().is_err());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The rules, briefly
//!
//! Each player owns half the rows (3 on 6 × 6 and 6 × 3, 2 on 4 × 4 and 4 × 6) and sows only
//! on them, along a closed serpentine circuit ([`Size::circuit`]): direction A runs his outer row
//! left → right as he sees it, the next row right → left, and so on, then jumps from the inner
//! row's last hole back to the outer row's first; direction B is its mirror image.
//!
//! - **K1** A move starts from any occupied hole of the mover's outermost row holding seeds.
//! - **K2** Its seeds are sown one by one from the next hole of the circuit.
//! - **K3** A lap ending in an empty hole ends the move; one ending in an occupied hole is
//!   relayed: after the capture test those seeds are lifted and sown on.
//! - **K4** Capture: the lap ends in the mover's capture row and the facing opponent hole is
//!   occupied; its seeds join the landing hole's and all are sown on from the next hole.
//! - **K5** A capture that leaves the opponent no seeds ends the move at once; the captured
//!   seeds stay in the landing hole and the mover wins.
//! - **K6** A move whose relay has not ended after [`LAP_LIMIT`](mancala_engine::relay::LAP_LIMIT)
//!   (10 000) laps, or that returns to an earlier (board, hole) state, is endless: it counts as
//!   played but changes nothing, and the game ends at the position before it as a draw
//!   ([`EndReason::EndlessMove`](mancala_engine::EndReason)). The side to move stays the
//!   mover's, and the position string ends in `endless`.
//! - **K7** The player to move with no seeds loses ([`EndReason::NoSeeds`](mancala_engine::EndReason)).
//!
//! # Rules ([`RuleSet`])
//!
//! | field | standard | alternative |
//! | --- | --- | --- |
//! | [`size`](RuleSet::size) | 6 × 6 | 4 × 4, 4 × 6, 6 × 3 |
//! | [`direction`](RuleSet::direction) | fixed A | fixed B; chosen each turn |
//! | [`capture_row`](RuleSet::capture_row) | innermost row holding seeds | inner row only |
//! | [`captured_hole`](RuleSet::captured_hole) | hole in the opponent's innermost non-empty row | first occupied hole of the column, inner → outer |
//! | [`trigger`](RuleSet::trigger) | last seed into an occupied hole | into an empty hole |
//! | [`single_seed`](RuleSet::single_seed) | off | Ludii's single-seed steps |
//!
//! Under the **empty trigger** a lap ending in an occupied hole still relays (without a
//! capture test); a lap ending in an empty hole ends the move unless it captures, and then the
//! capturing seed and the captured seeds are sown on together from the next hole.
//!
//! Under the **row** rule for the captured hole, if the hole of that column in the opponent's
//! innermost non-empty row is empty, there is no capture (the rule does not look further out).
//!
//! **Single-seed steps** (option on): when the mover has exactly one seed on his side and it
//! is not in his inner row, he may, besides sowing it normally, step it straight to the hole of
//! the same column one row inwards. A step into a row that is not the inner row (outer →
//! middle on three-row boards) just ends the move. A step into the inner row (middle → inner,
//! or outer → inner on two-row boards) is legal only if it captures: the opponent hole chosen by
//! [`captured_hole`](RuleSet::captured_hole) in that column must be occupied; its seeds and the
//! stepping seed are then sown on from the next hole of the circuit, with relays, captures and
//! K5–K6 as for any lap. With directions chosen per turn a capturing step names the direction
//! of that sowing (`b2^A`); other steps never carry one.
//!
//! # Library choices where the rules are silent
//!
//! - A move records its direction only when the rules let the mover choose
//!   ([`Move::direction`] is `None` under a fixed direction, and a move giving one is refused).
//! - The score of a side ([`Katro::score`](mancala_engine::Position::score)) is the seeds on
//!   its rows; there are no stores.
//! - Custom positions ([`Setup`], position strings) may hold any number of seeds up to
//!   [`MAX_SEEDS`], but the player not to move must have seeds (a mover never loses seeds in
//!   his own move), and a position marked endless must have an endless move for the mover:
//!   no game reaches any other ([`Katro::from_setup`](mancala_engine::Game::from_setup)).
//! - Legal moves are listed by column from South's left, A before B, steps last.
//! - Repetition does not end a game; [`History`](mancala_engine::repetition::PositionHistory) counts
//!   repetitions for programs that want a rule of their own.
//!
//! # Notation
//!
//! Holes are a column letter and a row digit from South's side: `a1` is South's outer left hole,
//! `f6` on 6 × 6 the hole in North's outer row at South's right ([`Hole`]). A move is the hole,
//! then `^` for a single-seed step, then `A` or `B` when directions are chosen each turn
//! ([`Move`]); [`Move::action`] numbers moves for programs that want a fixed action space.
//! Positions have a string form ([`Katro`]'s `Display`) and games a record format ([`Record`]).
//! With the `serde` feature every type with a string form serialises as that string.
//!
//! # Feature flags
//!
//! None is on by default.
//!
//! - `serde`: `Serialize` and `Deserialize` for the sizes, rules, holes, moves, positions and records, each as its string form
//!   (read back through the validating parser). Adds the `serde` crate with its derive
//!   macros: a few seconds more of a first build.
//!
#![doc = include_str!("../README.md")]
#![cfg_attr(docsrs, feature(doc_cfg))]

mod actions;
mod draw;
mod moves;
pub mod notation;
mod position;
pub mod prelude;
pub mod record;
mod rules;
mod setup;
mod sowing;

pub use mancala_engine::topology::Direction;
pub use moves::{Effect, Hole, Move, MoveError};
pub use notation::ParseError;
pub use position::{Katro, BOARD_CELLS, MAX_SEEDS};
pub use record::{Record, RecordError};
pub use rules::{CaptureRow, CapturedHole, DirectionRule, RuleSet, Size, Trigger};
pub use setup::{Setup, SetupError};

/// A game history of Katro positions: tells when a position has occurred before.
pub type History = mancala_engine::repetition::PositionHistory<Katro>;

#[cfg(feature = "serde")]
mancala_engine::serde_via_str!(Size, RuleSet, Hole, Move, Katro, Record);
