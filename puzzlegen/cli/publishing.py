"""Commands that publish: ``book`` (a PDF puzzle book) and ``daily`` (the puzzle of a date)."""

from __future__ import annotations

import datetime as dt
import json
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import overload

import click

from puzzlegen.cli.options import (
    CONTEXT,
    GradingCommand,
    _to_game,
    db_option,
    game_option,
    level_option,
    output_text,
    progress,
    seed_text,
    status,
)
from puzzlegen.games import Game, Puzzle
from puzzlegen.registry import DEFAULT_GAME, game_names
from puzzlegen.textio import counted

#: The longest --title: KDP refuses a title and subtitle of more than 200 characters.
MAX_TITLE = 200


class ChosenAsWritten(Sequence[tuple[dt.date, Puzzle]]):
    """The dates' puzzles, each chosen only when the writer reaches its date.

    Choosing a day may take a minute (Escape's), so a range stopped midway keeps
    every day chosen so far on disk, as the README promises, where choosing all
    first kept none.  Each is chosen once; iterating again reuses them.
    """

    def __init__(self, dates: Sequence[dt.date], choose: Callable[[dt.date], Puzzle]) -> None:
        self._dates = dates
        self._choose = choose
        self._made: list[tuple[dt.date, Puzzle]] = []

    def __len__(self) -> int:
        return len(self._dates)

    def __iter__(self) -> Iterator[tuple[dt.date, Puzzle]]:
        for i, date in enumerate(self._dates):
            if i == len(self._made):
                self._made.append((date, self._choose(date)))
            yield self._made[i]

    @overload
    def __getitem__(self, index: int) -> tuple[dt.date, Puzzle]: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[tuple[dt.date, Puzzle]]: ...

    def __getitem__(
        self, index: int | slice
    ) -> tuple[dt.date, Puzzle] | Sequence[tuple[dt.date, Puzzle]]:
        return list(self)[index]


def _to_games(
    ctx: click.Context, param: click.Parameter, values: tuple[str, ...]
) -> tuple[Game, ...]:
    games: list[Game] = []
    for value in values or (DEFAULT_GAME,):
        game = _to_game(ctx, param, value)
        if game in games:
            raise click.BadParameter(f"{value!r} is given twice")
        games.append(game)
    return tuple(games)


def default_year() -> int:
    """The copyright year when none is given: SOURCE_DATE_EPOCH's (the reproducible-builds
    convention), else 2026, so the same command always writes the same bytes."""
    import datetime as dt

    from puzzlegen.render.book.document import source_date_epoch

    epoch = source_date_epoch()
    return 2026 if epoch is None else dt.datetime.fromtimestamp(epoch, tz=dt.UTC).year


