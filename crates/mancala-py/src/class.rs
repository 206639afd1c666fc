//! The Python class of each game: the methods of OpenSpiel's `State`, the position string both
//! ways, and what a move did. The generic functions hold the logic; the macro only gives each
//! game of the facade's registry (`mancala_games::for_each_game!`) its named class.

use crate::arrays::array;
use crate::game;
use crate::guard::{guarded, value_error};
use crate::ints::{self, Int};
use crate::options::Options;
use mancala_games::engine::actions::{self, Actions, Fact};
use mancala_games::engine::{Position, Side};
use mancala_games::registry::Registered;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};

/// OpenSpiel's player id of a finished game (`pyspiel.PlayerId.TERMINAL`).
pub(crate) const TERMINAL_PLAYER: i64 = -4;

/// A new game of class `class` from keyword options.
pub(crate) fn new_game<G: Registered>(
    class: &str,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<G> {
    let config = Options::new(&format!("{class}()"), options)?.game::<G>()?;
    guarded(|| config.start(None).map_err(value_error))
}

/// The player to move, or [`TERMINAL_PLAYER`].
pub(crate) fn current_player<G: Registered>(game: &G) -> i64 {
    if game.is_over() {
        TERMINAL_PLAYER
    } else {
        game.side_to_move() as i64
    }
}

/// The side a player id names.
pub(crate) fn side(player: Int) -> PyResult<Side> {
    player
        .within(0, 1)
        .and_then(Side::from_index)
        .ok_or_else(|| value_error(format!("player {player} is not 0 or 1")))
}

/// The observation as `player` sees it (default: the player to move, South once the game is
/// over), as a float32 numpy array.
pub(crate) fn observation<'py, G: Registered>(
    py: Python<'py>,
    game: &G,
    player: Option<Int>,
) -> PyResult<Bound<'py, PyAny>> {
    let player = match player {
        Some(p) => side(p)?,
        None if game.is_over() => Side::South,
        None => game.side_to_move(),
    };
    let mut values = vec![0.0f32; actions::observation_len(game)];
    guarded(|| {
        actions::write_observation(game, player, values.as_mut_slice());
        Ok(())
    })?;
    array(py, &values, &[values.len()])
}

/// The legal actions as a mask over the whole action space.
pub(crate) fn legal_mask<G: Registered>(game: &G) -> Vec<i32> {
    let mut mask = vec![0; game.num_actions()];
    for action in game::legal_actions(game) {
        mask[action] = 1;
    }
    mask
}

/// Plays an action id, or refuses it with the library's reason and changes nothing; gives
/// the hole the move sowed from.
pub(crate) fn apply<G: Registered>(game: &mut G, action: Int) -> PyResult<Option<usize>> {
    guarded(|| {
        let mv = game::checked_move(game, action).map_err(value_error)?;
        let origin = game.origin(mv);
        game.play_unchecked(mv);
        Ok(origin)
    })
}

/// The move `value` names: an action id or a move in the game's notation.
fn move_named<G: Registered>(game: &G, value: &Bound<'_, PyAny>) -> PyResult<G::Move> {
    if value.is_instance_of::<PyString>() {
        let text: String = value.extract()?;
        game::parse_move::<G>(&text).map_err(value_error)
    } else {
        let action = ints::read(value).map_err(|_| {
            let got = value
                .get_type()
                .name()
                .map_or_else(|_| "?".to_owned(), |n| n.to_string());
            PyTypeError::new_err(format!(
                "a move is an action id (int) or a move in the game's notation (str), not {got}"
            ))
        })?;
        game::checked_move(game, action).map_err(value_error)
    }
}

/// Plays a move given as an action id or in notation; returns what it did as a dict, and
/// the hole it sowed from.
pub(crate) fn play<'py, G: Registered>(
    py: Python<'py>,
    game: &mut G,
    value: &Bound<'py, PyAny>,
) -> PyResult<(Bound<'py, PyDict>, Option<usize>)> {
    let mv = guarded(|| move_named(game, value))?;
    let origin = guarded(|| Ok(game.origin(mv)))?;
    let facts = guarded(|| game::play_reported(game, mv).map_err(value_error))?;
    let dict = PyDict::new(py);
    dict.set_item("move", mv.to_string())?;
    for (key, fact) in facts {
        match fact {
            Fact::Int(n) => dict.set_item(key, n)?,
            Fact::Hole(hole) => dict.set_item(key, hole)?,
            Fact::Flag(flag) => dict.set_item(key, flag)?,
            Fact::Text(text) => dict.set_item(key, text)?,
        }
    }
    Ok((dict, origin))
}

