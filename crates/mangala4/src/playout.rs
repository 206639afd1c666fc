//! The play-out to the end: the main operation, since the whole game is a function of its
//! start.

use crate::position::{Mangala4, NO_REPEAT, RESOLVE_AT};
use crate::repetition::{lone_seed_repeat, run, RunEnd};
use crate::sowing::{step, Step};
use mancala_engine::{GameResult, Position, Side};

impl Mangala4 {
    /// Plays the game out to its end along the forced line. Fast: no allocation, constant
    /// memory, whole runs of turns between captures played by the hot loop with the core's
    /// cycle search, and a lone seed's circuit known in advance.
    pub fn play_out(&self) -> Finish {
        let mut position = *self;
        let mut plies = 0u32;
        while position.end_reason().is_none() {
            if position.turn == 0 && position.state.is_lone_seed() {
                position.repeat_at = lone_seed_repeat(&position.state);
            } else if position.turn > 0 && position.turn < RESOLVE_AT {
                position.resolve();
            }
            if position.repeat_at != NO_REPEAT {
                // The repeat of this run is known: walk straight to it.
                while position.turn < position.repeat_at {
                    match step(&mut position.state) {
                        Step::Pass => {}
                        _ => plies += 1,
                    }
                    position.turn += 1;
                }
                break;
            }
            let run = run(&mut position.state);
            plies += run.moves;
            match run.end {
                RunEnd::Capture => position.new_run(),
                RunEnd::Endless => {
                    position.turn += run.turns;
                    position.endless = true;
                }
                RunEnd::Repetition { at } => {
                    position.turn += at;
                    position.repeat_at = position.turn;
                }
            }
        }
        let result = position
            .result()
            .expect("the loop runs to the end of the game");
        Finish {
            position,
            plies,
            result,
        }
    }
}

/// The end of a play-out.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Finish {
    /// The final position (its game is over).
    pub position: Mangala4,
    /// Moves played from the start of the play-out to the end; passes are not counted, an
    /// endless move is.
    pub plies: u32,
    /// Who won, the final scores, and why the game ended.
    pub result: GameResult,
}

impl Finish {
    /// `side`'s final score under the position's rules.
    pub fn score(&self, side: Side) -> u32 {
        self.result.score(side)
    }

    /// Seeds left on the board at the end (whoever the leftover option gives them to).
    pub fn left(&self) -> u32 {
        self.position.board().seeds()
    }

    /// The play-out in one line, `south=S north=N reason=R plies=P left=L`: what the
    /// `playout` example prints, and how records of the older form wrote a result.
    pub fn summary(&self) -> String {
        format!(
            "south={} north={} reason={} plies={} left={}",
            self.score(Side::South),
            self.score(Side::North),
            self.result.outcome.reason,
            self.plies,
            self.left()
        )
    }
}