@click.command(context_settings=CONTEXT, cls=GradingCommand)
@click.option(
    "--count",
    type=click.IntRange(min=1, max=2000),
    required=True,
    help="Puzzles in the book, shared evenly among the games (the first take any remainder).",
)
@level_option()
@click.option("--mix", is_flag=True, help="An even mix of all four levels (the default).")
@click.option(
    "--kind",
    "puzzle_kind",
    help="Only puzzles of this kind, e.g. prepare (Cat's Cradle's 'which ending keeps the "
    "game winnable?') [default: the game's usual mix; from --db, any kind].",
)
@click.option(
    "--seed", callback=seed_text, help="Deal the puzzles from this seed (default: 'book')."
)
@db_option("Take unpublished puzzles from this catalog, and mark them published.")
@click.option(
    "--page-size",
    type=click.Choice(["a4", "letter", "6x9"], case_sensitive=False),
    default="6x9",
    show_default=True,
    help="Trim size.",
)
@click.option("--bleed", is_flag=True, help="Add 0.125 in bleed at the outside, top and bottom.")
@click.option(
    "--color",
    "color",
    type=click.Choice(["rgb", "gray", "cmyk"], case_sensitive=False),
    help="gray: black ink only, red pips hollow; cmyk: black text and pips in black ink alone "
    "[default: rgb; cmyk with --printer ingramspark, which takes no RGB file].",
)
@click.option("--mono", is_flag=True, help="The same as --color gray.")
@click.option(
    "--per-page",
    type=click.IntRange(min=1, max=6),
    help="Puzzles per page; fewer only where a tall position needs the room "
    "[default: as many of each game's boards as fit a page legibly, at most 2 on 6x9 "
    "and 4 otherwise].",
)
@click.option(
    "--title", help='The book\'s title [default: "<game> Puzzles", "<game> and <game> Puzzles"].'
)
@click.option("--author", default="puzzlegen", show_default=True, help="For the copyright page.")
@click.option("--publisher", default="", help="For the copyright page.")
@click.option("--isbn", default="", help="ISBN-10 or ISBN-13, checked, for the copyright page.")
@click.option("--edition", default="First edition", show_default=True)
@click.option(
    "--year",
    type=click.IntRange(min=1, max=9999),
    default=None,
    help="The year of the copyright line [default: the year of SOURCE_DATE_EPOCH if set, "
    "else 2026].",
)
@click.option(
    "--games",
    "annotated",
    type=click.IntRange(min=0, max=30),
    default=0,
    help="Add a chapter of N whole games of Cat's Cradle won by the strong player, "
    "each sequence told in words, a diagram where the game turns (dealt from --seed).",
)
@click.option(
    "--printer",
    type=click.Choice(["kdp", "ingramspark"], case_sensitive=False),
    default="kdp",
    show_default=True,
    help="Lay the pages out for this printer's rules and check them by it: KDP's (safe area "
    "0.25 in, 0.375 in with bleed; gutter by page count) or IngramSpark's (0.5 in on every side).",
)
@click.option(
    "--output-intent",
    "output_intent",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Write the book as PDF/X-4 with this CMYK output ICC profile as its output intent "
    "(needs --color cmyk or gray).",
)
@click.option(
    "--pdfx",
    is_flag=True,
    help="PDF/X-4 with the CMYK profile found on this system (Debian's libgs-common: "
    "/usr/share/color/icc/ghostscript/default_cmyk.icc); needs --color cmyk or gray.",
)
@click.option(
    "-o",
    "--output",
    default=str(Path("output") / "book.pdf"),
    show_default=True,
    callback=output_text,
    help="The PDF file to write (book.pdf in a folder if it ends with /); without -o an "
    "earlier book there is kept unless --force is given.",
)
@click.option("--force", is_flag=True, help="Replace the default output/book.pdf if it exists.")
@click.option(
    "--game",
    "games",
    multiple=True,
    callback=_to_games,
    help="The game whose puzzles to print; give it again for a book with a chapter per "
    f"game, in that order. One of: {', '.join(game_names())} [default: {DEFAULT_GAME}].",
)
def book(
    count: int,
    level: str | None,
    mix: bool,
    puzzle_kind: str | None,
    seed: str | None,
    db: Path | None,
    page_size: str,
    bleed: bool,
    color: str | None,
    mono: bool,
    per_page: int | None,
    title: str | None,
    author: str,
    publisher: str,
    isbn: str,
    edition: str,
    year: int | None,
    annotated: int,
    printer: str,
    output_intent: Path | None,
    pdfx: bool,
    output: str,
    force: bool,
    games: tuple[Game, ...],
) -> None:
    """Make a print-ready PDF book of COUNT puzzles with solutions.

    Puzzles are grouped by level, easiest first by measured difficulty; two
    rounds of graded hints (the technique, then the first move) come before
    the solutions, each of which opens with the point that decides the puzzle
    and then gives the line in full; a technique index closes the book.  Give --game more
    than once for a book with a chapter per game, each with its own
    how-to-play; COUNT is shared evenly among them.  The book is checked
    with 'puzzlegen preflight' (the --printer's paperback rules) and
    written only if it passes; short books are padded with ruled notes pages
    to the 24-page minimum.  Fonts are embedded and the same options always
    give the same bytes.

    \b
    Examples:
      puzzlegen book --count 24 --mix -o output/book.pdf
      puzzlegen book --count 100 --page-size 6x9 --bleed --title "Cat's Cradle 1" -o output/6x9.pdf
      puzzlegen generate --count 40 --level hard --db output/catalog.sqlite
      puzzlegen book --count 40 --level hard --db output/catalog.sqlite -o output/hard.pdf
      puzzlegen book --game pendulum --count 12 --page-size a4 -o output/pendulum.pdf
      puzzlegen book --game cats-cradle --game pendulum --count 24 -o output/mixed.pdf
      puzzlegen generate --game escape --count 12 --level easy --db output/escape.sqlite
      puzzlegen book --game escape --count 12 --level easy --db output/escape.sqlite -o output/e.pdf
      puzzlegen book --count 24 --games 3 -o output/with-games.pdf
      puzzlegen book --count 24 --kind prepare -o output/prepare.pdf
      puzzlegen book --count 24 --printer ingramspark -o output/ingram.pdf
      puzzlegen book --count 24 --color cmyk --pdfx -o output/pdfx.pdf
    """
    from puzzlegen.fileio import check_writable, output_path
    from puzzlegen.publish import book_venue, check_book_fits, choose_chapters, make_book
    from puzzlegen.render.book import BookOptions, GameCollection, check_isbn, check_per_page

    if level and mix:
        raise click.UsageError("give --level or --mix, not both")
    if puzzle_kind is not None:
        from puzzlegen.cli.options import check_kind

        # Every game of the book must have the kind: one line naming the first that has not.
        for g in games:
            puzzle_kind = check_kind(g, puzzle_kind)
    if seed is not None and db is not None:
        raise click.UsageError("give --seed or --db, not both")
    if count < len(games):
        raise click.BadParameter(
            f"{count} is fewer than the {len(games)} games: each chapter needs a puzzle",
            param_hint="'--count'",
        )
    if title is None:
        names = [g.title for g in games]
        title = f"{', '.join(names[:-1])} and {names[-1]}" if len(names) > 1 else names[0]
        title += " Puzzles"
    title = title.strip()  # a stray space would go into the PDF's metadata
    if not title:
        raise click.BadParameter("the title is empty", param_hint="'--title'")
    if len(title) > MAX_TITLE:
        raise click.BadParameter(
            f"the title is {len(title)} characters; a book's title may have at most "
            f"{MAX_TITLE} (KDP's limit for a title and subtitle together)",
            param_hint="'--title'",
        )
    if mono and color not in (None, "gray"):
        raise click.UsageError("give --mono or --color, not both")
    from puzzlegen.render.preflight import PRINTERS

    if color == "rgb" and not PRINTERS[printer].rgb:
        raise click.BadParameter(
            f"{PRINTERS[printer].name} takes CMYK or grayscale files, not RGB: "
            "give --color cmyk or gray (cmyk is the default for it)",
            param_hint="'--color'",
        )
    color = "gray" if mono else color or ("rgb" if PRINTERS[printer].rgb else "cmyk")
    if isbn:
        # ASCII digits only: str.isdigit() also passes '٣' and '３' (which would
        # print) and '³' (which int() refuses with a traceback-like message).
        odd = [ch for ch in isbn if ch not in "0123456789-xX "]
        if odd:
            raise click.BadParameter(
                f"{isbn!r} is not an ISBN: {odd[0]!r} is not one of the digits 0-9, X or '-'",
                param_hint="'--isbn'",
            )
        try:
            isbn = check_isbn(isbn)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="'--isbn'") from None
    from puzzlegen.render.pdf import unprintable

    author, publisher, edition = author.strip(), publisher.strip(), edition.strip()
    for name, text in (
        ("--title", title),
        ("--author", author),
        ("--publisher", publisher),
        ("--edition", edition),
    ):
        why = unprintable(text)
        if why:
            raise click.BadParameter(f"{text!r} has {why}", param_hint=f"'{name}'")
    intent = _output_intent(output_intent, pdfx, color)
    options = BookOptions(
        title=title,
        page_size=page_size,
        bleed=bleed,
        color=color,
        per_page=per_page,
        author=author,
        publisher=publisher,
        isbn=isbn,
        edition=edition,
        year=year if year is not None else default_year(),
        games=annotated,
        games_seed=seed or "book",
        printer=printer,
        output_intent=str(intent) if intent else "",
    )
    if annotated and not any(isinstance(g, GameCollection) for g in games):
        raise click.BadParameter(
            "no game of this book has whole games to annotate (Cat's Cradle has)",
            param_hint="'--games'",
        )
    # Before any puzzle is made: a page that cannot hold what was asked is refused now.
    check_per_page(games, options)
    # Seconds now, not minutes of typesetting.
    check_book_fits(games, count, options, level, puzzle_kind)
    path = output_path(output, "book.pdf")
    source = click.get_current_context().get_parameter_source("output")
    if source is click.core.ParameterSource.DEFAULT and path.exists() and not force:
        # A book named by -o is the user's choice to replace; the default is not.
        raise click.UsageError(
            f"{str(path)!r} holds an earlier book: name this one with -o, or give --force "
            "to replace it"
        )
    check_writable(path)  # before minutes of work, not after
    # From a seed, a count of the puzzles found: a search for a rare level shows it.
    with status("Choosing puzzles…", total=None if db else count) as found:
        parts = choose_chapters(
            games,
            count,
            level=level,
            seed=seed,
            db=db,
            venue=book_venue(options),
            kind=puzzle_kind,
            on_found=found,
        )
    with status("Typesetting the book…"):
        made = make_book(parts, path, options, db=db)
    count = len(made.puzzles)
    played = f" and {annotated} whole game{'' if annotated == 1 else 's'}" if annotated else ""
    click.echo(
        f"Wrote {made.path}: {count} puzzle{'' if count == 1 else 's'}{played}, "
        f"{made.size // 1024} KiB"
    )


