"""Errors as documented: integers range-checked into ValueError, never OverflowError; None,
bools and numpy integers taken or refused alike everywhere; messages that blame the right
option and name the range; action names that apply_action plays; games usable as keys."""

import random

import numpy as np
import pytest

import mancala
from conftest import CASE_IDS, CASES, new_game


@pytest.mark.parametrize(
    "call",
    [
        lambda: mancala.Batch("toguz", -1),
        lambda: mancala.Batch("toguz", 4, seed=-1),
        lambda: mancala.Batch("toguz", 4).reset(seed=-1),
        lambda: mancala.random_playouts("toguz", -1),
        lambda: mancala.Batch("toguz", 4, max_moves=-5),
        lambda: mancala.Batch("toguz", 4, max_moves=2**40),
        lambda: mancala.Toguz().apply_action(2**100),
    ],
    ids=[
        "Batch('toguz', -1)",
        "Batch('toguz', 4, seed=-1)",
        "b.reset(seed=-1)",
        "random_playouts('toguz', -1)",
        "Batch(..., max_moves=-5)",
        "Batch(..., max_moves=2**40)",
        "Toguz().apply_action(2**100)",
    ],
)
def test_negative_or_oversized_integers_raise_value_error_not_overflow_error(call):
    with pytest.raises(ValueError) as caught:
        call()
    assert type(caught.value) is ValueError


def test_range_errors_name_the_argument_and_its_range():
    with pytest.raises(ValueError, match="1 to 16777216 games, not -1"):
        mancala.Batch("toguz", -1)
    with pytest.raises(ValueError, match="seed .* 0 to 2\\^64 - 1, not -1"):
        mancala.Batch("toguz", 4, seed=-1)
    with pytest.raises(ValueError, match="max_moves must be from 1 to 2\\^32 - 1 .*, not 1099511627776"):
        mancala.Batch("toguz", 4, max_moves=2**40)
    with pytest.raises(ValueError, match="more than 64 bits"):
        mancala.Toguz().apply_action(2**100)
    with pytest.raises(ValueError, match="negative number of more than 64 bits"):
        mancala.random_playouts("toguz", -(2**70))
    with pytest.raises(ValueError, match="max_moves"):
        mancala.random_playouts("toguz", 1, max_moves=2**32)
    with pytest.raises(ValueError, match="seed"):
        mancala.random_game_trace("toguz", seed=2**64)
    # The widest seed is taken.
    assert mancala.Batch("toguz", 1, seed=2**64 - 1).num_games == 1
    assert mancala.random_playouts("toguz", 1, seed=2**64 - 1)["games"] == 1


def test_apply_action_18_says_0_to_17():
    with pytest.raises(ValueError, match="action 18 is not in 0 to 17"):
        mancala.Toguz().apply_action(18)
    with pytest.raises(ValueError, match="action -1 is not in 0 to 5"):
        mancala.Oware().apply_action(-1)


@pytest.mark.parametrize(
    "cls,options",
    [
        (mancala.Katro, {"single_seed": None}),
        (mancala.Oware, {"houses": None}),
        (mancala.Toguz, {"board": None}),
        (mancala.Toguz, {"tuzdik": None}),
        (mancala.Mangala4, {"setup_seed": None}),
    ],
)
def test_none_is_no_option_value_katro_single_seed_none_oware_houses_none(cls, options):
    with pytest.raises(TypeError, match="not None"):
        cls(**options)
    with pytest.raises(TypeError, match="not None"):
        mancala.Batch(cls.__name__.lower(), 2, **options)
    with pytest.raises(TypeError):
        mancala.random_playouts(cls.__name__.lower(), 1, **options)


def test_none_for_a_batch_argument_is_a_type_error_where_it_means_nothing():
    for kwargs in [{"seed": None}, {"max_moves": None}, {"threads": None}]:
        with pytest.raises(TypeError):
            mancala.Batch("toguz", 2, **kwargs)
    with pytest.raises(TypeError):
        mancala.Batch("toguz", None)
    # Where None is documented as the default, it is one.
    # (an unseeded reset continues each game's generator, so two batches are compared).
    batch = mancala.Batch("mangala4", 2, seed=3, setup="random")
    twin = mancala.Batch("mangala4", 2, seed=3, setup="random")
    first = batch.reset(seed=None)[0]
    assert np.array_equal(twin.reset()[0], first)
    assert mancala.Toguz().observation_tensor(None).shape == (58,)


@pytest.mark.parametrize("make", [np.int64, np.int32, np.uint8, np.int16])
def test_numpy_integers_are_integers_everywhere_toguz_board_np_int64_7(make):
    assert mancala.Toguz(board=make(7)) == mancala.Toguz(board=7)
    assert mancala.Oware(houses=make(4), seeds=make(3)) == mancala.Oware(houses=4, seeds=3)
    assert mancala.Mangala4(setup="random", setup_seed=make(5)) == mancala.Mangala4(
        setup="random", setup_seed=5
    )
    batch = mancala.Batch("toguz", make(3), seed=make(1), max_moves=make(100))
    assert batch.num_games == 3
    batch.reset(seed=make(2))
    assert mancala.random_playouts("oware", make(2), seed=make(1), max_moves=make(50))["games"] == 2
    game = mancala.Toguz()
    game.apply_action(make(6))
    assert game.play(make(0))["move"] == "1"
    assert game.action_to_string(make(3)) == "4"
    assert game.observation_tensor(make(1)).shape == (58,)


