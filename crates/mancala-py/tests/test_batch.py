"""Batch and random_playouts: shapes, restarts, refusals, and the same games as one at a time."""

import numpy as np
import pytest

import mancala
from conftest import CASE_IDS, CASES


def random_actions(masks, rng):
    """A uniformly random legal action per game, chosen with numpy alone."""
    scores = rng.random(masks.shape) * masks
    return scores.argmax(axis=1)


@pytest.mark.parametrize("name,options", CASES, ids=CASE_IDS)
def test_batch_plays_the_games_the_classes_play(name, options):
    n = 5
    batch = mancala.Batch(name, n, seed=3, max_moves=10_000, **options)
    obs, masks = batch.reset()
    assert obs.shape == (n, batch.observation_size) and obs.dtype == np.float32
    assert masks.shape == (n, batch.num_actions) and masks.dtype == np.bool_
    games = [mancala.game_class(name).from_string(t) for t in batch.to_strings()]
    rng = np.random.default_rng(0)
    finished = 0
    for _ in range(300):
        for i, game in enumerate(games):
            assert masks[i].tolist() == [bool(m) for m in game.legal_actions_mask()]
            player = game.current_player()
            assert np.array_equal(obs[i], game.observation_tensor(player))
        actions = random_actions(masks, rng)
        last_movers = [g.current_player() for g in games]
        expected = []
        for game, action in zip(games, actions):
            game.apply_action(int(action))
            expected.append(game.returns() if game.is_terminal() else [0.0, 0.0])
        obs, masks, rewards, terminated, truncated = batch.step(actions)
        dones = terminated | truncated
        assert rewards.shape == (n, 2) and dones.shape == (n,) and dones.dtype == np.bool_
        assert truncated.dtype == np.bool_ and not truncated.any()
        assert rewards.tolist() == expected
        assert dones.tolist() == [g.is_terminal() for g in games]
        assert batch.last_actions.tolist() == actions.tolist()
        finals = batch.final_observations
        for i in range(n):
            expected_final = (
                games[i].observation_tensor(last_movers[i]) if dones[i] else np.zeros(batch.observation_size)
            )
            assert np.array_equal(finals[i], expected_final)
        for i in np.flatnonzero(dones):
            finished += 1
            games[i] = mancala.game_class(name).from_string(batch.to_strings()[i])
        assert batch.players().tolist() == [g.current_player() for g in games]
    assert finished > 0 or name == "mancala_oware"


def test_a_batch_follows_its_seed_and_max_moves():
    a = mancala.Batch("mangala4", 4, seed=9, setup="random")
    b = mancala.Batch("mangala4", 4, seed=9, setup="random")
    c = mancala.Batch("mangala4", 4, seed=10, setup="random")
    assert a.to_strings() == b.to_strings() != c.to_strings()
    assert len(set(a.to_strings())) == 4, "each game draws its own start"
    batch = mancala.Batch("toguz", 3, max_moves=4)
    _, masks = batch.reset()
    for step in range(4):
        _, masks, rewards, terminated, truncated = batch.step(masks.argmax(axis=1))
        dones = terminated | truncated
    assert dones.all() and not rewards.any()
    assert truncated.all() and not terminated.any()
    assert batch.to_strings() == mancala.Batch("toguz", 3).to_strings()


def test_an_illegal_action_changes_no_game():
    batch = mancala.Batch("oware", 3)
    before = batch.to_strings()
    with pytest.raises(ValueError, match="game 1: action 9"):
        batch.step(np.array([0, 9, 0]))
    with pytest.raises(ValueError, match="expected 3 actions"):
        batch.step(np.array([0, 1]))
    with pytest.raises(TypeError, match="integers"):
        batch.step(np.array([0.0, 1.0, 2.0]))
    with pytest.raises(ValueError, match="out of range"):
        batch.step(np.array([0, 2**63, 0], dtype=np.uint64))
    assert batch.to_strings() == before
    batch.step([0, 1, 2])
    assert batch.to_strings() != before


