//! The games of a batch and how they are stepped: each game with its own generator (seeded
//! from the batch's seed and its index, so results do not depend on how the batch is split
//! between threads), its move count and its legal actions as a bit set; and the passes that
//! check actions, play them, restart finished games and write the arrays, on one thread or
//! several (the calling thread and worker threads kept by the batch, each taking contiguous
//! shares of the games until none is left).

use crate::game::{self, Config};
use crate::workers::{on_threads, Workers};
use mancala_games::engine::actions::{self, write_mask};
use mancala_games::engine::{Rng, Side};
use mancala_games::registry::Registered;
use std::iter::repeat;

/// The most action ids a game may have for the bit set of its legal actions.
const MAX_ACTIONS: usize = 64;

/// The generator seed of game `index` of a batch seeded `seed`: SplitMix64's finaliser over
/// both, so neighbouring games draw unrelated sequences.
pub(crate) fn game_seed(seed: u64, index: usize) -> u64 {
    let mix = |mut z: u64| {
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    mix(seed ^ mix((index as u64).wrapping_add(0x9E37_79B9_7F4A_7C15)))
}

/// The shares a thread's part of a step is cut into, and the fewest games of a share.
const SHARES_A_THREAD: usize = 8;
const MIN_SHARE: usize = 64;

/// The action that leaves a game as it is for one step (the other games move).
pub(crate) const STAY: i64 = -1;

/// What one game does at a step.
#[derive(Debug, Clone, Copy)]
enum Choice<M> {
    /// Plays this move.
    Play(M),
    /// Plays a uniformly random legal move.
    Random,
    /// Does not move.
    Stay,
}

/// One game of a batch.
struct Slot<G> {
    game: G,
    rng: Rng,
    moves: u32,
    /// Bit `a` set when action `a` is legal.
    legal: u64,
}

/// The arrays one step writes for a share of the games (rows of the share only).
pub(crate) struct Rows<'a> {
    /// Observations, little-endian float32, `observation_len` a game.
    pub observations: &'a mut [u8],
    /// Legal-action masks, one byte an action.
    pub masks: &'a mut [u8],
    /// `[South, North]` a game.
    pub rewards: &'a mut [f32],
    /// Ended by the rules at this step.
    pub terminated: &'a mut [bool],
    /// Cut at `max_moves` at this step.
    pub truncated: &'a mut [bool],
    /// The action played.
    pub actions: &'a mut [i64],
    /// The observation at the end, for the games that ended (other rows are left as they were).
    pub finals: &'a mut [f32],
}

/// What a batch of any game can do; [`Games`] implements it for each game.
pub(crate) trait Stepper: Send + Sync {
    fn len(&self) -> usize;
    fn observation_len(&self) -> usize;
    fn num_actions(&self) -> usize;
    fn name(&self) -> String;
    /// Restarts the games `chosen` picks (all when `None`), reseeding their generators from
    /// `seed` when given, else drawing the starts from where each generator stands.
    fn reset(&mut self, seed: Option<u64>, chosen: Option<&[bool]>) -> Result<(), String>;
    /// Writes every game's observation and mask (the arrays of `reset`).
    fn observe(&self, observations: &mut [u8], masks: &mut [u8], threads: usize);
    /// Plays `actions` (checked first: nothing is played unless every one is legal), or a
    /// uniformly random legal action in every game when `None`, and writes `rows`.
    fn step(
        &mut self,
        actions: Option<&[i64]>,
        rows: Rows<'_>,
        threads: usize,
    ) -> Result<(), String>;
    fn players(&self) -> Vec<i8>;
    fn texts(&self) -> Vec<String>;
    /// Frees the games (the batch is closed: nothing is called after this but the sizes).
    fn release(&mut self);
    /// Every game's position string, move count and generator state, to save the batch.
    fn save(&self) -> Vec<Saved>;
    /// Puts back the games [`save`](Stepper::save) gave (as many as the batch holds).
    fn load(&mut self, games: &[Saved]) -> Result<(), String>;
}

