"""Commands for whole games of Cat's Cradle: ``game`` plays one, ``study`` plays thousands.

The work is in :mod:`puzzlegen.catscradle.gameplayers`,
:mod:`puzzlegen.catscradle.gamesolver` and :mod:`puzzlegen.catscradle.study`;
these commands read options, report, and write files atomically.
"""

from __future__ import annotations

import contextlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click

from puzzlegen.cli.options import CONTEXT, POSITION_CONTEXT, read_position_arg, stderr_console
from puzzlegen.errors import InvalidInputError

PLAYER_HELP = (
    "beginner: the hasty player's sequence every time; expert: the line with the most "
    "spaces every time; strong: weighs each sequence's end positions by sampled orders of "
    "the unseen cards; perfect: knows the stock's order (the solver)."
)


def _seed_number(value: str, option: str) -> int:
    """A deal number: a whole number from 0, else one line naming the bad value."""
    text = value.strip()
    if not text.isdigit():
        raise InvalidInputError(f"bad {option} {value!r}: give a whole number from 0")
    return int(text)


def _player(value: str) -> str:
    from puzzlegen.catscradle.gameplayers import PLAYER_NAMES, UnknownPlayerError

    name = value.strip().lower()
    if name not in PLAYER_NAMES:
        raise UnknownPlayerError(
            f"unknown player {value!r} (choose from {', '.join(PLAYER_NAMES)})"
        )
    return name


@click.command(context_settings=POSITION_CONTEXT)
@click.argument("deal", nargs=-1)
@click.option("--seed", help="Play the deal of this seed (a whole number from 0).")
@click.option(
    "--player",
    default="expert",
    show_default=True,
    help="beginner, expert, strong or perfect. " + PLAYER_HELP,
)
@click.option(
    "--player-seed",
    default="0",
    show_default=True,
    help="Seed of the strong player's sampling (the same seed plays the same game).",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help='One JSON object a sequence, then {"won": …, "sequences": …}.',
)
def game(
    deal: tuple[str, ...], seed: str | None, player: str, player_seed: str, as_json: bool
) -> None:
    """Play one deal of Cat's Cradle to its end with a chosen player.

    DEAL is the 52 cards in play order (the 16 of the layout, then the stock
    from its top card), or '-' to read it from standard input; or give
    --seed.  Each sequence of play is printed: its moves, the spaces it
    created and the cards dealt into them.  The exit status is 0 whether the
    game is won or lost.

    \b
    Examples:
      puzzlegen game --seed 42
      puzzlegen game --seed 42 --player perfect
      puzzlegen game --seed 7 --player strong --json
      puzzlegen deal --seed 42 | puzzlegen game -
    """
    from puzzlegen.catscradle.gameplayers import play_game
    from puzzlegen.catscradle.gamesolver import turn_json
    from puzzlegen.catscradle.position import Deal

    name = _player(player)
    if (seed is None) == (not deal):
        raise click.UsageError("give either a DEAL or --seed, not both nor neither")
    if seed is not None:
        number = _seed_number(seed, "--seed")
        the_deal = Deal.from_seed(number)
    else:
        the_deal = Deal.parse(read_position_arg(deal))
    record = play_game(the_deal, name, seed=player_seed)
    if as_json:
        for turn in record.turns:
            click.echo(json.dumps(turn_json(turn), ensure_ascii=False))
        summary = {
            "won": record.won,
            "sequences": record.sequences,
            "player": name,
            "seed": int(seed) if seed is not None else None,
            "deal": str(the_deal),
            "stock_left": record.stock_left,
        }
        click.echo(json.dumps(summary, ensure_ascii=False))
        return
    click.echo(game_text(record, seed))


def game_text(record: object, seed: str | None) -> str:
    """The game as text: the layout, each sequence, the result."""
    from puzzlegen.catscradle.gameplayers import GameRecord
    from puzzlegen.catscradle.views.prose import moves_text, number_word, spaces_phrase

    assert isinstance(record, GameRecord)
    lines = []
    which = f"Deal {seed.strip()}" if seed is not None else "The deal"
    lines.append(f"{which}, played by the {record.player} player.")
    lines.append("")
    for turn in record.turns:
        lines.append(f"Sequence {turn.number}, from:")
        lines.append(_symbol_grid(turn.start))
        moves = moves_text(turn.line) if turn.line.moves else "no move"
        if turn.created:
            dealt = ", ".join(c.symbol() for c in turn.dealt)
            left = len(turn.stock)
            lines.append(
                f"  {moves} — {spaces_phrase(turn.created)} created; "
                + (f"dealt {dealt} into them" if dealt else "nothing left to deal")
                + f" ({number_word(left)} card{'' if left == 1 else 's'} left in the stock)."
            )
        else:
            lines.append(f"  {moves} — no space created.")
        lines.append("")
    count = record.sequences
    if record.won:
        lines.append(
            f"Won in {number_word(count)} sequence{'' if count == 1 else 's'}: "
            "the stock is used up."
        )
    else:
        left = record.stock_left
        lines.append(
            f"Lost after {number_word(count)} sequence{'' if count == 1 else 's'}: the last "
            f"created no space ({number_word(left)} card{'' if left == 1 else 's'} "
            "left in the stock)."
        )
    return "\n".join(lines)


