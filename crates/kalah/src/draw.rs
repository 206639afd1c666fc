//! The board as players draw it: North's row on top, South's below, the stores (kalahs) beside them
//! (see [`mancala_engine::draw`]).

use crate::{Effect, Kalah, Move};
use mancala_engine::draw::{stores_after, Describe, Draw, Picture};
use mancala_engine::{EndReason, Game as _, Position as _};

impl Describe for Kalah {
    fn banner(&self) -> String {
        format!(
            "Kalah, 2 × {} pits, {} seeds each, rules: {}. South moves first.",
            self.rules().pits(),
            self.rules().seeds(),
            self.rules()
        )
    }

    fn how_to_move(&self) -> String {
        format!(
            "Type the number of one of your pits, 1 to {pits} from your left. Its seeds are sown \
one by one counterclockwise into the following pits, your store (on your right) and your \
opponent's pits, never his store. A last seed in your store gives you another move; a last seed \
in an empty pit of yours takes it and the seeds of the pit opposite. The game ends when either \
player's pits are all empty; each player then takes the seeds left on his row.",
            pits = self.rules().pits()
        )
    }

    fn read_move(&self, text: &str) -> Result<Move, String> {
        text.parse::<Move>().map_err(|_| {
            format!(
                "`{}` is not a move: type the number of one of your pits, 1 to {}.",
                mancala_engine::notation::excerpt(text),
                self.rules().pits()
            )
        })
    }

    fn describe_move(&self, mv: Move, effect: &Effect, after: &Kalah) -> String {
        let mut text = format!("{} {mv}", self.side_to_move());
        if effect.captured > 0 {
            text.push_str(&format!(": takes {}", effect.captured));
        }
        if effect.extra_turn {
            text.push_str(": in the store, moves again");
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
            EndReason::NoSeeds => "a player's pits are all empty".to_owned(),
            EndReason::MoveLimit => "the move limit".to_owned(),
            other => other.name().to_owned(),
        }
    }
}

impl Draw for Kalah {
    fn picture(&self) -> Picture {
        let pits = self.rules().pits();
        Picture::two_rows(
            self,
            pits,
            |side, number| side.index() * pits + number - 1,
            |_, number| number.to_string(),
            "store",
            ["South", "North"],
        )
    }

    fn origin(&self, mv: Move) -> Option<usize> {
        let pits = self.rules().pits();
        let number = usize::from(mv.number());
        (1..=pits)
            .contains(&number)
            .then(|| self.side_to_move().index() * pits + number - 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_pits_sit_as_players_see_them() {
        let mut before = Kalah::default();
        before.play(Move::new(6)).unwrap();
        let mut after = before;
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
        // North's last seed fell in his store: he moves again, from his own pits.
        assert_eq!(picture.to_move, Some(mancala_engine::Side::North));
        assert_eq!(picture.rows[0].cells[5].moves, ["1"]);
        assert!(picture.rows[1].cells.iter().all(|c| c.moves.is_empty()));
    }

    #[test]
    fn moves_are_read_and_described() {
        let start = Kalah::default();
        assert!(start.read_move("x").unwrap_err().contains("1 to 6"));
        let mut after = start;
        let effect = after.play_reported(Move::new(3)).unwrap();
        assert_eq!(
            start.describe_move(Move::new(3), &effect, &after),
            "south 3: in the store, moves again (stores: south 1, north 0)"
        );
        assert_eq!(
            Kalah::end_reason(EndReason::NoSeeds),
            "a player's pits are all empty"
        );
    }
}
