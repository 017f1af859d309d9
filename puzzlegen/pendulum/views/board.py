"""Pendulum positions as :class:`~puzzlegen.diagram.Diagram` s.

The picture follows the old book's table: the four foundations in a line
above the layout, two at each side with a space between; below them the six
rows of eight cells, row 0 on top.  Each pile fans downwards, base first, so
every card's rank and suit show; a row is as tall as its tallest pile.  The
two privileged corners of the top row are framed and carry a small flag.
Colour prints red suits red; mono draws their pips hollow.
"""

from __future__ import annotations

from puzzlegen.cards import SUITS, Card
from puzzlegen.diagram import Diagram, Group, Path, Pip, Rect, Text
from puzzlegen.pendulum.position import COLS, CORNERS, ROWS, Position

CARD_W = 30.0
CARD_H = 36.0
PAD = 2.5
STRIP = 11.0  # the visible strip of a card with another packed on it
INDEX = 9.0
BIG = 13.0
CELL_W = CARD_W + 2 * PAD
MARGIN = 4.0
HEAD = 13.0  # the method line above the foundations
GAP = 6.0  # between the foundations and the layout
EMPTY_ROW_H = 12.0  # a wholly empty lower row, drawn compact (a book's answers)
FULL_PILE = 3  # drawn compact, a longer pile shows its base, "+n" and its top
RED = "#c0182b"
BLACK = "#000000"
CORNER_FILL = "#f3e3b3"
CORNER_MONO = "#e4e4e4"
#: The corners' frame and flag: gold, or a dark grey in black and white.
CORNER_EDGE = "#8a6d1e"
CORNER_EDGE_MONO = "#555555"

Item = Rect | Text | Pip | Path | Group

#: Columns of the foundation line: two at the left, two at the right.
FOUNDATION_COLS = (0, 1, 6, 7)


def card_group(card: Card, x: float, y: float, *, top: bool, mono: bool) -> Group:
    """One card, its rank and pip in the corner; the top card of a pile also a big pip."""
    if card.red:
        fill, stroke, ink = ("#ffffff", BLACK, BLACK) if mono else (RED, None, RED)
    else:
        fill, stroke, ink = BLACK, None, BLACK
    pip = INDEX * 0.8
    items: list[Item] = [
        Rect(x, y, CARD_W, CARD_H, fill="#ffffff", stroke="#333333", radius=3.0, css="face"),
        Text(x + 2.5, y + 1 + INDEX * 0.85, card.rank_name, INDEX, fill=ink, bold=True,
             css="rank"),
        Pip(card.suit.value, x + CARD_W - 2.5 - pip, y + 1.5, pip, fill, stroke,
            1.0 if stroke else 0, css="pip"),
    ]
    if top:
        cx, cy = x + CARD_W / 2, y + STRIP + (CARD_H - STRIP) / 2
        items.append(Pip(card.suit.value, cx - BIG / 2, cy - BIG / 2, BIG, fill, stroke,
                         1.2 if stroke else 0, css="pip pip-large"))
    colour = "red" if card.red else "black"
    css = f"card {colour} rank-{card.rank_name} suit-{card.suit.value}" + (" top" if top else "")
    return Group(css, tuple(items), title=card.symbol())


CAPTION = 9.0  # the caption's type size
CAPTION_LEAD = 11.5  # from one caption line's baseline to the next


def caption_lines(text: str, width: float, size: float = CAPTION) -> list[str]:
    """``text`` broken between words into lines no wider than ``width`` points.

    Widths are measured in DejaVu Sans, the first font the SVG asks for and
    the one the PDF embeds.  A single word wider than ``width`` keeps a line
    of its own.
    """
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


