"""Commands for whole games: ``game`` plays one deal to its end, ``study`` plays thousands.

The work is the game's, reached through :func:`puzzlegen.registry.whole_game`
(so this module names no game); these commands read options, show progress,
and write files atomically.
"""

from __future__ import annotations

import contextlib
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, Protocol, cast

import click
from click.core import ParameterSource

from puzzlegen.cli.options import (
    CONTEXT,
    POSITION_CONTEXT,
    ProgressLines,
    heartbeat,
    output_text,
    progress_bar,
    read_position_arg,
    refuse_unknown_options,
    seed_text,
    stderr_console,
)
from puzzlegen.errors import InvalidInputError
from puzzlegen.registry import DEFAULT_GAME

#: The players in a sentence (as the study's report gives them: catscradle.playerwords,
#: which the command line may not import; a test holds the two the same).
PLAYER_HELP = (
    "beginner: the hasty player's moves, and where they stop short of the sequence's end, "
    "the shortest series that still empties a cell; expert: the line with the most "
    "spaces every time; strong: weighs each sequence's end positions by sampled orders of "
    "the unseen cards; perfect: knows the stock's order (the solver)."
)


class WholeGame(Protocol):
    """What a game with whole-game play gives the commands (registry.WHOLE_GAMES)."""

    players: tuple[str, ...]
    #: The players whose play ``--player-seed`` changes.
    seeded_players: tuple[str, ...]

    def check_player(self, value: str) -> str: ...

    def game_output(
        self, *, deal_text: str | None, seed: str | None, player: str, player_seed: str,
        as_json: bool,
    ) -> str: ...

    def study_output(
        self, *, seeds: range, store: Path, player_seed: str, jobs: int, client: Any,
        on_done: Callable[[int, int], None] | None,
    ) -> tuple[str, str, str]: ...


def _whole_game(name: str) -> WholeGame:
    from puzzlegen.registry import whole_game

    return cast(WholeGame, whole_game(name))


def _player_seed(_ctx: click.Context, _param: click.Parameter, value: str) -> str:
    """A ``--player-seed`` callback: a blank seed (an unset shell variable) is refused,
    as every other seed is."""
    if not value.strip():
        raise click.BadParameter(f"{value!r} is blank; give a word or a number, e.g. 0")
    return value


#: The largest deal number: a study stores its deals' numbers as SQLite integers.
MAX_SEED = 2**63 - 1


def _seed_number(value: str, option: str, *, count: int = 1) -> int:
    """A deal number (and the ``count - 1`` after it), else one line naming the bad value.

    Written as ``deal --seed`` writes it: ``deal`` reads any other text, such as
    ``042`` or `` 42``, as a word of its own, with another deal.
    """
    from puzzlegen.textio import quote_start

    # isdigit() alone passes '²', which int() refuses.
    if not (value.isascii() and value.isdigit()):
        raise InvalidInputError(f"bad {option} {quote_start(value)}: give a whole number from 0")
    digits = value.lstrip("0") or "0"
    if len(digits) > len(str(MAX_SEED)) or int(digits) > MAX_SEED:  # int() of 5,000 digits fails
        raise InvalidInputError(
            f"bad {option} {quote_start(value)}: deal numbers go up to {MAX_SEED}"
        )
    if value != digits:
        said = quote_start(value)
        raise InvalidInputError(
            f"bad {option} {said}: write it without leading zeros, as "
            f"{digits} ('deal --seed' reads {said} as a word, with another deal)"
        )
    if int(value) + count - 1 > MAX_SEED:
        raise InvalidInputError(
            f"bad {option} {value!r}: deal numbers go up to {MAX_SEED}, "
            f"and {count} deals from it would pass that"
        )
    return int(value)


#: The first line 'deal' prints: "Deal for seed '42': 7H 2H 6C …".
_DEAL_HEADING = re.compile(r"""Deal for seed (['"])(.*)\1: (.+)""")
#: The words 'deal' prints around the layout and the stock, below that line.
_DEAL_WORDS = frozenset({"Layout:", "Stock,", "top", "card", "first:"})


