"""Commands for the puzzle catalog: ``generate`` fills it, ``catalog`` shows it."""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

import click
from click.core import ParameterSource

from puzzlegen.catalog import DEFAULT_DB, Catalog
from puzzlegen.cli.options import (
    CONTEXT,
    GradingCommand,
    ProgressLines,
    check_kind,
    check_tag,
    db_option,
    game_option,
    heartbeat,
    kind_option,
    level_option,
    progress_bar,
    seed_text,
    stderr_console,
)
from puzzlegen.games import LEVELS, Game
from puzzlegen.textio import counted


@click.command(context_settings=CONTEXT, cls=GradingCommand)
@click.option("--count", type=click.IntRange(min=1), required=True, help="New puzzles to add.")
@level_option("Keep only puzzles of this level.")
@kind_option("Only puzzles of this kind (each game's kinds are below; default: alternate them).")
@click.option(
    "--seed",
    default="0",
    show_default=True,
    callback=seed_text,
    help="Seed of the candidate stream.",
)
@click.option(
    "--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes."
)
@click.option(
    "--scheduler",
    help='Grade on a Dask cluster at tcp://HOST:PORT (needs pip install ".[dask]").',
)
@db_option("The SQLite puzzle catalog.", default=DEFAULT_DB)
@game_option("The game whose puzzles to make.")
def generate(
    count: int,
    level: str | None,
    kind: str | None,
    seed: str,
    jobs: int,
    scheduler: str | None,
    db: Path,
    game: Game,
) -> None:
    """Fill the catalog with COUNT new graded puzzles.

    The same seed gives the same puzzles whatever --jobs is.  Each puzzle is
    committed as it is found, so a run stopped at any moment keeps what it
    found, and running the same command again carries on where it stopped,
    adding COUNT more (COUNT is new puzzles per run, not a total).

    \b
    Examples:
      puzzlegen generate --count 2000 --jobs 2
      puzzlegen generate --count 50 --level expert --kind midgame --seed 7
      puzzlegen generate --game pendulum --kind win-in-par --count 5
      puzzlegen generate --game escape --count 4 --level easy --db output/escape.sqlite
      puzzlegen generate --count 5000 --scheduler tcp://10.0.0.5:8786
    """

    from puzzlegen.generator import cpu_count
    from puzzlegen.generator import generate as run_generate

    kind = check_kind(game, kind)
    console = stderr_console()
    if level is not None and level in getattr(game, "levels_seldom_made", ()):
        click.echo(
            f"puzzlegen: {game.title} almost never makes {level} puzzles: this may run for "
            "hours (Ctrl-C keeps what it found)",
            err=True,
        )
    if scheduler is not None:
        from puzzlegen.distributed import dask_client

        with dask_client(scheduler):  # reachable? (before the catalog is opened or made)
            pass
    elif jobs > cpu_count():
        # More workers than CPUs only adds processes and memory; the puzzles are the same.
        click.echo(
            f"puzzlegen: --jobs {jobs} is more than the {cpu_count()} CPUs here; "
            f"using {cpu_count()}",
            err=True,
        )
        jobs = cpu_count()
    with (
        Catalog(db) as catalog,
        progress_bar(console) as progress,
    ):
        task = progress.add_task("Generating puzzles", total=count)
        lines = ProgressLines("Generating puzzles", count)

        def one_more(_data: object) -> None:
            progress.advance(task)
            if not console.is_terminal:
                lines.advance()

        with contextlib.ExitStack() as quiet_log:
            if not console.is_terminal:
                quiet_log.enter_context(heartbeat(lines))
            added = run_generate(
                catalog,
                count,
                game=game,
                seed=seed,
                kind=kind,
                level=level,
                jobs=jobs,
                on_added=one_more,
                scheduler=scheduler,
            )
        total = len(catalog)
    click.echo(f"Added {counted(len(added), 'puzzle')} to {db} ({total} in all).")


