//! Toguz Kumalak in the terminal: Black's row on top from his hole 9 down to 1 (as it sits
//! facing White), White's row below from 1 to 9, the kazans beside them, tuzdiks marked `X`;
//! moves typed as a hole number or in KZ / PlayOK notation, whose checksums are checked.
//!
//! Options: `--board 9|7|5` (the board size), `--optional-tuzdik` (the mover may decline a
//! tuzdik; a half-move marked `x` claims it), `--repetition none|own-side|uncounted` (whether
//! a repeated position ends the game, and who gets the seeds left; the federation rules know
//! no repetition, so the default ends nothing).

use super::{lines, Game, Input, Options, Rest, Stop};
use mancala_engine::Game as _;
use mancala_solver::Endgame;
use toguz::notation::{HalfMove, Style};
use toguz::prelude::{EndReason, Move, Position as _, RuleSet, Side, TuzdikRule};
use toguz::{RepetitionRule, BLACK, WHITE};

/// The Toguz Kumalak driver and its rule options.
#[derive(Debug, Clone, Default)]
pub struct Toguz {
    rules: RuleSet,
    repetition: RepetitionRule,
}

impl Toguz {
    /// The hole number of canonical index `index` and its owner's name: `Black's hole 6`.
    fn hole_name(&self, position: &toguz::Toguz, index: usize) -> String {
        let ring = position.ring();
        format!(
            "{}'s hole {}",
            self.side_name(ring.owner(index)),
            ring.number(index)
        )
    }

    /// One row of cells, in the order of `numbers`, with tuzdiks marked.
    fn row(&self, position: &toguz::Toguz, side: Side, numbers: &[usize]) -> String {
        let ring = position.ring();
        let mut line = String::new();
        for &number in numbers {
            let Some(index) = ring.index(side, number) else {
                continue;
            };
            let tuzdik = Side::BOTH
                .iter()
                .any(|&owner| position.tuzdik(owner) == Some(index));
            if tuzdik {
                line.push_str("[  X]");
            } else {
                line.push_str(&format!("[{:>3}]", position.board()[index]));
            }
        }
        line
    }
}

impl Game for Toguz {
    type P = toguz::Toguz;

