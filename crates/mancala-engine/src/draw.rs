//! A board picture every game draws the same way: the rows of holes as seen from South's seat,
//! each with its owner, counts and labels; the stores; Toguz Kumalak's tuzdiks; the last move
//! and the moves a click on a hole plays. A game crate says which holes go where
//! ([`Draw::picture`]) and where a move starts ([`Draw::origin`]); rendering is written once
//! here, as SVG ([`Picture::svg`]) for pages and notebooks and as text ([`Picture::text`]) for
//! terminals. A game's words beside its picture (how a move is typed and what it did, why a
//! game ended, its opening and its record) are [`Describe`]'s.
//!
//! ```
//! use mancala_engine::draw::{Cell, Picture, Row, Store};
//! use mancala_engine::Side;
//!
//! let cell = |index, seeds| Cell::new(index, format!("{}", index + 1), seeds);
//! let picture = Picture {
//!     rows: vec![
//!         Row { owner: Side::North, cells: vec![cell(3, 2), cell(2, 0)] },
//!         Row { owner: Side::South, cells: vec![cell(0, 1), cell(1, 5)] },
//!     ],
//!     stores: vec![
//!         Store { owner: Side::North, label: "store".into(), seeds: 4 },
//!         Store { owner: Side::South, label: "store".into(), seeds: 0 },
//!     ],
//!     side_names: ["South".into(), "North".into()],
//!     to_move: Some(Side::South),
//! };
//! assert!(picture.svg(false).starts_with("<svg"));
//! assert!(picture.text().contains("[  5]"));
//! ```

use crate::Side;
use core::fmt::Write as _;

mod describe;

pub use describe::{
    capitalized, one_game, parse_rules, stores_after, Describe, Opening, PlayChoices, Players,
    Replayed, Talk,
};

/// One hole as drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    /// Its index in [`Position::board`](crate::Position::board).
    pub index: usize,
    /// Its name as players call it (`7`, `c1`, `S3`).
    pub label: String,
    /// The seeds in it.
    pub seeds: u32,
    /// The side whose tuzdik it is, if it is one (its seeds go to that side's store).
    pub tuzdik: Option<Side>,
    /// The legal moves that start here, in the game's notation: what a click on it plays.
    pub moves: Vec<String>,
    /// Whether the last move started here.
    pub last: bool,
}

impl Cell {
    /// A plain hole: no tuzdik, no move, not the last move's.
    pub fn new(index: usize, label: String, seeds: u32) -> Cell {
        Cell {
            index,
            label,
            seeds,
            tuzdik: None,
            moves: Vec::new(),
            last: false,
        }
    }
}

/// One row of holes, left to right as South sees the board.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Row {
    /// Whose row it is.
    pub owner: Side,
    /// Its holes.
    pub cells: Vec<Cell>,
}

/// A store (kazan, house of captures), drawn beside the rows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Store {
    /// Whose it is.
    pub owner: Side,
    /// What the game calls it (`kazan`, `store`).
    pub label: String,
    /// The seeds in it.
    pub seeds: u32,
}

/// A board as drawn: what every front end shows, the game's rules already applied.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Picture {
    /// The rows, top to bottom as South sees the board.
    pub rows: Vec<Row>,
    /// The stores: the first drawn at the left, the second at the right (South's store at
    /// South's right, as players sit); none for a game without stores.
    pub stores: Vec<Store>,
    /// What the game calls South and North (`White`, `Black`).
    pub side_names: [String; 2],
    /// The side to move; `None` when the game is over.
    pub to_move: Option<Side>,
}

/// A game's board drawing: its layout, from its public accessors, beside its words
/// ([`Describe`]).
pub trait Draw: Describe {
    /// The board as it sits: rows, labels, counts, stores, tuzdiks (no moves, no last move:
    /// [`drawing`](Draw::drawing) adds them).
    fn picture(&self) -> Picture;

