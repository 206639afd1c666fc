//! The perft table of the crate's guide (`README.md`), read from the doc and checked row by row, so the doc
//! cannot drift from the code.

use mancala_engine::perft::{perft, perft_by_leaf};
use mancala_engine::{Game, Side};
use mancala_kit::perft_table;
use mangala4::{Mangala4, Setup};

/// A row of the doc's table.
struct Row {
    start: String,
    position: String,
    moves: u32,
    result: String,
}

/// The doc's table: its header and separator rows left out.
fn table() -> Vec<Row> {
    let doc = include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"));
    let table = perft_table::Table::read(doc, "| start |").expect("the doc's perft table");
    table
        .rows
        .iter()
        .map(|cells| Row {
            start: cells[0].to_owned(),
            position: cells[1].to_owned(),
            moves: cells[2].parse().expect("a number of moves"),
            result: cells[3].to_owned(),
        })
        .collect()
}

/// The setup a row's first column names.
fn setup(start: &str) -> Setup {
    match start {
        "even" => Setup::even(),
        "even, North first" => Setup {
            side_to_move: Side::North,
            ..Setup::even()
        },
        _ => Setup::random(
            start
                .strip_prefix("random ")
                .and_then(|seed| seed.parse().ok())
                .unwrap_or_else(|| panic!("unknown start `{start}`")),
        ),
    }
}

#[test]
fn the_table_has_the_even_board_both_ways_and_five_random_ones() {
    let starts: Vec<String> = table().into_iter().map(|row| row.start).collect();
    let mut expected = vec!["even".to_owned(), "even, North first".to_owned()];
    expected.extend((1..=5).map(|seed| format!("random {seed}")));
    assert_eq!(starts, expected);
}

#[test]
fn every_row_counts_one_line_of_play_to_its_end() {
    for row in table() {
        let start = Mangala4::from_setup(setup(&row.start)).expect("a valid start");
        assert_eq!(start.to_string(), row.position, "{}", row.start);
        assert_eq!(row.position.parse::<Mangala4>(), Ok(start));
        for depth in 1..=row.moves {
            assert_eq!(perft(&start, depth), 1, "{} depth {depth}", row.start);
        }
        assert_eq!(perft(&start, row.moves + 1), 0, "{}", row.start);
        assert_eq!(perft_by_leaf(&start, row.moves), 1, "{}", row.start);
        assert_eq!(perft_by_leaf(&start, row.moves + 1), 0, "{}", row.start);
        assert_eq!(
            start.play_out().result.to_string(),
            row.result,
            "{}",
            row.start
        );
    }
}
