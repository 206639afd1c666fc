"""PettingZoo: every game and option set passes PettingZoo's API test and seed test."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import mancala  # noqa: E402
import mancala.pettingzoo  # noqa: E402
from conftest import CASE_IDS, CASES  # noqa: E402


@pytest.mark.parametrize("name,options", CASES, ids=CASE_IDS)
def test_api_and_seed_tests_pass(name, options):
    api_test(mancala.pettingzoo.env(name, **options), num_cycles=200)
    seed_test(lambda: mancala.pettingzoo.env(name, **options), num_cycles=200)


def test_a_game_runs_to_its_end_with_masks_and_rewards():
    env = mancala.pettingzoo.env("oware")
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    moves = 0
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            env.step(None)
            continue
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        env.step(int(rng.choice(np.flatnonzero(mask))))
        moves += 1
    assert moves > 0
    rewards = env.unwrapped._cumulative_rewards
    assert sum(rewards.values()) == 0


def test_max_moves_truncates():
    env = mancala.pettingzoo.env("toguz", max_moves=5)
    env.reset()
    steps = 0
    for agent in env.agent_iter():
        _, _, termination, truncation, _ = env.last()
        if termination or truncation:
            assert truncation and not termination
            env.step(None)
            continue
        env.step(int(np.flatnonzero(env.observe(agent)["action_mask"])[0]))
        steps += 1
    assert steps == 5


def test_random_starts_follow_the_reset_seed():
    env = mancala.pettingzoo.env("mangala4", setup="random")
    env.reset(seed=3)
    a = env.observe("player_0")["observation"]
    env.reset(seed=3)
    b = env.observe("player_0")["observation"]
    env.reset(seed=4)
    c = env.observe("player_0")["observation"]
    assert np.array_equal(a, b) and not np.array_equal(a, c)


def test_an_illegal_move_ends_the_game_with_the_mover_losing():
    env = mancala.pettingzoo.env("toguz", board=5)
    env.reset()
    env.step(8)  # South has no hole 9 on a board of 5
    rewards = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, info = env.last()
        assert termination, "every agent is terminated"
        assert not observation["action_mask"].any()
        rewards[agent] = reward
        if agent == "player_0":
            assert info["illegal_action"]
        env.step(None)
    assert rewards == {"player_0": -1, "player_1": 0}, "as PettingZoo's classic games score it"


@pytest.mark.parametrize("action", [2.5, np.float32(2.9), "2", True, np.bool_(True), None,
                                    np.array([3.0]), np.array([1, 2]), float("nan")])
def test_pettingzoo_refuses_non_integer_actions(action):
    env = mancala.pettingzoo.env("toguz")
    env.reset()
    with pytest.raises(TypeError, match="integer"):
        env.step(action)
    assert env.unwrapped._game.to_string() == mancala.Toguz().to_string(), "nothing played"


def test_pettingzoo_takes_a_one_element_integer_array_as_its_action():
    env = mancala.pettingzoo.env("toguz")
    env.reset()
    env.step(np.array([3]))
    played = mancala.Toguz()
    played.apply_action(3)
    assert env.unwrapped._game.to_string() == played.to_string()