/// What the pictures need of a position, as a dict, from the game's own picture
/// ([`Draw::picture`]): `rows`, `cols`, `holes` (`(row, column, seeds)` for each canonical
/// hole, the board as South sees it), `stores` (South's, North's; `None` in a game without),
/// `marks` (`(hole, player)`: Toguz's tuzdiks, South's first), `last` (the hole the last move
/// sowed from, if known), `to_move`, `result`, `name` (the class's).
pub(crate) fn drawing<'py, G: Registered>(
    py: Python<'py>,
    game: &G,
    class: &str,
    last: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let (rows, holes, marks, stores) = guarded(|| {
        let picture = game.picture();
        let board = game.board();
        let mut holes: Vec<(usize, usize, u8)> = board.iter().map(|&seeds| (0, 0, seeds)).collect();
        let mut marks: Vec<(usize, usize)> = Vec::new();
        for (row, cells) in picture.rows.iter().enumerate() {
            for (col, cell) in cells.cells.iter().enumerate() {
                if let Some(hole) = holes.get_mut(cell.index) {
                    (hole.0, hole.1) = (row, col);
                }
                if let Some(owner) = cell.tuzdik {
                    marks.push((cell.index, owner.index()));
                }
            }
        }
        marks.sort_by_key(|&(_, owner)| owner);
        let stores = (!picture.stores.is_empty()).then(|| Side::BOTH.map(|side| game.store(side)));
        Ok((picture.rows.len(), holes, marks, stores))
    })?;
    let dict = PyDict::new(py);
    dict.set_item("name", class)?;
    dict.set_item("rows", rows)?;
    dict.set_item("cols", holes.iter().map(|h| h.1 + 1).max().unwrap_or(0))?;
    dict.set_item("holes", holes)?;
    dict.set_item("stores", stores)?;
    dict.set_item("marks", marks)?;
    dict.set_item("last", last)?;
    dict.set_item("to_move", current_player(game))?;
    dict.set_item("result", game.result().map(|r| r.to_string()))?;
    Ok(dict)
}

/// The board as SVG, drawn by `mancala.render`.
pub(crate) fn svg(slf: &Bound<'_, PyAny>) -> PyResult<String> {
    slf.py()
        .import("mancala.render")?
        .call_method1("svg", (slf,))?
        .extract()
}

/// The name of action `action` for the player to move: the move in the game's notation,
/// legal here or not; an id that names no move is refused with `apply_action`'s reason.
pub(crate) fn action_name<G: Registered>(game: &G, action: Int) -> PyResult<String> {
    game::named_move(game, action)
        .map(|mv| mv.to_string())
        .map_err(value_error)
}

/// The action id of a move written in the game's notation, if it is legal here.
pub(crate) fn action_of_text<G: Registered>(game: &G, text: &str) -> PyResult<usize> {
    let mv = game::parse_move::<G>(text).map_err(value_error)?;
    game.check_move(mv)
        .map_err(|e| value_error(e.to_string()))?;
    Ok(game.action(mv))
}

