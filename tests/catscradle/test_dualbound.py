"""The information-relaxation bound: exact where its value is, a bound whatever the value."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence

import pytest
from late import late_position, unseen_cards

from puzzlegen.catscradle import core, static
from puzzlegen.catscradle.dualbound import (
    Mean,
    TooLarge,
    Value,
    bound,
    charged,
    relax,
    worth,
)
from puzzlegen.catscradle.endgame import Endgame
from puzzlegen.catscradle.gamesolver import solve_deal
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import CARD_INDEX, layout

EXACT = Endgame(limit=8)


def most_space_position(seed: int, cards_left: int) -> tuple[bytes, list[int]]:
    """The full layout reached from ``seed``'s deal by the most-space ends, once at
    most ``cards_left`` cards are left, and the unseen cards."""
    deal = Deal.from_seed(seed)
    stock = [CARD_INDEX[c] for c in deal.stock]
    filled, dealt = layout(deal.layout), 0
    while len(stock) - dealt > cards_left:
        ends = core.end_layouts(filled)
        spaces = [e[:16].count(0) for e in ends]
        pick = spaces.index(max(spaces))
        filled, used = static.fill(ends[pick], stock[dealt : dealt + spaces[pick]])
        dealt += used
    return filled, sorted(stock[dealt:])


def exact_value(filled: bytes, left: int) -> float:
    found = EXACT.value(filled)
    assert found is not None
    return found


def exact_mean(value: Value) -> Mean:
    """The mean of ``value`` over every order of the unseen cards (kept for each end)."""
    known: dict[bytes, float] = {}

    def mean(end: bytes, unseen: Sequence[int]) -> float:
        if end not in known:
            s = end[:16].count(0)
            orders = list(itertools.permutations(unseen))
            total = sum(value(static.fill(end, o[:s])[0], len(unseen) - s) for o in orders)
            known[end] = total / len(orders)
        return known[end]

    return mean


def test_the_exact_value_makes_the_bound_tight_on_every_stock() -> None:
    # seed 44's most-space line reaches 5 cards left where optimal play wins 0.175
    filled, unseen = most_space_position(44, 5)
    best = exact_value(filled, 5)
    assert 0.1 < best < 0.25
    mean = exact_mean(exact_value)
    for order in itertools.permutations(unseen):
        tree = relax(filled, order, charged(exact_value, mean))
        assert bound(tree, 1.0) == pytest.approx(best, abs=1e-9)


def test_a_poor_value_still_bounds_the_best_stock_hidden_play() -> None:
    filled, unseen = most_space_position(44, 5)
    best = exact_value(filled, 5)

    def crude(layout_: bytes, left: int) -> float:
        return exact_value(layout_, left) if left <= 1 else 0.3

    worths: dict[float, list[float]] = {a: [] for a in (0.0, 0.5, 1.0)}
    mean = exact_mean(crude)
    for order in itertools.permutations(unseen):
        tree = relax(filled, order, charged(crude, mean))
        for a, found in worths.items():
            found.append(bound(tree, a))
    for found in worths.values():
        assert sum(found) / len(found) >= best - 1e-9
    # not tight: the crude value's charges vary with the stock
    assert max(worths[1.0]) - min(worths[1.0]) > 0.05
    # alpha 0 is perfect information: the share of orders the stock-known player wins
    assert set(worths[0.0]) <= {0.0, 1.0}


def test_a_charge_kept_in_terms_bounds_with_any_weights() -> None:
    # idea 57 weighs several zero-mean terms: V's and another function of the layout's
    filled, unseen = most_space_position(44, 5)
    best = exact_value(filled, 5)

    def crude(layout_: bytes, left: int) -> float:
        return exact_value(layout_, left) if left <= 1 else 0.3

    def dealt(layout_: bytes, _left: int) -> float:
        return sum(layout_[16:]) / 100  # which cards the fill dealt

    v_charge = charged(crude, exact_mean(crude))
    d_charge = charged(dealt, exact_mean(dealt))

    def terms(end: bytes, after: bytes, left: int, rest: Sequence[int]) -> tuple[float, float]:
        return v_charge(end, after, left, rest), d_charge(end, after, left, rest)

    def priced(a: float, b: float) -> Callable[[tuple[float, float]], float]:
        return lambda z: a * z[0] + b * z[1]

    weights = ((1.0, 0.0), (1.0, 0.7), (0.5, -1.3))
    worths: dict[tuple[float, float], list[float]] = {w: [] for w in weights}
    for order in itertools.permutations(unseen):
        tree = relax(filled, order, terms)
        for (a, b), found in worths.items():
            found.append(worth(tree, priced(a, b)))
        plain = relax(filled, order, v_charge)
        assert worths[(1.0, 0.0)][-1] == pytest.approx(bound(plain, 1.0), abs=1e-12)
    for found in worths.values():
        assert sum(found) / len(found) >= best - 1e-9
    # the second term does change W on some stocks
    moved = [abs(a - b) for a, b in zip(worths[(1.0, 0.7)], worths[(1.0, 0.0)], strict=True)]
    assert max(moved) > 0.01


def test_with_most_spaces_it_is_tight_for_the_players_who_always_make_them() -> None:
    # After seed 20's 14th sequence on its perfect line, 5 cards left: stopping
    # short is worth 0.025 there, so the class's value is below every player's.
    filled = late_position(20, 14)
    unseen = unseen_cards(filled)
    assert len(unseen) == 5
    known: dict[bytes, float] = {}

    def most_spaces_value(layout_: bytes, _left: int = 0) -> float:
        """Best play stopping every sequence with the most spaces: a plain expectimax."""
        if layout_ not in known:
            rest = sorted(set(range(52)).difference(layout_[16:]))
            ends = core.end_layouts(layout_)
            spaces = [e[:16].count(0) for e in ends]
            best = max(spaces, default=0)
            if best == 0 or best >= len(rest):
                known[layout_] = 1.0 if best else 0.0
            else:
                orders = list(itertools.permutations(rest))
                known[layout_] = max(
                    sum(most_spaces_value(static.fill(e, o[:best])[0]) for o in orders)
                    / len(orders)
                    for e, s in zip(ends, spaces, strict=True) if s == best
                )
        return known[layout_]

    best = most_spaces_value(filled)
    assert best < exact_value(filled, 5) - 0.02  # the restriction costs something here
    mean = exact_mean(most_spaces_value)
    for order in itertools.permutations(unseen):
        tree = relax(filled, order, charged(most_spaces_value, mean), most_spaces=True)
        assert bound(tree, 1.0) == pytest.approx(best, abs=1e-9)
        unrestricted = relax(filled, order, charged(most_spaces_value, mean))
        assert bound(unrestricted, 0.0) >= bound(tree, 0.0)

    # The exact late game held to the most spaces (research idea 60's charge) is the same value.
    exact = Endgame(limit=5, most_spaces=True)

    def exact_most(layout_: bytes, _left: int) -> float:
        found = exact.value(layout_)
        assert found is not None
        return found

    def exact_most_mean(end: bytes, _unseen: Sequence[int]) -> float:
        found = exact.end_value(end)
        assert found is not None
        return found

    assert exact_most(filled, 5) == pytest.approx(best, abs=1e-12)
    for order in itertools.permutations(unseen):
        tree = relax(filled, order, charged(exact_most, exact_most_mean), most_spaces=True)
        assert bound(tree, 1.0) == pytest.approx(best, abs=1e-9)


def _zero(_layout: bytes, _left: int) -> float:
    return 0.0


def _zero_mean(_end: bytes, _unseen: Sequence[int]) -> float:
    return 0.0


@pytest.mark.parametrize("seed", [0, 1, 2, 3, 4, 6, 8, 9, 10])
def test_alpha_zero_is_the_perfect_information_verdict(seed: int) -> None:
    deal = Deal.from_seed(seed)
    stock = [CARD_INDEX[c] for c in deal.stock]
    won = 1.0 if solve_deal(deal, line=False).won else 0.0
    assert bound(relax(layout(deal.layout), stock, charged(_zero, _zero_mean)), 0.0) == won
    shallow = relax(layout(deal.layout), stock, charged(_zero, _zero_mean), depth=1)
    assert bound(shallow, 0.0) == won


def test_a_tree_over_budget_stops() -> None:
    deal = Deal.from_seed(5)
    stock = [CARD_INDEX[c] for c in deal.stock]
    with pytest.raises(TooLarge, match="more than 100 ends"):
        relax(layout(deal.layout), stock, charged(_zero, _zero_mean), budget=100)
