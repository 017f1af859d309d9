"""Puzzle pages: each level's puzzles, packed to a page at one legible scale."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, PageBreak

from puzzlegen.diagram import Diagram
from puzzlegen.games import LEVELS, Game, Puzzle
from puzzlegen.render.book.flowables import curly
from puzzlegen.render.book.geometry import (
    _COLUMNS,
    _GOAL_LEADING,
    _PAGE_HEAD_H,
    _REF_H,
    _PageLayout,
    _refuse_unless_fits,
    per_page_for,
)
from puzzlegen.render.book.model import DIFFICULTY, BookError
from puzzlegen.render.book.setting import Setting
from puzzlegen.render.pdf import FONT, FONT_BOLD, draw_diagram, ink


def puzzle_pages(
    setting: Setting, game: Game, entries: list[_Entry], same: list[Diagram]
) -> list[Any]:
    """A chapter's puzzle pages, level by level, each level's first page headed.

    ``same`` is every board of ``game`` in the book: the page must hold
    ``per_page`` of the smallest of them legibly, else the book is refused.
    """
    options = setting.options
    columns = _COLUMNS[options.page_size]
    col_w = setting.frame_w / columns
    # A goal that would share the label's line only below 8.5 pt gets a line of its
    # own (at 7 pt the prepare puzzles' goals still ran into the margins).
    two_lines = columns == 1 and any(_label_width(e, _GOAL_MIN) > col_w for e in entries)
    own_line = columns > 1 or two_lines
    layout = _PageLayout(
        setting.frame_w,
        setting.frame_h,
        columns,
        per_page_for(game, options),
        setting.colour,
        two_lines=two_lines,
        # Room above every board for the chapter's longest goal, so boards side by side
        # stay level and every page of the chapter alike.
        goal_lines=max(
            (len(_set_goal(_label(e)[1], col_w)[1]) for e in entries if own_line), default=1
        ),
    )
    # Checked on the smallest of the game's boards in the book: the rest may take fewer.
    # Only a --per-page the user gave is refused: the default is as many as fit, so a
    # book whose boards are all taller than the game's sample (Cat's Cradle's prepare
    # puzzles, drawn with their stock) packs fewer a page instead.
    if same and options.per_page is not None:
        plain = min(same, key=lambda d: d.height)
        whose = game.title if setting.several else ""
        _refuse_unless_fits(layout, plain, options.page_size, whose)
    # One board scale through the book: the answers draw the game's boards at it too.
    scale = setting.scale_of(game.title)
    story: list[Any] = []
    first = True
    # How many puzzles the last pass set below the rules: those share that page, and the
    # level's others are packed after them.
    flowed = next(
        (n for n in range(1, 7) if ("flowed", f"{game.title}:{n}") in setting.known), 0
    )
    for level in LEVELS:
        group = [e for e in entries if e.puzzle.level == level]
        sheets = _pack(group, layout, scale)
        if first and flowed and group:
            sheets = [group[:flowed], *_pack(group[flowed:], layout, scale)]
            sheets = [sheet for sheet in sheets if sheet]
        for index, sheet in enumerate(sheets):
            # The running head names the puzzles; only a level's first page has a heading.
            heading = "" if index else f"{level} puzzles"
            if heading and setting.several:
                heading = f"{game.title}: {heading}"
            section = "" if index else f"level:{game.title}:{level}"
            if first:
                # The chapter's first puzzles follow the rules on their last page when
                # there is room, rather than leave that page half blank.
                story.append(
                    _PuzzlePage(heading, sheet, layout, scale, section, game.title, flow=True)
                )
                first = False
                continue
            story.append(PageBreak())
            story.append(_PuzzlePage(heading, sheet, layout, scale, section, game.title))
    return story


def _label(entry: _Entry) -> tuple[str, str]:
    """A puzzle's label above its board (in bold) and its goal, as set."""
    level = entry.puzzle.level
    label = f"Puzzle {entry.number}  {DIFFICULTY[level]} {level}"
    return label, curly(_goal(entry.game, entry.puzzle))


