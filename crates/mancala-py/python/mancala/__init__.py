"""Toguz Kumalak, Mangala IV, Katro, Oware and Kalah for AI research.

The rules are the workspace's Rust crates; this package gives each game a class with the
methods of OpenSpiel's ``State`` (``Toguz``, ``Mangala4``, ``Katro``, ``Oware``, ``Kalah``), ``Batch`` to
step many games at once, and ``random_playouts`` to play many random games in one call.
Every game object also has ``search()`` (the workspace's computer player) and draws its board
(``_repr_svg_`` for notebooks; ``mancala.render`` for text and RGB arrays).
``mancala.openspiel`` registers the games with OpenSpiel, ``mancala.pettingzoo`` and
``mancala.gymnasium`` make PettingZoo and Gymnasium environments of them, and ``mancala.ray``
spreads games over a Ray cluster; each is imported on demand, so none of those libraries is
needed for the rest.
"""

import operator

import numpy as np

from . import _native
from ._native import (
    GAMES,
    Batch,
    Kalah,
    Katro,
    Mangala4,
    Oware,
    Toguz,
    default_options,
    random_game_trace,
    random_playouts,
)

#: The class of each game, by the name OpenSpiel and PettingZoo know it by: the native module's
#: list, the facade's registry of games.
CLASSES = dict(_native.CLASSES)

# Every game's class is an attribute of the package, a game added to the registry too (the
# imports above name the classes for type checkers).
globals().update({cls.__name__: cls for cls in CLASSES.values()})


def game_class(name):
    """The class of the game ``name`` (``"mancala_toguz"`` or just ``"toguz"``)."""
    full = name if name.startswith("mancala_") else "mancala_" + name
    try:
        return CLASSES[full]
    except KeyError:
        raise ValueError(f"no game is named {name!r}; the games are {', '.join(GAMES)}") from None


def _integer(value, what, low, high):
    """``value`` as an int in ``low..=high``, read as the native module reads integers: any
    ``__index__`` but a bool (``TypeError``), out of range ``ValueError``."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise TypeError(f"{what} must be an integer, not {type(value).__name__}")
    value = operator.index(value)
    if not low <= value <= high:
        shown = value if value.bit_length() <= 64 else "a number of more than 64 bits"
        raise ValueError(f"{what} must be from {low} to {high}, not {shown}")
    return value


def _restore_batch(arguments, options, state):
    """A pickled ``Batch`` back: made anew with its arguments, then its games, generators and
    last step put back."""
    batch = Batch(*arguments, **options)
    batch._restore(state)
    return batch


def _action(value):
    """``value`` as an action id, read as the classes read one: an ``int`` or numpy integer,
    or a numpy integer array of one element (what a policy's ``sample`` often gives); a
    ``bool``, float, string or any other array is a ``TypeError``, never rounded."""
    if isinstance(value, np.ndarray) and value.shape in ((), (1,)) and value.dtype.kind in "iu":
        value = value.reshape(()).item()
    if isinstance(value, (bool, np.bool_)) or not hasattr(type(value), "__index__"):
        raise TypeError(f"an action is an integer, not {_describe(value)}")
    return operator.index(value)


def _describe(value):
    if isinstance(value, np.ndarray):
        return f"an array of dtype {value.dtype} and shape {value.shape}"
    return type(value).__name__


#: The depth of the ``"engine"`` player of the adapters (Gymnasium's opponent, Ray's players).
ENGINE_DEPTH = 4


__all__ = [
    "GAMES",
    "CLASSES",
    "ENGINE_DEPTH",
    "Batch",
    "Kalah",
    "Katro",
    "Mangala4",
    "Oware",
    "Toguz",
    "default_options",
    "game_class",
    "random_game_trace",
    "random_playouts",
]
