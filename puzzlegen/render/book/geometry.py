"""Page geometry: trim sizes, margins and gutter, and how many boards a page holds."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

from reportlab.lib.units import inch

from puzzlegen.diagram import Diagram
from puzzlegen.games import Game
from puzzlegen.render.book.model import BookError, BookOptions, PlannedGame
from puzzlegen.render.pdf import legible_scale
from puzzlegen.render.preflight import (
    BLEED,
    MAX_PAGES,
    MIN_PAGES,
    PRINTERS,
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
    "6x9": (0.75 * inch, 0.5 * inch, 0.7 * inch, 0.7 * inch),
}

#: Puzzles a page holds by default, and the grid columns per trim size.
DEFAULT_PER_PAGE = {"a4": 4, "letter": 4, "6x9": 2}
_COLUMNS = {"a4": 2, "letter": 2, "6x9": 1}

#: A board may grow to this scale on a page with room to spare.
_MAX_SCALE = 1.35
_REF_H = 13.0  # "Solution on page N" below it
_PAGE_HEAD_H = 26.0  # "Easy puzzles" at the top of a puzzle page
_GOAL_LEADING = 11.0  # between the lines of a goal wrapped under its label (9 pt)

_T = TypeVar("_T")


@dataclass(frozen=True)
class Geometry:
    """Where everything goes on a page, from the trim size, bleed and page count."""

    trim: tuple[float, float]
    bleed: bool
    inside: float
    outside: float
    top: float
    bottom: float
    #: The printer's safe area: no ink nearer the trim (outside, top, bottom)
    safe: float

    @classmethod
    def make(cls, page_size: str, bleed: bool, pages: int, printer: str = "kdp") -> Geometry:
        """The geometry for ``printer``'s rules (:data:`~puzzlegen.render.preflight.PRINTERS`).

        KDP's safe area is 0.375 in with bleed (0.25 in without) and its
        gutter grows with the page count; IngramSpark asks 0.5 in on every
        side.  The design margins grow where a printer asks more, and the
        running head and folio move inwards with them.
        """
        rules = PRINTERS[printer]
        safe = rules.safe_area(bleed)
        inside, outside, top, bottom = MARGINS[page_size]
        # The printer's gutter, with an eighth of an inch to spare.
        inside = max(inside, rules.gutter(pages) + 0.125 * inch)
        outside = max(outside, safe + 2.0)  # a little to spare for rounding
        # Room for the running head above the text block and the folio below it.
        top = max(top, _head_room(safe) + _HEAD_GAP)
        bottom = max(bottom, _foot_room(safe) + _HEAD_GAP)
        return cls(PAGE_SIZES[page_size], bleed, inside, outside, top, bottom, safe)

    @property
    def media(self) -> tuple[float, float]:
        w, h = self.trim
        return (w + BLEED, h + 2 * BLEED) if self.bleed else (w, h)

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
        # 0.3 in above the text block, yet never nearer the trim than the safe
        # area and room for the head's capitals (0.5 in for KDP).
        _, y0 = self.trim_origin(page)
        return float(y0 + self.trim[1] - max(self.top - 0.3 * inch, _head_room(self.safe)))

    def folio_baseline(self, page: int) -> float:
        # 0.3 in below the text block, yet never nearer the trim than the safe
        # area and a round figure's overshoot below it (0.45 in for KDP).
        _, y0 = self.trim_origin(page)
        return float(y0 + max(self.bottom - 0.3 * inch, _foot_room(self.safe)))


#: The least gap between the running head (or folio) baseline and the text block.
_HEAD_GAP = 0.2 * inch


def _head_room(safe: float) -> float:
    """The running head's baseline from the trim: the safe area and the head's ascent."""
    return float(max(0.5 * inch, safe + 0.125 * inch))


def _foot_room(safe: float) -> float:
    """The folio's baseline from the trim: the safe area and a figure's descent."""
    return float(max(0.45 * inch, safe + 0.05 * inch))


@dataclass
class _PageLayout:
    frame_w: float
    frame_h: float
    columns: int
    per_page: int
    colour: str
    #: The label and the goal on lines of their own, even in one column: a goal too
    #: long to share a line legibly (Cat's Cradle's prepare puzzles).
    two_lines: bool = False
    #: Lines the goal takes under the label, where it has lines of its own: a goal too
    #: long for its column is wrapped, the same room kept above every board so that
    #: boards side by side stay level.
    goal_lines: int = 1

    @property
    def col_w(self) -> float:
        return self.frame_w / self.columns

    @property
    def label_h(self) -> float:
        """Room above a diagram: one line of label in one column, else the label's line
        and the goal's."""
        if self.columns == 1 and not self.two_lines:
            return 16.0
        return 28.0 + _GOAL_LEADING * (self.goal_lines - 1)

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

    def fits_at(self, diagrams: Sequence[Diagram], scale: float, headed: bool) -> bool:
        """Whether ``diagrams`` fit a page drawn at ``scale`` (the book's one board scale)."""
        return self.spare_at(diagrams, scale, headed) >= -1e-6 and scale * max(
            d.width for d in diagrams
        ) <= self.col_w - 10 + 1e-6

    def spare_at(self, diagrams: Sequence[Diagram], scale: float, headed: bool) -> float:
        """The height left on the page (negative: short) with ``diagrams`` at ``scale``."""
        used = self._fixed(diagrams, headed) + scale * sum(
            max(d.height for d in row) for row in self.rows(diagrams)
        )
        return self.frame_h - used

    def fits(self, diagrams: Sequence[Diagram], headed: bool = True) -> bool:
        need = max(legible_scale(d) for d in diagrams)
        return self.scale(diagrams, headed) >= need - 1e-9

    def most(self, diagram: Diagram) -> int:
        """How many diagrams like ``diagram`` a headed page holds legibly (0 to 6)."""
        return max((n for n in range(1, 7) if self.fits([diagram] * n)), default=0)


def _layout(
    page_size: str, bleed: bool, pages: int, per_page: int, colour: str, printer: str = "kdp"
) -> _PageLayout:
    frame_w, frame_h = Geometry.make(page_size, bleed, pages, printer).frame_size
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
    most = _layout(
        options.page_size, options.bleed, MAX_PAGES, default, options.colour, options.printer
    ).most(sample)
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
        layout = _layout(
            options.page_size, options.bleed, MIN_PAGES, per_page, options.colour, options.printer
        )
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


def _a(size: str) -> str:
    """``"a 6x9"``, ``"an a4"``."""
    return f"an {size}" if size[0] in "a8" else f"a {size}"
