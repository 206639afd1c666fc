//! Katro in the terminal: the rows as they sit with North at the top, columns `a..f` from
//! South's left, rows `1..6` from South's edge, the seeds on each side and the legal moves;
//! moves typed in the crate's notation (`c1`, or `c1B` when directions are chosen each turn).
//!
//! Options: `--size 6x6|4x4|4x6|6x3`, `--rules KEY=VALUE[,KEY=VALUE...]` (the rule options in
//! the crate's string form, e.g. `direction=per-turn,trigger=empty`).

use super::{lines, Game, Input, Options, Stop};
use katro::{DirectionRule, Katro as KatroPosition, Move, RuleSet};
use mancala_engine::{EndReason, Game as _, Position as _, Side};

/// The Katro driver and its rules.
#[derive(Debug, Clone, Default)]
pub struct Katro {
    rules: RuleSet,
}

/// What the row at depth `depth` from a player's edge is called.
fn row_role(depth: usize, rows_per_side: usize) -> &'static str {
    match (depth, rows_per_side) {
        (0, _) => "outer",
        (1, 3) => "middle",
        _ => "inner",
    }
}

impl Game for Katro {
    type P = KatroPosition;

    fn name(&self) -> &'static str {
        "katro"
    }

    fn rules_start(&self) -> KatroPosition {
        KatroPosition::new(self.rules)
    }

    fn take_rules(&mut self, args: &[String]) -> Result<Vec<String>, String> {
        let (rules, rest) = crate::cli::split_rules::<RuleSet>(args)?;
        self.rules = rules;
        Ok(rest)
    }

    fn evaluate(position: &Self::P, side: Side) -> i32 {
        use mancala_search::Evaluator;
        mancala_search::games::katro::Evaluation::default().evaluate(position, side)
    }

    fn default_depth(&self, auto: bool) -> u32 {
        match (auto, self.rules.direction) {
            (false, _) => 16,
            // Twice the moves when directions are chosen each turn: a shallower search keeps
            // a game to a fraction of a second.
            (true, DirectionRule::PerTurn) => 6,
            (true, DirectionRule::Fixed(_)) => 10,
        }
    }

    fn start(
        &mut self,
        _options: &Options,
        _input: &mut Input,
    ) -> Result<(KatroPosition, Option<Side>), Stop> {
        let start = KatroPosition::new(self.rules);
        let size = self.rules.size;
        outln!(
            "Katro, {} × {} holes, {} seeds each, rules: {}. South moves first.",
            size.rows(),
            size.cols(),
            start.board()[0],
            self.rules.options()
        );
        Ok((start, None))
    }

    fn draw(&self, position: &KatroPosition, last: Option<&str>) -> String {
        let size = position.rules().size;
        let (rows, cols, per_side) = (size.rows(), size.cols(), size.rows_per_side());
        let board = position.board();
        let letters: String = (0..cols)
            .map(|c| format!("   {} ", char::from(b'a' + c as u8)))
            .collect();
        let mut out = String::new();
        out.push('\n');
        out.push_str(&format!("    {letters}\n"));
        for row in (0..rows).rev() {
            let cells: String = (0..cols)
                .map(|col| format!("[{:>3}]", board[row * cols + col]))
                .collect();
            let (owner, depth) = if row < per_side {
                (Side::South, row)
            } else {
                (Side::North, rows - 1 - row)
            };
            out.push_str(&format!(
                " {}  {cells}   {owner} {}\n",
                row + 1,
                row_role(depth, per_side)
            ));
            if row == per_side {
                out.push_str(&format!("    {}\n", "-".repeat(5 * cols)));
            }
        }
        out.push_str(&format!("    {letters}\n"));
        let seeds = lines::both_sides(position, KatroPosition::seeds_on_side);
        out.push_str(&format!("seeds: {seeds}\n"));
        lines::last_move(&mut out, last);
        out.push_str(&lines::to_move(self, position, ""));
        out
    }

    fn parse_move(&self, _position: &KatroPosition, text: &str) -> Result<Move, String> {
        if text.is_empty() {
            return Err("Type a move such as `c1`.".into());
        }
        // The column letter may be typed in capitals; the direction letter is one already.
        let mut chars = text.chars();
        let first = chars.next().map(|c| c.to_ascii_lowercase());
        let text: String = first.into_iter().chain(chars).collect();
        text.parse::<Move>().map_err(|_| {
            format!("`{text}` is not a move: a column letter and a row digit, such as `c1`.")
        })
    }

    fn describe_move(&self, before: &KatroPosition, mv: Move) -> String {
        let mover = before.side_to_move();
        let mut after = *before;
        let Ok(effect) = after.play_reported(mv) else {
            return format!("{mover} {mv}");
        };
        let mut text = format!("{mover} {mv}");
        if effect.endless {
            text.push_str(": an endless relay, which changes nothing and ends the game");
            return text;
        }
        let gained = after
            .seeds_on_side(mover)
            .saturating_sub(before.seeds_on_side(mover));
        if gained > 0 {
            text.push_str(&format!(": takes {gained}"));
        }
        let seeds = lines::both_sides(&after, KatroPosition::seeds_on_side);
        text.push_str(&format!(" ({seeds})"));
        text
    }

    fn help(&self) -> String {
        let direction = match self.rules.direction {
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

    fn reason(&self, reason: EndReason) -> String {
        match reason {
            EndReason::NoSeeds => "the side to move has no seeds".to_owned(),
            EndReason::EndlessMove => "an endless move".to_owned(),
            other => other.name().to_owned(),
        }
    }
}
