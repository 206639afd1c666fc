#![doc = include_str!("../README.md")]
//!
//! # What it checks
//!
//! At every ply of every game it checks that:
//! - the legal moves are empty exactly when the game is over, and then there is a result;
//! - `count_legal_moves` and `count_legal_moves_after` agree with the list;
//! - `check_move` accepts every listed move and refuses every probe move not in the list, and
//!   `play` of a refused move leaves the position as it was;
//! - every move's text reads back as the same move;
//! - no seed is created or lost (board and stores), and the sides' seeds add up to the board's;
//! - the position string reads back as an equal position with the same key, and so does every
//!   extra round trip given (records; serde with `Kit::serde`, under the `serde` feature);
//! - for a [`Game`] ([`Kit::game`]): the setup reads back as an equal position and the same
//!   setup, the start and the rules agree, and `play_reported` plays as `play` does;
//!
//! and, from a few plies of each game, that the re-read copies play on exactly like the
//! original, ply by ply, to the end; that the game's own play-out loop
//! ([`Position::play_random_moves`]) plays the same games as the core's plain one; and (unless
//! the game may go on for ever) that every game ends within the ply limit.
//!
//! [`perft_table`] reads the perft tables kept in a game's docs and counts them again;
//! [`data`] finds the shared game records some tests replay, or skips; [`openspiel`] runs the
//! scripts that compare a game with OpenSpiel's, or skips; [`toy`] is a tiny game for tests of
//! code written over the trait.

pub mod data;
pub mod guide;
pub mod openspiel;
pub mod perft_table;
pub mod toy;

use core::fmt::{Debug, Display};
use core::str::FromStr;
use mancala_engine::rules::RuleOptions;
use mancala_engine::{Game, Position, Rng, Side};

/// A round trip through some other form (serde, a record): the position back, or why not.
pub type RoundTrip<P> = fn(&P) -> Result<P, String>;

/// A promise about one position, beside the kit's own: `Err` says what is broken.
pub type Check<P> = fn(&P) -> Result<(), String>;

