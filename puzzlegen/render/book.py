"""Print-ready PDF puzzle books (reportlab platypus), checked by :mod:`preflight` before use.

A book is a list of :class:`Chapter` s, one per game.  It opens with a title
page, a copyright page (author, publisher, edition, ISBN, the inventors'
credit) and contents; each chapter has its own how-to-play and its puzzles,
grouped by level, easiest first, ``per_page`` to a page; the solutions of
every chapter follow, then ruled notes pages, as many as make the page count
even and at least the paperback minimum of 24.

How many puzzles a page holds is the game's to say: a game that offers a
:class:`PlannedGame` sample diagram gets, by default, as many as fit its
trim size legibly (at most :data:`DEFAULT_PER_PAGE`), and an explicit
``per_page`` that cannot fit is refused by :func:`check_per_page` before a
puzzle is made.  A game that tells its answers as a :class:`StoryGame`
story (paragraphs with figures between them) has them set to flow over as
many pages as they need; otherwise an answer is kept on one page.

Page geometry is built, not hoped for (:class:`Geometry`): page 1 is a recto,
so odd pages have the spine on the left; the frame, running head and folio of
each page are placed from its real page number, with the wider margin (the
gutter) at the spine, widened when the page count calls for it.  With
``bleed`` the media box grows 0.125 in at the outside edge, top and bottom,
and each page carries trim and bleed boxes.  Every mark on a page lies in the
safe area, and :func:`build_book` runs :func:`preflight` on the PDF it made
and refuses (:class:`BookError`, naming the rule) a book that fails.

Cross references ("Solution on page 87", "Puzzle on page 12") and running
heads ("Solutions 13–16") come from where the previous typesetting pass put
each puzzle; the book is typeset again until nothing moves.  Fonts are
embedded, and the PDF is built in reportlab's invariant mode, so the same
inputs give the same bytes.  Colour: ``rgb``; ``cmyk`` (greys and black in
black ink alone); ``gray`` (black ink only, red pips drawn hollow).
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar, runtime_checkable
from xml.sax.saxutils import escape

from reportlab.lib.enums import TA_CENTER, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    ImageAndFlowables,
    KeepTogether,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import LayoutError

import puzzlegen
from puzzlegen.diagram import Diagram
from puzzlegen.errors import PuzzlegenError
from puzzlegen.games import LEVELS, Game, Puzzle
from puzzlegen.render.pdf import (
    COLOR_MODES,
    FONT,
    FONT_BOLD,
    draw_diagram,
    ink,
    legible_scale,
    register_fonts,
)
from puzzlegen.render.preflight import (
    BLEED,
    MAX_PAGES,
    MIN_PAGES,
    SAFE_NO_BLEED,
    SAFE_WITH_BLEED,
    gutter_for,
    preflight,
)

#: Trim sizes in points.
PAGE_SIZES: dict[str, tuple[float, float]] = {
    "a4": (595.2756, 841.8898),
    "letter": (612.0, 792.0),
    "6x9": (6 * inch, 9 * inch),
}

#: Design margins (inside, outside, top, bottom) in points.  The inside one
#: grows with the page count where the paperback tables ask for more.
MARGINS: dict[str, tuple[float, float, float, float]] = {
    "a4": (0.875 * inch, 0.625 * inch, 0.85 * inch, 0.85 * inch),
    "letter": (0.875 * inch, 0.625 * inch, 0.85 * inch, 0.85 * inch),
    "6x9": (0.75 * inch, 0.5 * inch, 0.8 * inch, 0.8 * inch),
}

#: Puzzles a page holds by default, and the grid columns per trim size.
DEFAULT_PER_PAGE = {"a4": 4, "letter": 4, "6x9": 2}
_COLUMNS = {"a4": 2, "letter": 2, "6x9": 1}

#: The colour profile each mode is made for, named in the PDF's metadata.
PROFILES = {
    "rgb": "sRGB IEC61966-2.1",
    "gray": "black ink only (Dot Gain 20%)",
    "cmyk": "U.S. Web Coated (SWOP) v2",
}

#: The scale of a solution's main figure: on 6x9 small enough for two to a page.
_SOLUTION_SCALE = {"a4": 1.0, "letter": 1.0, "6x9": 0.86}
#: A board may grow to this scale on a page with room to spare.
_MAX_SCALE = 1.35
_REF_H = 13.0  # "Solution on page N" below it
_PAGE_HEAD_H = 26.0  # "Easy puzzles" at the top of a puzzle page
_RULE = 0.75  # the thinnest stroke a printer promises to hold

_T = TypeVar("_T")

DIFFICULTY = {level: "●" * (i + 1) + "○" * (len(LEVELS) - i - 1) for i, level in enumerate(LEVELS)}


class BookError(PuzzlegenError, ValueError):
    """A book that cannot be made as asked (size rules, legibility, preflight)."""


@dataclass(frozen=True)
class BookOptions:
    title: str = ""  # default: "<game title> Puzzles"
    page_size: str = "6x9"
    bleed: bool = False
    color: str = "rgb"  # rgb, gray or cmyk
    per_page: int | None = None
    author: str = "puzzlegen"
    publisher: str = ""
    isbn: str = ""
    edition: str = "First edition"
    year: int = 2026
    mono: bool = False  # the old name of color="gray"

    @property
    def colour(self) -> str:
        return "gray" if self.mono else self.color


@dataclass(frozen=True)
class Chapter:
    """One game's part of a book."""

    game: Game
    puzzles: Sequence[Puzzle]


