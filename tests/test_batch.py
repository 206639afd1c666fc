

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
