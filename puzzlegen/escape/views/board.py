"""Escape positions as :class:`~puzzlegen.diagram.Diagram` s.

The table is drawn as a grid one cell wider than the squares on every side:
white squares as white tiles with a dark edge, black squares as black
tiles, blank cells as a faint grid.  The main group's gaps carry a ring
(red in colour, a hollow ring in mono), detached white squares a small
cross, and the squares of the last play a thick outline (orange in colour,
dashed in mono).  A heading above says who is to play and lists both hands.
"""

from __future__ import annotations

import math

from puzzlegen.diagram import Diagram, Group, Path, Rect, Text, circle
from puzzlegen.escape.cards import CARDS
from puzzlegen.escape.position import Move, Position, cell, key

CELL = 16.0
MARGIN = 4.0
HEAD = 26.0
CAPTION = 9.0
LEAD = 11.5
GAP_RED = "#c0182b"
LAST = "#e08a00"
INK = "#000000"
GRID = "#c8c8c8"

Item = Rect | Text | Path | Group


def caption_lines(text: str, width: float, size: float = CAPTION) -> list[str]:
    """``text`` broken between words into lines no wider than ``width`` points (DejaVu Sans)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from puzzlegen.render.pdf import FONT, register_fonts

    register_fonts()
    lines: list[str] = []
    for word in text.split():
        wider = f"{lines[-1]} {word}" if lines else word
        if lines and stringWidth(wider, FONT, size) <= width:
            lines[-1] = wider
        else:
            lines.append(word)
    return lines


def _hand(ids: tuple[str, ...]) -> str:
    return " ".join(ids) if ids else "none"


def _text_width(text: str, size: float) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from puzzlegen.render.pdf import FONT, register_fonts

    register_fonts()
    return float(stringWidth(text, FONT, size))


def board_diagram(
    position: Position,
    *,
    mono: bool = False,
    title: str | None = None,
    caption: str = "",
    last: Move | None = None,
    min_size: tuple[int, int] = (0, 0),
    hands: bool = True,
) -> Diagram:
    """``position`` drawn; ``last`` is highlighted, ``caption`` written under the grid.

    ``min_size`` (rows, columns) pads the grid so a series of figures keeps one size;
    without ``hands`` only the heading stands above the grid.
    """
    top, left, bottom, right = position.bounds()
    top, left, bottom, right = top - 1, left - 1, bottom + 1, right + 1
    rows = max(bottom - top + 1, min_size[0])
    cols = max(right - left + 1, min_size[1])
    bottom = top + rows - 1
    right = left + cols - 1
    # "; " between the hands: an SVG collapses the spaces that used to part them.
    held = f"White: {_hand(position.white_hand)};  Black: {_hand(position.black_hand)}"
    mover = position.to_move.capitalize()
    heading = f"{mover} to play" if position.outcome is None else (
        f"{position.outcome[0].capitalize()} has won ({position.outcome[1]})")
    if last is not None and not last.is_pass and position.outcome is None:
        # A solution's board: the answer first, for a puzzle that asked the other side.
        played = "White" if last.card.startswith("W") else "Black"
        heading = f"After {played}'s {last}: {heading}"
    width = 2 * MARGIN + cols * CELL
    # Wide enough for the hands' line (full hands, at the start, ran past 190 and were
    # cut) and for the heading, set bold (about a tenth wider than _text_width's measure).
    width = max(
        width,
        190.0,
        math.ceil(_text_width(held, 7.5)) + 2 * MARGIN + 4 if hands else 0.0,
        math.ceil(1.1 * _text_width(heading, 9.5)) + 2 * MARGIN + 4,
    )
    grid_x = (width - cols * CELL) / 2
    grid_y = MARGIN + (HEAD if hands else HEAD - LEAD)
    lines = caption_lines(caption, width - 2 * MARGIN) if caption else []
    height = grid_y + rows * CELL + MARGIN + (12.0 + LEAD * (len(lines) - 1) if lines else 0.0)
    groups: list[Group] = []
    above = [Text(MARGIN, MARGIN + 9.5, heading, 9.5, bold=True, css="to-move")]
    if hands:
        above.append(Text(MARGIN, MARGIN + 21.0, held, 7.5, css="hands"))
    groups.append(Group("heading", tuple(above)))
    gaps = position.gaps
    detached = position.detached
    last_keys = last.keys if last is not None and not last.is_pass else frozenset()
    cells: list[Group] = []
    for r in range(top, bottom + 1):
        for c in range(left, right + 1):
            k = key(r, c)
            x = grid_x + (c - left) * CELL
            y = grid_y + (r - top) * CELL
            items: list[Item] = []
            if k in position.white:
                items.append(Rect(x + 0.5, y + 0.5, CELL - 1, CELL - 1, fill="#ffffff",
                                  stroke=INK, stroke_width=1.2, radius=1.5, css="square"))
                css = "cell white"
                if k in detached:
                    css += " detached"
                    m = CELL * 0.3
                    items.append(Path((("M", x + m, y + m), ("L", x + CELL - m, y + CELL - m),
                                       ("M", x + CELL - m, y + m), ("L", x + m, y + CELL - m)),
                                      stroke="#777777", stroke_width=1.0, css="detached-mark"))
                if r == 0 and c == 0:
                    css += " nothing"
                    items.append(Path(circle(x + CELL / 2, y + CELL / 2, CELL * 0.18),
                                      fill=INK, css="nothing-mark"))
            elif k in position.black:
                items.append(Rect(x + 0.5, y + 0.5, CELL - 1, CELL - 1, fill="#1a1a1a",
                                  stroke=INK, stroke_width=1.0, radius=1.5, css="square"))
                css = "cell black"
            else:
                items.append(Rect(x, y, CELL, CELL, fill=None, stroke=GRID, stroke_width=0.8,
                                  css="blank"))
                css = "cell blank"
                if k in gaps:
                    css += " gap"
                    ring = circle(x + CELL / 2, y + CELL / 2, CELL * 0.28)
                    items.append(Path(ring, fill=None, stroke=INK if mono else GAP_RED,
                                      stroke_width=1.6, css="gap-mark"))
            if k in last_keys:
                css += " last"
                items.append(Rect(x + 1.5, y + 1.5, CELL - 3, CELL - 3, fill=None,
                                  stroke=INK if mono else LAST, stroke_width=2.2,
                                  dash=(2.0, 1.5) if mono else (), css="last-mark"))
            cells.append(Group(css, tuple(items), title=f"[{r},{c}]"))
    groups.append(Group("board", tuple(cells)))
    if lines:
        base = grid_y + rows * CELL + 12.0
        groups.append(Group("caption", tuple(
            Text(MARGIN, base + LEAD * i, line, CAPTION, css="caption-line")
            for i, line in enumerate(lines))))
    return Diagram(width, height, title or "Escape", str(position), tuple(groups))


def card_sizes() -> dict[str, int]:
    return {c: len(card.squares) for c, card in CARDS.items()}


def grid_cells(position: Position) -> list[tuple[int, int]]:
    """Every cell of the drawn grid, row by row (for tests and pages)."""
    top, left, bottom, right = position.bounds()
    return [cell(key(r, c)) for r in range(top - 1, bottom + 2) for c in range(left - 1, right + 2)]


def rules_diagram(*, mono: bool = False) -> Diagram:
    """The start: the Nothing square inside the Special card's cage (the web pages'
    figure; the book draws its own).  The full hands are left to the page's text: on
    one line of the figure they were too small to read on a screen."""
    return board_diagram(Position.start(), mono=mono, title="The start", hands=False)
