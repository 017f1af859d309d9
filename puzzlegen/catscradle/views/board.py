"""Cat's Cradle positions as :class:`~puzzlegen.diagram.Diagram` s.

Each cell holds its stack fanned downwards, bottom card first, so the rank
and suit in the top strip of every card can be read; the top card shows a
large pip too.  A space is a dashed empty outline.  A solution diagram is the
starting position with numbered arrows, one per move.  Rows grow to fit the
tallest stack in them.  All sizes are in points.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from puzzlegen.catscradle.board import LINES, SIZE, coords
from puzzlegen.catscradle.cards import Card
from puzzlegen.catscradle.position import Move, Position
from puzzlegen.diagram import Diagram, Group, Ops, Path, Pip, Rect, Text, circle

CARD_W = 40.0
CARD_H = 56.0
PAD = 6.0
STRIP = 13.0  # the visible top strip of a card under another
MAX_FAN = 4 * STRIP  # a tall stack fans no further than this...
MIN_STRIP = 9.5  # ...unless its strips would get thinner than this
CELL_W = CARD_W + 2 * PAD
MARGIN = 6.0
LABEL = 12.0  # room for row/column numbers
#: The height of a diagram with no stacks and no labels.
PLAIN_HEIGHT = 2 * MARGIN + 4 * (CARD_H + 2 * PAD)

RED = "#c0182b"
BLACK = "#141414"
ARROW = "#1d5bbf"
LINE_COLOUR = "#d9534f"


def _card_colours(card: Card, mono: bool) -> tuple[str | None, str | None, str]:
    """Pip fill, pip stroke and text colour of a card."""
    if not card.red:
        return BLACK, None, BLACK
    if mono:
        return "#ffffff", BLACK, BLACK  # hollow pips: red is still unmistakable
    return RED, None, RED


def fan_step(height: int) -> float:
    """How far each card of a stack of ``height`` cards sits below the one under it."""
    if height <= 1:
        return STRIP
    return max(MIN_STRIP, min(STRIP, MAX_FAN / (height - 1)))


def _card(card: Card, x: float, y: float, top: bool, mono: bool, strip: float) -> Group:
    fill, stroke, ink = _card_colours(card, mono)
    colour = "red" if card.red else "black"
    index = 10 * min(1.0, strip / STRIP)  # a smaller index in a tightly fanned stack
    items: list[Rect | Text | Pip | Path | Group] = [
        Rect(
            x,
            y,
            CARD_W,
            CARD_H,
            fill="#ffffff",
            stroke="#333333",
            stroke_width=0.8,
            radius=3.5,
            css="face",
        ),
        Text(x + 3, y + 0.5 + index, card.rank_name, index, fill=ink, bold=True, css="rank"),
        Pip(
            card.suit.value,
            x + CARD_W - 3 - 0.9 * index,
            y + 0.25 * index,
            0.9 * index,
            fill,
            stroke,
            0.9 if stroke else 0,
            css="pip",
        ),
    ]
    if top:
        big = 22.0
        cy = y + STRIP + (CARD_H - STRIP) / 2
        items.append(
            Pip(
                card.suit.value,
                x + (CARD_W - big) / 2,
                cy - big / 2,
                big,
                fill,
                stroke,
                1.3 if stroke else 0,
                css="pip pip-large",
            )
        )
    css = f"card {colour} rank-{card.rank_name} suit-{card.suit.value}" + (" top" if top else "")
    return Group(css, tuple(items), title=card.symbol())


class _Layout:
    """Where each cell is, for a position (rows as tall as their tallest stack)."""

    def __init__(self, position: Position, coordinates: bool) -> None:
        self.left = MARGIN + (LABEL if coordinates else 0)
        self.top = MARGIN + (LABEL if coordinates else 0)
        heights = [
            max(1, *(len(position.cells[r * SIZE + c]) for c in range(SIZE))) for r in range(SIZE)
        ]
        self.row_h = [CARD_H + 2 * PAD + (h - 1) * fan_step(h) for h in heights]
        self.row_y = [self.top + sum(self.row_h[:r]) for r in range(SIZE)]
        self.width = self.left + SIZE * CELL_W + MARGIN
        self.height = self.top + sum(self.row_h) + MARGIN

    def cell_box(self, cell: int) -> tuple[float, float, float, float]:
        r, c = coords(cell)
        return self.left + c * CELL_W, self.row_y[r], CELL_W, self.row_h[r]

    def anchor(self, cell: int) -> tuple[float, float]:
        """Where arrows and lines meet a cell: the middle of its first card."""
        x, y, w, _ = self.cell_box(cell)
        return x + w / 2, y + PAD + CARD_H / 2


def _arrow(
    number: int, start: tuple[float, float], end: tuple[float, float], bend: float, mono: bool
) -> Group:
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    cx, cy = (x0 + x1) / 2 + nx * bend * length, (y0 + y1) / 2 + ny * bend * length
    # Stop short of the target's centre so the head does not hide its card.
    tx, ty = x1 - cx, y1 - cy
    tl = math.hypot(tx, ty) or 1.0
    ex, ey = x1 - tx / tl * 9, y1 - ty / tl * 9
    ux, uy = tx / tl, ty / tl
    head: Ops = (
        ("M", ex + ux * 7, ey + uy * 7),
        ("L", ex - uy * 3.5, ey + ux * 3.5),
        ("L", ex + uy * 3.5, ey - ux * 3.5),
        ("Z",),
    )
    colour = BLACK if mono else ARROW
    mx = 0.25 * x0 + 0.5 * cx + 0.25 * ex
    my = 0.25 * y0 + 0.5 * cy + 0.25 * ey
    return Group(
        f"arrow move-{number}",
        (
            Path(
                (("M", x0, y0), ("Q", cx, cy, ex, ey)), stroke=colour, stroke_width=1.6, css="shaft"
            ),
            Path(head, fill=colour, stroke=None, css="head"),
            Path(circle(mx, my, 6.5), fill="#ffffff", stroke=colour, stroke_width=1.1, css="badge"),
            Text(
                mx,
                my + 3.2,
                str(number),
                8.5,
                fill=colour,
                bold=True,
                anchor="middle",
                css="number",
            ),
        ),
        title=f"move {number}",
    )


def board_diagram(
    position: Position,
    *,
    arrows: Sequence[Move] = (),
    show_lines: bool = False,
    coordinates: bool = False,
    mono: bool = False,
    title: str | None = None,
) -> Diagram:
    """The diagram of ``position``; ``arrows`` are moves drawn as numbered arrows, in order.

    ``show_lines`` overlays the 18 lines; ``coordinates`` labels rows and
    columns with the zero-based numbers of the JSON output; ``mono`` draws
    for black-and-white print (red pips hollow).
    """
    layout = _Layout(position, coordinates)
    groups: list[Group] = []
    for cell, stack in enumerate(position.cells):
        x, y, w, h = layout.cell_box(cell)
        r, c = coords(cell)
        items: list[Rect | Text | Pip | Path | Group] = [
            Rect(
                x,
                y,
                w,
                h,
                fill=None if mono else "#eef3ea",
                stroke="#9aa39a",
                stroke_width=0.6,
                css="cell-box",
            ),
        ]
        if not stack:
            items.append(
                Rect(
                    x + PAD,
                    y + PAD,
                    CARD_W,
                    CARD_H,
                    stroke="#8a8a8a",
                    stroke_width=0.9,
                    radius=3.5,
                    dash=(3, 2),
                    css="space",
                )
            )
        step = fan_step(len(stack))
        for depth, card in enumerate(stack):
            top = depth == len(stack) - 1
            items.append(_card(card, x + PAD, y + PAD + depth * step, top, mono, step))
        css = f"cell cell-{cell} row-{r} col-{c}" + (" space" if not stack else "")
        groups.append(Group(css, tuple(items)))
    if show_lines:
        overlay: list[Rect | Text | Pip | Path | Group] = []
        for cells in LINES:
            (x0, y0), (x1, y1) = layout.anchor(cells[0]), layout.anchor(cells[-1])
            overlay.append(
                Path(
                    (("M", x0, y0), ("L", x1, y1)),
                    stroke="#777777" if mono else LINE_COLOUR,
                    stroke_width=1.4,
                    dash=(4, 2) if mono else (),
                    css="line",
                )
            )
        groups.append(Group("lines", tuple(overlay)))
    if arrows:
        seen: dict[tuple[int, int], int] = {}
        drawn: list[Rect | Text | Pip | Path | Group] = []
        for number, move in enumerate(arrows, start=1):
            pair = (min(move.src, move.dst), max(move.src, move.dst))
            repeat = seen.get(pair, 0)
            seen[pair] = repeat + 1
            bend = (0.12 + 0.1 * (repeat // 2)) * (1 if repeat % 2 == 0 else -1)
            drawn.append(
                _arrow(number, layout.anchor(move.src), layout.anchor(move.dst), bend, mono)
            )
        groups.append(Group("arrows", tuple(drawn)))
    if coordinates:
        labels: list[Rect | Text | Pip | Path | Group] = []
        for c in range(SIZE):
            labels.append(
                Text(
                    layout.left + (c + 0.5) * CELL_W,
                    MARGIN + 8,
                    str(c),
                    8,
                    fill="#555555",
                    anchor="middle",
                    css="col-label",
                )
            )
        for r in range(SIZE):
            labels.append(
                Text(
                    MARGIN + 5,
                    layout.row_y[r] + layout.row_h[r] / 2 + 3,
                    str(r),
                    8,
                    fill="#555555",
                    anchor="middle",
                    css="row-label",
                )
            )
        groups.append(Group("coordinates", tuple(labels)))
    desc = str(position)
    if arrows:
        desc += " ; moves: " + ", ".join(str(m) for m in arrows)
    return Diagram(
        layout.width, layout.height, title or "Cat's Cradle position", desc, tuple(groups)
    )