def _output_intent(path: Path | None, pdfx: bool, colour: str) -> Path | None:
    """The output intent's ICC profile, checked before any puzzle is made (one line if bad)."""
    from puzzlegen.render.pdfx import ProfileError, default_profile, read_profile

    if path is None and not pdfx:
        return None
    if path is not None and pdfx:
        raise click.UsageError("give --output-intent or --pdfx, not both")
    name = "'--output-intent'" if path is not None else "'--pdfx'"
    if colour == "rgb":
        raise click.BadParameter(
            "an output intent is a CMYK printing condition: give --color cmyk or --color gray",
            param_hint=name,
        )
    try:
        found = path if path is not None else default_profile()
        read_profile(found)
    except ProfileError as exc:
        raise click.BadParameter(str(exc), param_hint=name) from None
    return found


@click.command(context_settings=CONTEXT)
@click.option(
    "--date",
    "date_texts",
    multiple=True,
    help="The date, YYYY-MM-DD; given again, each date (written in date order).",
)
@click.option("--from", "from_text", help="First date of a range (with --to).")
@click.option("--to", "to_text", help="Last date of a range (with --from).")
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Write each puzzle as JSON, one per line, answer included (as in puzzle.json): "
    "not a feed to publish before the day.",
)
@click.option("--solution", is_flag=True, help="Also show the answer (the text; --json has it).")
@db_option("Record the dates in this catalog, so books do not reuse the puzzles.")
@click.option(
    "-o",
    "--output",
    type=click.Path(file_okay=False),
    callback=lambda ctx, param, value: _folder(ctx, param, value),
    help="Write DATE/puzzle.svg, solution.svg, puzzle.json and index.html under this folder, "
    "with archive.html (every day written) and index.html (today's puzzle); the answer is "
    "in the page, behind its button, and in puzzle.json.",
)
@click.option("--mono", is_flag=True, help="Black-and-white diagrams (red pips hollow).")
@click.option(
    "--kind",
    type=click.Choice(["puzzle", "game", "prepare"]),
    default="puzzle",
    show_default=True,
    help="puzzle: the puzzle of the day; game: Cat's Cradle's whole game of the day, "
    "a deal certified winnable (pages under OUTPUT/game/); prepare: Cat's Cradle's "
    "Sunday prepare puzzle, which ending keeps the game winnable (Sundays of the range "
    "only; pages under OUTPUT/prepare/).",
)
@game_option("The game of the daily puzzle.")
def daily(
    date_texts: tuple[str, ...],
    from_text: str | None,
    to_text: str | None,
    as_json: bool,
    solution: bool,
    db: Path | None,
    output: Path | None,
    mono: bool,
    kind: str,
    game: Game,
) -> None:
    """The puzzle of the day: the same for everyone, on any machine, for ever.

    Each game keeps its own schedule of kinds and levels through the week:
    for Cat's Cradle, Monday's is the easiest, rising to Saturday's, and
    Sunday's is a mid-game position with stacks; for Pendulum, a win in par
    on weekdays, Medium to Expert, and "which methods win?" at the weekend;
    for Escape, "White to play and escape" on weekdays and "Black to play
    and capture" at the weekend (a day can take a minute of CPU to choose).
    Each game's site goes in its own folder.

    \b
    Examples:
      puzzlegen daily --date 2026-11-23
      puzzlegen daily --date 2026-11-23 --json
      puzzlegen daily --from 2026-11-23 --to 2026-11-29 --json
      puzzlegen daily --date 2026-11-23 -o output/daily/
      puzzlegen daily --from 2026-12-01 --to 2026-12-31 -o output/daily/
      puzzlegen daily --date 2026-12-24 --date 2026-12-31 --solution
      puzzlegen daily --kind game --date 2026-11-23 -o output/daily/
      puzzlegen daily --kind prepare --date 2026-11-29 -o output/daily/
      puzzlegen daily --game pendulum --date 2026-11-23 -o output/daily-pendulum/
      puzzlegen daily --game escape --date 2026-11-24 --solution
    """
    from puzzlegen.catalog import is_new
    from puzzlegen.daily import daily_puzzle
    from puzzlegen.fileio import check_writable
    from puzzlegen.publish import check_site, publish_dailies

    dates = _dates(date_texts, from_text, to_text)
    if solution and output is not None:
        # It was taken and ignored: the pages hold the answer (behind a button), always.
        raise click.UsageError(
            "--solution shows the answer on standard output; with -o each day's page and "
            "puzzle.json hold it"
        )
    new_catalog = db is not None and is_new(db)
    if kind in ("game", "prepare"):
        if db is not None:
            what = "whole games" if kind == "game" else "Sundays' prepare puzzles"
            raise click.UsageError(f"--db records daily puzzles; {what} are not catalogued")
        _daily_games(
            dates, output, as_json=as_json, solution=solution, mono=mono, game=game, kind=kind,
            named=bool(date_texts),
        )
        return
    if output is not None:
        check_writable(output, folder=True)  # before the puzzles are chosen
        check_site(game, output)  # another game's site, or a folder not a site
    if output is None:
        # Each day as soon as it is chosen: a range of years printed nothing for minutes,
        # and a stopped run lost every day it had chosen.
        if db is not None:
            # A catalog that cannot record them is refused before a day is printed.
            from puzzlegen.catalog import Catalog

            Catalog(db).close()
        for d in _as_shown(dates, "Choosing daily puzzles"):
            puzzle = daily_puzzle(d, game)
            _show_day(game, d, puzzle, as_json=as_json, solution=solution)
            # Each day recorded as soon as it is shown, so no book takes it: recorded at
            # the end, a run killed outright (kill -9) recorded none of them.
            publish_dailies(game, [(d, puzzle)], None, db=db)
        if new_catalog:
            _new_catalog_note(db)
        return
    chosen = ChosenAsWritten(dates, lambda d: daily_puzzle(d, game))
    for warning in publish_dailies(
        game,
        chosen,
        output,
        db=db,
        mono=mono,
        progress=lambda items, _what: progress(items, "Choosing and writing daily pages"),
    ):
        click.echo(f"puzzlegen: warning: {warning}", err=True)
    if new_catalog:
        _new_catalog_note(db)
    click.echo(f"Wrote {counted(len(chosen), 'daily page')} under {output}/", err=as_json)
    if as_json:
        for d, puzzle in chosen:
            _show_day(game, d, puzzle, as_json=True, solution=solution)


