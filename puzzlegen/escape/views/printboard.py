"""Escape boards for print: the table with its coordinates, and both hands drawn as cards.

A book's reader has no list of the 21 faces at hand on every page, so the
print board (:func:`print_board`) draws each card in a hand as its face
(printed squares in the card's colour, the empty part of the face left
blank inside the card's outline) with its id under it, and numbers the
rows and columns of the table from the Nothing square, as the answers name
cells ("[-1,2]").  The table itself is the screen board of
:mod:`.board` (white and black squares, a ring on each blank space of the
main group, a cross on a cut-off white square, the last play outlined),
moved under the hands; so the two cannot disagree on what a position looks
like.

Every text is at least 7.5 pt and every stroke at least 0.8 pt, so the
board prints legibly at 94% of its size (text 7 pt, strokes 0.75 pt), the
house rule of the books.  The table is cropped to the occupied cells and
one blank ring around them.
"""

from __future__ import annotations

import dataclasses

from puzzlegen.diagram import Diagram, Group, Path, Pip, Rect, Text
from puzzlegen.escape.cards import CARDS, WHITE
from puzzlegen.escape.position import Move, Position
from puzzlegen.escape.views.board import INK, board_diagram

#: A printed square of a card face, in points.
FACE_CELL = 7.0
#: Room between cards in a hand, and around the drawing.
CARD_GAP = 9.0
MARGIN = 4.0
#: Type sizes: the heading, a card's id, the coordinates (never below 7.5: see above).
HEAD_SIZE = 9.5
ID_SIZE = 7.5
COORD_SIZE = 7.5
#: The width of the row numbers left of the table.
COORD_W = 13.0
COORD_H = 10.0
CARD_FILL = "#f4ecd8"
CARD_EDGE = "#8a7a5a"
MONO_EDGE = "#555555"

Item = Rect | Text | Path | Pip | Group


def _text_width(text: str, size: float, bold: bool = False) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from puzzlegen.render.pdf import FONT, FONT_BOLD, register_fonts

    register_fonts()
    return float(stringWidth(text, FONT_BOLD if bold else FONT, size))


def _face_size(card_id: str) -> tuple[int, int]:
    rows = CARDS[card_id].face.split("|")
    return len(rows), max(len(r) for r in rows)


def card_width(card_id: str) -> float:
    """The width a card takes in a hand: its face or its id, whichever is wider."""
    _, cols = _face_size(card_id)
    return max(cols * FACE_CELL + 2, _text_width(card_id, ID_SIZE, bold=True))


def card_height(card_id: str) -> float:
    rows, _ = _face_size(card_id)
    return rows * FACE_CELL + 2 + 3 + ID_SIZE


def card_picture(card_id: str, x: float, y: float, *, mono: bool) -> Group:
    """``card_id``'s face with its top left at ``(x, y)``, its id centred under it."""
    card = CARDS[card_id]
    rows, cols = _face_size(card_id)
    width = card_width(card_id)
    face_w = cols * FACE_CELL + 2
    fx = x + (width - face_w) / 2
    items: list[Item] = [
        Rect(fx, y, face_w, rows * FACE_CELL + 2, fill=None if mono else CARD_FILL,
             stroke=MONO_EDGE if mono else CARD_EDGE, stroke_width=0.8, radius=1.5,
             css="card-face")
    ]
    white = card.colour == WHITE
    for r, c in card.squares:
        items.append(Rect(fx + 1 + c * FACE_CELL + 0.6, y + 1 + r * FACE_CELL + 0.6,
                          FACE_CELL - 1.2, FACE_CELL - 1.2,
                          fill="#ffffff" if white else "#1a1a1a", stroke=INK,
                          stroke_width=0.8, css="card-square"))
    items.append(Text(x + width / 2, y + rows * FACE_CELL + 2 + 3 + ID_SIZE - 1.2, card_id,
                      ID_SIZE, bold=True, anchor="middle", css="card-id"))
    return Group(f"card {card.colour}", tuple(items), title=f"{card_id}: {card.shape}")


