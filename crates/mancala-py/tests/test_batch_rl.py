"""Batch as RL libraries step it: terminated and truncated apart, the final observations,
random steps in Rust, seeded and unseeded resets, resets of chosen games, threads."""

import os
import signal
import threading
import time

import numpy as np
import pytest

import mancala


def run(batch, steps, rng=None):
    """Every array of `steps` steps (random actions from numpy when `rng` is given, else
    `step_random`), with the final observations and the actions played."""
    out = [batch.reset(seed=11)]
    for _ in range(steps):
        if rng is None:
            arrays = batch.step_random()
        else:
            masks = out[-1][1]
            arrays = batch.step((rng.random(masks.shape) * masks).argmax(axis=1))
        out.append(arrays + (batch.final_observations, batch.last_actions))
    return out


@pytest.mark.parametrize("name,options", [("toguz", {}), ("mangala4", {"setup": "random"}),
                                          ("katro", {"size": "4x4"}), ("kalah", {})])
def test_the_games_are_the_same_whatever_the_threads(name, options):
    one = mancala.Batch(name, 37, max_moves=60, threads=1, **options)
    three = mancala.Batch(name, 37, max_moves=60, threads=3, **options)
    assert three.threads == 3
    for a, b in zip(run(one, 150), run(three, 150)):
        for x, y in zip(a, b):
            assert np.array_equal(x, y)
    for a, b in zip(run(one, 50, np.random.default_rng(2)), run(three, 50, np.random.default_rng(2))):
        for x, y in zip(a, b):
            assert np.array_equal(x, y)
    assert one.to_strings() == three.to_strings()


def test_step_random_plays_legal_moves_and_follows_the_seed():
    batch = mancala.Batch("toguz", 16, seed=4, max_moves=50)
    _, masks = batch.reset()
    games = [mancala.Toguz.from_string(t) for t in batch.to_strings()]
    ended = 0
    for _ in range(200):
        obs, new_masks, rewards, terminated, truncated = batch.step_random()
        actions = batch.last_actions
        assert masks[np.arange(16), actions].all(), "every random action was legal"
        for i, game in enumerate(games):
            game.apply_action(int(actions[i]))
            assert terminated[i] == game.is_terminal()
            assert rewards[i].tolist() == (game.returns() if game.is_terminal() else [0.0, 0.0])
        ended += int((terminated | truncated).sum())
        games = [mancala.Toguz.from_string(t) for t in batch.to_strings()]
        masks = new_masks
    assert ended > 0
    first = run(mancala.Batch("toguz", 8, seed=1), 30)
    again = run(mancala.Batch("toguz", 8, seed=2), 30)
    assert all(np.array_equal(x, y) for x, y in zip(first[-1], again[-1])), "reset(seed=11) rules"


def test_truncation_is_not_termination_and_keeps_the_final_observation():
    batch = mancala.Batch("oware", 3, max_moves=3)
    _, masks = batch.reset()
    game = mancala.Oware()
    for step in range(3):
        action = int(np.flatnonzero(masks[0])[0])
        game.apply_action(action)
        _, masks, rewards, terminated, truncated = batch.step(np.full(3, action))
    assert truncated.all() and not terminated.any() and not rewards.any()
    player = game.current_player()
    assert np.array_equal(batch.final_observations[0], game.observation_tensor(player))
    assert batch.to_strings()[0] == mancala.Oware().to_string(), "the game restarted"
    batch.step(masks.argmax(axis=1))
    assert not batch.final_observations.any(), "no game ended at the last step"


def test_an_unseeded_reset_continues_the_generators():
    batch = mancala.Batch("mangala4", 6, seed=9, setup="random")
    start = batch.to_strings()
    batch.reset()
    second = batch.to_strings()
    batch.reset()
    third = batch.to_strings()
    assert start != second != third != start
    batch.reset(seed=9)
    assert batch.to_strings() == start == mancala.Batch("mangala4", 6, seed=9, setup="random").to_strings()


