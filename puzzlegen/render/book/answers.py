"""Answer pages: the solutions of every chapter, after all the puzzles."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import (
    ImageAndFlowables,
    KeepTogether,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)

from puzzlegen.games import Game, Puzzle
from puzzlegen.render.book.flowables import _Figure, _FigureRow, _Marker
from puzzlegen.render.book.model import DIFFICULTY, BookGame, Figure
from puzzlegen.render.book.setting import Setting
from puzzlegen.render.pdf import FONT, legible_scale

#: One answer: number, puzzle, its answer in one paragraph, its figures, or its story if it has one.
Solution = tuple[int, Puzzle, str, list[list[Figure]], list[str | list[Figure]] | None]

#: The scale of a solution's main figure: on 6x9 small enough for two to a page.
_SOLUTION_SCALE = {"a4": 1.0, "letter": 1.0, "6x9": 0.86}


def solutions_opening(setting: Setting) -> list[Any]:
    """The heading of the answers part, on a fresh page."""
    return [
        PageBreak(),
        _Marker("section", "solutions"),
        _Marker("head", "Solutions"),
        Paragraph("Solutions", setting.styles["h1"]),
    ]


def answer_pages(setting: Setting, game: Game, solutions: list[Solution]) -> list[Any]:
    """A chapter's answers, each kept on one page unless it is told at length as a story."""
    styles, colour, frame_w = setting.styles, setting.colour, setting.frame_w
    story: list[Any] = []
    # A chapter's heading stays with its first solution: it never ends a page.
    lead: list[Any] = []
    if setting.several:
        lead = [
            _Marker("section", f"solutions:{game.title}"),
            Paragraph(escape(game.title), styles["h2"]),
        ]
    for number, puzzle, text, figures, told in solutions:
        page = setting.known.get(("puzzle", number))
        head = Paragraph(
            f"Puzzle {number} · {DIFFICULTY[puzzle.level]} {puzzle.level}"
            + f"<font name='{FONT}' size='8.5'> · puzzle on page {page or '?'}</font>",
            styles["solution_head"],
        )
        if told is not None:
            # Space above the heading, not below the answer: it vanishes at a page's top.
            head = Paragraph(head.text, styles["told_head"])
            story += _told(number, [*lead, head], told, frame_w, colour, styles)
            lead = []
            continue
        solution: list[Any] = [*lead, _Marker("solution", number), head]
        lead = []
        words = Paragraph(escape(text), styles["body"])
        if figures and figures[0]:
            # The moves drawn on the left; beside them the rest of the first
            # row (the final position) and the words.
            main, *beside = figures[0]
            scale = _SOLUTION_SCALE[setting.options.page_size]
            left_w = min(frame_w * 0.52, main[0].width * scale + 4)
            right: list[Any] = [_FigureRow(beside, colour, styles)] if beside else []
            right += [Spacer(1, 6), words]
            table = Table(
                [[_FigureRow([main], colour, styles, max_scale=scale), right]],
                colWidths=[left_w, frame_w - left_w],
            )
            table.setStyle(
                TableStyle(
                    [
                        ("FONTNAME", (0, 0), (-1, -1), FONT),
                        ("VALIGN", (0, 0), (-1, -1), "TOP"),
                        ("LEFTPADDING", (0, 0), (-1, -1), 0),
                        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                        ("LEFTPADDING", (1, 0), (1, 0), 10),
                    ]
                )
            )
            solution.append(table)
            rows = figures[1:]
        else:
            solution.append(words)
            rows = figures
        for row in rows:
            solution.append(_FigureRow(row, colour, styles))
        solution.append(Spacer(1, 12))
        story.append(KeepTogether(solution))
    return story


def _solution_figures(game: Game, puzzle: Puzzle, mono: bool) -> list[list[Figure]]:
    if isinstance(game, BookGame):
        return game.solution_figures(puzzle, mono=mono)
    return [[(game.diagram(puzzle, solution=True, mono=mono), "The moves in order")]]


#: Words set beside a figure need at least this width, else they go below it.
_BESIDE_MIN = 170.0


def _told(
    number: int,
    head: list[Any],
    told: list[str | list[Figure]],
    frame_w: float,
    colour: str,
    styles: dict[str, ParagraphStyle],
) -> list[Any]:
    """A solution told at length, free to run over pages.

    ``head`` (the solution's heading, after any chapter heading) stays with the
    first paragraph, and a figure with its caption;
    where the page is wide enough, the paragraph after a lone figure is set
    beside it (reportlab's ImageAndFlowables), running on below it if long.
    Its start and end are marked, so each page it reaches is headed with its number.
    """
    flow: list[Any] = []
    pending: list[Any] = [*head[:-1], _Marker("solution", number), _Marker("story", number)]
    pending.append(head[-1])
    index = 0
    while index < len(told):
        block = told[index]
        index += 1
        if isinstance(block, str):
            paragraph = Paragraph(escape(block), styles["body"])
            flow.append(KeepTogether([*pending, paragraph]) if pending else paragraph)
            pending = []
            continue
        flow += pending
        pending = []
        legible = max(legible_scale(d) for d, _ in block)
        if len(block) == 1 and index < len(told) and isinstance(told[index], str):
            # Beside the words, a board only just above legible: two then fit a page.
            figure = _Figure(block[0], min(1.0, 1.03 * legible), colour, styles)
            if frame_w - figure.width - 10 >= _BESIDE_MIN:
                words = Paragraph(escape(str(told[index])), styles["body"])
                index += 1
                flow.append(
                    ImageAndFlowables(
                        figure,
                        [words],
                        imageSide="left",
                        imageRightPadding=10,
                        imageBottomPadding=8,
                    )
                )
                continue
        scale = min(1.0, 1.1 * legible)
        flow += [_FigureRow(block, colour, styles, max_scale=scale, shrink=True), Spacer(1, 8)]
    flow += [*pending, _Marker("story-end", number)]
    return flow
