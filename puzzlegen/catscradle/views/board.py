"""Cat's Cradle positions as :class:`~puzzlegen.diagram.Diagram` s.

Sizes are points at print size: a board is drawn at a scale between about
0.8 and 1.4, and every text (9 pt or more) and stroke (1 pt or more) stays
at least 7 pt and 0.75 pt when printed at 0.78 — :data:`MIN_SCALE`.

Each cell holds its stack fanned downwards, bottom card first, so the rank
and suit in the top strip of every card can be read; the top card, in front,
shows a large pip too.  A space is a dashed empty outline.  A solution
diagram is the starting position with numbered arrows, one per move, each
leaving the top card of its cell and landing on the top card of the target
stack; a transfer (a card moved on again to its support's twin) is dashed,
with an open head.  Number badges are placed where they hide neither one
another nor a card's rank corner.  :func:`final_diagram` marks the spaces a
line creates; :func:`strip_diagram` is a small position to check progress by.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from puzzlegen.catscradle.board import LINES, SIZE, coords
from puzzlegen.catscradle.cards import Card
from puzzlegen.catscradle.position import Move, Position
from puzzlegen.diagram import Diagram, Group, Ops, Path, Pip, Rect, Text, circle

CARD_W = 34.0
CARD_H = 46.0
PAD = 4.0
STRIP = 12.0  # the visible top strip of a card under another
MAX_FAN = 4 * STRIP  # a tall stack fans no further than this...
MIN_STRIP = 10.5  # ...unless its strips would get thinner than this
INDEX = 9.0  # rank size in a card's corner
BIG = 18.0  # the top card's large pip
CELL_W = CARD_W + 2 * PAD
MARGIN = 4.0
LABEL = 12.0  # room for row/column numbers
#: The smallest scale at which every text and stroke of a board stays printable.
MIN_SCALE = 0.78
#: The height of a diagram with no stacks and no labels.
PLAIN_WIDTH = 2 * MARGIN + 4 * CELL_W

RED = "#c0182b"
BLACK = "#000000"
ARROW = "#1d5bbf"
LINE_COLOUR = "#555555"
BADGE_R = 7.0
#: The least gap between two number badges' rims.
BADGE_GAP = 4.0

Item = Rect | Text | Pip | Path | Group


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


def _card(card: Card, x: float, y: float, top: bool, mono: bool) -> Group:
    fill, stroke, ink = _card_colours(card, mono)
    colour = "red" if card.red else "black"
    pip = INDEX * 0.8
    items: list[Item] = [
        Rect(
            x,
            y,
            CARD_W,
            CARD_H,
            fill="#ffffff",
            stroke="#333333",
            stroke_width=1.0,
            radius=3.0,
            css="face",
        ),
        Text(x + 2.5, y + 1 + INDEX * 0.85, card.rank_name, INDEX, fill=ink, bold=True, css="rank"),
        Pip(
            card.suit.value,
            x + CARD_W - 2.5 - pip,
            y + 2,
            pip,
            fill,
            stroke,
            1.0 if stroke else 0,
            css="pip",
        ),
    ]
    if top:
        cx, cy = x + CARD_W / 2, y + STRIP + (CARD_H - STRIP) / 2
        items.append(
            Pip(
                card.suit.value,
                cx - BIG / 2,
                cy - BIG / 2,
                BIG,
                fill,
                stroke,
                1.2 if stroke else 0,
                css="pip pip-large",
            )
        )
    css = f"card {colour} rank-{card.rank_name} suit-{card.suit.value}" + (" top" if top else "")
    return Group(css, tuple(items), title=card.symbol())


class _Layout:
    """Where each cell and card is, for a position (rows as tall as their tallest stack)."""

    def __init__(self, position: Position, coordinates: bool) -> None:
        self.position = position
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

    def card_xy(self, cell: int, depth: int) -> tuple[float, float]:
        x, y, _, _ = self.cell_box(cell)
        return x + PAD, y + PAD + depth * fan_step(len(self.position.cells[cell]))

    def top_centre(self, cell: int) -> tuple[float, float]:
        """The middle of the top card's face (of the cell outline for a space)."""
        depth = max(0, len(self.position.cells[cell]) - 1)
        x, y = self.card_xy(cell, depth)
        return x + CARD_W / 2, y + STRIP + (CARD_H - STRIP) / 2

    def corners(self) -> list[tuple[float, float, float, float]]:
        """The rank-and-suit corner of every card: what a badge must never hide."""
        boxes = []
        for cell, stack in enumerate(self.position.cells):
            for depth in range(len(stack)):
                x, y = self.card_xy(cell, depth)
                boxes.append((x, y, 14.0, STRIP))
                boxes.append((x + CARD_W - 12.0, y, 12.0, STRIP))
        return boxes