def _label_width(entry: _Entry, size: float) -> float:
    """The width of a puzzle's label and goal on one line at ``size`` points."""
    label, goal = _label(entry)
    return float(stringWidth(label + "  ", FONT_BOLD, size) + stringWidth(goal, FONT, size))


#: A goal under its label: this size, or down to the minimum to keep it on one line;
#: a goal longer than that is wrapped at the full size (at 7 pt, two in a row of two
#: columns ran into each other: "…winnable.Of the endings…").
_GOAL_SIZE = 9.0
_GOAL_MIN = 8.5
#: Room kept clear at each side of a goal in its column: as for the board below it.
_GOAL_PAD = 5.0


def _set_goal(goal: str, col_w: float) -> tuple[float, list[str]]:
    """A goal set on lines of its own within a column ``col_w`` wide: (size, lines).

    A goal too long for one line is wrapped onto the fewest lines that hold it, made as
    even as they can be: centred, a last word or two under a full line reads as a stray.
    """
    room = col_w - 2 * _GOAL_PAD
    width = stringWidth(goal, FONT, _GOAL_SIZE)
    if width <= room:
        return _GOAL_SIZE, [goal]
    if width * _GOAL_MIN / _GOAL_SIZE <= room:
        return _GOAL_SIZE * room / width, [goal]
    lines = simpleSplit(goal, FONT, _GOAL_SIZE, room)
    # The narrowest measure that still takes no more lines (to a tenth of a point).
    low, high = room / len(lines), room
    while high - low > 0.1:
        middle = (low + high) / 2
        if len(simpleSplit(goal, FONT, _GOAL_SIZE, middle)) > len(lines):
            low = middle
        else:
            high = middle
    return _GOAL_SIZE, list(simpleSplit(goal, FONT, _GOAL_SIZE, high))


def contents_lines(game: Game, entries: list[_Entry], several: bool) -> list[tuple[str, str]]:
    """The contents lines of a chapter's how-to-play and puzzle levels: (label, section key)."""
    name = game.title
    lines = [(f"How to play {name}", f"how:{name}")]
    for level in LEVELS:
        if any(e.puzzle.level == level for e in entries):
            label = f"{name}: {level} puzzles" if several else f"{level} puzzles"
            lines.append((label, f"level:{name}:{level}"))
    return lines


@dataclass
class _Entry:
    number: int
    game: Game
    puzzle: Puzzle
    diagram: Diagram