/// One game of a batch as it is saved: its position string, its move count and its
/// generator's state.
pub(crate) type Saved = (String, u32, [u64; 4]);

/// N games of type `G`.
pub(crate) struct Games<G: Registered> {
    config: Config<G>,
    slots: Vec<Slot<G>>,
    max_moves: u32,
    observation_len: usize,
    num_actions: usize,
    /// The threads that step the shares of a batch on more than one thread, kept from step
    /// to step (starting threads at every step would cost more than a step of a small batch).
    workers: Option<Workers>,
    /// Whose view every final observation is written in; `None`: the last mover's for a game
    /// the rules ended, the player to move's for a game cut at `max_moves`.
    final_view: Option<Side>,
}

/// The legal actions of `game` as a bit set.
fn legal_bits<G: Registered>(game: &G) -> u64 {
    game.legal_action_bits()
}

/// Whether `slot`'s game is over: a game with a legal move is not (the rules list none once
/// it is).
#[inline(always)]
fn is_over<G: Registered>(slot: &Slot<G>) -> bool {
    slot.legal == 0 && slot.game.is_over()
}

/// Writes the observation of `slot`'s game, as its player to move sees it, into `out`
/// (little-endian float32 bytes); `over` is [`is_over`] of it.
#[inline(always)]
fn write_floats<G: Registered>(slot: &Slot<G>, over: bool, out: &mut [u8]) {
    slot.game
        .observe_le_bytes(slot.game.side_to_move(), over, out);
}

impl<G: Registered> Games<G> {
    pub(crate) fn new(
        config: Config<G>,
        n: usize,
        seed: u64,
        max_moves: u32,
        final_view: Option<Side>,
        threads: usize,
    ) -> Result<Games<G>, String> {
        let mut slots = Vec::with_capacity(n);
        for index in 0..n {
            let mut rng = Rng::new(game_seed(seed, index));
            let game = config.start(Some(&mut rng))?;
            slots.push(Slot {
                legal: legal_bits(&game),
                game,
                rng,
                moves: 0,
            });
        }
        let first = &slots[0].game;
        let num_actions = first.num_actions();
        if num_actions > MAX_ACTIONS {
            return Err(format!(
                "a batch takes games of at most {MAX_ACTIONS} actions"
            ));
        }
        Ok(Games {
            observation_len: actions::observation_len(first),
            num_actions,
            config,
            slots,
            max_moves,
            final_view,
            workers: Workers::new(threads)?,
        })
    }

    /// The games of a share of a step: all on one thread; on several, shares small enough
    /// that a thread slowed by others on its core takes fewer of them.
    fn share(&self, threads: usize) -> usize {
        let n = self.slots.len();
        if threads <= 1 {
            return n.max(1);
        }
        n.div_ceil(threads * SHARES_A_THREAD).max(MIN_SHARE)
    }
}

/// Checks the actions of one share of the games against their legal sets (kept since the last
/// step) and finds their moves; `base` is the index of the share's first game.
fn check_share<G: Registered>(
    slots: &[Slot<G>],
    actions: &[i64],
    moves: &mut [Choice<G::Move>],
    num_actions: usize,
    base: usize,
) -> Result<(), String> {
    for (index, ((slot, &action), mv)) in slots.iter().zip(actions).zip(moves).enumerate() {
        if action == STAY {
            *mv = Choice::Stay;
            continue;
        }
        let legal = usize::try_from(action)
            .ok()
            .filter(|&a| a < num_actions && slot.legal >> a & 1 == 1);
        *mv = match legal.and_then(|a| slot.game.move_of(a)) {
            Some(found) => Choice::Play(found),
            None => {
                let why = game::checked_move(&slot.game, crate::ints::Int::from(action))
                    .err()
                    .unwrap_or_else(|| "it is not legal here".into());
                let index = base + index;
                return Err(format!("game {index}: action {action}: {why}"));
            }
        };
    }
    Ok(())
}

