"""The game classes: OpenSpiel's State methods, errors, copies, the observation layout."""

import copy
import pickle
import random

import numpy as np
import pytest

import mancala
from conftest import CASE_IDS, CASES, OPTION_SETS, new_game


def random_game(game, rng, limit=3000):
    """Plays random legal actions until the game ends (or `limit` moves); returns the moves."""
    moves = 0
    while not game.is_terminal() and moves < limit:
        game.apply_action(rng.choice(game.legal_actions()))
        moves += 1
    return moves


@pytest.mark.parametrize("name,options", CASES, ids=CASE_IDS)
def test_a_random_game_keeps_every_promise(name, options):
    game = new_game(name, options)
    rng = random.Random(5)
    seeds = sum(game.board()) + sum(game.stores())
    size = game.observation_tensor_size()
    actions = game.num_distinct_actions()
    while not game.is_terminal():
        legal = game.legal_actions()
        assert legal == sorted(legal) and legal, "legal actions ascending, never empty mid-game"
        mask = game.legal_actions_mask()
        assert len(mask) == actions
        assert [a for a in range(actions) if mask[a]] == legal
        player = game.current_player()
        assert player in (0, 1)
        names = [game.action_to_string(a) for a in legal]
        assert len(set(names)) == len(names)
        assert [game.string_to_action(n) for n in names] == legal
        obs = game.observation_tensor()
        assert obs.dtype == np.float32 and obs.shape == (size,)
        holes = len(game.board())
        # Holes and stores hold every seed; the mover's flag is set.
        assert obs[: holes + 2].sum() == seeds
        assert obs[-2:].tolist() == [1.0, 0.0]
        assert game.observation_tensor(1 - player)[-2:].tolist() == [0.0, 1.0]
        assert game.returns() == [0.0, 0.0]
        assert game.result() is None
        text = game.to_string()
        assert type(game).from_string(text) == game
        game.apply_action(rng.choice(legal))
        assert sum(game.board()) + sum(game.stores()) == seeds
    assert game.current_player() == -4
    assert game.legal_actions() == []
    assert game.legal_actions_mask() == [0] * actions
    returns = game.returns()
    assert sum(returns) == 0 and returns[0] in (-1.0, 0.0, 1.0)
    result = game.result()
    winner = {1.0: "south wins", -1.0: "north wins", 0.0: "draw"}[returns[0]]
    assert result.startswith(winner), result
    assert game.observation_tensor()[-2:].tolist() == [0.0, 0.0]
    with pytest.raises(ValueError, match="over"):
        game.apply_action(0)


@pytest.mark.parametrize("name", mancala.GAMES)
def test_the_observation_is_the_board_as_each_player_sees_it(name):
    game = mancala.game_class(name)()
    rng = random.Random(2)
    for _ in range(7):
        game.apply_action(rng.choice(game.legal_actions()))
    board, stores = game.board(), game.stores()
    half = len(board) // 2
    south = game.observation_tensor(0)
    north = game.observation_tensor(1)
    assert south[: len(board)].tolist() == board
    assert north[: len(board)].tolist() == board[half:] + board[:half]
    assert south[len(board) : len(board) + 2].tolist() == stores
    assert north[len(board) : len(board) + 2].tolist() == stores[::-1]


def test_toguz_marks_tuzdiks_for_their_owner():
    # North's row comes first, his holes 9 down to 1: the `t` on it is South's tuzdik on
    # North's hole 3 (canonical 11); the `t` on South's row is North's, on South's hole 6
    # (canonical 5).
    game = mancala.Toguz.from_string(
        "9S,9S,9S,9S,9S,9S,t,9S,9S/9S,9S,9S,9S,9S,t,9S,9S,9S 9 9 S"
    )
    obs = game.observation_tensor(0)
    own, other = obs[20:38], obs[38:56]
    assert np.flatnonzero(own).tolist() == [11]
    assert np.flatnonzero(other).tolist() == [5]
    obs = game.observation_tensor(1)
    assert np.flatnonzero(obs[20:38]).tolist() == [14]  # North's own, seen from his side
    assert np.flatnonzero(obs[38:56]).tolist() == [2]


def test_illegal_actions_raise_value_error_and_change_nothing():
    game = mancala.Toguz()
    game.apply_action(0)
    before = game.to_string()
    for action, message in [(18, "not in 0 to 17"), (-1, "not in 0 to 17"), (9, "claim")]:
        with pytest.raises(ValueError, match=message):
            game.apply_action(action)
        assert game.to_string() == before
    empty = mancala.Oware.from_string("4,4,0,5,5,5/5,4,4,4,4,4 0 0 S")
    with pytest.raises(ValueError, match="empty"):
        empty.apply_action(2)


def test_position_strings_share_one_shape_and_the_older_forms_still_read():
    starts = {
        mancala.Toguz: "9S,9S,9S,9S,9S,9S,9S,9S,9S/9S,9S,9S,9S,9S,9S,9S,9S,9S 0 0 S",
        mancala.Mangala4: "7,7,7,7,7,7,7/7,7,7,7,7,7,7 0 0 S",
        mancala.Katro: "2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2/2,2,2,2,2,2 S",
        mancala.Oware: "4,4,4,4,4,4/4,4,4,4,4,4 0 0 S",
    }
    for cls, text in starts.items():
        assert cls().to_string() == text
        assert cls.from_string(text) == cls()
    older = {
        mancala.Mangala4: "7,7,7,7,7,7,7,7,7,7,7,7,7,7 0 0 south",
        mancala.Oware: "4,4,4,4,4,4/4,4,4,4,4,4 0-0 south",
    }
    for cls, text in older.items():
        assert cls.from_string(text) == cls()


