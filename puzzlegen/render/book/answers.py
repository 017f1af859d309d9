"""Answer pages: the solutions of every chapter, after all the puzzles."""

from __future__ import annotations

from itertools import pairwise
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
from puzzlegen.render.book.flowables import (
    _chapter_heading,
    _Continued,
    _Figure,
    _FigureRow,
    _Marker,
    _Prose,
)
from puzzlegen.render.book.model import DIFFICULTY, BookGame, Figure
from puzzlegen.render.book.setting import Setting
from puzzlegen.render.pdf import FONT
from puzzlegen.telling import Step

#: One answer: number, puzzle, its answer in one paragraph, its figures, or its story if it has one.
Solution = tuple[int, Puzzle, str, list[list[Figure]], list[str | list[Figure]] | None]

#: Trim sizes whose answers are packed tight: the board at one legible scale, the
#: words beside it in smaller type; no final position and no strips along a long
#: line (the numbered arrows give the order).
_COMPACT = ("6x9",)
_TIGHT = TableStyle(
    [
        ("FONTNAME", (0, 0), (-1, -1), FONT),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("LEFTPADDING", (0, 0), (-1, -1), 0),
        ("RIGHTPADDING", (0, 0), (-1, -1), 0),
        ("TOPPADDING", (0, 0), (-1, -1), 0),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ("LEFTPADDING", (1, 0), (1, 0), 8),
    ]
)


def solutions_opening(setting: Setting) -> list[Any]:
    """The heading of the answers part, on a fresh page."""
    return [
        PageBreak(),
        _Marker("section", "solutions"),
        *_chapter_heading("Solutions", setting.styles),
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
            # As the contents name it ("Cat's Cradle: solutions"), as the level
            # headings are named there and on their pages.
            _Prose(escape(f"{game.title}: solutions"), styles["h2"]),
        ]
    # One board scale through the book: the puzzle pages draw the boards at it too.
    scale = setting.scale_of(game.title)
    mains = [f[0][0][0] for _, _, _, f, told in solutions if told is None and f and f[0]]
    # A caption the same under every answer is said once, under the heading.
    captions = {f[0][0][1] for _, _, _, f, told in solutions if told is None and f and f[0]}
    key = captions.pop() if len(captions) == 1 and len(mains) > 1 else None
    if key:
        # "… diagram: the moves are numbered", not "diagram: The moves".
        said = key[0].lower() + key[1:] if key.startswith(("The ", "A ")) else key
        lead.append(_Prose(escape(f"In every answer's diagram: {said}"), styles["small"]))
    compact = setting.options.page_size in _COMPACT
    # Packed answers set their words at one left edge through the chapter: the widest
    # board's (up to the share a board may take), so a board drawn narrower (an Escape
    # title or hand shorter than the next one's) does not shift its words left of the
    # others' on the page.
    common_w = min(
        frame_w * _PACKED_BOARD_MAX,
        max((f[0][0][0].width * scale + 4 for *_, f, told in solutions
             if told is None and f and f[0]), default=0.0),
    )
    for number, puzzle, text, figures, told in solutions:
        page = setting.known.get(("puzzle", number))
        # The reference at 8.8 pt, the size of the answers' words, so a reader of the
        # PDF can tell it from labels; beside a board it takes a line of its own.
        label = f"Puzzle {number} · {DIFFICULTY[puzzle.level]} {puzzle.level}"
        by_board = compact and told is None and bool(figures and figures[0])
        # On a line of its own no separator; after the label the dot is held to the
        # level's word (a no-break space), so a wrapped heading never begins a line with it.
        lead_in = "<br/>" if by_board else "&nbsp;· "
        ref = f"<font name='{FONT}' size='8.8'>puzzle on page {page or '?'}</font>"
        head = _Prose(label + lead_in + ref, styles["solution_head"])
        if told is not None:
            # Space above the heading, not below the answer: it vanishes at a page's top.
            head = _Prose(head.text, styles["told_head"])
            story += _told(number, [*lead, head], told, frame_w, colour, styles, scale)
            lead = []
            continue
        if compact and figures and figures[0]:
            # Packed: the board on the left at the book's one scale, the heading and
            # the words beside it; three such answers share a 6x9 page.
            board = (figures[0][0][0], "" if key else figures[0][0][1])
            left_w = max(board[0].width * scale + 4, common_w)
            table = Table(
                [
                    [
                        _FigureRow([board], colour, styles, max_scale=scale),
                        [head, _Prose(escape(text), styles["answer"])],
                    ]
                ],
                colWidths=[left_w, frame_w - left_w],
            )
            table.setStyle(_TIGHT)
            story.append(KeepTogether([*lead, _Marker("solution", number), table, Spacer(1, 3)]))
            lead = []
            continue
        solution: list[Any] = [*lead, _Marker("solution", number), head]
        lead = []
        words = _Prose(escape(text), styles["body"])
        if figures and figures[0]:
            # The moves drawn on the left; beside them the rest of the first
            # row (the final position) and the words.
            main, *beside = figures[0]
            if key:
                main = (main[0], "")
            left_w = min(frame_w * 0.52, main[0].width * scale + 4)
            right: list[Any] = (
                [_FigureRow(beside, colour, styles, max_scale=scale)] if beside else []
            )
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
            solution.append(_FigureRow(row, colour, styles, max_scale=scale))
        solution.append(Spacer(1, 12))
        story.append(KeepTogether(solution))
    return story


