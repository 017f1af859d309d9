"""What several commands share: options declared once, the help layout, small helpers.

Options that name a game's vocabulary (``--kind``, ``--tag``) are checked
against the chosen game when the command runs, not against a fixed list, so
a game added at run time (:func:`puzzlegen.registry.register`) works
everywhere.  Each game's grading rules are printed at the end of ``--help``
of the commands that grade, read from the games only when help is shown.
"""

from __future__ import annotations

import contextlib
import shlex
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

import click

from puzzlegen.games import LEVELS, Game, parse_level
from puzzlegen.registry import DEFAULT_GAME, game_names, get_game

EXIT_INVALID = 1
EXIT_USAGE = 2

CONTEXT: dict[str, Any] = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")


class GradingCommand(click.Command):
    """A command whose help ends with every game's grading rules."""

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_epilog(ctx, formatter)
        from puzzlegen.registry import all_games

        # Tags are chosen by 'catalog --tag'; a command without the option says so.
        tag = "--tag" if any(p.name == "tag" for p in self.params) else "catalog --tag"
        for game in all_games():
            formatter.write_paragraph()
            formatter.write_text(
                f"{game.title} — {game.level_rules}  Kinds (--kind): "
                f"{', '.join(game.kinds)}; tags ({tag}): {', '.join(game.tags)}."
            )


