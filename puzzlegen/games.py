"""What the publishing pipeline reads of a game and of its puzzles.

The generator, the catalog, books, daily pages and the command know a game
only through :class:`Game` and its puzzles only through :class:`Puzzle`.
Each game lives in its own package (``puzzlegen/catscradle/``) and is named
once, in :mod:`puzzlegen.registry`.  Everything a page or a book says about
a particular game (its goal in words, its notation, how its answers were
found) comes through these protocols, so no shared module ever needs a
game's own vocabulary.  Game objects import their renderers lazily, so
loading the rules never loads svgwrite, reportlab or jinja2.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, Protocol, TextIO, runtime_checkable

from puzzlegen.errors import InvalidInputError

if TYPE_CHECKING:
    from puzzlegen.diagram import Diagram

#: Difficulty levels shared by every game, easiest first.
LEVELS = ("Easy", "Medium", "Hard", "Expert")


class Puzzle(Protocol):
    """What the pipeline needs of any game's puzzle.

    :meth:`to_json` must hold at least the keys ``id``, ``game``, ``kind``,
    ``level``, ``par``, ``tags``, ``key``, ``position`` and ``seed`` with the
    values of the members below; the catalog stores that object as it is and
    :meth:`Game.puzzle_from_json` rebuilds the puzzle from it.
    """

    @property
    def game(self) -> str:
        """The registry name of the puzzle's game."""
        ...

    @property
    def kind(self) -> str: ...
    @property
    def level(self) -> str:
        """One of :data:`LEVELS`."""
        ...

    @property
    def par(self) -> int:
        """The number the puzzle asks for (its meaning is the game's: see :meth:`Game.goal`)."""
        ...

    @property
    def tags(self) -> tuple[str, ...]:
        """The game's technique tags that the answer bears out."""
        ...

    @property
    def rung(self) -> int:
        """Difficulty within the level, 0 upwards (the game's ladder of players): a sort key."""
        ...

    @property
    def publishable(self) -> bool:
        """Worth printing (Cat's Cradle says no to a one-move answer)."""
        ...

    @property
    def id(self) -> str: ...
    @property
    def key(self) -> str:
        """Equal for two puzzles that are the same puzzle in disguise."""
        ...

    @property
    def seed(self) -> str | None: ...
    @property
    def position_text(self) -> str:
        """The starting position in the game's notation, parseable by the game."""
        ...

    def to_json(self) -> dict[str, Any]: ...