def _as_shown(dates: list[dt.date], description: str) -> Iterable[dt.date]:
    """``dates`` for days printed as they are chosen: with a progress bar on stderr
    only where standard output is not the same terminal (the bar, redrawn between the
    days, ran into their lines there; the days printed are the progress)."""
    if sys.stdout.isatty():
        return dates
    return progress(dates, description)


def _new_catalog_note(db: Path | None) -> None:
    """Said, as a mistyped --db path would otherwise go unnoticed."""
    click.echo(
        f"puzzlegen: note: there was no catalog at {str(db)!r}: a new one there now "
        "records these days (check the path if you meant an existing catalog)",
        err=True,
    )


def _show_day(game: Game, d: dt.date, puzzle: Puzzle, *, as_json: bool, solution: bool) -> None:
    """One day's puzzle on standard output: a JSON line, or its date, goal and position
    (and answer, with ``solution``)."""
    from puzzlegen.daily import daily_json, long_date

    if as_json:
        click.echo(json.dumps(daily_json(d, puzzle), sort_keys=True))
        return
    click.echo(f"{long_date(d)}: {puzzle.level} ({puzzle.id})")
    goal = game.goal(puzzle)
    click.echo(f"{goal[:1].upper()}{goal[1:]}.")
    click.echo(game.position_lines(puzzle))
    if solution:
        click.echo(game.solution_text(puzzle))
    click.echo()


