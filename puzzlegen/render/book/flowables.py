"""Styles and the flowables every part of a book uses: markers, figure rows, ruled lines."""

from __future__ import annotations

import re
from itertools import pairwise
from typing import Any
from xml.sax.saxutils import escape

import smartypants
from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import Flowable, Paragraph

from puzzlegen.render.book.model import BookError, Figure
from puzzlegen.render.pdf import FONT, FONT_BOLD, draw_diagram, ink, legible_scale, register_fonts

_RULE = 0.75  # the thinnest stroke a printer promises to hold


def _styles(colour: str) -> dict[str, ParagraphStyle]:
    register_fonts()
    black = ink("#000000", colour)
    grey = ink("#555555", colour)
    # No widow (a paragraph's last line alone at a page's top) and no orphan (its first
    # line alone at a page's foot): every style below inherits both.
    body = ParagraphStyle(
        "body",
        fontName=FONT,
        fontSize=9.5,
        leading=13.5,
        spaceAfter=6,
        textColor=black,
        allowWidows=0,
        allowOrphans=0,
    )

    def style(name: str, **kw: Any) -> ParagraphStyle:
        return ParagraphStyle(name, parent=body, **kw)

    return {
        "body": body,
        "title": style(
            "title",
            fontName=FONT_BOLD,
            fontSize=26,
            leading=32,
            alignment=TA_CENTER,
            spaceAfter=18,
        ),
        "subtitle": style("subtitle", fontSize=12, leading=17, alignment=TA_CENTER),
        "h1": style("h1", fontName=FONT_BOLD, fontSize=16, leading=20, spaceAfter=10),
        "h2": style(
            "h2",
            fontName=FONT_BOLD,
            fontSize=12,
            leading=16,
            spaceBefore=6,
            spaceAfter=6,
        ),
        "solution_head": style("solution_head", fontName=FONT_BOLD, spaceAfter=2),
        "told_head": style("told_head", fontName=FONT_BOLD, spaceAfter=2, spaceBefore=12),
        "toc": style("toc", fontSize=11, leading=18, spaceAfter=0),
        "toc_page": style("toc_page", fontSize=11, leading=18, spaceAfter=0, alignment=TA_RIGHT),
        # An answer's words on a small trim: several answers share a page.
        # (8.8 pt: no other text of the book has that size, so a reader of the
        # PDF can tell the answers' words from labels and running heads.)
        "answer": style("answer", fontSize=8.8, leading=11.5, spaceAfter=0),
        # Hints: short entries in columns, each round headed.
        "hint": style("hint", fontSize=8.8, leading=11, spaceAfter=0),
        "round": style("round", fontName=FONT_BOLD, fontSize=11, leading=15, spaceAfter=4),
        "index": style(
            "index", fontSize=8.8, leading=11.5, spaceAfter=2, leftIndent=12, firstLineIndent=-12
        ),
        # A line of play in a told answer: smaller, with a hanging indent.
        "step": style(
            "step", fontSize=8.5, leading=11, leftIndent=12, firstLineIndent=-12, spaceAfter=2
        ),
        "small": style("small", fontSize=8.5, leading=12, textColor=black),
        "caption": style(
            "caption", fontSize=8, leading=10, alignment=TA_CENTER, textColor=grey, spaceAfter=0
        ),
    }


#: Straight quotes and apostrophes to curly ones, as Unicode characters.
_CURLY = smartypants.Attr.q | smartypants.Attr.u


def curly(text: str) -> str:
    """``text`` with its straight quotes and apostrophes curly, as print sets them; the
    inside of markup tags is left alone.

    Backslashes are kept (smartypants reads them as escapes: a title's ``C:\\Games`` lost
    one), and an apostrophe-s just after a tag is a possessive, not an opening quote
    (``<b>10♥</b>'s``), which smartypants cannot tell without the tag's text.
    """
    guarded = text.replace("\\", _BACKSLASH)
    guarded = re.sub(r"(?<=>)'(?=s\b)", "\u2019", guarded)
    return str(smartypants.smartypants(guarded, _CURLY)).replace(_BACKSLASH, "\\")


#: Stands for a backslash while smartypants works (a private-use character).
_BACKSLASH = "\ue000"


class _Prose(Paragraph):  # type: ignore[misc]
    """A paragraph of the book, set as a printed book sets it: its straight quotes and
    apostrophes curly (“4♥ on 5♣”, Cat’s), inside its markup's tags left alone.

    Where reportlab splits it over two pages, each part is built from the first's
    words, already set (no text is given again).
    """

    def __init__(self, text: str | None, *args: Any, **kwargs: Any) -> None:
        if text is not None:
            text = curly(text)
        super().__init__(text, *args, **kwargs)