/// Steps one share of the games, each by its move of `moves`.
fn step_share<G: Registered>(
    config: &Config<G>,
    slots: &mut [Slot<G>],
    moves: impl Iterator<Item = Choice<G::Move>>,
    rows: Rows<'_>,
    (m, a): (usize, usize),
    (max_moves, final_view): (u32, Option<Side>),
) -> Result<(), String> {
    // Most games neither end nor score at a step: their rows are cleared at once, and only
    // the others written in the loop.
    rows.rewards.fill(0.0);
    rows.terminated.fill(false);
    rows.truncated.fill(false);
    let observations = rows.observations.chunks_exact_mut(4 * m);
    let masks = rows.masks.chunks_exact_mut(a);
    let finals = rows.finals.chunks_exact_mut(m);
    let rewards = rows.rewards.chunks_exact_mut(2);
    let per_game = slots
        .iter_mut()
        .zip(observations.zip(masks))
        .zip(finals.zip(rewards))
        .zip(rows.terminated.iter_mut().zip(rows.truncated.iter_mut()))
        .zip(rows.actions.iter_mut().zip(moves));
    for ((((slot, (observation, mask)), (last, reward)), (terminated, truncated)), (action, mv)) in
        per_game
    {
        let mover = slot.game.side_to_move();
        let played = match mv {
            Choice::Play(mv) => {
                let played = slot.game.action(mv);
                slot.game.play_quick(mv);
                slot.legal = legal_bits(&slot.game);
                Some(played)
            }
            Choice::Random => slot.game.play_random_action(&mut slot.legal, &mut slot.rng),
            Choice::Stay => {
                *action = STAY;
                continue;
            }
        };
        *action = played.map_or(-1, |played| played as i64);
        slot.moves += u32::from(played.is_some());
        let over = is_over(slot);
        let cut = !over && slot.moves >= max_moves;
        if over || cut {
            *terminated = over;
            *truncated = cut;
            reward.copy_from_slice(&game::returns(&slot.game));
            let player = match (final_view, over) {
                (Some(view), _) => view,
                (None, true) => mover,
                (None, false) => slot.game.side_to_move(),
            };
            actions::write_observation(&slot.game, player, last);
            slot.game = config.start(Some(&mut slot.rng))?;
            slot.moves = 0;
            slot.legal = legal_bits(&slot.game);
            write_floats(slot, is_over(slot), observation);
        } else {
            write_floats(slot, false, observation);
        }
        write_mask(slot.legal, mask);
    }
    Ok(())
}

impl<G: Registered> Stepper for Games<G> {
    fn len(&self) -> usize {
        self.slots.len()
    }

    fn observation_len(&self) -> usize {
        self.observation_len
    }

    fn num_actions(&self) -> usize {
        self.num_actions
    }

    fn name(&self) -> String {
        game::python_name::<G>()
    }

    fn reset(&mut self, seed: Option<u64>, chosen: Option<&[bool]>) -> Result<(), String> {
        for (index, slot) in self.slots.iter_mut().enumerate() {
            if chosen.is_some_and(|chosen| !chosen[index]) {
                continue;
            }
            if let Some(seed) = seed {
                slot.rng = Rng::new(game_seed(seed, index));
            }
            slot.game = self.config.start(Some(&mut slot.rng))?;
            slot.moves = 0;
            slot.legal = legal_bits(&slot.game);
        }
        Ok(())
    }

    fn observe(&self, observations: &mut [u8], masks: &mut [u8], threads: usize) {
        let (m, a, share) = (self.observation_len, self.num_actions, self.share(threads));
        let items: Vec<_> = self
            .slots
            .chunks(share)
            .zip(observations.chunks_mut(4 * m * share))
            .zip(masks.chunks_mut(a * share))
            .collect();
        let _ = on_threads(
            self.workers.as_ref(),
            items,
            |((slots, observations), masks)| {
                let rows = observations
                    .chunks_exact_mut(4 * m)
                    .zip(masks.chunks_exact_mut(a));
                for (slot, (observation, mask)) in slots.iter().zip(rows) {
                    write_floats(slot, is_over(slot), observation);
                    write_mask(slot.legal, mask);
                }
                Ok(())
            },
        );
    }