def test_chosen_games_reset_alone():
    batch = mancala.Batch("toguz", 5)
    for _ in range(3):
        batch.step_random()
    before = batch.to_strings()
    obs, masks = batch.reset(indices=[1, 3])
    after = batch.to_strings()
    start = mancala.Toguz().to_string()
    assert [after[i] == start for i in range(5)] == [False, True, False, True, False]
    assert [after[i] == before[i] for i in (0, 2, 4)] == [True] * 3
    assert obs.shape == (5, batch.observation_size)
    batch.step_random()
    batch.reset(indices=np.array([True, False, False, False, False]))
    assert batch.to_strings()[0] == start and batch.to_strings()[1] != start
    before = batch.to_strings()
    batch.reset(indices=[])
    assert batch.to_strings() == before, "no game picked, none restarted"
    with pytest.raises(ValueError, match="game 5 is not in 0 to 4"):
        batch.reset(indices=[5])
    with pytest.raises(ValueError, match="one entry a game"):
        batch.reset(indices=np.array([True, False]))
    with pytest.raises(TypeError, match="integers"):
        batch.reset(indices=[0.5])


def test_bad_threads_are_refused():
    for bad in (0, -1, 10**6):
        with pytest.raises(ValueError, match="threads must be from 1 to 256"):
            mancala.Batch("toguz", 2, threads=bad)
    with pytest.raises(TypeError):
        mancala.Batch("toguz", 2, threads=True)


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name != "posix", reason="POSIX signals")
def test_random_playouts_stop_at_ctrl_c():
    # The handler a terminal's Python has, also where the test runs as a background job
    # (which starts with SIGINT ignored).
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    timer = threading.Timer(0.2, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    started = time.monotonic()
    try:
        with pytest.raises(KeyboardInterrupt):
            # Ten seconds of play-outs or more, were it not stopped.
            mancala.random_playouts("toguz", 5_000_000)
    finally:
        timer.cancel()
        signal.signal(signal.SIGINT, previous)
    assert time.monotonic() - started < 10


@pytest.mark.parametrize("n, illegal", [(9, [4, 7]), (700, [650, 90, 300])])
def test_on_threads_the_first_illegal_game_is_named_and_nothing_moves(n, illegal):
    """Small batches are one share; large ones many shares a thread, taken in any order."""
    batch = mancala.Batch("toguz", n, threads=3, board=5)
    before = batch.to_strings()
    actions = np.zeros(n, np.int64)
    actions[illegal] = 8  # hole 9 of a five-hole row
    with pytest.raises(ValueError, match=f"game {min(illegal)}: action 8"):
        batch.step(actions)
    assert batch.to_strings() == before


def test_two_threads_write_the_arrays_of_one_and_the_classes():
    """A batch of many games a thread, stepped on one thread and on two, random steps and
    given actions in turn: every array the same, and the observations and masks the classes'."""
    one = mancala.Batch("toguz", 501, seed=5, max_moves=90, threads=1)
    two = mancala.Batch("toguz", 501, seed=5, max_moves=90, threads=2)
    last = one.reset()
    two.reset()
    for step in range(120):
        if step % 2 == 0:
            a, b = one.step_random(), two.step_random()
        else:
            actions = np.array([np.flatnonzero(m)[-1] for m in last[1]], np.int64)
            a, b = one.step(actions), two.step(actions)
        for x, y in zip(a + (one.final_observations, one.last_actions),
                        b + (two.final_observations, two.last_actions)):
            assert x.dtype == y.dtype and np.array_equal(x, y)
        last = a
        if step % 20 == 0:
            for i, text in enumerate(one.to_strings()):
                game = mancala.Toguz.from_string(text)
                assert np.array_equal(a[0][i], game.observation_tensor(game.current_player()))
                assert a[1][i].tolist() == [bool(m) for m in game.legal_actions_mask()]
        # Rewards only where the rules ended a game; a truncated game is no win.
        assert not a[2][~a[3]].any()
        assert not (a[3] & a[4]).any()
