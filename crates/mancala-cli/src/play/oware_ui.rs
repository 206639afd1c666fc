//! Oware in the terminal, as OpenSpiel plays it: North's row on top (his houses numbered from
//! his left, so right to left as South sees them), South's below, the stores beside them;
//! a move is the number of one of the mover's houses, `1` from his left.
//!
//! Option: `--rules KEY=VALUE[,KEY=VALUE...]` (keys `houses`, `seeds`, `grand-slam`,
//! `max-plies`, as in the crate's rule string).

use super::{lines, Game, Input, Options, Rest, Stop};
use mancala_engine::{EndReason, Game as _, Position as _, Side};
use mancala_solver::Endgame;
use oware::{Move, Oware as OwarePosition, RuleSet};

/// The Oware driver and its rules.
#[derive(Debug, Clone, Default)]
pub struct Oware {
    rules: RuleSet,
}

impl Game for Oware {
    type P = OwarePosition;

    fn name(&self) -> &'static str {
        "oware"
    }

    fn rules_start(&self) -> OwarePosition {
        OwarePosition::new(self.rules)
    }

    fn has_databases(&self) -> bool {
        true
    }

    fn databases(&self, start: &OwarePosition, seeds: u32) -> Result<Rest<OwarePosition>, String> {
        let databases = crate::databases::for_player(&start.db_template(), seeds)?;
        Ok(Box::new(crate::databases::rest(databases)))
    }

    fn take_rules(&mut self, args: &[String]) -> Result<Vec<String>, String> {
        let (rules, rest) = crate::cli::split_rules::<RuleSet>(args)?;
        self.rules = rules;
        Ok(rest)
    }

    fn takes_move_limit(&self) -> bool {
        true
    }

    fn evaluate(position: &Self::P, side: Side) -> i32 {
        use mancala_search::Evaluator;
        mancala_search::games::oware::Evaluation::default().evaluate(position, side)
    }

    fn default_depth(&self, auto: bool) -> u32 {
        if auto {
            8
        } else {
            16
        }
    }

    fn start(
        &mut self,
        _options: &Options,
        _input: &mut Input,
    ) -> Result<(OwarePosition, Option<Side>), Stop> {
        let start = OwarePosition::new(self.rules);
        outln!(
            "Oware, 2 × {} houses, {} seeds each, rules: {}. South moves first.",
            self.rules.houses(),
            start.board()[0],
            self.rules
        );
        Ok((start, None))
    }

    fn draw(&self, position: &OwarePosition, last: Option<&str>) -> String {
        let houses = self.rules.houses();
        let board = position.board();
        let cells = |range: &mut dyn Iterator<Item = usize>| -> String {
            range.map(|i| format!("[{:>3}]", board[i])).collect()
        };
        let numbers = |range: &mut dyn Iterator<Item = usize>| -> String {
            range.map(|n| format!("  {n}  ")).collect()
        };
        let mut out = String::from("\n");
        out.push_str(&format!("  {}   north\n", numbers(&mut (1..=houses).rev())));
        out.push_str(&format!(
            "  {}   store {}\n",
            cells(&mut (houses..2 * houses).rev()),
            position.store(Side::North)
        ));
        out.push_str(&format!(
            "  {}   store {}\n",
            cells(&mut (0..houses)),
            position.store(Side::South)
        ));
        out.push_str(&format!("  {}   south\n", numbers(&mut (1..=houses))));
        lines::last_move(&mut out, last);
        let number = format!(" (move {})", position.ply() + 1);
        out.push_str(&lines::to_move(self, position, &number));
        out
    }

    fn parse_move(&self, _position: &OwarePosition, text: &str) -> Result<Move, String> {
        text.parse::<Move>().map_err(|_| {
            format!(
                "`{text}` is not a move: type the number of one of your houses, 1 to {}.",
                self.rules.houses()
            )
        })
    }

    fn describe_move(&self, before: &OwarePosition, mv: Move) -> String {
        let mover = before.side_to_move();
        let mut after = before.clone();
        let Ok(effect) = after.play_reported(mv) else {
            return format!("{mover} {mv}");
        };
        let mut text = format!("{mover} {mv}");
        if effect.captured > 0 {
            text.push_str(&format!(": takes {}", effect.captured));
        } else if effect.grand_slam {
            text.push_str(": a grand slam, which takes nothing");
        }
        let stores = lines::both_sides(&after, OwarePosition::store);
        text.push_str(&format!(" (stores: {stores})"));
        text
    }

    fn help(&self) -> String {
        format!(
            "Type the number of one of your houses, 1 to {houses} from your left. Its seeds are \
sown one by one into the following houses, counterclockwise, passing over the house they came \
from. A last seed that makes 2 or 3 in an opponent's house takes them, and the houses before it \
on his row that hold 2 or 3 too; but a move that would take all his seeds takes nothing. When \
your opponent has no seeds you must give him some. The game ends when a store holds more than \
half the seeds, when the player to move cannot move, or when a board comes back; each player \
then takes the seeds on his row.",
            houses = self.rules.houses()
        )
    }

    fn reason(&self, reason: EndReason) -> String {
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
