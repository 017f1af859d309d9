"""The ``puzzlegen`` command.

Every subcommand is a verb.  ``main(argv)`` runs the command and returns its
exit status, so tests call it directly.  Errors raised on purpose
(:class:`PuzzlegenError`) and bad options become one line on stderr and a
non-zero exit, in :func:`main` alone; nothing the user types produces a
traceback.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import TextIO, TypeVar

import click
from rich.console import Console

from puzzlegen.catalog import DEFAULT_DB, Catalog
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.puzzle import position_from_description
from puzzlegen.catscradle.solver import best_line
from puzzlegen.errors import CatalogError, InvalidInputError, PuzzlegenError
from puzzlegen.games import DEFAULT_GAME, GAMES, LEVELS, get_game, parse_level
from puzzlegen.render.prose import best_line_sentence, spaces_phrase

EXIT_INVALID = 1
EXIT_USAGE = 2

_CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


LEVEL_RULES = get_game(DEFAULT_GAME).level_rules
_LEVEL = click.Choice(LEVELS, case_sensitive=False)
_KIND = click.Choice(
    sorted({kind for game in GAMES.values() for kind in game.kinds}), case_sensitive=False
)
_GAME_OPTION = click.option(
    "--game",
    "game_name",
    type=click.Choice(sorted(GAMES)),
    default=DEFAULT_GAME,
    show_default=True,
    help="The game whose puzzles to make.",
)
_DB_OPTION = click.option(
    "--db",
    type=click.Path(dir_okay=False, path_type=Path),
    default=DEFAULT_DB,
    show_default=True,
    help="The SQLite puzzle catalog.",
)


@click.group(context_settings=_CONTEXT)
@click.version_option(package_name="puzzlegen")
def cli() -> None:
    """Deal, solve and publish Cat's Cradle puzzles.

    Cat's Cradle is a patience invented by Michael Bourne: sixteen cards in a
    4×4 square, built down in alternate colours along its 18 lines.  The
    puzzle is to find the line of play that leaves the most spaces.

    \b
    Cards are written 10H, QD, 3C (T for 10, any case, or ♣♦♥♠).  A position
    is its 16 cells row by row, "--" for a space, a stack bottom to top
    joined by "/":  JC 9S 8H 3C  QH AS 9C 9D  7S QD 2H 2C  4D 4H 6D 6S
    """


def _read_position_arg(parts: Sequence[str]) -> str:
    if list(parts) == ["-"]:
        return sys.stdin.read()
    return " ".join(parts)


@cli.command(context_settings=_CONTEXT)
@click.option("--seed", required=True, help="Any integer or word; the same seed deals the same.")
@click.option("--json", "as_json", is_flag=True, help="Write JSON instead of text.")
def deal(seed: str, as_json: bool) -> None:
    """Deal the 52 cards for a seed: the 16-card layout, then the stock.

    \b
    Example:
      puzzlegen deal --seed 42
      puzzlegen deal --seed 42 --json
    """
    the_deal = Deal.from_seed(seed)
    if as_json:
        payload = {
            "seed": seed,
            "deal": str(the_deal),
            "layout": str(the_deal.layout),
            "stock": [str(c) for c in the_deal.stock],
        }
        click.echo(json.dumps(payload))
        return
    click.echo(f"Deal for seed {seed!r}: {the_deal}")
    click.echo("\nLayout:")
    click.echo(the_deal.layout.grid())
    click.echo("\nStock, top card first:")
    click.echo(" ".join(str(c) for c in the_deal.stock))


@cli.command(context_settings=_CONTEXT)
@click.argument("position", nargs=-1, required=True)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help="Write JSON. With '-' read one position a line and write one JSON object a line.",
)
def solve(position: tuple[str, ...], as_json: bool) -> None:
    """Find the best line of play of POSITION (16 cells, or '-' for standard input).

    The line is the one leaving the most spaces, and of those the shortest.
    POSITION may also be a puzzle description (cc:JC.9S.8H...).

    \b
    Examples:
      puzzlegen solve "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"
      puzzlegen solve --json - < positions.txt   (one JSON object a line)
    """
    if as_json and list(position) == ["-"]:
        if not _solve_batch(sys.stdin, sys.stdout):
            raise click.exceptions.Exit(EXIT_INVALID)
        return
    start = position_from_description(_read_position_arg(position))
    line = best_line(start)
    if as_json:
        click.echo(json.dumps(line.to_json()))
        return
    click.echo(start.grid())
    click.echo()
    click.echo(best_line_sentence(line))
    click.echo()
    click.echo(line.final.grid())


def _solve_batch(lines: Iterable[str], out: TextIO) -> bool:
    """Solve one position a line; one JSON object a non-blank line.  False if any was bad."""
    all_valid = True
    for raw in lines:
        text = raw.strip()
        if not text:
            continue
        try:
            payload = best_line(position_from_description(text)).to_json()
        except InvalidInputError as exc:
            payload = {"error": str(exc)}
            all_valid = False
        out.write(json.dumps(payload) + "\n")
        out.flush()
    return all_valid


@cli.command(context_settings=_CONTEXT)
@click.argument("position", nargs=-1, required=True)
@click.option("--solution", is_flag=True, help="Draw the best line as numbered arrows.")
@click.option("--mono", is_flag=True, help="Black-and-white print: red pips drawn hollow.")
@click.option("--lines", is_flag=True, help="Overlay the 18 lines.")
@click.option("--coordinates", is_flag=True, help="Label rows and columns (zero-based).")
@click.option("--size", type=click.FloatRange(min=16), help="Width in pixels (default: natural).")
@click.option(
    "-o", "--output", default="-", show_default=True, help="The SVG file to write; - for stdout."
)
def svg(
    position: tuple[str, ...],
    solution: bool,
    mono: bool,
    lines: bool,
    coordinates: bool,
    size: float | None,
    output: str,
) -> None:
    """Draw POSITION (16 cells, a cc: description, or '-' for stdin) as an SVG diagram.

    \b
    Examples:
      puzzlegen svg "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S" -o layout.svg
      puzzlegen svg --solution --mono JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S -o sol.svg
    """
    from puzzlegen.fileio import write_text
    from puzzlegen.render.svg import board_svg

    start = position_from_description(_read_position_arg(position))
    text = board_svg(
        start,
        size=size,
        mono=mono,
        lines=lines,
        coordinates=coordinates,
        arrows=best_line(start).moves if solution else (),
    )
    if output == "-":
        click.echo(text, nl=False)
    else:
        write_text(Path(output), text)
        click.echo(f"Wrote {output}", err=True)


@cli.command(context_settings=_CONTEXT, epilog=LEVEL_RULES)
@click.option(
    "--count", type=click.IntRange(min=1, max=2000), required=True, help="Puzzles in the book."
)
@click.option(
    "--level", type=click.Choice(LEVELS, case_sensitive=False), help="Only puzzles of this level."
)
@click.option("--mix", is_flag=True, help="An even mix of all four levels (the default).")
@click.option("--seed", help="Deal the puzzles from this seed (default: 'book').")
@click.option(
    "--db",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Take unpublished puzzles from this catalog, and mark them published.",
)
@click.option(
    "--page-size",
    type=click.Choice(["a4", "letter", "6x9"]),
    default="6x9",
    show_default=True,
    help="Trim size.",
)
@click.option("--bleed", is_flag=True, help="Add 0.125 in bleed at the outside, top and bottom.")
@click.option(
    "--color",
    "color",
    type=click.Choice(["rgb", "gray", "cmyk"]),
    default="rgb",
    show_default=True,
    help="gray: black ink only, red pips hollow; cmyk: black text and pips in black ink alone.",
)
@click.option("--mono", is_flag=True, help="The same as --color gray.")
@click.option(
    "--per-page",
    type=click.IntRange(min=1, max=6),
    help="Puzzles per page; fewer only where a tall position needs the room "
    "[default: 2 for 6x9, 4 otherwise].",
)
@click.option("--title", help='The book\'s title [default: "<game> Puzzles"].')
@click.option("--author", default="puzzlegen", show_default=True, help="For the copyright page.")
@click.option("--publisher", default="", help="For the copyright page.")
@click.option("--isbn", default="", help="ISBN-10 or ISBN-13, checked, for the copyright page.")
@click.option("--edition", default="First edition", show_default=True)
@click.option(
    "-o",
    "--output",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("output") / "book.pdf",
    show_default=True,
)
@_GAME_OPTION
def book(
    count: int,
    level: str | None,
    mix: bool,
    seed: str | None,
    db: Path | None,
    page_size: str,
    bleed: bool,
    color: str,
    mono: bool,
    per_page: int | None,
    title: str | None,
    author: str,
    publisher: str,
    isbn: str,
    edition: str,
    output: Path,
    game_name: str,
) -> None:
    """Make a print-ready PDF book of COUNT puzzles with solutions.

    Puzzles are grouped by level, easiest first; the solutions at the back
    are written out move by move with a numbered diagram and the final
    position.  The book is checked with 'puzzlegen preflight' (KDP and
    IngramSpark paperback rules) and written only if it passes; short books
    are padded with ruled notes pages to the 24-page minimum.  Fonts are
    embedded and the same options always give the same bytes.

    \b
    Examples:
      puzzlegen book --count 24 --mix -o output/book.pdf
      puzzlegen book --count 100 --page-size 6x9 --bleed --title "Cat's Cradle 1"
      puzzlegen book --count 40 --level hard --db output/catalog.sqlite --page-size a4
    """
    from puzzlegen.fileio import write_bytes
    from puzzlegen.generator import puzzles_from_catalog, puzzles_from_seed
    from puzzlegen.render.book import BookOptions, build_book, check_isbn

    if level and mix:
        raise click.UsageError("give --level or --mix, not both")
    if seed is not None and db is not None:
        raise click.UsageError("give --seed or --db, not both")
    game = get_game(game_name)
    title = f"{game.title} Puzzles" if title is None else title
    if not title.strip():
        raise click.BadParameter("the title is empty", param_hint="'--title'")
    wanted = _level(level)
    console = _stderr_console()
    with console.status("Choosing puzzles…") if console.is_terminal else _nothing():
        if db is not None:
            with _existing_catalog(db) as cat:
                puzzles = puzzles_from_catalog(cat, count, level=wanted, game=game)
        else:
            puzzles = puzzles_from_seed(count, seed=seed or "book", level=wanted, game=game)
    if mono and color != "rgb" and color != "gray":
        raise click.UsageError("give --mono or --color, not both")
    if isbn:
        try:
            isbn = check_isbn(isbn)
        except ValueError as exc:
            raise click.BadParameter(str(exc), param_hint="'--isbn'") from None
    options = BookOptions(
        title=title,
        page_size=page_size,
        bleed=bleed,
        color="gray" if mono else color,
        per_page=per_page,
        author=author,
        publisher=publisher,
        isbn=isbn,
        edition=edition,
    )
    with console.status("Typesetting the book…") if console.is_terminal else _nothing():
        data = build_book(game, puzzles, options)
    write_bytes(output, data)
    if db is not None:
        with Catalog(db) as cat, cat.transaction():
            for puzzle in puzzles:
                cat.record_publication(puzzle.key, f"book:{title}")
    click.echo(f"Wrote {output}: {len(puzzles)} puzzles, {len(data) // 1024} KiB")


@cli.command(context_settings=_CONTEXT)
@click.argument("pdf", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option(
    "--trim",
    type=click.Choice(["a4", "letter", "6x9"]),
    help="The trim size the pages must have [default: the first page's trim box].",
)
@click.option("--bleed/--no-bleed", default=None, help="Whether pages must carry bleed.")
@click.option(
    "--color",
    type=click.Choice(["rgb", "gray", "cmyk"]),
    help="gray and cmyk: fail on any RGB and on black text in more than black ink.",
)
def preflight(pdf: Path, trim: str | None, bleed: bool | None, color: str | None) -> int:
    """Check PDF against the paperback rules of KDP and IngramSpark; exit 1 if it fails.

    Prints a table: trim and bleed boxes, fonts embedded, smallest text
    (7 pt), thinnest stroke (0.75 pt), ink outside the safe area (0.375 in
    from the trim with bleed, 0.25 in without), the gutter on each side (by
    page count), the page count (24-828) and the colour spaces used.

    \b
    Examples:
      puzzlegen preflight output/book.pdf
      puzzlegen preflight book.pdf --trim 6x9 --bleed --color cmyk
    """
    from pypdf.errors import PyPdfError

    from puzzlegen.render.book import PAGE_SIZES
    from puzzlegen.render.preflight import preflight as check
    from puzzlegen.render.preflight import render_table

    try:
        report = check(
            pdf, trim=PAGE_SIZES[trim] if trim else None, bleed=bleed, color=color
        )
    except (PyPdfError, ValueError, KeyError) as exc:
        raise InvalidInputError(f"cannot read {str(pdf)!r} as a PDF: {exc}") from None
    Console(width=110).print(render_table(report, pdf.name))
    click.echo("passes" if report.ok else f"FAILS: {len(report.failures)} rule(s)")
    return 0 if report.ok else 1


@contextlib.contextmanager
def _nothing() -> Iterator[None]:
    yield


def _existing_catalog(db: Path) -> Catalog:
    """Open a catalog that must already exist (reading one never creates a file)."""
    if not db.is_file():
        raise CatalogError(f"no catalog at {str(db)!r}: fill one with 'puzzlegen generate'")
    return Catalog(db)


def _level(value: str | None) -> str | None:
    return parse_level(value) if value else None


def _stderr_console() -> Console:
    return Console(stderr=True)


@cli.command(context_settings=_CONTEXT, epilog=LEVEL_RULES)
@click.option("--count", type=click.IntRange(min=1), required=True, help="New puzzles to add.")
@click.option("--level", type=_LEVEL, help="Keep only puzzles of this level.")
@click.option("--kind", type=_KIND, help="opening or midgame (default: alternate both).")
@click.option("--seed", default="0", show_default=True, help="Seed of the candidate stream.")
@click.option(
    "--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes."
)
@_DB_OPTION
@_GAME_OPTION
def generate(
    count: int,
    level: str | None,
    kind: str | None,
    seed: str,
    jobs: int,
    db: Path,
    game_name: str,
) -> None:
    """Fill the catalog with COUNT new graded puzzles.

    The same seed gives the same puzzles whatever --jobs is.  Each puzzle is
    committed as it is found, so a run stopped at any moment keeps what it
    found, and running the same command again carries on where it stopped.

    \b
    Example:
      puzzlegen generate --count 2000 --jobs 2
      puzzlegen generate --count 50 --level expert --kind midgame --seed 7
    """
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    from puzzlegen.generator import generate as run_generate

    console = _stderr_console()
    with (
        Catalog(db) as catalog,
        Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
            disable=not console.is_terminal,
        ) as progress,
    ):
        task = progress.add_task("Generating puzzles", total=count)
        added = run_generate(
            catalog,
            count,
            game=get_game(game_name),
            seed=seed,
            kind=kind.lower() if kind else None,
            level=_level(level),
            jobs=jobs,
            on_added=lambda _data: progress.advance(task),
        )
        total = len(catalog)
    click.echo(f"Added {len(added)} puzzles to {db} ({total} in all).")


@cli.command(context_settings=_CONTEXT, epilog=LEVEL_RULES)
@_DB_OPTION
@click.option("--json", "as_json", is_flag=True, help="Export the puzzles as JSON lines.")
@click.option("--list", "as_list", is_flag=True, help="List the puzzles in a table.")
@click.option("--level", type=_LEVEL, help="Only this level.")
@click.option("--kind", type=_KIND, help="Only this kind.")
@click.option(
    "--tag",
    type=click.Choice(sorted({tag for game in GAMES.values() for tag in game.tags})),
    help="Only puzzles with this technique tag.",
)
@click.option("--unpublished", is_flag=True, help="Only puzzles not yet in a book or a daily.")
@click.option("--limit", type=click.IntRange(min=0), help="At most this many puzzles.")
def catalog(
    db: Path,
    as_json: bool,
    as_list: bool,
    level: str | None,
    kind: str | None,
    tag: str | None,
    unpublished: bool,
    limit: int | None,
) -> None:
    """Show what the catalog holds: counts by level, kind and tag, or the puzzles.

    \b
    Examples:
      puzzlegen catalog
      puzzlegen catalog --list --level hard --limit 20
      puzzlegen catalog --json --tag transfer > transfer-puzzles.jsonl
    """
    with _existing_catalog(db) as cat:
        filters = {"level": _level(level), "kind": kind.lower() if kind else None, "tag": tag}
        if as_json or as_list:
            rows = cat.puzzles(**filters, unpublished=unpublished, limit=limit)
            if as_json:
                for row in rows:
                    click.echo(json.dumps(row, sort_keys=True))
                return
            _print_puzzle_table(rows)
            return
        _print_counts(cat, db)


def _print_counts(cat: Catalog, db: Path) -> None:
    from rich.table import Table

    counts = cat.counts()
    console = Console()
    console.print(f"{len(cat)} puzzles in {db}")
    game = get_game(DEFAULT_GAME)
    orders = {
        "level": LEVELS,
        "kind": game.kinds,
        "tag": game.tags,
        "published": ("published", "unpublished"),
    }
    for name, order in orders.items():
        table = Table(title=f"by {name}", title_justify="left")
        table.add_column(name)
        table.add_column("puzzles", justify="right")
        for value in order:
            table.add_row(value, str(counts[name][value]))
        console.print(table)


def _print_puzzle_table(rows: list[dict[str, object]]) -> None:
    from rich.table import Table

    table = Table()
    for column in ("id", "kind", "level", "par", "tags", "position"):
        table.add_column(column)
    for row in rows:
        tags = row["tags"]
        assert isinstance(tags, list)
        table.add_row(
            str(row["id"]),
            str(row["kind"]),
            str(row["level"]),
            str(row["par"]),
            " ".join(tags),
            str(row["position"]),
        )
    Console().print(table)


@cli.command(context_settings=_CONTEXT)
@click.option("--date", "date_text", help="The date, YYYY-MM-DD.")
@click.option("--from", "from_text", help="First date of a range (with --to).")
@click.option("--to", "to_text", help="Last date of a range (with --from).")
@click.option("--json", "as_json", is_flag=True, help="Write the puzzle as JSON (one per line).")
@click.option("--solution", is_flag=True, help="Also show the answer.")
@click.option(
    "--db",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Record the dates in this catalog, so books do not reuse the puzzles.",
)
@click.option(
    "-o",
    "--output",
    type=click.Path(file_okay=False, path_type=Path),
    help="Write DATE/puzzle.svg, solution.svg, puzzle.json and index.html under this folder "
    "(and an archive index.html for a range).",
)
@click.option("--mono", is_flag=True, help="Black-and-white diagrams (red pips hollow).")
@_GAME_OPTION
def daily(
    date_text: str | None,
    from_text: str | None,
    to_text: str | None,
    as_json: bool,
    solution: bool,
    db: Path | None,
    output: Path | None,
    mono: bool,
    game_name: str,
) -> None:
    """The puzzle of the day: the same for everyone, on any machine, for ever.

    Monday's is the easiest, rising to Saturday's; Sunday's is a mid-game
    position with stacks.

    \b
    Examples:
      puzzlegen daily --date 2026-11-23
      puzzlegen daily --date 2026-11-23 --json
      puzzlegen daily --from 2026-11-23 --to 2026-11-29 --json
      puzzlegen daily --date 2026-11-23 -o output/daily/
      puzzlegen daily --from 2026-12-01 --to 2026-12-31 -o output/daily/
    """
    from puzzlegen.daily import daily_json, daily_puzzle

    game = get_game(game_name)
    dates = _dates(date_text, from_text, to_text)
    chosen = [(d, daily_puzzle(d, game)) for d in _progress(dates, "Choosing daily puzzles")]
    if output is not None:
        from puzzlegen.render.daily_pages import write_archive, write_daily

        # The site around the days first, so no page ever links to a missing
        # archive or script (even if the run is killed), then again at the end.
        write_archive(game, output, mono=mono)
        for d, puzzle in _progress(chosen, "Writing daily pages"):
            write_daily(game, d, puzzle, output, mono=mono)
        for warning in write_archive(game, output, mono=mono):
            click.echo(f"puzzlegen: warning: {warning}", err=True)
        click.echo(f"Wrote {len(chosen)} daily page(s) under {output}/", err=as_json)
        if not as_json:
            return
    if db is not None:
        with Catalog(db) as cat, cat.transaction():
            for d, puzzle in chosen:
                cat.add(puzzle.to_json())
                cat.record_publication(puzzle.key, f"daily:{d.isoformat()}")
    for d, puzzle in chosen:
        if as_json:
            click.echo(json.dumps(daily_json(d, puzzle), sort_keys=True))
            continue
        click.echo(f"{d.strftime('%A %d %B %Y')}: {puzzle.level} ({puzzle.id})")
        click.echo(f"Find {spaces_phrase(puzzle.par)}.")
        click.echo(puzzle.to_json()["position"])
        if solution:
            click.echo(game.solution_text(puzzle))
        click.echo()


T = TypeVar("T")


def _progress(items: Sequence[T], description: str) -> Iterator[T]:
    """Iterate with a progress bar on stderr when it is a terminal and the work is long."""
    from rich.progress import track

    console = _stderr_console()
    yield from track(
        items,
        description=description,
        console=console,
        disable=len(items) < 8 or not console.is_terminal,
    )


def _dates(date_text: str | None, from_text: str | None, to_text: str | None) -> list[dt.date]:
    from puzzlegen.daily import date_range, parse_date

    if date_text and not (from_text or to_text):
        return [parse_date(date_text)]
    if from_text and to_text and not date_text:
        return date_range(parse_date(from_text), parse_date(to_text))
    raise click.UsageError("give either --date, or both --from and --to")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    try:
        status = cli.main(
            args=list(argv) if argv is not None else None,
            prog_name="puzzlegen",
            standalone_mode=False,
        )
    except click.exceptions.Exit as exc:
        return int(exc.exit_code)
    except click.UsageError as exc:
        where = exc.ctx.command_path if exc.ctx is not None else "puzzlegen"
        click.echo(f"{where}: error: {exc.format_message()} (see '{where} --help')", err=True)
        return EXIT_USAGE
    except click.ClickException as exc:
        click.echo(f"puzzlegen: error: {exc.format_message()}", err=True)
        return EXIT_USAGE
    except click.exceptions.Abort:
        click.echo("puzzlegen: interrupted", err=True)
        return 130
    except PuzzlegenError as exc:
        click.echo(f"puzzlegen: error: {exc}", err=True)
        return EXIT_INVALID
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): not an error of ours.
        return 0
    except OSError as exc:
        click.echo(f"puzzlegen: error: {exc.strerror}: {exc.filename!r}", err=True)
        return EXIT_INVALID
    return status if isinstance(status, int) else 0


if __name__ == "__main__":
    sys.exit(main())
