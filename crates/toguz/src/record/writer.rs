//! Writing records: the tags, a blank line, and the movetext in lines of at most 79 columns.

use super::Record;
use crate::notation::Style;
use core::fmt;
use mancala_engine::{Position as _, Side};

/// Lines of movetext are kept to this width where tokens allow.
const WIDTH: usize = 79;

/// The full-move number of half-move `ply` (from 0), and whether White makes it.
pub(super) fn numbering(start: Side, first: u64, ply: usize) -> (u64, bool) {
    let offset = (start == Side::North) as u64;
    let n = ply as u64 + offset;
    (first + n / 2, n % 2 == 0)
}

impl Record {
    /// Writes the record with half-moves in `style` (the `Display` form uses
    /// [`Record::style`], so a record is written back in the style it was read in).
    pub fn display(&self, style: Style) -> impl fmt::Display + '_ {
        StyledRecord {
            record: self,
            style,
        }
    }
}

struct StyledRecord<'a> {
    record: &'a Record,
    style: Style,
}

impl fmt::Display for StyledRecord<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let record = self.record;
        for (name, value) in &record.tags {
            let value = value.replace('\\', "\\\\").replace('"', "\\\"");
            writeln!(f, "[{name} \"{value}\"]")?;
        }
        if !record.tags.is_empty() {
            writeln!(f)?;
        }
        let (side, first) = record
            .start()
            .map(|fen| (fen.position().side_to_move(), u64::from(fen.fullmove())))
            .unwrap_or((Side::South, 1));
        let mut tokens: Vec<String> = Vec::new();
        // Comments are kept in the order of their plies: one walk places them all.
        let mut comments = record.comments.iter().peekable();
        let mut comments_at = |ply: usize, tokens: &mut Vec<String>| {
            while let Some((_, c)) = comments.next_if(|(p, _)| *p <= ply) {
                tokens.push(format!("{{{c}}}"));
            }
        };
        for (ply, half) in record.moves.iter().enumerate() {
            comments_at(ply, &mut tokens);
            let (number, white) = numbering(side, first, ply);
            if white {
                tokens.push(format!("{number}."));
            } else if ply == 0 {
                tokens.push(format!("{number}..."));
            }
            tokens.push(half.display(self.style).to_string());
        }
        tokens.push(record.result.to_string());
        comments_at(usize::MAX, &mut tokens);
        let mut column = 0;
        for token in tokens {
            if column > 0 && column + 1 + token.len() > WIDTH {
                writeln!(f)?;
                column = 0;
            }
            if column > 0 {
                f.write_str(" ")?;
                column += 1;
            }
            f.write_str(&token)?;
            column += token.len();
        }
        writeln!(f)
    }
}

impl fmt::Display for Record {
    /// The PGN text of the game, half-moves in the record's own [`style`](Record::style).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.display(self.style()).fmt(f)
    }
}

/// Writes records as one PGN text, separated by blank lines, which
/// [`read_records`](super::read_records) reads back.
pub fn write_records<'a>(records: impl IntoIterator<Item = &'a Record>) -> String {
    let mut out = String::new();
    for (i, record) in records.into_iter().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        out.push_str(&record.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbering_follows_the_side_to_start() {
        assert_eq!(numbering(Side::South, 1, 0), (1, true));
        assert_eq!(numbering(Side::South, 1, 1), (1, false));
        assert_eq!(numbering(Side::South, 1, 2), (2, true));
        assert_eq!(numbering(Side::North, 5, 0), (5, false));
        assert_eq!(numbering(Side::North, 5, 1), (6, true));
    }
}
