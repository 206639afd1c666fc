//! The board as players draw it: North's row on top, South's below, the captured seeds
//! beside them; the opening ritual "odd or even?" as a dialogue, forced moves played by
//! Enter, the crate's record (see [`mancala_engine::draw`]).

use crate::{Choices, Effect, Mangala4, Move, Parity, Record, Ritual, Role, Setup, PER_SIDE};
use mancala_engine::draw::{
    capitalized, one_game, Describe, Draw, Opening, Picture, PlayChoices, Players, Replayed, Talk,
};
use mancala_engine::rules::{RuleOption, Values};
use mancala_engine::{EndReason, Game as _, Position as _, Rng, Side};

/// The name of canonical hole `index`: its owner's initial and number, `S1`..`N7`.
fn hole_name(index: usize) -> String {
    Move::Sow(index as u8).to_string()
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

/// `south` (`s`) or `north` (`n`), in any case.
fn parse_side(text: &str) -> Option<Side> {
    match text.to_lowercase().as_str() {
        "south" | "s" => Some(Side::South),
        "north" | "n" => Some(Side::North),
        _ => None,
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

/// Plays the ritual from `start`. Against a person, the computer hides the seeds and the
/// person guesses; between computers both play it at random. Both rows' final scores are told
/// before anyone chooses (play is forced, so one play-out tells them), so the person knows
/// what the computer knows. Gives the person's row (`None` between computers, or when the
/// person left).
fn ritual(start: &Mangala4, seed: u64, person: bool, talk: &mut dyn Talk) -> Option<Option<Side>> {
    let mut rng = Rng::new(seed ^ 0x0005_eed0_f7e4);
    let choices = Choices::evaluate(start);
    talk.say("The opening ritual, \"Tek mi, çift mi?\" (odd or even?).");
    let (hider, guesser) = if person {
        ("the computer", "you")
    } else {
        ("the first computer", "the second computer")
    };
    let ritual = if person {
        let hidden = 1 + rng.below(2);
        talk.say("The computer hides one or two seeds in its fist.");
        let guess = loop {
            let answer = talk.ask("Odd or even? (tek, çift or cift; odd or even)> ")?;
            match parse_parity(&answer) {
                Some(parity) => break parity,
                None => talk.say(&format!(
                    "`{answer}`: please answer `tek`, `çift` or `cift`, `odd` or `even`."
                )),
            }
        };
        Ritual::new(hidden, guess).unwrap_or_else(|error| {
            talk.say(&format!(
                "the ritual failed ({error}); it is played at random"
            ));
            Ritual::random(&mut rng)
        })
    } else {
        Ritual::random(&mut rng)
    };
    let chooser = match ritual.chooser() {
        Role::Guesser => guesser,
        Role::Challenger => hider,
    };
    talk.say(&format!(
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
    ));
    talk.say(&format!(
        "Every move is forced, so the game is known: played out from this start it ends \
south {}, north {}.",
        choices.south.own, choices.south.other
    ));
    let row = if person && ritual.chooser() == Role::Guesser {
        loop {
            let answer = talk.ask(&format!(
                "Your row: south or north? (south or s, north or n; {} moves first)> ",
                start.side_to_move()
            ))?;
            match parse_side(&answer) {
                Some(side) => break side,
                None => talk.say(&format!("`{answer}` is neither south (s) nor north (n).")),
            }
        }
    } else {
        let best = choices.best();
        let value = choices.value(best);
        talk.say(&format!(
            "{} takes the {best} row ({}-{} for it).",
            capitalized(chooser),
            value.own,
            value.other
        ));
        best
    };
    let opening = ritual.choose(row);
    talk.say(&format!("opening: {opening}"));
    Some(person.then(|| opening.side_of(Role::Guesser)))
}

impl Describe for Mangala4 {
    const PLAY_OPTIONS: &'static [RuleOption] = &[
        RuleOption::new(
            "deal",
            Values::Choice(&["random", "even"]),
            "random",
            "the start: a random board (drawn from the seed), opened by the ritual, or 7 \
seeds in every hole",
        ),
        RuleOption::new(
            "first",
            Values::Choice(&["south", "north"]),
            "south",
            "who moves first",
        ),
    ];

    fn banner(&self) -> String {
        "Mangala IV, 2 × 7 holes, the even start: 7 seeds each.".to_owned()
    }

    fn opening(
        rules: Self::Rules,
        choices: &PlayChoices,
        seed: u64,
        players: Players,
        talk: &mut dyn Talk,
    ) -> Option<Opening<Mangala4>> {
        let even = choices.get("deal") == "even";
        let setup = if even {
            Setup::even()
        } else {
            Setup::random(seed)
        };
        let first = parse_side(choices.get("first")).unwrap_or(Side::South);
        let setup = Setup {
            side_to_move: first,
            rules,
            ..setup
        };
        let start =
            Mangala4::from_setup(setup).expect("an even or random start is a valid position");
        if even {
            talk.say(&start.banner());
        } else {
            talk.say(&format!(
                "Mangala IV, 2 × 7 holes, a random start (seed {seed}; `--seed {seed}` replays \
it): {} {}",
                setup.holes.map(|seeds| seeds.to_string()).join(","),
                setup.side_to_move
            ));
        }
        let person = match players {
            _ if even => {
                talk.say(
                    "No opening ritual: it shares out the rows of a random board, and on the \
even start both rows hold the same seeds; the rows follow `--side` (default: you move first).",
                );
                None
            }
            Players::Person(Some(side)) => {
                talk.say(&format!(
                    "No opening ritual: you chose the {side} row with `--side`."
                ));
                None
            }
            _ => {
                talk.say(&start.drawing(None).text());
                ritual(&start, seed, players != Players::Computers, talk)?
            }
        };
        talk.say(&format!(
            "{} moves first. Every move is forced: the mover plays his first occupied hole.",
            setup.side_to_move
        ));
        Some(Opening { start, person })
    }

    fn how_to_move(&self) -> String {
        "Every move is forced: you must play your first occupied hole, counting from your own \
left (or pass when your row is empty). Press Enter or type `play` to play it; naming the hole \
(`S3`, or `3` for your own row) works too. A last seed that makes a 2 or a 4 takes that hole \
and the one opposite, then backwards every 2 or 4 with its opposite; a 3 or 5+ is lifted and \
sown on."
            .to_owned()
    }

    fn read_move(&self, text: &str) -> Result<Move, String> {
        let forced = self.forced_move().ok_or("The game is over.")?;
        match text.to_lowercase().as_str() {
            "" | "play" | "p" => Ok(forced),
            "pass" => Ok(Move::Pass),
            _ => match parse_hole(text, self.side_to_move()) {
                Some(hole) => Ok(Move::Sow(hole as u8)),
                None => Err(format!(
                    "`{}` is not a hole: press Enter to play {forced}.",
                    mancala_engine::notation::excerpt(text)
                )),
            },
        }
    }

    fn describe_move(&self, _mv: Move, effect: &Effect, _after: &Mangala4) -> String {
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

    fn status(&self) -> Vec<String> {
        let mut lines = vec![format!("on the board: {}", self.board().seeds())];
        match self.forced_move() {
            Some(Move::Sow(hole)) => {
                lines.push(format!("forced hole {}", hole_name(usize::from(hole))))
            }
            Some(Move::Pass) => lines.push("row empty: pass".to_owned()),
            None => {}
        }
        lines
    }

    fn prompt(&self) -> String {
        match self.forced_move() {
            Some(Move::Sow(hole)) => format!(
                "{} plays {} [Enter]> ",
                self.side_to_move(),
                hole_name(usize::from(hole))
            ),
            _ => format!("{} passes [Enter]> ", self.side_to_move()),
        }
    }

    fn end_reason(reason: EndReason) -> String {
        match reason {
            EndReason::EmptyBoard => "the board is empty".to_owned(),
            EndReason::Repetition => "repetition: a position recurred with no capture".to_owned(),
            EndReason::EndlessMove => "an endless move".to_owned(),
            other => other.name().to_owned(),
        }
    }

    /// The crate's record, with its opening.
    fn read_record(text: &str, index: usize) -> Result<Replayed<Mangala4>, String> {
        one_game(index)?;
        let record = Record::parse(text).map_err(|error| error.to_string())?;
        let moves = record.moves().iter().map(|effect| effect.mv).collect();
        Ok(Replayed::single(*record.start(), moves))
    }

    /// The crate's record: every move is the forced one, checked as it is written.
    fn write_record(start: &Mangala4, moves: &[Move]) -> Result<String, String> {
        let mut record = Record::new(*start, None);
        for &mv in moves {
            match record.play_next() {
                Some(effect) if effect.mv == mv => {}
                _ => return Err(format!("the record's forced move is not {mv}")),
            }
        }
        Ok(record.to_string())
    }
}

impl Draw for Mangala4 {
    fn picture(&self) -> Picture {
        Picture::two_rows(
            self,
            PER_SIDE,
            |side, number| side.index() * PER_SIDE + number - 1,
            |side, number| {
                let initial = if side == Side::South { 'S' } else { 'N' };
                format!("{initial}{number}")
            },
            "store",
            ["South", "North"],
        )
    }

    fn origin(&self, mv: Move) -> Option<usize> {
        match mv {
            Move::Sow(hole) => Some(usize::from(hole)),
            Move::Pass => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RuleSet;

    #[test]
    fn holes_are_named_and_clickable() {
        let start = Mangala4::default();
        let picture = start.drawing(None);
        let top: Vec<&str> = picture.rows[0]
            .cells
            .iter()
            .map(|c| c.label.as_str())
            .collect();
        assert_eq!(top, ["N7", "N6", "N5", "N4", "N3", "N2", "N1"]);
        let clickable: Vec<String> = picture
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
        let sowing: Vec<String> = legal.into_iter().filter(|m| m != "pass").collect();
        assert_eq!(clickable, sowing);
        assert!(!clickable.is_empty());
        assert_eq!(picture.stores.len(), 2);
        assert_eq!(picture.to_move, Some(start.side_to_move()));
        let _ = start.rules();
    }

    /// What a front end was told, with the answers it gives.
    struct Script {
        said: Vec<String>,
        answers: Vec<&'static str>,
    }

    impl Talk for Script {
        fn say(&mut self, text: &str) {
            self.said.push(text.to_owned());
        }
        fn ask(&mut self, prompt: &str) -> Option<String> {
            self.said.push(prompt.to_owned());
            (!self.answers.is_empty()).then(|| self.answers.remove(0).to_owned())
        }
    }

    #[test]
    fn the_ritual_is_a_dialogue_and_every_move_is_forced() {
        let choices = PlayChoices::new(Mangala4::PLAY_OPTIONS);
        let mut script = Script {
            said: Vec::new(),
            answers: vec!["maybe", "tek", "s"],
        };
        let players = Players::Person(None);
        let opening = Mangala4::opening(RuleSet::default(), &choices, 3, players, &mut script)
            .expect("the person answered");
        let said = script.said.join("\n");
        assert!(
            said.contains("a random start (seed 3; `--seed 3` replays it)"),
            "{said}"
        );
        assert!(said.contains("`maybe`: please answer"), "{said}");
        assert!(said.contains("you said odd:"), "{said}");
        assert!(opening.person.is_some());
        // Left during the ritual: no opening.
        let mut gone = Script {
            said: Vec::new(),
            answers: Vec::new(),
        };
        assert!(Mangala4::opening(RuleSet::default(), &choices, 3, players, &mut gone).is_none());
        let start = opening.start;
        let forced = start.forced_move().unwrap();
        assert_eq!(start.read_move(""), Ok(forced));
        assert!(start.read_move("x9").unwrap_err().contains("press Enter"));
        assert!(start.prompt().ends_with("[Enter]> "));
        let mut after = start;
        let effect = after.play_reported(forced).unwrap();
        assert!(start
            .describe_move(forced, &effect, &after)
            .contains(" lap"));
        let record = Mangala4::write_record(&start, &[forced]).unwrap();
        assert_eq!(Mangala4::read_record(&record, 0).unwrap().moves, [forced]);
    }
}