def _solution_figures(game: Game, puzzle: Puzzle, mono: bool) -> list[list[Figure]]:
    if isinstance(game, BookGame):
        return game.solution_figures(puzzle, mono=mono)
    return [[(game.diagram(puzzle, solution=True, mono=mono), "The moves in order")]]


#: The most of the frame's width the words' common left edge gives packed boards.
_PACKED_BOARD_MAX = 0.55

#: Words set beside a figure need at least this width, else they go below it.
_BESIDE_MIN = 170.0
#: Lines of play (smaller type, short pieces) may run beside a figure this narrow.
_BESIDE_STEPS = 100.0


def _step(step: Step, styles: dict[str, ParagraphStyle]) -> Paragraph:
    """A line of play: its lead in bold, then the moves."""
    return _Prose(f"<b>{escape(step.lead)}</b>  {escape(step.moves)}", styles["step"])


#: Words running on below a board by at most this many lines stay beside it instead.
_SHORT_RUN_ON = 2.5


def _beside(
    figure: _Figure,
    flowables: list[Any],
    padding: tuple[float, float],
    continued: str | None,
    styles: dict[str, ParagraphStyle],
    frame_w: float,
) -> list[Any]:
    """The board with ``flowables`` beside it and on below it (``padding``: right,
    bottom), headed ``continued`` where it begins a page.

    Words that would run on below the board by a line or two ("are out." alone
    under a Pendulum board) stay in the column beside it, the board's bottom
    padding grown to hold them.
    """
    right, bottom = padding
    side = frame_w - figure.width - right
    # As the column sets them: between two paragraphs the larger of their spaces.
    words = sum(float(f.wrap(side, 1e6)[1]) for f in flowables) + sum(
        max(float(a.getSpaceAfter()), float(b.getSpaceBefore())) for a, b in pairwise(flowables)
    )
    leading = max((getattr(f.style, "leading", 0.0) for f in flowables), default=0.0)
    run_on = words - figure.height - bottom
    if 0 < run_on <= _SHORT_RUN_ON * leading:
        bottom += run_on + 1
    board = ImageAndFlowables(
        figure, flowables, imageSide="left", imageRightPadding=right, imageBottomPadding=bottom
    )
    if continued is None:
        return [board]
    return [_Continued(continued, styles["solution_head"], figure, bottom), board]


def _told(
    number: int,
    head: list[Any],
    told: list[str | list[Figure]],
    frame_w: float,
    colour: str,
    styles: dict[str, ParagraphStyle],
    scale: float = 1.0,
) -> list[Any]:
    """A solution told at length, free to run over pages, its boards at ``scale``.

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
        if isinstance(block, Step):
            paragraph = _step(block, styles)
            flow.append(KeepTogether([*pending, paragraph]) if pending else paragraph)
            pending = []
            continue
        if isinstance(block, str):
            paragraph = _Prose(escape(block), styles["body"])
            if pending and index < len(told) and isinstance(told[index], list):
                # The heading and opening words wait for the board that follows, so
                # they go to a page together: alone at a page's foot, the answer's
                # board and line began the next page as "continued".
                pending.append(paragraph)
                continue
            flow.append(KeepTogether([*pending, paragraph]) if pending else paragraph)
            pending = []
            continue
        # Something of this solution (not its heading) is above: where this block
        # begins a page, it is headed with the solution's number.
        continued = None if pending else f"Puzzle {number}, continued"
        lead, pending = pending, []
        start = len(flow)
        steps: list[Step] = []
        while index + len(steps) < len(told) and isinstance(told[index + len(steps)], Step):
            steps.append(told[index + len(steps)])  # type: ignore[arg-type]
        if len(block) == 1 and steps:
            # The lines of play run down beside the board, at its smallest legible
            # scale, and on below it: the column beside a board is not left empty.
            figure = _Figure(block[0], scale, colour, styles)
            if frame_w - figure.width - 8 >= _BESIDE_STEPS:
                index += len(steps)
                steps_beside = [_step(step, styles) for step in steps]
                flow += _beside(figure, steps_beside, (8, 6), continued, styles, frame_w)
                _keep_with(flow, start, lead)
                continue
        if len(block) == 1 and index < len(told) and isinstance(told[index], str):
            # Beside the words, the board at the book's scale (legible, and small
            # enough that two answers fit a page).
            figure = _Figure(block[0], scale, colour, styles)
            if frame_w - figure.width - 10 >= _BESIDE_MIN:
                words = _Prose(escape(str(told[index])), styles["body"])
                index += 1
                flow += _beside(figure, [words], (10, 8), continued, styles, frame_w)
                _keep_with(flow, start, lead)
                continue
        row = _FigureRow(block, colour, styles, max_scale=scale)
        # Space after it, not a Spacer: a Spacer carried to the next page would come
        # before the label there, and the label shows only at a page's very top.
        row.spaceAfter = 8
        if continued:
            flow.append(_Continued(continued, styles["solution_head"], row))
        flow.append(row)
        _keep_with(flow, start, lead)
    flow += [*pending, _Marker("story-end", number)]
    return flow


def _keep_with(flow: list[Any], start: int, lead: list[Any]) -> None:
    """Put ``lead`` (a heading and opening words) before ``flow[start:]``, kept on one
    page with it where the two fit a page."""
    if lead:
        flow[start:] = [KeepTogether([*lead, *flow[start:]])]
