"""The ``prepare`` puzzle kind: which ending of a sequence keeps the game winnable?

A prepare puzzle is cut from a whole game (the seed's hint 8, see
:mod:`puzzlegen.catscradle.prepare`): a sequence start along a deal's
certified winning line where the ending, not only the number of spaces,
decides the game.  The reader sees the position and the stock in its real
order, top card first, and is asked either

* ``equal``: several endings make the most spaces; which of them keeps the
  game winnable?  (Right: a winning ending with the most spaces.)
* ``fewer``: why is fewer better here?  (Right: any winning ending; every
  one of them makes fewer spaces than the most.)

Each ending's *chance* is also computed by sampling: the share of
:data:`prepare.SAMPLES` seeded orders of the cards still to come after which
the game can still be won, which is what a player who does not know the
order can weigh.  The answer states both (:mod:`views.preparation`).

Grading.  Like the other kinds, by the weakest player of a ladder who finds
the answer: the sequence players of :data:`players.LADDER` (rungs 0-6,
hasty to the most-spaces solver; each plays its own line and finds the answer
when its line stops in a right ending), then the strong player (rung 7: it
weighs the endings over sampled orders of the unseen cards, settings pinned
here), then only the whole-game solver, which knows the order (rung 8).
:data:`RUNG_LEVELS` maps the rung to the level.

The puzzle for a seed: the deal of the seed, its prepare choices along the
certified line, and one of them chosen by a stream seeded by the seed.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from puzzlegen.cards import parse_cards
from puzzlegen.catscradle.cards import Card
from puzzlegen.catscradle.position import Deal, Position
from puzzlegen.catscradle.prepare import (
    SAMPLES,
    Choice,
    Ending,
    choices_in,
    classify,
    endings,
    line_to,
    with_chances,
)
from puzzlegen.catscradle.solver import Line
from puzzlegen.errors import InvalidInputError
from puzzlegen.rng import SeededStream

KIND = "prepare"
#: What a prepare puzzle's question turns on (the game's tags add these to puzzle.TAGS).
TAGS = ("same-spaces", "fewer-spaces")

#: The ladder of a prepare puzzle, weakest first; a puzzle's grade is the first who
#: stops in a right ending, and its level is the grade's rung (one level a rung).
LADDER_NAMES = ("most-spaces", "next-deal", "strong", "knows-the-stock")
RUNG_LEVELS = ("Easy", "Medium", "Hard", "Expert")
assert len(RUNG_LEVELS) == len(LADDER_NAMES)

#: The strong player's settings for grading, pinned (a catalogued grade never changes).
STRONG_SAMPLES = 12
STRONG_WIDTH = 12

LEVEL_RULES = (
    "Prepare puzzles (which ending keeps the game winnable?) are graded by the weakest "
    "of four players who stops in a right ending: Easy, the most-spaces line (the "
    "stock not looked at); Medium, the ending after which the next sequence, dealt "
    "from the stock as shown, makes the most spaces; Hard, the strong player, who "
    "weighs the endings over sampled orders of the cards to come; Expert, only "
    "reading the whole stock's order finds it."
)


def _heights(position: Position) -> tuple[int, ...]:
    return tuple(len(s) for s in position.cells)


@dataclass(frozen=True)
class PreparePuzzle:
    """A graded prepare puzzle.  Build with :func:`make_prepare` or :func:`prepare_from_json`."""

    choice: Choice
    seed: str | None = None

    kind = KIND

    @property
    def game(self) -> str:
        return "cats-cradle"

    @property
    def question(self) -> str:
        """``"equal"`` or ``"fewer"``."""
        return self.choice.kind

    @property
    def position(self) -> Position:
        return self.choice.start

    @property
    def stock(self) -> tuple[Card, ...]:
        return self.choice.stock

    @property
    def number(self) -> int:
        """The sequence of the game the puzzle starts (1: the first layout)."""
        return self.choice.number

    def right(self, ending: Ending) -> bool:
        """Whether ``ending`` answers the question."""
        if not ending.wins:
            return False
        return self.question == "fewer" or ending.created == self.choice.most

    @cached_property
    def answers(self) -> tuple[Ending, ...]:
        """The right endings, the answer's own (highest chance, then most spaces) first."""
        right = [e for e in self.choice.endings if self.right(e)]
        return tuple(sorted(right, key=lambda e: (-e.chance, -e.created)))

    @property
    def best(self) -> Line:
        """The moves to the answer's ending."""
        return line_to(self.choice, self.answers[0])

    @property
    def par(self) -> int:
        """Spaces the answer's ending makes."""
        return self.answers[0].created

    def ending_of(self, final: Position) -> Ending | None:
        """The ending a line stopping at ``final`` reaches (endings are told apart by their
        stacks' heights, as the solver tells end positions apart), or None if it is not one."""
        heights = _heights(final)
        for ending in self.choice.endings:
            if _heights(ending.final) == heights:
                return ending
        return None

    def _next_deal(self) -> Ending:
        """The ending after which the next sequence, its spaces dealt from the stock as
        shown, makes the most spaces (using the stock up counts 16); ties: more spaces now,
        then the solver's order."""
        from puzzlegen.catscradle.solver import best_line

        def score(ending: Ending) -> tuple[int, int]:
            filled, left = ending.final.fill(self.stock)
            made = 16 if not left else best_line(filled).spaces - filled.spaces
            return (16 if made >= len(left) else made), ending.created

        return max(self.choice.endings, key=score)

    @cached_property
    def rung(self) -> int:
        """The index in :data:`LADDER_NAMES` of the weakest player who stops in a right ending."""
        from puzzlegen.catscradle.gameplayers import StockView, StrongPlayer
        from puzzlegen.catscradle.solver import best_line

        most = self.ending_of(best_line(self.position).final)
        if most is not None and self.right(most):
            return 0
        if self.right(self._next_deal()):
            return 1
        # Every setting pinned (slack too): the defaults follow the research, and a
        # published Sunday's grade must never change with them.
        strong = StrongPlayer(
            seed=str(self.seed), samples=STRONG_SAMPLES, width=STRONG_WIDTH, method="solve",
            slack=16,
        )
        view = StockView(self.number, self.position, (), frozenset(self.stock))
        chosen = self.ending_of(strong.choose(view).final)
        if chosen is not None and self.right(chosen):
            return 2
        return 3

    @property
    def grade(self) -> str:
        return LADDER_NAMES[self.rung]

    @property
    def level(self) -> str:
        return RUNG_LEVELS[self.rung]

    @property
    def publishable(self) -> bool:
        """Always: an answer is a sequence that makes at least one space."""
        return True

    @property
    def tags(self) -> tuple[str, ...]:
        """``same-spaces`` or ``fewer-spaces``: what the question turns on."""
        return ("same-spaces",) if self.question == "equal" else ("fewer-spaces",)

    @property
    def description(self) -> str:
        from puzzlegen.catscradle.puzzle import describe

        return (
            describe(self.position)
            + ":"
            + "".join(("T" if c.rank == 10 else str(c)[:-1]) + c.suit.value for c in self.stock)
        )

    @property
    def key(self) -> str:
        """The position and the stock's order: another stock is another puzzle."""
        return f"{KIND}:{self.description}"

    @property
    def id(self) -> str:
        digest = hashlib.sha256(self.key.encode()).digest()
        return "CP-" + base64.b32encode(digest).decode()[:10]

    @property
    def position_text(self) -> str:
        return str(self.position)

    @property
    def stock_text(self) -> str:
        return " ".join(str(c) for c in self.stock)

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "game": self.game,
            "kind": self.kind,
            "question": self.question,
            "seed": self.seed,
            "sequence": self.number,
            "position": self.position_text,
            "stock": [str(c) for c in self.stock],
            "par": self.par,
            "level": self.level,
            "grade": self.grade,
            "tags": list(self.tags),
            "samples": self.choice.samples,
            "endings": [
                {
                    "heights": list(_heights(e.final)),
                    "spaces": e.created,
                    "wins": e.wins,
                    "right": self.right(e),
                    "chance": e.chance,
                    "line": [m.to_json() for m in line_to(self.choice, e).moves],
                }
                for e in self.choice.endings
            ],
            "line": [m.to_json() for m in self.best.moves],
            "key": self.key,
        }