@click.command(context_settings=CONTEXT, cls=GradingCommand)
@db_option("The SQLite puzzle catalog.", default=DEFAULT_DB)
@click.option(
    "--json", "as_json", is_flag=True, help="Export the puzzles as JSON lines (with --list too)."
)
@click.option("--list", "as_list", is_flag=True, help="List the puzzles in a table.")
@level_option("Only this level.")
@kind_option("Only this kind.")
@click.option("--tag", help="Only puzzles with this technique tag (one of the game's tags).")
@click.option("--unpublished", is_flag=True, help="Only puzzles not yet in a book or a daily.")
@click.option(
    "--limit",
    type=click.IntRange(min=1),
    # SQLite's integers stop at 2**63 - 1: a larger limit is no limit, not an overflow.
    # (Clamped here, not by the range, whose bound --help would print.)
    callback=lambda _c, _p, value: None if value is None else min(value, 2**63 - 1),
    help="At most this many puzzles.",
)
@click.option(
    "--release",
    metavar="VENUE",
    help="Mark the puzzles recorded as published in VENUE ('book:TITLE' or "
    "'daily:YYYY-MM-DD') unpublished again, e.g. for a book that was never printed: "
    "every game's, or only --game's if given.",
)
@click.option(
    "--venues",
    is_flag=True,
    help="List where puzzles are published ('book:TITLE', 'daily:DATE'), with how many "
    "of each game's: the names --release takes.",
)
@game_option("Only this game's puzzles.")
def catalog(
    db: Path,
    as_json: bool,
    as_list: bool,
    level: str | None,
    kind: str | None,
    tag: str | None,
    unpublished: bool,
    limit: int | None,
    release: str | None,
    venues: bool,
    game: Game,
) -> None:
    """Show what the catalog holds of a game: counts by level, kind and tag, or the puzzles.

    A book made from the catalog marks its puzzles published in 'book:TITLE'
    once it is written (a run killed first gives them back by itself), so each
    book from a catalog needs a title of its own; --release VENUE gives back the
    puzzles of a book you will not print.

    \b
    Examples:
      puzzlegen catalog
      puzzlegen catalog --list --level hard --limit 20
      puzzlegen catalog --json --tag transfer > transfer-puzzles.jsonl
      puzzlegen catalog --venues
      puzzlegen catalog --release "book:Cat's Cradle Puzzles"
      puzzlegen catalog --game pendulum --list --kind win-in-par
      puzzlegen catalog --game escape --db output/escape.sqlite
    """
    from puzzlegen.games import stored_check
    from puzzlegen.publish import open_existing_catalog, release_venue

    chosen = {"--json": as_json, "--list": as_list, "--unpublished": unpublished,
              "--level": level, "--kind": kind, "--tag": tag, "--limit": limit}
    given = [name for name, value in chosen.items() if value not in (None, False)]
    if venues:
        dropped = [name for name in given if name != "--json"]  # --json: JSON lines
        if dropped or release is not None:  # they would be dropped without a word
            raise click.UsageError(f"--venues takes no {(dropped or ['--release'])[0]}")
        source = click.get_current_context().get_parameter_source("game")
        _print_venues(db, as_json, None if source is ParameterSource.DEFAULT else game.name)
        return
    if release is not None:
        source = click.get_current_context().get_parameter_source("game")
        only = None if source is ParameterSource.DEFAULT else game
        if given:  # it would be dropped without a word
            which = "every puzzle" if only is None else f"every {only.title} puzzle"
            raise click.UsageError(f"--release takes no {given[0]}: it releases {which} there")
        count = release_venue(db, release, only)
        noun = "puzzle" if only is None else f"{only.title} puzzle"
        click.echo(f"Released {counted(count, noun)} from {release!r} in {db}.")
        return

    kind = check_kind(game, kind)
    tag = check_tag(game, tag)
    with open_existing_catalog(db) as cat:
        if as_json or as_list:
            rows = cat.puzzles(
                game=game.name,
                level=level,
                kind=kind,
                tag=tag,
                unpublished=unpublished,
                limit=limit,
                check=stored_check(game),  # skip, naming the row, what a book would skip
            )
            if not rows:  # said on stderr: --json's output stays JSON lines
                click.echo(f"puzzlegen: {_none_here(cat, game)}", err=True)
            if as_json:
                for row in rows:
                    click.echo(json.dumps(row, sort_keys=True))
                return
            if rows:
                _print_puzzle_table(rows)
            return
        if limit is not None:
            # The counts are of every puzzle the other choices keep: a limit would be ignored.
            raise click.UsageError("--limit is for --list and --json")
        filters = {"level": level, "kind": kind, "tag": tag, "unpublished": unpublished}
        if not _print_counts(cat, db, game, filters):
            click.echo(f"puzzlegen: {_none_here(cat, game)}", err=True)