@click.command(context_settings=CONTEXT)
@click.argument("pdf", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--trim",
    type=click.Choice(["a4", "letter", "6x9"], case_sensitive=False),
    help="The trim size the pages must have [default: the first page's trim box].",
)
@click.option("--bleed/--no-bleed", default=None, help="Whether pages must carry bleed.")
@click.option(
    "--color",
    type=click.Choice(["rgb", "gray", "cmyk"], case_sensitive=False),
    help="gray and cmyk: fail on any RGB and on black text in more than black ink.",
)
@click.option(
    "--printer",
    type=click.Choice(["kdp", "ingramspark"], case_sensitive=False),
    default="kdp",
    show_default=True,
    help="Whose rules: KDP's (safe area 0.25 in, 0.375 in with bleed; gutter by page count) "
    "or IngramSpark's (0.5 in from the trim on every side). Each rule's source is listed.",
)
def preflight(
    pdf: Path, trim: str | None, bleed: bool | None, color: str | None, printer: str
) -> int:
    """Check PDF against a printer's paperback rules (KDP or IngramSpark); exit 1 if it fails.

    Prints a table: trim and bleed boxes, fonts embedded, smallest text
    (7 pt), thinnest stroke (0.75 pt), ink outside the safe area, the gutter
    on each side, the page count (24-828) and the colour spaces used, each
    rule with its source.  A file with no pages, or whose streams would
    inflate past 512 MB, is refused unread.

    \b
    Examples:
      puzzlegen preflight output/book.pdf
      puzzlegen preflight output/6x9.pdf --trim 6x9 --bleed
      puzzlegen preflight output/ingram.pdf --printer ingramspark --color cmyk
    """
    from pypdf.errors import PyPdfError
    from rich.console import Console

    from puzzlegen.errors import InvalidInputError
    from puzzlegen.render.book import PAGE_SIZES
    from puzzlegen.render.preflight import PreflightError, render_table
    from puzzlegen.render.preflight import preflight as check

    if not pdf.is_file():  # a FIFO or a device would be read forever
        raise InvalidInputError(f"{str(pdf)!r} is not a regular file")
    with pdf.open("rb") as file:  # readers allow the header anywhere in the first 1 KiB
        if b"%PDF-" not in file.read(1024):
            raise InvalidInputError(f"{str(pdf)!r} is not a PDF (it has no %PDF- header)")
    try:
        report = check(
            pdf, trim=PAGE_SIZES[trim] if trim else None, bleed=bleed, color=color, printer=printer
        )
    except PreflightError as exc:
        raise InvalidInputError(f"{str(pdf)!r} is refused: {exc}") from None
    except (PyPdfError, ValueError, KeyError, IndexError) as exc:
        raise InvalidInputError(f"cannot read {str(pdf)!r} as a PDF: {exc}") from None
    Console(width=110, emoji=False).print(render_table(report, pdf.name, printer))
    click.echo("passes" if report.ok else f"FAILS: {counted(len(report.failures), 'rule')}")
    return 0 if report.ok else 1


