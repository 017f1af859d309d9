"""Pendulum as a :class:`puzzlegen.games.Game`: what the pipeline reads of it.

Rules and solver are :mod:`.position` and :mod:`.solver`; puzzles and
grading :mod:`.puzzle`; drawing and prose :mod:`.views`, imported only when
needed.  The daily schedule asks a win-in-par puzzle on weekdays and a
choose-method puzzle at the weekend.  The schedule is versioned like Cat's
Cradle's: a date's puzzle is chosen and graded by the version in force on it,
so a new grading never changes a date already published.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TextIO

from puzzlegen.daily import ScheduleVersion, schedule_in_force
from puzzlegen.games import reject_extras
from puzzlegen.pendulum import puzzle as pp

if TYPE_CHECKING:
    from puzzlegen.diagram import Diagram
    from puzzlegen.games import Puzzle

#: Weekday (Monday = 0) -> (kind, level).
DAILY_SCHEDULE: dict[int, tuple[str, str]] = {
    0: (pp.WIN_IN_PAR, "Medium"),
    1: (pp.WIN_IN_PAR, "Medium"),
    2: (pp.WIN_IN_PAR, "Hard"),
    3: (pp.WIN_IN_PAR, "Hard"),
    4: (pp.WIN_IN_PAR, "Expert"),
    5: (pp.CHOOSE, "Hard"),
    6: (pp.CHOOSE, "Expert"),
}


#: Oldest first; a date's puzzle is chosen by the last version whose ``first``
#: is on or before it.
DAILY_SCHEDULES = (
    # v1: levels from the greedy player's rung, par and the number of winners;
    # benchmarks/bench_pendulum_grading.py found its Easy, Medium and Hard alike.
    ScheduleVersion("v1", dt.date.min, "v1", DAILY_SCHEDULE),
    # v2 (levels from how many of thirteen simulated players miss) was to start on
    # 2027-01-01 but was replaced before any of its dates was published: planless
    # play (benchmarks/planless.py) won its Hard days at par.  v3: levels that a
    # planless player's win caps at Easy, and choose-method levels that count the
    # methods to play with a plan.
    ScheduleVersion("v3", dt.date(2027, 1, 1), "v3", DAILY_SCHEDULE),
)


def schedule_for(date: dt.date) -> ScheduleVersion:
    """The schedule version in force on ``date``."""
    return schedule_in_force(DAILY_SCHEDULES, date)


#: Solution figures: at most this many key positions (before swings).
KEY_POSITIONS = 4


def _own(puzzle: Puzzle) -> pp.Puzzle:
    if not isinstance(puzzle, pp.Puzzle):
        raise TypeError(f"not a Pendulum puzzle: {puzzle!r}")
    return puzzle


class Pendulum:
    name = "pendulum"
    title = "Pendulum"
    #: The daily archive's sentence on the week (DAILY_SCHEDULE).
    daily_week = (
        "One puzzle a day: a win in par from Monday to Friday, Medium to Expert, "
        "and “which methods win?” at the weekend."
    )
    inventor = "Anonymous"
    noun = "patience"
    summary = (
        "Pendulum, a patience from an old book of patience games: 48 cards face up in "
        "six rows of eight, the aces out as foundations; choose one of twelve building "
        "methods (up-1 … up-6, down-1 … down-6) and win between the swings of the rows.  "
        "A deal is its 48 cards row by row (10H, QD, T for 10); a position is "
        "'method | foundations | row 0 | … | row 5 | right 0', a cell '--' when empty "
        "or its pile base first joined by '/' (see docs/pendulum-rules.md); a puzzle "
        "description reads pendulum:<kind>:<method or ->:<cards joined by '.'>."
    )
    credit = "Pendulum is a patience from an old book of patience games; its author is not known"
    making_of = (
        "The deals and their solutions were made by puzzlegen, which dealt each layout from "
        "a seed and solved it exactly for every building method."
    )
    keywords = ("Pendulum", "patience", "solitaire", "puzzles")
    position_caption = "Deal, row by row"
    diagram_aspect = 1.25
    kinds: tuple[str, ...] = pp.KINDS
    kind_names: ClassVar[dict[str, str]] = {
        pp.CHOOSE: "which methods win this deal?",
        pp.WIN_IN_PAR: "win with a given method in the fewest swings",
    }
    tags: tuple[str, ...] = pp.TAGS
    level_rules = pp.LEVEL_RULES

    def goal(self, puzzle: Puzzle) -> str:
        own = _own(puzzle)
        if own.kind == pp.CHOOSE:
            return f"find the {self.par_phrase(puzzle)} that win"
        from puzzlegen.pendulum.views.prose import method_phrase

        assert own.method is not None
        return f"win {method_phrase(str(own.method))} in {self.par_phrase(puzzle)} or fewer"

    def par_phrase(self, puzzle: Puzzle) -> str:
        from puzzlegen.pendulum.views.prose import number, swings_phrase

        own = _own(puzzle)
        if own.kind == pp.CHOOSE:
            return f"{number(own.par)} method" + ("" if own.par == 1 else "s")
        return swings_phrase(own.par)

    def deal_text(self, seed: str, *, as_json: bool = False) -> str:
        from puzzlegen.pendulum import commands

        return commands.deal_text(seed, as_json=as_json)

    def solve_text(self, text: str, *, as_json: bool = False, **extras: object) -> str:
        from puzzlegen.pendulum import commands

        method = extras.pop("method", None)
        reject_extras(self, extras)
        return commands.solve_text(pp.plain_position(text), as_json=as_json, method=method)

    def solve_lines(self, lines: Iterable[str], out: TextIO, **extras: object) -> bool:
        from puzzlegen.pendulum import commands

        method = extras.pop("method", None)
        reject_extras(self, extras)
        return commands.solve_lines(
            (pp.plain_position(line) for line in lines), out, method=method
        )

    def position_svg(
        self,
        text: str,
        *,
        solution: bool = False,
        mono: bool = False,
        size: float | None = None,
        **extras: object,
    ) -> str:
        from puzzlegen.pendulum.views.svg import position_svg

        reject_extras(self, extras)
        return position_svg(text, solution=solution, mono=mono, size=size)

    def make_puzzle(self, kind: str, seed: str, level: str | None = None) -> pp.Puzzle | None:
        return pp.make_puzzle(kind, seed)

    def daily_level(self, date: dt.date) -> str:
        return schedule_for(date).weekdays[date.weekday()][1]

    def daily_candidate(self, date: dt.date, seed: str) -> pp.Puzzle | None:
        """The candidate as the date's schedule grades it; None also when it is not of
        the date's level (v3 finds that out cheaply: :func:`pp.v3_level`), which
        :func:`puzzlegen.daily.daily_puzzle` would refuse anyway."""
        schedule = schedule_for(date)
        kind, level = schedule.weekdays[date.weekday()]
        return pp.make_puzzle(kind, seed, schedule.grading, level=level)

    def puzzle_from_json(self, data: dict[str, Any]) -> pp.Puzzle:
        return pp.puzzle_from_json(data)

    def stored_problem(self, data: dict[str, Any]) -> str | None:
        # The deal is read from the description (the position shown is made from it).
        try:
            pp.parse_description(str(data["description"]))
        except (ValueError, KeyError, TypeError, IndexError) as exc:
            return f"its description does not read: {exc}"
        return None

    def diagram(
        self, puzzle: Puzzle, *, solution: bool = False, mono: bool = False, title: str = ""
    ) -> Diagram:
        from puzzlegen.pendulum.views.board import board_diagram
        from puzzlegen.pendulum.views.prose import wins_caption

        own = _own(puzzle)
        method = own.method if own.method is not None else own.best.method
        caption = wins_caption(own.results) if solution else ""
        # A choose-the-method puzzle must not print its answer's method above the layout.
        # Nor in the SVG's <desc>: the deal's text names no method.
        hide = own.kind == pp.CHOOSE and not solution
        return board_diagram(own.deal.start(method), mono=mono, title=title or None,
                             caption=caption, heading="Which methods win?" if hide else None,
                             description=str(own.deal) if hide else None)

    def position_lines(self, puzzle: Puzzle) -> str:
        # The notation: the grid leaves out the swings in a row, which solve - needs.
        return puzzle.position_text

    def solution_text(self, puzzle: Puzzle) -> str:
        from puzzlegen.pendulum.views.prose import join, line_text, number, swings_phrase

        own = _own(puzzle)
        best = own.best
        text = line_text(own.deal.start(best.method), best)
        if own.kind == pp.CHOOSE:
            wins = join([f"{r.method} (in {swings_phrase(r.par or 0)})" for r in own.results])
            verb = "wins" if own.par == 1 else "win"
            text = f"{number(own.par).capitalize()} of the twelve methods {verb}: {wins}. " + text
        return text

    def rules_text(self) -> list[str]:
        from puzzlegen.render.templating import render

        blocks = render("pendulum/how_to_play.txt.j2").split("\n\n")
        return [" ".join(b.split()) for b in blocks
                if b.strip() and not b.strip().startswith("[")]

    def rules_diagram(self, *, mono: bool = False) -> tuple[Diagram, str]:
        from puzzlegen.pendulum.views.board import rules_diagram

        caption = (
            "A deal laid out; the two framed cells, each with a small flag, "
            "are the privileged corners."
        )
        return rules_diagram(mono=mono), caption

    # -- what a book adds (puzzlegen.render.book.BookGame) --------------------

    def how_to_play(
        self, *, mono: bool = False, kinds: Sequence[str] = ()
    ) -> list[str | list[tuple[Diagram, str]]]:
        result: list[str | list[tuple[Diagram, str]]] = []
        from puzzlegen.render.templating import render

        for block in render("pendulum/how_to_play.txt.j2").split("\n\n"):
            text = " ".join(block.split())
            if not text:
                continue
            if text == "[layout]":
                result.append([self.rules_diagram(mono=mono)])
            else:
                result.append(text)
        return result

    def page_sample(self, *, mono: bool = False) -> Diagram:
        """A fresh layout: every puzzle's diagram has this size (puzzlegen.render.book)."""
        from puzzlegen.pendulum.views.board import rules_diagram

        return rules_diagram(mono=mono)

    def solution_story(
        self, puzzle: Puzzle, *, mono: bool = False
    ) -> list[str | list[tuple[Diagram, str]]]:
        """The answer told between the swings, with key layouts (views.story)."""
        from puzzlegen.pendulum.views.story import solution_story

        return solution_story(_own(puzzle), mono=mono)

    def hints(self, puzzle: Puzzle) -> tuple[str, str]:
        """The technique, then a first step (puzzlegen.render.book.HintedGame)."""
        from puzzlegen.pendulum.views.prose import first_step_hint, technique_hint

        own = _own(puzzle)
        return technique_hint(own), first_step_hint(own)

    def techniques(self, puzzle: Puzzle) -> list[str]:
        """Index entries from the puzzle's tags (puzzlegen.render.book.HintedGame)."""
        from puzzlegen.pendulum.views.prose import technique_names

        return technique_names(_own(puzzle))

    def hint_keys(self) -> tuple[str, str]:
        """What each round of hints' words mean (puzzlegen.render.book.HintedGame)."""
        from puzzlegen.pendulum.views.prose import HINT_KEY

        return HINT_KEY, "the quickest win's swings, or the first card move of the answer"

    def solution_figures(
        self, puzzle: Puzzle, *, mono: bool = False
    ) -> list[list[tuple[Diagram, str]]]:
        """Key positions of the answer: the layout just before each swing (the first few)."""
        from puzzlegen.pendulum.views.board import board_diagram

        own = _own(puzzle)
        best = own.best
        position = own.deal.start(best.method)
        figures: list[tuple[Diagram, str]] = []
        swings = 0
        for move in best.moves:
            if move.kind == "swing" and len(figures) < KEY_POSITIONS and position.in_a_row == 0:
                swings += 1
                figures.append((board_diagram(position, mono=mono),
                                f"Before swing {swings} ({move.side})."))
            elif move.kind == "swing":
                swings += 1
            position = position.play(move)
        return [figures[i : i + 2] for i in range(0, len(figures), 2)]


PENDULUM = Pendulum()