class _Marker(Flowable):  # type: ignore[misc]
    """Records, when drawn, that something (a section, a solution) is on this page;
    with ``at_top``, only where it is the first thing on the page."""

    def __init__(self, kind: str, key: Any, *, at_top: bool = False) -> None:
        super().__init__()
        self.kind, self.key, self.at_top = kind, key, at_top
        self.width = self.height = 0
        self.on_top = True

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        frame = getattr(self, "_frame", None)  # set by the frame placing this
        self.on_top = bool(frame is None or frame._atTop)
        return 0, 0

    def draw(self) -> None:
        if self.at_top and not self.on_top:
            return
        doc = self.canv._doctemplate
        doc.record(self.kind, self.key)


def _chapter_heading(title: str, styles: dict[str, ParagraphStyle]) -> list[Flowable]:
    """A chapter's title, at the top of the page that opens it: the running head from
    here on, though not on this page, where the title itself stands (as books set
    their chapter openings)."""
    return [
        _Marker("head", title),
        _Marker("opener", title),
        _Prose(escape(title), styles["h1"]),
    ]


class _Continued(Flowable):  # type: ignore[misc]
    """A line naming the solution ("Puzzle 3, continued") where the next block of a
    solution told over pages begins a page: a board at a page's top would otherwise
    seem to belong to the solution headed below it.

    Elsewhere it takes no room.  Where the block's unbreakable start (``start``:
    its board) will not fit below, it asks for more than the room left, so that it
    moves to the next page with the block, and shows there.
    """

    def __init__(self, text: str, style: ParagraphStyle, start: Flowable, pad: float = 0.0) -> None:
        super().__init__()
        self.paragraph = _Prose(escape(text), style)
        self.start, self.pad = start, pad  # pad: what the block sets below its board
        self.showing = False

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        frame = getattr(self, "_frame", None)  # set by the frame placing this
        self.showing = bool(frame is not None and frame._atTop)
        if self.showing:
            width, height = self.paragraph.wrap(aw, ah)
            return width, height + 3
        if frame is not None and self.start.wrap(aw, ah)[1] + self.pad > ah:
            return aw, ah + 1  # the board goes over: go with it
        return 0, 0

    def draw(self) -> None:
        if self.showing:
            self.paragraph.drawOn(self.canv, 0, 3)


class _FigureRow(Flowable):  # type: ignore[misc]
    """Captioned diagrams side by side, at one scale no smaller than legible."""

    def __init__(
        self,
        figures: list[Figure],
        colour: str,
        styles: dict[str, ParagraphStyle],
        max_scale: float = 1.0,
        *,
        shrink: bool = False,
    ) -> None:
        super().__init__()
        self.figures, self.colour, self.styles = figures, colour, styles
        self.max_scale = max_scale
        self.shrink = shrink  # smaller, still legible, to fit the height left on the page
        self.gap = 14.0

    def _scale(self, aw: float) -> float:
        widths = sum(d.width for d, _ in self.figures) + self.gap * (len(self.figures) - 1)
        return min(self.max_scale, aw / widths)

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        self.aw = aw
        self.s = self._scale(aw)
        need = max(legible_scale(d) for d, _ in self.figures)
        if self.s < need - 1e-9:
            titles = ", ".join(d.title for d, _ in self.figures)
            raise BookError(f"the figures {titles!r} do not fit the page at a legible size")
        self.captions = [_Prose(escape(c), self.styles["caption"]) for _, c in self.figures]
        self.cap_h = self._caption_height()
        tallest = max(d.height for d, _ in self.figures)
        if self.shrink and tallest * self.s + self.cap_h + 4 > ah:
            self.s = max(need, (ah - self.cap_h - 4) / tallest)
            self.cap_h = self._caption_height()
        self.height = max(d.height for d, _ in self.figures) * self.s + self.cap_h + 4
        self.width = aw
        return aw, self.height

    def _caption_height(self) -> float:
        return max(
            float(p.wrap(d.width * self.s, 100)[1])
            for p, (d, _) in zip(self.captions, self.figures, strict=True)
        )

    def draw(self) -> None:
        total = sum(d.width for d, _ in self.figures) * self.s + self.gap * (len(self.figures) - 1)
        x = (self.aw - total) / 2
        for (diagram, _), caption in zip(self.figures, self.captions, strict=True):
            w = diagram.width * self.s
            draw_diagram(self.canv, diagram, x, self.height, w, color=self.colour)
            cw, ch = caption.wrap(w, 100)
            caption.drawOn(
                self.canv, x + (w - cw) / 2, self.height - diagram.height * self.s - ch - 2
            )
            x += w + self.gap