def _daily_games(
    dates: list[dt.date],
    output: Path | None,
    *,
    as_json: bool,
    solution: bool,
    mono: bool,
    game: Game,
    kind: str = "game",
    named: bool = False,
) -> None:
    """``daily --kind game`` (the whole game of each date) or ``--kind prepare`` (the
    prepare puzzle of each Sunday), as pages or on stdout.  ``named``: the dates were
    given one by one (--date), not as a range, so each must be a Sunday for prepare."""
    from typing import Any

    from puzzlegen.fileio import check_writable
    from puzzlegen.publish import check_site
    from puzzlegen.registry import game_days, prepare_days

    # The game's own object (registry.GAME_DAYS or PREPARE_DAYS).
    days_of: Any = game_days(game.name) if kind == "game" else prepare_days(game.name)
    if kind == "prepare":
        # A date that is not a Sunday is refused by name; a range keeps its Sundays.
        dates = [s for d in dates for s in days_of.dates([d])] if named else days_of.dates(dates)
    if output is not None:
        check_writable(output, folder=True)
        check_site(game, output)  # another game's site, or a folder not a site
    doing = "Choosing winnable deals" if kind == "game" else "Choosing prepare puzzles"
    days: list[Any] = []

    def chosen() -> Iterator[Any]:
        # Each day is written as soon as it is chosen: a stopped range keeps them.
        steps = _as_shown if output is None else progress
        for d in steps(dates, doing + (" and writing their pages" if output else "")):
            days.append(days_of.choose(d))
            yield days[-1]

    def show(day: Any) -> None:
        click.echo(days_of.json_line(day) if as_json else days_of.text(day, solution=solution))

    if output is None:
        for day in chosen():  # each as soon as it is chosen, as the puzzles of the day
            show(day)
        return
    for warning in days_of.publish(chosen(), output, mono=mono):
        click.echo(f"puzzlegen: warning: {warning}", err=True)
    what = "whole-game page" if kind == "game" else "prepare page"
    click.echo(f"Wrote {counted(len(days), what)} under {output}/{kind}/", err=as_json)
    if as_json:
        for day in days:
            show(day)