    /// The board cell `mv` takes its seeds from, played from this position; `None` for a move
    /// that takes none (a pass).
    fn origin(&self, mv: Self::Move) -> Option<usize>;

    /// The picture with the moves a click on each hole plays and, when `last` gives the
    /// position before the last move and that move, the hole it started from.
    fn drawing(&self, last: Option<(&Self, Self::Move)>) -> Picture {
        let mut picture = self.picture();
        let moves = self.legal_moves();
        let from = last.and_then(|(before, mv)| before.origin(mv));
        for cell in picture.rows.iter_mut().flat_map(|row| row.cells.iter_mut()) {
            cell.moves = moves
                .iter()
                .filter(|&&mv| self.origin(mv) == Some(cell.index))
                .map(ToString::to_string)
                .collect();
            cell.last = from == Some(cell.index);
        }
        picture.to_move = (!self.is_over()).then(|| self.side_to_move());
        picture
    }
}

/// Seeds up to this many are drawn one by one; more as a count alone.
pub const MAX_DRAWN_SEEDS: u32 = 15;

/// A hole's width and height in the SVG drawing, in pixels.
const CELL: f64 = 56.0;
/// The space between holes.
const GAP: f64 = 8.0;
/// A store's width.
const STORE: f64 = 64.0;
/// The margin round the drawing, and the room for the row captions.
const MARGIN: f64 = 10.0;

impl Picture {
    /// The usual two-row board of `position`: North's row on top (his holes `per_side` down to
    /// `1` as South sees them), South's below (`1` to `per_side`), North's store at the left and
    /// South's at the right, named `store`. `index(side, number)` is the board index of
    /// `side`'s hole `number` (from `1`, counted from his own left), `label` its name.
    pub fn two_rows<P: crate::Position>(
        position: &P,
        per_side: usize,
        index: impl Fn(Side, usize) -> usize,
        label: impl Fn(Side, usize) -> String,
        store: &str,
        side_names: [&str; 2],
    ) -> Picture {
        let board = position.board();
        let row = |owner: Side, numbers: &mut dyn Iterator<Item = usize>| Row {
            owner,
            cells: numbers
                .map(|number| {
                    let at = index(owner, number);
                    let seeds = board.get(at).copied().map_or(0, u32::from);
                    Cell::new(at, label(owner, number), seeds)
                })
                .collect(),
        };
        Picture {
            rows: vec![
                row(Side::North, &mut (1..=per_side).rev()),
                row(Side::South, &mut (1..=per_side)),
            ],
            stores: [Side::North, Side::South]
                .into_iter()
                .map(|owner| Store {
                    owner,
                    label: store.to_owned(),
                    seeds: position.store(owner),
                })
                .collect(),
            side_names: side_names.map(str::to_owned),
            to_move: (!position.is_over()).then(|| position.side_to_move()),
        }
    }

    /// The rows and stores in drawing order: as South sees them, or turned round for North
    /// (`flipped`).
    fn oriented(&self, flipped: bool) -> (Vec<Row>, Vec<&Store>) {
        let mut rows = self.rows.clone();
        let mut stores: Vec<&Store> = self.stores.iter().collect();
        if flipped {
            rows.reverse();
            for row in &mut rows {
                row.cells.reverse();
            }
            stores.reverse();
        }
        (rows, stores)
    }

    /// The name of `side` as the game calls him.
    fn name(&self, side: Side) -> &str {
        &self.side_names[side.index()]
    }

