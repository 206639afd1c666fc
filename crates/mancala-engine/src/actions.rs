//! A game as learning agents see it: a fixed space of action ids, an observation of floats,
//! the facts of what a move did, and the starts a front end may offer beside the rules'. Every
//! game crate implements [`Actions`], so that bindings for reinforcement learning (the Python
//! package, its OpenSpiel and PettingZoo adapters, batched stepping) are written once over
//! every game.
//!
//! The observation of a position as `player` sees it, [`observation_len`] floats long, is:
//! the seeds of `player`'s holes, then his opponent's, each row in canonical order; `player`'s
//! store, then his opponent's; the game's marker planes ([`Actions::PLANES`] of them, one
//! float a hole, holes in the same order); then `1.0` at `[player to move, opponent to move]`
//! for the side to move (both `0.0` once the game is over).
//!
//! ```
//! use mancala_engine::actions::{self, Actions};
//! use mancala_engine::{Game, Position, Side};
//!
//! /// The action ids a random game of `G` plays, each checked against the legal ones.
//! fn actions_played<G: Actions>(plies: usize) -> Vec<usize> {
//!     let mut game = G::default();
//!     let mut played = Vec::new();
//!     let mut observation = vec![0.0f32; actions::observation_len(&game)];
//!     while !game.is_over() && played.len() < plies {
//!         actions::write_observation(&game, game.side_to_move(), observation.as_mut_slice());
//!         let bits = game.legal_action_bits();
//!         let action = (0..game.num_actions()).find(|&a| bits >> a & 1 == 1).unwrap();
//!         let mv = game.move_of(action).expect("a legal id names a move");
//!         assert_eq!(game.action(mv), action);
//!         game.play_quick(mv);
//!         played.push(action);
//!     }
//!     played
//! }
//! # fn check<G: Actions>() { let _ = actions_played::<G>(4); }
//! ```

use crate::{Game, Rng, Side};

/// One fact about what a move did, as bindings report it (Python: a value of the dict
/// `play()` returns).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fact {
    /// A count or a hole index.
    Int(i64),
    /// A hole index that may be absent.
    Hole(Option<usize>),
    /// A yes-or-no fact.
    Flag(bool),
    /// A text.
    Text(String),
}

/// A start beside the standard one of a game's rules, for a game that offers others
/// ([`Actions::OTHER_STARTS`]: Mangala IV's board dealt at random, either player first).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Start {
    /// `Some(seed)`: a board dealt at random from `seed` (or from the generator the caller
    /// gives); `None`: the standard start.
    pub dealt: Option<u64>,
    /// The player who moves first.
    pub first: Side,
}

impl Start {
    /// The standard start: South moves first.
    pub const STANDARD: Start = Start {
        dealt: None,
        first: Side::South,
    };
}

impl Default for Start {
    /// [`Start::STANDARD`].
    fn default() -> Start {
        Start::STANDARD
    }
}

/// A game's fixed action ids and observation, for learning agents.
///
/// Action ids are `0..num_actions()`, the same ids for the same moves in every position of
/// the rules (OpenSpiel's convention): an agent's policy has one output per id, and the
/// legal ones are masked. The hole a move sows from, which pictures mark, is
/// [`Draw::origin`](crate::draw::Draw::origin).
///
/// Contract:
/// - for every legal move `mv`, `move_of(action(mv)) == Some(mv)` and
///   `action(mv) < num_actions()`;
/// - `move_of(a)` is `None` for an id the rules of the position never use (so that naming an
///   id never names a move playing it could not make), and [`no_move`](Actions::no_move) then
///   says why;
/// - [`legal_action_bits`](Actions::legal_action_bits) has bit `a` set exactly when the move
///   of id `a` is legal (ids past 63 are folded onto `a % 64`: batches take games of at most
///   64 ids);
/// - [`play_quick`](Actions::play_quick) and [`observe_le_bytes`](Actions::observe_le_bytes)
///   leave and write exactly what `play_unchecked` and [`write_observation`] do.
pub trait Actions: Game {
    /// The size of the action space: action ids are `0..num_actions()`.
    fn num_actions(&self) -> usize;

    /// The action id of a legal move, for the side to move here.
    fn action(&self, mv: Self::Move) -> usize;

    /// The move action id `action` names for the side to move here, if it names one (it may
    /// still be illegal: playing checks it). An id the rules never use names none.
    fn move_of(&self, action: usize) -> Option<Self::Move>;

    /// Why action id `action` (in range) names no move here; a game whose rules leave some
    /// ids unused says which rule.
    fn no_move(&self, action: usize) -> String {
        format!("action {action} names no move in this position")
    }

    /// The legal action ids as a bit set (bit `a` for id `a`): from the list of legal moves,
    /// unless the game has a quicker way.
    fn legal_action_bits(&self) -> u64 {
        self.legal_moves()
            .iter()
            .fold(0, |bits, &mv| bits | 1u64 << (self.action(mv) % 64))
    }

    /// Plays the legal move `mv` as `play_unchecked` does; a game with a quicker move for
    /// callers that step many games one move at a time uses it (the same position after).
    fn play_quick(&mut self, mv: Self::Move) {
        self.play_unchecked(mv);
    }