def _given_deal(given: str) -> tuple[str, str | None]:
    """The cards of a DEAL as given, and the seed it names, if any.

    Besides the 52 cards, the JSON line 'deal --json' writes (its "deal" is
    the cards, its "seed" the number) or the text 'deal' prints (its first
    line names the seed, then lists the cards).  The seed names the game only
    if it deals those cards (``game_output`` checks).
    """
    from puzzlegen.textio import unwrap_json

    first, _, rest = given.strip().partition("\n")
    heading = _DEAL_HEADING.fullmatch(first.strip())
    if heading and len(heading.group(3).split()) != 52:
        # A Pendulum deal's 48 cards were said to differ from the lines below them.
        raise InvalidInputError(
            f"the deal on the first line has {len(heading.group(3).split())} cards, where a "
            "whole game deals 52: is it another game's deal?"
        )
    if heading:
        # The layout and stock printed below repeat the first line's cards: an edit
        # there, or a second deal, would be silently ignored.
        cards = [w for w in rest.split() if w not in _DEAL_WORDS]
        if cards and _same_cards(cards) != _same_cards(heading.group(3).split()):
            if _DEAL_HEADING.search(rest):
                raise InvalidInputError("the text holds more than one deal: give one")
            raise InvalidInputError(
                "the layout or stock below the first line differs from the cards on it: "
                "the cards are read from the first line ('Deal for seed …: 7H 2H …'); "
                "change them there and delete the lines below"
            )
        return heading.group(3), _printed_seed(heading.group(1), heading.group(2))
    text = unwrap_json(
        given, ("deal",), 'a "deal" of 52 cards', one="deal",
        many="'game' plays one deal at a time",
    )
    return text, _json_seed(given)


def _same_cards(words: list[str]) -> list[str]:
    """``words`` as cards where they are cards: '7♥' and '7h' are one card."""
    from puzzlegen.cards import Card
    from puzzlegen.errors import CardError

    said = []
    for word in words:
        try:
            said.append(str(Card.parse(word)))
        except CardError:
            said.append(word)
    return said


def _json_seed(text: str) -> str | None:
    """The seed a ``deal --json`` line gives, if it gives one."""
    import json

    try:
        data = json.loads(text) if text.lstrip().startswith("{") else None
    except ValueError:
        return None
    seed = data.get("seed") if isinstance(data, dict) else None
    return seed if isinstance(seed, str) else None


def _printed_seed(quote: str, inner: str) -> str | None:
    """The seed ``deal`` printed as ``repr(seed)`` (``quote`` + ``inner`` + ``quote``)."""
    import ast

    try:
        seed = ast.literal_eval(quote + inner + quote)
    except (ValueError, SyntaxError):  # an edited heading: it names no seed
        return None
    return seed if isinstance(seed, str) else None


def _whole_game_names() -> str:
    from puzzlegen.registry import WHOLE_GAMES

    return ", ".join(sorted(WHOLE_GAMES))


game_option = click.option(
    "--game",
    "game_name",
    default=DEFAULT_GAME,
    show_default=True,
    help=f"The game; only games with whole-game play: {_whole_game_names()}.",
)


@click.command(context_settings=POSITION_CONTEXT)
@click.argument("deal", nargs=-1)
@click.option(
    "--seed",
    callback=seed_text,
    help="Play the deal of this seed: a number or a word, as 'deal --seed' takes "
    "(the daily site's whole games give theirs in game.json).",
)
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
    callback=_player_seed,
    help="Seed of the strong player's sampling (the same seed plays the same game).",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help='One JSON object a sequence, then {"won": …, "sequences": …}.',
)
@game_option
def game(
    deal: tuple[str, ...],
    seed: str | None,
    player: str,
    player_seed: str,
    as_json: bool,
    game_name: str,
) -> None:
    """Play one deal to its end with a chosen player.

    DEAL is the 52 cards in play order (the 16 of the layout, then the stock
    from its top card), or '-' to read it (or what 'deal' prints, or its
    --json line) from standard input; or give --seed.  Each sequence of play is
    printed: its moves, the spaces it created and the cards dealt into them.
    The exit status is 0 whether the game is won or lost.

    \b
    Examples:
      puzzlegen game --seed 42
      puzzlegen game --seed 42 --player perfect
      puzzlegen game --seed 7 --player strong --json
      puzzlegen deal --seed 42 --json | puzzlegen game -
      puzzlegen deal --seed 42 > my-deal.txt
      puzzlegen game --player strong - < my-deal.txt   # or 52 cards of your own, layout first
    """
    whole = _whole_game(game_name)
    player = whole.check_player(player)
    refuse_unknown_options(deal)  # '--seed 1 --playr strong': the typo, not "both"
    given = click.get_current_context().get_parameter_source("player_seed")
    if given is not ParameterSource.DEFAULT and player not in whole.seeded_players:
        # Taken and ignored, it let a user believe another seed would play another game.
        seeded = " and ".join(f"the {name} player" for name in whole.seeded_players)
        raise InvalidInputError(
            f"--player-seed changes only {seeded}'s play; the {player} player plays one way"
        )
    if (seed is None) == (not deal):
        raise click.UsageError("give either a DEAL or --seed, not both nor neither")
    text = None
    if deal:
        text, seed = _given_deal(read_position_arg(deal))
    click.echo(
        whole.game_output(
            deal_text=text, seed=seed, player=player, player_seed=player_seed, as_json=as_json
        )
    )