def _quad(
    p0: tuple[float, float], c: tuple[float, float], p1: tuple[float, float], t: float
) -> tuple[float, float]:
    u = 1 - t
    return (
        u * u * p0[0] + 2 * u * t * c[0] + t * t * p1[0],
        u * u * p0[1] + 2 * u * t * c[1] + t * t * p1[1],
    )


def _overlap(ax: float, ay: float, aw: float, ah: float, b: tuple[float, ...]) -> float:
    bx, by, bw, bh = b
    w = min(ax + aw, bx + bw) - max(ax, bx)
    h = min(ay + ah, by + bh) - max(ay, by)
    return w * h if w > 0 and h > 0 else 0.0


#: Where along an arrow a badge may sit, best first.
_ALONG = (0.5, 0.44, 0.56, 0.38, 0.62, 0.32, 0.68, 0.26, 0.74, 0.2, 0.8, 0.14, 0.86, 0.08)


class _Badges:
    """Places number badges along arrows, clear of each other and of card corners."""

    def __init__(
        self, corners: list[tuple[float, float, float, float]], bounds: tuple[float, float]
    ):
        self.corners = corners
        self.bounds = bounds
        self.placed: list[tuple[float, float]] = []
        self.heads: list[tuple[float, float]] = []

    def cost(self, x: float, y: float) -> float:
        r = BADGE_R + 0.5
        box = (x - r, y - r, 2 * r, 2 * r)
        total = sum(_overlap(*box, c) for c in self.corners)
        for px, py in self.placed:
            d = math.hypot(x - px, y - py)
            # A clear gap between two badges: 1.5 apart, their rims read as touching.
            if d < 2 * BADGE_R + BADGE_GAP:
                total += 1000 + (2 * BADGE_R + BADGE_GAP - d) * 100
        for hx, hy in self.heads:
            d = math.hypot(x - hx, y - hy)
            if d < BADGE_R + 5:
                total += 50 + (BADGE_R + 5 - d) * 10
        w, h = self.bounds
        if x - r < 0 or y - r < 0 or x + r > w or y + r > h:
            total += 5000
        return total

    def place(
        self, p0: tuple[float, float], c: tuple[float, float], p1: tuple[float, float]
    ) -> tuple[float, float]:
        best: tuple[float, float, float] | None = None
        # Nearest the middle of the arrow first; then further along it, then beside it.
        offsets: tuple[float, ...] = (0.0, 7.0, -7.0, 13.0, -13.0, 19.0, -19.0, 25.0, -25.0)
        if math.dist(p0, p1) < 6 * BADGE_R:
            # A short arrow (a card to its neighbour) would be hidden under its own
            # badge: the badge goes beside it, clear of the shaft.
            offsets = (BADGE_R + 4, -BADGE_R - 4, 13.0, -13.0, 19.0, -19.0, 25.0, -25.0)
        for off in offsets:
            for t in _ALONG:
                x0, y0 = _quad(p0, c, p1, t)
                x1, y1 = _quad(p0, c, p1, min(1.0, t + 0.01))
                tl = math.hypot(x1 - x0, y1 - y0) or 1.0
                nx, ny = -(y1 - y0) / tl, (x1 - x0) / tl
                x, y = x0 + nx * off, y0 + ny * off
                cost = self.cost(x, y)
                if best is None or cost < best[0]:
                    best = (cost, x, y)
                if cost == 0:
                    break
            if best is not None and best[0] == 0:
                break
        assert best is not None
        self.placed.append((best[1], best[2]))
        return best[1], best[2]


