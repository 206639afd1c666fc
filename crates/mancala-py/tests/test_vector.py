"""The Gymnasium vector environment over Batch: found by gymnasium.make_vec, and step for step
the same as Gymnasium's own SyncVectorEnv over the single environment, in both autoreset
modes, with final_obs, final_info and the action masks as Gymnasium defines them."""

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.vector import AutoresetMode, SyncVectorEnv  # noqa: E402

import mancala  # noqa: E402
import mancala.gymnasium  # noqa: E402
from mancala.vector import MancalaVectorEnv  # noqa: E402


def first_legal(game):
    """A deterministic opponent, so that two implementations can be compared move for move."""
    return game.legal_actions()[0]


@pytest.mark.parametrize("name", [g.removeprefix("mancala_") for g in mancala.GAMES])
def test_make_vec_finds_the_vector_environment_of_every_game(name):
    envs = gymnasium.make_vec(f"mancala/{name}-v0", num_envs=5)
    assert isinstance(envs.unwrapped, MancalaVectorEnv)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    single = mancala.gymnasium.make(name)
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    assert envs.observation_space.shape == (5, *single.observation_space.shape)
    observations, info = envs.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(30):
        assert observations in envs.observation_space
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (5, single.action_space.n)
        assert info["_action_mask"].all()
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        ready = mask.any(axis=1)
        actions[~ready] = 0  # a row whose episode ended: its action is not played
        observations, rewards, terminated, truncated, info = envs.step(actions)
        assert rewards.shape == terminated.shape == truncated.shape == (5,)
        assert "illegal_action" not in info
    envs.close()


@pytest.mark.parametrize("mode", [AutoresetMode.NEXT_STEP, AutoresetMode.SAME_STEP])
@pytest.mark.parametrize("player", [0, 1])
@pytest.mark.parametrize("name,options,max_moves", [
    ("kalah", {"pits": 3, "seeds": 2}, 1000),
    ("oware", {"houses": 4, "seeds": 2}, 12),
    ("toguz", {"board": 5}, 1000),
])
def test_the_same_as_gymnasiums_sync_vector_env(mode, player, name, options, max_moves):
    n = 6
    ours = MancalaVectorEnv(name, n, opponent=first_legal, player=player, max_moves=max_moves,
                            autoreset_mode=mode, **options)
    reference = SyncVectorEnv(
        [lambda: mancala.gymnasium.make(name, opponent=first_legal, player=player,
                                        max_moves=max_moves, **options)] * n,
        autoreset_mode=mode,
    )
    a, a_info = ours.reset(seed=3)
    b, b_info = reference.reset(seed=3)
    rng = np.random.default_rng(3)
    ended = 0
    for _ in range(150):
        assert np.array_equal(a, b)
        assert np.array_equal(a_info["action_mask"], b_info["action_mask"])
        mask = a_info["action_mask"]
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        # Now and then an illegal action: the game ends as a loss.
        wrong = rng.random(n) < 0.03
        actions[wrong] = [np.flatnonzero(row == 0)[0] if (row == 0).any() else 0
                          for row in mask[wrong]]
        a, a_reward, a_term, a_trunc, a_info = ours.step(actions)
        b, b_reward, b_term, b_trunc, b_info = reference.step(actions)
        assert np.array_equal(a_reward, b_reward)
        assert np.array_equal(a_term, b_term) and np.array_equal(a_trunc, b_trunc)
        for key in ("illegal_action", "_illegal_action"):
            assert np.array_equal(a_info.get(key, np.zeros(n, bool)),
                                  b_info.get(key, np.zeros(n, bool))), key
        if mode == AutoresetMode.SAME_STEP and (a_term | a_trunc).any():
            assert np.array_equal(a_info["_final_obs"], b_info["_final_obs"])
            for x, y in zip(a_info["final_obs"], b_info["final_obs"]):
                assert (x is None and y is None) or np.array_equal(x, y)
            assert np.array_equal(a_info["_final_info"], b_info["_final_info"])
            rows = a_info["_final_info"]
            assert np.array_equal(a_info["final_info"]["action_mask"][rows],
                                  b_info["final_info"]["action_mask"][rows])
        ended += int((a_term | a_trunc).sum())
    assert ended > 10, "episodes ended, so autoreset was exercised"


def test_self_play_rewards_the_mover_and_says_who_is_to_move():
    envs = MancalaVectorEnv("kalah", 8, opponent="self", pits=3, seeds=2)
    _, info = envs.reset(seed=2)
    game = [mancala.Kalah(pits=3, seeds=2) for _ in range(8)]
    rng = np.random.default_rng(2)
    for _ in range(80):
        assert np.array_equal(info["player"], [g.current_player() for g in game])
        mask = info["action_mask"]
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        movers = info["player"].copy()
        observations, rewards, terminated, truncated, info = envs.step(actions)
        for i in range(8):
            if not mask[i].any():  # NEXT_STEP: this row restarts, its action unplayed
                assert rewards[i] == 0 and not terminated[i]
                continue
            game[i].apply_action(int(actions[i]))
            if terminated[i]:
                assert rewards[i] == game[i].returns()[movers[i]]
                assert np.array_equal(observations[i], game[i].observation_tensor(int(movers[i])))
                game[i] = mancala.Kalah(pits=3, seeds=2)
            else:
                assert rewards[i] == 0
                assert np.array_equal(observations[i], game[i].observation_tensor())


def test_bad_actions_and_steps_before_reset_are_refused():
    envs = MancalaVectorEnv("oware", 3)
    with pytest.raises(RuntimeError, match="reset"):
        envs.step(np.zeros(3, int))
    envs.reset(seed=0)
    with pytest.raises(TypeError, match="integers"):
        envs.step(np.zeros(3))
    with pytest.raises(ValueError, match="3 actions"):
        envs.step(np.zeros(4, int))
    with pytest.raises(ValueError, match="autoreset_mode"):
        MancalaVectorEnv("oware", 3, autoreset_mode=AutoresetMode.DISABLED)
