//! Statistics over many play-outs: who wins, by first player and by row; why games end; how
//! long they last; what is left on the board.

use crate::{Finish, Mangala4, RuleSet, Setup};
use core::fmt;
use mancala_engine::{EndReason, Game, Position, Side};

/// Results of the games with one given first player.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct FirstPlayerStats {
    /// Games played.
    pub games: u64,
    /// Games South won (the rate a chooser gets by always taking South's row).
    pub south_wins: u64,
    /// Games North won (the rate a chooser gets by always taking North's row).
    pub north_wins: u64,
    /// Drawn games (the only ones a chooser who evaluates both rows does not win).
    pub draws: u64,
}

impl FirstPlayerStats {
    /// Wins of `side`.
    pub fn wins(&self, side: Side) -> u64 {
        match side {
            Side::South => self.south_wins,
            Side::North => self.north_wins,
        }
    }

    /// Fraction of games `side` won (`0` when there are none).
    pub fn win_rate(&self, side: Side) -> f64 {
        ratio(self.wins(side), self.games)
    }

    /// Fraction of drawn games.
    pub fn draw_rate(&self) -> f64 {
        ratio(self.draws, self.games)
    }
}

fn ratio(part: u64, whole: u64) -> f64 {
    if whole == 0 {
        0.0
    } else {
        part as f64 / whole as f64
    }
}

/// Statistics accumulated over play-outs.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Stats {
    /// Games played.
    pub games: u64,
    /// Results by first player: index [`Side::index`] of the player who moved first.
    pub by_first: [FirstPlayerStats; 2],
    /// Games ended by an empty board (M6).
    pub empty: u64,
    /// Games ended by repetition (M7).
    pub repetition: u64,
    /// Games ended by an endless move (M8).
    pub endless_move: u64,
    /// Games whose winner (or draw) depends on the leftover option: the result with the
    /// seeds left uncounted differs from the result with them awarded to their row's owner.
    pub decided_by_leftover: u64,
    /// Sum of game lengths (moves, passes not counted).
    pub plies_total: u64,
    /// Shortest game.
    pub plies_min: u32,
    /// Longest game.
    pub plies_max: u32,
    /// Seeds left on the board, summed over all games.
    pub left_total: u64,
}

impl Stats {
    /// No games yet.
    pub fn new() -> Stats {
        Stats::default()
    }

    /// Adds one finished game whose first player was `first`.
    pub fn add(&mut self, first: Side, finish: &Finish) {
        if self.games == 0 {
            self.plies_min = finish.plies;
        }
        self.games += 1;
        let by_first = &mut self.by_first[first.index()];
        by_first.games += 1;
        match finish.result.outcome.winner {
            Some(Side::South) => by_first.south_wins += 1,
            Some(Side::North) => by_first.north_wins += 1,
            None => by_first.draws += 1,
        }
        match finish.result.outcome.reason {
            EndReason::EmptyBoard => self.empty += 1,
            EndReason::Repetition => self.repetition += 1,
            _ => self.endless_move += 1,
        }
        let left = finish.left();
        let position = &finish.position;
        let south = position.store(Side::South);
        let north = position.store(Side::North);
        let uncounted = south.cmp(&north);
        let own_side = (south + position.seeds_on_side(Side::South))
            .cmp(&(north + position.seeds_on_side(Side::North)));
        if uncounted != own_side {
            self.decided_by_leftover += 1;
        }
        self.plies_total += u64::from(finish.plies);
        self.plies_min = self.plies_min.min(finish.plies);
        self.plies_max = self.plies_max.max(finish.plies);
        self.left_total += u64::from(left);
    }

    /// Plays out the random start of every seed in `seeds` ([`Setup::random`]) once with each
    /// first player.
    pub fn random_starts(seeds: core::ops::Range<u64>, rules: RuleSet) -> Stats {
        let mut stats = Stats::new();
        for seed in seeds {
            let setup = Setup {
                rules,
                ..Setup::random(seed)
            };
            for side_to_move in Side::BOTH {
                let start = Mangala4::from_setup(Setup {
                    side_to_move,
                    ..setup
                })
                .expect("a random start holds 98 seeds, a valid position");
                let first = side_to_move;
                let finish = start.play_out();
                stats.add(first, &finish);
            }
        }
        stats
    }

    /// Fraction of games the first player won, over both first players.
    pub fn first_player_win_rate(&self) -> f64 {
        let wins = self.by_first[0].south_wins + self.by_first[1].north_wins;
        ratio(wins, self.games)
    }

    /// Fraction of drawn games.
    pub fn draw_rate(&self) -> f64 {
        ratio(self.by_first[0].draws + self.by_first[1].draws, self.games)
    }

    /// Mean game length in moves.
    pub fn mean_plies(&self) -> f64 {
        ratio(self.plies_total, self.games)
    }
}

impl fmt::Display for Stats {
    /// A short human-readable report.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pct = |x: f64| x * 100.0;
        writeln!(f, "games: {}", self.games)?;
        for first in Side::BOTH {
            let s = &self.by_first[first.index()];
            writeln!(
                f,
                "{first} first: {} games, south wins {:.1}%, north wins {:.1}%, draws {:.1}%",
                s.games,
                pct(s.win_rate(Side::South)),
                pct(s.win_rate(Side::North)),
                pct(s.draw_rate())
            )?;
        }
        writeln!(
            f,
            "first player wins {:.1}%, draws {:.1}%",
            pct(self.first_player_win_rate()),
            pct(self.draw_rate())
        )?;
        writeln!(
            f,
            "ends: empty {}, repetition {}, endless-move {}; decided by leftover option {}",
            self.empty, self.repetition, self.endless_move, self.decided_by_leftover
        )?;
        write!(
            f,
            "moves: mean {:.1}, min {}, max {}; seeds left per game {:.2}",
            self.mean_plies(),
            self.plies_min,
            self.plies_max,
            ratio(self.left_total, self.games)
        )
    }
}