def _print_venues(db: Path, as_json: bool, game_name: str | None) -> None:
    """Each venue with its puzzles' count by game (``game_name``'s only, if given): a
    table, or JSON lines with --json."""
    from puzzlegen.publish import open_existing_catalog

    with open_existing_catalog(db) as cat:
        rows = [r for r in cat.venue_counts() if game_name in (None, r[1])]
    if as_json:
        for venue, name, n in rows:
            click.echo(json.dumps({"venue": venue, "game": name, "puzzles": n}))
        return
    if not rows:
        which = "" if game_name is None else f" {game_name}"
        click.echo(f"puzzlegen: no{which} puzzle in {db} is published yet", err=True)
        return
    width = max(len(venue) for venue, _, _ in rows)
    for venue, name, n in rows:
        click.echo(f"{venue:<{width}}  {name:<12}  {counted(n, 'puzzle')}")


def _none_here(cat: Catalog, game: Game) -> str:
    """Why a catalog shows nothing, and what would: another game's puzzles, or generate."""
    from puzzlegen.registry import get_game

    def title(name: str) -> str:
        try:
            return get_game(name).title
        except ValueError:  # a game this puzzlegen does not know
            return name

    held = cat.games()
    others = {name: n for name, n in held.items() if name != game.name}
    if not held.get(game.name):
        if others:
            which = ", ".join(f"{title(name)} ({n}: --game {name})" for name, n in others.items())
            return f"no {game.title} puzzles in this catalog; it holds {which}"
        return "the catalog is empty: fill it with 'puzzlegen generate'"
    return f"no {game.title} puzzle matches these choices"


def _print_counts(cat: Catalog, db: Path, game: Game, filters: dict[str, Any]) -> int:
    """Print the game's counts by level, kind, tag and publication, each beside how many
    of them are unpublished (what a book can still take), of the puzzles ``filters``
    (level, kind, tag, unpublished) keep; return their total."""
    from rich.console import Console
    from rich.table import Table

    counts = cat.counts(game=game.name, **filters)
    console = Console(emoji=False)  # a name with ":smile:" in it is printed as it is
    total = sum(counts["level"].values())
    chosen = [
        f"{name} {value}" for name, value in filters.items() if value and value is not True
    ] + (["unpublished"] if filters.get("unpublished") else [])
    which = f" ({', '.join(chosen)})" if chosen else ""
    # markup=False: a file named 'c[red].sqlite' is printed as it is, not as red 'c.sqlite'.
    console.print(
        f"{counted(total, game.title + ' puzzle')}{which} in {db} ({len(cat)} in all)",
        markup=False,
    )
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
        spare = f"unpublished {name}" in counts
        if spare:
            table.add_column("unpublished", justify="right")
        for value in order:
            cells = [str(counts[name][value])]
            if spare:
                cells.append(str(counts[f"unpublished {name}"][value]))
            table.add_row(value, *cells)
        console.print(table)
    return total


def _short(text: str, most: int = 36) -> str:
    """``text`` cut at a space to at most ``most`` characters, ending in "…" if cut.

    A table row stays short: a Pendulum position runs to some 200
    characters ('catalog --json' gives it whole).

    >>> _short("up-2 | AC AD AH AS | 10C 9H 2D", 20)
    'up-2 | AC AD AH AS …'
    >>> _short("JC 9S 8H", 20)
    'JC 9S 8H'
    """
    if len(text) <= most:
        return text
    return text[: most - 1].rsplit(" ", 1)[0] + " …"


def _print_puzzle_table(rows: list[dict[str, object]]) -> None:
    from rich.console import Console
    from rich.markup import escape
    from rich.table import Table

    table = Table()
    for column in ("id", "kind", "level", "par"):
        table.add_column(column, no_wrap=True)
    table.add_column("tags")
    table.add_column("position")
    for row in rows:
        tags = row["tags"]
        assert isinstance(tags, list)
        table.add_row(
            str(row["id"]),
            str(row["kind"]),
            str(row["level"]),
            str(row["par"]),
            escape(" ".join(tags)),
            escape(_short(str(row["position"]))),
        )
    Console(emoji=False).print(table)


COMMANDS = (generate, catalog)
