"""Board diagrams are readable at print size: arrows, badges, transfers, final positions."""

from __future__ import annotations

import math

import pytest

from puzzlegen.catscradle.plugin import CATS_CRADLE
from puzzlegen.catscradle.position import Move, Position
from puzzlegen.catscradle.views.board import (
    BADGE_R,
    CARD_H,
    CARD_W,
    MIN_SCALE,
    _Layout,
    board_diagram,
    created_spaces,
    final_diagram,
    key_diagram,
    lines_diagram,
    strip_diagram,
)
from puzzlegen.diagram import Diagram, Group, Path, Rect, Text
from puzzlegen.generator import puzzles_from_seed
from puzzlegen.render.pdf import legible_scale

WORKED = Position.parse("JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S")
TALL = Position.parse("QH/JS/10H/9S/8D/7S/6D 4D/3C 5D JD 5C QC 6C 7C/6H 3D 2C 7D JH AC 2H KH KC")


@pytest.fixture(scope="module")
def solved() -> list[tuple[Position, tuple[Move, ...]]]:
    puzzles = puzzles_from_seed(24, seed="board", game=CATS_CRADLE)
    return [(p.position, p.best.moves) for p in puzzles]  # type: ignore[attr-defined]


def groups(diagram: Diagram, css: str) -> list[Group]:
    found: list[Group] = []

    def visit(items: tuple[object, ...]) -> None:
        for item in items:
            if isinstance(item, Group):
                if css in item.css.split():
                    found.append(item)
                visit(item.items)

    visit(diagram.items)
    return found


def badge_centre(arrow: Group) -> tuple[float, float]:
    number = next(i for i in arrow.items if isinstance(i, Text))
    return number.x, number.y - 3.2


def test_every_diagram_is_legible_at_the_smallest_scale(
    solved: list[tuple[Position, tuple[Move, ...]]],
) -> None:
    diagrams = [board_diagram(p, arrows=m) for p, m in solved]
    diagrams += [strip_diagram(TALL), board_diagram(TALL, coordinates=True)]
    for diagram in diagrams:
        assert legible_scale(diagram) <= MIN_SCALE, diagram.desc
    # The how-to-play figures are drawn at full size.
    assert legible_scale(lines_diagram()) <= 1.0
    assert legible_scale(key_diagram(mono=True)) <= 1.0


def test_arrows_land_on_the_top_card_of_the_target(
    solved: list[tuple[Position, tuple[Move, ...]]],
) -> None:
    for position, moves in [*solved, (TALL, ())]:
        layout = _Layout(position, False)
        diagram = board_diagram(position, arrows=moves)
        for move, arrow in zip(moves, groups(diagram, "arrow"), strict=True):
            head = next(i for i in arrow.items if isinstance(i, Path) and i.css == "head")
            tip = head.ops[0][1:3]
            depth = len(position.cells[move.dst]) - 1
            x, y = layout.card_xy(move.dst, depth)
            assert x <= tip[0] <= x + CARD_W and y <= tip[1] <= y + CARD_H  # type: ignore[operator]


def test_badges_overlap_neither_each_other_nor_rank_corners(
    solved: list[tuple[Position, tuple[Move, ...]]],
) -> None:
    for position, moves in solved:
        corners = _Layout(position, False).corners()
        centres = [badge_centre(a) for a in groups(board_diagram(position, arrows=moves), "arrow")]
        for i, (x, y) in enumerate(centres):
            for ox, oy in centres[:i]:
                # A clear gap, not rims touching (a reviewer saw 8 and 10 as one blot).
                assert math.hypot(x - ox, y - oy) >= 2 * BADGE_R + 4.0, (position, i)
            for cx, cy, cw, ch in corners:
                # The nearest point of the corner box is outside the badge.
                nx, ny = min(max(x, cx), cx + cw), min(max(y, cy), cy + ch)
                assert math.hypot(x - nx, y - ny) >= BADGE_R, (str(position), i + 1)


def test_transfers_are_drawn_dashed() -> None:
    moves = []
    position = WORKED
    for text in ("JC on QH", "3C on 4D", "3C on 4H"):
        move = Move.parse(text, position)
        moves.append((move, position.is_transfer(move)))
        position = position.apply(move)
    assert [t for _, t in moves] == [False, False, True]
    arrows = groups(board_diagram(WORKED, arrows=[m for m, _ in moves]), "arrow")
    shafts = [next(i for i in a.items if isinstance(i, Path)) for a in arrows]
    assert [bool(s.dash) for s in shafts] == [False, False, True]
    assert ["transfer" in a.css.split() for a in arrows] == [False, False, True]


def test_final_position_marks_the_spaces_created() -> None:
    after = WORKED.apply(Move.parse("JC on QH", WORKED))
    assert created_spaces(WORKED, after) == {0}
    big = final_diagram(WORKED, after)
    (cell,) = groups(big, "cell-0")
    assert [i.css for i in cell.items if isinstance(i, Rect)] == ["cell-box", "space created"]
    assert [t.text for t in cell.items if isinstance(t, Text)] == ["space"]
    small = final_diagram(WORKED, after, small=True)
    (board,) = groups(small, "small-board")
    assert [i.css for i in board.items if isinstance(i, Rect) and "space" in i.css] == [
        "space created"
    ]