    /// The board as an SVG image, turned round for North when `flipped`. Every hole is a
    /// `<g class="hole">` with `data-index` (its board index) and `data-moves` (the moves a
    /// click plays, space-separated), so a page can make the holes clickable; the last move's
    /// hole has class `last`, a tuzdik class `tuzdik`, a hole with moves class `movable`.
    pub fn svg(&self, flipped: bool) -> String {
        let (rows, stores) = self.oriented(flipped);
        let columns = rows.iter().map(|row| row.cells.len()).max().unwrap_or(0) as f64;
        let left = if stores.is_empty() { 0.0 } else { STORE + GAP };
        let right = if stores.len() > 1 { STORE + GAP } else { 0.0 };
        let width = 2.0 * MARGIN + left + right + columns * (CELL + GAP) - GAP;
        let height = 2.0 * MARGIN + rows.len() as f64 * (CELL + GAP) - GAP;
        let height = height.max(2.0 * MARGIN + CELL);
        let mut svg = String::new();
        let _ = write!(
            svg,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"board\" viewBox=\"0 0 {width} {height}\" \
width=\"{width}\" height=\"{height}\" font-family=\"sans-serif\">"
        );
        let _ = write!(
            svg,
            "<rect class=\"frame\" x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" rx=\"12\" fill=\"#c99a5b\"/>"
        );
        for (place, store) in stores.iter().enumerate() {
            let x = if place == 0 {
                MARGIN
            } else {
                width - MARGIN - STORE
            };
            self.store_svg(&mut svg, store, x, height);
        }
        for (r, row) in rows.iter().enumerate() {
            let y = MARGIN + r as f64 * (CELL + GAP);
            // A shorter row is centred.
            let offset = (columns - row.cells.len() as f64) * (CELL + GAP) / 2.0;
            for (c, cell) in row.cells.iter().enumerate() {
                let x = MARGIN + left + offset + c as f64 * (CELL + GAP);
                cell_svg(&mut svg, cell, row.owner, x, y);
            }
        }
        svg.push_str("</svg>");
        svg
    }

    /// One store: a tall rounded box with its count, its owner's name and its label.
    fn store_svg(&self, svg: &mut String, store: &Store, x: f64, height: f64) {
        let (top, tall) = (MARGIN, height - 2.0 * MARGIN);
        let mover = if self.to_move == Some(store.owner) {
            " to-move"
        } else {
            ""
        };
        let _ = write!(
            svg,
            "<g class=\"store{mover}\" data-owner=\"{}\"><rect x=\"{x}\" y=\"{top}\" width=\"{STORE}\" \
height=\"{tall}\" rx=\"24\" fill=\"#8a5a2b\" stroke=\"{}\" stroke-width=\"3\"/>",
            store.owner,
            if mover.is_empty() { "#5c3a17" } else { "#ffe066" }
        );
        let middle = x + STORE / 2.0;
        let _ = write!(
            svg,
            "<text class=\"count\" x=\"{middle}\" y=\"{}\" text-anchor=\"middle\" font-size=\"22\" \
fill=\"#fff\">{}</text>",
            top + tall / 2.0 + 8.0,
            store.seeds
        );
        let _ = write!(
            svg,
            "<text x=\"{middle}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\" fill=\"#f3e3c3\">{}</text>",
            top + 14.0,
            escape(self.name(store.owner))
        );
        let _ = write!(
            svg,
            "<text x=\"{middle}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\" fill=\"#f3e3c3\">{}</text></g>",
            top + tall - 6.0,
            escape(&store.label)
        );
    }

