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


def technique_index(setting: Setting, techniques: list[tuple[int, list[str]]]) -> list[Any]:
    """Every technique the answers use, A to Z, with the numbers of its puzzles.

    It follows the last answer on the same page when there is room (a heading
    and a few entries), so a book does not grow a page for it.
    """
    by_name: dict[str, list[int]] = {}
    for number, names in techniques:
        for name in names:
            by_name.setdefault(name, []).append(number)
    if not by_name:
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
    for name in sorted(by_name, key=str.lower):
        numbers = ", ".join(str(n) for n in sorted(by_name[name]))
        story.append(_Prose(f"<b>{escape(name)}</b>  {numbers}", styles["index"]))
    return story