@click.command(context_settings=CONTEXT)
@click.option(
    "--deals",
    # A finished deal's figures take about 2 KB in memory until the report is written.
    type=click.IntRange(min=1, max=10**6),
    default=1000,
    show_default=True,
    help="Deals to play, up to a million (a study's figures are held in memory).",
)
@click.option(
    "--first-seed",
    default="0",
    show_default=True,
    metavar="N",
    help="The first deal's seed, a whole number from 0: the deals are seeds N, N+1, … "
    "(a word seed has no next one).",
)
@click.option(
    "--player-seed",
    default="0",
    show_default=True,
    callback=_player_seed,
    help="Seed of the strong player's sampling.",
)
@click.option(
    "-o",
    "--output",
    "--out",  # its first name: kept, so scripts written with it go on working
    "out",
    default="output/study/",
    show_default=True,
    callback=output_text,
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
    help='Run on a Dask cluster at tcp://HOST:PORT (needs pip install ".[dask]").',
)
@game_option
def study(
    deals: int,
    first_seed: str,
    player_seed: str,
    out: str,
    store: Path,
    jobs: int,
    scheduler: str | None,
    game_name: str,
) -> None:
    """Play DEALS deals with every player and set the figures beside the inventor's.

    Writes the figures as JSON (study.json) and as a web page with charts
    (study.html), each beside the one Michael Bourne gives at the end of his
    description of Cat's Cradle (wins, longest games, ...), every rate
    with its 95% Wilson interval.  Each finished deal is stored at once, so
    a study stopped at any moment and run again plays only the deals
    missing; the figures are the same bytes however the work was spread.

    \b
    Examples:
      puzzlegen study --deals 200
      puzzlegen study --deals 1000 --jobs 2 -o output/study/
      puzzlegen study --deals 10000 --scheduler tcp://10.0.0.5:8786
    """

    from puzzlegen.fileio import check_writable, output_path, write_text

    whole = _whole_game(game_name)
    start = _seed_number(first_seed, "--first-seed", count=deals)
    if not out.endswith("/") and out.lower().endswith((".html", ".htm", ".json")):
        raise click.BadParameter(
            f"{out!r} names a file: -o is the folder study.json and study.html go in "
            "(end it with / for a folder of that name)",
            param_hint="'-o'",
        )
    json_path = output_path(out if out.endswith("/") else out + "/", "study.json")
    html_path = json_path.with_name("study.html")
    check_writable(json_path)
    check_writable(html_path)  # both, before any deal is played
    console = stderr_console()
    lines = ProgressLines("Playing deals", deals)
    with _said_how_to_go_on(lines, store) as counted_yet, contextlib.ExitStack() as stack:
        client = stack.enter_context(_client(scheduler))
        progress = stack.enter_context(progress_bar(console))
        if not console.is_terminal:  # a log: a line every few seconds, even between deals
            stack.enter_context(heartbeat(lines))
        task = progress.add_task("Playing deals", total=deals)

        def on_done(finished: int, total: int) -> None:
            if not counted_yet:  # the first call: the store has been read
                counted_yet.append(True)
                print(
                    f"puzzlegen study: {finished} of {total} deals already stored; "
                    f"playing {total - finished}",
                    file=sys.stderr,
                )
            progress.update(task, completed=finished)
            lines.done = finished

        json_text, html, summary = whole.study_output(
            seeds=range(start, start + deals), store=store, player_seed=player_seed, jobs=jobs,
            client=client, on_done=on_done,
        )
    write_text(json_path, json_text)
    write_text(html_path, html)
    click.echo(
        f"Wrote {json_path} and {html_path}: {deals} deal{'' if deals == 1 else 's'}; {summary}."
    )


@contextlib.contextmanager
def _said_how_to_go_on(lines: ProgressLines, store: Path) -> Iterator[list[bool]]:
    """On Ctrl-C or a stop signal, say what is kept and how to go on, then stop.

    The count is said only once the store has been read (the caller appends to
    the list it is given): a stop while connecting knows no count.
    """
    from puzzlegen.textio import Stopped

    counted_yet: list[bool] = []
    try:
        yield counted_yet
    except (KeyboardInterrupt, Stopped):
        if not counted_yet:
            raise
        click.echo(
            f"puzzlegen study: {lines.done} of {lines.total} deals are stored in {store}; "
            "run the same command again to play the rest",
            err=True,
        )
        raise


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