def _symbol_grid(position: object) -> str:
    from puzzlegen.catscradle.position import SPACE, Position

    assert isinstance(position, Position)
    tokens = ["/".join(c.symbol() for c in s) if s else SPACE for s in position.cells]
    width = max(len(t) for t in tokens)
    return "\n".join(
        "  " + "  ".join(t.ljust(width) for t in tokens[r * 4 : r * 4 + 4]).rstrip()
        for r in range(4)
    )


@click.command(context_settings=CONTEXT)
@click.option(
    "--deals", type=click.IntRange(min=1), default=1000, show_default=True, help="Deals to play."
)
@click.option("--first-seed", default="0", show_default=True, help="The first deal's seed.")
@click.option(
    "--player-seed",
    default="0",
    show_default=True,
    help="Seed of the strong player's sampling.",
)
@click.option(
    "-o",
    "--out",
    default="output/study/",
    show_default=True,
    help="Folder for study.json and study.html.",
)
@click.option(
    "--store",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("output/study.sqlite"),
    show_default=True,
    help="SQLite file of finished deals: a study run again plays only the missing ones.",
)
@click.option(
    "--jobs", type=click.IntRange(min=1), default=1, show_default=True, help="Worker processes."
)
@click.option(
    "--scheduler",
    help="Run on a Dask cluster at tcp://HOST:PORT (pip install \"puzzlegen[dask]\").",
)
def study(
    deals: int,
    first_seed: str,
    player_seed: str,
    out: str,
    store: Path,
    jobs: int,
    scheduler: str | None,
) -> None:
    """Play DEALS deals with every player and report the seed's statistics.

    Writes the figures as JSON (study.json) and as a web page with charts
    (study.html), each beside the figure the seed text states, every rate
    with its 95% Wilson interval.  Each finished deal is stored at once, so
    a study stopped at any moment and run again plays only the deals
    missing; the figures are the same bytes however the work was spread.

    \b
    Examples:
      puzzlegen study --deals 1000 --jobs 2
      puzzlegen study --deals 10000 --scheduler tcp://10.0.0.5:8786
    """
    from puzzlegen.catscradle.study import StudyStore, figures, run_study
    from puzzlegen.catscradle.views.study import render
    from puzzlegen.fileio import check_writable, output_path, write_text

    start = _seed_number(first_seed, "--first-seed")
    json_path = output_path(out if out.endswith("/") else out + "/", "study.json")
    html_path = json_path.with_name("study.html")
    check_writable(json_path)
    seeds = range(start, start + deals)
    console = stderr_console()
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with (
        _client(scheduler) as client,
        StudyStore(store) as the_store,
        Progress(
            "[progress.description]{task.description}",
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
            disable=not console.is_terminal,
        ) as progress,
    ):
        task = progress.add_task("Playing deals", total=deals)

        started = False

        def on_done(finished: int, total: int) -> None:
            nonlocal started
            if not started:
                started = True
                print(
                    f"puzzlegen study: {finished} of {total} deals already stored; "
                    f"playing {total - finished}",
                    file=sys.stderr,
                )
            progress.update(task, completed=finished)
            if not console.is_terminal and finished and (finished == total or finished % 500 == 0):
                print(f"puzzlegen study: {finished} of {total} deals", file=sys.stderr)

        results = run_study(
            the_store, seeds, strong_seed=player_seed, jobs=jobs, client=client, on_done=on_done
        )
    fig = figures(results)
    write_text(json_path, json.dumps(fig, indent=2, sort_keys=True) + "\n")
    write_text(html_path, render(fig))
    wins = ", ".join(
        f"{name} {100 * p['wins']['rate']:.1f}%" for name, p in fig["players"].items()
    )
    click.echo(f"Wrote {json_path} and {html_path}: {deals} deals; wins: {wins}.")


@contextlib.contextmanager
def _client(scheduler: str | None) -> Iterator[Any]:
    """A Dask client for ``--scheduler`` (connected before any work starts), else None."""
    if scheduler is None:
        yield None
        return
    from puzzlegen.distributed import dask_client

    with dask_client(scheduler) as client:
        yield client


COMMANDS = (game, study)
