"""Styles and the flowables every part of a book uses: markers, figure rows, ruled lines."""

from __future__ import annotations

from typing import Any
from xml.sax.saxutils import escape

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
    body = ParagraphStyle(
        "body", fontName=FONT, fontSize=9.5, leading=13.5, spaceAfter=6, textColor=black
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


class _Marker(Flowable):  # type: ignore[misc]
    """Records, when drawn, that something (a section, a solution) is on this page."""

    def __init__(self, kind: str, key: Any) -> None:
        super().__init__()
        self.kind, self.key = kind, key
        self.width = self.height = 0

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return 0, 0

    def draw(self) -> None:
        doc = self.canv._doctemplate
        doc.record(self.kind, self.key)


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
        self.paragraph = Paragraph(escape(text), style)
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
        self.captions = [Paragraph(escape(c), self.styles["caption"]) for _, c in self.figures]
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
        self.caption = Paragraph(escape(caption), styles["caption"])
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
    """A tall figure that, where it does not fit the room left on a page, goes to the
    top of the next and lets what follows it (``after``) fill the page first, as
    books set their figures: half a page is not left empty above it.

    It is never drawn itself.  It always splits into what it holds: the figure and
    then ``after`` where the figure fits, else as much of ``after`` as fits and a
    float of the rest, tried again on the next page.
    """

    def __init__(self, figure: Flowable, after: list[Flowable]) -> None:
        super().__init__()
        self.figure, self.after = figure, after

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return aw, ah + 1  # more than the room: the frame splits it

    def split(self, aw: float, ah: float) -> list[Flowable]:
        if self.figure.wrap(aw, ah)[1] <= ah:
            return [self.figure, *self.after]
        taken: list[Flowable] = []
        tail: list[Flowable] = []  # a split paragraph's last lines, to begin the next page
        rest = list(self.after)
        room = ah
        while rest:
            following = rest[0]
            if taken:
                room -= max(float(taken[-1].getSpaceAfter()), float(following.getSpaceBefore()))
            height = float(following.wrap(aw, room)[1])
            if height <= room:
                taken.append(rest.pop(0))
                room -= height
                continue
            # A paragraph too long for the room: its first lines end the page.
            parts = following.split(aw, room) if room > 0 else []
            if len(parts) > 1:
                taken.append(parts[0])
                tail = parts[1:]
                rest.pop(0)
            break
        if not taken:
            return []  # nothing fits below: all of it goes to the next page
        return [*taken, *tail, _Float(self.figure, rest)]
