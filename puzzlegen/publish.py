"""Publishing: make a book, publish daily puzzles — choose, render, write, record.

The command line only parses options and reports; the work of each
publishing command lives here, so that a program (or a test) can publish
exactly as ``puzzlegen book`` and ``puzzlegen daily -o`` do.  A publication
is recorded in the catalog only once what it publishes has been written.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from puzzlegen.catalog import Catalog
from puzzlegen.errors import CatalogError
from puzzlegen.games import Game, Puzzle

if TYPE_CHECKING:
    from puzzlegen.render.book import BookOptions


@dataclass(frozen=True)
class Book:
    """A book made by :func:`make_book`: where it went, what it holds, its size."""

    path: Path
    puzzles: tuple[Puzzle, ...]
    size: int


def open_existing_catalog(db: Path) -> Catalog:
    """Open a catalog that must already exist, read-only (reading one never changes a file)."""
    return Catalog(db, readonly=True)


def choose_book_puzzles(
    game: Game,
    count: int,
    *,
    level: str | None,
    seed: str | None,
    db: Path | None,
    venue: str = "book",
) -> list[Puzzle]:
    """The puzzles of a book: unpublished ones from ``db``, else dealt from ``seed``.

    From a catalog, the puzzles are claimed for ``venue``: chosen and marked
    published in one transaction, so two books made at once never share a
    puzzle.  If the book then cannot be made, :func:`make_book` releases them.
    """
    from puzzlegen.generator import puzzles_from_catalog, puzzles_from_seed

    if db is not None:
        if not db.is_file():
            raise CatalogError(f"no catalog at {str(db)!r}: fill one with 'puzzlegen generate'")
        with Catalog(db) as cat:
            return cat.claim(
                venue, lambda: puzzles_from_catalog(cat, count, level=level, game=game)
            )
    return puzzles_from_seed(count, seed=seed or "book", level=level, game=game)


def book_venue(options: BookOptions) -> str:
    """What a book's puzzles are recorded as published in."""
    return f"book:{options.title}"


def make_book(
    game: Game,
    puzzles: Sequence[Puzzle],
    output: Path,
    options: BookOptions,
    *,
    db: Path | None = None,
    on_stage: Callable[[str], None] = lambda _stage: None,
) -> Book:
    """Typeset ``puzzles`` into ``output``.

    With ``db``, the puzzles were claimed there by :func:`choose_book_puzzles`;
    if the book cannot be made or written, the claim is released.
    """
    from puzzlegen.fileio import write_bytes
    from puzzlegen.render.book import build_book

    try:
        on_stage("Typesetting the book…")
        data = build_book(game, puzzles, options)
        write_bytes(output, data)
    except BaseException:
        if db is not None:
            with Catalog(db) as cat:
                cat.release([p.key for p in puzzles], book_venue(options))
        raise
    return Book(output, tuple(puzzles), len(data))


def record(db: Path, publications: Iterable[tuple[Puzzle, str]]) -> None:
    """Record each ``(puzzle, where)`` in the catalog at ``db``, adding the puzzle if new."""
    with Catalog(db) as cat, cat.transaction():
        for puzzle, where in publications:
            cat.add(puzzle.to_json())
            cat.record_publication(puzzle.key, where)


def publish_dailies(
    game: Game,
    chosen: Sequence[tuple[dt.date, Puzzle]],
    out_dir: Path | None,
    *,
    db: Path | None = None,
    mono: bool = False,
    progress: Callable[[Sequence[tuple[dt.date, Puzzle]], str], Iterable[tuple[dt.date, Puzzle]]]
    = lambda items, _what: items,
) -> list[str]:
    """Write the pages of ``chosen`` dates under ``out_dir`` (if any) and record them in ``db``.

    Returns warnings about what was found on disk (a stray or malformed day).
    """
    warnings: list[str] = []
    if out_dir is not None:
        from puzzlegen.render.pages import write_archive, write_daily

        # The site around the days first, so no page ever links to a missing
        # archive or script (even if the run is killed), then again at the end.
        write_archive(game, out_dir, mono=mono)
        for date, puzzle in progress(chosen, "Writing daily pages"):
            write_daily(game, date, puzzle, out_dir, mono=mono)
        warnings = write_archive(game, out_dir, mono=mono)
    if db is not None:
        record(db, ((p, f"daily:{d.isoformat()}") for d, p in chosen))
    return warnings