#: A figure: a diagram and its caption.
Figure = tuple[Diagram, str]


@runtime_checkable
class BookGame(Protocol):
    """What a game may add to :class:`~puzzlegen.games.Game` for a richer book.

    A game without these gets its ``rules_text`` with ``rules_diagram``, and
    its solution diagram alone.
    """

    def how_to_play(self, *, mono: bool = False) -> list[str | list[Figure]]:
        """Paragraphs, each figure row placed right after the text introducing it."""
        ...

    def solution_figures(self, puzzle: Puzzle, *, mono: bool = False) -> list[list[Figure]]:
        """Rows of captioned diagrams that show a puzzle's answer."""
        ...


@runtime_checkable
class PlannedGame(Protocol):
    """A game whose pages can be planned before any puzzle is made."""

    def page_sample(self, *, mono: bool = False) -> Diagram:
        """A diagram no larger than any puzzle's diagram (a fresh layout, say)."""
        ...


@runtime_checkable
class StoryGame(Protocol):
    """A game whose answers are told at length: words and figures that may run over pages."""

    def solution_story(self, puzzle: Puzzle, *, mono: bool = False) -> list[str | list[Figure]]:
        """Paragraphs and rows of captioned diagrams, in reading order."""
        ...


def check_isbn(text: str) -> str:
    """``text`` as a valid ISBN-10 or ISBN-13 (hyphens and spaces kept); raises ValueError.

    >>> check_isbn("978-0-306-40615-7")
    '978-0-306-40615-7'
    """
    digits = text.replace("-", "").replace(" ", "").upper()
    if len(digits) == 13 and digits.isdigit():
        total = sum(int(d) * (3 if i % 2 else 1) for i, d in enumerate(digits))
    elif len(digits) == 10 and digits[:9].isdigit() and (digits[9].isdigit() or digits[9] == "X"):
        values = [int(d) for d in digits[:9]] + [10 if digits[9] == "X" else int(digits[9])]
        total = sum(v * (10 - i) for i, v in enumerate(values))
        total = 0 if total % 11 == 0 else 1
    else:
        raise ValueError(f"{text!r} is not an ISBN (10 or 13 digits)")
    if total % 10:
        raise ValueError(f"{text!r} is not a valid ISBN: its check digit is wrong")
    return text.strip()


# -- geometry ---------------------------------------------------------------------


