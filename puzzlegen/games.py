"""The seam between the publishing pipeline and the games it publishes.

The generator, the catalog, books and daily pages know a game only through
the :class:`Game` protocol and its puzzles only through :class:`Puzzle`.
Each game lives in its own package (``puzzlegen.catscradle``) and registers
one object in :data:`GAMES`; a second game (Pendulum is planned) plugs in
beside Cat's Cradle by implementing the protocol, without touching the
pipeline.  Game objects import their renderers lazily, so loading the rules
never loads svgwrite, reportlab or jinja2.
"""

from __future__ import annotations

from typing import Any, Protocol

from puzzlegen.diagram import Diagram
from puzzlegen.errors import InvalidInputError

#: Difficulty levels shared by every game, easiest first.
LEVELS = ("Easy", "Medium", "Hard", "Expert")


class Puzzle(Protocol):
    """What the pipeline needs of any game's puzzle."""

    @property
    def kind(self) -> str: ...
    @property
    def level(self) -> str: ...
    @property
    def par(self) -> int: ...
    @property
    def id(self) -> str: ...
    @property
    def key(self) -> str: ...
    @property
    def seed(self) -> str | None: ...
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
    def credit(self) -> str:
        """One sentence crediting the inventor, for imprints and pages."""
        ...

    @property
    def kinds(self) -> tuple[str, ...]: ...

    @property
    def tags(self) -> tuple[str, ...]: ...

    @property
    def level_rules(self) -> str:
        """The grading thresholds in words (shown by ``--help``)."""
        ...

    @property
    def daily_schedule(self) -> dict[int, tuple[str, str]]:
        """Weekday (Monday = 0) -> (kind, level) of the daily puzzle."""
        ...

    def make_puzzle(self, kind: str, seed: str) -> Puzzle | None:
        """The puzzle of ``kind`` for ``seed``, or None if the seed gives none."""
        ...

    def puzzle_from_json(self, data: dict[str, Any]) -> Puzzle:
        """Rebuild a puzzle from the JSON :meth:`Puzzle.to_json` wrote."""
        ...

    def diagram(
        self, puzzle: Puzzle, *, solution: bool = False, mono: bool = False, title: str = ""
    ) -> Diagram:
        """The puzzle drawn; with ``solution``, its answer drawn on it."""
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


def parse_level(text: str) -> str:
    """A level by name, any case: ``"hard"`` -> ``"Hard"``."""
    for level in LEVELS:
        if level.lower() == text.strip().lower():
            return level
    raise InvalidInputError(f"unknown level {text!r} (choose from {', '.join(LEVELS)})")


def get_game(name: str) -> Game:
    try:
        return GAMES[name]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise InvalidInputError(f"unknown game {name!r} (known: {known})") from None


def _registry() -> dict[str, Game]:
    from puzzlegen.catscradle.plugin import CATS_CRADLE

    return {CATS_CRADLE.name: CATS_CRADLE}


#: Every game puzzlegen publishes, by name.
GAMES: dict[str, Game] = _registry()
DEFAULT_GAME = "cats-cradle"
