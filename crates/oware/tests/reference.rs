//! The whole move against a plain reference written from the rules' words: seeds dropped one at
//! a time, captures walked house by house, every board since the last capture kept in a list.
//! Property tests play random games through both and compare every ply.

use oware::prelude::*;
use proptest::prelude::*;

/// Oware as the rules say it, with nothing done for speed.
#[derive(Debug, Clone)]
struct Plain {
    houses: usize,
    seeds: Vec<u32>,
    stores: [u32; 2],
    player: usize,
    ply: u32,
    max_plies: u32,
    capture_all: bool,
    /// (player to move, board) since the last capture, the current one included.
    since_capture: Vec<(usize, Vec<u32>)>,
    end: Option<EndReason>,
}

impl Plain {
    fn of(position: &Oware) -> Plain {
        let rules = position.rules();
        let seeds: Vec<u32> = position.board().iter().map(|&s| u32::from(s)).collect();
        let player = position.side_to_move().index();
        Plain {
            houses: rules.houses(),
            stores: [position.store(Side::South), position.store(Side::North)],
            player,
            ply: position.ply(),
            max_plies: rules.max_plies(),
            capture_all: rules.grand_slam() == GrandSlam::CaptureAll,
            since_capture: vec![(player, seeds.clone())],
            seeds,
            end: position.outcome().map(|o| o.reason),
        }
    }

    fn owner(&self, house: usize) -> usize {
        house / self.houses
    }

    fn total(&self) -> u32 {
        self.seeds.iter().sum::<u32>() + self.stores[0] + self.stores[1]
    }

    fn legal(&self) -> Vec<usize> {
        if self.end.is_some() {
            return Vec::new();
        }
        let first = self.player * self.houses;
        let opponent_seeds: u32 = (0..self.seeds.len())
            .filter(|&h| self.owner(h) != self.player)
            .map(|h| self.seeds[h])
            .sum();
        (0..self.houses)
            .filter(|&a| {
                let seeds = self.seeds[first + a] as usize;
                // Houses after this one on the mover's row, which the seeds must pass.
                let to_pass = self.houses - 1 - a;
                seeds > 0 && (opponent_seeds > 0 || seeds > to_pass)
            })
            .collect()
    }

    fn play(&mut self, action: usize) {
        let origin = self.player * self.houses + action;
        let mut hand = std::mem::take(&mut self.seeds[origin]);
        let mut house = origin;
        while hand > 0 {
            house = (house + 1) % self.seeds.len();
            if house != origin {
                self.seeds[house] += 1;
                hand -= 1;
            }
        }
        let mut captured = 0;
        if self.owner(house) != self.player {
            let row_start = self.owner(house) * self.houses;
            let row_end = row_start + self.houses;
            let qualifies = |s: u32| s == 2 || s == 3;
            let everything_after_empty = (house + 1..row_end).all(|h| self.seeds[h] == 0);
            let everything_before_qualifies = (row_start..=house).all(|h| qualifies(self.seeds[h]));
            let grand_slam = everything_after_empty && everything_before_qualifies;
            if !grand_slam || self.capture_all {
                let mut h = house;
                loop {
                    if !qualifies(self.seeds[h]) {
                        break;
                    }
                    captured += std::mem::take(&mut self.seeds[h]);
                    if h == row_start {
                        break;
                    }
                    h -= 1;
                }
            }
        }
        self.stores[self.player] += captured;
        self.player = 1 - self.player;
        self.ply += 1;
        if captured > 0 {
            self.since_capture.clear();
        }
        let now = (self.player, self.seeds.clone());
        let repeated = self.since_capture.contains(&now);
        self.since_capture.push(now);
        let half = self.total() / 2;
        let [south, north] = self.stores;
        self.end = if repeated {
            Some(EndReason::Repetition)
        } else if south > half || north > half {
            Some(EndReason::Majority)
        } else if south == half && north == half {
            Some(EndReason::EmptyBoard)
        } else if self.legal_ignoring_end().is_empty() {
            Some(EndReason::NoSeeds)
        } else if self.max_plies > 0 && self.ply >= self.max_plies {
            Some(EndReason::MoveLimit)
        } else {
            None
        };
        if matches!(self.end, Some(reason) if reason != EndReason::MoveLimit) {
            for house in 0..self.seeds.len() {
                let owner = self.owner(house);
                self.stores[owner] += std::mem::take(&mut self.seeds[house]);
            }
        }
    }

