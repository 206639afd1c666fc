//! Pieces of a rules guide that a test reads back, so that an example in the prose cannot
//! drift from the code.
//!
//! ```
//! use mancala_kit::guide::quoted_after;
//!
//! let doc = "The start (nothing captured): `7,7 0 0 S`, South to move.";
//! assert_eq!(quoted_after(doc, "(nothing captured):"), Some("7,7 0 0 S"));
//! assert_eq!(quoted_after(doc, "no such words"), None);
//! ```

/// The text between the first `` ` `` after the first `marker` in `doc` and the next `` ` ``,
/// or `None` if the marker or either quote is missing.
pub fn quoted_after<'a>(doc: &'a str, marker: &str) -> Option<&'a str> {
    let after = &doc[doc.find(marker)? + marker.len()..];
    let open = &after[after.find('`')? + 1..];
    Some(&open[..open.find('`')?])
}