    fn step(
        &mut self,
        actions: Option<&[i64]>,
        rows: Rows<'_>,
        threads: usize,
    ) -> Result<(), String> {
        // The moves of the given actions; none for random ones, each share then stepped by a
        // loop of its own that draws every move.
        let mut chosen: Option<Vec<Choice<G::Move>>> = None;
        if let Some(actions) = actions {
            let moves = chosen.insert(vec![Choice::Stay; self.slots.len()]);
            // Every action checked before any is played, against the legal set kept since
            // the last step: on the threads too, the first error in game order reported.
            let (share, num_actions) = (self.share(threads), self.num_actions);
            let items: Vec<_> = self
                .slots
                .chunks(share)
                .zip(actions.chunks(share))
                .zip(moves.chunks_mut(share))
                .enumerate()
                .collect();
            on_threads(
                self.workers.as_ref(),
                items,
                |(part, ((slots, actions), moves))| {
                    check_share(slots, actions, moves, num_actions, part * share)
                },
            )?;
        }
        let (m, a, share) = (self.observation_len, self.num_actions, self.share(threads));
        let (config, max_moves, view) = (&self.config, self.max_moves, self.final_view);
        let items: Vec<_> = self
            .slots
            .chunks_mut(share)
            .zip(
                chosen
                    .iter()
                    .flat_map(|moves| moves.chunks(share))
                    .map(Some)
                    .chain(repeat(None)),
            )
            .zip(rows.observations.chunks_mut(4 * m * share))
            .zip(rows.masks.chunks_mut(a * share))
            .zip(rows.rewards.chunks_mut(2 * share))
            .zip(rows.terminated.chunks_mut(share))
            .zip(rows.truncated.chunks_mut(share))
            .zip(rows.actions.chunks_mut(share))
            .zip(rows.finals.chunks_mut(m * share))
            .map(
                |(
                    (
                        (
                            (((((slots, moves), observations), masks), rewards), terminated),
                            truncated,
                        ),
                        actions,
                    ),
                    finals,
                )| {
                    (
                        slots,
                        moves,
                        Rows {
                            observations,
                            masks,
                            rewards,
                            terminated,
                            truncated,
                            actions,
                            finals,
                        },
                    )
                },
            )
            .collect();
        on_threads(self.workers.as_ref(), items, |(slots, moves, rows)| {
            let limits = (max_moves, view);
            match moves {
                Some(moves) => {
                    step_share(config, slots, moves.iter().copied(), rows, (m, a), limits)
                }
                None => step_share(config, slots, repeat(Choice::Random), rows, (m, a), limits),
            }
        })
    }

    fn players(&self) -> Vec<i8> {
        self.slots
            .iter()
            .map(|slot| i8::from(slot.game.side_to_move() == Side::North))
            .collect()
    }

    fn release(&mut self) {
        self.slots = Vec::new();
        self.workers = None;
    }

    fn save(&self) -> Vec<Saved> {
        self.slots
            .iter()
            .map(|slot| (slot.game.to_string(), slot.moves, slot.rng.state()))
            .collect()
    }

    fn load(&mut self, games: &[Saved]) -> Result<(), String> {
        if games.len() != self.slots.len() {
            return Err(format!(
                "the saved batch has {} games, not {}",
                games.len(),
                self.slots.len()
            ));
        }
        let mut slots = Vec::with_capacity(games.len());
        for (index, (text, moves, state)) in games.iter().enumerate() {
            let game: G = game::parse(text).map_err(|e| format!("game {index}: {e}"))?;
            let rng = Rng::from_state(*state)
                .ok_or_else(|| format!("game {index}: a generator state of zeros"))?;
            slots.push(Slot {
                legal: legal_bits(&game),
                game,
                rng,
                moves: *moves,
            });
        }
        self.slots = slots;
        Ok(())
    }

    fn texts(&self) -> Vec<String> {
        self.slots
            .iter()
            .map(|slot| slot.game.to_string())
            .collect()
    }
}