def board_diagram(
    position: Position,
    *,
    mono: bool = False,
    title: str | None = None,
    caption: str = "",
    heading: str | None = None,
    description: str | None = None,
    compact: bool = False,
) -> Diagram:
    """``position`` drawn: foundations, six rows of fanned piles, the corners marked.

    ``compact`` (a book's answers) draws a lower row that is wholly empty as a
    low dashed strip, not a row of card-sized spaces, and a pile of more than
    :data:`FULL_PILE` cards as its base, a strip saying how many cards lie
    between, and its top card: a pile is a run in suit from base to top, so
    the two ends name every card.  Answers then share pages.

    ``caption`` is text under the layout (for instance the answer), broken
    over as many lines as it needs to fit the board's width;
    ``heading`` replaces the method line above it (a puzzle that asks for the
    method must not print one).  ``description`` replaces the position's text
    as the SVG's ``<desc>`` (read aloud by screen readers), for the same reason:
    the position's text starts with its method.
    """
    left = MARGIN
    top = MARGIN + HEAD
    found_y = top
    layout_y = found_y + CARD_H + 2 * PAD + GAP
    def shown(pile: tuple[Card, ...]) -> int:
        return min(len(pile), FULL_PILE) if compact else len(pile)

    heights = [max(1, *(shown(position.cells[r * COLS + c]) for c in range(COLS)))
               for r in range(ROWS)]
    row_h = [CARD_H + 2 * PAD + (h - 1) * STRIP for h in heights]
    bare = [compact and r > 0 and not any(position.cells[r * COLS: (r + 1) * COLS])
            for r in range(ROWS)]
    row_h = [EMPTY_ROW_H if bare[r] else h for r, h in enumerate(row_h)]
    row_y = [layout_y + sum(row_h[:r]) for r in range(ROWS)]
    width = 2 * MARGIN + COLS * CELL_W
    lines = caption_lines(caption, width - 2 * MARGIN)
    bottom = row_y[-1] + row_h[-1]
    height = bottom + MARGIN + (14.0 + CAPTION_LEAD * (len(lines) - 1) if lines else 0.0)
    groups: list[Group] = []

    method = position.method
    order = " ".join(Card(v, SUITS[0]).rank_name for v in method.order)
    groups.append(Group("method", (
        Text(left, MARGIN + 9.5, f"{method}: {order}" if heading is None else heading, 9.5,
             bold=True, css="method-line"),
        Text(width - MARGIN, MARGIN + 9.5, f"next swing: {position.next_swing}", 9.0,
             anchor="end", css="swing-line"),
    )))

    homes: list[Item] = []
    for suit, col in zip(SUITS, FOUNDATION_COLS, strict=True):
        x = left + col * CELL_W + PAD
        homes.append(card_group(position.foundation_top(suit), x, found_y + PAD, top=True,
                                mono=mono))
    groups.append(Group("foundations", tuple(homes), title="Foundations"))

    cells: list[Group] = []
    for index, pile in enumerate(position.cells):
        r, c = divmod(index, COLS)
        x, y = left + c * CELL_W, row_y[r]
        items: list[Item] = []
        corner = r == 0 and c in CORNERS
        if corner:
            items.append(Rect(x + 0.5, y + 0.5, CELL_W - 1, row_h[r] - 1,
                              fill=CORNER_MONO if mono else CORNER_FILL,
                              stroke=CORNER_EDGE_MONO if mono else CORNER_EDGE,
                              stroke_width=1.0, radius=2.0, css="corner-mark"))
        if not pile:
            items.append(Rect(x + PAD, y + PAD, CARD_W, row_h[r] - 2 * PAD if bare[r] else CARD_H,
                              fill=None, stroke="#999999",
                              stroke_width=1.0, radius=3.0, dash=(2.0, 2.0), css="space"))
        if shown(pile) < len(pile):
            between = len(pile) - 2
            items.append(card_group(pile[0], x + PAD, y + PAD, top=False, mono=mono))
            items.append(Group("elided", (
                Rect(x + PAD, y + PAD + STRIP, CARD_W, CARD_H, fill="#ffffff",
                     stroke="#333333", radius=3.0, css="face"),
                Text(x + PAD + CARD_W / 2, y + PAD + STRIP + 1 + INDEX * 0.85,
                     f"+{between}", INDEX, bold=True, anchor="middle", css="rank"),
            ), title=f"{between} cards between"))
            items.append(card_group(pile[-1], x + PAD, y + PAD + 2 * STRIP, top=True,
                                    mono=mono))
        else:
            for depth, card in enumerate(pile):
                items.append(card_group(card, x + PAD, y + PAD + depth * STRIP,
                                        top=depth == len(pile) - 1, mono=mono))
        if corner:
            # A small triangle in the cell's outer corner: privileged, whatever lies on it.
            tx = x + 1.0 if c == 0 else x + CELL_W - 1.0
            dx = 7.0 if c == 0 else -7.0
            items.append(Path((("M", tx, y + row_h[r] - 1.0), ("L", tx + dx, y + row_h[r] - 1.0),
                               ("L", tx, y + row_h[r] - 8.0), ("Z",)),
                              fill=CORNER_EDGE_MONO if mono else CORNER_EDGE,
                              css="corner-flag"))
        css = "cell" + (" corner" if corner else "") + ("" if pile else " empty")
        cells.append(Group(css, tuple(items), title=f"({r},{c})"))
    groups.append(Group("layout", tuple(cells)))
    if lines:
        groups.append(Group("caption", tuple(
            Text(left, bottom + 12.0 + CAPTION_LEAD * i, line, CAPTION, css="caption-line")
            for i, line in enumerate(lines)
        )))
    desc = str(position) if description is None else description
    return Diagram(width, height, title or "Pendulum", desc, tuple(groups))


def rules_diagram(*, mono: bool = False) -> Diagram:
    """The opening of the seed's worked example style: a deal laid out, corners marked."""
    from puzzlegen.pendulum.position import Deal

    return board_diagram(Deal.from_seed("rules").start("up-1"), mono=mono,
                         title="The layout")
