//! Mangala IV, the living mancala of Gaziantep: two rows of seven holes, no stores, relay
//! sowing from a forced hole, and captures of 2s and 4s together with the holes opposite them,
//! chaining backwards.
//!
//! The rules are numbered M1–M8 as in `docs/mangala4.md`. In short:
//!
//! - **Board.** Canonical index `0..14`: `0..7` are South's holes 1..7 (from his left), `7..14`
//!   North's holes 1..7. Sowing goes by increasing index modulo 14. The hole opposite `i` is
//!   `13 - i`. Captured counters are kept aside, one total per player.
//! - **M1** The mover must play the first occupied hole of his row (his hole 1 if it holds
//!   counters, else hole 2, …). **M2** A player whose row is empty passes.
//! - **M3** All counters of the hole are lifted and sown one per hole from the next hole on;
//!   the emptied hole is not skipped on a later lap.
//! - **M4** Where the last counter falls: a hole now holding 1 ends the move; 2 or 4 is a
//!   capture of that hole and the hole opposite it, then backwards, hole by hole, of every hole
//!   holding 2 or 4 (read as it stands: a hole emptied by this capture holds 0 and stops the
//!   walk) with its opposite; 3 or 5 and more is a relay: lift it and sow another lap.
//!   **M5** Captures are made on either row and all go to the mover.
//! - **M6** The game ends when the board is empty; more captured counters wins, equal draws.
//! - **M7** *(library rule)* The game also ends at the start of the first turn whose position
//!   (board, captured totals, side to move) already occurred since the last capture. Passes are
//!   turns but not moves. The counters left are uncounted, or, with
//!   [`Leftover::OwnSide`], scored by the owner of the row they lie on.
//! - **M8** *(library rule)* A move whose relay returns to an earlier state (board, hole to
//!   lift) or has not ended after [`LAP_LIMIT`](mancala_engine::relay::LAP_LIMIT) laps is
//!   endless: it counts as played, changes nothing, and ends the game (reason
//!   `endless-move`). The leftover option applies to its counters as well.
//!
//! The other library rules: the first player is a setup parameter, South by default
//! ([`Setup::with_first`]); a random setup drops each of the 98 counters into a uniformly chosen
//! hole, from a seeded generator ([`Setup::random`]); a position holds at most
//! [`MAX_COUNTERS`] counters.
//!
//! [`Mangala4`] implements the workspace's [`Position`](mancala_engine::Position) trait (its
//! one legal move is the forced move or a pass), so perft and play-outs work on it;
//! [`Mangala4::play_out`] is the fast way to the end. The opening ritual is [`Ritual`] and
//! [`Opening`], with [`Choices`] evaluating both rows; [`Record`] holds a whole game;
//! [`Stats`] summarises many random starts. The position string is described in [`notation`].
//!
//! ```
//! use mancala_engine::{EndReason, Position as _, Side};
//! use mangala4::{Move, Mangala4, RuleSet, Setup};
//!
//! // The even start, South first: South's forced hole is his hole 1 (index 0).
//! let mut position = Mangala4::new(&Setup::even(), RuleSet::default());
//! assert_eq!(position.forced_move(), Some(Move::Sow(0)));
//! // Its 7 counters go to holes 1..=7; the last makes North's hole 1 an 8: a relay.
//! let effect = position.play_reported(Move::Sow(0)).unwrap();
//! assert!(effect.laps > 1);
//! assert_eq!(position.side_to_move(), Side::North);
//!
//! // A lone counter can never make a 2 or a 4: it goes round until a position repeats (M7).
//! let lone: Mangala4 = "0,0,0,0,0,0,1,0,0,0,0,0,0,0 50 47 south".parse().unwrap();
//! let finish = lone.play_out();
//! assert_eq!(finish.outcome.reason, EndReason::Repetition);
//! assert_eq!(finish.outcome.winner, Some(Side::South));
//! assert_eq!(finish.left(), 1);
//! assert_eq!(finish.to_string(), format!("south=50 north=47 reason=repetition plies={} left=1", finish.plies));
//! ```

mod engine;
pub mod notation;
mod position;
pub mod prelude;
pub mod record;
mod ritual;
mod setup;
mod stats;

pub use engine::{HOLES, PER_SIDE};
pub use notation::ParseError;
pub use position::{Capture, Effect, Finish, Leftover, Mangala4, Move, MoveError, RuleSet};
pub use record::{Record, RecordError};
pub use ritual::{ChoiceValue, Choices, Opening, Parity, Ritual, RitualError, Role};
pub use setup::{Setup, SetupError, STANDARD_COUNTERS};
pub use stats::{FirstPlayerStats, Stats};

/// The most counters a position may hold, board and captured totals together: counts are
/// bytes, and this bound keeps every count, during any sowing, within a byte.
pub const MAX_COUNTERS: u32 = 255;