def _arrow(
    number: int,
    start: tuple[float, float],
    end: tuple[float, float],
    bend: float,
    mono: bool,
    transfer: bool,
    badges: _Badges,
    card: tuple[float, float] | None = None,
) -> Group:
    (x0, y0), (x1, y1) = start, end
    dx, dy = x1 - x0, y1 - y0
    length = math.hypot(dx, dy) or 1.0
    nx, ny = -dy / length, dx / length
    cx, cy = (x0 + x1) / 2 + nx * bend * length, (y0 + y1) / 2 + ny * bend * length
    # The tip lands on the target's top card, just short of its large pip.
    tx, ty = x1 - cx, y1 - cy
    tl = math.hypot(tx, ty) or 1.0
    ux, uy = tx / tl, ty / tl
    tip = (x1 - ux * (BIG / 2 + 1), y1 - uy * (BIG / 2 + 1))
    if card is not None:  # keep the tip on the card, whatever the angle
        left, top = card
        tip = (
            min(max(tip[0], left + 3), left + CARD_W - 3),
            min(max(tip[1], top + STRIP), top + CARD_H - 3),
        )
    ex, ey = tip[0] - ux * 7, tip[1] - uy * 7  # where the shaft meets the head
    head: Ops = (
        ("M", tip[0], tip[1]),
        ("L", ex - uy * 3.8, ey + ux * 3.8),
        ("L", ex + uy * 3.8, ey - ux * 3.8),
        ("Z",),
    )
    colour = BLACK if mono else ARROW
    badges.heads.append(tip)
    mx, my = badges.place((x0, y0), (cx, cy), (ex, ey))
    css = f"arrow move-{number}" + (" transfer" if transfer else "")
    return Group(
        css,
        (
            Path(
                (("M", x0, y0), ("Q", cx, cy, ex, ey)),
                stroke=colour,
                stroke_width=1.8,
                dash=(5, 3) if transfer else (),
                css="shaft",
            ),
            Path(
                head,
                fill="#ffffff" if transfer else colour,
                stroke=colour if transfer else None,
                stroke_width=1.0,
                css="head",
            ),
            Path(
                circle(mx, my, BADGE_R),
                fill="#ffffff",
                stroke=colour,
                stroke_width=1.0,
                css="badge",
            ),
            Text(
                mx,
                my + 3.2,
                str(number),
                9,
                fill=colour,
                bold=True,
                anchor="middle",
                css="number",
            ),
        ),
        title=f"move {number}" + (" (transfer)" if transfer else ""),
    )


def _spread(index: int, count: int) -> float:
    """Horizontal offset of the ``index``-th of ``count`` arrows meeting one card."""
    if count <= 1:
        return 0.0
    step = min(7.0, 24.0 / (count - 1))
    return (index - (count - 1) / 2) * step


