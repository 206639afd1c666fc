//! Mangala IV in the terminal: North's row on top from his hole 7 down to 1 (as it sits facing
//! South), South's row below from 1 to 7, the captured counts beside them. With a random board
//! the game opens with the ritual "odd or even?", which settles the rows; after it every move
//! is forced, so the prompt names the forced hole and Enter plays it.
//!
//! Options: `--board random|even` (default random, from `--seed`), `--first south|north` (who
//! moves first; default south), `--leftover none|own-side` (who scores the seeds left when
//! a game ends by repetition).

use super::{lines, Game, Input, Options, Stop};
use mancala_engine::{EndReason, Game as _, Position as _, Rng, Side};
use mangala4::{Choices, Mangala4, Move, Parity, Ritual, Role, RuleSet, Setup, PER_SIDE};

/// The Mangala IV driver and its options.
#[derive(Debug, Clone, Default)]
pub struct Mangala {
    even: bool,
    first: Option<Side>,
    rules: RuleSet,
}

/// The name of canonical hole `index`: its owner's initial and number, `S1`..`N7`.
fn hole_name(index: usize) -> String {
    if index < PER_SIDE {
        format!("S{}", index + 1)
    } else {
        format!("N{}", index - PER_SIDE + 1)
    }
}

/// Reads a hole name (`S3`, `n7`) or, for the mover, a bare number `1..7`.
fn parse_hole(text: &str, mover: Side) -> Option<usize> {
    let lower = text.to_ascii_lowercase();
    let (side, number) = match lower.as_bytes() {
        [b's', digit] => (Side::South, *digit),
        [b'n', digit] => (Side::North, *digit),
        [digit] => (mover, *digit),
        _ => return None,
    };
    let number = usize::from(number.checked_sub(b'0')?);
    if !(1..=PER_SIDE).contains(&number) {
        return None;
    }
    Some(number - 1 + PER_SIDE * side.index())
}

impl Mangala {
    /// The cells of `side`'s row, in the order of `numbers`.
    fn row(position: &Mangala4, side: Side, numbers: &[usize]) -> String {
        let board = position.board();
        numbers
            .iter()
            .map(|&k| format!("[{:>3}]", board[k - 1 + PER_SIDE * side.index()]))
            .collect()
    }

    /// Runs the ritual. In a game against the computer, the computer hides the seeds and you
    /// guess; under `--auto` two computers play it. Both rows' final scores are told before
    /// anyone chooses (play is forced, so one play-out tells them), so you know what the
    /// computer knows. Returns your row (`None` under `--auto`).
    fn ritual(
        &self,
        start: &Mangala4,
        options: &Options,
        input: &mut Input,
    ) -> Result<Option<Side>, Stop> {
        let mut rng = Rng::new(options.seed ^ 0x0005_eed0_f7e4);
        let choices = Choices::evaluate(start);
        outln!("The opening ritual, \"Tek mi, çift mi?\" (odd or even?).");
        let (hider, guesser) = if options.auto {
            ("the first computer", "the second computer")
        } else {
            ("the computer", "you")
        };
        let ritual = if options.auto {
            Ritual::random(&mut rng)
        } else {
            let hidden = 1 + rng.below(2);
            outln!("The computer hides one or two seeds in its fist.");
            let guess = loop {
                let answer = input.ask("Odd or even? (tek, çift or cift; odd or even)> ")?;
                match parse_parity(&answer) {
                    Some(parity) => break parity,
                    None => outln!(
                        "`{answer}`: please answer `tek`, `çift` or `cift`, `odd` or `even`."
                    ),
                }
            };
            match Ritual::new(hidden, guess) {
                Ok(ritual) => ritual,
                Err(error) => {
                    outln!("the ritual failed ({error}); it is played at random");
                    Ritual::random(&mut rng)
                }
            }
        };
        let chooser = match ritual.chooser() {
            Role::Guesser => guesser,
            Role::Challenger => hider,
        };
        outln!(
            "{} hid {} ({}); {guesser} said {}: {}, so {chooser} {} the rows.",
            capitalized(hider),
            ritual.hidden(),
            ritual.parity(),
            ritual.guess(),
            if ritual.guessed_right() {
                "right"
            } else {
                "wrong"
            },
            if chooser == "you" {
                "choose"
            } else {
                "chooses"
            },
        );
        outln!(
            "Every move is forced, so the game is known: played out from this start it ends \
south {}, north {}.",
            choices.south.own,
            choices.south.other
        );
        let row = if !options.auto && ritual.chooser() == Role::Guesser {
            loop {
                let answer = input.ask(&format!(
                    "Your row: south or north? (south or s, north or n; {} moves first)> ",
                    start.side_to_move()
                ))?;
                match super::parse_side(&answer) {
                    Ok(side) => break side,
                    Err(message) => outln!("{message}."),
                }
            }
        } else {
            let best = choices.best();
            let value = choices.value(best);
            outln!(
                "{} takes the {best} row ({}-{} for it).",
                capitalized(chooser),
                value.own,
                value.other
            );
            best
        };
        let opening = ritual.choose(row);
        outln!("opening: {opening}");
        if options.auto {
            Ok(None)
        } else {
            Ok(Some(opening.side_of(Role::Guesser)))
        }
    }
}

