"""The whole game of the day: a deal of Cat's Cradle certified winnable, and its winning line.

The deal for a date depends on the date alone: candidates are the deals of
the seeds ``game-YYYY-MM-DD-0``, ``-1``, ... and the first one a certifier
wins is the day's.  Its winning line (each sequence's moves and the cards
dealt into its spaces) travels with the day's page, and :func:`replay`
checks it against the rules: the page's "show me" plays it, and a test
replays every pinned day's line to a win.

A date's seeds are its own, so two dates share a deal only by an
astronomically unlikely shuffle.
"""

from __future__ import annotations

import datetime as dt
import hashlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from puzzlegen.catscradle.cards import Card
from puzzlegen.catscradle.position import Deal, Move, Position
from puzzlegen.errors import InvalidInputError

#: The kind of a whole-game day, in its JSON.
KIND = "whole-game"


@dataclass(frozen=True, slots=True)
class Played:
    """One sequence of a line: its moves from the full layout, and the cards dealt after."""

    moves: tuple[Move, ...]
    dealt: tuple[Card, ...]
    #: The spaces the sequence created.
    spaces: int
    #: What the strong player (who sees the cards dealt so far, not the stock's
    #: order) would play from the same start: the page's hints.
    strong: tuple[Move, ...] = ()


@dataclass(frozen=True, slots=True)
class GameDay:
    """A date's deal and a line that wins it."""

    date: dt.date
    seed: str
    deal: Deal
    line: tuple[Played, ...]
    #: Who found the line ("perfect": the whole-game solver; "expert": most-spaces play).
    certifier: str

    @property
    def id(self) -> str:
        """A short name of the deal, for people: the first hex digits of its hash."""
        return hashlib.sha256(str(self.deal).encode()).hexdigest()[:8]

    def to_json(self) -> dict[str, Any]:
        return {
            "game": "cats-cradle",
            "kind": KIND,
            "date": self.date.isoformat(),
            "weekday": self.date.strftime("%A"),
            "id": self.id,
            "seed": self.seed,
            "deal": [str(c) for c in self.deal.cards],
            "certifier": self.certifier,
            "sequences": len(self.line),
            "line": [
                {
                    "moves": [m.to_json() for m in s.moves],
                    "spaces": s.spaces,
                    "dealt": [str(c) for c in s.dealt],
                    "strong": [m.to_json() for m in s.strong],
                }
                for s in self.line
            ],
        }


#: A certifier: the winning line of a deal as (moves, dealt) per sequence, or None.
Certifier = Callable[[Deal], Sequence[tuple[Sequence[Move], Sequence[Card]]] | None]


def perfect_certifier(deal: Deal) -> list[tuple[list[Move], list[Card]]] | None:
    """The whole-game solver's certified line (the stock's order known), if the deal is won."""
    from puzzlegen.catscradle.gamesolver import solve_deal

    solution = solve_deal(deal)
    if not solution.won:
        return None
    return [(list(turn.line.moves), list(turn.dealt)) for turn in solution.turns]


def expert_certifier(deal: Deal) -> list[tuple[list[Move], list[Card]]] | None:
    """The most-spaces player's game when it wins the deal (a sufficient certificate)."""
    from puzzlegen.catscradle.wholegame import play

    turns = list(play(deal))
    if not turns[-1].won:
        return None
    stock = list(deal.stock)
    line = []
    for turn in turns:
        dealt = stock[: turn.created]
        del stock[: turn.created]
        line.append((list(turn.line.moves), dealt))
    return line


def replay(deal: Deal, line: Sequence[tuple[Sequence[Move], Sequence[Card]]]) -> list[Played]:
    """Check that ``line`` wins ``deal`` under the rules; the line as :class:`Played` values.

    Each sequence must start from the position the previous one left, end in
    a position from which no series of moves creates another space, create
    at least one space, and deal exactly the stock's next cards; the last
    must use the stock up.  Raises :class:`ValueError` naming the first fault.
    """
    from puzzlegen.catscradle.solver import best_line

    position: Position = deal.layout
    stock = list(deal.stock)
    checked = []
    for number, (moves, dealt) in enumerate(line, 1):
        if not stock:
            raise ValueError(f"sequence {number} comes after the stock is used up")
        start = position
        for _, _, after in position.replay(moves):
            position = after
        created = position.spaces - start.spaces
        if created <= 0:
            raise ValueError(f"sequence {number} creates no space")
        if best_line(position).spaces != position.spaces:
            raise ValueError(f"sequence {number} stops where a move could still make a space")
        expected = stock[: position.spaces]
        if list(dealt) != expected:
            raise ValueError(f"sequence {number} deals {list(map(str, dealt))}, not {expected}")
        position, left = position.fill(stock)
        stock = list(left)
        checked.append(Played(tuple(moves), tuple(dealt), created))
    if stock:
        raise ValueError(f"the line ends with {len(stock)} card(s) still in the stock")
    return checked


#: Candidate deals tried per date before giving up (never reached: about half of all deals win).
MAX_CANDIDATES = 1000


def game_day(date: dt.date, certify: Certifier | None = None, certifier: str = "") -> GameDay:
    """The whole game of ``date``: the first candidate deal ``certify`` wins."""
    if certify is None:
        certify, certifier = default_certifier()
    for index in range(MAX_CANDIDATES):
        seed = f"game-{date.isoformat()}-{index}"
        deal = Deal.from_seed(seed)
        line = certify(deal)
        if line is not None:
            played = with_strong_hints(deal, replay(deal, line), seed)
            return GameDay(date, seed, deal, tuple(played), certifier)
    raise InvalidInputError(  # pragma: no cover - would need 1000 lost deals in a row
        f"no winnable deal among {MAX_CANDIDATES} candidates for {date.isoformat()}"
    )


def default_certifier() -> tuple[Certifier, str]:
    """The certifier daily games use: the perfect-information solver."""
    return perfect_certifier, "perfect"


def with_strong_hints(deal: Deal, line: Sequence[Played], seed: str) -> list[Played]:
    """``line`` with, for each sequence, the strong player's own choice from its start.

    The strong player sees the layout and the cards dealt so far, and knows
    which cards are still to come but not their order (its view holds no
    order to read); it is seeded by the day's seed, so the hints are the same
    on every machine.
    """
    from dataclasses import replace

    from puzzlegen.catscradle.gameplayers import StockView, StrongPlayer

    # The hints' settings are pinned here, not taken from the strong player's
    # defaults: those follow the research (docs/whole-game-research.md), and a
    # published day's hints must never change with them.
    player = StrongPlayer(seed=str(seed), samples=12, width=12, method="solve", slack=16)
    position, stock = deal.layout, list(deal.stock)
    seen: list[Card] = []
    hinted = []
    for number, played in enumerate(line, 1):
        view = StockView(number, position, tuple(seen), frozenset(stock))
        hinted.append(replace(played, strong=player.choose(view).moves))
        final = position
        for _, _, after in position.replay(played.moves):
            final = after
        position, left = final.fill(stock)
        seen += played.dealt
        stock = list(left)
    return hinted