def board_diagram(
    position: Position,
    *,
    arrows: Sequence[Move] = (),
    show_lines: bool = False,
    coordinates: bool = False,
    mono: bool = False,
    title: str | None = None,
    marked: frozenset[int] = frozenset(),
) -> Diagram:
    """The diagram of ``position``; ``arrows`` are moves drawn as numbered arrows, in order.

    ``show_lines`` overlays the 18 lines; ``coordinates`` labels rows and
    columns with the zero-based numbers of the JSON output; ``mono`` draws
    for black-and-white print (red pips hollow); ``marked`` cells are spaces
    to point out (those a line of play created).
    """
    layout = _Layout(position, coordinates)
    groups: list[Group] = []
    for cell, stack in enumerate(position.cells):
        x, y, w, h = layout.cell_box(cell)
        r, c = coords(cell)
        made = cell in marked and not stack
        items: list[Item] = [
            Rect(
                x,
                y,
                w,
                h,
                fill=None if mono else "#eef3ea",
                stroke="#9aa39a",
                stroke_width=1.0,
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
                    fill=("#d9d9d9" if mono else "#fff1b8") if made else None,
                    stroke="#000000" if made else "#8a8a8a",
                    stroke_width=1.5 if made else 1.0,
                    radius=3.0,
                    dash=(3, 2),
                    css="space" + (" created" if made else ""),
                )
            )
            if made:
                items.append(
                    Text(
                        x + w / 2,
                        y + PAD + CARD_H / 2 + 3,
                        "space",
                        9,
                        fill=BLACK,
                        bold=True,
                        anchor="middle",
                        css="space-label",
                    )
                )
        for depth, card in enumerate(stack):
            cx, cy = layout.card_xy(cell, depth)
            items.append(_card(card, cx, cy, depth == len(stack) - 1, mono))
        css = f"cell cell-{cell} row-{r} col-{c}" + (" space" if not stack else "")
        groups.append(Group(css, tuple(items)))
    if show_lines:
        overlay: list[Item] = []
        for cells in LINES:
            (x0, y0), (x1, y1) = layout.top_centre(cells[0]), layout.top_centre(cells[-1])
            overlay.append(
                Path(
                    (("M", x0, y0), ("L", x1, y1)),
                    stroke=LINE_COLOUR,
                    stroke_width=1.2,
                    dash=(4, 2),
                    css="line",
                )
            )
        groups.append(Group("lines", tuple(overlay)))
    if arrows:
        groups.append(_arrows(layout, arrows, mono))
    if coordinates:
        labels: list[Item] = []
        for c in range(SIZE):
            labels.append(
                Text(
                    layout.left + (c + 0.5) * CELL_W,
                    MARGIN + 8,
                    str(c),
                    9,
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
                    9,
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


def _arrows(layout: _Layout, arrows: Sequence[Move], mono: bool) -> Group:
    # Where several arrows meet one card they arrive (or leave) side by side.
    arriving: dict[int, list[int]] = {}
    leaving: dict[int, list[int]] = {}
    for index, move in enumerate(arrows):
        arriving.setdefault(move.dst, []).append(index)
        leaving.setdefault(move.src, []).append(index)
    badges = _Badges(layout.corners(), (layout.width, layout.height))
    seen: dict[tuple[int, int], int] = {}
    drawn: list[Item] = []
    for index, (position, move, _) in enumerate(layout.position.replay(arrows)):
        pair = (min(move.src, move.dst), max(move.src, move.dst))
        repeat = seen.get(pair, 0)
        seen[pair] = repeat + 1
        bend = (0.12 + 0.1 * (repeat // 2)) * (1 if repeat % 2 == 0 else -1)
        sx, sy = layout.top_centre(move.src)
        ex, ey = layout.top_centre(move.dst)
        out, into = leaving[move.src], arriving[move.dst]
        sx += _spread(out.index(index), len(out))
        ex += _spread(into.index(index), len(into))
        transfer = position.is_transfer(move)
        target = layout.card_xy(move.dst, max(0, len(layout.position.cells[move.dst]) - 1))
        drawn.append(_arrow(index + 1, (sx, sy), (ex, ey), bend, mono, transfer, badges, target))
    return Group("arrows", tuple(drawn))


def created_spaces(start: Position, final: Position) -> frozenset[int]:
    """The cells that hold cards in ``start`` and none in ``final``."""
    return frozenset(i for i in range(len(start.cells)) if start.cells[i] and not final.cells[i])


def final_diagram(
    start: Position, final: Position, *, mono: bool = False, small: bool = False
) -> Diagram:
    """``final`` with the spaces created since ``start`` marked; ``small``: top cards only."""
    made = created_spaces(start, final)
    if small:
        return strip_diagram(final, mono=mono, marked=made, title="Final position")
    return board_diagram(final, mono=mono, marked=made, title="Final position")


# -- small positions for strips -------------------------------------------------

SMALL_W = 30.0
SMALL_H = 19.0


def strip_diagram(
    position: Position,
    *,
    mono: bool = False,
    title: str = "",
    marked: frozenset[int] = frozenset(),
) -> Diagram:
    """A small position: each cell shows its top card, a bar under it if it holds more.

    ``marked`` spaces (those a line created) are shaded with a heavier outline.
    """
    items: list[Item] = []
    for cell, stack in enumerate(position.cells):
        r, c = coords(cell)
        x, y = 2 + c * SMALL_W, 2 + r * SMALL_H
        if not stack:
            made = cell in marked
            items.append(
                Rect(
                    x + 1,
                    y + 1,
                    SMALL_W - 2,
                    SMALL_H - 2,
                    fill=("#c8c8c8" if mono else "#ffe680") if made else None,
                    stroke="#000000" if made else "#555555",
                    stroke_width=1.4 if made else 1.0,
                    dash=(2, 1.5),
                    radius=2,
                    css="space" + (" created" if made else ""),
                )
            )
            continue
        card = stack[-1]
        fill, stroke, ink = _card_colours(card, mono)
        items.append(
            Rect(
                x + 1,
                y + 1,
                SMALL_W - 2,
                SMALL_H - 2,
                fill="#ffffff",
                stroke="#333333",
                stroke_width=1.0,
                radius=2,
                css="face",
            )
        )
        items.append(Text(x + 3, y + 13, card.rank_name, 9, fill=ink, bold=True, css="rank"))
        items.append(
            Pip(
                card.suit.value,
                x + SMALL_W - 11,
                y + 4,
                8,
                fill,
                stroke,
                0.9 if stroke else 0,
                css="pip",
            )
        )
        if len(stack) > 1:
            items.append(
                Rect(x + 1, y + SMALL_H - 3.5, SMALL_W - 2, 2.5, fill="#777777", css="stack-mark")
            )
    return Diagram(
        4 + 4 * SMALL_W,
        4 + 4 * SMALL_H,
        title or "Position",
        str(position),
        (Group("small-board", tuple(items)),),
    )


def lines_diagram() -> Diagram:
    """The 18 lines on an empty 4×4 square: rows and columns, then each way of diagonal."""
    cell, gap = 20.0, 16.0
    panel = 4 * cell
    groups: list[Group] = []
    families = (
        ("4 rows, 4 columns", [ln for ln in LINES if _kind(ln) == "straight"]),
        ("5 diagonals", [ln for ln in LINES if _kind(ln) == "down"]),
        ("5 diagonals", [ln for ln in LINES if _kind(ln) == "up"]),
    )
    for index, (name, lines) in enumerate(families):
        left = 4 + index * (panel + gap)
        items: list[Item] = []
        for i in range(SIZE * SIZE):
            r, c = coords(i)
            items.append(
                Rect(
                    left + c * cell + 2,
                    4 + r * cell + 2,
                    cell - 4,
                    cell - 4,
                    fill="#ffffff",
                    stroke="#777777",
                    stroke_width=1.0,
                    radius=2,
                    css="cell-box",
                )
            )
        for ln in lines:
            (r0, c0), (r1, c1) = coords(ln[0]), coords(ln[-1])
            items.append(
                Path(
                    (
                        ("M", left + (c0 + 0.5) * cell, 4 + (r0 + 0.5) * cell),
                        ("L", left + (c1 + 0.5) * cell, 4 + (r1 + 0.5) * cell),
                    ),
                    stroke=BLACK,
                    stroke_width=1.4,
                    css="line",
                )
            )
            for i in ln:
                r, c = coords(i)
                items.append(
                    Path(
                        circle(left + (c + 0.5) * cell, 4 + (r + 0.5) * cell, 2.2),
                        fill=BLACK,
                        css="dot",
                    )
                )
        items.append(
            Text(
                left + panel / 2,
                4 + panel + 12,
                name,
                8,
                fill=BLACK,
                anchor="middle",
                css="caption",
            )
        )
        groups.append(Group(f"lines family-{index}", tuple(items)))
    return Diagram(
        8 + 3 * panel + 2 * gap,
        4 + panel + 18,
        "The 18 lines",
        "rows, columns, diagonals",
        tuple(groups),
    )


def _kind(line: tuple[int, ...]) -> str:
    (r0, c0), (r1, c1) = coords(line[0]), coords(line[-1])
    if r0 == r1 or c0 == c1:
        return "straight"
    return "down" if (r1 - r0) * (c1 - c0) > 0 else "up"


def key_diagram(*, mono: bool = False) -> Diagram:
    """How stacks, spaces, moves and transfers are drawn, each with a word or two."""
    from puzzlegen.catscradle.cards import Card as _Card

    items: list[Item] = []
    colour = BLACK if mono else ARROW
    # A stack of three: bottom card first, the top card in front.
    stack = [_Card.parse(c) for c in ("9S", "8H", "7C")]
    for depth, card in enumerate(stack):
        items.append(_card(card, 4, 4 + depth * STRIP, depth == 2, mono))
    bottom = 4 + 2 * STRIP + CARD_H
    items.append(Text(4 + CARD_W / 2, bottom + 11, "a stack,", 8, fill=BLACK, anchor="middle"))
    items.append(Text(4 + CARD_W / 2, bottom + 21, "top card", 8, fill=BLACK, anchor="middle"))
    items.append(Text(4 + CARD_W / 2, bottom + 31, "in front", 8, fill=BLACK, anchor="middle"))
    # A space.
    sx = 4 + CARD_W + 16
    items.append(
        Rect(sx, 4, CARD_W, CARD_H, stroke="#8a8a8a", stroke_width=1.0, radius=3, dash=(3, 2))
    )
    items.append(Text(sx + CARD_W / 2, 4 + CARD_H + 11, "a space", 8, fill=BLACK, anchor="middle"))
    # A move and a transfer.
    ax = sx + CARD_W + 18
    for row, (label, transfer) in enumerate((("a move", False), ("a transfer", True))):
        y = 16 + row * 34
        items.append(
            Path(
                (("M", ax, y), ("L", ax + 46, y)),
                stroke=colour,
                stroke_width=1.8,
                dash=(5, 3) if transfer else (),
            )
        )
        items.append(
            Path(
                (("M", ax + 54, y), ("L", ax + 46, y - 3.8), ("L", ax + 46, y + 3.8), ("Z",)),
                fill="#ffffff" if transfer else colour,
                stroke=colour if transfer else None,
                stroke_width=1.0,
            )
        )
        items.append(
            Path(circle(ax + 20, y, BADGE_R), fill="#ffffff", stroke=colour, stroke_width=1.0)
        )
        items.append(
            Text(ax + 20, y + 3.2, str(row + 1), 9, fill=colour, bold=True, anchor="middle")
        )
        items.append(Text(ax + 60, y + 3, label, 8, fill=BLACK))
    items.append(Text(ax, 16 + 2 * 34 + 2, "numbers give the order", 8, fill=BLACK))
    return Diagram(
        ax + 130, bottom + 36, "Key", "how the diagrams are drawn", (Group("key", tuple(items)),)
    )
