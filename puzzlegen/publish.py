"""Publishing: make a book, publish daily puzzles — choose, render, write, record.

The command line only parses options and reports; the work of each
publishing command lives here, so that a program (or a test) can publish
exactly as ``puzzlegen book`` and ``puzzlegen daily -o`` do.  A publication
is recorded in the catalog only once what it publishes has been written.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import math
import shlex
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from puzzlegen.catalog import Catalog, VenueUsedError, is_new
from puzzlegen.errors import CatalogError, warn
from puzzlegen.games import LEVELS, Game, Puzzle
from puzzlegen.textio import counted, one_line

if TYPE_CHECKING:
    from puzzlegen.render.book import BookOptions


@dataclass(frozen=True)
class Book:
    """A book made by :func:`make_book`: where it went, what it holds, its size."""

    path: Path
    puzzles: tuple[Puzzle, ...]
    size: int


#: A chapter of a book: a game and its puzzles.
Part = tuple[Game, Sequence[Puzzle]]


def open_existing_catalog(db: Path) -> Catalog:
    """Open a catalog that must already exist, read-only (reading one never changes a file)."""
    return Catalog(db, readonly=True)


def release_venue(db: Path, venue: str, game: Game | None = None) -> int:
    """Mark every puzzle published in ``venue`` (only ``game``'s, if given) unpublished
    again; return how many.

    A venue no puzzle is published in is refused, naming the venues there are, and so is
    a venue that holds none of ``game``'s puzzles, naming the games it holds.
    """
    if is_new(db):  # an empty file too: opened for writing, it was made a catalog
        raise CatalogError(f"no catalog at {str(db)!r}: fill one with 'puzzlegen generate'")
    with Catalog(db) as cat:
        venues = cat.venues()
        if venue not in venues:
            known = ", ".join(repr(v) for v in venues[:8]) + (" …" if len(venues) > 8 else "")
            raise CatalogError(
                f"no puzzle in {str(db)!r} is published in {venue!r} "
                f"(venues: {known or 'none yet'}; 'puzzlegen catalog --venues' lists them all)"
            )
        if game is not None:
            held = cat.venue_games(venue)
            if game.name not in held:
                titles = " and ".join(_title(name) for name in held)
                flags = " or ".join(f"--game {name}" for name in held)
                raise CatalogError(
                    f"no {game.title} puzzle in {str(db)!r} is published in {venue!r} "
                    f"(it holds only {titles} puzzles: {flags})"
                )
        return cat.release_venue(venue, None if game is None else game.name)


def _title(name: str) -> str:
    """A game's title by its registry name; the name itself for a game not known here."""
    from puzzlegen.registry import get_game

    try:
        return get_game(name).title
    except ValueError:
        return name


#: A book's pages, measured on real books (``benchmarks/bench_book_pages.py`` measures
#: them afresh and prints the estimate beside the pages typeset), per (game, trim):
#: (how-to-play pages, puzzles a puzzle page holds on average or None if always
#: ``per_page``, answers a solutions page holds, hints a hints page holds).  Each
#: density is the densest measured, so the estimate stays at or under a real book:
#: books differ by their puzzles' kinds and answers' lengths (6x9 Cat's Cradle,
#: 100 puzzles from a catalog: 1.89 puzzles and 2.44 answers a page; 96 dealt from
#: a seed: 1.71 and 2.29), and the Cat's Cradle A4 and Letter answers, measured on
#: dealt books only, are counted 6% denser, as the catalog's were on 6x9.
BOOK_PAGES: dict[tuple[str, str], tuple[int, float | None, float, float]] = {
    ("cats-cradle", "6x9"): (4, 1.92, 2.5, 50.0),
    ("cats-cradle", "a4"): (2, None, 2.0, 67.0),
    ("cats-cradle", "letter"): (2, None, 1.9, 67.0),
    ("pendulum", "6x9"): (2, None, 1.09, 24.0),
    ("pendulum", "a4"): (2, None, 1.09, 48.0),
    ("pendulum", "letter"): (2, None, 1.09, 48.0),
}
#: The title page, the copyright page and the contents.
FRONT_PAGES = 3
#: How much denser than measured a book may be and still be estimated under its pages.
SLACK = 1.03


def least_pages(
    games: Sequence[Game],
    count: int,
    options: BookOptions,
    level: str | None = None,
    kind: str | None = None,
) -> int:
    """The pages a book of ``count`` puzzles needs at least, known before any is made.

    The puzzles' levels are known (``level``, or the even mix of
    :func:`~puzzlegen.generator.mix_quotas`), and each level starts a page;
    the rest is measured (:data:`BOOK_PAGES`): how many answers and hints a
    page holds, and for a trim whose boards differ in height how many puzzles.
    For a game or trim not measured, or a book of one ``kind`` of puzzle
    (measured books mix the kinds), solutions count as packing no tighter
    than the game's default ``per_page``.  The book is even, with an index.
    Measured against real books, the estimate falls 0-10% under the pages
    typeset (``benchmarks/bench_book_pages.py``); the typesetting remains the
    exact check.
    """
    from puzzlegen.generator import mix_quotas
    from puzzlegen.render.book.geometry import per_page_for

    natural = replace(options, per_page=None)
    pages = FRONT_PAGES
    hints = 0.0
    for game, share in zip(games, split_count(count, games), strict=True):
        per_page = per_page_for(game, options)
        quotas = {level: share} if level else mix_quotas(share)
        measured = BOOK_PAGES.get((game.name, options.page_size)) if kind is None else None
        if measured is None:
            pages += sum(-(-n // per_page) for n in quotas.values())
            pages += -(-share // per_page_for(game, natural))
            continue
        how, average, answers, per_hints = measured
        if average is not None and options.per_page is None:
            pages += how + math.ceil(share / (average * SLACK))
        else:
            pages += how + sum(-(-n // per_page) for n in quotas.values())
        pages += math.ceil(share / (answers * SLACK))
        hints += share / (per_hints * SLACK)
    if hints:
        pages += math.ceil(hints) + 1  # the hints, and at least a page of index
    return pages + pages % 2


def check_book_fits(
    games: Sequence[Game],
    count: int,
    options: BookOptions,
    level: str | None = None,
    kind: str | None = None,
) -> None:
    """Refuse, before any work, a book whose puzzles cannot fit a paperback's pages."""
    from puzzlegen.render.preflight import MAX_PAGES

    pages = least_pages(games, count, options, level, kind)
    if pages <= MAX_PAGES:
        return
    fewer = count
    while fewer > len(games) and least_pages(games, fewer, options, level, kind) > MAX_PAGES:
        fewer -= max(1, (least_pages(games, fewer, options, level, kind) - MAX_PAGES) // 3)
    raise CatalogError(
        f"--count {count} needs at least {pages} pages (puzzles, hints and solutions), more "
        f"than the {MAX_PAGES} a paperback can have: at most {fewer} puzzles might fit"
    )


def split_count(count: int, games: Sequence[Game]) -> list[int]:
    """``count`` puzzles shared evenly among ``games``, the first ones taking any remainder.

    >>> from puzzlegen.registry import get_game
    >>> split_count(25, [get_game("cats-cradle"), get_game("pendulum")])
    [13, 12]
    """
    if count < len(games):
        raise CatalogError(
            f"{counted(count, 'puzzle')} cannot make a chapter for each of {len(games)} games"
        )
    share, extra = divmod(count, len(games))
    return [share + (1 if i < extra else 0) for i in range(len(games))]


def choose_book_puzzles(
    game: Game,
    count: int,
    *,
    level: str | None,
    seed: str | None,
    db: Path | None,
    venue: str = "book",
    kind: str | None = None,
    on_found: Callable[[], None] = lambda: None,
    new_venue: bool = False,
) -> list[Puzzle]:
    """The puzzles of a book: unpublished ones from ``db``, else dealt from ``seed``
    (``on_found`` called as each is dealt).

    From a catalog, the puzzles are claimed for ``venue``: chosen and marked
    published in one transaction, so two books made at once never share a
    puzzle.  If the book then cannot be made, :func:`make_book` releases them;
    the claim is a lease of this process until the book is written, so a run
    killed outright (``kill -9``) gives its puzzles back to the next run.
    With ``new_venue``, a venue already recorded is refused (:class:`VenueUsedError`).
    """
    from puzzlegen.generator import puzzles_from_catalog, puzzles_from_seed

    if db is not None:
        if is_new(db):  # an empty file too: the claim wrote a catalog's tables into it
            from puzzlegen.registry import DEFAULT_GAME

            named = "" if game.name == DEFAULT_GAME else f"--game {game.name} "
            named += f"--kind {kind} " if kind else ""
            wanted = f"--count {count} --level {level.lower()}" if level else f"--count {3 * count}"
            raise CatalogError(
                f"no catalog at {str(db)!r}: fill one with: "
                f"puzzlegen generate {named}{wanted} --db {shlex.quote(str(db))}"
            )
        with Catalog(db) as cat:
            return cat.claim(
                venue,
                lambda: puzzles_from_catalog(cat, count, level=level, game=game, kind=kind),
                lease=True,
                new_venue=new_venue,
            )
    return puzzles_from_seed(
        count, seed=seed or "book", level=level, game=game, kind=kind, on_found=on_found
    )


def check_seed_levels(
    game: Game, count: int, level: str | None, kind: str | None = None
) -> None:
    """Refuse, before any work, a book dealt from a seed that asks ``game`` for a level
    its candidate stream almost never gives (``levels_seldom_made``, and for ``kind``
    ``kind_levels_seldom_made``): the search would run for hours before giving up."""
    from puzzlegen.generator import mix_quotas

    seldom = (
        *getattr(game, "levels_seldom_made", ()),
        *getattr(game, "kind_levels_seldom_made", {}).get(kind, ()),
    )
    wanted = [level] if level else [lv for lv, n in mix_quotas(count).items() if n]
    missing = [lv for lv in wanted if lv in seldom]
    if not missing:
        return
    *rest, last = [lv.lower() for lv in LEVELS if lv not in seldom]
    others = f"{', '.join(rest)} or {last}" if rest else last
    asked = f"--level {level.lower()}" if level else "an even mix of the four levels"
    # Seldom of this kind only: another kind may give them.
    of_kind = missing[0] not in getattr(game, "levels_seldom_made", ())
    which = f"{game.title} puzzles of kind {kind!r}" if of_kind else f"{game.title} puzzles"
    instead = f"--level {others}" + (", another --kind" if of_kind else "")
    raise CatalogError(
        f"{which} dealt from a seed are almost never {missing[0]}, so a book of "
        f"{asked} would search for hours: give {instead}, or --db with a catalog "
        f"that holds {missing[0]} puzzles" + (f" of kind {kind!r}" if of_kind else "")
    )


def choose_chapters(
    games: Sequence[Game],
    count: int,
    *,
    level: str | None,
    seed: str | None,
    db: Path | None,
    venue: str = "book",
    kind: str | None = None,
    on_found: Callable[[], None] = lambda: None,
) -> list[Part]:
    """Each game's share of ``count`` (:func:`split_count`), chosen by :func:`choose_book_puzzles`.

    If a later game's puzzles cannot be had, the earlier games' claims are released.
    From a catalog, a ``venue`` it already records (an earlier book of the same
    title) is refused before any puzzle is claimed: the two books' puzzles could
    only be released together.
    """
    shares = split_count(count, games)
    if db is None:
        for game, share in zip(games, shares, strict=True):
            check_seed_levels(game, share, level, kind)
    parts: list[Part] = []
    try:
        for game, share in zip(games, shares, strict=True):
            parts.append(
                (
                    game,
                    choose_book_puzzles(
                        game,
                        share,
                        level=level,
                        seed=seed,
                        db=db,
                        venue=venue,
                        kind=kind,
                        on_found=on_found,
                        new_venue=not parts,
                    ),
                )
            )
    except VenueUsedError as used:
        title = venue.removeprefix("book:")
        if used.making:
            # Releasing it, as the other message says, would free a book still being made.
            raise CatalogError(
                f"another run is making a book titled {title!r} from this catalog now: "
                "give this book a --title of its own"
            ) from None
        release = shlex.join(["puzzlegen", "catalog", "--db", str(db), "--release", venue])
        raise CatalogError(
            f"the catalog already records a book titled {title!r} ({used.count} "
            f"puzzle{'' if used.count == 1 else 's'}): "
            f"give this book a --title of its own, or release that one first: {release}"
        ) from None
    except BaseException:
        # The error on its way out, not a failure to give back, is what is shown: claims
        # not given back are a dead process's, which the next run takes back.
        if db is not None and parts:
            with contextlib.suppress(CatalogError), Catalog(db) as cat:
                cat.release([p.key for _, puzzles in parts for p in puzzles], venue)
        raise
    return parts


def book_venue(options: BookOptions) -> str:
    """What a book's puzzles are recorded as published in."""
    return f"book:{options.title}"


def make_book(
    parts: Sequence[Part],
    output: Path,
    options: BookOptions,
    *,
    db: Path | None = None,
    on_stage: Callable[[str], None] = lambda _stage: None,
) -> Book:
    """Typeset a book of one chapter per ``(game, puzzles)`` into ``output``.

    With ``db``, the puzzles were claimed there by :func:`choose_book_puzzles`;
    if the book cannot be made or written, the claim is released.
    """
    from puzzlegen.fileio import write_bytes
    from puzzlegen.render.book import Chapter, build_chapters

    puzzles = [p for _, chosen in parts for p in chosen]
    try:
        on_stage("Typesetting the book…")
        data = build_chapters([Chapter(game, chosen) for game, chosen in parts], options)
        write_bytes(output, data)
    except BaseException:
        if db is not None:  # as in choose_chapters: the error on its way out is shown
            with contextlib.suppress(CatalogError), Catalog(db) as cat:
                cat.release([p.key for p in puzzles], book_venue(options))
        raise
    if db is not None:
        with Catalog(db) as cat:
            cat.confirm([p.key for p in puzzles], book_venue(options))
    return Book(output, tuple(puzzles), len(data))


def record(db: Path, publications: Iterable[tuple[Puzzle, str]]) -> None:
    """Record each ``(puzzle, where)`` in the catalog at ``db``, adding the puzzle if new."""
    with Catalog(db) as cat:
        record_in(cat, publications)


def record_in(cat: Catalog, publications: Iterable[tuple[Puzzle, str]]) -> None:
    """Record each ``(puzzle, where)`` in the open catalog ``cat``, in one transaction."""
    with cat.transaction():
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
    A run stopped midway (Ctrl-C, SIGTERM) lists the days it wrote in the
    archive before it stops; the archive is also rebuilt every few seconds
    (:func:`puzzlegen.render.pages.write_days`), so even a run killed outright
    leaves a site that lists nearly all it wrote, and the next run removes what it left.
    With ``db``, the days written are recorded, those of a stopped run too.
    """
    if out_dir is None:
        if db is not None:
            record(db, ((p, f"daily:{d.isoformat()}") for d, p in chosen))
        return []
    from puzzlegen.render.pages import (
        remove_stale_temporaries,
        write_archive,
        write_daily,
        write_days,
    )

    check_site(game, out_dir)
    remove_stale_temporaries(out_dir)
    # A catalog that cannot be written is refused before any page is written.
    catalog = Catalog(db) if db is not None else None
    written: list[tuple[dt.date, Puzzle]] = []
    recorded = 0

    def record_written() -> None:
        nonlocal recorded
        assert catalog is not None and db is not None
        try:
            record_in(catalog, ((p, f"daily:{d.isoformat()}") for d, p in written[recorded:]))
        except CatalogError as exc:
            missing = len(written) - recorded
            raise CatalogError(
                f"the {counted(missing, 'day')} under {str(out_dir)!r} "
                f"{'was' if missing == 1 else 'were'} written but not "
                f"recorded: {exc}"
            ) from None
        recorded = len(written)

    def write_day(day: tuple[dt.date, Puzzle]) -> None:
        write_daily(game, day[0], day[1], out_dir, mono=mono)
        written.append(day)
        if catalog is not None:
            # At once: a run killed outright (kill -9) recorded none of the days it wrote,
            # and a book could take their puzzles again.
            record_written()

    try:
        # The site around the days first, so no page ever links to a missing
        # archive or script, then again when they are written or the run stops.
        warnings = write_days(
            progress(chosen, "Writing daily pages"),
            write_day,
            lambda: write_archive(game, out_dir, mono=mono),
        )
    except BaseException as stop:
        # A stopped run records the days it wrote, so no book takes them (unless the
        # recording is what stopped it: that error is the one to show, once).
        if catalog is not None and recorded < len(written) and not isinstance(stop, CatalogError):
            try:
                record_written()
            except CatalogError as exc:  # the stop is what is shown; this is said beside it
                warn(one_line(exc))
        raise
    finally:
        if catalog is not None:
            catalog.close()
    return warnings


def site_game(out_dir: Path) -> str | None:
    """The game whose daily site ``out_dir`` is, as its ``days.js`` records it, or None.

    Raises :class:`CatalogError` if ``out_dir`` holds an ``index.html`` that is
    not a puzzlegen site's (no ``days.js`` beside it).
    """
    import json

    script = out_dir / "days.js"
    if not script.is_file():
        if (out_dir / "index.html").exists():
            raise CatalogError(
                f"{str(out_dir)!r} holds an index.html that is not a puzzlegen daily site's: "
                "give the daily pages a folder of their own"
            )
        return None
    text = script.read_text(encoding="utf-8", errors="replace")
    try:
        data = json.loads(text.split("=", 1)[1].strip().rstrip(";"))
        game = data["game"]
    except (IndexError, ValueError, KeyError, TypeError, RecursionError):
        if text.startswith(("window.GAME_DAYS", "window.PREPARE_DAYS")):
            # A site's game/ or prepare/ folder: its own list, not a stranger's file.
            part = "whole-game" if "GAME_DAYS" in text[:20] else "prepare"
            site = out_dir.parent
            raise CatalogError(
                f"{str(out_dir)!r} is the {part} part of the daily site {str(site)!r}, not a "
                f"site of its own: give that site's folder (-o {site}/), or a folder of "
                "their own"
            ) from None
        raise CatalogError(
            f"{str(script)!r} is not the list of days puzzlegen writes: give the daily "
            "pages a folder of their own, or remove it"
        ) from None
    return str(game)


def check_site(game: Game, out_dir: Path) -> None:
    """Refuse to write ``game``'s days into another game's site.

    A site is one game's: its index, archive and ``days.js`` list that game's
    days.  Each game (and each later kind of daily page) gets its own folder,
    e.g. ``output/daily/`` and ``output/daily-pendulum/``.
    """
    owner = site_game(out_dir)
    if owner is not None and owner != game.name:
        from puzzlegen.registry import DEFAULT_GAME, game_names

        title = _title(owner)
        # The folder named as the README names them: output/daily/ for the default
        # game, output/daily-GAME/ for another (not output/daily-escape-pendulum/).
        base = out_dir.name
        for name in game_names():
            base = base.removesuffix(f"-{name}")
        named = base if game.name == DEFAULT_GAME else f"{base}-{game.name}"
        candidates = (named, f"{base}-{game.name}", f"{out_dir.name}-{game.name}")
        folder = next(
            (f for f in candidates if f != out_dir.name and _free_for(game, out_dir.parent / f)),
            candidates[-1],
        )
        article = "an" if title[:1].lower() in "aeiou" else "a"
        raise CatalogError(
            f"{str(out_dir)!r} is {article} {title} daily site: give {game.title} days a "
            f"folder of their own (e.g. -o {out_dir.parent / folder}/)"
        )


def _free_for(game: Game, folder: Path) -> bool:
    """Whether ``game``'s days could be written in ``folder`` (a suggestion to make)."""
    try:
        return site_game(folder) in (None, game.name)
    except CatalogError:
        return False


