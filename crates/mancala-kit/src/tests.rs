//! The kit checked against toy games that keep or break its promises.

use super::*;
use core::fmt;
use mancala_engine::{Board, EndReason, MoveList, Outcome};

/// Take-away with seeds: players alternately take 1 or 2 seeds from a pile into their
/// store; whoever takes the last wins. `cheat` breaks a promise on purpose, `own_loop`
/// plays its play-outs by a loop of its own that always takes one seed, and `lossy`
/// forgets North's store in its setup.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Pile {
    left: u8,
    stores: [u8; 2],
    side: Side,
    cheat: bool,
    own_loop: bool,
    lossy: bool,
}

impl Default for Pile {
    fn default() -> Pile {
        pile(false)
    }
}

impl Game for Pile {
    const NAME: &'static str = "pile";
    type Rules = ();
    type Setup = Pile;
    type SetupError = fmt::Error;
    type Effect = u8;
    fn new((): ()) -> Pile {
        pile(false)
    }
    fn rules(&self) {}
    fn from_setup(setup: Pile) -> Result<Pile, fmt::Error> {
        Ok(setup)
    }
    fn to_setup(&self) -> Pile {
        let mut setup = *self;
        if self.lossy {
            setup.stores[1] = 0;
        }
        setup
    }
    fn play_reported(&mut self, mv: u8) -> Result<u8, fmt::Error> {
        self.play(mv).map(|()| mv)
    }
}

impl Position for Pile {
    type Move = u8;
    type MoveError = fmt::Error;
    fn board(&self) -> Board {
        Board::new(&[self.left])
    }
    fn store(&self, side: Side) -> u32 {
        u32::from(self.stores[side.index()])
    }
    fn seeds_on_side(&self, side: Side) -> u32 {
        if side == Side::South {
            u32::from(self.left)
        } else {
            0
        }
    }
    fn side_to_move(&self) -> Side {
        self.side
    }
    fn legal_moves(&self) -> MoveList<u8> {
        (1..=self.left.min(2)).collect()
    }
    fn check_move(&self, mv: u8) -> Result<(), fmt::Error> {
        if (1..=self.left.min(2)).contains(&mv) {
            Ok(())
        } else {
            Err(fmt::Error)
        }
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.left -= mv;
        // The cheat takes one seed too few into the store.
        self.stores[self.side.index()] += mv - u8::from(self.cheat);
        self.side = !self.side;
    }
    fn outcome(&self) -> Option<Outcome> {
        (self.left == 0).then_some(Outcome {
            winner: Some(!self.side),
            reason: EndReason::EmptyBoard,
        })
    }
    fn score(&self, side: Side) -> u32 {
        self.store(side)
    }
    fn play_random_moves(&mut self, rng: &mut Rng, max_plies: u32) -> u32 {
        if !self.own_loop {
            return mancala_engine::playout::play_random_moves(self, rng, max_plies);
        }
        let mut plies = 0;
        while plies < max_plies && self.left > 0 {
            self.play_unchecked(1);
            plies += 1;
        }
        plies
    }
}

impl fmt::Display for Pile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [south, north] = self.stores;
        write!(f, "{} {south} {north} {}", self.left, self.side)?;
        if self.cheat {
            f.write_str(" cheat")?;
        }
        if self.own_loop {
            f.write_str(" own-loop")?;
        }
        if self.lossy {
            f.write_str(" lossy")?;
        }
        Ok(())
    }
}

impl FromStr for Pile {
    type Err = fmt::Error;
    fn from_str(text: &str) -> Result<Pile, fmt::Error> {
        read_pile(text).map_err(|_| fmt::Error)
    }
}

fn read_pile(text: &str) -> Result<Pile, String> {
    {
        let mut parts: Vec<&str> = text.split(' ').collect();
        let lossy = parts.last() == Some(&"lossy");
        if lossy {
            parts.pop();
        }
        let own_loop = parts.last() == Some(&"own-loop");
        if own_loop {
            parts.pop();
        }
        let (fields, cheat) = match parts.split_last() {
            Some((&"cheat", rest)) => (rest, true),
            _ => (&parts[..], false),
        };
        let [left, south, north, side] = fields[..] else {
            return Err("four fields".into());
        };
        let number = |t: &str| t.parse::<u8>().map_err(|e| e.to_string());
        Ok(Pile {
            left: number(left)?,
            stores: [number(south)?, number(north)?],
            side: side
                .parse()
                .map_err(|e: mancala_engine::ParseError| e.to_string())?,
            cheat,
            own_loop,
            lossy,
        })
    }
}

fn pile(cheat: bool) -> Pile {
    Pile {
        left: 30,
        stores: [0, 0],
        side: Side::South,
        cheat,
        own_loop: false,
        lossy: false,
    }
}

#[test]
fn a_game_that_keeps_its_promises_passes() {
    let report = Kit::new([pile(false)])
        .games(10)
        .probes(0..=3)
        .round_trip("a copy", |p| Ok(*p))
        .run();
    assert_eq!(report.games, 10);
    assert_eq!(report.finished, 10);
    assert!(report.positions > 150);
}

#[test]
fn a_game_that_keeps_the_game_promises_passes() {
    let report = Kit::new([pile(false)]).games(5).game().run();
    assert_eq!(report.finished, 5);
}

#[test]
#[should_panic(expected = "its setup gives another position")]
fn a_game_whose_setup_loses_a_store_fails() {
    let start = Pile {
        left: 26,
        stores: [0, 4],
        lossy: true,
        ..pile(false)
    };
    Kit::new([start]).games(1).game().run();
}

#[test]
#[should_panic(expected = "a promise: broken once South has taken seeds")]
fn a_broken_extra_check_fails() {
    let check: Check<Pile> = |p| {
        if p.stores[0] > 0 {
            Err("broken once South has taken seeds".into())
        } else {
            Ok(())
        }
    };
    Kit::new([pile(false)])
        .games(1)
        .check("a promise", check)
        .run();
}

#[test]
#[should_panic(expected = "seeds created or lost")]
fn a_game_that_loses_seeds_fails() {
    Kit::new([pile(true)]).games(1).run();
}

#[test]
#[should_panic(expected = "play-out loop plays differently")]
fn a_game_whose_own_playout_loop_plays_other_games_fails() {
    let start = Pile {
        own_loop: true,
        ..pile(false)
    };
    Kit::new([start]).games(1).run();
}

#[test]
#[should_panic(expected = "has not ended")]
fn a_game_that_does_not_end_in_time_fails() {
    Kit::new([pile(false)]).games(1).max_plies(5, true).run();
}

#[test]
#[should_panic(expected = "round trip")]
fn a_broken_round_trip_fails() {
    Kit::new([pile(false)])
        .games(1)
        .round_trip("nothing", |_| Err("lost".into()))
        .run();
}
