"""solve(): exact values, checked against a plain minimax written here."""

import pytest

import mancala


def south_value(game):
    """South's final score minus North's under perfect play, by brute force."""
    if game.is_terminal():
        south, north = game.scores()
        return south - north
    values = []
    for action in game.legal_actions():
        child = game.clone()
        child.apply_action(action)
        values.append(south_value(child))
    return max(values) if game.current_player() == 0 else min(values)


def minimax(game):
    """The final score difference for the player to move under perfect play."""
    value = south_value(game)
    return value if game.current_player() == 0 else -value


def test_small_kalah_boards_agree_with_minimax():
    for pits, seeds in [(1, 1), (2, 1), (2, 2), (3, 1), (3, 2)]:
        for empty_capture in (False, True):
            game = mancala.Kalah(pits=pits, seeds=seeds, empty_capture=empty_capture,
                                 max_plies=0)
            result = game.solve()
            assert result["value"] == minimax(game.clone()), (pits, seeds, empty_capture)
            assert result["low"] == result["high"] == result["value"]
            assert result["best"] and set(result["best"]) <= set(game.legal_actions())
            assert result["pv"][0] in result["best"]
            line = game.clone()
            for action in result["pv"]:
                line.apply_action(action)
            assert line.is_terminal()


def test_positions_after_moves_agree_with_minimax():
    game = mancala.Kalah(pits=3, seeds=2, max_plies=0)
    seen_north = False
    for action in game.legal_actions():
        child = game.clone()
        child.apply_action(action)
        if child.is_terminal():
            continue
        seen_north |= child.current_player() == 1
        assert child.solve()["value"] == minimax(child.clone())
    assert seen_north
    oware = mancala.Oware(houses=2, seeds=1, max_plies=0)
    assert oware.solve()["value"] == minimax(oware.clone())


def test_limits_and_bad_arguments():
    game = mancala.Toguz()
    with pytest.raises(RuntimeError, match="node limit"):
        game.solve(nodes=1000)
    for bad in ({"nodes": 0}, {"nodes": -1}, {"table_mb": 0}, {"table_mb": 2**40}):
        with pytest.raises(ValueError):
            game.solve(**bad)
    with pytest.raises(TypeError):
        game.solve(nodes=True)


def test_ctrl_c_interrupts_solve():
    from test_search import seconds_to_interrupt

    call = "mancala.Oware(houses=4, seeds=4, max_plies=0).solve(nodes=10**12)"
    assert seconds_to_interrupt(call) < 5


def test_the_line_limit_message_asks_nothing_python_cannot_do():
    with pytest.raises(RuntimeError, match="cannot be solved here") as error:
        mancala.Katro(size="4x4").solve(nodes=10**5)
    assert "raise the line limit" not in str(error.value)