def test_bad_batches_are_refused():
    with pytest.raises(ValueError, match="no game"):
        mancala.Batch("chess", 2)
    with pytest.raises(ValueError, match="1 to"):
        mancala.Batch("toguz", 0)
    with pytest.raises(TypeError, match="unexpected keyword"):
        mancala.Batch("toguz", 2, bord=7)
    with pytest.raises(ValueError, match="1 to"):
        mancala.Batch("toguz", -1)


@pytest.mark.parametrize("name,options", CASES, ids=CASE_IDS)
def test_random_playouts_add_up(name, options):
    result = mancala.random_playouts(name, 40, seed=5, **options)
    again = mancala.random_playouts(name, 40, seed=5, **options)
    assert result["moves"] == again["moves"]
    assert np.array_equal(result["plies"], again["plies"])
    assert result["games"] == 40
    assert result["moves"] == int(result["plies"].sum()) > 0
    ended = result["south_wins"] + result["north_wins"] + result["draws"]
    assert ended + result["unfinished"] == 40
    assert sum(result["reasons"].values()) == ended
    returns = result["returns"]
    assert returns.shape == (40, 2) and (returns.sum(axis=1) == 0).all()
    assert (returns[:, 0] == 1).sum() == result["south_wins"]
    assert (returns[:, 1] == 1).sum() == result["north_wins"]


def test_random_playouts_match_the_traces():
    # Game 0 of a play-out run draws from the same generator as the trace with that seed.
    result = mancala.random_playouts("katro", 1, seed=21, size="4x4")
    trace = mancala.random_game_trace("katro", seed=21, max_moves=100_000, size="4x4")
    assert result["plies"][0] == len(trace["plies"])


def test_sizes_that_would_exhaust_memory_are_refused():
    with pytest.raises(ValueError, match="1 to"):
        mancala.Batch("toguz", 10**12)
    with pytest.raises(ValueError, match="at most"):
        mancala.random_playouts("toguz", 10**12)
    with pytest.raises(ValueError, match="at most"):
        mancala.random_game_trace("toguz", max_moves=10**9)


def test_numpy_bools_are_bools():
    assert mancala.Toguz(majority_stop=np.False_).to_string() == \
        mancala.Toguz(majority_stop=False).to_string()
    batch = mancala.Batch("toguz", 2, majority_stop=np.True_)
    assert batch.num_games == 2
    with pytest.raises(TypeError, match="takes a bool, not numpy.int64"):
        mancala.Toguz(majority_stop=np.int64(0))


def test_a_uint64_action_out_of_range_names_its_game():
    batch = mancala.Batch("toguz", 3)
    with pytest.raises(ValueError, match="game 2: action 18446744073709551615 is out of range"):
        batch.step(np.array([0, 1, 2**64 - 1], dtype=np.uint64))


def test_nested_indices_are_refused():
    batch = mancala.Batch("oware", 3)
    with pytest.raises(ValueError, match="flat list"):
        batch.reset(indices=[[0, 1]])
    with pytest.raises(ValueError, match="one entry a game"):
        batch.reset(indices=np.ones((3, 1), bool))
    observations, _ = batch.reset(indices=[0, 2])
    assert observations.shape == (3, batch.observation_size)


def test_close_frees_the_batch():
    batch = mancala.Batch("toguz", 4)
    batch.close()
    batch.close()
    for call in (batch.step_random, batch.reset, lambda: batch.step(np.zeros(4, int)),
                 batch.players, batch.to_strings):
        with pytest.raises(RuntimeError, match="closed"):
            call()


