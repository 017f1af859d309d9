"""The backward-induction value: exact where it says it is, fills weighed exactly."""

from __future__ import annotations

import itertools

import pytest
from late import late_position, unseen_cards

from puzzlegen.catscradle import backvalue, core, static
from puzzlegen.catscradle.backvalue_weights import WEIGHTS
from puzzlegen.catscradle.endgame import Endgame

# Positions on perfect lines with 4-6 cards left (tests/catscradle/test_endgame.py's).
CASES = [(2, 10), (26, 18), (31, 11), (54, 14)]


def test_the_model_has_three_weights_a_feature() -> None:
    assert len(WEIGHTS) == backvalue.SIZE == 3 * len(backvalue.FEATURES)


@pytest.mark.parametrize(("seed", "number"), CASES)
def test_the_value_is_exact_where_it_claims(seed: int, number: int) -> None:
    """Every child of a late position: exact with at most 3 cards left, 0 or 1 when sure."""
    encoded = late_position(seed, number)
    unseen = unseen_cards(encoded)
    exact = Endgame(limit=3)
    checked = 0
    for end in core.end_layouts(encoded):
        s = end[:16].count(0)
        if not s:
            continue
        for order in itertools.islice(itertools.permutations(unseen), 0, None, 11):
            left = len(unseen) - s
            child = static.fill(end, order[:s])[0]
            got = backvalue.value(child, left)
            ends = [e[:16].count(0) for e in core.end_layouts(child)]
            if left <= 0 or max(ends) >= left:
                assert got == 1.0
            elif max(ends) == 0:
                assert got == 0.0
            elif left <= 3:
                assert got == exact.value(child)
                checked += 1
            else:
                assert 0.0 < got < 1.0  # the model's estimate, never a certainty
    assert checked or len(unseen) > 5


@pytest.mark.parametrize(("seed", "number"), CASES[:2])
def test_an_end_is_weighed_over_every_fill_exactly(seed: int, number: int) -> None:
    """With few fills, an end's value is the mean over every order of the unseen cards."""
    encoded = late_position(seed, number)
    unseen = unseen_cards(encoded)
    orders = list(itertools.permutations(unseen))
    n = len(unseen)
    for end in core.end_layouts(encoded):
        s = end[:16].count(0)
        if not 0 < s < n:
            continue
        classes = len({c >> 1 for c in unseen})
        assert classes**s <= len(orders)  # so the fills by card class are used
        by_class = backvalue.end_value(end, unseen, orders)
        plain = sum(backvalue.value(static.fill(end, o[:s])[0], n - s) for o in orders)
        assert by_class == pytest.approx(plain / len(orders), abs=1e-12)
        # With too few orders for every fill, the sampled ones stand in.
        few = orders[:: len(orders) // 3][:3]
        sampled = sum(backvalue.value(static.fill(end, o[:s])[0], n - s) for o in few)
        if classes**s > 3:
            assert backvalue.end_value(end, unseen, few) == pytest.approx(sampled / 3)
