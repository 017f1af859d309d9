"""Print-ready PDF puzzle books (reportlab platypus).

A book is: a title page; an imprint page crediting the inventor; contents;
how to play (with a diagram of the 18 lines); the puzzles grouped by level,
easiest first, ``per_page`` to a page; the solutions; and, if needed, a notes
page so the page count is even.  Pages alternate recto and verso templates
with mirrored margins, the wider one inside (the gutter).  With ``bleed`` the
media box grows by 0.125 in at the outside edge, top and bottom, and each page
carries its trim box.  Fonts are embedded; the PDF is built with reportlab's
invariant mode, so the same inputs give the same bytes.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib.colors import HexColor
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import inch
from reportlab.platypus import (
    BaseDocTemplate,
    DocIf,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

import puzzlegen
from puzzlegen.diagram import Diagram
from puzzlegen.games import LEVELS, Game, Puzzle
from puzzlegen.render.pdf import FONT, FONT_BOLD, DiagramFlowable, register_fonts

BLEED = 0.125 * inch

#: Trim sizes in points.
PAGE_SIZES: dict[str, tuple[float, float]] = {
    "a4": (595.2756, 841.8898),
    "letter": (612.0, 792.0),
    "6x9": (6 * inch, 9 * inch),
}

#: Margins (inside/gutter, outside, top, bottom) in points, per trim size.
MARGINS: dict[str, tuple[float, float, float, float]] = {
    "a4": (0.9 * inch, 0.6 * inch, 0.7 * inch, 0.8 * inch),
    "letter": (0.9 * inch, 0.6 * inch, 0.7 * inch, 0.8 * inch),
    "6x9": (0.75 * inch, 0.5 * inch, 0.6 * inch, 0.7 * inch),
}

#: reportlab tables set a cell font even for flowable cells: make it the embedded one.
_TABLE_FONT = [("FONTNAME", (0, 0), (-1, -1), FONT)]

DEFAULT_PER_PAGE = {"a4": 4, "letter": 4, "6x9": 2}


@dataclass(frozen=True)
class BookOptions:
    title: str = ""  # default: "<game title> Puzzles"
    page_size: str = "6x9"
    bleed: bool = False
    mono: bool = False
    per_page: int | None = None
    author: str = "puzzlegen"


def _styles() -> dict[str, ParagraphStyle]:
    register_fonts()
    body = ParagraphStyle("body", fontName=FONT, fontSize=9.5, leading=13.5, spaceAfter=6)
    return {
        "body": body,
        "title": ParagraphStyle(
            "title",
            parent=body,
            fontName=FONT_BOLD,
            fontSize=26,
            leading=32,
            alignment=TA_CENTER,
            spaceAfter=18,
        ),
        "subtitle": ParagraphStyle(
            "subtitle", parent=body, fontSize=12, leading=17, alignment=TA_CENTER
        ),
        "h1": ParagraphStyle(
            "h1",
            parent=body,
            fontName=FONT_BOLD,
            fontSize=16,
            leading=20,
            spaceBefore=0,
            spaceAfter=10,
        ),
        "running": ParagraphStyle(
            "running",
            parent=body,
            fontName=FONT_BOLD,
            fontSize=10,
            leading=20,
            spaceAfter=10,
            textColor=HexColor("#555555"),
        ),
        "label": ParagraphStyle(
            "label",
            parent=body,
            fontName=FONT_BOLD,
            fontSize=9,
            leading=11,
            alignment=TA_CENTER,
            spaceAfter=3,
        ),
        "solution_head": ParagraphStyle(
            "solution_head", parent=body, fontName=FONT_BOLD, spaceAfter=2
        ),
        "toc1": ParagraphStyle("toc1", parent=body, fontSize=11, leading=18),
        "small": ParagraphStyle("small", parent=body, fontSize=8.5, leading=12),
    }


class _Heading(Paragraph):  # type: ignore[misc]
    """A section heading: goes into the contents and the PDF outline."""


class _BookTemplate(BaseDocTemplate):  # type: ignore[misc]
    def __init__(
        self, buffer: io.BytesIO, options: BookOptions, trim: tuple[float, float], **kwargs: Any
    ) -> None:
        self.options = options
        self.trim = trim
        w, h = trim
        media = (w + BLEED, h + 2 * BLEED) if options.bleed else trim
        super().__init__(buffer, pagesize=media, **kwargs)
        inside, outside, top, bottom = MARGINS[options.page_size]
        lift = BLEED if options.bleed else 0.0
        frame_w = w - inside - outside
        frame_h = h - top - bottom
        # Recto (odd, right-hand) pages: the spine is on the left, bleed on the right.
        recto = Frame(
            inside,
            bottom + lift,
            frame_w,
            frame_h,
            id="recto",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        shift = BLEED if options.bleed else 0.0
        verso = Frame(
            outside + shift,
            bottom + lift,
            frame_w,
            frame_h,
            id="verso",
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )
        self.frame_size = (frame_w, frame_h)
        self.addPageTemplates(
            [
                PageTemplate("recto", [recto], onPage=self._decorate, autoNextPageTemplate="verso"),
                PageTemplate("verso", [verso], onPage=self._decorate, autoNextPageTemplate="recto"),
            ]
        )
        self._outline_keys = 0

    def beforeDocument(self) -> None:
        # multiBuild runs the story several times; keys must match between runs.
        self._outline_keys = 0

    def _decorate(self, canvas: Any, doc: Any) -> None:
        w, h = self.trim
        page = canvas.getPageNumber()
        recto = page % 2 == 1
        if self.options.bleed:
            x0 = 0.0 if recto else BLEED
            canvas.setTrimBox((x0, BLEED, x0 + w, BLEED + h))
            canvas.setBleedBox((0, 0, w + BLEED, h + 2 * BLEED))
            canvas.setArtBox((x0, BLEED, x0 + w, BLEED + h))
        if page > 2:  # no folio on the title and imprint pages
            x0 = 0.0 if recto or not self.options.bleed else BLEED
            _, outside, _, bottom = MARGINS[self.options.page_size]
            lift = BLEED if self.options.bleed else 0.0
            canvas.saveState()
            canvas.setFont(FONT, 9)
            y = lift + bottom / 2
            if recto:
                canvas.drawRightString(x0 + w - outside, y, str(page))
            else:
                canvas.drawString(x0 + outside, y, str(page))
            canvas.restoreState()

    def afterFlowable(self, flowable: Any) -> None:
        if isinstance(flowable, _Heading):
            text = flowable.getPlainText()
            key = f"section-{self._outline_keys}"
            self._outline_keys += 1
            self.canv.bookmarkPage(key)
            self.canv.addOutlineEntry(text, key, level=0, closed=True)
            self.notify("TOCEntry", (0, text, self.page, key))


#: A puzzle placed in the book: its number, the puzzle, and its diagram.
_Entry = tuple[int, Puzzle, Diagram]


def _pages(
    game: Game, puzzles: Sequence[tuple[int, Puzzle]], per_page: int, mono: bool
) -> list[list[_Entry]]:
    """Split puzzles into pages of at most ``per_page``, tall diagrams counting for more.

    A diagram's weight is its height over its width, in units of the game's
    typical diagram, so a position with tall stacks gets the room it needs to
    stay legible.
    """
    pages: list[list[_Entry]] = []
    load = 0.0
    for number, puzzle in puzzles:
        diagram = game.diagram(puzzle, mono=mono)
        weight = diagram.height / diagram.width / game.diagram_aspect
        if not pages or load + weight > per_page + 1e-9:
            pages.append([])
            load = 0.0
        pages[-1].append((number, puzzle, diagram))
        load += weight
    return pages


def _grid(
    game: Game,
    puzzles: Sequence[_Entry],
    per_page: int,
    frame: tuple[float, float],
    styles: dict[str, ParagraphStyle],
) -> Table:
    """One page of puzzles: a table of labelled diagrams."""
    columns = 1 if per_page <= 2 or len(puzzles) == 1 else 2
    rows = math.ceil(len(puzzles) / columns)
    frame_w, frame_h = frame
    cell_w = frame_w / columns
    cell_h = (frame_h - 40) / rows  # 40 pt for the page heading
    cells = []
    for number, puzzle, drawing in puzzles:
        label = Paragraph(
            f"Puzzle {number} · {puzzle.level} · {escape(game.goal(puzzle))}",
            styles["label"],
        )
        cells.append([label, DiagramFlowable(drawing, cell_w - 12, max_height=cell_h - 26)])
    while len(cells) % columns:
        cells.append([])
    table = Table(
        [cells[i : i + columns] for i in range(0, len(cells), columns)],
        colWidths=[cell_w] * columns,
        rowHeights=[cell_h] * (len(cells) // columns),
    )
    table.setStyle(
        TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                *_TABLE_FONT,
            ]
        )
    )
    return table


def build_book(game: Game, puzzles: Sequence[Puzzle], options: BookOptions) -> bytes:
    """The PDF bytes of a book of ``game``'s ``puzzles`` (grouped by level, easiest first)."""
    if options.page_size not in PAGE_SIZES:
        raise ValueError(f"unknown page size {options.page_size!r}")
    styles = _styles()
    title = options.title or f"{game.title} Puzzles"
    per_page = options.per_page or DEFAULT_PER_PAGE[options.page_size]
    ordered = sorted(puzzles, key=lambda p: LEVELS.index(p.level))  # stable: keeps input order
    numbered = list(enumerate(ordered, start=1))
    buffer = io.BytesIO()
    doc = _BookTemplate(
        buffer,
        options,
        PAGE_SIZES[options.page_size],
        invariant=1,
        initialFontName=FONT,
        title=title,
        author=options.author,
        subject=f"{game.title} puzzles; {game.credit}",
        creator=f"puzzlegen {puzzlegen.__version__}",
        keywords=", ".join(game.keywords),
    )
    frame_w, frame_h = doc.frame_size
    story: list[Any] = [
        Spacer(1, frame_h * 0.22),
        Paragraph(escape(title), styles["title"]),
        Paragraph(
            f"{len(ordered)} puzzles for the {escape(game.noun)} {escape(game.title)}",
            styles["subtitle"],
        ),
        Spacer(1, 8),
        Paragraph(
            f"{escape(game.title)} was invented by {escape(game.inventor)}", styles["subtitle"]
        ),
        PageBreak(),
        Spacer(1, frame_h * 0.6),
        Paragraph(
            escape(f"{game.credit}; this book credits the inventor. {game.making_of}"),
            styles["small"],
        ),
        PageBreak(),
        Paragraph("Contents", styles["h1"]),
    ]
    toc = TableOfContents(
        levelStyles=[styles["toc1"]],
        dotsMinLevel=0,
        tableStyle=TableStyle(
            [
                ("VALIGN", (0, 0), (-1, -1), "TOP"),
                ("LEFTPADDING", (0, 0), (-1, -1), 0),
                ("RIGHTPADDING", (0, 0), (-1, -1), 0),
                *_TABLE_FONT,
            ]
        ),
    )
    story += [toc, PageBreak(), _Heading("How to play", styles["h1"])]
    for block in game.rules_text():
        story.append(Paragraph(escape(block), styles["body"]))
    rules_diagram, caption = game.rules_diagram(mono=options.mono)
    story += [
        Spacer(1, 6),
        DiagramFlowable(rules_diagram, frame_w * 0.62, max_height=frame_h * 0.36),
        Paragraph(escape(caption), styles["label"]),
    ]
    for level in LEVELS:
        group = [(n, p) for n, p in numbered if p.level == level]
        for index, page in enumerate(_pages(game, group, per_page, options.mono)):
            story.append(PageBreak())
            if index == 0:
                story.append(_Heading(f"{level} puzzles", styles["h1"]))
            else:
                story.append(Paragraph(f"{level} puzzles, continued", styles["running"]))
            story.append(_grid(game, page, per_page, (frame_w, frame_h), styles))
    story += [PageBreak(), _Heading("Solutions", styles["h1"])]
    for number, puzzle in numbered:
        head = Paragraph(
            f"Puzzle {number} ({puzzle.level}, {escape(game.par_phrase(puzzle))})",
            styles["solution_head"],
        )
        text = Paragraph(escape(game.solution_text(puzzle)), styles["body"])
        diagram = DiagramFlowable(
            game.diagram(puzzle, solution=True, mono=options.mono),
            frame_w * 0.4,
            max_height=frame_h * 0.4,
        )
        row = Table([[[head, text], diagram]], colWidths=[frame_w * 0.56, frame_w * 0.44])
        row.setStyle(
            TableStyle(
                [
                    ("VALIGN", (0, 0), (-1, -1), "TOP"),
                    ("LEFTPADDING", (0, 0), (0, 0), 0),
                    ("LINEBELOW", (0, 0), (-1, -1), 0.4, HexColor("#bbbbbb")),
                    ("BOTTOMPADDING", (0, 0), (-1, -1), 8),
                    *_TABLE_FONT,
                ]
            )
        )
        story.append(row)
    story.append(DocIf("doc.page % 2 == 1", [PageBreak(), _Heading("Notes", styles["h1"])]))
    story.insert(0, NextPageTemplate("recto"))
    doc.multiBuild(story)
    return buffer.getvalue()