    /// The board as text: a line per row with its owner's name, counts in brackets (a tuzdik
    /// `X`, the last move's hole `*`), the labels above and below, a rule between the sides
    /// of a board of more than two rows, each store beside its owner's row (on a line of its
    /// own where he has none), the tuzdiks, then the side to move.
    pub fn text(&self) -> String {
        let width = self
            .rows
            .iter()
            .map(|row| self.name(row.owner).len())
            .max()
            .unwrap_or(0);
        let labels = |row: &Row| -> String {
            row.cells
                .iter()
                .map(|cell| format!("{:>4} ", cell.label))
                .collect()
        };
        let columns = self.rows.iter().map(|r| r.cells.len()).max().unwrap_or(0);
        let mut out = String::new();
        if let Some(top) = self.rows.first() {
            let _ = writeln!(out, "{:width$}  {}", "", labels(top).trim_end());
        }
        let mut placed = vec![false; self.stores.len()];
        for (r, row) in self.rows.iter().enumerate() {
            if r > 0 && self.rows.len() > 2 && self.rows[r - 1].owner != row.owner {
                let _ = writeln!(out, "{:width$}  {}", "", "-".repeat(5 * columns));
            }
            let mut line: String = row
                .cells
                .iter()
                .map(|cell| match cell.tuzdik {
                    Some(_) => "[  X]".to_owned(),
                    None if cell.last => format!("[{:>3}*", cell.seeds),
                    None => format!("[{:>3}]", cell.seeds),
                })
                .collect();
            let store = self
                .stores
                .iter()
                .enumerate()
                .find(|(i, store)| !placed[*i] && store.owner == row.owner);
            if let Some((i, store)) = store {
                placed[i] = true;
                let pad = 5 * (columns - row.cells.len());
                let _ = write!(line, "{:pad$}   {} {:>3}", "", store.label, store.seeds);
            }
            let _ = writeln!(out, "{:width$}  {line}", self.name(row.owner));
        }
        if let Some(bottom) = self.rows.last() {
            let _ = writeln!(out, "{:width$}  {}", "", labels(bottom).trim_end());
        }
        for (store, _) in self.stores.iter().zip(&placed).filter(|(_, &on)| !on) {
            let name = self.name(store.owner);
            let _ = writeln!(out, "{name} {}: {}", store.label, store.seeds);
        }
        for cell in self.rows.iter().flat_map(|row| &row.cells) {
            if let Some(owner) = cell.tuzdik {
                let _ = writeln!(out, "{}'s tuzdik (X): {}", self.name(owner), cell.label);
            }
        }
        match self.to_move {
            Some(side) => {
                let _ = writeln!(out, "{} to move", self.name(side));
            }
            None => out.push_str("game over\n"),
        }
        out
    }
}

/// One hole: a circle, its seeds (one by one when few), its count and its label.
fn cell_svg(svg: &mut String, cell: &Cell, owner: Side, x: f64, y: f64) {
    let mut class = String::from("hole");
    for (on, name) in [
        (cell.last, " last"),
        (cell.tuzdik.is_some(), " tuzdik"),
        (!cell.moves.is_empty(), " movable"),
    ] {
        if on {
            class.push_str(name);
        }
    }
    let (cx, cy, radius) = (x + CELL / 2.0, y + CELL / 2.0, CELL / 2.0 - 2.0);
    let _ = write!(
        svg,
        "<g class=\"{class}\" data-index=\"{}\" data-owner=\"{owner}\" data-label=\"{}\" data-seeds=\"{}\" \
data-moves=\"{}\"><title>{}</title>",
        cell.index,
        escape(&cell.label),
        cell.seeds,
        escape(&cell.moves.join(" ")),
        escape(&cell.label)
    );
    let stroke = if cell.last { "#d62828" } else { "#5c3a17" };
    let _ = write!(
        svg,
        "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{radius}\" fill=\"#6b4220\" stroke=\"{stroke}\" stroke-width=\"{}\"/>",
        if cell.last { 4 } else { 2 }
    );
    if cell.tuzdik.is_some() {
        let d = radius * 0.6;
        let _ = write!(
            svg,
            "<path d=\"M{} {}L{} {}M{} {}L{} {}\" stroke=\"#ffe066\" stroke-width=\"5\" stroke-linecap=\"round\"/>",
            cx - d,
            cy - d,
            cx + d,
            cy + d,
            cx + d,
            cy - d,
            cx - d,
            cy + d
        );
    } else if cell.seeds <= MAX_DRAWN_SEEDS {
        for seed in 0..cell.seeds {
            // A sunflower's spiral: evenly spread, the same picture for the same count.
            let angle = f64::from(seed) * 2.399_963;
            let distance = 5.2 * (f64::from(seed) + 0.5).sqrt();
            let _ = write!(
                svg,
                "<circle class=\"seed\" cx=\"{:.1}\" cy=\"{:.1}\" r=\"3.6\" fill=\"#f3e3c3\" stroke=\"#3b2410\" stroke-width=\"0.6\"/>",
                cx + distance * angle.cos(),
                cy - 4.0 + distance * angle.sin()
            );
        }
    }
    if cell.tuzdik.is_none() {
        let _ = write!(
            svg,
            "<text class=\"count\" x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-size=\"{}\" fill=\"#fff\" \
font-weight=\"bold\">{}</text>",
            if cell.seeds <= MAX_DRAWN_SEEDS {
                y + CELL - 6.0
            } else {
                cy + 7.0
            },
            if cell.seeds <= MAX_DRAWN_SEEDS { 12 } else { 20 },
            cell.seeds
        );
    }
    let _ = write!(
        svg,
        "<text class=\"label\" x=\"{}\" y=\"{}\" font-size=\"9\" fill=\"#f3e3c3\">{}</text></g>",
        x + 1.0,
        y + 9.0,
        escape(&cell.label)
    );
}

