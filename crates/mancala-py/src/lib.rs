//! The native part of the Python package `mancala`: a class per game with OpenSpiel's `State`
//! methods, `Batch` for stepping many games at once, and `random_playouts`. The pure-Python
//! modules beside it (`mancala.openspiel`, `mancala.pettingzoo`) adapt these to those libraries.
//!
//! Layout: [`game`] says what the bindings need of a game and [`games`] gives it for each game
//! crate; [`class`] makes the Python classes, [`batch`] the batches, [`playouts`] the
//! play-outs; [`options`], [`ints`], [`arrays`], [`guard`] and [`names`] are their shared helpers.

mod arrays;
mod batch;
mod class;
mod game;
mod games;
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

use pyo3::prelude::*;

/// The module `mancala._native`.
#[pymodule]
#[pyo3(name = "_native")]
fn native(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_class::<class::Toguz>()?;
    module.add_class::<class::Mangala4>()?;
    module.add_class::<class::Katro>()?;
    module.add_class::<class::Oware>()?;
    module.add_class::<class::Kalah>()?;
    module.add_class::<batch::Batch>()?;
    module.add_function(wrap_pyfunction!(playouts::random_playouts, module)?)?;
    module.add_function(wrap_pyfunction!(playouts::random_game_trace, module)?)?;
    module.add("GAMES", names::names())?;
    Ok(())
}
