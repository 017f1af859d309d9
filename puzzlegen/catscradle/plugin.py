"""Cat's Cradle as a :class:`puzzlegen.games.Game`: what the pipeline reads of it.

The rules, solver and grading are this package's; its board drawing and
prose live in :mod:`puzzlegen.catscradle.views` and are imported only when a
method needs them, so loading the game never loads a drawing library.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, TextIO

from puzzlegen import daily
from puzzlegen.catscradle import preparepuzzle as cp
from puzzlegen.catscradle import puzzle as cc
from puzzlegen.games import reject_extras

if TYPE_CHECKING:
    from puzzlegen.diagram import Diagram
    from puzzlegen.games import Puzzle


#: The layout of the inventor's worked example (suits filled in), for the rules.
WORKED_EXAMPLE = "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"
#: Lines of this many moves get a strip of small positions, one per STRIP_EVERY moves.
LONG_LINE = 8
STRIP_EVERY = 4


def _prepare(puzzle: Puzzle) -> cp.PreparePuzzle | None:
    return puzzle if isinstance(puzzle, cp.PreparePuzzle) else None


def _own(puzzle: Puzzle) -> cc.Puzzle:
    if not isinstance(puzzle, cc.Puzzle):
        raise TypeError(f"not a Cat's Cradle puzzle: {puzzle!r}")
    return puzzle


@dataclass(frozen=True)
class ScheduleVersion(daily.ScheduleVersion):
    """A version of Cat's Cradle's daily schedule (its grading is one of
    :data:`puzzle.GRADINGS`), with what else it allows."""

    #: Whether a one-move puzzle may be chosen.
    one_move: bool
    #: Weekday -> the pars allowed (absent: any).
    pars: dict[int, range] = field(default_factory=dict)
    #: Weekday -> the difficulty points allowed (absent: any; grading v3 on).
    points: dict[int, range] = field(default_factory=dict)


#: The daily schedules, oldest first.  A date's puzzle is chosen by the last
#: version whose ``first`` is on or before it, so a new version never changes
#: a date already published.
#: Weekday (Monday = 0) -> (kind, level): easiest on Monday, a mid-game position on Sunday.
WEEK = {
    0: ("opening", "Easy"),
    1: ("opening", "Easy"),
    2: ("opening", "Medium"),
    3: ("opening", "Medium"),
    4: ("opening", "Hard"),
    5: ("opening", "Expert"),
    6: ("midgame", "Hard"),
}

DAILY_SCHEDULES = (
    # v1: par plus insight; Sunday's Hard mid-game was often a single move.
    ScheduleVersion(
        "v1",
        dt.date.min,
        "v1",
        WEEK,
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
        WEEK,
        one_move=False,
        pars={1: range(5, 17), 2: range(1, 5), 3: range(5, 17), 6: range(4, 17)},
    ),
    # v3: levels from difficulty points (rung, par and what the hasty player misses),
    # their cut-offs tuned on generated puzzles so that the levels order as random
    # play's misses do (benchmarks/bench_grading.py); within a level the points pick
    # the day, so that the measured difficulty still rises from Monday to Saturday and
    # Sunday's Hard mid-game measures between Thursday and Saturday.  v2 never
    # published a date: it was replaced from its first day.
    ScheduleVersion(
        "v3",
        dt.date(2027, 1, 1),
        "v3",
        WEEK,
        one_move=False,
        points={0: range(0, 4), 1: range(4, 7), 2: range(7, 8), 3: range(8, 10)},
    ),
)


def schedule_for(date: dt.date) -> ScheduleVersion:
    """The schedule version in force on ``date``."""
    return daily.schedule_in_force(DAILY_SCHEDULES, date)


class CatsCradle:
    name = "cats-cradle"
    title = "Cat's Cradle"
    #: The daily archive's sentence on the week (WEEK).
    daily_week = (
        "One puzzle a day, from the easiest on Monday to the hardest on Saturday; "
        "on Sunday, a position from the middle of a game."
    )
    inventor = "Michael Bourne"
    noun = "patience"
    summary = (
        "Cat's Cradle (the default game), a patience invented by Michael Bourne: sixteen "
        "cards in a 4×4 square, built down in alternate colours along its 18 lines; the "
        "puzzle is the line of play that leaves the most spaces.  Cards read 10H, QD, 3C "
        "(T for 10, any case, or ♣♦♥♠); a position is its 16 cells row by row, '--' for a "
        "space, a stack bottom to top joined by '/', or a puzzle description (cc:JC.9S...).  "
        "For example: JC 9S 8H 3C  QH AS 9C 9D  7S QD 2H 2C  4D 4H 6D 6S"
    )
    credit = "Cat's Cradle is a patience invented by Michael Bourne (divertimenti, 1986)"
    making_of = (
        "The puzzles and their solutions were made by puzzlegen, which dealt each layout "
        "from a seed and found its best line of play by exhaustive search."
    )
    keywords = ("Cat's Cradle", "patience", "solitaire", "puzzles", "Michael Bourne")
    position_caption = "Layout, row by row"
    #: A layout with no stacks is a little taller than wide (see views.board).
    diagram_aspect = 1.25
    kinds: tuple[str, ...] = (*cc.KINDS, cp.KIND)
    #: The kinds a candidate stream of no named kind alternates (puzzlegen.generator):
    #: prepare puzzles come only when asked for, so the mixed streams stay as they were.
    mixed_kinds: tuple[str, ...] = cc.KINDS
    kind_names: ClassVar[dict[str, str]] = {
        "opening": "a fresh layout",
        "midgame": "a mid-game position with stacks",
        "prepare": "a choice of endings in a whole game, the stock's order shown",
    }
    tags: tuple[str, ...] = (*cc.TAGS, *cp.TAGS)
    level_rules = cc.LEVEL_RULES + "  " + cp.LEVEL_RULES
    #: The schedule for dates from now on (the latest version).
    daily_schedule = DAILY_SCHEDULES[-1].weekdays

    def goal(self, puzzle: Puzzle) -> str:
        prepare = _prepare(puzzle)
        if prepare is not None:
            from puzzlegen.catscradle.views.preparation import goal

            return goal(prepare)
        return f"find {self.par_phrase(puzzle)}"

    def par_phrase(self, puzzle: Puzzle) -> str:
        from puzzlegen.catscradle.views.prose import spaces_phrase

        return spaces_phrase(puzzle.par)

    def deal_text(self, seed: str, *, as_json: bool = False) -> str:
        from puzzlegen.catscradle import commands

        return commands.deal_text(seed, as_json=as_json)

    def solve_text(self, text: str, *, as_json: bool = False, **extras: object) -> str:
        from puzzlegen.catscradle import commands

        reject_extras(self, extras)
        return commands.solve_text(text, as_json=as_json)

    def solve_lines(self, lines: Iterable[str], out: TextIO, **extras: object) -> bool:
        from puzzlegen.catscradle import commands

        reject_extras(self, extras)
        return commands.solve_lines(lines, out)

    def position_svg(
        self,
        text: str,
        *,
        solution: bool = False,
        mono: bool = False,
        size: float | None = None,
        **extras: object,
    ) -> str:
        from puzzlegen.catscradle import commands

        lines = bool(extras.pop("lines", False))
        coordinates = bool(extras.pop("coordinates", False))
        reject_extras(self, extras)
        return commands.position_svg(
            text, solution=solution, mono=mono, size=size, lines=lines, coordinates=coordinates
        )

    def make_puzzle(
        self, kind: str, seed: str, level: str | None = None
    ) -> cc.Puzzle | cp.PreparePuzzle | None:
        if kind == cp.KIND:
            return cp.make_prepare(seed)
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
        points = schedule.points.get(date.weekday())
        if points is not None and puzzle.points not in points:
            return None
        return puzzle

    def puzzle_from_json(self, data: dict[str, Any]) -> cc.Puzzle | cp.PreparePuzzle:
        if data.get("kind") == cp.KIND:
            return cp.prepare_from_json(data)
        return cc.puzzle_from_json(data)

    def stored_problem(self, data: dict[str, Any]) -> str | None:
        from puzzlegen.catscradle.position import Position

        try:
            Position.parse(str(data["position"]))
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            return f"its position does not read: {exc}"
        return None

    def diagram(
        self, puzzle: Puzzle, *, solution: bool = False, mono: bool = False, title: str = ""
    ) -> Diagram:
        from puzzlegen.catscradle.views.board import board_diagram

        prepare = _prepare(puzzle)
        if prepare is not None:
            from puzzlegen.catscradle.views.preparation import prepare_diagram

            return prepare_diagram(prepare, solution=solution, mono=mono, title=title)
        own = _own(puzzle)
        arrows = own.best.moves if solution else ()
        return board_diagram(own.position, arrows=arrows, mono=mono, title=title or None)

    def position_lines(self, puzzle: Puzzle) -> str:
        from puzzlegen.catscradle.position import Position

        return Position.parse(puzzle.position_text).grid(symbols=True)

    def solution_text(self, puzzle: Puzzle) -> str:
        from puzzlegen.catscradle.views.prose import solution_text

        prepare = _prepare(puzzle)
        if prepare is not None:
            from puzzlegen.catscradle.views.preparation import answer

            return answer(prepare.choice)
        return solution_text(_own(puzzle))

    def rules_text(self) -> list[str]:
        from puzzlegen.render.templating import render

        blocks = render("catscradle/how_to_play.txt.j2", spaces_puzzles=True).split("\n\n")
        # "[name]" blocks mark where a book puts a figure (see how_to_play).
        return [
            " ".join(block.split())
            for block in blocks
            if block.strip() and not block.strip().startswith("[")
        ]

    def rules_diagram(self, *, mono: bool = False) -> tuple[Diagram, str]:
        from puzzlegen.catscradle.views.board import lines_diagram

        return lines_diagram(), "The eighteen lines of the square."

    # -- what a book adds (puzzlegen.render.book.BookGame) --------------------

    def page_sample(self, *, mono: bool = False) -> Diagram:
        """A fresh layout, the smallest of puzzle diagrams (puzzlegen.render.book.PlannedGame)."""
        from puzzlegen.catscradle.position import Position
        from puzzlegen.catscradle.views.board import board_diagram

        return board_diagram(Position.parse(WORKED_EXAMPLE), mono=mono)

    def how_to_play(
        self, *, mono: bool = False, kinds: Sequence[str] = ()
    ) -> list[str | list[tuple[Diagram, str]]]:
        """The rules in paragraphs, each figure right after the paragraph that introduces it.

        A chapter of prepare puzzles alone is not told how the space-count puzzles
        are set and graded: its own notes (:meth:`kind_notes`) say how it is.
        """
        from puzzlegen.catscradle.position import Move, Position
        from puzzlegen.catscradle.views.board import board_diagram, final_diagram, key_diagram
        from puzzlegen.render.templating import render

        spaces_puzzles = not kinds or any(kind != cp.KIND for kind in kinds)
        blocks = render("catscradle/how_to_play.txt.j2", spaces_puzzles=spaces_puzzles).split(
            "\n\n"
        )
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

    def kind_notes(self, kinds: list[str]) -> list[str]:
        """What a book's how-to-play adds for these kinds (puzzlegen.render.book.parts)."""
        if cp.KIND not in kinds:
            return []
        from puzzlegen.catscradle.views.preparation import BOOK_NOTES

        return list(BOOK_NOTES)

    def hints(self, puzzle: Puzzle) -> tuple[str, str]:
        """The technique, then the first card to move (puzzlegen.render.book.HintedGame)."""
        from puzzlegen.catscradle.views.prose import first_move_hint, technique_hint

        prepare = _prepare(puzzle)
        if prepare is not None:
            from puzzlegen.catscradle.views.preparation import hints

            return hints(prepare)
        own = _own(puzzle)
        return technique_hint(own), first_move_hint(own)

    def techniques(self, puzzle: Puzzle) -> list[str]:
        """Index entries from the puzzle's tags (puzzlegen.render.book.HintedGame)."""
        from puzzlegen.catscradle.views.prose import TECHNIQUES, technique_names

        prepare = _prepare(puzzle)
        if prepare is not None:
            return [TECHNIQUES[tag][0] for tag in prepare.tags]
        return technique_names(_own(puzzle))

    def hint_keys(self) -> tuple[str, str]:
        """What each round of hints' words mean (puzzlegen.render.book.HintedGame)."""
        from puzzlegen.catscradle.views.prose import HINT_KEY

        return HINT_KEY, "the card to move first and its cell: r row, c column (from the top left)"

    def annotated_games(
        self, count: int, seed: str, *, mono: bool = False
    ) -> tuple[str, list[Any]]:
        """``book --games``: whole games the strong player won, told sequence by sequence."""
        from puzzlegen.catscradle.views.bookgames import INTRO, told_games

        return INTRO, list(told_games(count, seed, mono=mono))

    def solution_figures(
        self, puzzle: Puzzle, *, mono: bool = False
    ) -> list[list[tuple[Diagram, str]]]:
        """The moves drawn on the puzzle, the final position beside it; for a long line,
        a strip of small positions after each group of four moves."""
        from puzzlegen.catscradle.views.board import board_diagram, final_diagram, strip_diagram
        from puzzlegen.catscradle.views.prose import spaces_phrase

        prepare = _prepare(puzzle)
        if prepare is not None:
            from puzzlegen.catscradle.views.preparation import solution_figures

            return solution_figures(prepare, mono=mono)
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