def test_two_threads_on_one_batch_get_a_clear_error():
    import threading

    batch = mancala.Batch("toguz", 100_000)
    errors = []

    def stepping():
        for _ in range(200):
            if errors:
                return
            try:
                batch.step_random()
            except RuntimeError as error:
                errors.append(str(error))

    threads = [threading.Thread(target=stepping) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors, "the two threads never met"
    assert "another thread" in errors[0] and "one thread at a time" in errors[0]


def test_without_copies_a_step_writes_the_batchs_own_arrays_in_place():
    batch = mancala.Batch("toguz", 64, seed=4)
    observations, masks = batch.reset(copy=False)
    first = batch.step_random(copy=False)
    kept = [array.copy() for array in first]
    second = batch.step_random(copy=False)
    for a, b in zip(first, second):
        assert a is b or np.shares_memory(a, b), "the same arrays, overwritten"
    assert np.shares_memory(observations, first[0]) and np.shares_memory(masks, first[1])
    assert not np.array_equal(kept[0], second[0]), "the next step overwrote them"
    assert first[0].dtype == np.float32 and first[1].dtype == np.bool_
    assert first[0].shape == (64, batch.observation_size) and first[1].shape == (64, batch.num_actions)
    assert first[2].shape == (64, 2) and first[3].shape == first[4].shape == (64,)
    # Copies by default: what a step returned stays as it was.
    copied = batch.step_random()
    before = [array.copy() for array in copied]
    batch.step_random()
    for a, b in zip(copied, before):
        assert np.array_equal(a, b) and not np.shares_memory(a, second[0])


def test_in_place_arrays_agree_with_copies_and_with_one_game_at_a_time():
    rng = np.random.default_rng(8)
    a = mancala.Batch("kalah", 300, seed=8, threads=3)
    b = mancala.Batch("kalah", 300, seed=8, threads=1)
    _, masks = a.reset(copy=False)
    b.reset()
    for _ in range(60):
        actions = random_actions(masks, rng)
        in_place = a.step(actions, copy=False)
        copies = b.step(actions.astype(np.int32))
        for x, y in zip(in_place, copies):
            assert np.array_equal(x, y)
        masks = in_place[1]
    assert np.array_equal(a.final_observations, b.final_observations)


def test_a_read_only_array_is_not_written():
    batch = mancala.Batch("oware", 4)
    observations, _ = batch.reset(copy=False)
    observations.base.flags.writeable = False
    with pytest.raises(RuntimeError, match="cannot be written"):
        batch.step_random()


@pytest.mark.parametrize("name,options", [("toguz", {"final_view": 1}), ("mangala4", {"setup": "random"}),
                                          ("oware", {"houses": 4, "seeds": 2, "max_moves": 9})])
def test_a_pickled_batch_goes_on_as_the_batch_would(name, options):
    import pickle

    batch = mancala.Batch(name, 50, seed=6, threads=2, **options)
    batch.reset()
    for _ in range(40):
        batch.step_random()
    copy = pickle.loads(pickle.dumps(batch))
    assert (copy.num_games, copy.threads, copy.name) == (batch.num_games, batch.threads, batch.name)
    assert copy.to_strings() == batch.to_strings()
    assert np.array_equal(copy.last_actions, batch.last_actions)
    assert np.array_equal(copy.final_observations, batch.final_observations)
    for _ in range(40):
        for a, b in zip(batch.step_random(), copy.step_random()):
            assert np.array_equal(a, b)
        assert np.array_equal(copy.final_observations, batch.final_observations)
    for a, b in zip(batch.reset(), copy.reset()):
        assert np.array_equal(a, b), "the generators went on alike"
    batch.close()
    with pytest.raises(RuntimeError, match="closed"):
        pickle.dumps(batch)


def test_a_batch_takes_about_600_bytes_a_toguz_game():
    import subprocess
    import sys

    if not sys.platform.startswith("linux"):
        pytest.skip("reads /proc")
    script = """
import mancala
def rss():
    return int(next(l for l in open('/proc/self/status') if l.startswith('VmRSS')).split()[1]) * 1024
n = 1 << 16
before = rss()
batch = mancala.Batch('toguz', n)
batch.reset(copy=False)
for _ in range(300):
    batch.step_random(copy=False)
print((rss() - before) / n)
"""
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    per_game = float(done.stdout)
    assert 400 < per_game < 700, per_game