@dataclass(frozen=True)
class Geometry:
    """Where everything goes on a page, from the trim size, bleed and page count."""

    trim: tuple[float, float]
    bleed: bool
    inside: float
    outside: float
    top: float
    bottom: float

    @classmethod
    def make(cls, page_size: str, bleed: bool, pages: int) -> Geometry:
        inside, outside, top, bottom = MARGINS[page_size]
        # The paperback tables' gutter, with an eighth of an inch to spare.
        inside = max(inside, gutter_for(pages) + 0.125 * inch)
        return cls(PAGE_SIZES[page_size], bleed, inside, outside, top, bottom)

    @property
    def media(self) -> tuple[float, float]:
        w, h = self.trim
        return (w + BLEED, h + 2 * BLEED) if self.bleed else (w, h)

    @property
    def safe(self) -> float:
        return SAFE_WITH_BLEED if self.bleed else SAFE_NO_BLEED

    @staticmethod
    def recto(page: int) -> bool:
        return page % 2 == 1

    def trim_origin(self, page: int) -> tuple[float, float]:
        """The trim box's bottom left in media coordinates (the bleed is outside)."""
        if not self.bleed:
            return 0.0, 0.0
        return (0.0 if self.recto(page) else BLEED), BLEED

    def frame(self, page: int) -> tuple[float, float, float, float]:
        """The text block (x, y, width, height) in media coordinates."""
        x0, y0 = self.trim_origin(page)
        w, h = self.trim
        left = self.inside if self.recto(page) else self.outside
        return (
            x0 + left,
            y0 + self.bottom,
            w - self.inside - self.outside,
            h - self.top - self.bottom,
        )

    @property
    def frame_size(self) -> tuple[float, float]:
        _, _, w, h = self.frame(1)
        return w, h

    def head_baseline(self, page: int) -> float:
        _, y0 = self.trim_origin(page)
        return float(y0 + self.trim[1] - self.top + 0.3 * inch)

    def folio_baseline(self, page: int) -> float:
        _, y0 = self.trim_origin(page)
        return float(y0 + self.bottom - 0.3 * inch)


# -- styles -----------------------------------------------------------------------


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
        "small": style("small", fontSize=8.5, leading=12, textColor=black),
        "caption": style(
            "caption", fontSize=8, leading=10, alignment=TA_CENTER, textColor=grey, spaceAfter=0
        ),
    }


# -- flowables --------------------------------------------------------------------


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


@dataclass
class _Entry:
    number: int
    game: Game
    puzzle: Puzzle
    diagram: Diagram


class _PuzzlePage(Flowable):  # type: ignore[misc]
    """A whole page of puzzles: labels, diagrams at one legible scale, cross references."""

    def __init__(self, heading: str, entries: list[_Entry], layout: _PageLayout) -> None:
        super().__init__()
        self.heading, self.entries, self.layout = heading, entries, layout

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        return self.layout.frame_w, self.layout.frame_h

    def draw(self) -> None:
        doc = self.canv._doctemplate
        canvas, L = self.canv, self.layout
        colour = L.colour
        black = ink("#000000", colour)
        headed = bool(self.heading)
        canvas.saveState()
        canvas.setFillColor(black)
        if headed:
            canvas.setFont(FONT_BOLD, 14)
            canvas.drawString(0, L.frame_h - 14, self.heading)
        rows = L.rows(self.entries)
        diagrams = [e.diagram for e in self.entries]
        scale = L.scale(diagrams, headed)
        y = L.frame_h - (_PAGE_HEAD_H if headed else 0)
        spare = L.spare(diagrams, scale, headed) / (len(rows) + 1)
        for row in rows:
            y -= spare
            row_h = max(e.diagram.height for e in row) * scale
            for col, entry in enumerate(row):
                doc.record("puzzle", entry.number)
                cx = (col + 0.5) * L.col_w
                level = entry.puzzle.level
                label = f"Puzzle {entry.number}  {DIFFICULTY[level]} {level}"
                goal = _goal(entry.game, entry.puzzle)
                canvas.setFillColor(black)
                if L.columns == 1:  # one line: the label in bold, then the goal
                    size = 10.0
                    bold_w = canvas.stringWidth(label + "  ", FONT_BOLD, size)
                    goal_w = canvas.stringWidth(goal, FONT, size)
                    if bold_w + goal_w > L.col_w:  # a long goal: smaller, never below 7 pt
                        size = max(7.0, size * L.col_w / (bold_w + goal_w))
                        bold_w = canvas.stringWidth(label + "  ", FONT_BOLD, size)
                        goal_w = canvas.stringWidth(goal, FONT, size)
                    left = cx - (bold_w + goal_w) / 2
                    canvas.setFont(FONT_BOLD, size)
                    canvas.drawString(left, y - 11, label)
                    canvas.setFont(FONT, size)
                    canvas.drawString(left + bold_w, y - 11, goal)
                else:
                    canvas.setFont(FONT_BOLD, 10)
                    canvas.drawCentredString(cx, y - 11, label)
                    canvas.setFont(FONT, 9)
                    canvas.drawCentredString(cx, y - 23, goal)
                top = y - L.label_h
                width = entry.diagram.width * scale
                draw_diagram(canvas, entry.diagram, cx - width / 2, top, width, color=colour)
                page = doc.where("solution", entry.number)
                canvas.setFont(FONT, 8.5)
                canvas.setFillColor(ink("#333333", colour))
                canvas.drawCentredString(
                    cx,
                    top - row_h - 10,
                    f"Solution on page {page}" if page else "Solution at the back",
                )
            y -= L.label_h + row_h + _REF_H
        canvas.restoreState()


