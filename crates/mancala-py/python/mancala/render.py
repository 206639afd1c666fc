"""Pictures of a position: SVG (what a game object shows in Jupyter), text, and an RGB array.

Each is drawn from ``game.drawing()``: the board as South sees it, his row at the bottom and
North's above it (Katro: South's rows at the bottom), a store (kazan) at each end where the
game has them (North's on the left, South's on the right, as each sits on his right-hand side),
tuzdiks marked in red with the owner's initial, the hole the last move sowed from ringed in
blue, and a caption saying who is to move or how the game ended. The RGB array is drawn with
numpy alone (rectangles, discs and a small pixel font, its caption in capitals), with no
drawing library.
"""

import numpy as np

#: The side of one hole's square in the pictures, in pixels.
CELL = 48

_WOOD, _HOLE, _INK = "#c8955a", "#f3e3c3", "#2b1d0e"
_TUZDIK, _LAST = "#b03030", "#1f5fd0"
_SIDES = ("South", "North")


def _caption(d):
    if d["result"] is not None:
        return d["result"]
    return f"{_SIDES[d['to_move']]} to move"


def _geometry(d):
    """Where everything goes: the left edge of the holes, the picture's width and height."""
    left = CELL if d["stores"] is not None else 0
    width = left * 2 + d["cols"] * CELL
    height = d["rows"] * CELL + CELL // 2
    return left, width, height


def _marks(d):
    return {hole: _SIDES[side][0] for hole, side in d["marks"]}


def svg(game):
    """The position as an SVG document (a string)."""
    d = game.drawing()
    left, width, height = _geometry(d)
    marks = _marks(d)
    r = CELL * 0.4
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif" text-anchor="middle">',
        f'<rect width="{width}" height="{d["rows"] * CELL}" rx="8" fill="{_WOOD}"/>',
    ]
    for hole, (row, col, seeds) in enumerate(d["holes"]):
        x, y = left + col * CELL + CELL / 2, row * CELL + CELL / 2
        fill = _TUZDIK if hole in marks else _HOLE
        ink = "white" if hole in marks else _INK
        stroke = f' stroke="{_LAST}" stroke-width="4"' if hole == d["last"] else ""
        out.append(f'<circle cx="{x}" cy="{y}" r="{r}" fill="{fill}"{stroke}>'
                   f'<title>hole {hole}</title></circle>')
        out.append(f'<text x="{x}" y="{y + 6}" font-size="17" fill="{ink}">{seeds}</text>')
        if hole in marks:
            out.append(f'<text x="{x + r - 2}" y="{y - r + 8}" font-size="10" '
                       f'fill="{_TUZDIK}">{marks[hole]}</text>')
    if d["stores"] is not None:
        h = d["rows"] * CELL
        for side, x in ((1, 0), (0, width - CELL)):
            out.append(f'<rect x="{x + 6}" y="8" width="{CELL - 12}" height="{h - 16}" rx="14" '
                       f'fill="{_HOLE}"><title>{_SIDES[side]}\'s store</title></rect>')
            out.append(f'<text x="{x + CELL / 2}" y="{h / 2 + 6}" font-size="17" '
                       f'fill="{_INK}">{d["stores"][side]}</text>')
    out.append(f'<text x="{width / 2}" y="{height - 6}" font-size="14" fill="{_INK}">'
               f'{_escape(_caption(d))}</text>')
    out.append("</svg>")
    return "\n".join(out)