/// Defines the Python class of one game.
macro_rules! game_class {
    ($game:path, $class:ident, $title:literal) => {
        #[doc = concat!(
            $title,
            ", with the methods of OpenSpiel's `State`. Keyword options: the game's rule \
             options (`mancala rules GAME` lists them; `_` for `-` in their keys), and for a \
             game that deals random starts `setup` (`even` or `random`), `setup_seed` and \
             `first_player`."
        )]
        #[pyclass(module = "mancala")]
        #[derive(Clone)]
        pub struct $class {
            pub(crate) game: $game,
            /// The hole the last move sowed from, for the pictures (not part of the position).
            pub(crate) last: Option<usize>,
        }

        #[pymethods]
        impl $class {
            /// The start position under the rules the keyword options give.
            #[new]
            #[pyo3(signature = (**options))]
            fn new(options: Option<&Bound<'_, PyDict>>) -> PyResult<Self> {
                Ok($class {
                    game: $crate::class::new_game(stringify!($class), options)?,
                    last: None,
                })
            }

            /// Reads a position string (as `to_string()` writes it).
            #[staticmethod]
            fn from_string(text: &str) -> PyResult<Self> {
                let game = $crate::guard::guarded(|| {
                    $crate::game::parse::<$game>(text).map_err($crate::guard::value_error)
                })?;
                Ok($class { game, last: None })
            }

            /// The position string: everything that decides the rest of the game.
            fn to_string(&self) -> PyResult<String> {
                guarded(|| Ok(self.game.to_string()))
            }

            fn __str__(&self) -> PyResult<String> {
                self.to_string()
            }

            fn __repr__(&self) -> PyResult<String> {
                Ok(format!("{}.from_string({:?})", stringify!($class), self.to_string()?))
            }

            /// The legal action ids, ascending; empty once the game is over.
            fn legal_actions(&self) -> PyResult<Vec<usize>> {
                guarded(|| Ok($crate::game::legal_actions(&self.game)))
            }

            /// `1` for each legal action id, `0` for the others, over the whole action space.
            fn legal_actions_mask(&self) -> PyResult<Vec<i32>> {
                guarded(|| Ok($crate::class::legal_mask(&self.game)))
            }

            /// Plays an action id; an illegal one raises `ValueError` and changes nothing.
            fn apply_action(&mut self, action: $crate::ints::Int) -> PyResult<()> {
                self.last = $crate::class::apply(&mut self.game, action)?;
                Ok(())
            }

            /// Plays a move (an action id or the move in the game's notation) and returns what
            /// it did.
            fn play<'py>(
                &mut self,
                py: Python<'py>,
                r#move: &Bound<'py, PyAny>,
            ) -> PyResult<Bound<'py, PyDict>> {
                let (facts, origin) = $crate::class::play(py, &mut self.game, r#move)?;
                self.last = origin;
                Ok(facts)
            }

            /// What the pictures draw, as a dict (see `mancala.render`).
            fn drawing<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
                $crate::class::drawing(py, &self.game, stringify!($class), self.last)
            }

            /// The board as SVG, for Jupyter.
            fn _repr_svg_(slf: &Bound<'_, Self>) -> PyResult<String> {
                $crate::class::svg(slf.as_any())
            }

            /// `True` once the game is over.
            fn is_terminal(&self) -> PyResult<bool> {
                guarded(|| Ok(self.game.is_over()))
            }

            /// Each player's return, player 0 (South) first: `1` win, `-1` loss, `0` draw or
            /// game still going.
            fn returns(&self) -> PyResult<[f64; 2]> {
                guarded(|| Ok($crate::game::returns(&self.game).map(f64::from)))
            }

            /// The player to move: `0` (South), `1` (North), or `-4` once the game is over.
            fn current_player(&self) -> PyResult<i64> {
                guarded(|| Ok($crate::class::current_player(&self.game)))
            }

            /// An independent copy.
            fn clone(&self) -> Self {
                Clone::clone(self)
            }

            fn __copy__(&self) -> Self {
                Clone::clone(self)
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
                Clone::clone(self)
            }

            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
                let text = slf.borrow().to_string()?;
                Ok((slf.get_type().getattr("from_string")?, (text,)))
            }

            fn __eq__(&self, other: PyRef<'_, Self>) -> PyResult<bool> {
                guarded(|| Ok(self.game == other.game))
            }

            /// The position key: equal games hash alike, so games can be dict keys and set
            /// members.
            fn __hash__(&self) -> PyResult<u64> {
                guarded(|| Ok(self.game.key()))
            }

            /// The observation as `player` sees it (default: the player to move), a float32
            /// numpy array; the layout is in the package's documentation.
            #[pyo3(signature = (player = None))]
            fn observation_tensor<'py>(
                &self,
                py: Python<'py>,
                player: Option<$crate::ints::Int>,
            ) -> PyResult<Bound<'py, PyAny>> {
                $crate::class::observation(py, &self.game, player)
            }

            /// The length of `observation_tensor()`.
            fn observation_tensor_size(&self) -> PyResult<usize> {
                guarded(|| Ok(actions::observation_len(&self.game)))
            }

            /// The size of the action space: action ids are `0..num_distinct_actions()`.
            fn num_distinct_actions(&self) -> PyResult<usize> {
                guarded(|| Ok(self.game.num_actions()))
            }

            /// The move an action id names, in the game's notation, for the player to move.
            fn action_to_string(&self, action: $crate::ints::Int) -> PyResult<String> {
                guarded(|| $crate::class::action_name(&self.game, action))
            }

            /// The action id of a legal move written in the game's notation.
            fn string_to_action(&self, text: &str) -> PyResult<usize> {
                guarded(|| $crate::class::action_of_text(&self.game, text))
            }

            /// The seeds of every hole in canonical order (South's holes first).
            fn board(&self) -> PyResult<Vec<u32>> {
                guarded(|| Ok(self.game.board().iter().map(|&n| u32::from(n)).collect()))
            }

            /// The seeds in each player's store, South's first.
            fn stores(&self) -> PyResult<[u32; 2]> {
                guarded(|| Ok(Side::BOTH.map(|side| self.game.store(side))))
            }

            /// Each player's score as the rules count it, South's first.
            fn scores(&self) -> PyResult<[u32; 2]> {
                guarded(|| Ok(Side::BOTH.map(|side| self.game.score(side))))
            }

            /// The result as text (`south wins 82-70 (majority)`), or `None` while the game
            /// goes on.
            fn result(&self) -> PyResult<Option<String>> {
                guarded(|| Ok(self.game.result().map(|r| r.to_string())))
            }

            /// The computer player's choice here: the best action, its value and the
            /// principal variation, as a dict (see the package's documentation). Limits:
            /// `time` in seconds, `depth` in plies, `nodes`; with none, depth 8.
            /// `endgame_seeds` (a game with endgame databases) builds the endgame databases up to
            /// that many seeds on the board, once a process, and takes their exact values;
            /// `endgame_file` reads them instead from a file `mancala solve … --db-write`
            /// wrote for the same rules, once a process.
            #[pyo3(
                signature = (time = None, depth = None, nodes = None, threads = $crate::ints::Int::Value(1), table_mb = $crate::ints::Int::Value(16), endgame_seeds = $crate::ints::Int::Value(0), endgame_file = None),
                text_signature = "($self, time=None, depth=None, nodes=None, threads=1, table_mb=16, endgame_seeds=0, endgame_file=None)"
            )]
            #[allow(clippy::too_many_arguments)]
            fn search<'py>(
                &self,
                py: Python<'py>,
                time: Option<$crate::search::Seconds>,
                depth: Option<$crate::ints::Int>,
                nodes: Option<$crate::ints::Int>,
                threads: $crate::ints::Int,
                table_mb: $crate::ints::Int,
                endgame_seeds: $crate::ints::Int,
                endgame_file: Option<std::path::PathBuf>,
            ) -> PyResult<Bound<'py, PyDict>> {
                let limits = $crate::search::limits(
                    time,
                    depth,
                    nodes,
                    threads,
                    table_mb,
                    (endgame_seeds, endgame_file),
                )?;
                $crate::search::search(py, &self.game, limits)
            }

            /// Builds the endgame databases of this game's rules up to `endgame_seeds` seeds
            /// on the board (on every core, once a process) and writes them to the file
            /// `path`, for `search(endgame_file=path)` in any process, as `mancala solve …
            /// --db-write` does; returns the number of positions held.
            #[pyo3(text_signature = "($self, path, endgame_seeds)")]
            fn write_endgame(
                &self,
                py: Python<'_>,
                path: std::path::PathBuf,
                endgame_seeds: $crate::ints::Int,
            ) -> PyResult<u64> {
                $crate::search::write_endgame(py, &self.game, path, endgame_seeds)
            }

            /// The exact value of the position: the final score difference for the player
            /// to move under perfect play, every best move and a principal variation, as a
            /// dict (see the package's documentation); `nodes` bounds the work (default
            /// 100 000 000), `table_mb` the transposition table.
            #[pyo3(
                signature = (nodes = None, table_mb = $crate::ints::Int::Value(64)),
                text_signature = "($self, nodes=None, table_mb=64)"
            )]
            fn solve<'py>(
                &self,
                py: Python<'py>,
                nodes: Option<$crate::ints::Int>,
                table_mb: $crate::ints::Int,
            ) -> PyResult<Bound<'py, PyDict>> {
                $crate::solve::solve(py, &self.game, nodes, table_mb)
            }

            /// A 64-bit key: equal positions have equal keys.
            fn key(&self) -> PyResult<u64> {
                guarded(|| Ok(self.game.key()))
            }
        }
    };
}

/// Every game's class, from the facade's list of games, and [`add_classes`] to add them all.
macro_rules! game_classes {
    ($($game:path, $class:ident, $title:literal;)+) => {
        $(game_class!($game, $class, $title);)+

        /// Adds every game's class to `module`, and `CLASSES`: each class by the game's name
        /// (`mancala_toguz`).
        pub(crate) fn add_classes(module: &Bound<'_, PyModule>) -> PyResult<()> {
            let classes = PyDict::new(module.py());
            $(
                module.add_class::<$class>()?;
                classes.set_item(
                    game::python_name::<$game>(),
                    module.getattr(stringify!($class))?,
                )?;
            )+
            module.add("CLASSES", classes)
        }
    };
}

mancala_games::for_each_game!(game_classes);
