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

/// `count` seeds in words, `1 seed` or `N seeds`, for messages.
pub fn seed_count(count: u64) -> String {
    match count {
        1 => "1 seed".to_owned(),
        n => format!("{n} seeds"),
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

/// Why two rows of counts do not read (each game words it, with its own name for a hole).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RowsError<'a> {
    /// No `/` between the rows.
    NoRows,
    /// More counts than two full rows.
    TooLong,
    /// A count that is not a plain decimal number (see [`plain_number`]): its text.
    Count(&'a str),
    /// A count over 255.
    TooBig,
    /// Rows of different lengths.
    Unequal,
}

/// Reads `c,c,…/c,c,…`, two rows of plain decimal counts of one byte each, of equal length
/// and together at most `2 × most` counts (so a long text is refused before it is read
/// whole): the counts, the first row's first.
pub fn read_two_rows(text: &str, most: usize) -> Result<Vec<u8>, RowsError<'_>> {
    let (first, second) = text.split_once('/').ok_or(RowsError::NoRows)?;
    let mut counts = Vec::new();
    for row in [first, second] {
        for count in row.split(',') {
            if counts.len() >= 2 * most {
                return Err(RowsError::TooLong);
            }
            let seeds = plain_number(count).ok_or(RowsError::Count(count))?;
            counts.push(u8::try_from(seeds).map_err(|_| RowsError::TooBig)?);
        }
    }
    if first.split(',').count() != second.split(',').count() {
        return Err(RowsError::Unequal);
    }
    Ok(counts)
}

/// Why a keyed field does not read: its whole text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KeyedError<'a> {
    /// Not `key=value`.
    NotKeyed(&'a str),
    /// A key that is not one of the keys, or not after the key before it.
    OutOfOrder(&'a str),
}

/// Reads the keyed fields that end a position string, `key=value` each, every key one of
/// `keys` and after the one before it in their order (so each comes at most once): yields
/// each field's key and value, or why it does not read.
pub fn read_keyed<'a, I>(
    fields: I,
    keys: &'a [&'a str],
) -> impl Iterator<Item = Result<(&'a str, &'a str), KeyedError<'a>>>
where
    I: IntoIterator<Item = &'a str>,
{
    let mut after = 0;
    fields.into_iter().map(move |keyed| {
        let (key, value) = keyed.split_once('=').ok_or(KeyedError::NotKeyed(keyed))?;
        let place = keys[after..]
            .iter()
            .position(|&k| k == key)
            .ok_or(KeyedError::OutOfOrder(keyed))?;
        after += place + 1;
        Ok((key, value))
    })
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
    fn two_rows_read_as_counts_or_say_why_not() {
        assert_eq!(read_two_rows("4,0/255,1", 2), Ok(vec![4, 0, 255, 1]));
        assert_eq!(read_two_rows("4,4,4", 8), Err(RowsError::NoRows));
        assert_eq!(read_two_rows("4,4,4/4,4,4", 2), Err(RowsError::TooLong));
        assert_eq!(read_two_rows("4,04/4,4", 8), Err(RowsError::Count("04")));
        assert_eq!(read_two_rows("4,/4,4", 8), Err(RowsError::Count("")));
        assert_eq!(read_two_rows("4,256/4,4", 8), Err(RowsError::TooBig));
        assert_eq!(read_two_rows("4,4/4", 8), Err(RowsError::Unequal));
        assert_eq!(read_two_rows("4,4/4,4/4", 8), Err(RowsError::Count("4/4")));
    }

    #[test]
    fn keyed_fields_come_in_order_once_each() {
        let keys = ["ply", "end", "seeds"];
        let read = |text: &'static str| read_keyed(text.split(' '), &keys).collect::<Vec<_>>();
        assert_eq!(
            read("ply=3 seeds=5"),
            [Ok(("ply", "3")), Ok(("seeds", "5"))]
        );
        assert_eq!(read("end=x=y"), [Ok(("end", "x=y"))]);
        assert_eq!(
            read("seeds=5 ply=3"),
            [Ok(("seeds", "5")), Err(KeyedError::OutOfOrder("ply=3"))]
        );
        assert_eq!(
            read("ply=1 ply=2"),
            [Ok(("ply", "1")), Err(KeyedError::OutOfOrder("ply=2"))]
        );
        assert_eq!(read("ply"), [Err(KeyedError::NotKeyed("ply"))]);
        assert_eq!(read("run=1"), [Err(KeyedError::OutOfOrder("run=1"))]);
    }

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