def test_bools_are_refused_everywhere_batch_n_true_toguz_board_true():
    calls = [
        lambda: mancala.Batch("toguz", True),
        lambda: mancala.Batch("toguz", 2, seed=False),
        lambda: mancala.Batch("toguz", 2, max_moves=True),
        lambda: mancala.Batch("toguz", 2).reset(seed=True),
        lambda: mancala.random_playouts("toguz", True),
        lambda: mancala.random_game_trace("toguz", seed=True),
        lambda: mancala.Toguz(board=True),
        lambda: mancala.Oware(seeds=np.True_),
        lambda: mancala.Toguz().apply_action(True),
        lambda: mancala.Toguz().apply_action(np.False_),
        lambda: mancala.Toguz().play(True),
        lambda: mancala.Toguz().action_to_string(False),
        lambda: mancala.Toguz().observation_tensor(True),
    ]
    for call in calls:
        with pytest.raises(TypeError):
            call()


def test_oware_seeds_0_blames_seeds():
    with pytest.raises(ValueError, match="option `seeds`: rule `seeds=0`: seeds takes 1 to 127"):
        mancala.Oware(seeds=0)
    with pytest.raises(ValueError, match="option `houses`: rule `houses=9`: houses takes 1 to 8"):
        mancala.Oware(houses=9)
    with pytest.raises(ValueError, match="option `seeds`: rule `seeds=20`: 8 houses of 20 seeds hold more than 255"):
        mancala.Oware(houses=8, seeds=20)
    with pytest.raises(ValueError, match="option `houses`"):
        mancala.Oware(houses=2**70)


def test_action_to_string_names_only_ids_apply_action_plays_toguz_12_automatic():
    game = mancala.Toguz()
    with pytest.raises(ValueError, match="claim") as named:
        game.action_to_string(12)
    with pytest.raises(ValueError, match="claim") as played:
        game.apply_action(12)
    assert str(named.value) == str(played.value)
    small = mancala.Toguz(board=5)
    with pytest.raises(ValueError, match="no hole 7"):
        small.action_to_string(6)
    with pytest.raises(ValueError, match="no hole 7"):
        small.apply_action(6)
    assert mancala.Toguz(tuzdik="optional").action_to_string(12) == "4*"


@pytest.mark.parametrize("name,options", CASES, ids=CASE_IDS)
def test_every_named_action_reads_back_and_every_unnamed_one_is_refused(name, options):
    game = new_game(name, options)
    rng = random.Random(11)
    for _ in range(60):
        if game.is_terminal():
            break
        legal = set(game.legal_actions())
        for action in range(game.num_distinct_actions()):
            try:
                text = game.action_to_string(action)
            except ValueError as why:
                assert action not in legal
                trial = game.clone()
                with pytest.raises(ValueError) as played:
                    trial.apply_action(action)
                assert str(played.value) == str(why)
                continue
            if action in legal:
                assert game.string_to_action(text) == action
        game.apply_action(rng.choice(sorted(legal)))


@pytest.mark.parametrize("name", mancala.GAMES)
def test_game_objects_hash_consistently_with_eq(name):
    cls = mancala.game_class(name)
    game = cls()
    assert hash(game) == hash(cls()) and game == cls()
    seen = {game.clone(): 0}
    rng = random.Random(3)
    twin = game.clone()
    for ply in range(20):
        if game.is_terminal():
            break
        action = rng.choice(game.legal_actions())
        game.apply_action(action)
        twin.apply_action(action)
        assert hash(game) == hash(twin) and game == twin
        seen.setdefault(game.clone(), ply + 1)
    assert seen[cls()] == 0
    assert cls.from_string(game.to_string()) in seen


def test_the_adapters_read_max_moves_as_the_native_module_does():
    pettingzoo = pytest.importorskip("mancala.pettingzoo")
    for bad, error in [(True, TypeError), (None, TypeError), (2.5, TypeError), (0, ValueError), (2**40, ValueError)]:
        with pytest.raises(error):
            pettingzoo.env("toguz", max_moves=bad)
    assert pettingzoo.env("toguz", max_moves=np.int64(5)).unwrapped.max_moves == 5
    pytest.importorskip("pyspiel")
    import mancala.openspiel

    for bad, error in [(True, TypeError), (0, ValueError), (2**40, ValueError)]:
        with pytest.raises(error):
            mancala.openspiel.ToguzGame({"max_moves": bad})
    assert mancala.openspiel.OwareGame({"max_moves": np.int64(9)}).max_moves == 9