@dataclass
class _PageLayout:
    frame_w: float
    frame_h: float
    columns: int
    per_page: int
    colour: str

    @property
    def col_w(self) -> float:
        return self.frame_w / self.columns

    @property
    def label_h(self) -> float:
        """Room above a diagram: one line of label in one column, two in two."""
        return 16.0 if self.columns == 1 else 28.0

    def rows(self, items: Sequence[_T]) -> list[list[_T]]:
        return [list(items[i : i + self.columns]) for i in range(0, len(items), self.columns)]

    def _fixed(self, diagrams: Sequence[Diagram], headed: bool) -> float:
        head = _PAGE_HEAD_H if headed else 0.0
        return head + len(self.rows(diagrams)) * (self.label_h + _REF_H)

    def scale(self, diagrams: Sequence[Diagram], headed: bool) -> float:
        rows = self.rows(diagrams)
        natural = sum(max(d.height for d in row) for row in rows)
        widest = max(d.width for d in diagrams)
        by_height = (self.frame_h - self._fixed(diagrams, headed)) / natural
        by_width = (self.col_w - 10) / widest
        return min(_MAX_SCALE, by_height, by_width)

    def spare(self, diagrams: Sequence[Diagram], scale: float, headed: bool) -> float:
        used = self._fixed(diagrams, headed) + scale * sum(
            max(d.height for d in row) for row in self.rows(diagrams)
        )
        return max(0.0, self.frame_h - used)

    def fits(self, diagrams: Sequence[Diagram], headed: bool = True) -> bool:
        need = max(legible_scale(d) for d in diagrams)
        return self.scale(diagrams, headed) >= need - 1e-9

    def most(self, diagram: Diagram) -> int:
        """How many diagrams like ``diagram`` a headed page holds legibly (0 to 6)."""
        return max((n for n in range(1, 7) if self.fits([diagram] * n)), default=0)


def _layout(page_size: str, bleed: bool, pages: int, per_page: int, colour: str) -> _PageLayout:
    frame_w, frame_h = Geometry.make(page_size, bleed, pages).frame_size
    return _PageLayout(frame_w, frame_h, _COLUMNS[page_size], per_page, colour)


def per_page_for(game: Game, options: BookOptions) -> int:
    """How many of ``game``'s puzzles a page of the book holds.

    The option if given; otherwise, for a :class:`PlannedGame`, as many of
    its sample diagrams as fit legibly even with the widest gutter, at most
    :data:`DEFAULT_PER_PAGE`; for other games :data:`DEFAULT_PER_PAGE`.
    """
    if options.per_page:
        return options.per_page
    default = DEFAULT_PER_PAGE[options.page_size]
    if not isinstance(game, PlannedGame):
        return default
    sample = game.page_sample(mono=options.colour == "gray")
    most = _layout(options.page_size, options.bleed, MAX_PAGES, default, options.colour).most(
        sample
    )
    if not most:
        raise BookError(
            f"a {game.title} puzzle does not fit {_a(options.page_size)} page at a legible size"
        )
    return min(default, most)


