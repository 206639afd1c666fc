"""The Python classes play the same rules as the Rust crates: seeded random games played in Rust
alone (moves in notation, no action ids) are replayed through the Python API by action id, and
every ply must agree: the legal moves, the position string after each move, the end and the
result."""

import pytest

import mancala
from conftest import CASE_IDS, CASES


@pytest.mark.parametrize("name,options", CASES, ids=CASE_IDS)
def test_python_and_rust_agree_on_every_ply(name, options):
    cls = mancala.game_class(name)
    plies = 0
    for seed in range(8):
        trace = mancala.random_game_trace(name, seed=seed, max_moves=3000, **options)
        game = cls.from_string(trace["start"])
        if seed == 0 and not options.get("setup") == "random":
            assert game == cls(**options), "the trace starts where the class starts"
        for legal, played, after in trace["plies"]:
            actions = game.legal_actions()
            names = [game.action_to_string(a) for a in actions]
            assert sorted(names) == sorted(legal)
            game.apply_action(actions[names.index(played)])
            assert game.to_string() == after
            plies += 1
        assert game.is_terminal() == trace["over"]
        assert game.result() == trace["result"]
    assert plies > 0


def test_a_trace_follows_its_seed():
    a = mancala.random_game_trace("toguz", seed=11)
    b = mancala.random_game_trace("mancala_toguz", seed=11)
    c = mancala.random_game_trace("toguz", seed=12)
    assert a == b and a != c