class Game(Protocol):
    """One game: how to make, store, draw and explain its puzzles."""

    # Read-only members (properties here, so plain class attributes satisfy them).
    @property
    def name(self) -> str:
        """The registry key, e.g. ``"cats-cradle"``."""
        ...

    @property
    def title(self) -> str:
        """For print, e.g. ``"Cat's Cradle"``."""
        ...

    @property
    def inventor(self) -> str: ...

    @property
    def summary(self) -> str:
        """A paragraph for ``puzzlegen --help``: what the game is and how its positions read."""
        ...

    @property
    def noun(self) -> str:
        """What sort of game it is, for a title page: ``"patience"``, ``"card game"``."""
        ...

    @property
    def credit(self) -> str:
        """One sentence crediting the inventor, for imprints and pages."""
        ...

    @property
    def making_of(self) -> str:
        """One sentence on how the puzzles and their answers were made, for the imprint
        (which says once, for every game of the book, that puzzlegen wrote its words)."""
        ...

    @property
    def keywords(self) -> tuple[str, ...]:
        """Words for a PDF's metadata."""
        ...

    @property
    def position_caption(self) -> str:
        """What :attr:`Puzzle.position_text` is, for a page: ``"Layout, row by row"``."""
        ...

    @property
    def diagram_aspect(self) -> float:
        """Height over width of a typical puzzle diagram: a book page's unit of weight."""
        ...

    @property
    def kinds(self) -> tuple[str, ...]: ...

    @property
    def kind_names(self) -> dict[str, str]:
        """Each kind as a reader sees it: ``{"midgame": "a mid-game position with stacks"}``."""
        ...

    @property
    def tags(self) -> tuple[str, ...]: ...

    @property
    def level_rules(self) -> str:
        """The grading rules in words (shown by ``--help``)."""
        ...

    def daily_level(self, date: dt.date) -> str:
        """The level of the daily puzzle of ``date``, by the game's schedule."""
        ...

    def daily_candidate(self, date: dt.date, seed: str) -> Puzzle | None:
        """The puzzle for ``seed`` as ``date``'s schedule grades it, or None if not eligible.

        Each schedule version is in force from a date on, so a new version
        changes no date already published.
        """
        ...

    def goal(self, puzzle: Puzzle) -> str:
        """What the puzzle asks, as a phrase: ``"find five spaces"``."""
        ...

    def par_phrase(self, puzzle: Puzzle) -> str:
        """The answer's size, as a phrase: ``"five spaces"``."""
        ...

    # -- one position at a time (``deal``, ``solve``, ``svg``) ------------------------
    # ``extras`` are options only some games have (``lines=True``); a game
    # raises InvalidInputError naming any it does not take.

    def deal_text(self, seed: str, *, as_json: bool = False) -> str:
        """The deal of ``seed``, for a reader or as one JSON object."""
        ...

    def solve_text(self, text: str, *, as_json: bool = False, **extras: object) -> str:
        """The answer for a position given in the game's notation."""
        ...

    def solve_lines(self, lines: Iterable[str], out: TextIO, **extras: object) -> bool:
        """One JSON object per non-blank line of positions; False if any line was bad.

        A bad line gets ``{"error": ...}`` and the batch goes on.
        """
        ...

    def position_svg(
        self,
        text: str,
        *,
        solution: bool = False,
        mono: bool = False,
        size: float | None = None,
        **extras: object,
    ) -> str:
        """An SVG diagram of a position given in the game's notation."""
        ...

    # -- puzzles -----------------------------------------------------------------------

    def make_puzzle(self, kind: str, seed: str, level: str | None = None) -> Puzzle | None:
        """The puzzle of ``kind`` for ``seed``, or None if the seed gives none.

        ``level`` is the level the caller will keep (``generate --level``, a
        day's level).  A game that can search a seed's positions for it may
        (Escape's captures do); the others ignore it, and the caller checks.
        """
        ...

    def puzzle_from_json(self, data: dict[str, Any]) -> Puzzle:
        """Rebuild a puzzle from the JSON :meth:`Puzzle.to_json` wrote."""
        ...

    def diagram(
        self, puzzle: Puzzle, *, solution: bool = False, mono: bool = False, title: str = ""
    ) -> Diagram:
        """The puzzle drawn; with ``solution``, its answer drawn on it."""
        ...

    def position_lines(self, puzzle: Puzzle) -> str:
        """The puzzle's position for a reader at a terminal (``daily`` prints it), in a
        form ``solve -`` reads back: Cat's Cradle's four rows of card symbols, as its
        ``deal`` draws them; the others' notation."""
        ...

    def solution_text(self, puzzle: Puzzle) -> str:
        """The answer in words, one paragraph."""
        ...

    def rules_text(self) -> list[str]:
        """How to play, in paragraphs of the project's own words."""
        ...

    def rules_diagram(self, *, mono: bool = False) -> tuple[Diagram, str]:
        """A diagram for the how-to-play section, and its caption."""
        ...


@runtime_checkable
class StoredCheck(Protocol):
    """A game that can tell, cheaply, whether a stored puzzle's position reads.

    :meth:`Game.puzzle_from_json` may grade or replay the puzzle (milliseconds a
    row); listing a catalog needs only to know the row will read, so a game
    offers this check, which parses what ``puzzle_from_json`` parses and no more.
    """

    def stored_problem(self, data: dict[str, Any]) -> str | None:
        """Why the stored puzzle ``data`` cannot be read back, or None."""
        ...


def stored_check(game: Game) -> Callable[[dict[str, Any]], str | None]:
    """What a catalog row must pass for ``game`` to use it (see :class:`StoredCheck`).

    Listing a catalog and making a book skip the same rows: those whose
    position does not read.  A game without the cheap check is asked to
    rebuild the puzzle.
    """
    if isinstance(game, StoredCheck):
        return game.stored_problem

    def rebuilds(data: dict[str, Any]) -> str | None:
        try:
            game.puzzle_from_json(data)
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            return str(exc) or type(exc).__name__
        return None

    return rebuilds


def reject_extras(game: Game, extras: dict[str, object]) -> None:
    """Raise InvalidInputError naming an option that ``game`` does not take."""
    for name in extras:
        option = "--" + name.replace("_", "-")
        raise InvalidInputError(f"{option} does not apply to {game.title}")


def parse_level(text: str) -> str:
    """A level by name, any case: ``"hard"`` -> ``"Hard"``."""
    for level in LEVELS:
        if level.lower() == text.strip().lower():
            return level
    raise InvalidInputError(f"unknown level {text!r} (choose from {', '.join(LEVELS)})")
