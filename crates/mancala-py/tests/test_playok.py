"""The PlayOK Toguz Kumalak records replay through the Python API with no mismatch.

The records are read here, in Python, from the notation's description (crates/toguz/NOTATION.md):
each half-move `ab` plays the mover's hole `a`; `b`, the landing hole counted from its owner's
left, the tuzdik mark `X` and the kazan total `(n)` (written exactly when the move makes an even
capture) are checksums compared with what `Toguz.play` reports. A game over on the board must
carry the rules' result; PlayOK's `{zero}` marks exactly the games that ended with the player to
move out of seeds.
"""

import os
import re

import pytest

import mancala
from conftest import playok_records

TOKEN = re.compile(
    r"\[(?P<tag>\w+) \"(?P<value>(?:[^\"\\]|\\.)*)\"\]"
    r"|\{(?P<comment>[^}]*)\}"
    r"|(?P<number>\d+\.(?:\.\.)?)"
    r"|(?P<result>1-0|0-1|1/2-1/2|\*)"
    r"|(?P<half>[1-9][1-9](?:[xXхХ])?(?:\((?P<kazan>\d+)\))?)"
    r"|(?P<space>\s+)"
    r"|(?P<other>\S+)"
)


def read_games(text):
    """Yields each game as (tags, half-moves, result, comment after the result)."""
    tags, moves, result, after = {}, [], None, []
    for match in TOKEN.finditer(text):
        kind = match.lastgroup if match.lastgroup != "kazan" else "half"
        if match.group("tag"):
            if result is not None:
                yield tags, moves, result, after
                tags, moves, result, after = {}, [], None, []
            tags[match.group("tag")] = match.group("value")
        elif match.group("comment") is not None:
            if result is not None:
                after.append(match.group("comment"))
        elif match.group("result"):
            result = match.group("result")
        elif match.group("half"):
            moves.append(match.group("half"))
        elif match.group("number") or match.group("space"):
            pass
        else:
            raise AssertionError(f"unreadable token {match.group(0)!r} ({kind})")
    if result is not None:
        yield tags, moves, result, after


def replay(moves):
    """Replays a game's half-moves; returns the final position, or the first mismatch."""
    game = mancala.Toguz()
    for ply, half in enumerate(moves):
        mover = game.current_player()
        origin, landing = int(half[0]), int(half[1])
        marked = len(half) > 2 and half[2] in "xXхХ"
        kazan = re.search(r"\((\d+)\)", half)
        try:
            effect = game.play(origin - 1)
        except ValueError as e:
            return None, f"ply {ply + 1} {half}: {e}"
        if effect["landing"] % 9 + 1 != landing:
            return None, f"ply {ply + 1} {half}: landed on {effect['landing'] % 9 + 1}"
        if (effect["tuzdik"] is not None) != marked:
            return None, f"ply {ply + 1} {half}: tuzdik {effect['tuzdik']}"
        if (effect["captured"] > 0) != (kazan is not None):
            return None, f"ply {ply + 1} {half}: captured {effect['captured']}"
        if kazan and game.stores()[mover] != int(kazan.group(1)):
            return None, f"ply {ply + 1} {half}: kazan {game.stores()[mover]}"
    return game, None


def test_every_playok_game_replays_with_every_checksum():
    path = playok_records()
    if path is None:
        absent = "the PlayOK records (shared/data/toguz/playok-2024-2025.pgn) are absent"
        if os.environ.get("MANCALA_REQUIRE_DATA"):
            pytest.fail(absent + ", and MANCALA_REQUIRE_DATA asks for them")
        pytest.skip(absent)
    text = path.read_text(encoding="utf-8", errors="replace")
    games = plies = over = 0
    mismatches = []
    for index, (tags, moves, result, after) in enumerate(read_games(text)):
        games += 1
        plies += len(moves)
        assert "FEN" not in tags, "PlayOK games start from the start"
        assert tags.get("Result") == result
        game, error = replay(moves)
        if error is None and game.is_terminal():
            over += 1
            expected = {1.0: "1-0", -1.0: "0-1", 0.0: "1/2-1/2"}[game.returns()[0]]
            if result != expected:
                error = f"result {result}, the rules say {expected}"
            elif ("zero" in after) != game.result().endswith("(no-seeds)"):
                error = f"{{zero}} {'zero' in after} but the game ended {game.result()}"
        elif error is None and "zero" in after:
            error = "{zero} on a game the rules have not ended"
        if error is not None:
            mismatches.append(f"game {index}: {error}")
    assert games == 2398
    assert plies > 200_000
    assert over > 600
    assert mismatches == []
