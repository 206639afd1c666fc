//! The native part of the Python package `mancala`: a class per game with OpenSpiel's `State`
//! methods, `Batch` for stepping many games at once, and `random_playouts`. The pure-Python
//! modules beside it (`mancala.openspiel`, `mancala.pettingzoo`) adapt these to those libraries.
//!
//! The games are the facade's registry (`mancala_games::registry`), each game's side of the
//! bindings its crate's implementation of the core's `Actions`: a game registered there is a
//! class here, with no code of its own in this crate.
//!
//! Layout: [`game`] is what the bindings do with any registered game; [`class`] makes the
//! Python classes, [`batch`] the batches, [`playouts`] the play-outs, [`search`] and [`solve`]
//! the computer player and the solver; [`options`], [`ints`], [`arrays`], [`guard`] and
//! [`names`] are their shared helpers.

mod arrays;
mod batch;
mod class;
mod game;
mod guard;
mod interrupt;
mod ints;
mod names;
mod options;
mod outputs;
mod playouts;
mod search;
mod solve;
mod stepper;
mod workers;

use pyo3::prelude::*;

/// The module `mancala._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    class::add_classes(module)?;
    module.add_class::<batch::Batch>()?;
    module.add_function(wrap_pyfunction!(playouts::random_playouts, module)?)?;
    module.add_function(wrap_pyfunction!(playouts::random_game_trace, module)?)?;
    module.add_function(wrap_pyfunction!(names::default_options, module)?)?;
    module.add("GAMES", names::names())?;
    Ok(())
}
