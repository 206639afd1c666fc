"""mancala.ray on a local Ray instance: play-outs, self-play and engine games across workers,
the same results as in one process."""

import numpy as np
import pytest

ray = pytest.importorskip("ray")

import mancala  # noqa: E402
import mancala.ray  # noqa: E402


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_playouts_across_workers_add_up(local_ray):
    result = mancala.ray.random_playouts("katro", 250, seed=3, chunk=100, size="4x4")
    assert result["games"] == 250 and result["plies"].shape == (250,)
    assert result["moves"] == int(result["plies"].sum())
    ended = result["south_wins"] + result["north_wins"] + result["draws"]
    assert ended + result["unfinished"] == 250 == sum(result["reasons"].values()) + result["unfinished"]
    again = mancala.ray.random_playouts("katro", 250, seed=3, chunk=100, size="4x4")
    assert np.array_equal(result["plies"], again["plies"])
    # Each task is one call of the package's own play-outs.
    first = mancala.random_playouts("katro", 100, seed=mancala.ray._task_seed(3, 0), size="4x4")
    assert np.array_equal(result["plies"][:100], first["plies"])


def test_games_come_back_as_records_and_targets(local_ray):
    records = mancala.ray.play_games("oware", 6, south={"depth": 2}, north="random", seed=1,
                                     chunk=2, houses=4, seeds=2)
    assert len(records) == 6
    for record in records:
        game = mancala.Oware.from_string(record["start"])
        for i, action in enumerate(record["actions"]):
            assert game.current_player() == record["movers"][i]
            assert np.array_equal(record["observations"][i], game.observation_tensor(record["movers"][i]))
            game.apply_action(action)
        assert game.returns() == record["returns"]
        assert record["values"].tolist() == [record["returns"][m] for m in record["movers"]]
    observations, actions, values = mancala.ray.training_targets(records)
    plies = sum(len(r["actions"]) for r in records)
    size = mancala.Oware(houses=4, seeds=2).observation_tensor_size()
    assert observations.shape == (plies, size) and actions.shape == values.shape == (plies,)
    again = mancala.ray.play_games("oware", 6, south={"depth": 2}, north="random", seed=1,
                                   chunk=2, houses=4, seeds=2)
    assert [r["actions"] for r in again] == [r["actions"] for r in records]


def test_bad_players_are_refused_before_any_work(local_ray):
    with pytest.raises(TypeError, match="player"):
        mancala.ray.play_games("toguz", 2, south="strong")
    with pytest.raises(ValueError, match="depth"):
        mancala.ray.play_games("toguz", 2, south={"depth": 0})
    with pytest.raises(ValueError, match="no game"):
        mancala.ray.random_playouts("chess", 2)


def test_engine_games_vary_by_seed_and_take_the_engine_by_name(local_ray):
    records = mancala.ray.play_games("oware", 16, south={"depth": 4}, seed=1, chunk=8)
    distinct = {tuple(r["actions"]) for r in records}
    assert len(distinct) >= 12, f"{len(distinct)} distinct games of 16"
    assert all(r["opening_plies"] == 2 for r in records)
    other_seed = mancala.ray.play_games("oware", 4, south={"depth": 4}, seed=2, chunk=4)
    assert [r["actions"] for r in other_seed] != [r["actions"] for r in records[:4]]
    by_name = mancala.ray.play_games("oware", 2, south="engine", north="random", seed=3,
                                     houses=4, seeds=2)
    by_depth = mancala.ray.play_games("oware", 2, south={"depth": mancala.ENGINE_DEPTH},
                                      north="random", seed=3, houses=4, seeds=2)
    assert [r["actions"] for r in by_name] == [r["actions"] for r in by_depth]
    plain = mancala.ray.play_games("oware", 3, south={"depth": 2}, seed=1, opening_plies=0,
                                   houses=4, seeds=2)
    assert len({tuple(r["actions"]) for r in plain}) == 1, "no opening: the engine's one game"