/// A guess in Turkish or English, in any case: `tek`, `çift` or `cift`, `odd`, `even`.
fn parse_parity(answer: &str) -> Option<Parity> {
    match answer.to_lowercase().as_str() {
        "tek" | "odd" | "o" => Some(Parity::Odd),
        "çift" | "cift" | "even" | "e" => Some(Parity::Even),
        _ => None,
    }
}

/// `text` with its first letter in capitals, to open a sentence.
fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

impl Game for Mangala {
    type P = Mangala4;

    fn name(&self) -> &'static str {
        "mangala4"
    }

    fn rules_start(&self) -> Mangala4 {
        Mangala4::new(self.rules)
    }

    fn take_rules(&mut self, args: &[String]) -> Result<Vec<String>, String> {
        let (rules, rest) = crate::cli::split_rules::<RuleSet>(args)?;
        self.rules = rules;
        Ok(rest)
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), String> {
        match name {
            "--deal" => {
                self.even = match value.to_lowercase().as_str() {
                    "even" => true,
                    "random" => false,
                    other => return Err(format!("--deal takes random or even, not `{other}`")),
                }
            }
            "--first" => self.first = Some(super::parse_side(value)?),
            other => return Err(format!("unknown mangala4 option `{other}`")),
        }
        Ok(())
    }

    fn default_depth(&self, _auto: bool) -> u32 {
        1
    }

    fn start(
        &mut self,
        options: &Options,
        input: &mut Input,
    ) -> Result<(Mangala4, Option<Side>), Stop> {
        let setup = if self.even {
            Setup::even()
        } else {
            Setup::random(options.seed)
        };
        let setup = Setup {
            side_to_move: self.first.unwrap_or(Side::South),
            rules: self.rules,
            ..setup
        };
        let position =
            Mangala4::from_setup(setup).expect("an even or random start is a valid position");
        if self.even {
            outln!("Mangala IV, 2 × 7 holes, the even start: 7 seeds each.");
        } else {
            outln!(
                "Mangala IV, 2 × 7 holes, a random start (seed {}; `--seed {}` replays it): {} {}",
                options.seed,
                options.seed,
                setup.holes.map(|seeds| seeds.to_string()).join(","),
                setup.side_to_move
            );
        }
        let person = if self.even {
            outln!(
                "No opening ritual: it shares out the rows of a random board, and on the even \
start both rows hold the same seeds; the rows follow `--side` (default: you move first)."
            );
            None
        } else if let Some(side) = options.side.filter(|_| !options.auto) {
            outln!("No opening ritual: you chose the {side} row with `--side`.");
            None
        } else {
            outln!("{}", self.draw(&position, None).trim_end());
            self.ritual(&position, options, input)?
        };
        outln!(
            "{} moves first. Every move is forced: the mover plays his first occupied hole.",
            setup.side_to_move
        );
        Ok((position, person))
    }

    fn draw(&self, position: &Mangala4, last: Option<&str>) -> String {
        let up: Vec<usize> = (1..=PER_SIDE).collect();
        let down: Vec<usize> = (1..=PER_SIDE).rev().collect();
        let labels = |numbers: &[usize], initial: char| -> String {
            numbers.iter().map(|k| format!("  {initial}{k} ")).collect()
        };
        let mut out = String::new();
        out.push('\n');
        out.push_str(&format!("       {}\n", labels(&down, 'N')));
        out.push_str(&format!(
            "North  {}   captured {:>3}\n",
            Mangala::row(position, Side::North, &down),
            position.store(Side::North)
        ));
        out.push_str(&format!(
            "South  {}   captured {:>3}\n",
            Mangala::row(position, Side::South, &up),
            position.store(Side::South)
        ));
        out.push_str(&format!("       {}\n", labels(&up, 'S')));
        out.push_str(&format!("on the board: {}\n", position.board().seeds()));
        lines::last_move(&mut out, last);
        match position.forced_move() {
            Some(Move::Sow(hole)) => out.push_str(&format!(
                "{} to move: forced hole {}",
                position.side_to_move(),
                hole_name(usize::from(hole))
            )),
            Some(Move::Pass) => out.push_str(&format!(
                "{} to move: row empty, pass",
                position.side_to_move()
            )),
            None => {}
        }
        out
    }

    fn parse_move(&self, position: &Mangala4, text: &str) -> Result<Move, String> {
        let forced = position.forced_move().ok_or("The game is over.")?;
        match text.to_lowercase().as_str() {
            "" | "play" | "p" => Ok(forced),
            "pass" => Ok(Move::Pass),
            _ => match parse_hole(text, position.side_to_move()) {
                Some(hole) => Ok(Move::Sow(hole as u8)),
                None => Err(format!(
                    "`{text}` is not a hole: press Enter to play {}.",
                    self.move_name(position, forced)
                )),
            },
        }
    }

    fn move_name(&self, _position: &Mangala4, mv: Move) -> String {
        match mv {
            Move::Pass => "pass".to_owned(),
            Move::Sow(hole) => hole_name(usize::from(hole)),
        }
    }

    fn describe_move(&self, before: &Mangala4, mv: Move) -> String {
        let mut after = *before;
        let Ok(effect) = after.play_reported(mv) else {
            return format!("{} {}", before.side_to_move(), self.move_name(before, mv));
        };
        let mut text = format!("{} {effect}", effect.side);
        match effect.mv {
            Move::Pass => text.push_str(": his row is empty, he passes"),
            Move::Sow(_) if effect.endless => {
                text.push_str(": an endless relay, which changes nothing and ends the game")
            }
            Move::Sow(_) => {
                let laps = effect.laps;
                text.push_str(&format!(": {laps} lap{}", if laps == 1 { "" } else { "s" }));
                if let Some(capture) = effect.capture {
                    let holes: Vec<String> = capture
                        .taken()
                        .map(|hole| {
                            let hole = usize::from(hole);
                            format!("{}+{}", hole_name(hole), hole_name(13 - hole))
                        })
                        .collect();
                    text.push_str(&format!(", takes {} ({})", capture.seeds, holes.join(", ")));
                }
            }
        }
        text
    }

    fn prompt(&self, position: &Mangala4) -> String {
        match position.forced_move() {
            Some(Move::Sow(hole)) => format!(
                "{} plays {} [Enter]> ",
                position.side_to_move(),
                hole_name(usize::from(hole))
            ),
            _ => format!("{} passes [Enter]> ", position.side_to_move()),
        }
    }

    fn help(&self) -> String {
        "Every move is forced: you must play your first occupied hole, counting from your own \
left (or pass when your row is empty). Press Enter or type `play` to play it; naming the hole \
(`S3`, or `3` for your own row) works too. A last seed that makes a 2 or a 4 takes that hole \
and the one opposite, then backwards every 2 or 4 with its opposite; a 3 or 5+ is lifted and \
sown on."
            .to_owned()
    }

    fn reason(&self, reason: EndReason) -> String {
        match reason {
            EndReason::EmptyBoard => "the board is empty".to_owned(),
            EndReason::Repetition => "repetition: a position recurred with no capture".to_owned(),
            EndReason::EndlessMove => "an endless move".to_owned(),
            other => other.name().to_owned(),
        }
    }
}