def _hand_row(label: str, ids: tuple[str, ...]) -> float:
    width = _text_width(label, ID_SIZE + 0.5, bold=True) + 6
    if not ids:
        return width + _text_width("none", ID_SIZE)
    return width + sum(card_width(i) for i in ids) + CARD_GAP * (len(ids) - 1)


def _draw_hand(label: str, ids: tuple[str, ...], x: float, y: float, height: float, *,
               mono: bool) -> list[Item]:
    """A hand's label, then its cards left to right, bottoms aligned on ``y + height``."""
    items: list[Item] = [Text(x, y + height - 1.2, label, ID_SIZE + 0.5, bold=True,
                              css="hand-label")]
    x += _text_width(label, ID_SIZE + 0.5, bold=True) + 6
    if not ids:
        items.append(Text(x, y + height - 1.2, "none", ID_SIZE, css="hand-empty"))
    for card_id in ids:
        items.append(card_picture(card_id, x, y + height - card_height(card_id), mono=mono))
        x += card_width(card_id) + CARD_GAP
    return items


def _shift(item: Item, dx: float, dy: float) -> Item:
    """``item`` moved by ``(dx, dy)``."""
    if isinstance(item, Group):
        return dataclasses.replace(item, items=tuple(_shift(i, dx, dy) for i in item.items))
    if isinstance(item, Path):
        ops = tuple(
            (op[0], *(float(v) + (dx if i % 2 == 0 else dy)  # type: ignore[arg-type]
                      for i, v in enumerate(op[1:])))
            for op in item.ops
        )
        return dataclasses.replace(item, ops=ops)
    return dataclasses.replace(item, x=item.x + dx, y=item.y + dy)


def _light_on_black(board: Group) -> Group:
    """In mono the last play's dashed outline is black: on a black square it is drawn
    white instead, so a black card just laid stays marked."""
    cells: list[Item] = []
    for cell in board.items:
        if isinstance(cell, Group) and "black" in cell.css.split() and "last" in cell.css:
            cell = dataclasses.replace(cell, items=tuple(
                dataclasses.replace(i, stroke="#ffffff")
                if isinstance(i, Rect) and i.css == "last-mark" else i
                for i in cell.items))
        cells.append(cell)
    return dataclasses.replace(board, items=tuple(cells))


def _rects(item: Item) -> list[Rect]:
    if isinstance(item, Group):
        return [r for i in item.items for r in _rects(i)]
    return [item] if isinstance(item, Rect) else []


