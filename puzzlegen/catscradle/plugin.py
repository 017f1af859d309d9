"""Cat's Cradle as a :class:`puzzlegen.games.Game`.

The rules, solver and grading are this package's; drawing and prose come
from :mod:`puzzlegen.render`, imported only when a method needs them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from puzzlegen.catscradle import puzzle as cc

if TYPE_CHECKING:
    from puzzlegen.diagram import Diagram
    from puzzlegen.games import Puzzle


def _own(puzzle: Puzzle) -> cc.Puzzle:
    if not isinstance(puzzle, cc.Puzzle):
        raise TypeError(f"not a Cat's Cradle puzzle: {puzzle!r}")
    return puzzle


class CatsCradle:
    name = "cats-cradle"
    title = "Cat's Cradle"
    inventor = "Michael Bourne"
    credit = "Cat's Cradle is a patience invented by Michael Bourne (divertimenti, 1986)"
    kinds: tuple[str, ...] = cc.KINDS
    tags: tuple[str, ...] = cc.TAGS
    level_rules = cc.LEVEL_RULES
    daily_schedule: ClassVar[dict[int, tuple[str, str]]] = {
        0: ("opening", "Easy"),
        1: ("opening", "Easy"),
        2: ("opening", "Medium"),
        3: ("opening", "Medium"),
        4: ("opening", "Hard"),
        5: ("opening", "Expert"),
        6: ("midgame", "Hard"),
    }

    def make_puzzle(self, kind: str, seed: str) -> cc.Puzzle | None:
        return cc.make_puzzle(kind, seed)

    def puzzle_from_json(self, data: dict[str, Any]) -> cc.Puzzle:
        return cc.puzzle_from_json(data)

    def diagram(
        self, puzzle: Puzzle, *, solution: bool = False, mono: bool = False, title: str = ""
    ) -> Diagram:
        from puzzlegen.catscradle.views.board import board_diagram

        own = _own(puzzle)
        arrows = own.best.moves if solution else ()
        return board_diagram(own.position, arrows=arrows, mono=mono, title=title or None)

    def solution_text(self, puzzle: Puzzle) -> str:
        from puzzlegen.catscradle.views.prose import solution_text

        return solution_text(_own(puzzle))

    def rules_text(self) -> list[str]:
        from puzzlegen.render.templating import render

        blocks = render("catscradle/how_to_play.txt.j2").split("\n\n")
        return [" ".join(block.split()) for block in blocks if block.strip()]

    def rules_diagram(self, *, mono: bool = False) -> tuple[Diagram, str]:
        from puzzlegen.catscradle.position import Position
        from puzzlegen.catscradle.views.board import board_diagram

        example = Position.parse("JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S")
        diagram = board_diagram(example, show_lines=True, mono=mono, title="The 18 lines")
        return diagram, "The eighteen lines of the square, drawn over a layout."


CATS_CRADLE = CatsCradle()
