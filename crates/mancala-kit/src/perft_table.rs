//! Perft tables kept in the docs, read back and counted again, so that a doc cannot drift
//! from the code. Every game's test reads its own doc's table with [`by_rows`] or
//! [`by_columns`] (or, for another layout, [`Table::read`]) and checks every start with
//! [`check_all`] (one start with [`check`]).
//!
//! ```
//! use mancala_kit::perft_table::{by_rows, check};
//!
//! let doc = "## Perft\n\n| rules | 1 | 2 | 3 |\n| --- | --- | --- | --- |\n| two | 2 | 4 | |\n";
//! let table: Vec<(String, Vec<u64>)> = by_rows(doc).unwrap();
//! assert_eq!(table, [("two".to_owned(), vec![2, 4])]);
//! // A game of two moves a ply has 2^depth move sequences.
//! let count = |_: &(), depth: u32| 1u64 << depth;
//! assert_eq!(check(&(), &table[0].1, u64::MAX, count), Ok(()));
//! ```

use core::fmt::Display;
use core::str::FromStr;
use mancala_engine::perft::{check_depth, DepthError, MAX_PERFT_DEPTH};

/// The heading of the section that holds a doc's perft table.
const SECTION: &str = "## Perft";

/// Why a doc's perft table could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TableError {
    /// The doc has no `## Perft` section.
    #[error("the doc has no `{SECTION}` section")]
    NoSection,
    /// The section has no table with the header asked for.
    #[error("the perft section has no table headed `{0}`")]
    NoTable(String),
    /// A cell that should name the rules does not read as them.
    #[error("`{cell}` is not a rule string: {why}")]
    Rules {
        /// The cell.
        cell: String,
        /// Why the rules refused it.
        why: String,
    },
    /// A cell that should hold a count does not.
    #[error("`{0}` is not a count")]
    Count(String),
    /// A count after an empty cell: a start's counts run from depth 1 without a gap.
    #[error("the counts of `{0}` have a gap")]
    Gap(String),
    /// A row of a table by columns that is not the next depth.
    #[error("row `{found}` should be depth {depth}")]
    Depth {
        /// The depth the row should hold.
        depth: u32,
        /// What its first cell says.
        found: String,
    },
    /// More depths than perft counts to.
    #[error("the counts of `{0}` go deeper than {MAX_PERFT_DEPTH}")]
    TooDeep(String),
}

/// A count of the table that the code does not reproduce.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CheckError {
    /// The count at `depth` differs.
    #[error("depth {depth}: {counted} counted, the table says {expected}")]
    Count {
        /// The depth.
        depth: u32,
        /// The table's count.
        expected: u64,
        /// The code's count.
        counted: u64,
    },
    /// More counts than perft counts to.
    #[error(transparent)]
    Depth(#[from] DepthError),
}

/// A markdown table of a doc's perft section: its header and body rows, each cell trimmed of
/// spaces and backquotes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table<'a> {
    /// The header row's cells.
    pub header: Vec<&'a str>,
    /// The body rows' cells (the separator row left out).
    pub rows: Vec<Vec<&'a str>>,
}

impl<'a> Table<'a> {
    /// The first table of `doc`'s `## Perft` section whose header line starts with `header`
    /// (such as `"| rules |"`).
    pub fn read(doc: &'a str, header: &str) -> Result<Table<'a>, TableError> {
        let mut lines = doc.lines().skip_while(|line| !line.starts_with(SECTION));
        lines.next().ok_or(TableError::NoSection)?;
        let mut table = lines
            .take_while(|line| !line.starts_with("## "))
            .skip_while(|line| !line.starts_with(header))
            .take_while(|line| line.starts_with('|'))
            .map(cells);
        let header = table
            .next()
            .ok_or_else(|| TableError::NoTable(header.to_owned()))?;
        Ok(Table {
            header,
            rows: table.skip(1).collect(),
        })
    }
}

/// The cells of a table line.
fn cells(line: &str) -> Vec<&str> {
    line.trim()
        .trim_matches('|')
        .split('|')
        .map(|cell| cell.trim().trim_matches('`'))
        .collect()
}

/// A table with a start a row: `| rules | 1 | 2 | … |`, each row the rules and their counts
/// from depth 1, ending at the first empty cell.
pub fn by_rows<R>(doc: &str) -> Result<Vec<(R, Vec<u64>)>, TableError>
where
    R: FromStr,
    R::Err: Display,
{
    let table = Table::read(doc, "| rules |")?;
    table
        .rows
        .iter()
        .map(|row| {
            let name = row.first().copied().unwrap_or_default();
            Ok((rules(name)?, counts(name, row.iter().skip(1).copied())?))
        })
        .collect()
}

/// A table with a start a column: `| depth | RULES | RULES | … |`, each row a depth from 1,
/// each column's counts ending at its first empty cell.
pub fn by_columns<R>(doc: &str) -> Result<Vec<(R, Vec<u64>)>, TableError>
where
    R: FromStr,
    R::Err: Display,
{
    let table = Table::read(doc, "| depth |")?;
    for (depth, row) in (1u32..).zip(&table.rows) {
        let found = row.first().copied().unwrap_or_default();
        if found != depth.to_string() {
            let found = found.to_owned();
            return Err(TableError::Depth { depth, found });
        }
    }
    (1..table.header.len())
        .map(|column| {
            let name = table.header[column];
            let cells = table
                .rows
                .iter()
                .map(|row| row.get(column).copied().unwrap_or_default());
            Ok((rules(name)?, counts(name, cells)?))
        })
        .collect()
}

/// The rules a cell names.
fn rules<R>(cell: &str) -> Result<R, TableError>
where
    R: FromStr,
    R::Err: Display,
{
    cell.parse().map_err(|why: R::Err| TableError::Rules {
        cell: cell.to_owned(),
        why: why.to_string(),
    })
}

/// The counts of start `name` from depth 1: up to the first empty cell, with none after it.
fn counts<'a>(name: &str, cells: impl Iterator<Item = &'a str>) -> Result<Vec<u64>, TableError> {
    let mut counts = Vec::new();
    let mut ended = false;
    for cell in cells {
        match (cell.is_empty(), ended) {
            (true, _) => ended = true,
            (false, true) => return Err(TableError::Gap(name.to_owned())),
            (false, false) => {
                let count = cell.parse().map_err(|_| TableError::Count(cell.into()))?;
                counts.push(count);
            }
        }
    }
    if counts.len() > MAX_PERFT_DEPTH as usize {
        return Err(TableError::TooDeep(name.to_owned()));
    }
    Ok(counts)
}

