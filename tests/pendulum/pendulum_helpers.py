"""Helpers shared by Pendulum's tests: seeded play, small positions, an oracle."""

from __future__ import annotations

from collections.abc import Iterator

from puzzlegen.cards import FULL_PACK, SUITS, Card
from puzzlegen.pendulum.methods import METHODS, Method
from puzzlegen.pendulum.position import CELLS, LEFT, RIGHT, Deal, Pile, Position
from puzzlegen.rng import SeededStream


def deal_with(placed: dict[tuple[int, int], str]) -> Deal:
    """A deal with the given cards at the given cells and the rest in pack order."""
    cards: list[Card | None] = [None] * CELLS
    for (r, c), text in placed.items():
        cards[r * 8 + c] = Card.parse(text)
    rest = iter(c for c in FULL_PACK if c.rank != 1 and c not in cards)
    return Deal(tuple(c if c is not None else next(rest) for c in cards))


def playout(position: Position, seed: int | str, steps: int = 400) -> Iterator[Position]:
    """Positions of a game played with seeded random legal moves."""
    stream = SeededStream("test-pendulum-playout", seed)
    yield position
    for _ in range(steps):
        moves = position.legal_moves()
        if not moves:
            return
        position = position.play(moves[stream.below(len(moves))])
        yield position


def small_position(seed: int, cards_left: int = 12) -> Position:
    """A random position late in a game: few cards left, in single cards and
    short piles scattered over the six rows, with gaps."""
    stream = SeededStream("test-pendulum-small", seed)
    method = METHODS[stream.below(12)]
    remaining: list[list[Card]] = []
    budget = cards_left
    for n, suit in enumerate(SUITS):
        left = stream.below(min(budget, 12) + 1) if n < 3 else min(budget, 12)
        budget -= left
        order = method.order
        remaining.append([Card(order[i], suit) for i in range(13 - left, 13)])
    piles: list[Pile] = []
    for suit_cards in remaining:
        # Cut each suit's remaining run into pieces; a piece may become one pile.
        cards = list(suit_cards)
        while cards:
            take = 1 + (stream.below(3) == 0) * stream.below(len(cards))
            piece, cards = cards[:take], cards[take:]
            if len(piece) > 1:
                piles.append(tuple(reversed(piece)))  # base (latest) first
            else:
                piles.append((piece[0],))
    stream.shuffle(piles)
    cells: list[Pile] = [()] * CELLS
    # Crowd the piles into a few columns so that they cover each other.
    cols = min(8, max(2 + stream.below(4), (len(piles) + 5) // 6 + 1))
    first = stream.below(9 - cols)
    free = [r * 8 + c for r in range(6) for c in range(first, first + cols)]
    stream.shuffle(free)
    for pile, cell in zip(piles, free, strict=False):
        cells[cell] = pile
    side = RIGHT if stream.below(2) == 0 else LEFT
    return Position(method, tuple(cells), side, stream.below(2))


def oracle(position: Position, budget: int = 200_000) -> tuple[bool, int | None] | None:
    """Won or lost by plain exhaustive search of the rules module, and the fewest
    swings of a win; None if the search needs more than ``budget`` positions.

    Breadth first over the number of swings: all positions reachable with k
    swings, then k + 1.  Nothing clever: every legal move of every position.
    """
    seen: set[Position] = {position}
    level = [position]
    swings = 0
    while level:
        after_swing: list[Position] = []
        stack = list(level)
        while stack:
            p = stack.pop()
            if p.won:
                return True, swings
            for move in p.legal_moves():
                q = p.play(move)
                if q in seen:
                    continue
                seen.add(q)
                if len(seen) > budget:
                    return None
                (after_swing if move.kind == "swing" else stack).append(q)
        level = after_swing
        swings += 1
    return False, None


def method_named(name: str) -> Method:
    return Method.parse(name)


def trimmed_deal(seed: int, cards_left: int = 12) -> Position:
    """A real deal late in a game: the first cards of each suit's order are
    out, the rest lie where they were dealt, so rows have gaps to close."""
    stream = SeededStream("test-pendulum-trimmed", seed)
    deal = Deal.from_seed(f"trimmed-{seed}")
    method = METHODS[stream.below(12)]
    left = [0, 0, 0, 0]
    for _ in range(cards_left):
        open_suits = [s for s in range(4) if left[s] < 12]
        left[open_suits[stream.below(len(open_suits))]] += 1
    keep = {
        Card(method.order[i], suit)
        for s, suit in enumerate(SUITS)
        for i in range(13 - left[s], 13)
    }
    cells = tuple((c,) if c in keep else () for c in deal.cards)
    return Position(method, cells)
