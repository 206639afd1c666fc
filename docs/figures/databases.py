"""Draws docs/figures/databases.svg, how the endgame databases grow with the seeds on the
board, from the measured levels in docs/figures/databases.csv (standard library only).

    python3 docs/figures/databases.py           # writes the SVG
    python3 docs/figures/databases.py --check   # fails if the SVG is not what the CSV gives

The CSV holds one row a level as `mancala solve ... --db-seeds N` prints it: the board, the
seeds on the board, the positions of the level, the passes of its build and the seconds the
build took. The left panel adds, dashed, the positions a level holds on to the full game,
counted (not measured) by the same stars-and-bars formula the index uses.
"""

import csv
import math
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / "databases.csv"
OUTPUT = HERE / "databases.svg"

# Each board: its label, its colour, its pits, and the seeds of the full game (where the
# counted extension ends).
BOARDS = {
    "kalah-6": ("Kalah, 6 pits a side", "#1f77b4", 12, 72),
    "toguz-2x5": ("Toguz Kumalak 2 × 5", "#d62728", 10, 50),
}

WIDTH, HEIGHT = 900, 400
PANEL_W, PANEL_H = 340, 250
MARGIN_L, MARGIN_T = 80, 50
GAP = 120


def read_levels():
    """The measured levels, by board: lists of (seeds, positions, seconds)."""
    levels = {}
    with DATA.open(newline="") as handle:
        for row in csv.DictReader(handle):
            levels.setdefault(row["board"], []).append(
                (int(row["seeds"]), int(row["positions"]), float(row["seconds"]))
            )
    return levels


def counted(pits, seeds):
    """Positions of a level: every way of putting `seeds` into `pits`, South to move."""
    return math.comb(seeds + pits - 1, pits - 1)


class Panel:
    """One log-scale panel: x the seeds on the board, y a power of ten."""

    def __init__(self, left, x_max, y_min, y_max, title, y_label):
        self.left, self.x_max = left, x_max
        self.y_min, self.y_max = y_min, y_max
        self.title, self.y_label = title, y_label

    def x(self, seeds):
        return self.left + PANEL_W * seeds / self.x_max

    def y(self, value):
        span = self.y_max - self.y_min
        return MARGIN_T + PANEL_H * (1 - (math.log10(value) - self.y_min) / span)

    def frame(self):
        parts = [
            f'<rect x="{self.left}" y="{MARGIN_T}" width="{PANEL_W}" height="{PANEL_H}" '
            'fill="none" stroke="#444"/>',
            f'<text x="{self.left + PANEL_W / 2}" y="{MARGIN_T - 15}" '
            f'text-anchor="middle" font-weight="bold">{self.title}</text>',
            f'<text x="{self.left + PANEL_W / 2}" y="{MARGIN_T + PANEL_H + 38}" '
            'text-anchor="middle">seeds on the board</text>',
            f'<text transform="translate({self.left - 55},{MARGIN_T + PANEL_H / 2}) '
            f'rotate(-90)" text-anchor="middle">{self.y_label}</text>',
        ]
        for power in range(self.y_min, self.y_max + 1):
            y = self.y(10**power)
            parts.append(
                f'<line x1="{self.left}" y1="{y:.1f}" x2="{self.left + PANEL_W}" '
                f'y2="{y:.1f}" stroke="#ddd"/>'
            )
            parts.append(
                f'<text x="{self.left - 6}" y="{y + 4:.1f}" text-anchor="end">'
                f"10<tspan dy=\"-6\" font-size=\"9\">{power}</tspan></text>"
            )
        for seeds in range(0, self.x_max + 1, 10):
            x = self.x(seeds)
            parts.append(
                f'<text x="{x:.1f}" y="{MARGIN_T + PANEL_H + 18}" '
                f'text-anchor="middle">{seeds}</text>'
            )
        return parts

    def line(self, points, colour, dashed=False):
        path = " ".join(f"{self.x(s):.1f},{self.y(v):.1f}" for s, v in points if v > 0)
        dash = ' stroke-dasharray="5,4"' if dashed else ""
        return f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>'

    def dots(self, points, colour):
        return [
            f'<circle cx="{self.x(s):.1f}" cy="{self.y(v):.1f}" r="2.5" fill="{colour}"/>'
            for s, v in points
            if v > 0
        ]


def draw(levels):
    """The SVG text."""
    positions = Panel(MARGIN_L, 75, 0, 14, "Positions in a level", "positions")
    # The measured levels' seeds, to the next ten.
    widest = max((s for measured in levels.values() for s, _, _ in measured), default=0)
    seconds = Panel(
        MARGIN_L + PANEL_W + GAP,
        max(10, math.ceil(widest / 10) * 10),
        -3,
        3,
        "Build time of a level (measured)",
        "seconds",
    )
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        'font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
    ]
    parts += positions.frame() + seconds.frame()
    for row, (board, (label, colour, pits, total)) in enumerate(BOARDS.items()):
        measured = levels.get(board, [])
        parts.append(
            positions.line([(s, counted(pits, s)) for s in range(total + 1)], colour, True)
        )
        parts += positions.dots([(s, p) for s, p, _ in measured], colour)
        # A level built in under a millisecond has no place on the log scale.
        timed = [(s, t) for s, _, t in measured if t >= 0.001]
        parts.append(seconds.line(timed, colour))
        parts += seconds.dots(timed, colour)
        y = HEIGHT - 36 + 16 * row
        parts.append(
            f'<line x1="{MARGIN_L}" y1="{y - 4}" x2="{MARGIN_L + 24}" y2="{y - 4}" '
            f'stroke="{colour}" stroke-width="2"/>'
        )
        parts.append(
            f'<text x="{MARGIN_L + 30}" y="{y}">{label}: dots measured, dashes counted to '
            f"the full game ({total} seeds)</text>"
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main():
    svg = draw(read_levels())
    if sys.argv[1:] == ["--check"]:
        if OUTPUT.read_text() != svg:
            sys.exit(f"{OUTPUT} is not what {DATA.name} gives: run {Path(__file__).name}")
        print(f"{OUTPUT.name} matches {DATA.name}")
    elif sys.argv[1:]:
        sys.exit("usage: databases.py [--check]")
    else:
        OUTPUT.write_text(svg)
        print(f"wrote {OUTPUT}")


if __name__ == "__main__":
    main()
