"""Pictures: SVG for notebooks, text and RGB arrays, with tuzdiks and the last move marked."""

import xml.etree.ElementTree as ET

import numpy as np
import pytest

import mancala
from mancala import render
from conftest import CASE_IDS, CASES, new_game


@pytest.mark.parametrize("name,options", CASES, ids=CASE_IDS)
def test_every_game_draws_its_board(name, options):
    game = new_game(name, options)
    game.apply_action(game.legal_actions()[0])
    d = game.drawing()
    board = game.board()
    assert [seeds for _, _, seeds in d["holes"]] == board
    assert len({(r, c) for r, c, _ in d["holes"]}) == len(board), "one cell a hole"
    svg = ET.fromstring(game._repr_svg_())
    circles = svg.findall("{http://www.w3.org/2000/svg}circle")
    assert len(circles) == len(board)
    ringed = [c for c in circles if c.get("stroke")]
    assert len(ringed) == (d["last"] is not None)
    texts = [t.text for t in svg.iter("{http://www.w3.org/2000/svg}text")]
    assert texts[-1] in ("South to move", "North to move") or game.is_terminal()
    image = render.rgb(game)
    assert image.dtype == np.uint8 and image.shape[2] == 3
    assert image.shape[:2] == (d["rows"] * render.CELL + render.CELL // 2,
                               (d["cols"] + 2 * (d["stores"] is not None)) * render.CELL)
    assert render.text(game).count("\n") == d["rows"] + 1 + (d["stores"] is not None)


def test_the_board_is_drawn_as_players_see_it():
    game = mancala.Oware()
    game.apply_action(0)  # South sows his first house, on his left
    d = game.drawing()
    assert d["holes"][0][:2] == (1, 0), "South's first house bottom left"
    assert d["holes"][6][:2] == (0, 5), "North's first house top right"
    assert d["last"] == 0
    assert d["stores"] == [0, 0] and d["to_move"] == 1


def test_tuzdiks_are_marked():
    trace = mancala.random_game_trace("toguz", seed=1, max_moves=400)
    game = mancala.Toguz()
    for ply in trace["plies"]:
        game.play(ply[1])
        if game.drawing()["marks"]:
            break
    else:
        pytest.fail("no tuzdik in the whole game")
    tensor = game.observation_tensor(0)
    hole, owner = game.drawing()["marks"][0]
    plane = tensor[20:38] if owner == 0 else tensor[38:56]
    assert plane.sum() == 1, "the observation's tuzdik plane agrees"
    assert owner == 0 and hole >= 9 or owner == 1 and hole < 9, "on the opponent's row"
    assert "(" in render.text(game)
    assert 'fill="#b03030"' in game._repr_svg_()


def test_katro_rows_as_south_sees_them():
    game = mancala.Katro(size="4x4")
    d = game.drawing()
    assert d["rows"] == 4 and d["cols"] == 4 and d["stores"] is None
    assert d["holes"][0][:2] == (3, 0), "South's outer left hole bottom left"


def test_the_rgb_picture_has_the_svgs_caption():
    def caption(game):
        image = render.rgb(game)
        return image[game.drawing()["rows"] * render.CELL:]

    south = mancala.Oware()
    north = mancala.Oware()
    north.apply_action(0)
    trace = mancala.random_game_trace("kalah", seed=2)
    over = mancala.Kalah()
    for ply in trace["plies"]:
        over.play(ply[1])
    assert over.is_terminal()
    strips = [caption(south), caption(north)]
    assert all((strip != 255).any() for strip in strips), "a caption is written"
    assert not np.array_equal(*strips), "South to move, North to move"
    # The result's caption is the SVG's, in capitals: as wide as its text.
    text = render._caption(over.drawing())
    inked = np.flatnonzero((caption(over) != 255).any(axis=(0, 2)))
    scale = render._fitting_scale(text, caption(over).shape[1])
    assert inked[-1] - inked[0] + 1 <= (4 * len(text) - 1) * scale
    assert inked[-1] - inked[0] + 1 >= (4 * len(text) - 1) * scale // 2
