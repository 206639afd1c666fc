"""The Gymnasium environment: Gymnasium's own checker, the opponents, masks, rewards,
truncation, illegal actions and the render modes."""

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import mancala  # noqa: E402
import mancala.gymnasium  # noqa: E402
from conftest import CASE_IDS, CASES  # noqa: E402


@pytest.mark.parametrize("name,options", CASES, ids=CASE_IDS)
def test_gymnasiums_checker_passes(name, options):
    check_env(mancala.gymnasium.make(name, **options), skip_render_check=True)
    # Made by Gymnasium, with a spec, so that the checker tries every render mode.
    short = name.removeprefix("mancala_")
    check_env(gymnasium.make(f"mancala/{short}-v0", **options).unwrapped, skip_render_check=False)


@pytest.mark.parametrize("player", [0, 1])
def test_a_game_against_the_random_opponent_ends_with_the_agents_return(player):
    env = mancala.gymnasium.make("oware", player=player, max_moves=10_000)
    obs, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    total, terminated, truncated = 0.0, False, False
    while not (terminated or truncated):
        mask = info["action_mask"]
        assert mask.dtype == np.int8 and mask.any()
        assert env.unwrapped.game.current_player() == player
        assert np.array_equal(obs, env.unwrapped.game.observation_tensor(player))
        obs, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        total += reward
    assert terminated
    assert total == env.unwrapped.game.returns()[player]
    assert not info["action_mask"].any()


def test_the_same_seed_gives_the_same_game():
    def play(seed):
        env = mancala.gymnasium.make("toguz")
        obs, info = env.reset(seed=seed)
        seen = [obs]
        for _ in range(30):
            obs, *_, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            seen.append(obs)
        return np.array(seen)

    assert np.array_equal(play(1), play(1))
    assert not np.array_equal(play(1), play(2))


def test_the_engine_and_a_callable_as_opponents():
    env = mancala.gymnasium.make("kalah", opponent="engine", pits=3, seeds=2)
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    calls = []

    def first_legal(game):
        calls.append(game.to_string())
        return game.legal_actions()[0]

    env = mancala.gymnasium.make("toguz", opponent=first_legal, player=1)
    env.reset(seed=0)
    assert len(calls) == 1, "the opponent opens when the agent plays 1"
    strong = mancala.gymnasium.engine(depth=2)
    assert strong(mancala.Toguz()) in mancala.Toguz().legal_actions()
    with pytest.raises(ValueError, match="depth"):
        mancala.gymnasium.engine(depth=0)
    with pytest.raises(TypeError, match="opponent"):
        mancala.gymnasium.make("toguz", opponent=3)


def test_truncation_and_illegal_actions():
    env = mancala.gymnasium.make("toguz", max_moves=4)
    _, info = env.reset(seed=0)
    for step in range(2):
        _, reward, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert truncated and not terminated and reward == 0.0
    env = mancala.gymnasium.make("toguz", board=5)
    env.reset(seed=0)
    _, reward, terminated, truncated, info = env.step(8)
    assert terminated and reward == -1.0 and info["illegal_action"]
    env = mancala.gymnasium.make("toguz", board=5, illegal="raise")
    env.reset(seed=0)
    with pytest.raises(ValueError):
        env.step(8)


def test_render_modes():
    env = mancala.gymnasium.make("toguz", render_mode="ansi")
    env.reset(seed=0)
    assert "South to move" in env.render()
    env = mancala.gymnasium.make("toguz", render_mode="rgb_array")
    env.reset(seed=0)
    image = env.render()
    assert image.dtype == np.uint8 and image.ndim == 3 and image.shape[2] == 3
    env = mancala.gymnasium.make("toguz")
    env.reset(seed=0)
    with pytest.warns(UserWarning, match="render mode"):
        assert env.render() is None
    with pytest.raises(ValueError, match="render_mode"):
        mancala.gymnasium.make("toguz", render_mode="human")


@pytest.mark.parametrize("action", [2.5, np.float32(2.9), "2", True, np.bool_(False), None,
                                    np.array([3.0]), np.array([1, 2]), float("nan")])
def test_gymnasium_refuses_non_integer_actions(action):
    env = mancala.gymnasium.make("toguz")
    env.reset(seed=0)
    with pytest.raises(TypeError, match="integer"):
        env.step(action)
    assert env.unwrapped.game.to_string() == mancala.Toguz().to_string(), "nothing played"


def test_gymnasium_takes_a_one_element_integer_array_as_its_action():
    env = mancala.gymnasium.make("toguz", opponent=lambda game: game.legal_actions()[0])
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(np.array([3], np.int64))
    assert reward == 0.0 and not terminated and "illegal_action" not in info
    game = mancala.Toguz()
    game.apply_action(3)
    game.apply_action(game.legal_actions()[0])
    assert env.unwrapped.game.to_string() == game.to_string()


def test_gymnasium_episode_end_is_consistent():
    env = mancala.gymnasium.make("toguz", board=5)
    with pytest.raises(RuntimeError, match="reset"):
        env.step(0)
    env.reset(seed=0)
    _, reward, terminated, _, info = env.step(8)
    assert terminated and reward == -1.0 and info["illegal_action"]
    assert not info["action_mask"].any(), "no legal action once the episode has ended"
    with pytest.raises(RuntimeError, match="over"):
        env.step(0)
    # A real end and a truncation end the same way.
    for kwargs in ({"max_moves": 10_000}, {"max_moves": 3}):
        env = mancala.gymnasium.make("kalah", pits=3, seeds=2, **kwargs)
        _, info = env.reset(seed=1)
        done = False
        while not done:
            _, _, terminated, truncated, info = env.step(int(np.flatnonzero(info["action_mask"])[0]))
            done = terminated or truncated
        assert not info["action_mask"].any()
        with pytest.raises(RuntimeError, match="over"):
            env.step(0)
        env.reset()
        env.step(env.unwrapped.game.legal_actions()[0])


def test_make_gives_a_spec_so_check_env_tests_every_render_mode(recwarn):
    env = mancala.gymnasium.make("oware", opponent="random", houses=4, seeds=3)
    assert env.spec is not None and env.spec.id == "mancala/oware-v0"
    assert env.spec.kwargs["houses"] == 4
    check_env(env, skip_render_check=False)
    assert not [w for w in recwarn if "render modes" in str(w.message)]
    again = env.spec.make(render_mode="ansi").unwrapped
    assert again.observation_space == env.observation_space and again.render_mode == "ansi"