    fn legal_ignoring_end(&self) -> Vec<usize> {
        Plain {
            end: None,
            ..self.clone()
        }
        .legal()
    }
}

/// Compares the two at one ply.
fn agree(fast: &Oware, plain: &Plain) -> Result<(), TestCaseError> {
    let board: Vec<u32> = fast.board().iter().map(|&s| u32::from(s)).collect();
    prop_assert_eq!(&board, &plain.seeds, "board of {}", fast);
    prop_assert_eq!(
        [fast.store(Side::South), fast.store(Side::North)],
        plain.stores,
        "stores of {}",
        fast
    );
    prop_assert_eq!(fast.side_to_move().index(), plain.player);
    prop_assert_eq!(
        fast.outcome().map(|o| o.reason),
        plain.end,
        "end of {}",
        fast
    );
    let moves: Vec<usize> = fast.legal_moves().iter().map(|m| m.action()).collect();
    prop_assert_eq!(moves, plain.legal(), "legal moves of {}", fast);
    Ok(())
}

/// Plays both to the end (or `max` plies), choosing moves by `choices`.
fn play_both(start: Oware, choices: &[usize], max: usize) -> Result<(), TestCaseError> {
    let mut fast = start;
    let mut plain = Plain::of(&fast);
    agree(&fast, &plain)?;
    for ply in 0..max {
        let legal = plain.legal();
        if legal.is_empty() {
            break;
        }
        let action = legal[choices[ply % choices.len()] % legal.len()];
        let before = fast.clone();
        let effect = fast
            .play_reported(Move::from_action(action).unwrap())
            .unwrap();
        let captured = plain.stores[plain.player];
        plain.play(action);
        agree(&fast, &plain)?;
        if plain.end.is_none() {
            let mover = 1 - plain.player;
            prop_assert_eq!(effect.captured, plain.stores[mover] - captured);
        }
        prop_assert_eq!(
            before.count_legal_moves_after(Move::from_action(action).unwrap()),
            fast.count_legal_moves()
        );
    }
    Ok(())
}

fn rules() -> impl Strategy<Value = RuleSet> {
    (
        1usize..=8,
        1usize..=6,
        any::<bool>(),
        prop_oneof![Just(1000u32), Just(0), 1u32..60],
    )
        .prop_filter("at most 255 seeds", |(h, s, _, _)| 2 * h * s <= 255)
        .prop_map(|(houses, seeds, all, limit)| {
            let rules = RuleSet::with_board(houses, seeds)
                .unwrap()
                .with_max_plies(limit);
            if all {
                rules.with_grand_slam(GrandSlam::CaptureAll)
            } else {
                rules
            }
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn games_from_the_start_agree_with_the_reference(
        rules in rules(),
        choices in proptest::collection::vec(0usize..8, 1..64),
    ) {
        play_both(Oware::new(rules), &choices, 3000)?;
    }

    #[test]
    fn games_from_custom_boards_agree_with_the_reference(
        board in proptest::collection::vec(0u8..5, 12),
        stores in (0u32..20, 0u32..20),
        north in any::<bool>(),
        all in any::<bool>(),
        choices in proptest::collection::vec(0usize..8, 1..64),
    ) {
        let grand_slam = if all { GrandSlam::CaptureAll } else { GrandSlam::NoCapture };
        let setup = Setup {
            rules: RuleSet::STANDARD.with_grand_slam(grand_slam),
            board,
            stores: [stores.0, stores.1],
            side: if north { Side::North } else { Side::South },
            ..Setup::default()
        };
        // Boards whose game would already be over are refused; play the others.
        if let Ok(start) = Oware::from_setup(setup) {
            play_both(start, &choices, 3000)?;
        }
    }
}