def test_wrong_types_raise_type_error():
    game = mancala.Katro()
    for bad in ["3", 2.0, None, [1]]:
        with pytest.raises(TypeError):
            game.apply_action(bad)
    with pytest.raises(TypeError):
        game.play(1.5)
    with pytest.raises(TypeError, match="unexpected keyword argument 'sise'"):
        mancala.Katro(sise="4x4")
    with pytest.raises(TypeError, match="takes a bool"):
        mancala.Katro(single_seed=1)
    with pytest.raises(TypeError, match="takes an int"):
        mancala.Toguz(board="9")
    with pytest.raises(TypeError, match="takes an int"):
        mancala.Toguz(board=True)


@pytest.mark.parametrize(
    "cls,options,message",
    [
        (mancala.Toguz, {"board": 8}, "board takes 9, 7, 5"),
        (mancala.Toguz, {"tuzdik": "sometimes"}, "automatic"),
        (mancala.Mangala4, {"setup": "odd"}, "even"),
        (mancala.Mangala4, {"first_player": 2}, "0 \\(South\\) or 1"),
        (mancala.Mangala4, {"setup_seed": -1}, "seed"),
        (mancala.Mangala4, {"leftover": "all"}, "own-side"),
        (mancala.Katro, {"size": "5x5"}, "size"),
        (mancala.Katro, {"direction": "C"}, "direction"),
        (mancala.Katro, {"trigger": "full"}, "trigger"),
        (mancala.Oware, {"houses": 9}, "houses"),
        (mancala.Oware, {"houses": 8, "seeds": 20}, "255"),
        (mancala.Oware, {"grand_slam": "maybe"}, "capture-all"),
        (mancala.Oware, {"max_plies": -1}, "max_plies"),
    ],
)
def test_bad_option_values_raise_value_error(cls, options, message):
    with pytest.raises(ValueError, match=message):
        cls(**options)


@pytest.mark.parametrize("name", mancala.GAMES)
def test_bad_position_strings_raise_value_error(name):
    cls = mancala.game_class(name)
    for text in ["", "nonsense", "1,2,3 0 0 S", "\u00e9" * 100]:
        with pytest.raises(ValueError):
            cls.from_string(text)
    with pytest.raises(TypeError):
        cls.from_string(5)


@pytest.mark.parametrize("name", mancala.GAMES)
def test_copies_are_independent_and_pickle_round_trips(name):
    game = mancala.game_class(name)()
    game.apply_action(game.legal_actions()[0])
    for twin in [game.clone(), copy.copy(game), copy.deepcopy(game), pickle.loads(pickle.dumps(game))]:
        assert twin == game and twin is not game
        assert twin.to_string() == game.to_string()
        twin.apply_action(twin.legal_actions()[-1])
        assert twin != game


def test_play_reports_what_a_move_did():
    game = mancala.Toguz()
    # White sows hole 7's nine seeds; the last lands on Black's hole 6 (canonical 14), which
    # then holds 10 seeds: an even capture.
    assert game.play("7") == {"move": "7", "landing": 14, "captured": 10, "tuzdik": None}
    assert game.stores() == [10, 0]
    assert game.play(0)["move"] == "1"
    with pytest.raises(ValueError):
        game.play("10")
    oware = mancala.Oware()
    assert oware.play("3") == {"move": "3", "last": 6, "captured": 0, "grand_slam": False}
    assert oware.board() == [4, 4, 0, 5, 5, 5, 5, 4, 4, 4, 4, 4]


def test_mangala4_random_starts_follow_their_seed():
    a = mancala.Mangala4(setup="random", setup_seed=3)
    b = mancala.Mangala4(setup="random", setup_seed=3)
    c = mancala.Mangala4(setup="random", setup_seed=4)
    assert a == b and a != c
    assert sum(a.board()) == 98
    assert mancala.Mangala4(first_player=1).current_player() == 1
    assert mancala.Mangala4().board() == [7] * 14


def test_every_name_picks_its_class():
    assert mancala.GAMES == list(mancala.CLASSES)
    for name, cls in mancala.CLASSES.items():
        assert mancala.game_class(name) is cls
        assert mancala.game_class(name.removeprefix("mancala_")) is cls
    with pytest.raises(ValueError, match="no game"):
        mancala.game_class("chess")


def test_type_stubs_ship_with_the_package():
    from importlib import resources

    files = resources.files("mancala")
    assert files.joinpath("py.typed").is_file()
    stubs = files.joinpath("_native.pyi").read_text()
    for name in ["class Toguz", "class Mangala4", "class Katro", "class Oware", "class Batch"]:
        assert name in stubs
    for name in ["def random_playouts", "def observation_tensor", "def legal_actions_mask"]:
        assert name in stubs


def test_rule_keywords_are_the_rule_options_of_every_front_end():
    # `majority-stop`, `empty-capture`, `single-seed`: the keys of `mancala rules GAME`, with
    # underscores.
    assert "no-majority-stop" in mancala.Toguz(majority_stop=False).to_string()
    assert "majority-stop=no" in mancala.Oware(majority_stop=False, max_plies=0).to_string()
    assert "empty-capture=yes" in mancala.Kalah(empty_capture=True).to_string()
    assert "single-seed=yes" in mancala.Katro(single_seed=True).to_string()
    with pytest.raises(TypeError, match="unexpected keyword argument 'stop_at_majority'"):
        mancala.Toguz(stop_at_majority=False)


@pytest.mark.parametrize("name", mancala.GAMES)
def test_default_options_are_the_defaults(name):
    options = mancala.default_options(name)
    cls = mancala.game_class(name)
    assert cls(**options) == cls()
    assert mancala.Batch(name, 2, seed=1, **options).to_strings() == mancala.Batch(name, 2, seed=1).to_strings()
    assert set(options) >= {key for sets in OPTION_SETS[name] for key in sets}
