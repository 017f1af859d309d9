"""Annotated games: a chapter of whole games told from the deal to the end (``book --games``).

Like the game collections of chess books.  The chapter is game-neutral: a
game that offers :class:`~puzzlegen.render.book.model.GameCollection` (Cat's
Cradle: whole games its strong player won, see
``puzzlegen/catscradle/views/bookgames.py``) tells each game as a :class:`ToldGame`
(a heading, the opening figure, the stock, one paragraph per sequence, the
figures of the sequence where the game turns, a closing line), and this
module lays the games out after the puzzle chapters, each from a new page.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from reportlab.platypus import KeepTogether, PageBreak, Spacer

from puzzlegen.render.book.flowables import _chapter_heading, _FigureRow, _Float, _Marker, _Prose
from puzzlegen.render.book.model import Figure
from puzzlegen.render.book.setting import Setting


@dataclass(frozen=True)
class ToldGame:
    """One game, told: what the chapter lays out."""

    heading: str
    #: Drawn under the heading (the first layout), unless empty.
    opening: tuple[Figure, ...]
    #: A line under the opening (the stock, say).
    under: str
    #: (label, paragraph) per step of the game.
    notes: tuple[tuple[str, str], ...]
    #: Index in :attr:`notes` where the game turns: drawn with :attr:`figures`.
    turning: int
    turning_head: str
    figures: tuple[Figure, ...]
    closing: str


def games_pages(setting: Setting, intro: str, games: list[ToldGame]) -> list[Any]:
    """The chapter: its heading and introduction, then each game from a new page."""
    styles = setting.styles
    story: list[Any] = [
        PageBreak(),
        _Marker("section", "games"),
        *_chapter_heading("Annotated games", styles),
        _Prose(escape(intro), styles["body"]),
    ]
    for number, told in enumerate(games):
        if number:
            story.append(PageBreak())
        opening = (
            [_FigureRow(list(told.opening), setting.colour, styles, max_scale=0.8), Spacer(1, 4)]
            if told.opening
            else []
        )
        story.append(
            KeepTogether(
                [
                    _Prose(escape(told.heading), styles["h2"]),
                    *opening,
                    _Prose(escape(told.under), styles["small"]),
                ]
            )
        )
        paragraphs = [
            _Prose(f"<b>{escape(label)}</b> " + escape(text), styles["body"])
            for label, text in told.notes
        ]
        closing = _Prose(escape(told.closing), styles["solution_head"])
        turning = told.turning
        if not 0 <= turning < len(paragraphs):
            story += [*paragraphs, closing]
            continue
        story += paragraphs[:turning]
        # The heading where the game turns stays with its sequence; the figure of
        # that sequence follows, or, too tall for the room left, heads the next page
        # while the sequences after it fill this one.
        story.append(
            KeepTogether(
                [_Prose(escape(told.turning_head), styles["told_head"]), paragraphs[turning]]
            )
        )
        figure = _FigureRow(list(told.figures), setting.colour, styles, shrink=True)
        story.append(_Float([figure, Spacer(1, 6)], [*paragraphs[turning + 1 :], closing]))
    return story
