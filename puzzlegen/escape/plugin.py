"""Escape as a :class:`puzzlegen.games.Game`: what the pipeline reads of it.

Rules :mod:`.position`, solver :mod:`.solver`, players :mod:`.players`,
puzzles :mod:`.puzzle`; drawing and words :mod:`.views`, imported only when
needed.  The daily schedule asks "White to play and escape" on weekdays and
"Black to play and capture" at the weekend.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TextIO

from puzzlegen.daily import ScheduleVersion, schedule_in_force
from puzzlegen.escape import puzzle as ep
from puzzlegen.games import reject_extras

if TYPE_CHECKING:
    from puzzlegen.diagram import Diagram
    from puzzlegen.games import Puzzle

DAILY_SCHEDULE: dict[int, tuple[str, str]] = {
    0: (ep.ESCAPE, "Easy"),
    1: (ep.ESCAPE, "Easy"),
    2: (ep.ESCAPE, "Medium"),
    3: (ep.ESCAPE, "Medium"),
    4: (ep.ESCAPE, "Hard"),
    5: (ep.CAPTURE, "Medium"),
    6: (ep.CAPTURE, "Hard"),
}
DAILY_SCHEDULES = (ScheduleVersion("v1", dt.date.min, "v1", DAILY_SCHEDULE),)


def schedule_for(date: dt.date) -> ScheduleVersion:
    return schedule_in_force(DAILY_SCHEDULES, date)


def _own(puzzle: Puzzle) -> ep.Puzzle:
    if not isinstance(puzzle, ep.Puzzle):
        raise TypeError(f"not an Escape puzzle: {puzzle!r}")
    return puzzle


class Escape:
    name = "escape"
    title = "Escape"
    inventor = "Qualt"
    noun = "two-player card game"
    summary = (
        "Escape, a game of cat and mouse for Qualt's Sigma cards (reconstructed): White lays "
        "small cards to keep its group, joined to the Nothing square, from being closed in; "
        "Black lays long cards to close every blank space around it.\n"
        "Both hands are face up; White wins if a blank space is left when all 19 cards are "
        "down, Black as soon as none is (or White cannot lay a card).\n"
        "A position reads 'to-move | white hand | black hand | top,left | rows' with o white, "
        "# black, . blank (e.g. 'white | W1 W2 | B7 | -1,-1 | ### / #o. / ###'); "
        "a move 'W10@0,1' or 'B1r1@-1,2'."
    )
    credit = ("Escape is a game by Qualt for its Sigma cards; its card faces are lost, and "
              "these are puzzlegen's reconstruction")
    making_of = (
        "The positions come from games between computer players, and every answer was "
        "proven by puzzlegen's exact search to be the only winning first move."
    )
    keywords = ("Escape", "Sigma cards", "cat and mouse", "puzzles")
    position_caption = "Position (to move | hands | corner | rows)"
    diagram_aspect = 0.9
    kinds: tuple[str, ...] = ep.KINDS
    kind_names: ClassVar[dict[str, str]] = {
        ep.ESCAPE: "White to play and escape",
        ep.CAPTURE: "Black to play and capture",
    }
    tags: tuple[str, ...] = ep.TAGS
    level_rules = ep.LEVEL_RULES
    #: Levels a candidate stream (a book dealt from a seed) almost never gives: the
    #: search player finds nearly every key move, so Expert needs hours of candidates
    #: at seconds each; a book asking for one is refused at once (see the README).
    levels_seldom_made: tuple[str, ...] = ("Expert",)
    #: Levels seldom made of one kind: "White to play and escape" at Hard.  A book of
    #: four Hard ones from a seed found one in 15 minutes and then gave up (no Hard
    #: escape in 2,001 candidates); Hard captures come in minutes.
    kind_levels_seldom_made: ClassVar[dict[str, tuple[str, ...]]] = {"escape": ("Hard",)}
    #: The archive's column for par_phrase ("three cards left" is no par).
    par_heading = "Endgame"
    #: The daily archive's sentence on the week (DAILY_SCHEDULE).
    daily_week = (
        "One puzzle a day: White to play and escape from Monday to Friday, Easy to Hard, "
        "and Black to play and capture at the weekend."
    )

    def goal(self, puzzle: Puzzle) -> str:
        own = _own(puzzle)
        return "find White's one escaping play" if own.kind == ep.ESCAPE else \
            "find Black's one capturing play"

    def par_phrase(self, puzzle: Puzzle) -> str:
        from puzzlegen.escape.views.prose import number

        n = _own(puzzle).par
        return f"{number(n)} card" + ("" if n == 1 else "s") + " left"

    def deal_text(self, seed: str, *, as_json: bool = False) -> str:
        from puzzlegen.escape import commands

        return commands.deal_text(seed, as_json=as_json)

    def solve_text(self, text: str, *, as_json: bool = False, **extras: object) -> str:
        from puzzlegen.escape import commands

        reject_extras(self, extras)
        return commands.solve_text(text, as_json=as_json)

    def solve_lines(self, lines: Iterable[str], out: TextIO, **extras: object) -> bool:
        from puzzlegen.escape import commands

        reject_extras(self, extras)
        return commands.solve_lines(lines, out)

    def position_svg(self, text: str, *, solution: bool = False, mono: bool = False,
                     size: float | None = None, **extras: object) -> str:
        from puzzlegen.escape.views.svg import position_svg

        reject_extras(self, extras)
        return position_svg(text, solution=solution, mono=mono, size=size)

    def make_puzzle(self, kind: str, seed: str, level: str | None = None) -> ep.Puzzle | None:
        """A capture seed's studies are searched for ``level`` (``generate --level``,
        the weekend days); an escape seed gives its first puzzle, of whatever level
        (the pinned weekdays were chosen so)."""
        return ep.make_puzzle(kind, seed, level if kind == ep.CAPTURE else None)

    def daily_level(self, date: dt.date) -> str:
        return schedule_for(date).weekdays[date.weekday()][1]

    def daily_candidate(self, date: dt.date, seed: str) -> ep.Puzzle | None:
        kind, level = schedule_for(date).weekdays[date.weekday()]
        return self.make_puzzle(kind, seed, level)

    def puzzle_from_json(self, data: dict[str, Any]) -> ep.Puzzle:
        return ep.puzzle_from_json(data)

    def diagram(self, puzzle: Puzzle, *, solution: bool = False, mono: bool = False,
                title: str = "") -> Diagram:
        from puzzlegen.escape.views.board import board_diagram

        own = _own(puzzle)
        if solution:
            after = own.position.apply(own.answer)
            return board_diagram(after, mono=mono, title=title or None, last=own.answer,
                                 caption=f"The answer: {own.answer}.")
        return board_diagram(own.position, mono=mono, title=title or None)

    def position_lines(self, puzzle: Puzzle) -> str:
        return puzzle.position_text  # the notation draws the board, row by row

    def solution_text(self, puzzle: Puzzle) -> str:
        from puzzlegen.escape.views.prose import answer_text

        own = _own(puzzle)
        return answer_text(own.position, own.line)

    def rules_text(self) -> list[str]:
        from puzzlegen.render.templating import render

        blocks = render("escape/how_to_play.txt.j2", book=False).split("\n\n")
        return [" ".join(b.split()) for b in blocks
                if b.strip() and not b.strip().startswith("[")]

    def rules_diagram(self, *, mono: bool = False) -> tuple[Diagram, str]:
        from puzzlegen.escape.views.board import rules_diagram

        return rules_diagram(mono=mono), (
            "The start: the Nothing square inside the Special card's cage; "
            "the ring marks White's only blank space.")

    # -- what a book adds (puzzlegen.render.book.BookGame) --------------------

    def how_to_play(
        self, *, mono: bool = False, kinds: Sequence[str] = ()
    ) -> list[str | list[tuple[Diagram, str]]]:
        from puzzlegen.escape.views import book

        return book.how_to_play(mono=mono)

    def solution_figures(self, puzzle: Puzzle, *,
                         mono: bool = False) -> list[list[tuple[Diagram, str]]]:
        """The position after each of the first plays of the answer, the play outlined."""
        from puzzlegen.escape.views import book

        return book.solution_figures(_own(puzzle), mono=mono)

    def book_diagram(self, puzzle: Puzzle, *, mono: bool = False) -> Diagram:
        """A puzzle page's board: both hands drawn as cards, the table numbered."""
        from puzzlegen.escape.views import book

        return book.puzzle_board(_own(puzzle), mono=mono)

    def hints(self, puzzle: Puzzle) -> tuple[str, str]:
        """The technique, then the card to lay and a cell (puzzlegen.render.book.HintedGame)."""
        from puzzlegen.escape.views import book

        return book.hints(_own(puzzle))

    def techniques(self, puzzle: Puzzle) -> list[str]:
        from puzzlegen.escape.views import book

        return book.techniques(_own(puzzle))

    def hint_keys(self) -> tuple[str, str]:
        from puzzlegen.escape.views import book

        return book.hint_keys()


ESCAPE = Escape()