    /// Plays a uniformly random legal move and returns its action id: [`random_action`] of
    /// `*legal`, this position's [`legal_action_bits`](Actions::legal_action_bits) (which
    /// callers that step many games keep), then leaves in `legal` the legal set of the
    /// position after the move; `None`, with nothing drawn or played, when `*legal` is empty.
    /// A game with a quicker way uses it (the same draw, the same move, the same set).
    fn play_random_action(&mut self, legal: &mut u64, rng: &mut Rng) -> Option<usize> {
        play_random_action(self, legal, rng)
    }

    /// Per-hole marker planes the observation adds after the stores (Toguz Kumalak: whose
    /// tuzdik a hole is). Each plane holds one float a hole.
    const PLANES: usize = 0;

    /// Marks the marker planes as `player` sees the board of `holes` holes: `mark(k)` sets
    /// entry `k` of the planes to `1.0`, plane `p` starting at entry `p * holes`, holes in
    /// the order `view` gives (`view(i)` is where canonical hole `i` goes). None by default.
    fn write_planes(
        &self,
        player: Side,
        holes: usize,
        view: &dyn Fn(usize) -> usize,
        mark: &mut dyn FnMut(usize),
    ) {
        let _ = (player, holes, view, mark);
    }

    /// Writes [`write_observation`] as little-endian float32 bytes into `out` (of
    /// `4 * observation_len` bytes); `over` is [`is_over`](crate::Position::is_over), which
    /// callers that step many games already know. A game may write its usual board a quicker
    /// way (the same bytes).
    fn observe_le_bytes(&self, player: Side, over: bool, out: &mut [u8]) {
        let _ = over;
        write_observation(self, player, &mut LeBytes(out));
    }

