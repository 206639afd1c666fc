//! What the bindings need of a game beyond the core's `Game` trait: its options, its fixed
//! action ids, its observation, and a move's facts as a dict. One implementation per game
//! crate, in `games/`; everything else (the Python classes, batches, play-outs) is written once
//! over it.

use crate::ints::Int;
use crate::options::Options;
use core::str::FromStr;
use mancala_engine::{Game, Position, Rng, Side};
use pyo3::prelude::*;

/// One fact about a move, for the dict `play()` returns.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Fact {
    /// A count or a hole index.
    Int(i64),
    /// A hole index that may be absent.
    Hole(Option<usize>),
    /// A yes-or-no fact.
    Flag(bool),
    /// A text.
    Text(String),
}

/// A game as the Python package sees it: the core's [`Game`] (rules, start, text forms, what a
/// move did), with what Python adds: the class name, keyword options, fixed action ids, the
/// observation's marker planes and the dict of a move's facts.
pub(crate) trait Binding:
    Game + Position<Move: Send + Sync> + Send + Sync + 'static
{
    /// The name of the Python class (`Toguz`).
    const CLASS: &'static str;
    /// The start of a game as the keyword options describe it.
    type Config: Clone + Send + Sync + 'static;

    /// Reads the game's keyword options.
    fn config(options: &mut Options<'_>) -> PyResult<Self::Config>;

    /// The start described by `config`; a game whose options ask for random starts draws one
    /// from `rng` when it is given (batches, play-outs), else from the seed in the options.
    fn start(config: &Self::Config, rng: Option<&mut Rng>) -> Result<Self, String>;

    /// The size of the action space: action ids are `0..num_actions()`.
    fn num_actions(&self) -> usize;

    /// The action id of a legal move.
    fn action(&self, mv: Self::Move) -> usize;

    /// The move that action id `action` names here, if it names one (it may still be
    /// illegal: playing checks it). An id the rules never use names none, so that
    /// `action_to_string` only names ids `apply_action` can play.
    fn move_of(&self, action: usize) -> Option<Self::Move>;

    /// Why action id `action` (in range) names no move here; a game whose rules leave some
    /// ids unused says which rule.
    fn no_move(&self, action: usize) -> String {
        format!("action {action} names no move in this position")
    }

    /// Per-hole marker planes the observation adds after the stores (Toguz: whose tuzdik a
    /// hole is). Each plane holds one float per hole.
    const PLANES: usize = 0;

    /// Marks the marker planes as `player` sees the board of `holes` holes: `mark(k)` sets
    /// entry `k` of the planes to `1.0`, plane `p` starting at entry `p * holes`, holes in
    /// the order `view` gives (`view(i)` is where canonical hole `i` goes).
    fn write_planes(
        &self,
        _player: Side,
        _holes: usize,
        _view: &dyn Fn(usize) -> usize,
        _mark: &mut dyn FnMut(usize),
    ) {
    }

    /// The canonical hole `mv` sows from when the side to move here plays it (`None` for a
    /// pass): the last move the pictures mark.
    fn origin(&self, mv: Self::Move) -> Option<usize>;

    /// The rows of the board's picture.
    fn picture_rows(&self) -> usize {
        2
    }

    /// Where canonical hole `hole` is drawn: `(row, column)` from the top left, the board as
    /// South sees it (his row at the bottom, running from his left; North's above it,
    /// running from North's left, so right to left).
    fn cell(&self, hole: usize) -> (usize, usize) {
        let half = self.board().len() / 2;
        if hole < half {
            (1, hole)
        } else {
            (0, 2 * half - 1 - hole)
        }
    }

    /// Holes marked on the board, with the side each mark belongs to (Toguz: tuzdiks).
    fn marks(&self) -> Vec<(usize, Side)> {
        Vec::new()
    }

    /// Whether the game has stores to draw.
    const STORES: bool = true;

    /// The legal action ids as a bit set (bit `a` for action `a`; batches take games of at
    /// most 64 actions): from the list of legal moves, unless the game has a quicker way.
    fn legal_bits(&self) -> u64 {
        self.legal_moves()
            .iter()
            .fold(0, |bits, &mv| bits | 1u64 << (self.action(mv) % 64))
    }

    /// Plays the legal move `mv` as `play_unchecked` does; a game whose crate has a quicker
    /// move for many games stepped a move at a time uses it (the same position after).
    fn play_quick(&mut self, mv: Self::Move) {
        self.play_unchecked(mv);
    }

    /// Writes [`write_observation`] as little-endian float32 bytes into `out`; a game may
    /// write its usual board in a quicker way (the same bytes).
    fn observe_bytes(&self, player: Side, out: &mut [u8]) {
        write_observation(self, player, &mut LeBytes(out));
    }

    /// What a move did, as the entries of the dict `play()` returns.
    fn facts(effect: &Self::Effect) -> Vec<(&'static str, Fact)>;
}

/// The game's name in OpenSpiel, PettingZoo, batches and play-outs: `mancala_` and the
/// core's [`Game::NAME`] (`mancala_toguz`).
pub(crate) fn python_name<G: Game>() -> String {
    format!("mancala_{}", G::NAME)
}

/// Reads a move in the game's notation, handing back the library's message on failure.
pub(crate) fn parse_move<G: Game>(text: &str) -> Result<G::Move, String> {
    text.parse()
        .map_err(|e: <G::Move as FromStr>::Err| e.to_string())
}

/// Reads a position string, handing back the library's message on failure.
pub(crate) fn parse<G: Game>(text: &str) -> Result<G, String> {
    text.parse().map_err(|e: <G as FromStr>::Err| e.to_string())
}

/// Plays `mv` if legal and says what it did; else the library's reason.
pub(crate) fn play_reported<G: Binding>(
    game: &mut G,
    mv: G::Move,
) -> Result<Vec<(&'static str, Fact)>, String> {
    let effect = game.play_reported(mv).map_err(|e| e.to_string())?;
    Ok(G::facts(&effect))
}

/// The number of holes of a position's board.
pub(crate) fn holes<G: Binding>(game: &G) -> usize {
    game.board().len()
}

/// The length of the observation of `game`: holes, two stores, the marker planes, the side to
/// move as two flags.
pub(crate) fn observation_len<G: Binding>(game: &G) -> usize {
    holes(game) * (1 + G::PLANES) + 4
}

/// Writes the observation of `game` as `player` sees it into `out` (of
/// [`observation_len`] floats): first `player`'s holes then his opponent's, each row in
/// canonical order; then `player`'s store and his opponent's; then the marker planes in the same
/// hole order; then `1.0` at `[player to move, opponent to move]` for the side to move (both `0`
/// once the game is over).
pub(crate) fn write_observation<G: Binding, O: Floats + ?Sized>(
    game: &G,
    player: Side,
    out: &mut O,
) {
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
pub(crate) trait Floats {
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
pub(crate) struct LeBytes<'a>(pub(crate) &'a mut [u8]);

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

/// The legal action ids, ascending.
pub(crate) fn legal_actions<G: Binding>(game: &G) -> Vec<usize> {
    let mut actions: Vec<usize> = game
        .legal_moves()
        .iter()
        .map(|&mv| game.action(mv))
        .collect();
    actions.sort_unstable();
    actions
}

/// Each player's return, South's first: `+1` for a win, `-1` for a loss, `0` for a draw or a
/// game still going.
pub(crate) fn returns<G: Binding>(game: &G) -> [f32; 2] {
    match game.outcome().and_then(|o| o.winner) {
        Some(Side::South) => [1.0, -1.0],
        Some(Side::North) => [-1.0, 1.0],
        None => [0.0, 0.0],
    }
}

/// The move action id `action` names here, legal or not, else why it names none: out of
/// range, or an id the rules or this position leave unused.
pub(crate) fn named_move<G: Binding>(game: &G, action: Int) -> Result<G::Move, String> {
    let n = game.num_actions();
    let index = action
        .within(0, n.saturating_sub(1))
        .filter(|_| n > 0)
        .ok_or_else(|| format!("action {action} is not in 0 to {}", n.saturating_sub(1)))?;
    game.move_of(index).ok_or_else(|| game.no_move(index))
}

/// The move of `action` if it is legal here, else the reason it is not.
pub(crate) fn checked_move<G: Binding>(game: &G, action: Int) -> Result<G::Move, String> {
    if game.is_over() {
        return Err("the game is over".into());
    }
    let mv = named_move(game, action)?;
    game.check_move(mv).map_err(|e| e.to_string())?;
    Ok(mv)
}

/// The canonical hole of place `index` (from the mover's left) in the row of the side to move.
pub(crate) fn mover_hole<G: Binding>(game: &G, index: usize) -> usize {
    match game.side_to_move() {
        Side::South => index,
        Side::North => game.board().len() / 2 + index,
    }
}