class _Figure(Flowable):  # type: ignore[misc]
    """One captioned diagram at a fixed scale, as wide as it is drawn (text may sit beside it)."""

    def __init__(
        self, figure: Figure, scale: float, colour: str, styles: dict[str, ParagraphStyle]
    ) -> None:
        super().__init__()
        self.diagram, caption = figure
        self.s, self.colour = scale, colour
        self.caption = _Prose(escape(caption), styles["caption"])
        self.width = self.diagram.width * scale
        self.cap_h = self.caption.wrap(self.width, 100)[1]
        self.height = self.diagram.height * scale + self.cap_h + 4

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return self.width, self.height

    # What reportlab's ImageAndFlowables asks of its image: the size, unchanged.
    # These two are reportlab's private Image methods, the only way to set a
    # flowable that is not an Image beside text.  Checked on reportlab 5.1.0
    # (flowables.py: ImageAndFlowables._wrap calls I._restrictSize and
    # I._unRestrictSize); pyproject bounds reportlab below 5.2 for this reason,
    # and test_book's test_a_figure_sits_beside_words_in_image_and_flowables
    # and the same-bytes tests are the checks to rerun before raising it.
    def _restrictSize(self, aw: float, ah: float) -> tuple[float, float]:
        return self.width, self.height

    def _unRestrictSize(self) -> None:
        pass

    def draw(self) -> None:
        draw_diagram(self.canv, self.diagram, 0, self.height, self.width, color=self.colour)
        below = self.height - self.diagram.height * self.s - self.cap_h - 2
        self.caption.drawOn(self.canv, 0, below)


class _Ruled(Flowable):  # type: ignore[misc]
    """Ruled lines filling what is left of the frame."""

    def __init__(self, colour: str, spacing: float = 0.3 * inch) -> None:
        super().__init__()
        self.colour, self.spacing = colour, spacing

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        self.width, self.height = aw, ah - 1
        return aw, self.height

    def draw(self) -> None:
        self.canv.saveState()
        self.canv.setStrokeColor(ink("#888888", self.colour))
        self.canv.setLineWidth(_RULE)
        y = self.height - self.spacing
        while y > 2:
            self.canv.line(0, y, self.width, y)
            y -= self.spacing
        self.canv.restoreState()


class _Float(Flowable):  # type: ignore[misc]
    """A figure that floats to the top of the next page when the page has no room for it,
    the words after it (``following``) filling the page in its place.

    Set whole when it fits; otherwise it splits into as much of the following words
    as the page holds, then itself again with the rest: a page is never left blank
    below a paragraph because the next figure is too tall for what remains.
    """

    def __init__(self, figure: list[Any], following: list[Any]) -> None:
        super().__init__()
        self.figure, self.following = figure, following

    def _parts(self) -> list[Any]:
        return [*self.figure, *self.following]

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        self.aw = aw
        parts = self._parts()
        self.heights = [float(f.wrap(aw, ah)[1]) for f in parts]
        # Between two parts the larger of the space after one and before the next, as
        # a frame sets them: set whole, the paragraphs after a figure ran together.
        self.gaps = [0.0] + [
            max(float(a.getSpaceAfter()), float(b.getSpaceBefore()))
            for a, b in pairwise(parts)
        ]
        return aw, sum(self.heights) + sum(self.gaps)

    def getSpaceBefore(self) -> float:
        return float(self._parts()[0].getSpaceBefore())

    def getSpaceAfter(self) -> float:
        return float(self._parts()[-1].getSpaceAfter())

    def split(self, aw: float, ah: float) -> list[Any]:
        figure_h = sum(float(f.wrap(aw, ah)[1]) for f in self.figure)
        if figure_h <= ah + 1e-6:
            return self._parts()  # the figure here; the words after it flow on as usual
        if not self.following:
            return []  # nothing to fill the page with: the figure starts the next one
        first, *rest = self.following
        if float(first.wrap(aw, ah)[1]) <= ah:
            return [first, _Float(self.figure, rest)]
        pieces = first.split(aw, ah)
        if len(pieces) < 2:
            return []
        return [pieces[0], _Float(self.figure, [*pieces[1:], *rest])]

    def draw(self) -> None:
        y = sum(self.heights) + sum(self.gaps)
        for part, height, gap in zip(self._parts(), self.heights, self.gaps, strict=True):
            y -= gap + height
            part.drawOn(self.canv, 0, y)
