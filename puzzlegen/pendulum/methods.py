"""Pendulum's twelve building methods (PENDULUM.md, "Cards and building methods").

A method is a step ``s`` from 1 to 12: each foundation is built in suit from
its ace by adding ``s`` to the value each time, round the circle 1 … 13.
Building up by ``s`` is the same order as building down by ``13 - s``, so the
name of a method is ``up-s`` for ``s`` ≤ 6 and ``down-d`` (``d = 13 - s``)
otherwise.  Input also takes ``up-7`` … ``up-12`` and ``down-7`` …
``down-12`` and normalises them (``up-11`` is ``down-2``).

Inside the solver a card is known by its *index* in its suit's order: 0 for
the ace, 12 for the crown.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from puzzlegen.cards import Card
from puzzlegen.errors import InvalidInputError


class MethodError(InvalidInputError):
    """A method name is not one of Pendulum's building methods."""


_NAME_RE = re.compile(r"(up|down)[-_ ]?(\d{1,2})")


@dataclass(frozen=True, slots=True, order=True)
class Method:
    """A building method, by its step up (1 to 12).

    >>> Method.parse("up-11")
    Method.parse('down-2')
    >>> Method.parse("up-3").order
    (1, 4, 7, 10, 13, 3, 6, 9, 12, 2, 5, 8, 11)
    """

    step: int

    def __post_init__(self) -> None:
        if not (isinstance(self.step, int) and 1 <= self.step <= 12):
            raise MethodError(f"a method's step must be 1 to 12, got {self.step!r}")

    @classmethod
    def parse(cls, text: str) -> Method:
        """Read ``up-3``, ``down-2``, ``UP-11`` (normalised to ``down-2``)."""
        match = _NAME_RE.fullmatch(text.strip().lower())
        if match is None or not 1 <= int(match[2]) <= 12:
            raise MethodError(
                f"unknown method {text!r}: expected up-1 … up-6 or down-1 … down-6"
                " (up-7 … up-12 and down-7 … down-12 are read too: up-9 is down-4)"
            )
        n = int(match[2])
        return cls(n if match[1] == "up" else 13 - n)

    @property
    def name(self) -> str:
        return f"up-{self.step}" if self.step <= 6 else f"down-{13 - self.step}"

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"Method.parse({self.name!r})"

    @property
    def order(self) -> tuple[int, ...]:
        """The 13 values of a suit in building order, ace first."""
        return tuple(1 + (i * self.step) % 13 for i in range(13))

    def index(self, card: Card) -> int:
        """Where ``card`` comes in its suit's order: 0 for the ace, 12 for the crown."""
        return _INDEX[self.step][card.rank]

    @property
    def indexes(self) -> dict[int, int]:
        """:meth:`index` by rank: value (1 to 13) -> place in the order."""
        return _INDEX[self.step]

    def value_at(self, index: int) -> int:
        """The value of the card at ``index`` in the order."""
        return 1 + (index * self.step) % 13

    def next(self, card: Card) -> Card | None:
        """The card of the same suit after ``card`` in the order (None after the crown)."""
        i = self.index(card)
        return None if i == 12 else Card(self.value_at(i + 1), card.suit)

    @property
    def crown_value(self) -> int:
        """The value of each suit's last card (13 for ``up-1``, 2 for ``down-1``)."""
        return self.value_at(12)

    def is_crown(self, card: Card) -> bool:
        return card.rank == self.crown_value


_INDEX = {
    step: {1 + (i * step) % 13: i for i in range(13)} for step in range(1, 13)
}

#: The twelve methods in their printed order: up-1 … up-6, down-1 … down-6.
METHODS: tuple[Method, ...] = tuple(
    [Method(s) for s in range(1, 7)] + [Method(13 - d) for d in range(1, 7)]
)