/// Counts from `start` at every depth from 1 whose table count is at most `up_to` (so a test
/// run can leave the large ones to a release build), with `count` (`perft`, or
/// `perft_by_leaf` for the first depths); `Err` at the first that differs.
pub fn check<P>(
    start: &P,
    counts: &[u64],
    up_to: u64,
    count: impl Fn(&P, u32) -> u64,
) -> Result<(), CheckError> {
    for (depth, &expected) in (1..).zip(counts) {
        if expected <= up_to {
            let depth = check_depth(depth)?;
            let counted = count(start, depth);
            if counted != expected {
                return Err(CheckError::Count {
                    depth,
                    expected,
                    counted,
                });
            }
        }
    }
    Ok(())
}

/// [`check`] for every start of `table`, each set up by `start` from its rules; `Err` names
/// the first start whose counts differ, and how.
pub fn check_all<R, P>(
    table: &[(R, Vec<u64>)],
    start: impl Fn(R) -> P,
    up_to: u64,
    count: impl Fn(&P, u32) -> u64,
) -> Result<(), String>
where
    R: Clone + Display,
{
    for (rules, counts) in table {
        check(&start(rules.clone()), counts, up_to, &count).map_err(|e| format!("{rules}: {e}"))?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const ROWS: &str = "# Game\n\n## Perft\n\nFrom the start:\n\n\
| rules | 1 | 2 | 3 |\n| --- | --- | --- | --- |\n| 2 | 2 | 4 | 8 |\n| 3 | 3 | 9 | |\n\n\
## Later\n\n| rules | 1 |\n| --- | --- |\n| 5 | 5 |\n";

    const COLUMNS: &str = "## Perft\n\n| depth | `2` | `3` |\n| --- | --- | --- |\n\
| 1 | 2 | 3 |\n| 2 | 4 | |\n";

    /// `n` moves a ply: `n^depth` sequences.
    fn count(n: &u64, depth: u32) -> u64 {
        n.pow(depth)
    }

    #[test]
    fn rows_and_columns_read_every_start_up_to_its_first_empty_cell() {
        let expected = vec![(2u64, vec![2, 4, 8]), (3, vec![3, 9])];
        assert_eq!(by_rows::<u64>(ROWS), Ok(expected));
        assert_eq!(
            by_columns::<u64>(COLUMNS),
            Ok(vec![(2, vec![2, 4]), (3, vec![3])])
        );
    }

    #[test]
    fn a_table_that_does_not_read_says_why() {
        assert_eq!(by_rows::<u64>("# Game"), Err(TableError::NoSection));
        let other = by_rows::<u64>("## Perft\n\n| start | 1 |\n\n## Later\n\n| rules |\n");
        assert_eq!(other, Err(TableError::NoTable("| rules |".into())));
        let doc = |row: &str| format!("## Perft\n| rules | 1 | 2 |\n| - | - | - |\n{row}\n");
        assert!(matches!(
            by_rows::<u64>(&doc("| x | 1 | 2 |")),
            Err(TableError::Rules { cell, .. }) if cell == "x"
        ));
        assert_eq!(
            by_rows::<u64>(&doc("| 1 | one | 2 |")),
            Err(TableError::Count("one".into()))
        );
        assert_eq!(
            by_rows::<u64>(&doc("| 1 | | 2 |")),
            Err(TableError::Gap("1".into()))
        );
        let skipped = "## Perft\n| depth | 1 |\n| - | - |\n| 1 | 1 |\n| 3 | 1 |\n";
        assert_eq!(
            by_columns::<u64>(skipped),
            Err(TableError::Depth {
                depth: 2,
                found: "3".into()
            })
        );
        let deep = format!("## Perft\n| rules |\n| - |\n| 1 {}|\n", "| 1 ".repeat(257));
        assert_eq!(by_rows::<u64>(&deep), Err(TableError::TooDeep("1".into())));
    }

    #[test]
    fn check_counts_the_depths_up_to_the_bound_and_names_the_first_that_differs() {
        assert_eq!(check(&2, &[2, 4, 8], u64::MAX, count), Ok(()));
        assert_eq!(
            check(&2, &[2, 5, 8], u64::MAX, count),
            Err(CheckError::Count {
                depth: 2,
                expected: 5,
                counted: 4
            })
        );
        // Above the bound, a wrong count is not reached.
        assert_eq!(check(&2, &[2, 4, 9], 8, count), Ok(()));
        let table = [(2, vec![2, 4]), (3, vec![3, 10])];
        let error = check_all(&table, |n: u64| n, u64::MAX, count);
        assert_eq!(
            error,
            Err("3: depth 2: 9 counted, the table says 10".into())
        );
        let deep = vec![1; MAX_PERFT_DEPTH as usize + 1];
        assert!(matches!(
            check(&1, &deep, u64::MAX, count),
            Err(CheckError::Depth(_))
        ));
    }
}