    fn name(&self) -> &'static str {
        "toguz"
    }

    fn takes_value(&self, name: &str) -> bool {
        name == "--repetition"
    }

    fn rules_start(&self) -> toguz::Toguz {
        toguz::Toguz::new(self.rules)
    }

    fn has_databases(&self) -> bool {
        true
    }

    fn databases(&self, start: &toguz::Toguz, seeds: u32) -> Result<Rest<toguz::Toguz>, String> {
        let databases = crate::databases::for_player(&start.db_template(), seeds)?;
        Ok(Box::new(crate::databases::rest(databases)))
    }

    fn take_rules(&mut self, args: &[String]) -> Result<Vec<String>, String> {
        let (rules, rest) = crate::cli::split_rules::<RuleSet>(args)?;
        self.rules = rules;
        Ok(rest)
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name {
            "--repetition" => {
                self.repetition = value
                    .parse()
                    .map_err(|error| format!("--repetition: {error}"))?;
            }
            other => return Err(format!("unknown toguz option `{other}`")),
        }
        Ok(())
    }

    fn evaluate(position: &Self::P, side: Side) -> i32 {
        use mancala_search::Evaluator;
        mancala_search::games::toguz::Evaluation::default().evaluate(position, side)
    }

    fn default_depth(&self, auto: bool) -> u32 {
        if auto {
            9
        } else {
            16
        }
    }

    fn side_name(&self, side: Side) -> String {
        if side == WHITE { "White" } else { "Black" }.to_owned()
    }

    fn start(
        &mut self,
        _options: &Options,
        _input: &mut Input,
    ) -> Result<(toguz::Toguz, Option<Side>), Stop> {
        let start = toguz::Toguz::new(self.rules);
        let tuzdik = match (self.rules.board.has_tuzdiks(), self.rules.tuzdik) {
            (false, _) => ", no tuzdik",
            (true, TuzdikRule::Optional) => ", optional tuzdik",
            (true, _) => "",
        };
        outln!(
            "Toguz Kumalak, 2 × {} holes, {} seeds each{tuzdik}. White (south) moves first.",
            self.rules.board.per_side(),
            start.board()[0]
        );
        Ok((start, None))
    }

    fn draw(&self, position: &toguz::Toguz, last: Option<&str>) -> String {
        let n = position.rules().board.per_side();
        let up: Vec<usize> = (1..=n).collect();
        let down: Vec<usize> = (1..=n).rev().collect();
        let labels =
            |numbers: &[usize]| -> String { numbers.iter().map(|k| format!("{k:>4} ")).collect() };
        let mut out = String::new();
        out.push('\n');
        out.push_str(&format!("       {}\n", labels(&down)));
        out.push_str(&format!(
            "Black  {}   kazan {:>3}\n",
            self.row(position, BLACK, &down),
            position.kazan(BLACK)
        ));
        out.push_str(&format!(
            "White  {}   kazan {:>3}\n",
            self.row(position, WHITE, &up),
            position.kazan(WHITE)
        ));
        out.push_str(&format!("       {}\n", labels(&up)));
        for owner in Side::BOTH {
            if let Some(index) = position.tuzdik(owner) {
                out.push_str(&format!(
                    "{}'s tuzdik (X): {}\n",
                    self.side_name(owner),
                    self.hole_name(position, index)
                ));
            }
        }
        lines::last_move(&mut out, last);
        out.pop();
        out
    }

    fn parse_move(&self, position: &toguz::Toguz, text: &str) -> Result<Move, String> {
        // `36X` is `36x`: notation letters in any case.
        let text = text.to_lowercase();
        let text = text.as_str();
        if text.is_empty() {
            return Err("Type a hole number or a half-move such as `76`.".into());
        }
        let optional = position.rules().tuzdik == TuzdikRule::Optional;
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
                "`{text}` is neither a hole number 1..9 nor a half-move such as `76`, `36x` or \
`87(10)`."
            )
        })?;
        let style = if half.kazan().is_some() {
            Style::PlayOk
        } else {
            Style::Kz
        };
        half.resolve(position, style)
            .map_err(|error| format!("`{text}` does not fit the board: {error}."))
    }

    fn move_name(&self, position: &toguz::Toguz, mv: Move) -> String {
        match HalfMove::from_move(position, mv, Style::Kz) {
            Ok(half) => format!("{mv} ({})", half.display(Style::Kz)),
            Err(_) => mv.to_string(),
        }
    }

    fn describe_move(&self, before: &toguz::Toguz, mv: Move) -> String {
        let mover = self.side_name(before.side_to_move());
        let mut after = *before;
        let (Ok(half), Ok(effect)) = (
            HalfMove::from_move(before, mv, Style::PlayOk),
            after.play_reported(mv),
        ) else {
            return format!("{mover} {mv}");
        };
        let mut text = format!(
            "{mover} {half}: hole {}, last stone on {}",
            mv.number(),
            self.hole_name(before, effect.landing)
        );
        if effect.captured > 0 {
            text.push_str(&format!(", takes {}", effect.captured));
        }
        if let Some(tuzdik) = effect.tuzdik {
            text.push_str(&format!(
                ", makes a tuzdik on {}",
                self.hole_name(before, tuzdik)
            ));
        }
        text
    }

    fn help(&self) -> String {
        "Type the number of one of your holes (1..9, counted from your own left), or a \
half-move in KZ or PlayOK notation: `76` (from hole 7, last stone on the opponent's hole 6), \
`36x` (makes a tuzdik), `87(10)` (with your kazan total after a capture). The landing hole, \
the tuzdik mark and the kazan total are checked against the board. Under --optional-tuzdik, \
`7*` or a half-move marked `x` claims the tuzdik."
            .to_owned()
    }

    fn repetition_end(&self, position: &toguz::Toguz) -> Option<mancala_engine::GameResult> {
        position.repetition_result(self.repetition)
    }

    fn reason(&self, reason: EndReason) -> String {
        match reason {
            EndReason::Majority => "majority".to_owned(),
            EndReason::NoSeeds => "atsyz kalu: the side to move had no stones".to_owned(),
            other => other.name().to_owned(),
        }
    }
}
