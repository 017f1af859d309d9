"""Back matter: the technique index, and the ruled notes pages that bring the book
to an even, printable count."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

from reportlab.platypus import CondPageBreak, PageBreak, Spacer

from puzzlegen.render.book.flowables import _chapter_heading, _Marker, _Prose, _Ruled
from puzzlegen.render.book.setting import Setting


def notes_pages(setting: Setting, count: int) -> list[Any]:
    """``count`` ruled pages, the first headed "Notes"."""
    story: list[Any] = []
    for index in range(count):
        story.append(PageBreak())
        if index == 0:
            story += [_Marker("section", "notes"), *_chapter_heading("Notes", setting.styles)]
        else:
            story.append(_Marker("head", "Notes"))
        story.append(_Ruled(setting.colour))
    return story


def technique_index(
    setting: Setting, chapters: list[tuple[str, list[tuple[int, list[str]]]]]
) -> list[Any]:
    """Every technique the answers use, A to Z, with the numbers of its puzzles; in a
    book of several games, under each game's name (one list mixed the games' terms).

    It follows the last answer on the same page when there is room (a heading
    and a few entries), so a book does not grow a page for it.
    """
    indexes: list[tuple[str, dict[str, list[int]]]] = []
    for title, techniques in chapters:
        by_name: dict[str, list[int]] = {}
        for number, names in techniques:
            for name in names:
                by_name.setdefault(name, []).append(number)
        if by_name:
            indexes.append((title, by_name))
    if not indexes:
        return []
    styles = setting.styles
    story: list[Any] = [
        CondPageBreak(120),
        # Where it begins a page it opens it, with no running head above its heading.
        _Marker("opener", "Index of techniques", at_top=True),
        Spacer(1, 8),
        _Marker("section", "index"),
        _Marker("head", "Index of techniques"),
        _Prose("Index of techniques", styles["round"]),
        # Page numbers are what an index usually gives: these are the puzzles'.
        _Prose("The numbers are puzzle numbers.", styles["small"]),
    ]
    for index, (title, by_name) in enumerate(indexes):
        if len(chapters) > 1:
            # As the hints name each game's part: a gap, then its name.
            story += [Spacer(1, 8)] if index else []
            story.append(_Prose(escape(f"{title}:"), styles["small"]))
        for name in sorted(by_name, key=str.lower):
            numbers = ", ".join(str(n) for n in sorted(by_name[name]))
            story.append(_Prose(f"<b>{escape(name)}</b>  {numbers}", styles["index"]))
    return story
