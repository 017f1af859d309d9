"""Deals from a pack gathered after a game and shuffled by hand (research).

The project's seeded deals are uniform: every order of the pack equally
likely.  A person at the table deals the next game from the cards of the
last one, gathered up and shuffled a few times.  At the end of a game the
layout holds builds (descending runs in alternate colours) and the stock's
undealt cards; a few riffle or overhand shuffles leave parts of those runs
together, so the next layout holds cards that build on their neighbours.
This module measures what that does to the win rates
(``benchmarks/bench_tabledeals.py``, ``docs/whole-game-research.md``, sixth
round (a)).  It never changes the project's seeded deals.

A pack is a tuple of 52 cards, top card first: the order a :class:`Deal`
deals them (the 16 of the layout, then the stock's top card first).

Gathering rules (:data:`GATHER_RULES`), for a layout whose cards lie face
up and a stock lying face down:

``rows``
    The stacks are picked up cell by cell in cell order (row by row), each
    one dropped face up on the pile in hand, so the last cell's stack ends
    on top; the pile is turned face down and put on top of the stock's
    remainder.  Turned over, the pack's top card is cell 0's bottom card:
    stacks in cell order, each from its bottom card (the highest rank) to
    its top card, then the stock's remainder in its own order.
``columns``
    The stacks are swept up column by column (cells 0, 4, 8, 12, 1, 5, ...),
    each from its top card to its bottom card, and the stock's remainder
    goes on top: the remainder first, then the stacks.  No face-up sweep
    turned over gives this order (it deals each stack's top card first); it
    is here as a contrast.
``columns-up``
    As ``columns``, but each stack from its bottom card to its top card, as
    ``rows`` does: it differs from ``columns`` only in each stack's
    orientation, and from ``rows`` only in the stacks' order and where the
    stock's remainder goes.

Shuffles, each driven only by a :class:`puzzlegen.rng.SeededStream`:

``riffle`` (Gilbert-Shannon-Reeds)
    The pack is cut after ``c`` cards, ``c`` binomial(52, 1/2) (52 fair
    coins); the two packets are interleaved, each card taken from a packet
    with probability proportional to the cards it has left.
``overhand`` (Pemantle's model)
    Each of the 51 gaps between neighbouring cards is a break with
    probability 1/6 (packets of about six cards); the packets are moved one
    by one from the top of the hand to a pile in the other hand, each on top
    of the last, so their order is reversed and each keeps its own.
``uniform``
    Fisher-Yates (:meth:`SeededStream.shuffle`): every order equally likely,
    the baseline.

Every deal is cut once before it is dealt (:func:`cut`): the top ``c``
cards go to the bottom, ``c`` uniform from 16 to 36 (a cut near the middle).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass

from puzzlegen.catscradle.cards import Card
from puzzlegen.catscradle.gameplayers import GamePlayer, GameRecord, play_game
from puzzlegen.catscradle.position import Deal, Position
from puzzlegen.errors import InvalidInputError
from puzzlegen.rng import SeededStream

__all__ = [
    "GATHER_RULES",
    "SHUFFLES",
    "Pack",
    "ShuffleModel",
    "cut",
    "gather",
    "next_deal",
    "overhand",
    "play_session",
    "riffle",
    "rising_sequences",
    "shuffle_pack",
]

Pack = tuple[Card, ...]

#: The gathering rules :func:`gather` knows (see the module docstring).
GATHER_RULES: tuple[str, ...] = ("rows", "columns", "columns-up")
#: The shuffles :func:`shuffle_pack` knows.
SHUFFLES: tuple[str, ...] = ("riffle", "overhand", "uniform")

#: The stream domain of the shuffles and cuts between games.
DOMAIN = "cats-cradle/table-shuffle"
#: A gap between two cards is an overhand shuffle's break with probability 1 / this.
OVERHAND_BREAK = 6
#: The least and most cards a cut moves from the top to the bottom.
CUT_LOW, CUT_HIGH = 16, 36

_COLUMN_ORDER = tuple(c * 4 + r for r in range(4) for c in range(4))


def gather(end: Position, stock: Sequence[Card], rule: str = "rows") -> Pack:
    """The pack gathered from a game's end position ``end`` and its undealt ``stock``.

    ``stock`` is the stock's remainder, top card first (empty after a win).
    ``rule`` is one of :data:`GATHER_RULES`.

    >>> from puzzlegen.catscradle.gameplayers import play_game
    >>> last = play_game(Deal.from_seed(2), "expert").turns[-1]
    >>> last.filled.cells[0], last.stock
    ((Card.parse('4D'), Card.parse('3S'), Card.parse('2D'), Card.parse('AC'), Card.parse('KH')), ())
    >>> [str(c) for c in gather(last.filled, last.stock)[:6]]
    ['4D', '3S', '2D', 'AC', 'KH', '4C']
    """
    if rule == "rows":
        pack = [card for stack in end.cells for card in stack]
        pack.extend(stock)
    elif rule in ("columns", "columns-up"):
        pack = list(stock)
        for cell in _COLUMN_ORDER:
            stack = end.cells[cell]
            pack.extend(reversed(stack) if rule == "columns" else stack)
    else:
        raise InvalidInputError(
            f"unknown gathering rule {rule!r} (choose from {', '.join(GATHER_RULES)})"
        )
    if len(pack) != 52 or len(set(pack)) != 52:
        raise InvalidInputError(
            f"a game's end and stock hold 52 distinct cards, got {len(set(pack))} of {len(pack)}"
        )
    return tuple(pack)


def riffle(pack: Sequence[Card], stream: SeededStream) -> Pack:
    """One Gilbert-Shannon-Reeds riffle shuffle of ``pack`` (top card first)."""
    n = len(pack)
    split = sum(stream.below(2) for _ in range(n))
    left, right = pack[:split], pack[split:]
    out: list[Card] = []
    i = j = 0
    while i < len(left) or j < len(right):
        a, b = len(left) - i, len(right) - j
        if stream.below(a + b) < a:
            out.append(left[i])
            i += 1
        else:
            out.append(right[j])
            j += 1
    return tuple(out)


def overhand(pack: Sequence[Card], stream: SeededStream) -> Pack:
    """One overhand shuffle of ``pack`` (Pemantle's model, see the module docstring)."""
    packets: list[Sequence[Card]] = []
    start = 0
    for gap in range(1, len(pack)):
        if stream.below(OVERHAND_BREAK) == 0:
            packets.append(pack[start:gap])
            start = gap
    packets.append(pack[start:])
    return tuple(card for packet in reversed(packets) for card in packet)


def cut(pack: Sequence[Card], stream: SeededStream) -> Pack:
    """``pack`` cut once: its top ``c`` cards moved under the rest, ``c`` in 16..36."""
    c = CUT_LOW + stream.below(CUT_HIGH - CUT_LOW + 1)
    return (*pack[c:], *pack[:c])


def shuffle_pack(pack: Sequence[Card], kind: str, times: int, stream: SeededStream) -> Pack:
    """``pack`` after ``times`` shuffles of ``kind`` (:data:`SHUFFLES`), then one cut."""
    if kind not in SHUFFLES:
        raise InvalidInputError(f"unknown shuffle {kind!r} (choose from {', '.join(SHUFFLES)})")
    if times < 0:
        raise InvalidInputError(f"a number of shuffles is 0 or more, got {times}")
    cards = tuple(pack)
    if kind == "uniform":
        order = list(cards)
        stream.shuffle(order)
        cards = tuple(order)
    else:
        once = riffle if kind == "riffle" else overhand
        for _ in range(times):
            cards = once(cards, stream)
    return cut(cards, stream)


def rising_sequences(pack: Sequence[Card], original: Sequence[Card]) -> int:
    """How many rising sequences ``pack`` has with respect to ``original``.

    A rising sequence is a maximal run of consecutive cards of ``original``
    (positions p, p+1, ...) that appear in that relative order in ``pack``.
    One riffle of any pack leaves at most two; a uniform order about half of
    the cards.
    """
    where = {card: i for i, card in enumerate(pack)}
    positions = [where[card] for card in original]
    return 1 + sum(1 for p, q in itertools.pairwise(positions) if q < p)


@dataclass(frozen=True, slots=True)
class ShuffleModel:
    """How a person turns one game's end into the next game's deal."""

    kind: str = "riffle"
    times: int = 3
    gather: str = "rows"

    def __post_init__(self) -> None:
        if self.kind not in SHUFFLES:
            raise InvalidInputError(
                f"unknown shuffle {self.kind!r} (choose from {', '.join(SHUFFLES)})"
            )
        if self.gather not in GATHER_RULES:
            raise InvalidInputError(
                f"unknown gathering rule {self.gather!r} (choose from {', '.join(GATHER_RULES)})"
            )
        if self.times < 0:
            raise InvalidInputError(f"a number of shuffles is 0 or more, got {self.times}")

    @property
    def label(self) -> str:
        if self.kind == "uniform":
            return "uniform"
        return f"{self.kind} x{self.times} ({self.gather})"


def next_deal(
    end: Position, stock: Sequence[Card], model: ShuffleModel, session: int | str, game: int
) -> Deal:
    """The deal of game ``game + 1`` of ``session`` after game ``game`` ended in ``end``.

    The shuffles' stream is seeded by the model, the session and the game's
    number alone: the same end gives the same next deal, whoever played it.
    """
    stream = SeededStream(DOMAIN, f"{model.kind}/{model.times}/{session}/{game}")
    pack = gather(end, stock, model.gather)
    return Deal(shuffle_pack(pack, model.kind, model.times, stream))


def play_session(
    player: str | GamePlayer, model: ShuffleModel, games: int, session: int, *, seed: int | str = 0
) -> list[GameRecord]:
    """``games`` consecutive games at one table, all played by ``player``.

    Game 1 is the seeded uniform deal ``Deal.from_seed(session)``; each later
    game is dealt from the last one's end, gathered and shuffled by
    ``model`` (:func:`next_deal`).  ``seed`` seeds a strong player's sampling.
    """
    if games < 1:
        raise InvalidInputError(f"a session has at least one game, got {games}")
    deal = Deal.from_seed(session)
    records: list[GameRecord] = []
    for game in range(1, games + 1):
        record = play_game(deal, player, seed=seed)
        records.append(record)
        if game < games:
            last = record.turns[-1]
            deal = next_deal(last.filled, last.stock, model, session, game)
    return records
