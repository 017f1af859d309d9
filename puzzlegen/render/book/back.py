"""Back matter: the ruled notes pages that bring the book to an even, printable count."""

from __future__ import annotations

from typing import Any

from reportlab.platypus import PageBreak, Paragraph

from puzzlegen.render.book.flowables import _Marker, _Ruled
from puzzlegen.render.book.setting import Setting


def notes_pages(setting: Setting, count: int) -> list[Any]:
    """``count`` ruled pages, the first headed "Notes"."""
    story: list[Any] = []
    for index in range(count):
        story += [PageBreak(), _Marker("head", "Notes")]
        if index == 0:
            story += [_Marker("section", "notes"), Paragraph("Notes", setting.styles["h1"])]
        story.append(_Ruled(setting.colour))
    return story
