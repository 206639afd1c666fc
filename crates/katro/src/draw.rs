//! The board as players draw it: every row as it sits with North's rows on top, holes named
//! by column letter and row digit; Katro keeps no store, so the seeds on each side are told
//! below the board; the crate's record (see [`mancala_engine::draw`]).

use crate::{DirectionRule, Effect, Hole, Katro, Move, Record, RecordError};
use mancala_engine::draw::{one_game, Cell, Describe, Draw, Picture, Replayed, Row};
use mancala_engine::{EndReason, Game as _, Position as _, Side};

/// `south S, north N`: the seeds on each side.
fn seeds(position: &Katro) -> String {
    format!(
        "south {}, north {}",
        position.seeds_on_side(Side::South),
        position.seeds_on_side(Side::North)
    )
}

impl Describe for Katro {
    fn banner(&self) -> String {
        let size = self.rules().size;
        format!(
            "Katro, {} × {} holes, {} seeds each, rules: {}. South moves first.",
            size.rows(),
            size.cols(),
            self.board()[0],
            self.rules().options()
        )
    }

    fn how_to_move(&self) -> String {
        let direction = match self.rules().direction {
            DirectionRule::PerTurn => {
                " Directions are chosen each turn: add `A` or `B` (`c1A`, `c1B`)."
            }
            DirectionRule::Fixed(_) => "",
        };
        format!(
            "Type a hole: its column letter and its row digit counted from South's edge, such \
as `c1`. You must start from your outermost row that holds seeds; you sow along your own rows \
only (outer row left to right as you see it, the next row back, and so on). A lap ending in \
an occupied hole is sown on; in your innermost non-empty row it also takes the facing seeds \
of the opponent's innermost non-empty row. Whoever cannot move loses.{direction}"
        )
    }

    fn read_move(&self, text: &str) -> Result<Move, String> {
        if text.is_empty() {
            return Err("Type a move such as `c1`.".into());
        }
        // The column letter may be typed in capitals; the direction letter is one already.
        let mut chars = text.chars();
        let first = chars.next().map(|c| c.to_ascii_lowercase());
        let text: String = first.into_iter().chain(chars).collect();
        text.parse::<Move>().map_err(|_| {
            format!(
                "`{}` is not a move: a column letter and a row digit, such as `c1`.",
                mancala_engine::notation::excerpt(&text)
            )
        })
    }

    fn describe_move(&self, mv: Move, effect: &Effect, after: &Katro) -> String {
        let mover = self.side_to_move();
        let mut text = format!("{mover} {mv}");
        if effect.endless {
            text.push_str(": an endless relay, which changes nothing and ends the game");
            return text;
        }
        let gained = after
            .seeds_on_side(mover)
            .saturating_sub(self.seeds_on_side(mover));
        if gained > 0 {
            text.push_str(&format!(": takes {gained}"));
        }
        text.push_str(&format!(" ({})", seeds(after)));
        text
    }

    fn status(&self) -> Vec<String> {
        vec![format!("seeds: {}", seeds(self))]
    }

    fn end_reason(reason: EndReason) -> String {
        match reason {
            EndReason::NoSeeds => "the side to move has no seeds".to_owned(),
            EndReason::EndlessMove => "an endless move".to_owned(),
            other => other.name().to_owned(),
        }
    }

    /// The crate's record.
    fn read_record(text: &str, index: usize) -> Result<Replayed<Katro>, String> {
        one_game(index)?;
        let record: Record = text.parse().map_err(|e: RecordError| e.to_string())?;
        Ok(Replayed::single(*record.start(), record.moves().to_vec()))
    }

    /// The crate's record.
    fn write_record(start: &Katro, moves: &[Move]) -> Result<String, String> {
        let mut record = Record::new(*start);
        for &mv in moves {
            record.play(mv).map_err(|error| error.to_string())?;
        }
        Ok(record.to_string())
    }
}

impl Draw for Katro {
    fn picture(&self) -> Picture {
        let size = self.rules().size;
        let (cols, per_side) = (size.cols(), size.rows_per_side());
        let board = self.board();
        let rows = (0..size.rows())
            .rev()
            .map(|row| Row {
                owner: if row < per_side {
                    Side::South
                } else {
                    Side::North
                },
                cells: (0..cols)
                    .map(|col| {
                        let index = row * cols + col;
                        let label = Hole::new(row, col).map_or_else(String::new, |h| h.to_string());
                        Cell::new(index, label, u32::from(board[index]))
                    })
                    .collect(),
            })
            .collect();
        Picture {
            rows,
            stores: Vec::new(),
            side_names: ["South".into(), "North".into()],
            to_move: (!self.is_over()).then(|| self.side_to_move()),
        }
    }

    fn origin(&self, mv: Move) -> Option<usize> {
        mv.hole.index(self.rules().size)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_sit_with_north_on_top() {
        let start = Katro::default();
        let picture = start.drawing(None);
        assert_eq!(picture.rows.len(), 6);
        let owners: Vec<Side> = picture.rows.iter().map(|r| r.owner).collect();
        assert_eq!(
            owners,
            [
                Side::North,
                Side::North,
                Side::North,
                Side::South,
                Side::South,
                Side::South
            ]
        );
        assert_eq!(picture.rows[5].cells[2].label, "c1");
        assert_eq!(picture.rows[0].cells[0].label, "a6");
        let moves: Vec<String> = picture
            .rows
            .iter()
            .flat_map(|r| &r.cells)
            .flat_map(|c| c.moves.clone())
            .collect();
        let legal: Vec<String> = start
            .legal_moves()
            .iter()
            .map(ToString::to_string)
            .collect();
        assert_eq!(moves.len(), legal.len());
        assert!(picture.stores.is_empty());
    }

    #[test]
    fn moves_are_read_described_and_recorded() {
        let start = Katro::default();
        let mv: Move = "c1".parse().unwrap();
        assert_eq!(start.read_move("C1"), Ok(mv));
        assert!(start.read_move("zz").unwrap_err().contains("such as `c1`"));
        assert_eq!(start.status(), ["seeds: south 36, north 36"]);
        let mut after = start;
        let effect = after.play_reported(mv).unwrap();
        assert!(start
            .describe_move(mv, &effect, &after)
            .starts_with("south c1"));
        let record = Katro::write_record(&start, &[mv]).unwrap();
        assert_eq!(Katro::read_record(&record, 0).unwrap().moves, [mv]);
        assert!(Katro::read_record(&record, 1).is_err());
    }
}
