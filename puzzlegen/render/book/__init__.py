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

Every board of a game is drawn at one scale through the book, on its puzzle
pages and in its answers: the smallest at which all of them stay legible
(:func:`~puzzlegen.render.book.parts.board_scale`).  The how-to-play words flow
from page to page, a figure floating to the next page's top where it has no
room, and the chapter's first puzzles share the rules' last page when they fit.

Page geometry is built, not hoped for (:class:`Geometry`), for the printer
named by ``BookOptions.printer`` (KDP, or IngramSpark's 0.5 in margins): page 1 is a recto,
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
inputs give the same bytes.  With ``BookOptions.output_intent`` (a CMYK ICC
profile's path) the book is written as PDF/X-4 (:mod:`puzzlegen.render.pdfx`).
Colour: ``rgb``; ``cmyk`` (greys and black in black ink alone); ``gray``
(black ink only, red pips drawn hollow).

The package is split by what it lays out, so a new kind of chapter adds a
module rather than growing one: :mod:`.front` (title, copyright, contents,
how-to-play), :mod:`.puzzles` (puzzle pages), :mod:`.answers` (answer pages),
:mod:`.hints` (graded hints), :mod:`.back` (technique index, notes pages),
:mod:`.games` (annotated whole games, ``book --games``); :mod:`.geometry`,
:mod:`.flowables` and :mod:`.document` are what they share, and this module
typesets the book until
its cross references settle.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from reportlab.platypus.doctemplate import LayoutError

import puzzlegen
from puzzlegen.games import Game, Puzzle
from puzzlegen.render.book.answers import answer_pages, solutions_opening
from puzzlegen.render.book.back import notes_pages, technique_index
from puzzlegen.render.book.document import _Book, source_date_epoch
from puzzlegen.render.book.flowables import _Figure, _styles
from puzzlegen.render.book.front import contents_page, how_to_play_pages, title_pages
from puzzlegen.render.book.games import ToldGame, games_pages
from puzzlegen.render.book.geometry import (
    DEFAULT_PER_PAGE,
    MARGINS,
    PAGE_SIZES,
    Geometry,
    check_per_page,
    per_page_for,
)
from puzzlegen.render.book.hints import hint_pages
from puzzlegen.render.book.model import (
    DIFFICULTY,
    PROFILES,
    BookError,
    BookGame,
    BookOptions,
    Chapter,
    Figure,
    GameCollection,
    HintedGame,
    PlannedGame,
    PrintedGame,
    StoryGame,
    check_isbn,
)
from puzzlegen.render.book.parts import _prepare, _Prepared
from puzzlegen.render.book.puzzles import contents_lines, puzzle_pages
from puzzlegen.render.book.setting import Setting
from puzzlegen.render.pdf import COLOR_MODES, FONT
from puzzlegen.render.pdfx import Profile, ProfileError, add_output_intent, read_profile
from puzzlegen.render.preflight import MAX_PAGES, MIN_PAGES, PRINTERS, preflight
from puzzlegen.textio import counted


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
    if options.printer not in PRINTERS:
        raise BookError(f"unknown printer {options.printer!r} ({', '.join(PRINTERS)})")
    if options.colour not in COLOR_MODES:
        raise BookError(f"unknown colour mode {options.color!r} (rgb, gray or cmyk)")
    source_date_epoch()  # reportlab's int() of a bad one would fail after the typesetting
    profile = _output_profile(options)
    if not chapters or not any(c.puzzles for c in chapters):
        raise BookError("a book needs at least one puzzle")
    known: dict[tuple[str, Any], int] = {}
    pages = MIN_PAGES
    padding = 0
    result: _Pass | None = None
    prepared = _prepare(chapters, options.colour == "gray")
    stories = _annotated(chapters, options)
    for _ in range(8):
        geometry = Geometry.make(options.page_size, options.bleed, pages, options.printer)
        result = _typeset(prepared, options, geometry, known, padding, stories, profile)
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
            and Geometry.make(options.page_size, options.bleed, content + wanted, options.printer)
            == geometry
        )
        known, pages, padding = found, content + wanted, wanted
        if settled:
            break
    else:
        raise BookError("the book's page references did not settle")
    assert result is not None
    data = result.data if profile is None else add_output_intent(result.data, profile)
    if not check:
        return data
    report = preflight(
        data,
        trim=PAGE_SIZES[options.page_size],
        bleed=options.bleed,
        color=options.colour,
        printer=options.printer,
    )
    if not report.ok:
        failure = report.failures[0]
        where = f" ({failure.where})" if failure.where else ""
        raise BookError(f"the book fails preflight: {failure.rule}: found {failure.found}{where}")
    return data


def _output_profile(options: BookOptions) -> Profile | None:
    """The PDF/X-4 output intent's CMYK profile, read and checked; BookError in one line."""
    if not options.output_intent:
        return None
    if options.colour == "rgb":
        raise BookError(
            "a CMYK output intent needs CMYK or gray pages: give --color cmyk or --color gray"
        )
    try:
        return read_profile(Path(options.output_intent))
    except ProfileError as exc:
        raise BookError(str(exc)) from None


def _annotated(chapters: Sequence[Chapter], options: BookOptions) -> tuple[str, list[ToldGame]]:
    """The annotated-games chapter (``options.games`` games), told by the first chapter's
    game that can (:class:`GameCollection`); BookError if none can."""
    if not options.games:
        return "", []
    for chapter in chapters:
        if isinstance(chapter.game, GameCollection):
            intro, games = chapter.game.annotated_games(
                options.games, options.games_seed, mono=options.colour == "gray"
            )
            return intro, list(games)
    raise BookError("no game of this book has whole games to annotate (Cat's Cradle has)")


def _typeset(
    prepared: list[_Prepared],
    options: BookOptions,
    geometry: Geometry,
    known: dict[tuple[str, Any], int],
    padding: int,
    stories: tuple[str, list[ToldGame]] = ("", []),
    profile: Profile | None = None,
) -> _Pass:
    """One typesetting pass: the parts in order, cross references from ``known``."""
    colour = options.colour
    styles = _styles(colour)
    chapters = [p.chapter for p in prepared]
    first = chapters[0].game
    title = options.title or (f"{first.title} Puzzles" if len(chapters) == 1 else "Puzzles")
    games = [c.game for c in chapters]
    total = sum(len(c.puzzles) for c in chapters)
    buffer = io.BytesIO()
    enforce = "cmyk" if colour in ("cmyk", "gray") else None
    intended = profile.description if profile else PROFILES[colour]
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
        subject=f"{counted(total, 'puzzle')}; colour: {colour}; intended profile: {intended}; "
        + "; ".join(g.credit for g in games),
        creator=f"puzzlegen {puzzlegen.__version__}",
        keywords=", ".join(
            [
                *dict.fromkeys(word for g in games for word in g.keywords),
                f"colour {colour}",
                f"profile {intended}",
                *([f"ISBN {options.isbn}"] if options.isbn else []),
                *([f"publisher {options.publisher}"] if options.publisher else []),
                *([options.edition] if options.edition else []),
            ]
        ),
    )
    frame_w, frame_h = geometry.frame_size
    several = len(chapters) > 1
    scales = {p.chapter.game.title: p.scale for p in prepared}
    setting = Setting(options, styles, frame_w, frame_h, known, several, scales)
    contents: list[tuple[str, str]] = []
    for part in prepared:
        contents += contents_lines(part.chapter.game, part.entries, several)
    hints = [h for part in prepared for h in part.hints]
    techniques = [(part.chapter.game.title, part.techniques) for part in prepared]
    if stories[1]:
        contents.append(("Annotated games", "games"))
    if hints:  # just before the solutions they lead to
        contents.append(("Hints", "hints"))
    contents.append(("Solutions", "solutions"))
    if several:
        contents += [(f"{c.game.title}: solutions", f"solutions:{c.game.title}") for c in chapters]
    if any(names for _, chapter in techniques for _, names in chapter):
        contents.append(("Index of techniques", "index"))
    if padding:
        contents.append(("Notes", "notes"))
    story: list[Any] = [
        *title_pages(setting, title, total, games, len(stories[1])),
        *contents_page(setting, contents),
    ]
    for part in prepared:
        game = part.chapter.game
        same = [e.diagram for p in prepared if p.chapter.game is game for e in p.entries]
        story += how_to_play_pages(setting, game, part.rules)
        story += puzzle_pages(setting, game, part.entries, same)
    if stories[1]:
        story += games_pages(setting, *stories)
    story += hint_pages(
        setting, [(p.chapter.game.title, p.hints, p.hint_keys) for p in prepared]
    )
    story += solutions_opening(setting)
    for part in prepared:
        story += answer_pages(setting, part.chapter.game, part.solutions)
    story += technique_index(setting, techniques)
    story += notes_pages(setting, padding)
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


__all__ = [
    "DEFAULT_PER_PAGE",
    "DIFFICULTY",
    "MARGINS",
    "PAGE_SIZES",
    "PROFILES",
    "BookError",
    "BookGame",
    "BookOptions",
    "Chapter",
    "Figure",
    "GameCollection",
    "Geometry",
    "HintedGame",
    "PlannedGame",
    "PrintedGame",
    "StoryGame",
    "_Book",
    "_Figure",
    "_styles",
    "build_book",
    "build_chapters",
    "check_isbn",
    "check_per_page",
    "per_page_for",
]