def _escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def text(game):
    """The position as lines of text: North's row above South's, the stores at the ends,
    a tuzdik written ``(9)``, the last move's hole ``[9]``."""
    d = game.drawing()
    marks = _marks(d)
    grid = [["" for _ in range(d["cols"])] for _ in range(d["rows"])]
    for hole, (row, col, seeds) in enumerate(d["holes"]):
        cell = f"({seeds})" if hole in marks else f"[{seeds}]" if hole == d["last"] else str(seeds)
        grid[row][col] = cell
    lines = ["".join(f"{c:>6}" for c in row) for row in grid]
    if d["stores"] is not None:
        north, south = d["stores"][1], d["stores"][0]
        pad = " " * 6
        lines = [pad + line for line in lines]
        lines.insert(len(lines) // 2, f"{north:>4}" + " " * (6 * d["cols"] + 4) + f"{south:>4}")
    lines.append(_caption(d))
    return "\n".join(lines) + "\n"


# The pixel font: 3 pixels wide and 5 high, a row of 3 bits each; letters in capitals.
_FONT = {
    "0": (7, 5, 5, 5, 7), "1": (2, 6, 2, 2, 7), "2": (7, 1, 7, 4, 7), "3": (7, 1, 7, 1, 7),
    "4": (5, 5, 7, 1, 1), "5": (7, 4, 7, 1, 7), "6": (7, 4, 7, 5, 7), "7": (7, 1, 1, 1, 1),
    "8": (7, 5, 7, 5, 7), "9": (7, 5, 7, 1, 7),
    "A": (2, 5, 7, 5, 5), "B": (6, 5, 6, 5, 6), "C": (3, 4, 4, 4, 3), "D": (6, 5, 5, 5, 6),
    "E": (7, 4, 6, 4, 7), "F": (7, 4, 6, 4, 4), "G": (3, 4, 5, 5, 3), "H": (5, 5, 7, 5, 5),
    "I": (7, 2, 2, 2, 7), "J": (1, 1, 1, 5, 2), "K": (5, 5, 6, 5, 5), "L": (4, 4, 4, 4, 7),
    "M": (5, 7, 7, 5, 5), "N": (6, 5, 5, 5, 5), "O": (2, 5, 5, 5, 2), "P": (6, 5, 6, 4, 4),
    "Q": (2, 5, 5, 6, 3), "R": (6, 5, 6, 5, 5), "S": (3, 4, 2, 1, 6), "T": (7, 2, 2, 2, 2),
    "U": (5, 5, 5, 5, 7), "V": (5, 5, 5, 5, 2), "W": (5, 5, 7, 7, 5), "X": (5, 5, 2, 5, 5),
    "Y": (5, 5, 2, 2, 2), "Z": (7, 1, 2, 4, 7),
    "-": (0, 0, 7, 0, 0), "(": (1, 2, 2, 2, 1), ")": (4, 2, 2, 2, 4), ":": (0, 2, 0, 2, 0),
    ".": (0, 0, 0, 0, 2), ",": (0, 0, 0, 2, 4), "/": (1, 1, 2, 4, 4), " ": (0, 0, 0, 0, 0),
}


def _rgb(colour):
    return np.array([int(colour[i:i + 2], 16) for i in (1, 3, 5)], np.uint8)


def _write(image, text, cx, cy, colour, scale=3):
    """Writes ``text`` (in capitals; a character the font lacks is a blank) centred on
    ``(cx, cy)``."""
    text = str(text).upper()
    w = (4 * len(text) - 1) * scale
    x0, y0 = int(cx - w / 2), int(cy - 5 * scale / 2)
    for k, ch in enumerate(text):
        for row, bits in enumerate(_FONT.get(ch, _FONT[" "])):
            for col in range(3):
                if bits >> (2 - col) & 1:
                    x = x0 + (4 * k + col) * scale
                    y = y0 + row * scale
                    image[y:y + scale, x:x + scale] = colour


def _fitting_scale(text, width):
    """The largest pixel size up to 2 at which ``text`` fits ``width`` (else 1)."""
    return 2 if (4 * len(text) - 1) * 2 <= width - 4 else 1


def rgb(game):
    """The position as an RGB image: a ``uint8`` array of shape ``(height, width, 3)``."""
    d = game.drawing()
    left, width, height = _geometry(d)
    marks = _marks(d)
    image = np.empty((height, width, 3), np.uint8)
    image[:] = 255
    image[: d["rows"] * CELL] = _rgb(_WOOD)
    ys, xs = np.mgrid[0:CELL, 0:CELL]
    dist = np.hypot(xs - CELL / 2 + 0.5, ys - CELL / 2 + 0.5)
    disc, ring = dist <= CELL * 0.4, (dist <= CELL * 0.46) & (dist > CELL * 0.4)
    for hole, (row, col, seeds) in enumerate(d["holes"]):
        x, y = left + col * CELL, row * CELL
        square = image[y:y + CELL, x:x + CELL]
        square[disc] = _rgb(_TUZDIK if hole in marks else _HOLE)
        if hole == d["last"]:
            square[ring] = _rgb(_LAST)
        ink = _rgb("#ffffff") if hole in marks else _rgb(_INK)
        _write(image, seeds, x + CELL / 2, y + CELL / 2, ink)
    if d["stores"] is not None:
        h = d["rows"] * CELL
        for side, x in ((1, 0), (0, width - CELL)):
            image[8:h - 8, x + 6:x + CELL - 6] = _rgb(_HOLE)
            _write(image, d["stores"][side], x + CELL / 2, h / 2, _rgb(_INK))
    # The caption under the board, as the SVG has it: who is to move, or the result.
    caption = _caption(d)
    scale = _fitting_scale(caption, width)
    most = max((width - 4) // (4 * scale), 1)
    _write(image, caption[:most], width / 2, d["rows"] * CELL + CELL // 4, _rgb(_INK), scale)
    return image
