"""search(): the engine from Python, its limits checked, its answer a legal line."""

import pytest

import mancala
from conftest import CASE_IDS, CASES, new_game


@pytest.mark.parametrize("name,options", CASES, ids=CASE_IDS)
def test_the_best_action_and_the_line_are_legal(name, options):
    game = new_game(name, options)
    result = game.search(depth=3)
    assert result["action"] in game.legal_actions()
    assert result["pv"][0] == result["action"]
    assert result["move"] == game.action_to_string(result["action"])
    line = game.clone()
    for action, move in zip(result["pv"], result["pv_moves"]):
        assert line.action_to_string(action) == move
        line.apply_action(action)
    assert 1 <= result["depth"] <= 3 and result["nodes"] > 0
    assert isinstance(result["value"], int)


def test_a_won_position_is_seen_as_won():
    # Kalah with two pits of one seed a side: South wins in two plies, and the search proves it.
    game = mancala.Kalah(pits=2, seeds=1)
    result = game.search(depth=10)
    assert result["plies_to_end"] == 2 and result["value"] > 0 and len(result["pv"]) == 2
    line = game.clone()
    for action in result["pv"]:
        line.apply_action(action)
    assert line.is_terminal() and line.returns() == [1.0, -1.0]


def test_limits():
    game = mancala.Toguz()
    assert game.search(nodes=500)["nodes"] <= 600
    assert game.search(time=0.05)["action"] in game.legal_actions()
    assert game.search()["depth"] == 8
    over = mancala.Kalah(pits=1, seeds=1)
    over.apply_action(1)
    assert over.is_terminal() and over.search(depth=2)["action"] is None
    for bad in ({"depth": 0}, {"depth": 65}, {"nodes": 0}, {"time": 0}, {"time": -1.0},
                {"time": float("nan")}, {"threads": 257}, {"threads": 0}, {"table_mb": 0},
                {"depth": 2**70}):
        with pytest.raises(ValueError):
            game.search(**bad)
    shared = game.search(depth=6, threads=2)
    assert shared["action"] in game.legal_actions() and shared["depth"] == 6
    with pytest.raises(TypeError):
        game.search(depth=True)
    with pytest.raises(TypeError, match="bool"):
        game.search(time=True)
    with pytest.raises(TypeError):
        game.search(depth="4")


def test_endgame_databases_make_a_shallow_search_perfect():
    # One ply deep, the evaluation gives seeds away here; the databases know the end.
    game = mancala.Kalah.from_string("2,0,0,0,3,0/0,1,1,0,0,0 23 18 S max-plies=0")
    solved = game.solve()
    assert game.search(depth=1)["move"] not in solved["best_moves"]
    known = game.search(depth=1, endgame_seeds=8)
    assert known["move"] in solved["best_moves"]
    # A known value lies above every evaluation: 750 000 000 plus the final margin.
    assert known["value"] == 750_000_000 + solved["value"]
    # The second search takes the databases the first one built.
    assert game.search(depth=1, endgame_seeds=8) == known
    for cls in (mancala.Katro, mancala.Mangala4):
        with pytest.raises(ValueError, match="no endgame databases"):
            cls().search(depth=1, endgame_seeds=4)
    for bad in (-1, 128, 2**70):
        with pytest.raises(ValueError, match="endgame_seeds"):
            game.search(depth=1, endgame_seeds=bad)
    # A size that does not fit the memory is refused at once.
    with pytest.raises(ValueError, match="more than the"):
        mancala.Toguz().search(depth=1, endgame_seeds=60)


INTERRUPTED = """
import os, signal, sys, threading, time
import mancala
# Python raises KeyboardInterrupt only where SIGINT was not ignored when it started (a
# background job ignores it): the handler is set here, as a terminal's Python has it.
signal.signal(signal.SIGINT, signal.default_int_handler)
threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT)).start()
started = time.monotonic()
try:
    {call}
except KeyboardInterrupt:
    print(time.monotonic() - started)
    sys.exit(0)
sys.exit("not interrupted")
"""


def seconds_to_interrupt(call):
    """How long after its start a fresh process's ``call`` took to raise KeyboardInterrupt
    for a SIGINT sent half a second in."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", INTERRUPTED.format(call=call)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr + done.stdout
    return float(done.stdout)


def test_ctrl_c_interrupts_search():
    for call in ("mancala.Toguz().search(time=60)",
                 "mancala.Oware().search(time=60, threads=2)"):
        assert seconds_to_interrupt(call) < 5, call


def test_a_time_limited_search_completes_depth_one():
    # A table far larger than the time: its allocation is not counted against the time.
    result = mancala.Toguz().search(time=0.001, table_mb=256)
    assert result["depth"] >= 1 and result["nodes"] > 0
    assert result["action"] in mancala.Toguz().legal_actions()
    assert result["pv"][0] == result["action"]
    for _ in range(20):
        result = mancala.Kalah().search(time=1e-6)
        assert result["depth"] >= 1 and result["pv"] and result["nodes"] > 0


def test_endgame_databases_are_written_once_and_read_by_any_search(tmp_path):
    game = mancala.Kalah.from_string("2,0,0,0,3,0/0,1,1,0,0,0 23 18 S max-plies=0")
    path = tmp_path / "kalah.db"
    positions = game.write_endgame(path, 8)
    assert positions > 0 and path.stat().st_size > positions
    built = game.search(depth=1, endgame_seeds=8)
    read = game.search(depth=1, endgame_file=path)
    assert read == built
    assert game.search(depth=1, endgame_file=str(path)) == read
    assert read["value"] == 750_000_000 + game.solve()["value"]
    with pytest.raises(ValueError, match="do not go together"):
        game.search(depth=1, endgame_seeds=8, endgame_file=path)
    with pytest.raises(FileNotFoundError, match="cannot open the database file"):
        game.search(depth=1, endgame_file=tmp_path / "missing.db")
    # A file of other rules is refused, naming what differs.
    other = mancala.Kalah(pits=4, seeds=3)
    with pytest.raises(ValueError, match="not a database of this game"):
        other.search(depth=1, endgame_file=path)
    with pytest.raises(ValueError, match="no endgame databases"):
        mancala.Katro().write_endgame(tmp_path / "katro.db", 4)
    assert not (tmp_path / "katro.db").exists()