/// The kit's settings: which starts, how many games, which extra round trips.
pub struct Kit<P: Position> {
    starts: Vec<P>,
    probes: Vec<P::Move>,
    games: usize,
    seed: u64,
    max_plies: usize,
    must_end: bool,
    followers: usize,
    round_trips: Vec<(&'static str, RoundTrip<P>)>,
    checks: Vec<(&'static str, Check<P>)>,
}

/// What a run of the kit covered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Report {
    /// Games played.
    pub games: usize,
    /// Games that reached their end (the rest hit the ply limit).
    pub finished: usize,
    /// Positions checked.
    pub positions: usize,
}

impl<P> Kit<P>
where
    P: Position + Debug + Display + FromStr,
    <P as FromStr>::Err: Display,
    P::Move: Display + FromStr,
{
    /// A kit that plays random games from each of `starts`: by default 20 games from each,
    /// at most 2 000 plies, all of which must end.
    pub fn new(starts: impl IntoIterator<Item = P>) -> Kit<P> {
        Kit {
            starts: starts.into_iter().collect(),
            probes: Vec::new(),
            games: 20,
            seed: 0,
            max_plies: 2_000,
            must_end: true,
            followers: 3,
            round_trips: Vec::new(),
            checks: Vec::new(),
        }
    }

    /// Games played from each start.
    pub fn games(mut self, games: usize) -> Self {
        self.games = games;
        self
    }

    /// The seed of the random games.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Moves tried at every ply whether legal or not: each one not in the legal list must be
    /// refused and leave the position as it was. Give every move the game can name, and some
    /// it cannot play (holes out of range).
    pub fn probes(mut self, probes: impl IntoIterator<Item = P::Move>) -> Self {
        self.probes = probes.into_iter().collect();
        self
    }

    /// The ply limit of a game; `must_end` says whether a game that reaches it fails the kit
    /// (`false` for games whose rules let play go on for ever).
    pub fn max_plies(mut self, max_plies: usize, must_end: bool) -> Self {
        self.max_plies = max_plies;
        self.must_end = must_end;
        self
    }

    /// An extra round trip (serde, a record format) that must give back an equal position that
    /// plays on identically.
    pub fn round_trip(mut self, name: &'static str, trip: RoundTrip<P>) -> Self {
        self.round_trips.push((name, trip));
        self
    }

    /// An extra promise checked at every position of every game.
    pub fn check(mut self, name: &'static str, check: Check<P>) -> Self {
        self.checks.push((name, check));
        self
    }

    /// Runs every check.
    ///
    /// # Panics
    ///
    /// At the first broken promise, with the start, game, ply and position in the message:
    /// the kit is meant for tests.
    pub fn run(&self) -> Report {
        let mut report = Report::default();
        for (start_index, start) in self.starts.iter().enumerate() {
            for game in 0..self.games {
                let seed = self
                    .seed
                    .wrapping_add((start_index as u64) << 32)
                    .wrapping_add(game as u64);
                self.check_playout_loop(start, seed);
                let finished = self.play_game(start, seed, &mut report.positions);
                report.games += 1;
                report.finished += usize::from(finished);
            }
        }
        report
    }

    /// The game's own play-out loop, from `start`, plays what the core's plain loop plays: the
    /// same moves (so the same position, moves counted and generator state), whole games and
    /// games cut short by a ply cap.
    fn check_playout_loop(&self, start: &P, seed: u64) {
        let whole = u32::try_from(self.max_plies).unwrap_or(u32::MAX);
        for cap in [whole, (seed % 64) as u32] {
            let (mut own, mut plain) = (start.clone(), start.clone());
            let (mut own_rng, mut plain_rng) = (Rng::new(seed), Rng::new(seed));
            let own_plies = own.play_random_moves(&mut own_rng, cap);
            let plain_plies =
                mancala_engine::playout::play_random_moves(&mut plain, &mut plain_rng, cap);
            assert!(
                own_plies == plain_plies && own == plain && own_rng == plain_rng,
                "the game's play-out loop plays differently from the plain one (seed {seed}, \
                 cap {cap}): {own_plies} plies to `{own}`, against {plain_plies} to `{plain}`"
            );
        }
    }

    /// Plays one random game, checking every ply; `true` if it ended.
    fn play_game(&self, start: &P, seed: u64, positions: &mut usize) -> bool {
        let mut rng = Rng::new(seed);
        let total = seeds(start);
        // Plies at which re-read copies start following the game: the start, and a few more.
        let horizon = self.max_plies.clamp(1, 200) as u32;
        let follow_from: Vec<usize> = (0..self.followers)
            .map(|i| {
                if i == 0 {
                    0
                } else {
                    rng.below(horizon) as usize
                }
            })
            .collect();
        let mut followers: Vec<(String, P)> = Vec::new();
        let mut position = start.clone();
        for ply in 0..=self.max_plies {
            let context = || format!("seed {seed}, ply {ply}, position `{position}`");
            *positions += 1;
            self.check_position(&position, total, &context);
            if follow_from.contains(&ply) {
                followers.extend(self.copies(&position, &context));
            }
            for (name, copy) in &followers {
                assert_eq!(
                    copy.to_string(),
                    position.to_string(),
                    "a copy re-read through {name} plays differently ({})",
                    context()
                );
                assert!(
                    *copy == position && copy.outcome() == position.outcome(),
                    "a copy re-read through {name} differs ({})",
                    context()
                );
            }
            let Some(mv) = position.random_move(&mut rng) else {
                return true;
            };
            position.play_unchecked(mv);
            for (_, copy) in &mut followers {
                copy.play_unchecked(mv);
            }
        }
        assert!(
            !self.must_end,
            "a random game from seed {seed} has not ended after {} plies",
            self.max_plies
        );
        false
    }

    /// The position re-read through its string and through every extra round trip.
    fn copies(&self, position: &P, context: &dyn Fn() -> String) -> Vec<(String, P)> {
        let text = position.to_string();
        let mut copies = match text.parse::<P>() {
            Ok(copy) => vec![("its string".to_owned(), copy)],
            Err(error) => panic!(
                "the position string does not read back: {error} ({})",
                context()
            ),
        };
        for (name, trip) in &self.round_trips {
            match trip(position) {
                Ok(copy) => copies.push(((*name).to_owned(), copy)),
                Err(error) => panic!("the {name} round trip fails: {error} ({})", context()),
            }
        }
        for (name, copy) in &copies {
            assert_eq!(
                copy,
                position,
                "{name} gives another position ({})",
                context()
            );
            assert_eq!(
                copy.to_string(),
                text,
                "{name} changes the string ({})",
                context()
            );
            assert_eq!(
                copy.key(),
                position.key(),
                "{name} changes the key ({})",
                context()
            );
        }
        copies
    }

    fn check_position(&self, position: &P, total: u32, context: &dyn Fn() -> String) {
        for (name, check) in &self.checks {
            if let Err(error) = check(position) {
                panic!("{name}: {error} ({})", context());
            }
        }
        let moves = position.legal_moves();
        let over = position.is_over();
        assert_eq!(
            moves.is_empty(),
            over,
            "legal moves must be empty exactly when the game is over ({})",
            context()
        );
        assert_eq!(
            over,
            position.result().is_some(),
            "a finished game has a result ({})",
            context()
        );
        assert_eq!(
            position.count_legal_moves(),
            moves.len(),
            "count_legal_moves ({})",
            context()
        );
        assert_eq!(
            seeds(position),
            total,
            "seeds created or lost ({})",
            context()
        );
        let board = position.board().seeds();
        let sides = position.seeds_on_side(Side::South) + position.seeds_on_side(Side::North);
        assert_eq!(
            sides,
            board,
            "the sides' seeds add up to the board's ({})",
            context()
        );
        assert_eq!(
            position.clone().key(),
            position.key(),
            "equal positions, equal keys ({})",
            context()
        );
        for &mv in moves.iter() {
            assert!(
                position.check_move(mv).is_ok(),
                "check_move refuses the listed move {mv} ({})",
                context()
            );
            let text = mv.to_string();
            match text.parse::<P::Move>() {
                Ok(back) => assert_eq!(
                    back,
                    mv,
                    "move `{text}` reads back as another ({})",
                    context()
                ),
                Err(_) => panic!("move `{text}` does not read back ({})", context()),
            }
            assert_eq!(
                position.count_legal_moves_after(mv),
                position.child(mv).count_legal_moves(),
                "count_legal_moves_after({mv}) ({})",
                context()
            );
        }
        for &probe in &self.probes {
            if moves.contains(&probe) {
                continue;
            }
            let mut copy = position.clone();
            assert!(
                copy.play(probe).is_err(),
                "the unlisted move {probe:?} is accepted ({})",
                context()
            );
            assert_eq!(
                &copy,
                position,
                "a refused move changed the position ({})",
                context()
            );
        }
    }
}

impl<G: Game> Kit<G> {
    /// Adds what the [`Game`] trait promises: the position rebuilt from its setup is an equal
    /// position that plays on identically, and gives back the same setup; `default()` is the
    /// start under the default rules, and a start has the rules it was made with;
    /// `play_reported` of every legal move leaves the position `play` leaves.
    pub fn game(self) -> Self {
        self.round_trip("its setup", through_setup::<G>)
            .check("the Game contract", game_contract::<G>)
    }
}

/// The position rebuilt from its setup.
fn through_setup<G: Game>(position: &G) -> Result<G, String> {
    G::from_setup(position.to_setup()).map_err(|e| format!("its setup is refused: {e}"))
}

/// The [`Game`] promises about one position.
fn game_contract<G: Game>(position: &G) -> Result<(), String> {
    let setup = position.to_setup();
    let back = G::from_setup(setup.clone()).map_err(|e| format!("setup refused: {e}"))?;
    if back.to_setup() != setup {
        return Err(format!(
            "the setup {setup:?} reads back as {:?}",
            back.to_setup()
        ));
    }
    let rules = position.rules();
    if G::new(rules).rules() != rules {
        return Err(format!("a start under {rules:?} has other rules"));
    }
    if G::default() != G::new(G::Rules::default()) {
        return Err("default() is not the start under the default rules".into());
    }
    rule_schema(rules)?;
    for &mv in position.legal_moves().iter() {
        let mut reported = position.clone();
        if let Err(error) = reported.play_reported(mv) {
            return Err(format!(
                "play_reported refuses the legal move {mv}: {error}"
            ));
        }
        if reported != position.child(mv) {
            return Err(format!("play_reported({mv}) plays otherwise than play"));
        }
    }
    Ok(())
}

#[cfg(feature = "serde")]
impl<P> Kit<P>
where
    P: Position + Debug + Display + FromStr + serde::Serialize + serde::de::DeserializeOwned,
    <P as FromStr>::Err: Display,
    P::Move: Display + FromStr,
{
    /// Adds the serde round trip (through JSON), which must write the position string and
    /// read it back through the validating parser.
    pub fn serde(self) -> Self {
        self.round_trip("serde", through_serde::<P>)
    }
}

/// The position through JSON; its JSON must be its string's.
#[cfg(feature = "serde")]
fn through_serde<P>(position: &P) -> Result<P, String>
where
    P: Display + serde::Serialize + serde::de::DeserializeOwned,
{
    let json = serde_json::to_string(position).map_err(|e| e.to_string())?;
    let text = serde_json::to_string(&position.to_string()).map_err(|e| e.to_string())?;
    if json != text {
        return Err(format!(
            "serde writes {json}, not the position string {text}"
        ));
    }
    serde_json::from_str(&json).map_err(|e| e.to_string())
}

/// The [`RuleOptions`] promises about `rules`: every default is one of its option's values,
/// no text means the standard rules, and the written options read back as `rules`, in any
/// order.
fn rule_schema<R: RuleOptions + PartialEq + Debug>(rules: R) -> Result<(), String> {
    for option in R::OPTIONS {
        option
            .check(option.default)
            .map_err(|e| format!("the default of `{}` is refused: {e}", option.key))?;
        option
            .check(&rules.value(option.key))
            .map_err(|e| format!("the value {rules:?} gives `{}` is refused: {e}", option.key))?;
    }
    if R::parse("") != Ok(R::default()) {
        return Err("the empty rule text is not the standard rules".into());
    }
    let text = rules.options_text();
    if R::parse(&text) != Ok(rules) {
        return Err(format!(
            "the rule text `{text}` does not read back as {rules:?}"
        ));
    }
    let reversed: Vec<&str> = text.rsplit(',').collect();
    if R::parse(&reversed.join(",")) != Ok(rules) {
        return Err(format!(
            "the rule text `{text}` in reverse order reads otherwise"
        ));
    }
    if R::parse(&rules.changed_options_text()) != Ok(rules) {
        return Err(format!("the changed options of {rules:?} read otherwise"));
    }
    Ok(())
}

/// Every seed of a position: board and stores.
fn seeds<P: Position>(position: &P) -> u32 {
    position.board().seeds() + position.store(Side::South) + position.store(Side::North)
}

#[cfg(test)]
mod tests;
