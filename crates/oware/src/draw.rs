//! The board as players draw it: North's row on top, South's below, the stores beside them
//! (see [`mancala_engine::draw`]).

use crate::{Effect, Move, Oware};
use mancala_engine::draw::{stores_after, Describe, Draw, Picture};
use mancala_engine::{EndReason, Game as _, Position as _};

impl Describe for Oware {
    fn banner(&self) -> String {
        format!(
            "Oware, 2 × {} houses, {} seeds each, rules: {}. South moves first.",
            self.rules().houses(),
            self.board()[0],
            self.rules()
        )
    }

    fn how_to_move(&self) -> String {
        format!(
            "Type the number of one of your houses, 1 to {houses} from your left. Its seeds are \
sown one by one into the following houses, counterclockwise, passing over the house they came \
from. A last seed that makes 2 or 3 in an opponent's house takes them, and the houses before it \
on his row that hold 2 or 3 too; but a move that would take all his seeds takes nothing. When \
your opponent has no seeds you must give him some. The game ends when a store holds more than \
half the seeds, when the player to move cannot move, or when a board comes back; each player \
then takes the seeds on his row.",
            houses = self.rules().houses()
        )
    }

    fn read_move(&self, text: &str) -> Result<Move, String> {
        text.parse::<Move>().map_err(|_| {
            format!(
                "`{}` is not a move: type the number of one of your houses, 1 to {}.",
                mancala_engine::notation::excerpt(text),
                self.rules().houses()
            )
        })
    }

    fn describe_move(&self, mv: Move, effect: &Effect, after: &Oware) -> String {
        let mut text = format!("{} {mv}", self.side_to_move());
        if effect.captured > 0 {
            text.push_str(&format!(": takes {}", effect.captured));
        } else if effect.grand_slam {
            text.push_str(": a grand slam, which takes nothing");
        }
        text.push_str(&stores_after(after));
        text
    }

    fn status(&self) -> Vec<String> {
        match self.is_over() {
            true => Vec::new(),
            false => vec![format!("move {}", self.ply() + 1)],
        }
    }

    fn end_reason(reason: EndReason) -> String {
        match reason {
            EndReason::Majority => "a store holds more than half the seeds".to_owned(),
            EndReason::EmptyBoard => "both stores hold half the seeds".to_owned(),
            EndReason::NoSeeds => "the side to move cannot move".to_owned(),
            EndReason::Repetition => "a board came back since the last capture".to_owned(),
            EndReason::MoveLimit => "the move limit".to_owned(),
            other => other.name().to_owned(),
        }
    }
}

impl Draw for Oware {
    fn picture(&self) -> Picture {
        let houses = self.rules().houses();
        Picture::two_rows(
            self,
            houses,
            |side, number| side.index() * houses + number - 1,
            |_, number| number.to_string(),
            "store",
            ["South", "North"],
        )
    }

    fn origin(&self, mv: Move) -> Option<usize> {
        let houses = self.rules().houses();
        let number = usize::from(mv.number());
        (1..=houses)
            .contains(&number)
            .then(|| self.side_to_move().index() * houses + number - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_houses_sit_as_players_see_them() {
        let mut before = Oware::default();
        before.play(Move::new(6)).unwrap();
        let mut after = before.clone();
        after.play(Move::new(2)).unwrap();
        let picture = after.drawing(Some((&before, Move::new(2))));
        let indices = |row: usize| -> Vec<usize> {
            picture.rows[row].cells.iter().map(|c| c.index).collect()
        };
        assert_eq!(indices(0), [11, 10, 9, 8, 7, 6]);
        assert_eq!(indices(1), [0, 1, 2, 3, 4, 5]);
        let last: Vec<usize> = picture
            .rows
            .iter()
            .flat_map(|r| &r.cells)
            .filter(|c| c.last)
            .map(|c| c.index)
            .collect();
        assert_eq!(last, [7]);
        assert_eq!(picture.rows[1].cells[5].seeds, 0);
        assert_eq!(picture.rows[1].cells[0].moves, ["1"]);
    }

    #[test]
    fn moves_are_read_and_described() {
        let start = Oware::default();
        assert_eq!(start.read_move("3"), Ok(Move::new(3)));
        assert!(start.read_move("x").unwrap_err().contains("1 to 6"));
        let mut after = start.clone();
        let effect = after.play_reported(Move::new(3)).unwrap();
        assert_eq!(
            start.describe_move(Move::new(3), &effect, &after),
            "south 3 (stores: south 0, north 0)"
        );
        assert!(start
            .banner()
            .starts_with("Oware, 2 × 6 houses, 4 seeds each, rules: "));
        assert_eq!(start.status(), ["move 1"]);
    }
}
