"""Puzzle pages (puzzlegen/render/book/puzzles.py): every label and goal inside its column.

A book of each kind of puzzle of each game, and of each game's usual mix of
levels and kinds, is typeset on every trim size; every string a puzzle page
draws outside its boards (the label, the goal's lines, the solution reference
and id) is recorded as drawn and measured with the font's own widths.  Cat's
Cradle's puzzles are dealt here (fast); Escape's and Pendulum's come from the
stored puzzles the other book tests use (making them takes the solver minutes).
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import click
import pytest
from conftest import DATA
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from puzzlegen.cli import cli
from puzzlegen.games import Game, Puzzle
from puzzlegen.generator import puzzles_from_seed
from puzzlegen.registry import get_game
from puzzlegen.render.book import PAGE_SIZES, BookOptions, Chapter, build_chapters
from puzzlegen.render.book import puzzles as puzzle_pages
from puzzlegen.render.pdf import draw_diagram

STORED = {"escape": "escape_book12.jsonl", "pendulum": "pendulum_book12.jsonl"}


@dataclass(frozen=True)
class Drawn:
    """A string a puzzle page drew, in its frame's coordinates."""

    text: str
    font: str
    size: float
    left: float
    right: float
    baseline: float


@dataclass
class Sheet:
    """One puzzle page as drawn: its frame's width, columns, strings and boards."""

    frame_w: float
    columns: int
    strings: list[Drawn]
    #: each board's box: (left, right, bottom, top)
    boards: list[tuple[float, float, float, float]]


def record_sheets(monkeypatch: pytest.MonkeyPatch) -> list[Sheet]:
    """The puzzle pages every later typesetting draws, as they draw them."""
    sheets: list[Sheet] = []
    drawing: list[Sheet] = []  # the page being drawn, while outside its boards

    page_draw = puzzle_pages._PuzzlePage.draw

    def draw(self: Any) -> None:
        # The frame the page was set in, not the page's own idea of it.
        sheet = Sheet(self._frame._aW, self.layout.columns, [], [])
        sheets.append(sheet)
        drawing.append(sheet)
        try:
            page_draw(self)
        finally:
            drawing.clear()

    def board(canvas: Any, diagram: Any, x: float, top: float, width: float, **kw: Any) -> None:
        sheet = drawing.pop()
        sheet.boards.append((x, x + width, top - diagram.height * width / diagram.width, top))
        try:
            draw_diagram(canvas, diagram, x, top, width, **kw)
        finally:
            drawing.append(sheet)

    def recorder(original: Callable[..., Any], centred: bool) -> Callable[..., Any]:
        def record(canvas: Any, x: float, y: float, text: str, *args: Any, **kw: Any) -> Any:
            if drawing:
                font, size = canvas._fontname, canvas._fontsize
                width = stringWidth(text, font, size)
                left = x - width / 2 if centred else x
                drawing[-1].strings.append(Drawn(text, font, size, left, left + width, y))
            return original(canvas, x, y, text, *args, **kw)

        return record

    monkeypatch.setattr(puzzle_pages._PuzzlePage, "draw", draw)
    monkeypatch.setattr(puzzle_pages, "draw_diagram", board)
    monkeypatch.setattr(Canvas, "drawString", recorder(Canvas.drawString, False))
    monkeypatch.setattr(Canvas, "drawCentredString", recorder(Canvas.drawCentredString, True))
    return sheets


def puzzles_of(game: Game, kind: str | None) -> list[Puzzle]:
    """Eight of ``game``'s puzzles of ``kind`` (the usual mix when None), some sharing a level
    so that they share a page."""
    if game.name in STORED:
        lines = (DATA / STORED[game.name]).read_text().splitlines()
        stored = [game.puzzle_from_json(json.loads(line)) for line in lines]
        return [p for p in stored if kind is None or p.kind == kind]
    return puzzles_from_seed(8, game=game, seed="labels", kind=kind)


def books() -> Iterator[tuple[str, str, str | None]]:
    for size in PAGE_SIZES:
        for name in ("cats-cradle", "escape", "pendulum"):
            for kind in (None, *get_game(name).kinds):
                yield size, name, kind


def test_every_trim_size_of_the_command_line_is_checked() -> None:
    command = cli.commands["book"]
    (option,) = [p for p in command.params if p.name == "page_size"]
    assert isinstance(option.type, click.Choice)
    assert set(option.type.choices) == set(PAGE_SIZES)


@pytest.mark.parametrize(("size", "name", "kind"), list(books()))
def test_every_label_and_goal_stays_in_its_column(
    monkeypatch: pytest.MonkeyPatch, size: str, name: str, kind: str | None
) -> None:
    # Two prepare puzzles side by side on Letter and A4 had their goals set at 7 pt,
    # wider than their column: "…winnable.Of the endings…" ran into each other.
    game = get_game(name)
    puzzles = puzzles_of(game, kind)
    ids = {p.id for p in puzzles}
    sheets = record_sheets(monkeypatch)
    build_chapters([Chapter(game, puzzles)], BookOptions(page_size=size), check=False)
    assert sheets and all(s.strings for s in sheets)
    side_by_side = 0
    for sheet in sheets:
        col_w = sheet.frame_w / sheet.columns
        for drawn in sheet.strings:
            column = math.floor((drawn.left + drawn.right) / 2 / col_w)
            assert 0 <= column < sheet.columns, drawn
            assert drawn.left >= column * col_w - 0.01, (drawn, column, col_w)
            assert drawn.right <= (column + 1) * col_w + 0.01, (drawn, column, col_w)
            # Legible: only the puzzle's id is set small, at the printable minimum.
            assert drawn.size >= 8.5 or (drawn.text.strip() in ids and drawn.size >= 7), drawn
            # Clear of every board (its ascent above the baseline, descent below).
            top, bottom = drawn.baseline + 0.75 * drawn.size, drawn.baseline - 0.25 * drawn.size
            for left, right, low, high in sheet.boards:
                apart = drawn.right <= left or drawn.left >= right
                assert apart or bottom >= high or top <= low, (drawn, (left, right, low, high))
        # Boards side by side stand level.
        columns = sheet.columns
        rows = [sheet.boards[i : i + columns] for i in range(0, len(sheet.boards), columns)]
        for row in rows:
            assert len({round(high, 6) for *_, high in row}) == 1, row
            side_by_side += len(row) > 1
    # On a page of two columns, some puzzles really stand side by side.
    assert side_by_side or sheets[0].columns == 1
