"""`step_random` draws each game's action as documented: from the game's own xoshiro256++
generator (seeded through SplitMix64 from the batch's seed and the game's index), the k-th legal
action with k uniform below their number (Lemire's method). A generator written out here in
Python replays every choice."""

import numpy as np
import pytest

import mancala

MASK = (1 << 64) - 1


def mix(z):
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


class Rng:
    """xoshiro256++ seeded through SplitMix64, as the Rust crates have it."""

    def __init__(self, seed):
        state = []
        for _ in range(4):
            seed = (seed + 0x9E3779B97F4A7C15) & MASK
            state.append(mix(seed))
        self.s = state

    def next_u64(self):
        s = self.s
        rotl = lambda x, k: ((x << k) | (x >> (64 - k))) & MASK
        result = (rotl((s[0] + s[3]) & MASK, 23) + s[0]) & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)
        return result

    def below(self, n):
        if n == 0:
            return 0
        while True:
            m = (self.next_u64() & 0xFFFFFFFF) * n
            low = m & 0xFFFFFFFF
            if low >= n or low >= ((-n) & 0xFFFFFFFF) % n:
                return m >> 32


def game_seed(seed, index):
    return mix(seed ^ mix((index + 0x9E3779B97F4A7C15) & MASK))


@pytest.mark.parametrize("options", [{}, {"tuzdik": "optional"}, {"board": 7}, {"majority_stop": False}])
def test_step_random_replays_with_the_documented_generator(options):
    n, seed = 12, 2**63 + 5
    batch = mancala.Batch("toguz", n, seed=seed, max_moves=150, **options)
    _, masks = batch.reset()
    rngs = [Rng(game_seed(seed, i)) for i in range(n)]
    high_bits = 0
    for _ in range(400):
        legal = [np.flatnonzero(row) for row in masks]
        high_bits += sum(int((ids >= 8).any()) for ids in legal)
        expected = [ids[rng.below(len(ids))] for ids, rng in zip(legal, rngs)]
        _, masks, _, _, _ = batch.step_random()
        assert batch.last_actions.tolist() == expected
    if options.get("board", 9) == 9:
        assert high_bits > 0, "some choices were among actions past the first eight"


def test_every_legal_action_is_drawn_about_equally():
    batch = mancala.Batch("toguz", 18_000, seed=1)
    batch.reset()
    batch.step_random()
    counts = np.bincount(batch.last_actions, minlength=9)
    assert counts.sum() == 18_000 and counts.min() > 1_800 and counts.max() < 2_200


@pytest.mark.parametrize("options", [{}, {"board": 5}, {"tuzdik": "optional"}])
def test_the_batch_observations_are_the_classes(options):
    n = 32
    batch = mancala.Batch("toguz", n, seed=3, max_moves=400, **options)
    obs, masks = batch.reset()
    size = batch.observation_size
    holes = (size - 4) // 3
    planes_seen = np.zeros(2, int)
    for _ in range(300):
        for i, text in enumerate(batch.to_strings()):
            game = mancala.Toguz.from_string(text)
            assert np.array_equal(obs[i], game.observation_tensor(game.current_player()))
            assert masks[i].tolist() == [bool(m) for m in game.legal_actions_mask()]
        planes = obs[:, holes + 2 : 3 * holes + 2].reshape(n, 2, holes)
        planes_seen += planes.any(axis=2).sum(axis=0)
        obs, masks, _, _, _ = batch.step_random()
    if options.get("board", 9) != 5:
        assert (planes_seen > 0).all(), "both tuzdik planes were marked in some observations"
