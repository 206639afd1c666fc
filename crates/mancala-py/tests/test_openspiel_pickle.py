"""OpenSpiel game and state objects pickle, so a spawned multiprocessing pool can take them:
pickle.dumps(pyspiel.load_game("mancala_oware")) once raised PicklingError."""

import multiprocessing
import pickle
import random
import subprocess
import sys

import pytest

pyspiel = pytest.importorskip("pyspiel")

import mancala  # noqa: E402
import mancala.openspiel  # noqa: E402
from conftest import CASE_IDS, CASES  # noqa: E402


def load(name, options):
    mancala.openspiel.register()
    return pyspiel.load_game(name, dict(options))


def test_pickle_dumps_pyspiel_load_game_mancala_oware():
    game = load("mancala_oware", {})
    twin = pickle.loads(pickle.dumps(game))
    assert type(twin) is type(game)
    assert str(twin) == str(game)


@pytest.mark.parametrize("name,options", CASES, ids=CASE_IDS)
def test_games_and_states_round_trip_through_pickle(name, options):
    game = load(name, {**options, "max_moves": 300})
    twin = pickle.loads(pickle.dumps(game))
    assert type(twin) is type(game) and str(twin) == str(game)
    assert twin.max_moves == 300
    assert twin.num_distinct_actions() == game.num_distinct_actions()
    state = game.new_initial_state()
    rng = random.Random(4)
    for _ in range(25):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    copy = pickle.loads(pickle.dumps(state))
    assert str(copy) == str(state)
    assert copy.history() == state.history()
    assert copy.legal_actions() == state.legal_actions()
    assert copy.is_terminal() == state.is_terminal()
    assert copy.returns() == state.returns()
    assert str(copy.get_game()) == str(game)
    if not copy.is_terminal():
        action = copy.legal_actions()[0]
        copy.apply_action(action)
        assert copy.history() == state.history() + [action]


def test_a_fresh_interpreter_unpickles_without_registering():
    game = load("mancala_toguz", {"board": 7})
    state = game.new_initial_state()
    state.apply_action(3)
    data = pickle.dumps(state)
    script = (
        "import pickle, sys\n"
        "state = pickle.loads(sys.stdin.buffer.read())\n"
        "print(state.history(), state.get_game())\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], input=data, capture_output=True, check=True
    ).stdout.decode()
    assert out.strip() == f"[3] {game}"


def _legal_count(game):
    return len(game.new_initial_state().legal_actions())


def test_a_spawn_pool_takes_the_games():
    games = [load(name, {}) for name in mancala.GAMES]
    with multiprocessing.get_context("spawn").Pool(2) as pool:
        counts = pool.map(_legal_count, games)
    assert counts == [_legal_count(game) for game in games]
