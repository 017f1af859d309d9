"""The richer value (ideas 46 on): exact where it says it is; its look at the next fill is sound."""

from __future__ import annotations

import itertools

import pytest
from late import late_position, unseen_cards

from puzzlegen.catscradle import core, richvalue, richvalue_weights, static
from puzzlegen.catscradle.board import SEES
from puzzlegen.catscradle.cards import class_support
from puzzlegen.catscradle.endgame import Endgame
from puzzlegen.catscradle.gameplayers import StrongPlayer
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import layout


def test_the_shipped_weights_fit_the_features() -> None:
    m = richvalue.model()
    assert len(m.linear) == 3 * len(richvalue.RICH_FEATURES)
    assert len(m.hidden) == len(m.out)
    assert richvalue_weights.FIT in StrongPlayer(method="rich").version


def test_the_value_is_exact_where_it_claims() -> None:
    """Every child of a late position: exact with at most 3 cards left, 0 or 1 when sure."""
    encoded = late_position(26, 16)
    unseen = unseen_cards(encoded)
    exact = Endgame(limit=3)
    kinds = set()
    for end in core.end_layouts(encoded):
        s = end[:16].count(0)
        if not s:
            continue
        for order in itertools.islice(itertools.permutations(unseen), 0, None, 23):
            left = len(unseen) - s
            child = static.fill(end, order[:s])[0]
            got = richvalue.value(child, left)
            spaces = [e[:16].count(0) for e in core.end_layouts(child)]
            if left <= 0 or max(spaces) >= left:
                assert got == 1.0
                kinds.add("won")
            elif max(spaces) == 0:
                assert got == 0.0
                kinds.add("lost")
            elif left <= 3:
                assert got == exact.value(child)
                kinds.add("exact")
            else:
                assert 0.0 < got < 1.0  # the model's estimate, never a certainty
                kinds.add("model")
    assert "model" in kinds and len(kinds) >= 2


def test_an_end_is_weighed_over_every_fill_exactly() -> None:
    """With few fills, an end's value is the mean of the rich value over every order."""
    encoded = late_position(26, 17)
    unseen = unseen_cards(encoded)
    orders = list(itertools.permutations(unseen))
    n = len(unseen)
    checked = 0
    for end in core.end_layouts(encoded):
        s = end[:16].count(0)
        if not 0 < s < n:
            continue
        plain = sum(richvalue.value(static.fill(end, o[:s])[0], n - s) for o in orders)
        assert richvalue.end_value(end, unseen, orders) == pytest.approx(plain / len(orders))
        checked += 1
        break  # backvalue's test covers the fills by class; here, that rich values are weighed
    assert checked


@pytest.mark.parametrize("seed", [3, 8])
def test_each_card_counted_as_making_a_space_makes_one(seed: int) -> None:
    """The look at the next fill, checked by the search itself and by a plain rereading."""
    encoded = layout(Deal.from_seed(seed).layout)
    counted = 0
    for end in core.end_layouts(encoded)[:5]:
        spaces, masks, singles = richvalue.making(end)
        assert spaces == [i for i in range(16) if end[i] == 0]
        assert singles == sum(1 for i in range(16) if end[i] == 1)
        tops: dict[int, int] = {}
        at = 16
        for i in range(16):
            at += end[i]
            if end[i]:
                tops[i] = end[at - 1] >> 1
        for cell, mask in zip(spaces, masks, strict=True):
            for cls in range(26):
                # Plainly: a top in sight it can rest on, or a single in sight that rests on it.
                direct = any(
                    j in tops and (tops[j] == class_support(cls)
                                   or (end[j] == 1 and class_support(tops[j]) == cls))
                    for j in SEES[cell]
                )
                assert bool(mask >> cls & 1) == direct
                if not direct:
                    continue
                # The search agrees: with that card dealt there alone, a space is made.
                one = bytearray(end[:16])
                one[cell] = 1
                cards = bytearray()
                at = 16
                for i in range(16):
                    if i == cell:
                        cards.append(2 * cls)
                    cards += end[at : at + end[i]]
                    at += end[i]
                dealt = bytes(one) + bytes(cards)
                best = max(e[:16].count(0) for e in core.end_layouts(dealt))
                assert best >= len(spaces)
                counted += 1
    assert counted
