"""Shared test data: the games, option sets covering every rule option, the recorded games."""

from pathlib import Path

import mancala

#: For each game, option sets that together use every rule option of the game; a game of the
#: native module's list that is not below is played under its standard rules.
OPTION_SETS = {name: [{}] for name in mancala.GAMES}
OPTION_SETS |= {
    "mancala_toguz": [
        {},
        {"board": 7},
        {"board": 5},
        {"tuzdik": "optional"},
        {"majority_stop": False},
        {"board": 7, "tuzdik": "optional", "majority_stop": False},
    ],
    "mancala_mangala4": [
        {},
        {"setup": "random", "setup_seed": 7},
        {"first_player": 1, "leftover": "own-side"},
        {"setup": "random", "setup_seed": 12345, "leftover": "own-side"},
    ],
    "mancala_katro": [
        {},
        {"size": "4x4", "direction": "per-turn"},
        {"size": "4x6", "direction": "B", "mover_row": "inner", "opponent_hole": "column"},
        {"size": "6x3", "trigger": "empty", "single_seed": True},
        {"direction": "per-turn", "single_seed": True, "opponent_hole": "column"},
    ],
    "mancala_oware": [
        {},
        {"houses": 4, "seeds": 3},
        {"grand_slam": "capture-all"},
        {"max_plies": 0},
    ],
    "mancala_kalah": [
        {},
        {"pits": 4, "seeds": 3},
        {"empty_capture": True},
        {"max_plies": 0},
    ],
}

#: Every (game, options) pair, with a readable id.
CASES = [(name, options) for name, sets in OPTION_SETS.items() for options in sets]
CASE_IDS = [
    name.removeprefix("mancala_") + ("-" + ",".join(f"{k}={v}" for k, v in o.items()) if o else "")
    for name, o in CASES
]


def new_game(name, options):
    return mancala.game_class(name)(**options)


def playok_records():
    """The PlayOK Toguz Kumalak records, from the shared data beside the checkout, or None."""
    checkout = Path(__file__).resolve().parents[3]
    for shared in (checkout.parent / "shared", Path("/work/shared")):
        path = shared / "data" / "toguz" / "playok-2024-2025.pgn"
        if path.is_file():
            return path
    return None