def check_per_page(games: Sequence[Game], options: BookOptions) -> None:
    """Refuse, before any puzzle is made, a ``per_page`` that no page could hold legibly.

    Raises :class:`BookError`.  Checked against each :class:`PlannedGame`'s
    sample with the narrowest gutter, so nothing that could be made is refused;
    the typesetting checks again against the real puzzles.
    """
    if options.page_size not in PAGE_SIZES:
        raise BookError(f"unknown page size {options.page_size!r}")
    for game in games:
        per_page = per_page_for(game, options)
        if options.per_page is None or not isinstance(game, PlannedGame):
            continue
        sample = game.page_sample(mono=options.colour == "gray")
        layout = _layout(options.page_size, options.bleed, MIN_PAGES, per_page, options.colour)
        _refuse_unless_fits(layout, sample, options.page_size, game.title if len(games) > 1 else "")


def _refuse_unless_fits(layout: _PageLayout, diagram: Diagram, page_size: str, whose: str) -> None:
    """Refuse a ``layout`` whose page cannot hold ``per_page`` boards like ``diagram``.

    Raises :class:`BookError` naming the most that fit; ``whose`` (a game's
    title, or "") names the game in a book of several.  Used before any
    puzzle is made (on a sample) and again while typesetting (on the real
    boards), so both say the same.
    """
    most = layout.most(diagram)
    if most < layout.per_page:
        raise BookError(
            f"--per-page {layout.per_page} does not fit {_a(page_size)} page at a "
            f"legible size (at most {most}{f' for {whose}' if whose else ''})"
        )


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


# -- the document -----------------------------------------------------------------


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
        head = self.running_head(marks)
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
        for kind, label in (("solution", "Solutions"), ("puzzle", "Puzzles")):
            numbers = [key for k, key in marks if k == kind]
            if numbers:
                first, last = min(numbers), max(numbers)
                return f"{label} {first}–{last}" if last != first else f"{label[:-1]} {first}"
        return self.current_head


def _goal(game: Game, puzzle: Puzzle) -> str:
    """The puzzle's task as a sentence: ``"Find five spaces."``."""
    goal = game.goal(puzzle)
    return f"{goal[:1].upper()}{goal[1:]}."


def _how_to_play(game: Game, mono: bool) -> list[str | list[Figure]]:
    if isinstance(game, BookGame):
        return game.how_to_play(mono=mono)
    diagram, caption = game.rules_diagram(mono=mono)
    return [*game.rules_text(), [(diagram, caption)]]


def _solution_figures(game: Game, puzzle: Puzzle, mono: bool) -> list[list[Figure]]:
    if isinstance(game, BookGame):
        return game.solution_figures(puzzle, mono=mono)
    return [[(game.diagram(puzzle, solution=True, mono=mono), "The moves in order")]]


def _numbered(chapters: Sequence[Chapter]) -> list[list[tuple[int, Puzzle]]]:
    """Each chapter's puzzles, grouped by level (stable within a level), numbered through."""
    result, number = [], 0
    for chapter in chapters:
        ordered = sorted(chapter.puzzles, key=lambda p: LEVELS.index(p.level))
        numbered = []
        for puzzle in ordered:
            number += 1
            numbered.append((number, puzzle))
        result.append(numbered)
    return result


def _pack(entries: list[_Entry], layout: _PageLayout) -> list[list[_Entry]]:
    """Fill pages with ``per_page`` puzzles; fewer only where a tall one needs the room."""
    pages: list[list[_Entry]] = []
    for entry in entries:
        if not layout.fits([entry.diagram]):
            raise BookError(f"puzzle {entry.number} does not fit a page at a legible size")
        headed = len(pages) == 1  # only a level's first page has a heading
        sheet = [e.diagram for e in pages[-1]] if pages else []
        if pages and len(sheet) < layout.per_page and layout.fits([*sheet, entry.diagram], headed):
            pages[-1].append(entry)
        else:
            pages.append([entry])
    return pages