    /// What a move did, as named facts (`captured`, `extra_turn`), in a fixed order.
    fn facts(effect: &Self::Effect) -> Vec<(&'static str, Fact)>;

    /// Whether the game offers starts beside its rules' standard one ([`Start`]); front ends
    /// offer the start options only for a game that does. None by default.
    const OTHER_STARTS: bool = false;

    /// The start `start` describes under `rules`; a board dealt at random is drawn from `rng`
    /// when it is given (batches, play-outs), else from `start`'s seed. A game without other
    /// starts is only ever given [`Start::STANDARD`] and starts as its rules say.
    fn start(
        rules: Self::Rules,
        start: Start,
        rng: Option<&mut Rng>,
    ) -> Result<Self, Self::SetupError> {
        let _ = (start, rng);
        Ok(Self::new(rules))
    }
}

/// Bytes of ones, one a byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;

/// `IN_BYTE[b][r]`: the place of set bit `r` (from 0, lowest first) of the byte `b`.
static IN_BYTE: [[u8; 8]; 256] = {
    let mut table = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut bit, mut r) = (0, 0);
        while bit < 8 {
            if b >> bit & 1 == 1 {
                table[b][r] = bit as u8;
                r += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    table
};

/// Byte `i` holds the number of set bits in bytes `0..=i` of `bits` (the top byte: all of
/// them).
#[inline(always)]
fn running_counts(bits: u64) -> u64 {
    let pairs = bits - ((bits >> 1) & 0x5555_5555_5555_5555);
    let nibbles = (pairs & 0x3333_3333_3333_3333) + ((pairs >> 2) & 0x3333_3333_3333_3333);
    let bytes = (nibbles + (nibbles >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    bytes.wrapping_mul(ONES)
}

/// The place of set bit `k` (from 0, lowest first; `k` below the count) of `bits`, whose
/// [`running_counts`] are `counts`: no loop and no branch, so no mispredicted jump a move.
#[inline(always)]
fn nth_bit(bits: u64, counts: u64, k: u32) -> usize {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    // A high bit for each byte whose running count is at most `k` (counts and `k` are below
    // 128, so no byte borrows from the next): their number is the byte holding bit `k`.
    let at_most = (((u64::from(k & 63) * ONES) | HIGH) - counts) & HIGH;
    let byte = (at_most >> 7).wrapping_mul(ONES) >> 56;
    let shift = (8 * byte) & 63;
    let before = ((counts << 8) >> shift) & 0xFF;
    let rank = u64::from(k).wrapping_sub(before) & 7;
    shift as usize + usize::from(IN_BYTE[((bits >> shift) & 0xFF) as usize][rank as usize])
}

/// A uniformly random action id of the legal set `legal` (bit `a` for id `a`): the `k`-th set
/// bit, lowest first, for `k = rng.below(their number)`; `None`, with nothing drawn, when
/// `legal` is empty.
#[inline(always)]
pub fn random_action(legal: u64, rng: &mut Rng) -> Option<usize> {
    if legal == 0 {
        return None;
    }
    let counts = running_counts(legal);
    let k = rng.below((counts >> 56) as u32);
    Some(nth_bit(legal, counts, k))
}

/// The plain random move: [`random_action`] of `*legal`, then
/// [`play_quick`](Actions::play_quick) of its move, then the new position's
/// [`legal_action_bits`](Actions::legal_action_bits) into `legal`; returns its action id. It is
/// what [`Actions::play_random_action`] does unless a game overrides it, and the reference a
/// game's own is tested against.
#[inline]
pub fn play_random_action<G: Actions>(
    game: &mut G,
    legal: &mut u64,
    rng: &mut Rng,
) -> Option<usize> {
    let action = random_action(*legal, rng)?;
    game.play_quick(game.move_of(action)?);
    *legal = game.legal_action_bits();
    Some(action)
}

/// The length of the observation of `game`: holes, two stores, the marker planes, the side to
/// move as two flags.
pub fn observation_len<G: Actions>(game: &G) -> usize {
    game.board().len() * (1 + G::PLANES) + 4
}

/// Writes the observation of `game` as `player` sees it (the layout is the
/// [module's](self)) into `out`, of [`observation_len`] floats.
pub fn write_observation<G: Actions, O: Floats + ?Sized>(game: &G, player: Side, out: &mut O) {
    let board = game.board();
    let n = board.len();
    let half = n / 2;
    // North sees the halves swapped (no division: this runs for every hole of every step).
    let shift = if player == Side::South { 0 } else { half };
    let view = |i: usize| if i < half { i + shift } else { i - shift };
    for (i, &seeds) in board.iter().enumerate() {
        out.set(view(i), f32::from(seeds));
    }
    out.set(n, game.store(player) as f32);
    out.set(n + 1, game.store(!player) as f32);
    let planes = n + 2;
    let tail = planes + G::PLANES * n;
    out.zero(planes, tail + 2);
    game.write_planes(player, n, &view, &mut |k| out.set(planes + k, 1.0));
    if !game.is_over() {
        out.set(tail + usize::from(game.side_to_move() != player), 1.0);
    }
}

/// Where an observation is written: floats, or the little-endian bytes of an array's buffer.
pub trait Floats {
    /// Sets entry `index`.
    fn set(&mut self, index: usize, value: f32);
    /// Sets entries `from..to` to zero.
    fn zero(&mut self, from: usize, to: usize);
}

impl Floats for [f32] {
    #[inline]
    fn set(&mut self, index: usize, value: f32) {
        self[index] = value;
    }

    #[inline]
    fn zero(&mut self, from: usize, to: usize) {
        self[from..to].fill(0.0);
    }
}

/// A buffer of little-endian float32s, written in place (no float slice in between).
#[derive(Debug)]
pub struct LeBytes<'a>(pub &'a mut [u8]);

impl Floats for LeBytes<'_> {
    #[inline]
    fn set(&mut self, index: usize, value: f32) {
        self.0[4 * index..4 * index + 4].copy_from_slice(&value.to_le_bytes());
    }

    #[inline]
    fn zero(&mut self, from: usize, to: usize) {
        self.0[4 * from..4 * to].fill(0);
    }
}

/// `SPREAD[b]`: byte `i` is bit `i` of `b`, so eight mask entries are one word.
static SPREAD: [u64; 256] = {
    let mut table = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            table[b] |= ((b as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        b += 1;
    }
    table
};

/// Writes the legal set `legal` (bit `a` for id `a`) into `mask` as one byte an id, `1` for a
/// legal one, ids `0..mask.len()` (none legal past 63). Eight entries are one word, the last
/// eight overlapping the eight before where the length is no multiple of eight; up to 24 ids
/// (every game's action space) take no loop.
#[inline(always)]
pub fn write_mask(legal: u64, mask: &mut [u8]) {
    let eight = |from: usize| {
        let bits = u32::try_from(from)
            .ok()
            .and_then(|from| legal.checked_shr(from))
            .unwrap_or(0);
        SPREAD[(bits & 0xFF) as usize].to_le_bytes()
    };
    let n = mask.len();
    if let Some(first) = mask.first_chunk_mut::<8>() {
        *first = eight(0);
    } else {
        for (entry, bit) in mask.iter_mut().zip(eight(0)) {
            *entry = bit;
        }
        return;
    }
    if let Some(second) = mask.get_mut(8..16) {
        second.copy_from_slice(&eight(8));
    }
    if n > 24 {
        for (k, bytes) in mask.chunks_exact_mut(8).enumerate().skip(2) {
            bytes.copy_from_slice(&eight(8 * k));
        }
    }
    if let Some(last) = mask.last_chunk_mut::<8>() {
        *last = eight(n - 8);
    }
}

#[cfg(test)]
mod tests {
    use super::write_mask;

    #[test]
    fn a_mask_holds_one_byte_an_id_of_every_length() {
        let sets = [
            0,
            u64::MAX,
            0x8000_0000_0000_0001,
            0x0123_4567_89AB_CDEF,
            0x2A5,
        ];
        for legal in sets {
            for n in 0..=80 {
                let mut mask = vec![7u8; n];
                write_mask(legal, &mut mask);
                let expected: Vec<u8> = (0..n)
                    .map(|a| u8::from(a < 64 && legal >> a & 1 == 1))
                    .collect();
                assert_eq!(mask, expected, "{legal:#x}, {n} ids");
            }
        }
    }
}
