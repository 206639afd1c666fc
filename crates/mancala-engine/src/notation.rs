//! The pieces every game's text forms share, written once so that all games write one shape.
//!
//! A position string is, in every game: the board's rows separated by `/`, each row's holes
//! by `,`; the stores, where the game has them, as two space-separated numbers, South's
//! first; the side to move, `S` or `N`; then the game's own options and state fields. Each
//! game reads and checks its own board (how many rows, how long); the numbers, the side, the
//! rows' separators and the excerpt an error quotes are the same everywhere, and live here.
//!
//! ```
//! use mancala_engine::notation::{plain_number, read_side, side_letter, Rows};
//! use mancala_engine::Side;
//!
//! let board = [4u8, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4];
//! let text = format!("{} 0 0 {}", Rows::new(&board, 6), side_letter(Side::North));
//! assert_eq!(text, "4,4,0,5,5,5/5,4,4,4,4,4 0 0 N");
//! assert_eq!(read_side("N"), Some(Side::North));
//! assert_eq!(plain_number("07"), None); // no leading zero: one string per number
//! ```

use crate::Side;
use core::fmt;

/// The longest piece of a refused text an error quotes: enough to find it, never the whole of
/// a huge input.
pub const EXCERPT: usize = 40;

/// `text`, or its first [`EXCERPT`] characters followed by `…` if it is longer.
pub fn excerpt(text: &str) -> String {
    match text.char_indices().nth(EXCERPT) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// `text` without the byte-order marks it starts with: a mark is no part of the text, and a
/// file written twice through a converter that adds one starts with two. Every reader of the
/// workspace skips them this one way.
pub fn without_byte_order_marks(text: &str) -> &str {
    text.trim_start_matches('\u{feff}')
}

/// Reads a plain decimal number: digits only, no sign, no leading zero (but `0` itself), at
/// most `u32::MAX`. Anything else is `None`, so each number has exactly one written form.
pub fn plain_number(text: &str) -> Option<u32> {
    let plain = !text.is_empty()
        && text.len() <= 10
        && text.bytes().all(|b| b.is_ascii_digit())
        && (text == "0" || !text.starts_with('0'));
    text.parse().ok().filter(|_| plain)
}

/// The side to move as position strings write it: `S` or `N`.
pub const fn side_letter(side: Side) -> &'static str {
    match side {
        Side::South => "S",
        Side::North => "N",
    }
}

/// Reads the side to move: `S` or `N`, exactly.
pub fn read_side(text: &str) -> Option<Side> {
    match text {
        "S" => Some(Side::South),
        "N" => Some(Side::North),
        _ => None,
    }
}

/// Reads the side to move as [`read_side`] does, or as the words `south` and `north` that
/// Mangala IV and Oware position strings wrote before version 0.2.0, so that saved strings
/// still read.
pub fn read_side_or_word(text: &str) -> Option<Side> {
    match text {
        "south" => Some(Side::South),
        "north" => Some(Side::North),
        _ => read_side(text),
    }
}

/// Cells written as rows of `row` cells, rows separated by `/` and cells by `,`
/// (`4,4,4/4,4,4`). A row length of `0` writes one row.
#[derive(Debug, Clone, Copy)]
pub struct Rows<'a, T> {
    cells: &'a [T],
    row: usize,
}

impl<'a, T> Rows<'a, T> {
    /// `cells` in rows of `row`, the first row first.
    pub fn new(cells: &'a [T], row: usize) -> Rows<'a, T> {
        Rows { cells, row }
    }
}

impl<T: fmt::Display> fmt::Display for Rows<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, cell) in self.cells.iter().enumerate() {
            if i > 0 {
                f.write_str(if self.row > 0 && i % self.row == 0 {
                    "/"
                } else {
                    ","
                })?;
            }
            cell.fmt(f)?;
        }
        Ok(())
    }
}

/// Implements `Debug` through `Display`, for values whose written form is what a reader of a
/// debug print wants (moves, hole names): a failed assertion then shows `S3`, not a struct.
#[macro_export]
macro_rules! debug_via_display {
    ($($ty:ty),+ $(,)?) => {$(
        impl ::core::fmt::Debug for $ty {
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                ::core::fmt::Display::fmt(self, f)
            }
        }
    )+};
}

/// Gives a fieldless enum one written name per value: a `const fn name`, `Display` writing
/// the name and `FromStr` reading exactly a name; any other text gives the error `$refuse`
/// makes of it. The doc comments written before the type name document `name`.
///
/// ```
/// use core::str::FromStr;
///
/// #[derive(Debug, Clone, Copy, PartialEq)]
/// enum Pace {
///     Slow,
///     Fast,
/// }
///
/// mancala_engine::named_values! {
///     /// The pace's name: `slow` or `fast`.
///     Pace, String, |text: &str| format!("`{text}` is no pace");
///     Slow => "slow",
///     Fast => "fast",
/// }
///
/// assert_eq!(Pace::Fast.to_string(), "fast");
/// assert_eq!(Pace::from_str("slow"), Ok(Pace::Slow));
/// assert!(Pace::from_str("Slow").is_err());
/// ```
#[macro_export]
macro_rules! named_values {
    (
        $(#[$name_doc:meta])*
        $ty:ident, $err:ty, $refuse:expr;
        $($variant:ident => $name:literal),+ $(,)?
    ) => {
        impl $ty {
            $(#[$name_doc])*
            pub const fn name(self) -> &'static str {
                match self {
                    $($ty::$variant => $name,)+
                }
            }
        }
        impl ::core::fmt::Display for $ty {
            /// The value's name.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                f.write_str(self.name())
            }
        }
        impl ::core::str::FromStr for $ty {
            type Err = $err;
            /// Reads a value's name, exactly.
            fn from_str(text: &str) -> ::core::result::Result<$ty, $err> {
                match text {
                    $($name => Ok($ty::$variant),)+
                    _ => Err(($refuse)(text)),
                }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_have_one_written_form() {
        assert_eq!(plain_number("0"), Some(0));
        assert_eq!(plain_number("4294967295"), Some(u32::MAX));
        for bad in [
            "",
            "00",
            "07",
            "+7",
            "-1",
            "4294967296",
            "99999999999",
            "1 ",
            "x",
        ] {
            assert_eq!(plain_number(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn sides_read_as_letters_and_in_the_older_words() {
        for side in Side::BOTH {
            assert_eq!(read_side(side_letter(side)), Some(side));
            assert_eq!(read_side_or_word(&side.to_string()), Some(side));
            assert_eq!(read_side(&side.to_string()), None);
        }
        for bad in ["s", "South", "", "SN"] {
            assert_eq!(read_side_or_word(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn rows_split_where_a_row_ends() {
        assert_eq!(Rows::new(&[1, 2, 3, 4], 2).to_string(), "1,2/3,4");
        assert_eq!(Rows::new(&[1, 2, 3], 0).to_string(), "1,2,3");
        assert_eq!(Rows::<u8>::new(&[], 3).to_string(), "");
    }

    #[test]
    fn excerpts_are_short() {
        assert_eq!(excerpt("abc"), "abc");
        let long = "é".repeat(100);
        assert_eq!(excerpt(&long).chars().count(), EXCERPT + 1);
    }
}