@dataclass
class _Prepared:
    """What a chapter puts in the book, drawn once for every typesetting pass."""

    chapter: Chapter
    rules: list[str | list[Figure]]
    entries: list[_Entry]
    #: number, puzzle, its answer in one paragraph, its figures, or its story if it has one
    solutions: list[tuple[int, Puzzle, str, list[list[Figure]], list[str | list[Figure]] | None]]


def _prepare(chapters: Sequence[Chapter], mono: bool) -> list[_Prepared]:
    prepared = []
    for chapter, numbered in zip(chapters, _numbered(chapters), strict=True):
        game = chapter.game
        prepared.append(
            _Prepared(
                chapter,
                _how_to_play(game, mono),
                [_Entry(n, game, p, game.diagram(p, mono=mono)) for n, p in numbered],
                [
                    (n, p, game.solution_text(p), [], game.solution_story(p, mono=mono))
                    if isinstance(game, StoryGame)
                    else (n, p, game.solution_text(p), _solution_figures(game, p, mono), None)
                    for n, p in numbered
                ],
            )
        )
    return prepared


@dataclass
class _Pass:
    data: bytes
    pages: int
    found: dict[tuple[str, Any], int] = field(default_factory=dict)


def build_book(
    game: Game, puzzles: Sequence[Puzzle], options: BookOptions, *, check: bool = True
) -> bytes:
    """The PDF bytes of a book of ``game``'s ``puzzles`` (grouped by level, easiest first)."""
    return build_chapters([Chapter(game, puzzles)], options, check=check)


