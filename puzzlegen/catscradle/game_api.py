"""Cat's Cradle as a :class:`puzzlegen.games.Game`.

The rules, solver and grading are this package's; drawing and prose come
from :mod:`puzzlegen.render`, imported only when a method needs them.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from puzzlegen.catscradle import puzzle as cc

if TYPE_CHECKING:
    from puzzlegen.games import Puzzle
    from puzzlegen.render.diagram import Diagram


#: The layout of the inventor's worked example (suits filled in), for the rules.
WORKED_EXAMPLE = "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"
#: Lines of this many moves get a strip of small positions, one per STRIP_EVERY moves.
LONG_LINE = 8
STRIP_EVERY = 4


def _own(puzzle: Puzzle) -> cc.Puzzle:
    if not isinstance(puzzle, cc.Puzzle):
        raise TypeError(f"not a Cat's Cradle puzzle: {puzzle!r}")
    return puzzle


@dataclass(frozen=True)
class ScheduleVersion:
    """One version of the daily schedule, in force from ``first`` until the next one."""

    name: str
    first: dt.date
    #: Which of :data:`puzzle.GRADINGS` grades its candidates.
    grading: str
    #: Weekday (Monday = 0) -> (kind, level).
    weekdays: dict[int, tuple[str, str]]
    #: Whether a one-move puzzle may be chosen.
    one_move: bool
    #: Weekday -> the pars allowed (absent: any).
    pars: dict[int, range] = field(default_factory=dict)


#: The daily schedules, oldest first.  A date's puzzle is chosen by the last
#: version whose ``first`` is on or before it, so a new version never changes
#: a date already published.
DAILY_SCHEDULES = (
    # v1: par plus insight; Sunday's Hard mid-game was often a single move.
    ScheduleVersion(
        "v1",
        dt.date.min,
        "v1",
        {
            0: ("opening", "Easy"),
            1: ("opening", "Easy"),
            2: ("opening", "Medium"),
            3: ("opening", "Medium"),
            4: ("opening", "Hard"),
            5: ("opening", "Expert"),
            6: ("midgame", "Hard"),
        },
        one_move=True,
    ),
    # v2: levels from the ladder of players; no one-move puzzle.  Within a
    # level the par range sets the day, so that the measured difficulty
    # (benchmarks/bench_grading.py: random play misses par more often) rises
    # every day from Monday to Saturday, and Sunday's mid-game, Hard by the
    # ladder and asking for 4 spaces or more, measures between Thursday and
    # Friday: a Hard mid-game asking for fewer is easy to stumble on.
    ScheduleVersion(
        "v2",
        dt.date(2027, 1, 1),
        "v2",
        {
            0: ("opening", "Easy"),
            1: ("opening", "Easy"),
            2: ("opening", "Medium"),
            3: ("opening", "Medium"),
            4: ("opening", "Hard"),
            5: ("opening", "Expert"),
            6: ("midgame", "Hard"),
        },
        one_move=False,
        pars={1: range(5, 17), 2: range(1, 5), 3: range(5, 17), 6: range(4, 17)},
    ),
)


def schedule_for(date: dt.date) -> ScheduleVersion:
    """The schedule version in force on ``date``."""
    return [v for v in DAILY_SCHEDULES if v.first <= date][-1]


class CatsCradle:
    name = "cats-cradle"
    title = "Cat's Cradle"
    inventor = "Michael Bourne"
    credit = "Cat's Cradle is a patience invented by Michael Bourne (divertimenti, 1986)"
    kinds: tuple[str, ...] = cc.KINDS
    tags: tuple[str, ...] = cc.TAGS
    level_rules = cc.LEVEL_RULES
    #: The schedule for dates from now on (the latest version).
    daily_schedule = DAILY_SCHEDULES[-1].weekdays

    def make_puzzle(self, kind: str, seed: str) -> cc.Puzzle | None:
        return cc.make_puzzle(kind, seed)

    def daily_level(self, date: dt.date) -> str:
        """The level wanted on ``date``."""
        return schedule_for(date).weekdays[date.weekday()][1]

    def daily_candidate(self, date: dt.date, seed: str) -> cc.Puzzle | None:
        """The candidate for ``seed`` on ``date``, graded as that date's schedule grades.

        None when the seed gives no puzzle or one the schedule may not choose
        (its level is checked by the caller).
        """
        schedule = schedule_for(date)
        kind = schedule.weekdays[date.weekday()][0]
        puzzle = cc.make_puzzle(kind, seed, schedule.grading)
        if puzzle is None or not (schedule.one_move or puzzle.publishable):
            return None
        allowed = schedule.pars.get(date.weekday())
        if allowed is not None and puzzle.par not in allowed:
            return None
        return puzzle

    def puzzle_from_json(self, data: dict[str, Any]) -> cc.Puzzle:
        return cc.puzzle_from_json(data)

    def diagram(
        self, puzzle: Puzzle, *, solution: bool = False, mono: bool = False, title: str = ""
    ) -> Diagram:
        from puzzlegen.render.board import board_diagram

        own = _own(puzzle)
        arrows = own.best.moves if solution else ()
        return board_diagram(own.position, arrows=arrows, mono=mono, title=title or None)

    def solution_text(self, puzzle: Puzzle) -> str:
        from puzzlegen.render.prose import solution_text

        return solution_text(_own(puzzle))

    def rules_text(self) -> list[str]:
        from puzzlegen.render.templating import render

        blocks = render("how_to_play.txt.j2").split("\n\n")
        # "[name]" blocks mark where a book puts a figure (see how_to_play).
        return [
            " ".join(block.split())
            for block in blocks
            if block.strip() and not block.strip().startswith("[")
        ]

    def rules_diagram(self, *, mono: bool = False) -> tuple[Diagram, str]:
        from puzzlegen.render.board import lines_diagram

        return lines_diagram(), "The eighteen lines of the square."

    # -- what a book adds (puzzlegen.render.book.BookGame) --------------------

    def goal(self, puzzle: Puzzle) -> str:
        from puzzlegen.render.prose import spaces_phrase

        return f"Find {spaces_phrase(puzzle.par)}."

    def how_to_play(self, *, mono: bool = False) -> list[str | list[tuple[Diagram, str]]]:
        """The rules in paragraphs, each figure right after the paragraph that introduces it."""
        from puzzlegen.catscradle.position import Move, Position
        from puzzlegen.render.board import board_diagram, final_diagram, key_diagram
        from puzzlegen.render.templating import render

        blocks = render("how_to_play.txt.j2").split("\n\n")
        paragraphs = [" ".join(b.split()) for b in blocks if b.strip()]
        example = Position.parse(WORKED_EXAMPLE)
        moves = []
        position = example
        for text in ("JC on QH", "3C on 4D", "3C on 4H"):
            move = Move.parse(text, position)
            moves.append(move)
            position = position.apply(move)
        figures: dict[str, list[tuple[Diagram, str]]] = {
            "lines": [self.rules_diagram(mono=mono)],
            "example": [
                (
                    board_diagram(example, arrows=moves, mono=mono, title="A move and a transfer"),
                    "1: J♣ on Q♥, a move. 2: 3♣ on 4♦, then 3: the transfer of 3♣ on to 4♥.",
                ),
                (
                    final_diagram(example, position, mono=mono),
                    "After them: two spaces, where J♣ and 3♣ were.",
                ),
            ],
            "key": [(key_diagram(mono=mono), "How the diagrams are drawn.")],
        }
        result: list[str | list[tuple[Diagram, str]]] = []
        for paragraph in paragraphs:
            marker = paragraph.split(" ", 1)[0]
            if marker.startswith("[") and marker.endswith("]"):
                result.append(figures[marker[1:-1]])
            else:
                result.append(paragraph)
        return result

    def solution_figures(
        self, puzzle: Puzzle, *, mono: bool = False
    ) -> list[list[tuple[Diagram, str]]]:
        """The moves drawn on the puzzle, the final position beside it; for a long line,
        a strip of small positions after each group of four moves."""
        from puzzlegen.render.board import board_diagram, final_diagram, strip_diagram
        from puzzlegen.render.prose import spaces_phrase

        own = _own(puzzle)
        line = own.best
        moves = line.moves
        rows: list[list[tuple[Diagram, str]]] = [
            [
                (
                    board_diagram(own.position, arrows=moves, mono=mono),
                    "The moves in order; dashed: a transfer.",
                ),
                (
                    final_diagram(own.position, line.final, mono=mono, small=True),
                    f"At the end: {spaces_phrase(own.par)} (shaded).",
                ),
            ]
        ]
        if len(moves) >= LONG_LINE:
            strip = []
            position = own.position
            for index, move in enumerate(moves, start=1):
                position = position.apply(move)
                if index % STRIP_EVERY == 0 and index < len(moves):
                    strip.append((strip_diagram(position, mono=mono), f"After move {index}"))
            rows.append(strip)
        return rows


CATS_CRADLE = CatsCradle()
