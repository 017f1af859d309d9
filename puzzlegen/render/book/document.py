"""The document template: page frames by real page number, running heads and folios."""

from __future__ import annotations

import io
import os
from typing import Any

from reportlab.platypus import BaseDocTemplate, Frame, PageTemplate

from puzzlegen.errors import InvalidInputError
from puzzlegen.render.book.flowables import curly
from puzzlegen.render.book.geometry import Geometry
from puzzlegen.render.book.model import BookOptions
from puzzlegen.render.pdf import FONT, ink

#: The last second of 9999: the PDF's dates have four-digit years.
LAST_EPOCH = 253_402_300_799


def source_date_epoch() -> int | None:
    """SOURCE_DATE_EPOCH (the reproducible-builds convention) as seconds, if it is set.

    reportlab reads it too, with ``int()``: a value that is not whole seconds
    from 1970 to 9999 is refused in one line before any page is set.
    """
    text = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not text:
        return None
    # At most 20 digits (reportlab's int() of 5,000 zeros fails), up to the year 9999.
    digits = text.lstrip("0") or "0"
    if not (text.isascii() and text.isdigit() and len(text) <= 20 and int(digits) <= LAST_EPOCH):
        shown = text if len(text) <= 40 else text[:40] + "…"
        raise InvalidInputError(
            f"SOURCE_DATE_EPOCH={shown!r} is not a time: give whole seconds since "
            "1970-01-01 UTC (up to the year 9999), or unset it"
        )
    return int(digits)

class _Book(BaseDocTemplate):  # type: ignore[misc]
    def __init__(
        self,
        buffer: io.BytesIO,
        geometry: Geometry,
        options: BookOptions,
        known: dict[tuple[str, Any], int],
        **kwargs: Any,
    ) -> None:
        self.geometry = geometry
        self.options = options
        self.known = known  # where things were in the previous pass
        self.found: dict[tuple[str, Any], int] = {}
        self.on_page: dict[int, list[tuple[str, Any]]] = {}
        self.current_head = ""
        #: the running head in force where this page began (what its top continues)
        self.top_head = ""
        self.story: Any = None  # the solution running over pages, if one is
        super().__init__(buffer, pagesize=geometry.media, **kwargs)
        templates = []
        for page in (1, 2):
            x, y, w, h = geometry.frame(page)
            frame = Frame(
                x,
                y,
                w,
                h,
                id=f"frame{page}",
                leftPadding=0,
                rightPadding=0,
                topPadding=0,
                bottomPadding=0,
            )
            templates.append(
                PageTemplate(f"side{page}", [frame], onPage=self._begin, onPageEnd=self._end)
            )
        self.addPageTemplates(templates)

    def handle_pageBegin(self) -> None:
        # The frame follows the real page number, never the order of templates.
        self.pageTemplate = self.pageTemplates[0 if Geometry.recto(self.page + 1) else 1]
        super().handle_pageBegin()

    def record(self, kind: str, key: Any) -> None:
        self.found.setdefault((kind, key), self.page)
        self.on_page.setdefault(self.page, []).append((kind, key))
        if kind == "head":
            self.current_head = str(key)
        elif kind == "story":
            self.story = key
        elif kind == "story-end":
            self.story = None

    def where(self, kind: str, key: Any) -> int | None:
        return self.known.get((kind, key))

    def _begin(self, canvas: Any, doc: Any) -> None:
        g = self.geometry
        page = canvas.getPageNumber()
        self.top_head = self.current_head
        if page == 1 and source_date_epoch() is None:
            # The book's dates: 1 January of its copyright year, not reportlab's fixed
            # 2000 (SOURCE_DATE_EPOCH, when set, dates it as the convention asks).
            stamp = f"D:{self.options.year:04d}0101000000+00'00'"
            canvas.setDateFormatter(lambda *_when: stamp)
        if self.story is not None:  # a solution runs on to this page
            self.on_page.setdefault(page, []).append(("solution", self.story))
        if g.bleed:
            x0, y0 = g.trim_origin(page)
            w, h = g.trim
            canvas.setTrimBox((x0, y0, x0 + w, y0 + h))
            canvas.setBleedBox((0, 0, *g.media))
            canvas.setArtBox((x0, y0, x0 + w, y0 + h))

    def _end(self, canvas: Any, doc: Any) -> None:
        g = self.geometry
        page = canvas.getPageNumber()
        marks = self.on_page.get(page, [])
        if page <= 2 or any(kind == "bare" for kind, _ in marks):
            return
        x, _, w, _ = g.frame(page)
        recto = g.recto(page)
        colour = self.options.colour
        canvas.saveState()
        canvas.setFillColor(ink("#000000", colour))
        canvas.setFont(FONT, 9)
        folio_y = g.folio_baseline(page)
        if recto:
            canvas.drawRightString(x + w, folio_y, str(page))
        else:
            canvas.drawString(x, folio_y, str(page))
        # A chapter's opening page carries its title, not a running head.
        head = "" if any(kind == "opener" for kind, _ in marks) else curly(self.running_head(marks))
        if head:
            canvas.setFont(FONT, 8.5)
            canvas.setFillColor(ink("#444444", colour))
            head_y = g.head_baseline(page)
            if recto:
                canvas.drawRightString(x + w, head_y, head)
            else:
                canvas.drawString(x, head_y, head)
        canvas.restoreState()

    def running_head(self, marks: list[tuple[str, Any]]) -> str:
        """What the page holds: its puzzles' or solutions' numbers, else the chapter's head.

        A page whose puzzles follow other matter (a chapter's first puzzles below the
        last words of its rules, ``"follows"``) is headed by what it begins with: it
        was headed "Puzzle 1" above a page of how-to-play.
        """
        if any(kind == "follows" for kind, _ in marks):
            return self.top_head
        for kind, label in (("solution", "Solutions"), ("puzzle", "Puzzles")):
            numbers = [key for k, key in marks if k == kind]
            if numbers:
                first, last = min(numbers), max(numbers)
                return f"{label} {first}–{last}" if last != first else f"{label[:-1]} {first}"
        return self.current_head