/// `text` with the characters XML gives a meaning replaced by their entities.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn two_by_two() -> Picture {
        let mut cell = Cell::new(2, "N1".into(), 40);
        cell.tuzdik = Some(Side::South);
        let mut played = Cell::new(0, "S1".into(), 3);
        played.last = true;
        played.moves = vec!["1".into(), "1*".into()];
        Picture {
            rows: vec![
                Row {
                    owner: Side::North,
                    cells: vec![Cell::new(3, "N2".into(), 17), cell],
                },
                Row {
                    owner: Side::South,
                    cells: vec![played, Cell::new(1, "S<2>".into(), 0)],
                },
            ],
            stores: vec![
                Store {
                    owner: Side::North,
                    label: "kazan".into(),
                    seeds: 5,
                },
                Store {
                    owner: Side::South,
                    label: "kazan".into(),
                    seeds: 9,
                },
            ],
            side_names: ["White".into(), "Black".into()],
            to_move: Some(Side::North),
        }
    }

    #[test]
    fn svg_marks_holes_moves_and_seeds() {
        let svg = two_by_two().svg(false);
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert_eq!(svg.matches("<g class=\"hole").count(), 4);
        assert!(svg.contains("class=\"hole last movable\" data-index=\"0\""));
        assert!(svg.contains("data-moves=\"1 1*\""));
        assert!(svg.contains("class=\"hole tuzdik\" data-index=\"2\""));
        // Three seeds drawn one by one, 17 as a count alone, a tuzdik as its mark alone.
        assert_eq!(svg.matches("class=\"seed\"").count(), 3);
        assert!(svg.contains(">17</text>") && !svg.contains(">40</text>"));
        assert!(svg.contains("S&lt;2&gt;"));
        assert!(svg.contains("class=\"store to-move\" data-owner=\"north\""));
    }

    #[test]
    fn flipping_turns_the_board_round() {
        let order = |svg: &str| -> Vec<String> {
            svg.split("data-index=\"")
                .skip(1)
                .map(|rest| rest[..1].to_owned())
                .collect()
        };
        let picture = two_by_two();
        assert_eq!(order(&picture.svg(false)), ["3", "2", "0", "1"]);
        assert_eq!(order(&picture.svg(true)), ["1", "0", "2", "3"]);
        let stores = |svg: &str| -> Vec<String> {
            svg.split("data-owner=\"")
                .skip(1)
                .step_by(1)
                .filter_map(|rest| rest.split('"').next().map(str::to_owned))
                .collect()
        };
        assert_eq!(stores(&picture.svg(true))[..2], ["south", "north"]);
    }

    #[test]
    fn text_shows_rows_stores_and_marks() {
        let text = two_by_two().text();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1], "Black  [ 17][  X]   kazan   5");
        assert_eq!(lines[2], "White  [  3*[  0]   kazan   9");
        assert_eq!(lines[3], "         S1 S<2>");
        assert!(lines.contains(&"White's tuzdik (X): N1"));
        assert_eq!(lines.last(), Some(&"Black to move"));
    }
}
