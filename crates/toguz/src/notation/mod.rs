//! The notations players use: moves, half-moves in the tournament (KZ) and PlayOK styles, the
//! position string and the rule set's text. Game records are in [`record`](crate::record).
//!
//! - [`Move`](crate::Move) and [`Toguz`](crate::Toguz) are `Display` + `FromStr` themselves:
//!   `7`, `3*`; the position string with the rules.
//! - [`HalfMove`]: `76`, `36x` (KZ) and `87(10)`, `68X` (PlayOK). Parsing checks syntax;
//!   [`HalfMove::resolve`] checks every checksum against a position.
//! - [`Fen`]: the position string with its full-move number, as a record's `FEN` tag holds it.
//!
//! Every text that does not read gives a [`ParseError`]. The formats are described in
//! the [notation guide](crate::notation_guide).

mod error;
mod fen;
mod half_move;
mod rules_text;

pub(crate) use error::quote;
pub use error::ParseError;
pub use fen::Fen;
pub use half_move::{HalfMove, ResolveError, Style};