class _PuzzlePage(Flowable):  # type: ignore[misc]
    """A whole page of puzzles: labels, diagrams at the book's one scale, cross references."""

    def __init__(
        self,
        heading: str,
        entries: list[_Entry],
        layout: _PageLayout,
        scale: float,
        section: str = "",
        title: str = "",
        *,
        flow: bool = False,
    ) -> None:
        super().__init__()
        self.heading, self.entries, self.layout = heading, entries, layout
        self.scale, self.section, self.title = scale, section, title
        #: whether the sheet may share a page with what comes before it (then it takes
        #: only the height it needs, where a page has room; a fresh page it takes whole)
        self.flow = flow
        self.height = layout.frame_h

    def _needed(self, entries: list[_Entry]) -> float:
        diagrams = [e.diagram for e in entries]
        return self.layout.frame_h - self.layout.spare_at(diagrams, self.scale, bool(self.heading))

    def wrap(self, aw: float, ah: float) -> tuple[float, float]:
        L = self.layout
        if self.flow and ah < L.frame_h - 1:  # below other matter: just the room it needs
            self.height = self._needed(self.entries) + 6
        else:
            self.height = L.frame_h
        return L.frame_w, self.height

    def split(self, aw: float, ah: float) -> list[Any]:
        """Below other matter: as many of the sheet's puzzles as fit, the rest on a page
        of their own; none, if not even one fits (the sheet then starts the next page)."""
        if not self.flow:
            return []
        for count in range(len(self.entries) - 1, 0, -1):
            if self._needed(self.entries[:count]) + 6 <= ah:
                here = _PuzzlePage(
                    self.heading,
                    self.entries[:count],
                    self.layout,
                    self.scale,
                    self.section,
                    self.title,
                    flow=True,
                )
                rest = _PuzzlePage("", self.entries[count:], self.layout, self.scale)
                return [here, PageBreak(), rest]
        return []

    def draw(self) -> None:
        doc = self.canv._doctemplate
        canvas, L = self.canv, self.layout
        colour = L.colour
        black = ink("#000000", colour)
        headed = bool(self.heading)
        if self.section:
            doc.record("section", self.section)  # where the sheet landed, for the contents
        if self.flow and self.height < L.frame_h:  # below the rules: the next pass packs after
            doc.record("flowed", f"{self.title}:{len(self.entries)}")
            doc.record("follows", self.title)  # the rules, not these puzzles, head the page
        top = self.height
        canvas.saveState()
        canvas.setFillColor(black)
        if headed:
            canvas.setFont(FONT_BOLD, 14)
            canvas.drawString(0, top - 14, curly(self.heading))
        rows = L.rows(self.entries)
        diagrams = [e.diagram for e in self.entries]
        scale = self.scale
        y = top - (_PAGE_HEAD_H if headed else 0)
        room = top - (L.frame_h - L.spare_at(diagrams, scale, headed))
        # Rows share the room left above, between and below them; a single row stands at
        # the top under its label, the room below it (centred, a 6x9 page's one board
        # left a third of the page blank above it).
        spare = max(0.0, room) / (len(rows) + 1) if len(rows) > 1 else 0.0
        for row in rows:
            y -= spare
            row_h = max(e.diagram.height for e in row) * scale
            for col, entry in enumerate(row):
                doc.record("puzzle", entry.number)
                cx = (col + 0.5) * L.col_w
                label, goal = _label(entry)
                canvas.setFillColor(black)
                if L.columns == 1 and not L.two_lines:  # one line: the label, then the goal
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
                    size, lines = _set_goal(goal, L.col_w)
                    canvas.setFont(FONT, size)
                    for index, line in enumerate(lines):
                        canvas.drawCentredString(cx, y - 23 - _GOAL_LEADING * index, line)
                top = y - L.label_h
                width = entry.diagram.width * scale
                draw_diagram(canvas, entry.diagram, cx - width / 2, top, width, color=colour)
                page = doc.where("solution", entry.number)
                canvas.setFillColor(ink("#333333", colour))
                # The reference, then the puzzle's id small (7 pt), centred together.
                ref = f"Solution on page {page}" if page else "Solution at the back"
                ident = f"   {entry.puzzle.id}"
                ref_w = canvas.stringWidth(ref, FONT, 8.5)
                left = cx - (ref_w + canvas.stringWidth(ident, FONT, _ID_SIZE)) / 2
                canvas.setFont(FONT, 8.5)
                # Under its own board, not the row's tallest: it seemed to belong to no board.
                below = top - entry.diagram.height * scale - 10
                canvas.drawString(left, below, ref)
                canvas.setFont(FONT, _ID_SIZE)
                canvas.drawString(left + ref_w, below, ident)
            y -= L.label_h + row_h + _REF_H
        canvas.restoreState()


#: The type size of a puzzle's id under its board: small, yet at the printable minimum.
_ID_SIZE = 7.0


def _goal(game: Game, puzzle: Puzzle) -> str:
    """The puzzle's task as a sentence: ``"Find five spaces."``."""
    goal = game.goal(puzzle)
    return f"{goal[:1].upper()}{goal[1:]}."


def _pack(entries: list[_Entry], layout: _PageLayout, scale: float) -> list[list[_Entry]]:
    """Fill pages with ``per_page`` puzzles at ``scale``; fewer only where a tall one
    needs the room."""
    pages: list[list[_Entry]] = []
    for entry in entries:
        if not layout.fits_at([entry.diagram], scale, True):
            raise BookError(f"puzzle {entry.number} does not fit a page at a legible size")
        headed = len(pages) == 1  # only a level's first page has a heading
        sheet = [e.diagram for e in pages[-1]] if pages else []
        if (
            pages
            and len(sheet) < layout.per_page
            and layout.fits_at([*sheet, entry.diagram], scale, headed)
        ):
            pages[-1].append(entry)
        else:
            pages.append([entry])
    return pages
