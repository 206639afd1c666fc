//! The board as players draw it: Black's row on top, White's below, the kazans beside them,
//! the tuzdiks marked; moves typed as a hole number or a half-move in KZ or PlayOK notation,
//! whose checksums are checked; records in PGN (see [`mancala_engine::draw`]).

use crate::notation::{HalfMove, Style};
use crate::record::{read_records, Reader, RecordErrorKind};
use crate::{Effect, Move, Record, RepetitionRule, Toguz, TuzdikRule, BLACK, WHITE};
use mancala_engine::draw::{Describe, Draw, Picture, PlayChoices, Replayed};
use mancala_engine::rules::{RuleOption, Values};
use mancala_engine::{EndReason, Game as _, GameResult, Position as _, Side};

impl Toguz {
    /// The hole of canonical index `index`, with its owner: `Black's hole 6`.
    fn hole_name(&self, index: usize) -> String {
        let ring = self.ring();
        format!(
            "{}'s hole {}",
            Toguz::side_name(ring.owner(index)),
            ring.number(index)
        )
    }
}

impl Describe for Toguz {
    const PLAY_OPTIONS: &'static [RuleOption] = &[RuleOption::new(
        "repetition",
        Values::Choice(&["none", "own-side", "uncounted"]),
        "none",
        "whether a repeated position ends the game (the federation rules: none), and who \
then gets the seeds on the board: own-side gives each player his side's, uncounted no one",
    )];

    fn side_name(side: Side) -> String {
        if side == WHITE { "White" } else { "Black" }.to_owned()
    }

    fn banner(&self) -> String {
        let rules = self.rules();
        let tuzdik = match (rules.board.has_tuzdiks(), rules.tuzdik) {
            (false, _) => ", no tuzdik",
            (true, TuzdikRule::Optional) => ", optional tuzdik",
            (true, _) => "",
        };
        format!(
            "Toguz Kumalak, 2 × {} holes, {} seeds each{tuzdik}. White (south) moves first.",
            rules.board.per_side(),
            self.board()[0]
        )
    }

    fn how_to_move(&self) -> String {
        "Type the number of one of your holes (1..9, counted from your own left), or a \
half-move in KZ or PlayOK notation: `76` (from hole 7, last stone on the opponent's hole 6), \
`36x` (makes a tuzdik), `87(10)` (with your kazan total after a capture). The landing hole, \
the tuzdik mark and the kazan total are checked against the board. Under the rule \
tuzdik=optional, `7*` or a half-move marked `x` claims the tuzdik."
            .to_owned()
    }

    fn read_move(&self, text: &str) -> Result<Move, String> {
        // `36X` is `36x`: notation letters in any case.
        let text = text.to_lowercase();
        let text = text.as_str();
        if text.is_empty() {
            return Err("Type a hole number or a half-move such as `76`.".into());
        }
        let optional = self.rules().tuzdik == TuzdikRule::Optional;
        let (digits, claim) = match text.strip_suffix('*') {
            Some(digits) if optional => (digits, true),
            _ => (text, false),
        };
        if let Ok(number) = digits.parse::<u8>() {
            if (1..=9).contains(&number) && digits.len() == 1 {
                return Ok(if claim {
                    Move::claiming(number)
                } else {
                    Move::new(number)
                });
            }
        }
        let half: HalfMove = text.parse().map_err(|_| {
            format!(
                "`{}` is neither a hole number 1..9 nor a half-move such as `76`, `36x` or \
`87(10)`.",
                mancala_engine::notation::excerpt(text)
            )
        })?;
        let style = if half.kazan().is_some() {
            Style::PlayOk
        } else {
            Style::Kz
        };
        half.resolve(self, style)
            .map_err(|error| format!("`{text}` does not fit the board: {error}."))
    }

    fn move_name(&self, mv: Move) -> String {
        match HalfMove::from_move(self, mv, Style::Kz) {
            Ok(half) => format!("{mv} ({})", half.display(Style::Kz)),
            Err(_) => mv.to_string(),
        }
    }

    fn describe_move(&self, mv: Move, effect: &Effect, _after: &Toguz) -> String {
        let mover = Toguz::side_name(self.side_to_move());
        let Ok(half) = HalfMove::from_move(self, mv, Style::PlayOk) else {
            return format!("{mover} {mv}");
        };
        let mut text = format!(
            "{mover} {half}: hole {}, last stone on {}",
            mv.number(),
            self.hole_name(effect.landing)
        );
        if effect.captured > 0 {
            text.push_str(&format!(", takes {}", effect.captured));
        }
        if let Some(tuzdik) = effect.tuzdik {
            text.push_str(&format!(", makes a tuzdik on {}", self.hole_name(tuzdik)));
        }
        text
    }

    fn end_reason(reason: EndReason) -> String {
        match reason {
            EndReason::NoSeeds => "atsyz kalu: the side to move had no stones".to_owned(),
            other => other.name().to_owned(),
        }
    }

    fn repetition_end(&self, choices: &PlayChoices) -> Option<GameResult> {
        let rule: RepetitionRule = choices.get("repetition").parse().unwrap_or_default();
        self.repetition_result(rule)
    }

    /// A PGN text of any number of games, in either move style, every checksum checked.
    fn read_record(text: &str, index: usize) -> Result<Replayed<Toguz>, String> {
        let mut chosen = None;
        let mut titles = Vec::new();
        let mut games = 0;
        for (number, read) in read_records(text).enumerate() {
            games += 1;
            titles.push(match &read {
                Ok(record) => {
                    let tag = |name| record.tag(name).unwrap_or("?");
                    format!(
                        "{} – {} {} ({}, {} plies)",
                        tag("White"),
                        tag("Black"),
                        tag("Result"),
                        tag("Date"),
                        record.moves().len()
                    )
                }
                Err(error) => format!("does not read: {error}"),
            });
            if number == index {
                chosen = Some(read.map_err(|error| format!("game {}: {error}", number + 1))?);
            }
        }
        let record = chosen.ok_or_else(|| match games {
            0 => "the text holds no game".to_owned(),
            _ => format!("the text holds {games} games, not {}", index + 1),
        })?;
        let replay = record.replay();
        Ok(Replayed {
            start: replay.start,
            moves: replay.moves,
            games,
            titles,
            error: replay.error.map(|error| error.to_string()),
        })
    }

    /// A PGN file of any number of games, read one game at a time; a game that fails a check
    /// replays up to its fault, with the fault as its error.
    fn read_records(
        input: &mut dyn std::io::BufRead,
        each: &mut dyn FnMut(Result<Replayed<Toguz>, String>),
    ) -> std::io::Result<()> {
        for read in Reader::new(input) {
            let (replay, error) = match read {
                Ok(record) => {
                    let replay = record.replay();
                    let error = replay.error.as_ref().map(|error| error.to_string());
                    (replay, error)
                }
                Err(error) if matches!(error.kind, RecordErrorKind::Io(_)) => {
                    return Err(std::io::Error::other(error.kind.to_string()));
                }
                Err(error) => {
                    let message = error.to_string();
                    let partial = error.partial.map(|partial| *partial).unwrap_or_default();
                    (partial.replay(), Some(message))
                }
            };
            each(Ok(Replayed {
                start: replay.start,
                moves: replay.moves,
                games: 1,
                titles: Vec::new(),
                error,
            }));
        }
        Ok(())
    }

    /// A PGN game, its moves with PlayOK's kazan totals.
    fn write_record(start: &Toguz, moves: &[Move]) -> Result<String, String> {
        Record::from_moves(start, moves, Style::PlayOk)
            .map(|record| record.to_string())
            .map_err(|error| error.to_string())
    }
}

