//! One game played in the terminal, written once for every registered game: the opening, the
//! board after each move, the person's moves and commands, the computer's moves, the result.

use super::{Input, Settings, Stop};
use mancala_engine::draw::{Describe, Draw, Opening, PlayChoices, Players, Talk};
use mancala_engine::{GameResult, Outcome, Side};
use mancala_games::player;
use mancala_games::registry::Registered;
use mancala_search::Limits;
use std::collections::HashSet;
use std::process::ExitCode;
use std::time::Instant;

/// The most lines in a row that hold no legal move before the program gives up: no person
/// types that many, and a file of garbage on standard input ends soon.
const MAX_REFUSED_LINES: u32 = 1000;

/// The terminal as a game's opening talks to the person: what stopped it, if anything did.
struct Terminal<'a> {
    input: &'a mut Input,
    stop: Option<Stop>,
}

impl Talk for Terminal<'_> {
    fn say(&mut self, text: &str) {
        outln!("{}", text.trim_end());
    }

    fn ask(&mut self, prompt: &str) -> Option<String> {
        match self.input.ask(prompt) {
            Ok(answer) => Some(answer),
            Err(stop) => {
                self.stop = Some(stop);
                None
            }
        }
    }
}

/// Plays a game to its end (or until the person leaves) and prints the result. Fails when the
/// game could not be played to its end: standard input ended or was unreadable, or the game
/// itself went wrong.
pub fn play<G: Registered>(
    rules: G::Rules,
    choices: &PlayChoices,
    settings: &Settings,
) -> ExitCode {
    let mut input = Input::stdin();
    let players = match settings.auto {
        true => Players::Computers,
        false => Players::Person(settings.side),
    };
    let given = match &settings.position {
        Some(text) => match text.parse::<G>() {
            Ok(start) => Some(start),
            Err(error) => {
                errln!("error: --position: {error}");
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    // The databases before the game starts: they depend on the rules alone, and a file that
    // cannot be read is an error before anything is printed.
    let databases = match &settings.databases {
        Some(source) => {
            let template = given.clone().unwrap_or_else(|| G::new(rules));
            match crate::databases::for_player(&template, source) {
                Ok(databases) => Some(databases),
                Err(error) => {
                    errln!("error: databases: {error}");
                    return ExitCode::from(2);
                }
            }
        }
        None => None,
    };
    let Opening {
        start: mut position,
        person: settled,
    } = match given {
        Some(start) => Opening {
            start,
            person: None,
        },
        None => {
            let mut terminal = Terminal {
                input: &mut input,
                stop: None,
            };
            match G::opening(rules, choices, settings.seed, players, &mut terminal) {
                Some(opening) => opening,
                None => return stopped(&terminal.stop.unwrap_or(Stop::Quit)),
            }
        }
    };
    let person = match players {
        Players::Computers => None,
        Players::Person(side) => Some(settled.or(side).unwrap_or(position.side_to_move())),
    };
    let rules = position.rules();
    let depth = settings.depth.unwrap_or(match settings.auto {
        true => G::quick_depth(&rules),
        false => G::full_depth(&rules),
    });
    let limits = match settings.auto {
        true => Limits::depth(depth),
        false => Limits::depth(depth).with_time(settings.time),
    };
    let mut engine = player::strongest::<G>(limits, databases).with_threads(settings.threads);
    engine.allocate_table();
    match person {
        Some(side) => outln!(
            "You play {}; the computer plays {} (depth {depth}, {} ms a move). \
Type `help` for help.",
            seat::<G>(side),
            seat::<G>(!side),
            settings.time.as_millis()
        ),
        None => outln!("{}: computer against computer, depth {depth}.", G::NAME),
    }
    let started = Instant::now();
    let mut last: Option<(G, G::Move, String)> = None;
    let mut plies = 0u32;
    let mut seen = HashSet::from([position.clone()]);
    let mut repeated = None;
    if person != Some(position.side_to_move()) {
        outln!("{}", board(&position, None));
    }
    while !position.is_over() {
        if plies >= settings.max_plies {
            outln!(
                "result: unfinished after {plies} plies (the --max-plies cap), {}",
                scores(&position)
            );
            return ExitCode::SUCCESS;
        }
        let mover = position.side_to_move();
        let mv = if person == Some(mover) {
            outln!("{}", board(&position, last.as_ref()));
            match ask_move(&position, &mut input) {
                Ok(mv) => mv,
                Err(stop) => return stopped(&stop),
            }
        } else {
            let Some(mv) = engine.search(&position).best_move else {
                errln!("error: the computer found no move in a game that is not over");
                return ExitCode::FAILURE;
            };
            mv
        };
        let mut after = position.clone();
        let effect = match after.play_reported(mv) {
            Ok(effect) => effect,
            Err(error) => {
                errln!("error: the move was refused: {error}");
                return ExitCode::FAILURE;
            }
        };
        let description = position.describe_move(mv, &effect, &after);
        plies += 1;
        if settings.auto {
            outln!("{plies:>4}. {description}");
        } else if person == Some(mover) {
            outln!("You play {description}");
        } else {
            outln!("The computer plays {description}");
        }
        let before = std::mem::replace(&mut position, after);
        last = Some((before, mv, description));
        if !seen.insert(position.clone()) {
            repeated = position.repetition_end(choices);
            if repeated.is_some() {
                break;
            }
        }
    }
    outln!("{}", board(&position, last.as_ref()));
    if settings.auto {
        outln!("{plies} plies in {:.2} s", started.elapsed().as_secs_f64());
    }
    let ended = repeated
        .map(|end: GameResult| (end.outcome, end.scores))
        .or_else(|| {
            let totals = [Side::South, Side::North].map(|side| position.score(side));
            position.outcome().map(|outcome| (outcome, totals))
        });
    match ended {
        Some((outcome, [south, north])) => outln!("{}", result_line::<G>(outcome, south, north)),
        None => outln!(
            "result: unfinished after {plies} plies, {}",
            scores(&position)
        ),
    }
    ExitCode::SUCCESS
}

/// The board as it sits, drawn by the game's picture: the last move's hole marked and the move
/// described below it, the game's own lines, and the legal moves of a game that goes on.
fn board<G: Draw>(position: &G, last: Option<&(G, G::Move, String)>) -> String {
    let picture = position.drawing(last.map(|(before, mv, _)| (before, *mv)));
    let mut out = format!("\n{}", picture.text());
    for line in position.status() {
        out.push_str(&line);
        out.push('\n');
    }
    if let Some((_, _, description)) = last {
        out.push_str(&format!("last move: {description}\n"));
    }
    if !position.is_over() {
        out.push_str(&format!("legal moves: {}\n", legal_moves(position)));
    }
    out.truncate(out.trim_end().len());
    out
}

/// The last line of a finished game: `result: White (south) wins 82-40 (majority)`.
fn result_line<G: Describe>(outcome: Outcome, south: u32, north: u32) -> String {
    let reason = G::end_reason(outcome.reason);
    match outcome.winner {
        Some(side) => {
            let (own, other) = match side {
                Side::South => (south, north),
                Side::North => (north, south),
            };
            format!("result: {} wins {own}-{other} ({reason})", seat::<G>(side))
        }
        None => format!("result: draw {south}-{north} ({reason})"),
    }
}

/// The player at `side` with his seat when the game names him otherwise: `White (south)`.
fn seat<G: Describe>(side: Side) -> String {
    let name = G::side_name(side);
    if name.eq_ignore_ascii_case(&side.to_string()) {
        name
    } else {
        format!("{name} ({side})")
    }
}

/// Both scores, in words.
fn scores<G: Describe>(position: &G) -> String {
    format!(
        "{} {}, {} {}",
        G::side_name(Side::South),
        position.score(Side::South),
        G::side_name(Side::North),
        position.score(Side::North)
    )
}

/// The message for a game the person left, and the exit code: a game left by typing `quit`
/// ends well, one whose input ran out or went wrong does not.
fn stopped(stop: &Stop) -> ExitCode {
    match stop {
        Stop::Quit => {
            outln!("You left the game.");
            ExitCode::SUCCESS
        }
        Stop::Eof => {
            outln!("End of input: the game is abandoned.");
            ExitCode::FAILURE
        }
        Stop::BadInput(why) => {
            errln!("error: {why}");
            ExitCode::FAILURE
        }
    }
}

/// Asks the person for a move until he types a legal one.
fn ask_move<G: Draw>(position: &G, input: &mut Input) -> Result<G::Move, Stop> {
    for _ in 0..MAX_REFUSED_LINES {
        let line = input.ask(&position.prompt())?;
        match line.to_lowercase().as_str() {
            "help" | "?" => {
                outln!("{}", position.how_to_move());
                outln!(
                    "Commands, in any case: `moves` lists your legal moves, `board` draws the \
board, `help` or `?` shows this, `quit` or `exit` leaves."
                );
            }
            "moves" => outln!("Legal moves: {}", legal_moves(position)),
            "board" => outln!("{}", board(position, None)),
            _ => match position.read_move(&line) {
                Ok(mv) => match position.check_move(mv) {
                    Ok(()) => return Ok(mv),
                    Err(error) => outln!("Illegal move: {error}. Type `moves` or `help`."),
                },
                Err(message) => outln!("{message} Type `moves` or `help`."),
            },
        }
    }
    Err(Stop::BadInput(format!(
        "{MAX_REFUSED_LINES} lines in a row without a legal move"
    )))
}

/// The legal moves, named in the game's notation.
fn legal_moves<G: Describe>(position: &G) -> String {
    let names: Vec<String> = position
        .legal_moves()
        .iter()
        .map(|&mv| position.move_name(mv))
        .collect();
    names.join(", ")
}