def _folder(ctx: click.Context, param: click.Parameter, value: str | None) -> Path | None:
    """``-o`` of daily: a folder, never empty (see :func:`output_text`), nor named as a
    page (``-o day.html`` made a folder of that name) unless it ends with / or is one."""
    if value is None:
        return None
    path = Path(output_text(ctx, param, value))
    if (
        not value.endswith(("/", "\\"))
        and path.suffix.lower() in (".html", ".htm", ".json", ".js", ".svg")
        and not path.is_dir()
    ):
        raise click.BadParameter(
            f"{value!r} names a file: -o is the folder the daily pages go in "
            "(end it with / for a folder of that name)"
        )
    return path


def _dates(
    date_texts: tuple[str, ...], from_text: str | None, to_text: str | None
) -> list[dt.date]:
    from puzzlegen.daily import date_range, parse_date

    # Given but empty ('--date ""', an unset shell variable) is a bad date, not a missing one.
    given = [("--date", text) for text in date_texts] + [("--from", from_text), ("--to", to_text)]
    for option, text in given:
        if text is not None and not text.strip():
            raise click.BadParameter("give a date, YYYY-MM-DD", param_hint=f"'{option}'")
    if date_texts and not (from_text or to_text):
        # Given twice, the first was dropped without a word: each is a day now.
        return sorted({parse_date(text) for text in date_texts})
    if from_text and to_text and not date_texts:
        return date_range(parse_date(from_text), parse_date(to_text))
    raise click.UsageError("give either --date, or both --from and --to")


COMMANDS = (book, daily, preflight)