def print_board(
    position: Position,
    *,
    mono: bool = False,
    last: Move | None = None,
    heading: str | None = None,
    min_size: tuple[int, int] = (0, 0),
    title: str = "Escape",
    hands: bool = True,
    min_width: float = 0.0,
) -> Diagram:
    """``position`` for print: a heading, both hands as cards, the table with coordinates.

    ``last`` (a play just made) is outlined; ``min_size`` (rows, columns)
    pads the table and ``min_width`` (points) the drawing, so a series of
    figures keeps one size; without ``hands`` only the heading stands above
    the table.
    """
    screen = board_diagram(position, mono=mono, last=last, min_size=min_size)
    board = next(g for g in screen.items if g.css == "board")
    if mono:
        board = _light_on_black(board)
    rects = _rects(board)
    gx0 = min(r.x for r in rects)
    gy0 = min(r.y for r in rects)
    grid_w = max(r.x + r.w for r in rects) - gx0
    grid_h = max(r.y + r.h for r in rects) - gy0
    cell_w = min(r.w for r in rects if "blank" in r.css) if any(
        "blank" in r.css for r in rects) else 16.0
    top, left, _, _ = position.bounds()
    top, left = top - 1, left - 1
    rows = round(grid_h / cell_w)
    cols = round(grid_w / cell_w)

    if heading is None:
        heading = (f"{position.to_move.capitalize()} to play" if position.outcome is None
                   else f"{position.outcome[0].capitalize()} has won")
    table_w = COORD_W + grid_w
    one_line = (_hand_row("White", position.white_hand) + 2 * CARD_GAP
                + _hand_row("Black", position.black_hand))
    wanted = max(table_w, _text_width(heading, HEAD_SIZE, bold=True))
    both = [("White", position.white_hand), ("Black", position.black_hand)]
    lines: list[list[tuple[str, tuple[str, ...]]]]
    if not hands:
        lines = []
    elif one_line <= max(wanted, 200.0):  # both hands on one line
        lines = [both]
        wanted = max(wanted, one_line)
    else:
        lines = [[h] for h in both]
        wanted = max(wanted, *(_hand_row(*h) for h in both))
    wanted = max(wanted, min_width - 2 * MARGIN)
    width = wanted + 2 * MARGIN

    items: list[Group] = []
    y = MARGIN
    items.append(Group("heading", (
        Text(MARGIN, y + HEAD_SIZE, heading, HEAD_SIZE, bold=True, css="to-move"),)))
    y += HEAD_SIZE + 5
    hand_items: list[Item] = []
    for line in lines:
        height = max([card_height(i) for _, ids in line for i in ids] or [ID_SIZE + 2])
        x = MARGIN
        for label, ids in line:
            hand_items += _draw_hand(label, ids, x, y, height, mono=mono)
            x += _hand_row(label, ids) + 2 * CARD_GAP
        y += height + 5
    items.append(Group("hands", tuple(hand_items)))

    # The table, centred under the hands, with its coordinates.
    tx = MARGIN + (wanted - table_w) / 2 + COORD_W
    ty = y + COORD_H
    labels: list[Item] = []
    for c in range(cols):
        labels.append(Text(tx + (c + 0.5) * cell_w, ty - 2.5, str(left + c), COORD_SIZE,
                           fill="#444444", anchor="middle", css="coord column"))
    for r in range(rows):
        labels.append(Text(tx - 2.5, ty + (r + 0.5) * cell_w + COORD_SIZE * 0.36,
                           str(top + r), COORD_SIZE, fill="#444444", anchor="end",
                           css="coord row"))
    items.append(Group("coordinates", tuple(labels)))
    moved = _shift(board, tx - gx0, ty - gy0)
    assert isinstance(moved, Group)
    items.append(moved)
    height = ty + grid_h + MARGIN
    return Diagram(width, height, title, str(position), tuple(items))


def card_chart(*, mono: bool = False) -> Diagram:
    """All the cards: White's ten on one line, Black's nine on the next, each with its id."""
    whites = tuple(i for i, c in CARDS.items() if c.colour == WHITE)
    blacks = tuple(i for i, c in CARDS.items() if c.colour != WHITE)
    width = max(_hand_row("White", whites), _hand_row("Black", blacks))
    # The labels in one column, so the two rows of cards start together.
    label_w = max(_text_width(t, ID_SIZE + 0.5, bold=True) for t in ("White", "Black")) + 6
    items: list[Item] = []
    y = MARGIN
    for label, ids in (("White", whites), ("Black", blacks)):
        height = max(card_height(i) for i in ids)
        items.append(Text(MARGIN, y + height - 1.2, label, ID_SIZE + 0.5, bold=True,
                          css="hand-label"))
        x = MARGIN + label_w
        for card_id in ids:
            items.append(card_picture(card_id, x, y + height - card_height(card_id), mono=mono))
            x += card_width(card_id) + CARD_GAP
        y += height + 8
    return Diagram(width + 2 * MARGIN + 6, y - 8 + MARGIN, "Escape cards",
                   "The 21 cards: W1 to W10 white, B1 to B9 black",
                   (Group("cards", tuple(items)),))
