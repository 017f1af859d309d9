"""Pendulum as a :class:`puzzlegen.games.Game`: what the pipeline reads of it.

Done so far: ``deal`` and ``solve`` (plain text, JSON, ``--method``).  Not yet
made: Pendulum puzzles (the kinds "choose the method" and "win in par"),
their grading, diagrams, prose solutions, books and daily pages.  Those
members raise :class:`~puzzlegen.errors.InvalidInputError` with one line
saying so, rather than pretending.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, NoReturn, TextIO

from puzzlegen.errors import InvalidInputError
from puzzlegen.games import Game, reject_extras

if TYPE_CHECKING:
    from puzzlegen.diagram import Diagram
    from puzzlegen.games import Puzzle


def _not_yet(what: str) -> NoReturn:
    raise InvalidInputError(
        f"Pendulum {what} are not made yet: only 'deal' and 'solve' take --game pendulum"
    )


class PendulumGame:
    """The Game object of Pendulum (see the module docstring for what is missing)."""

    name = "pendulum"
    title = "Pendulum"
    inventor = "an unknown author"
    noun = "patience"
    summary = (
        "Pendulum, an old patience of perfect information: four aces above six rows "
        "of eight cards, one of twelve building methods (up-1 … up-6, down-1 … "
        "down-6), and rows that swing right and left.  A deal is its 48 cards row by "
        "row; solve gives, for each method, won or lost and the fewest swings."
    )
    credit = "Pendulum comes from an old book of patience games; its author is not known."
    making_of = (
        "Every deal was solved exhaustively for each method: the fewest swings, "
        "then the fewest moves."
    )
    keywords = ("Pendulum", "patience", "solitaire", "card puzzles")
    position_caption = "The six rows, top row first"
    diagram_aspect = 0.9
    kinds: tuple[str, ...] = ()
    tags: tuple[str, ...] = ()
    level_rules = "Pendulum puzzles are not graded yet."

    def daily_level(self, date: dt.date) -> str:
        _not_yet("daily puzzles")

    def daily_candidate(self, date: dt.date, seed: str) -> Puzzle | None:
        _not_yet("daily puzzles")

    def goal(self, puzzle: Puzzle) -> str:
        _not_yet("puzzles")

    def par_phrase(self, puzzle: Puzzle) -> str:
        _not_yet("puzzles")

    def deal_text(self, seed: str, *, as_json: bool = False) -> str:
        from puzzlegen.pendulum import commands

        return commands.deal_text(seed, as_json=as_json)

    def solve_text(self, text: str, *, as_json: bool = False, **extras: object) -> str:
        from puzzlegen.pendulum import commands

        method = extras.pop("method", None)
        reject_extras(self, extras)
        return commands.solve_text(text, as_json=as_json, method=method)

    def solve_lines(self, lines: Iterable[str], out: TextIO, **extras: object) -> bool:
        from puzzlegen.pendulum import commands

        method = extras.pop("method", None)
        reject_extras(self, extras)
        return commands.solve_lines(lines, out, method=method)

    def position_svg(
        self,
        text: str,
        *,
        solution: bool = False,
        mono: bool = False,
        size: float | None = None,
        **extras: object,
    ) -> str:
        _not_yet("diagrams")

    def make_puzzle(self, kind: str, seed: str) -> Puzzle | None:
        _not_yet("puzzles")

    def puzzle_from_json(self, data: dict[str, Any]) -> Puzzle:
        _not_yet("puzzles")

    def diagram(
        self, puzzle: Puzzle, *, solution: bool = False, mono: bool = False, title: str = ""
    ) -> Diagram:
        _not_yet("diagrams")

    def solution_text(self, puzzle: Puzzle) -> str:
        _not_yet("solutions")

    def rules_text(self) -> list[str]:
        _not_yet("books")

    def rules_diagram(self, *, mono: bool = False) -> tuple[Diagram, str]:
        _not_yet("books")


PENDULUM: Game = PendulumGame()
