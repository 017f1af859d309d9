"""The one place that names the games puzzlegen publishes.

Adding a game is adding its package and one line to :data:`SHIPPED`.  A
game's module is imported only when the game is first asked for, so the
command starts without loading games it does not use.  Other code (a
plugin of another package, a test) may add a game at run time with
:func:`register`.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from typing import TextIO, cast

from puzzlegen.errors import InvalidInputError
from puzzlegen.games import Game

#: The games puzzlegen ships: registry name -> ``"module:attribute"`` of its Game object.
SHIPPED: dict[str, str] = {
    "cats-cradle": "puzzlegen.catscradle.plugin:CATS_CRADLE",
    "escape": "puzzlegen.escape.plugin:ESCAPE",
    "pendulum": "puzzlegen.pendulum.plugin:PENDULUM",
}

#: Streaming batch solvers the console script may run without the full command
#: line (see :mod:`puzzlegen.launch`): registry name -> ``"module:function"`` of a
#: ``solve_lines(lines, out) -> bool``, the function ``solve --json -`` runs.
FAST_SOLVERS: dict[str, str] = {
    "cats-cradle": "puzzlegen.catscradle.commands:solve_lines",
}

#: What solves each game's puzzles, for ``--version``: ``"module:attribute"`` of a string.
ENGINES: dict[str, str] = {
    "cats-cradle": "puzzlegen.catscradle.core:CORE",
    "pendulum": "puzzlegen.pendulum.core:CORE",
}

#: Games whose whole deals the commands ``game`` and ``study`` play: registry name ->
#: ``"module:attribute"`` of the object they call (see :mod:`puzzlegen.cli.wholegames`).
WHOLE_GAMES: dict[str, str] = {
    "cats-cradle": "puzzlegen.catscradle.gamecommands:WHOLE_GAME",
}

#: Games with a whole game of the day (``daily --kind game``): registry name ->
#: ``"module:attribute"`` of the object ``daily`` calls (see :mod:`puzzlegen.cli.publishing`).
GAME_DAYS: dict[str, str] = {
    "cats-cradle": "puzzlegen.catscradle.gamedaily:GAME_DAY",
}

#: Games with a weekly prepare puzzle (``daily --kind prepare``): registry name ->
#: ``"module:attribute"`` of the object ``daily`` calls (see :mod:`puzzlegen.cli.publishing`).
PREPARE_DAYS: dict[str, str] = {
    "cats-cradle": "puzzlegen.catscradle.preparedaily:PREPARE_DAY",
}

#: The game a command uses when none is named.
DEFAULT_GAME = "cats-cradle"

_loaded: dict[str, Game] = {}


def register(game: Game) -> None:
    """Make ``game`` available by its name (replacing any game of that name)."""
    _loaded[game.name] = game


def unregister(name: str) -> None:
    """Forget a game added with :func:`register` (shipped games come back on demand)."""
    _loaded.pop(name, None)


def game_names() -> tuple[str, ...]:
    """Every game's name, sorted."""
    return tuple(sorted(set(SHIPPED) | set(_loaded)))


def get_game(name: str) -> Game:
    """The game called ``name``.

    >>> get_game("cats-cradle").title
    "Cat's Cradle"
    """
    game = _loaded.get(name)
    if game is not None:
        return game
    spec = SHIPPED.get(name)
    if spec is None:
        known = ", ".join(game_names())
        raise InvalidInputError(f"unknown game {name!r} (known: {known})")
    game = cast(Game, _load(spec))
    _loaded[name] = game
    return game


def _load(spec: str) -> object:
    module, attribute = spec.split(":")
    return getattr(importlib.import_module(module), attribute)


def fast_solver(name: str) -> Callable[[Iterable[str], TextIO], bool] | None:
    """The game's streaming batch solver, if it has one (loads no other part of the game)."""
    spec = FAST_SOLVERS.get(name)
    return None if spec is None else cast(Callable[[Iterable[str], TextIO], bool], _load(spec))


def whole_game(name: str) -> object:
    """What ``game`` and ``study`` call for the game ``name``; InvalidInputError if it has none."""
    get_game(name)  # an unknown name is refused as everywhere else
    spec = WHOLE_GAMES.get(name)
    if spec is None:
        with_play = ", ".join(sorted(WHOLE_GAMES))
        raise InvalidInputError(f"{name!r} has no whole-game play (only {with_play})")
    return _load(spec)


def game_days(name: str) -> object:
    """What ``daily --kind game`` calls for the game ``name``; InvalidInputError if it has none."""
    get_game(name)
    spec = GAME_DAYS.get(name)
    if spec is None:
        raise InvalidInputError(
            f"{name!r} has no whole game of the day (only {', '.join(sorted(GAME_DAYS))})"
        )
    return _load(spec)


def prepare_days(name: str) -> object:
    """What ``daily --kind prepare`` calls for the game ``name``; InvalidInputError if none."""
    get_game(name)
    spec = PREPARE_DAYS.get(name)
    if spec is None:
        raise InvalidInputError(
            f"{name!r} has no prepare puzzles (only {', '.join(sorted(PREPARE_DAYS))})"
        )
    return _load(spec)


def engine_notes() -> list[str]:
    """``"cats-cradle solver core: compiled"``, one a game that says what solves it."""
    return [f"{name} solver core: {_load(spec)}" for name, spec in sorted(ENGINES.items())]


def all_games() -> list[Game]:
    """Every game, in name order."""
    return [get_game(name) for name in game_names()]
