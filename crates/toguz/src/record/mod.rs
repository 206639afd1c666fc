//! Game records (PGN): a reader for files of many games in either move style, a writer whose
//! output the reader reads back to the same record, and replay with every checksum checked.
//!
//! - [`Record`]: one game's tags, half-moves, comments and result; `Display` + `FromStr`.
//! - [`read_records`] and [`Reader`]: the records of a text or a file, one game at a time.
//! - [`write_records`]: many records as one text.
//! - [`Record::replay`] and [`Replay`]: the moves checked against the rules.
//! - [`PgnResult`]: `1-0`, `0-1`, `1/2-1/2`, `*`; [`RecordError`]: what is wrong, and where.
//!
//! The format is described in the [notation guide](crate::notation_guide).

mod error;
mod model;
mod reader;
mod replay;
mod result;
mod tokens;
mod writer;

pub use error::{RecordError, RecordErrorKind};
pub use model::Record;
pub use reader::{read_records, Reader};
pub use replay::Replay;
pub use result::PgnResult;
pub use writer::write_records;