def _to_game(_ctx: click.Context, _param: click.Parameter, value: str) -> Game:
    try:
        return get_game(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def seed_text(_ctx: click.Context, _param: click.Parameter, value: str | None) -> str | None:
    """A ``--seed`` callback: a blank seed is refused (it is almost surely a mistake)."""
    if value is not None and not value.strip():
        raise click.BadParameter(f"{value!r} is blank; give a number or a word")
    return value


def output_text(_ctx: click.Context, param: click.Parameter, value: T) -> T:
    """An ``-o`` callback: an empty or blank path is refused, and so is ``-`` where the
    option does not mean standard output by it (only ``svg``'s default is ``-``).

    ``-o ""`` (an unset shell variable) would otherwise mean the current
    folder, and a daily there replaces any ``index.html`` it holds; ``-o -``
    wrote a book to a file named ``-``, or a daily site into a folder so named.
    """
    if value is not None and not str(value).strip():
        raise click.BadParameter(
            f"{str(value)!r} is empty; name a file or folder ('.' for the current folder)"
        )
    if str(value) == "-" and param.default != "-":
        raise click.BadParameter(
            "'-' is not standard output here: this writes files; name a file or folder "
            "('./-' for one named -)"
        )
    return value


def game_option(what: str = "The game.") -> Callable[[F], F]:
    """``--game NAME``, passed to the command as a :class:`Game` named ``game``."""
    return click.option(
        "--game",
        "game",
        default=DEFAULT_GAME,
        show_default=True,
        callback=_to_game,
        help=f"{what} One of: {', '.join(game_names())}.",
    )


def db_option(help: str, *, default: Path | None = None) -> Callable[[F], F]:
    """``--db FILE``: a SQLite puzzle catalog."""
    return click.option(
        "--db",
        type=click.Path(dir_okay=False, path_type=Path),
        default=default,
        show_default=default is not None,
        help=help,
    )


def level_option(help: str = "Only puzzles of this level.") -> Callable[[F], F]:
    return click.option(
        "--level",
        type=click.Choice(LEVELS, case_sensitive=False),
        callback=lambda _c, _p, value: parse_level(value) if value else None,
        help=help,
    )


def kind_option(help: str) -> Callable[[F], F]:
    return click.option("--kind", help=help)


def check_kind(game: Game, kind: str | None) -> str | None:
    """``kind`` as the game spells it, or a usage error naming the game's kinds."""
    if kind is None:
        return None
    for known in game.kinds:
        if known == kind.strip().lower():
            return known
    raise click.BadParameter(
        f"{kind!r} is not a kind of {game.title} puzzle (choose from {', '.join(game.kinds)})",
        param_hint="'--kind'",
    )


def check_tag(game: Game, tag: str | None) -> str | None:
    if tag is None or tag in game.tags:
        return tag
    raise click.BadParameter(
        f"{tag!r} is not {'an' if game.title[:1] in 'AEIOU' else 'a'} {game.title} tag "
        f"(choose from {', '.join(game.tags)})",
        param_hint="'--tag'",
    )


#: Context of commands whose POSITION may start with a space cell: "-- 9S 8H ..."
#: is one quoted argument that click would otherwise take for an option.
POSITION_CONTEXT: dict[str, Any] = {**CONTEXT, "ignore_unknown_options": True}


def refuse_unknown_options(parts: Sequence[str]) -> None:
    """A mistyped option click let through into a position argument, refused by name.

    A word is a position's only if it starts with a space cell ("-- 9S ...").
    """
    for part in parts:
        if part.startswith("-") and part != "-" and part.split()[0] != "--":
            import difflib

            ctx = click.get_current_context(silent=True)
            known = [o for p in (ctx.command.params if ctx else []) for o in p.opts]
            close = difflib.get_close_matches(part.split("=")[0], known)  # as click does
            raise click.NoSuchOption(part, possibilities=close, ctx=ctx)


def read_position_arg(parts: Sequence[str]) -> str:
    """The words of a position argument, or standard input for ``-`` (UTF-8, bounded)."""
    from puzzlegen.errors import InvalidInputError
    from puzzlegen.textio import MAX_LINE, quote_start, read_text

    if list(parts) == ["-"]:
        return read_text(sys.stdin.buffer)
    refuse_unknown_options(parts)
    text = " ".join(parts)
    if len(parts) == 1 and (text.endswith((".txt", ".json", ".jsonl")) or _is_file(text)):
        raise InvalidInputError(
            f"{text!r} is taken as the cards themselves, and it looks like a file: "
            f"to read one, give - and the file on standard input (- < {shlex.quote(text)})"
        )
    if len(text.encode("utf-8")) > MAX_LINE:
        raise InvalidInputError(
            f"the position is longer than {MAX_LINE} bytes: {quote_start(text)}"
        )
    return text


def _is_file(text: str) -> bool:
    try:
        return "\n" not in text and Path(text).is_file()
    except (OSError, ValueError):  # a name too long, a NUL
        return False


def stderr_console() -> Any:
    from rich.console import Console

    return Console(stderr=True)


def progress_bar(console: Any) -> Any:
    """The bar long commands show on a terminal (description, bar, done of total,
    time left); silent elsewhere, where :class:`ProgressLines` speaks instead."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    return Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=not console.is_terminal,
    )


#: Seconds between two progress lines when stderr is not a terminal (a log, a pipe).
PROGRESS_EVERY = 5.0


class ProgressLines:
    """Plain progress for a log: a line on stderr at most every :data:`PROGRESS_EVERY`
    seconds, only once the work has run that long (quick commands print nothing)."""

    def __init__(self, description: str, total: int | None = None) -> None:
        self.description = description.rstrip("…").rstrip(".")
        self.total = total
        self.start = self.last = time.monotonic()
        self.done = 0

    def advance(self, step: int = 1) -> None:
        self.done += step
        self.tick()

    def tick(self) -> None:
        now = time.monotonic()
        if now - self.last < PROGRESS_EVERY:
            return
        self.last = now
        count = f" {self.done}/{self.total}" if self.total is not None else ""
        click.echo(f"puzzlegen: {self.description}{count} ({now - self.start:.0f} s)", err=True)


@contextlib.contextmanager
def status(message: str, total: int | None = None) -> Iterator[Callable[[], None]]:
    """A spinner on stderr while slow work runs; a line every few seconds when stderr
    is not a terminal.  With ``total``, the work calls what it is given once a step
    ("Choosing puzzles 3/24"): a long search is seen to move, or not to."""
    console = stderr_console()
    if console.is_terminal:
        with console.status(message) as spinner:
            done = 0

            def advance() -> None:
                nonlocal done
                done += 1
                spinner.update(f"{message.rstrip('…')} {done}/{total}…")

            yield advance
        return
    lines = ProgressLines(message, total)
    with heartbeat(lines):
        yield lines.advance


@contextlib.contextmanager
def heartbeat(lines: ProgressLines) -> Iterator[None]:
    """Let ``lines`` print even while nothing advances (a long typesetting, a rare level)."""
    done = threading.Event()

    def beat() -> None:
        while not done.wait(min(1.0, PROGRESS_EVERY)):
            lines.tick()

    thread = threading.Thread(target=beat, daemon=True)
    thread.start()
    try:
        yield
    finally:
        done.set()
        thread.join()


def progress(items: Sequence[T], description: str) -> Iterator[T]:
    """Iterate with a progress bar on stderr when it is a terminal and the work is long,
    and with a line every few seconds when it is not."""
    from rich.progress import track

    console = stderr_console()
    if not console.is_terminal:
        lines = ProgressLines(description, len(items))
        for item in items:
            yield item
            lines.advance()
        return
    yield from track(items, description=description, console=console, disable=len(items) < 8)
