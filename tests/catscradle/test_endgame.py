"""The exact late game: agrees with a brute force over every order of the unseen cards."""

from __future__ import annotations

import itertools
from functools import cache

import pytest
from late import late_position, unseen_cards

from puzzlegen.catscradle import _pycore, core
from puzzlegen.catscradle.endgame import FACTORIAL, Endgame, cells_of, unseen_counts
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import CARD_INDEX, layout


def _fill(end: bytes, cards: tuple[int, ...]) -> bytes:
    """``end`` (real cards) with its spaces filled in cell order by ``cards``."""
    stacks = _pycore.split_layout(end)
    at = 0
    for i in range(16):
        if not stacks[i]:
            stacks[i] = [cards[at]]
            at += 1
    return bytes([len(s) for s in stacks] + [c for s in stacks for c in s])



@cache
def _brute(encoded: bytes, orders: tuple[tuple[int, ...], ...], most: bool = False) -> int:
    """How many of ``orders`` the best non-anticipative policy wins from ``encoded``
    (with ``most``, the best of those that stop every sequence with the most spaces).

    ``orders`` are the orders of the real cards still to come that agree with
    everything dealt so far (the player cannot tell them apart), so the
    player makes one choice for all of them: the end that, with each
    revealed fill's orders played on separately, wins the most.  Real cards,
    no classes, no fill weights and no memo of values across orders: written
    apart from the module under test.
    """
    ends = _creating(encoded)
    if most and ends:
        top = max(e[:16].count(0) for e in ends)
        ends = [e for e in ends if e[:16].count(0) == top]
    return max((_brute_end(end, orders, most) for end in ends), default=0)


def _creating(encoded: bytes) -> list[bytes]:
    return [e for e in core.end_layouts(encoded) if e[:16].count(0) > 0]


def _brute_end(end: bytes, orders: tuple[tuple[int, ...], ...], most: bool = False) -> int:
    spaces = end[:16].count(0)
    if spaces >= len(orders[0]):
        return len(orders)
    revealed: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
    for order in orders:
        revealed.setdefault(order[:spaces], []).append(order[spaces:])
    return sum(_brute(_fill(end, fill), tuple(rest), most) for fill, rest in revealed.items())


# Positions on the perfect lines of seeded deals with 4-6 cards left, whose
# ends differ in value and where the best is neither a sure win nor a sure loss.
CASES = [(2, 10), (26, 18), (31, 11), (54, 14)]


@pytest.mark.parametrize(("seed", "number"), CASES)
def test_every_end_agrees_with_the_brute_force(seed: int, number: int) -> None:
    encoded = late_position(seed, number)
    cards = unseen_cards(encoded)
    orders = tuple(itertools.permutations(cards))
    values = Endgame(limit=len(cards)).end_values(encoded)
    assert values is not None and len(values) >= 2
    ends = core.end_layouts(encoded)
    for value in values:
        assert value.orders == FACTORIAL[len(cards)] == len(orders)
        assert value.wins == _brute_end(ends[value.index], orders)
    # Not a trivial case: the ends differ, and the best is neither sure nor hopeless.
    assert len({v.wins for v in values}) > 1
    assert 0 < max(v.wins for v in values) < len(orders)
    assert Endgame(limit=len(cards)).value(encoded) == _brute(encoded, orders) / len(orders)


@pytest.mark.parametrize(("seed", "number"), CASES)
def test_no_better_than_knowing_the_order(seed: int, number: int) -> None:
    """V is at most the share of orders the perfect-information solver wins."""
    encoded = late_position(seed, number)
    cards = unseen_cards(encoded)
    known = sum(core.solve_game(encoded, bytes(o))[0] for o in itertools.permutations(cards))
    value = Endgame(limit=len(cards)).value(encoded)
    assert value is not None and value <= known / FACTORIAL[len(cards)]


@pytest.mark.parametrize(("seed", "number"), CASES)
def test_the_best_end_is_the_most_orders_won(seed: int, number: int) -> None:
    encoded = late_position(seed, number)
    values = Endgame(limit=6).end_values(encoded)
    best = Endgame(limit=6).best_end(encoded)  # a search that gives up on hopeless ends
    assert values is not None and best is not None
    assert best.wins == max(v.wins for v in values)
    # Ties go to more spaces, then to the first end.
    tied = [v for v in values if v.wins == best.wins]
    assert best == max(tied, key=lambda v: (v.spaces, -v.index))


def test_beyond_the_limit_there_is_no_value() -> None:
    encoded = layout(Deal.from_seed(0).layout)
    assert Endgame(limit=35).value(encoded) is None
    assert Endgame(limit=35).end_values(encoded) is None


def test_the_unseen_cards_are_the_cards_not_in_the_layout() -> None:
    deal = Deal.from_seed(3)
    counts = unseen_counts(cells_of(layout(deal.layout)))
    stock = [CARD_INDEX[c] >> 1 for c in deal.stock]
    assert counts == [stock.count(c) for c in range(26)]


def test_the_memo_changes_no_answer() -> None:
    encoded = late_position(31, 11)
    shared = Endgame(limit=6, max_memo=3)  # cleared again and again
    assert shared.end_values(encoded) == Endgame(limit=6).end_values(encoded)


@pytest.mark.parametrize(("seed", "number"), CASES)
def test_one_ends_value_is_its_worth_among_all_ends(seed: int, number: int) -> None:
    encoded = late_position(seed, number)
    values = Endgame(limit=6).end_values(encoded)
    assert values is not None
    ends = core.end_layouts(encoded)
    alone = Endgame(limit=6)
    assert [alone.end_value(ends[v.index]) for v in values] == [v.value for v in values]
    assert Endgame(limit=3).end_value(ends[values[0].index]) is None


def test_with_most_spaces_only_the_most_space_ends_are_played() -> None:
    costs = []
    for seed, number in [*CASES, (20, 14)]:  # at (20, 14) stopping short is worth 0.025
        encoded = late_position(seed, number)
        cards = unseen_cards(encoded)
        orders = tuple(itertools.permutations(cards))
        most = Endgame(limit=len(cards), most_spaces=True)
        assert most.value(encoded) == _brute(encoded, orders, most=True) / len(orders)
        best = most.best_end(encoded)
        assert best is not None
        assert best.spaces == max(e[:16].count(0) for e in core.end_layouts(encoded))
        every = Endgame(limit=len(cards)).value(encoded)
        assert every is not None
        costs.append(every - best.value)
    assert min(costs) >= 0 and max(costs) > 0  # the restriction can cost something