def build_chapters(
    chapters: Sequence[Chapter], options: BookOptions, *, check: bool = True
) -> bytes:
    """The PDF bytes of a book of one chapter per game; raises :class:`BookError`.

    The book is typeset until its cross references and page count settle,
    then checked by :func:`preflight` (unless ``check`` is false: benchmarks
    time the two apart); a book that fails is refused.
    """
    if options.page_size not in PAGE_SIZES:
        raise BookError(f"unknown page size {options.page_size!r}")
    if options.colour not in COLOR_MODES:
        raise BookError(f"unknown colour mode {options.color!r} (rgb, gray or cmyk)")
    if not chapters or not any(c.puzzles for c in chapters):
        raise BookError("a book needs at least one puzzle")
    known: dict[tuple[str, Any], int] = {}
    pages = MIN_PAGES
    padding = 0
    result: _Pass | None = None
    prepared = _prepare(chapters, options.colour == "gray")
    for _ in range(8):
        geometry = Geometry.make(options.page_size, options.bleed, pages)
        result = _typeset(prepared, options, geometry, known, padding)
        if result.pages > MAX_PAGES:
            total = sum(len(c.puzzles) for c in chapters)
            fewer = max(1, total * (MAX_PAGES - 12) // result.pages)
            raise BookError(
                f"the book would have {result.pages} pages, more than the {MAX_PAGES} a "
                f"paperback can have: make it about {fewer} puzzles or fewer"
            )
        # Ruled notes pages make the count even and at least the paperback minimum.
        content = result.pages - padding
        wanted = max(0, MIN_PAGES - content)
        wanted += (content + wanted) % 2
        found = dict(result.found)
        if wanted:  # the notes begin on the page after the content
            found[("section", "notes")] = content + 1
        settled = (
            found == known
            and wanted == padding
            and gutter_for(content + wanted) == gutter_for(pages)
        )
        known, pages, padding = found, content + wanted, wanted
        if settled:
            break
    else:
        raise BookError("the book's page references did not settle")
    assert result is not None
    if not check:
        return result.data
    report = preflight(
        result.data, trim=PAGE_SIZES[options.page_size], bleed=options.bleed, color=options.colour
    )
    if not report.ok:
        failure = report.failures[0]
        where = f" ({failure.where})" if failure.where else ""
        raise BookError(f"the book fails preflight: {failure.rule}: found {failure.found}{where}")
    return result.data


def _typeset(
    prepared: list[_Prepared],
    options: BookOptions,
    geometry: Geometry,
    known: dict[tuple[str, Any], int],
    padding: int,
) -> _Pass:
    colour = options.colour
    styles = _styles(colour)
    chapters = [p.chapter for p in prepared]
    first = chapters[0].game
    title = options.title or (f"{first.title} Puzzles" if len(chapters) == 1 else "Puzzles")
    games = [c.game for c in chapters]
    total = sum(len(c.puzzles) for c in chapters)
    buffer = io.BytesIO()
    enforce = "cmyk" if colour in ("cmyk", "gray") else None
    doc = _Book(
        buffer,
        geometry,
        options,
        known,
        invariant=1,
        initialFontName=FONT,
        enforceColorSpace=enforce,
        title=title,
        author=options.author,
        subject=f"{total} puzzles; colour: {colour}; intended profile: {PROFILES[colour]}; "
        + "; ".join(g.credit for g in games),
        creator=f"puzzlegen {puzzlegen.__version__}",
        keywords=", ".join(
            [
                *dict.fromkeys(word for g in games for word in g.keywords),
                f"colour {colour}",
                f"profile {PROFILES[colour]}",
                *([f"ISBN {options.isbn}"] if options.isbn else []),
                *([f"publisher {options.publisher}"] if options.publisher else []),
                *([options.edition] if options.edition else []),
            ]
        ),
    )
    frame_w, frame_h = geometry.frame_size
    bare = _Marker("bare", 0)
    story: list[Any] = [
        bare,
        Spacer(1, frame_h * 0.22),
        Paragraph(escape(title), styles["title"]),
        Paragraph(escape(f"{total} puzzles with solutions"), styles["subtitle"]),
        Spacer(1, 8),
        *[Paragraph(escape(_origin(g)), styles["subtitle"]) for g in games],
        Spacer(1, 30),
        *([Paragraph(escape(options.author), styles["subtitle"])] if options.author else []),
        PageBreak(),
        _Marker("bare", 1),
        Spacer(1, frame_h * 0.45),
        *_copyright(options, title, games, styles),
        PageBreak(),
        _Marker("head", "Contents"),
        Paragraph("Contents", styles["h1"]),
    ]
    contents: list[tuple[str, str]] = []
    for part in prepared:
        name = part.chapter.game.title
        contents.append((f"How to play {name}", f"how:{name}"))
        for level in LEVELS:
            if any(e.puzzle.level == level for e in part.entries):
                label = f"{level} puzzles" if len(chapters) == 1 else f"{name}: {level} puzzles"
                contents.append((label, f"level:{name}:{level}"))
    contents.append(("Solutions", "solutions"))
    if len(chapters) > 1:
        contents += [(f"{c.game.title}: solutions", f"solutions:{c.game.title}") for c in chapters]
    if padding:
        contents.append(("Notes", "notes"))
    rows = [
        [
            Paragraph(escape(label), styles["toc"]),
            Paragraph(str(known.get(("section", key), "")), styles["toc_page"]),
        ]
        for label, key in contents
    ]
    table = Table(rows, colWidths=[frame_w - 50, 50], hAlign="LEFT")
    table.setStyle(
        TableStyle(
            [
                ("FONTNAME", (0, 0), (-1, -1), FONT),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ]
        )
    )
    story.append(table)
    for part in prepared:
        game = part.chapter.game
        layout = _PageLayout(
            frame_w, frame_h, _COLUMNS[options.page_size], per_page_for(game, options), colour
        )
        # Checked on the smallest of the game's boards in the book: the rest may take fewer.
        same = [e.diagram for p in prepared if p.chapter.game is game for e in p.entries]
        if same:
            plain = min(same, key=lambda d: d.height)
            whose = game.title if len(prepared) > 1 else ""
            _refuse_unless_fits(layout, plain, options.page_size, whose)
        story += [
            PageBreak(),
            _Marker("section", f"how:{game.title}"),
            _Marker("head", f"How to play {game.title}"),
            Paragraph(escape(f"How to play {game.title}"), styles["h1"]),
        ]
        pending: list[Any] = []
        for rule in part.rules:
            if isinstance(rule, str):
                if pending:
                    story.append(KeepTogether(pending))
                pending = [Paragraph(escape(rule), styles["body"])]
            else:
                pending.append(_FigureRow(rule, colour, styles))
                pending.append(Spacer(1, 8))
                story.append(KeepTogether(pending))
                pending = []
        if pending:
            story.append(KeepTogether(pending))
        for level in LEVELS:
            group = [e for e in part.entries if e.puzzle.level == level]
            for index, sheet in enumerate(_pack(group, layout)):
                story.append(PageBreak())
                if index == 0:
                    story.append(_Marker("section", f"level:{game.title}:{level}"))
                # The running head names the puzzles; only a level's first page has a heading.
                heading = "" if index else f"{level} puzzles"
                if heading and len(prepared) > 1:
                    heading = f"{game.title}: {heading}"
                story.append(_PuzzlePage(heading, sheet, layout))
    story += [
        PageBreak(),
        _Marker("section", "solutions"),
        _Marker("head", "Solutions"),
        Paragraph("Solutions", styles["h1"]),
    ]
    for part in prepared:
        game = part.chapter.game
        # A chapter's heading stays with its first solution: it never ends a page.
        lead: list[Any] = []
        if len(prepared) > 1:
            lead = [
                _Marker("section", f"solutions:{game.title}"),
                Paragraph(escape(game.title), styles["h2"]),
            ]
        for number, puzzle, text, figures, told in part.solutions:
            page = known.get(("puzzle", number))
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
                scale = _SOLUTION_SCALE[options.page_size]
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
    for index in range(padding):
        story += [PageBreak(), _Marker("head", "Notes")]
        if index == 0:
            story += [_Marker("section", "notes"), Paragraph("Notes", styles["h1"])]
        story.append(_Ruled(colour))
    try:
        doc.build(story)
    except LayoutError as exc:
        # A flowable taller than a page (an answer too long to set): say so, no traceback.
        reason = " ".join(str(exc).split())[:160]
        raise BookError(
            f"the book cannot be laid out on {options.page_size} pages: {reason}"
        ) from None
    reader_pages = doc.page
    return _Pass(buffer.getvalue(), reader_pages, dict(doc.found))


def _a(size: str) -> str:
    """``"a 6x9"``, ``"an a4"``."""
    return f"an {size}" if size[0] in "a8" else f"a {size}"


def _known(game: Game) -> bool:
    """Whether the game's inventor is known by name (Pendulum's is not)."""
    return game.inventor.strip().lower() not in ("", "anonymous", "unknown")


def _origin(game: Game) -> str:
    """The title page's line on where the game comes from."""
    return f"{game.title} was invented by {game.inventor}" if _known(game) else game.credit


def _copyright(
    options: BookOptions, title: str, games: list[Game], styles: dict[str, ParagraphStyle]
) -> list[Any]:
    lines = [f"<b>{escape(title)}</b>"]
    if options.edition:
        lines.append(escape(options.edition))
    lines.append(
        escape(f"© {options.year} {options.author}" if options.author else f"© {options.year}")
    )
    if options.publisher:
        lines.append(escape(f"Published by {options.publisher}"))
    if options.isbn:
        lines.append(escape(f"ISBN {options.isbn}"))
    result = [Paragraph("<br/>".join(lines), styles["small"]), Spacer(1, 10)]
    for game in games:
        credit = f"{game.credit}. This book credits the inventor." if _known(game) else game.credit
        result.append(Paragraph(escape(credit), styles["small"]))
        result.append(Paragraph(escape(game.making_of), styles["small"]))
    return result


__all__ = ["BookError", "BookOptions", "Chapter", "Geometry", "build_book", "build_chapters"]