impl Draw for Toguz {
    fn picture(&self) -> Picture {
        let ring = self.ring();
        let mut picture = Picture::two_rows(
            self,
            self.rules().board.per_side(),
            |side, number| ring.index(side, number).unwrap_or(usize::MAX),
            |_, number| number.to_string(),
            "kazan",
            ["White", "Black"],
        );
        for owner in [WHITE, BLACK] {
            let tuzdik = self.tuzdik(owner);
            for cell in picture.rows.iter_mut().flat_map(|row| row.cells.iter_mut()) {
                if tuzdik == Some(cell.index) {
                    cell.tuzdik = Some(owner);
                }
            }
        }
        picture
    }

    fn origin(&self, mv: Move) -> Option<usize> {
        self.ring()
            .index(self.side_to_move(), usize::from(mv.number()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mancala_engine::Side;

    #[test]
    fn the_start_and_the_last_move_are_drawn() {
        let start = Toguz::default();
        let picture = start.drawing(None);
        assert_eq!(picture.rows[0].owner, BLACK);
        let top: Vec<&str> = picture.rows[0]
            .cells
            .iter()
            .map(|c| c.label.as_str())
            .collect();
        assert_eq!(top, ["9", "8", "7", "6", "5", "4", "3", "2", "1"]);
        assert!(picture.rows[1]
            .cells
            .iter()
            .all(|c| c.seeds == 9 && c.moves.len() == 1));
        assert!(picture.rows[0].cells.iter().all(|c| c.moves.is_empty()));
        // White 7 then Black 7: the second move's hole is marked.
        let mut before = start;
        before.play(Move::new(7)).unwrap();
        let mut after = before;
        after.play(Move::new(7)).unwrap();
        let picture = after.drawing(Some((&before, Move::new(7))));
        let last: Vec<_> = picture
            .rows
            .iter()
            .flat_map(|r| &r.cells)
            .filter(|c| c.last)
            .map(|c| (c.label.clone(), after.ring().owner(c.index)))
            .collect();
        assert_eq!(last, [("7".to_owned(), Side::North)]);
    }

    #[test]
    fn a_tuzdik_is_marked() {
        // The first PlayOK game of 2024 up to White's tuzdik `68X`: on Black's hole 8.
        let mut position = Toguz::default();
        for number in [8, 8, 2, 9, 2, 1, 6] {
            position.play(Move::new(number)).unwrap();
        }
        let picture = position.drawing(None);
        let tuzdiks: Vec<_> = picture
            .rows
            .iter()
            .flat_map(|r| &r.cells)
            .filter_map(|c| c.tuzdik.map(|owner| (owner, c.label.clone())))
            .collect();
        assert_eq!(tuzdiks, [(WHITE, "8".to_owned())]);
        assert!(picture.text().contains("White's tuzdik (X): 8"));
    }

    #[test]
    fn moves_are_read_described_and_recorded() {
        let start = Toguz::default();
        assert_eq!(start.read_move("7"), Ok(Move::new(7)));
        // From hole 7, nine stones: the last on Black's hole 6, which then holds 10.
        assert_eq!(start.read_move("76"), Ok(Move::new(7)));
        assert!(start
            .read_move("12")
            .unwrap_err()
            .contains("does not fit the board"));
        assert_eq!(start.move_name(Move::new(1)), "1 (19)");
        let mut after = start;
        let effect = after.play_reported(Move::new(7)).unwrap();
        assert_eq!(
            start.describe_move(Move::new(7), &effect, &after),
            "White 76(10): hole 7, last stone on Black's hole 6, takes 10"
        );
        let record = Toguz::write_record(&start, &[Move::new(7)]).unwrap();
        let read = Toguz::read_record(&record, 0).unwrap();
        assert_eq!((read.moves, read.games), (vec![Move::new(7)], 1));
        let mut choices = PlayChoices::new(Toguz::PLAY_OPTIONS);
        assert_eq!(start.repetition_end(&choices), None);
        choices.set("repetition", "own-side").unwrap();
        assert!(start.repetition_end(&choices).is_some());
    }
}