def _choose(choices: list[Choice], seed: str) -> Choice:
    return choices[SeededStream("cats-cradle/prepare-pick", seed).below(len(choices))]


def make_prepare(seed: str) -> PreparePuzzle | None:
    """The prepare puzzle of ``seed``: one of the prepare choices along the certified line
    of the seed's deal, chosen by the seed; None when the deal holds none (a lost deal
    holds none: it has no certified line)."""
    found = list(choices_in(Deal.from_seed(seed)))
    if not found:
        return None
    return PreparePuzzle(with_chances(_choose(found, seed), seed, SAMPLES), seed)


def from_parts(
    position: Position, stock: tuple[Card, ...], number: int, seed: str | None
) -> PreparePuzzle:
    """The prepare puzzle of a sequence start and the stock in its order.

    Raises :class:`InvalidInputError` when the ending does not decide the game there.
    """
    found = endings(position, stock)
    kind = classify(found)
    if kind is None:
        raise InvalidInputError(
            "no prepare puzzle here: the endings do not differ in keeping the game winnable "
            f"({position})"
        )
    choice = Choice(number, position, stock, tuple(found), kind)
    return PreparePuzzle(with_chances(choice, str(seed), SAMPLES), seed)


def prepare_from_json(data: dict[str, Any]) -> PreparePuzzle:
    """Rebuild a prepare puzzle from its JSON (its position, stock, sequence and seed)."""
    position = Position.parse(data["position"])
    stock = parse_cards(list(data["stock"]), "the stock")
    number = data["sequence"]
    if not isinstance(number, int) or number < 1:
        raise ValueError(f"'sequence' is {number!r}, not a sequence number")
    return from_parts(position, stock, number, data.get("seed"))
