//! Kalah in the terminal, as OpenSpiel's `mancala` plays it: North's row on top (his pits
//! numbered from his left, so right to left as South sees them) with his store on the left,
//! South's row below with his store on the right; a move is the number of one of the mover's
//! pits, `1` from his left. A last seed in the mover's store gives him another move.
//!
//! Options: `--pits N`, `--seeds N`, `--empty-capture`, `--max-plies N` (the move limit, `0`
//! for none), and `--rules KEY=VALUE[,KEY=VALUE...]` (keys `pits`, `seeds`, `empty-capture`,
//! `max-plies`, as in the crate's rule string, every rule at once). Each sets its rules in the
//! order given.

use super::{lines, Game, Input, Options, Rest, Stop};
use kalah::{Kalah as KalahPosition, Move, RuleSet};
use mancala_engine::{EndReason, Game as _, Position as _, Side};
use mancala_solver::Endgame;

/// The Kalah driver and its rules.
#[derive(Debug, Clone, Default)]
pub struct Kalah {
    rules: RuleSet,
}

impl Game for Kalah {
    type P = KalahPosition;

    fn name(&self) -> &'static str {
        "kalah"
    }

    fn takes_move_limit(&self) -> bool {
        true
    }

    fn rules_start(&self) -> KalahPosition {
        KalahPosition::new(self.rules)
    }

    fn has_databases(&self) -> bool {
        true
    }

    fn databases(&self, start: &KalahPosition, seeds: u32) -> Result<Rest<KalahPosition>, String> {
        let databases = crate::databases::for_player(&start.db_template(), seeds)?;
        Ok(Box::new(crate::databases::rest(databases)))
    }

    fn take_rules(&mut self, args: &[String]) -> Result<Vec<String>, String> {
        let (rules, rest) = crate::cli::split_rules::<RuleSet>(args)?;
        self.rules = rules;
        Ok(rest)
    }

    fn evaluate(position: &Self::P, side: Side) -> i32 {
        use mancala_search::Evaluator;
        mancala_search::games::kalah::Evaluation::default().evaluate(position, side)
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
    ) -> Result<(KalahPosition, Option<Side>), Stop> {
        let start = KalahPosition::new(self.rules);
        outln!(
            "Kalah, 2 × {} pits, {} seeds each, rules: {}. South moves first.",
            self.rules.pits(),
            self.rules.seeds(),
            self.rules
        );
        Ok((start, None))
    }

    fn draw(&self, position: &KalahPosition, last: Option<&str>) -> String {
        let pits = self.rules.pits();
        let board = position.board();
        let cells = |range: &mut dyn Iterator<Item = usize>| -> String {
            range.map(|i| format!("[{:>3}]", board[i])).collect()
        };
        let numbers = |range: &mut dyn Iterator<Item = usize>| -> String {
            range.map(|n| format!("  {n}  ")).collect()
        };
        let mut out = String::from("\n");
        out.push_str(&format!(
            "        {}   north\n",
            numbers(&mut (1..=pits).rev())
        ));
        out.push_str(&format!(
            "  [{:>3}]{}\n",
            position.store(Side::North),
            cells(&mut (pits..2 * pits).rev())
        ));
        out.push_str(&format!(
            "        {}[{:>3}]\n",
            cells(&mut (0..pits)),
            position.store(Side::South)
        ));
        out.push_str(&format!("        {}   south\n", numbers(&mut (1..=pits))));
        lines::last_move(&mut out, last);
        let number = format!(" (move {})", position.ply() + 1);
        out.push_str(&lines::to_move(self, position, &number));
        out
    }

    fn parse_move(&self, _position: &KalahPosition, text: &str) -> Result<Move, String> {
        text.parse::<Move>().map_err(|_| {
            format!(
                "`{text}` is not a move: type the number of one of your pits, 1 to {}.",
                self.rules.pits()
            )
        })
    }

    fn describe_move(&self, before: &KalahPosition, mv: Move) -> String {
        let mover = before.side_to_move();
        let mut after = *before;
        let Ok(effect) = after.play_reported(mv) else {
            return format!("{mover} {mv}");
        };
        let mut text = format!("{mover} {mv}");
        if effect.captured > 0 {
            text.push_str(&format!(": takes {}", effect.captured));
        }
        if effect.extra_turn {
            text.push_str(": in the store, moves again");
        }
        let stores = lines::both_sides(&after, KalahPosition::store);
        text.push_str(&format!(" (stores: {stores})"));
        text
    }

    fn help(&self) -> String {
        format!(
            "Type the number of one of your pits, 1 to {pits} from your left. Its seeds are sown \
one by one counterclockwise into the following pits, your store (on your right) and your \
opponent's pits, never his store. A last seed in your store gives you another move; a last seed \
in an empty pit of yours takes it and the seeds of the pit opposite. The game ends when either \
player's pits are all empty; each player then takes the seeds left on his row.",
            pits = self.rules.pits()
        )
    }

    fn reason(&self, reason: EndReason) -> String {
        match reason {
            EndReason::NoSeeds => "a player's pits are all empty".to_owned(),
            EndReason::MoveLimit => "the move limit".to_owned(),
            other => other.name().to_owned(),
        }
    }
}
