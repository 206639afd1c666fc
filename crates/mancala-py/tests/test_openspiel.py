"""OpenSpiel: every game and option set loads by name and passes OpenSpiel's own random
simulation checks; OpenSpiel's Python MCTS bot plays whole games of each."""

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")
mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")

import mancala  # noqa: E402
import mancala.openspiel  # noqa: E402
from conftest import CASE_IDS, CASES  # noqa: E402


def load(name, options):
    mancala.openspiel.register()
    return pyspiel.load_game(name, dict(options))


def test_register_names_every_game_once():
    names = mancala.openspiel.register()
    assert names == mancala.GAMES
    assert mancala.openspiel.register() == names
    assert set(names) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name,options", CASES, ids=CASE_IDS)
def test_openspiel_random_simulations_pass(name, options):
    game = load(name, options)
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
    start = mancala.game_class(name)(**options)
    assert game.num_distinct_actions() == start.num_distinct_actions()
    assert game.observation_tensor_shape() == [start.observation_tensor_size()]
    state = game.new_initial_state()
    assert str(state) == start.to_string()
    assert state.legal_actions() == start.legal_actions()
    assert np.array_equal(state.observation_tensor(0), start.observation_tensor(0))


def test_parameters_come_through_the_game_string():
    mancala.openspiel.register()
    game = pyspiel.load_game("mancala_katro(size=4x4,direction=per-turn,single_seed=True)")
    assert game.num_distinct_actions() == 16
    state = game.new_initial_state()
    assert state.legal_actions() == mancala.Katro(size="4x4", direction="per-turn").legal_actions()
    with pytest.raises(Exception, match="board"):
        pyspiel.load_game("mancala_toguz(board=8)")


def test_max_moves_ends_a_game_as_a_draw():
    game = load("mancala_toguz", {"max_moves": 10})
    assert game.max_game_length() == 10
    state = game.new_initial_state()
    for _ in range(10):
        assert not state.is_terminal()
        state.apply_action(state.legal_actions()[0])
    assert state.is_terminal()
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.returns() == [0.0, 0.0]
    assert state.legal_actions() == []


def test_an_illegal_action_is_refused():
    state = load("mancala_oware", {}).new_initial_state()
    state.apply_action(2)
    with pytest.raises(Exception):
        state.apply_action(17)


@pytest.mark.parametrize("name", mancala.GAMES)
def test_mcts_plays_whole_games(name):
    game = load(name, {"max_moves": 400})
    rng = np.random.RandomState(7)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [mcts.MCTSBot(game, 2.0, 12, evaluator, random_state=rng) for _ in range(2)]
    state = game.new_initial_state()
    while not state.is_terminal():
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    assert sum(state.returns()) == 0
    assert state.move_number() > 0


@pytest.mark.parametrize("houses,seeds", [(6, 4), (4, 3)])
def test_oware_plays_as_openspiels_own_oware(houses, seeds):
    # OpenSpiel's C++ oware: the same legal actions, board, stores, end and returns at every
    # ply of random games (its observation is the board then the stores, over the seed total).
    theirs = pyspiel.load_game("oware", {"num_houses_per_player": houses, "num_seeds_per_house": seeds})
    total = 2 * houses * seeds
    rng = np.random.default_rng(houses)
    for _ in range(20):
        state = theirs.new_initial_state()
        ours = mancala.Oware(houses=houses, seeds=seeds)
        while True:
            assert ours.is_terminal() == state.is_terminal()
            obs = np.array(state.observation_tensor(0)) * total
            assert np.allclose(obs, ours.board() + ours.stores())
            if state.is_terminal():
                break
            assert ours.current_player() == state.current_player()
            assert ours.legal_actions() == state.legal_actions()
            action = int(rng.choice(state.legal_actions()))
            state.apply_action(action)
            ours.apply_action(action)
        assert ours.returns() == state.returns()


def test_kalah_plays_as_openspiels_own_mancala():
    # OpenSpiel's C++ mancala: the same legal actions (its board cells), board, stores, player
    # to move (extra turns included) and returns at every ply of random games. Its observation
    # is the 14 cells, the player and the move number; at the end it leaves the seeds in the
    # pits, where ours have gone to their owners' stores.
    theirs = pyspiel.load_game("mancala")
    rng = np.random.default_rng(23)
    extra_turns = 0
    for _ in range(100):
        state = theirs.new_initial_state()
        ours = mancala.Kalah()
        while True:
            assert ours.is_terminal() == state.is_terminal()
            cells = [int(x) for x in state.observation_tensor(0)[:14]]
            south, north = cells[1:7] + [cells[7]], cells[8:14] + [cells[0]]
            if state.is_terminal():
                assert ours.stores() == [sum(south), sum(north)]
                break
            assert ours.board() == south[:6] + north[:6]
            assert ours.stores() == [south[6], north[6]]
            assert ours.current_player() == state.current_player()
            assert ours.legal_actions() == state.legal_actions()
            player = state.current_player()
            action = int(rng.choice(state.legal_actions()))
            state.apply_action(action)
            ours.apply_action(action)
            extra_turns += int(not state.is_terminal() and state.current_player() == player)
        assert ours.returns() == state.returns()
    assert extra_turns > 0
