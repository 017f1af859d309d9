"""Looking two fills ahead (ideas 51 on): the two levels are the expectimax they claim to be."""

from __future__ import annotations

import itertools

import pytest
from late import late_position, unseen_cards

from puzzlegen.catscradle import core, deepvalue, richvalue, static
from puzzlegen.catscradle.endgame import Endgame
from puzzlegen.catscradle.gameplayers import StrongPlayer, play_hidden
from puzzlegen.catscradle.position import Deal

_EXACT = Endgame(limit=3)


def _plain(filled: bytes, left: int) -> float:
    """The exact chance from a full layout with at most 3 cards to come, read plainly."""
    if left <= 0:
        return 1.0
    spaces = [e[:16].count(0) for e in core.end_layouts(filled)]
    if max(spaces) == 0:
        return 0.0
    if max(spaces) >= left:
        return 1.0
    found = _EXACT.value(filled)
    assert found is not None
    return found


def _plain_deep(end: bytes, orders: list[list[int]], inner: list[list[int]] | None) -> float:
    """The two-level expectimax of ``end`` over ``orders``, read plainly.

    The sequence after each outer fill stops in the best of its ends with
    the most spaces, each end weighed over every order of the cards still to
    come (``inner`` None) or over ``inner`` kept to those cards.
    """
    total = 0.0
    for order in orders:
        after, used = static.fill(end, order)
        rest = order[used:]
        later = [e for e in core.end_layouts(after) if e[:16].count(0)]
        most = max((e[:16].count(0) for e in later), default=0)
        if most == 0:
            continue
        if most >= len(rest):
            total += 1.0
            continue
        if inner is None:
            fills = [list(q) for q in itertools.permutations(rest)]
        else:
            fills = [[c for c in q if c in rest] for q in inner]
        best = 0.0
        for child in (e for e in later if e[:16].count(0) == most):
            got = [_plain(static.fill(child, q)[0], len(rest) - most) for q in fills]
            best = max(best, sum(got) / len(got))
        total += best
    return total / len(orders)


def test_two_fills_deep_is_the_expectimax_over_every_order() -> None:
    """With 5 cards to come, every order of them: the deep value against a plain expectimax.

    Two fills of one card each leave at most 3 cards, where the value is exact,
    so the deep value of an end is an exact two-level expectimax over the
    sequence after it (its ends with the most spaces).  Then with three
    sampled inner orders: each later fill deals only cards still to come.
    """
    encoded = late_position(26, 17)
    unseen = unseen_cards(encoded)
    assert len(unseen) == 5
    orders = [list(o) for o in itertools.permutations(unseen)]
    end = next(e for e in core.end_layouts(encoded) if e[:16].count(0) == 1)
    want = _plain_deep(end, orders, None)
    assert deepvalue.deep_value(end, unseen, orders, orders) == pytest.approx(want)
    # It differs from the one-fill-deep rich score there, which values the fill itself.
    assert want != pytest.approx(richvalue.end_value(end, unseen, orders), abs=1e-9)
    inner = [orders[k] for k in (7, 50, 101)]
    want = _plain_deep(end, orders, inner)
    assert deepvalue.deep_value(end, unseen, orders, inner) == pytest.approx(want)


def test_a_later_sequence_weighs_only_its_best_ends_after_a_first_look() -> None:
    """``children`` keeps the ends best over the first PROBE inner orders, the rest unweighed."""
    encoded = late_position(26, 14)
    unseen = unseen_cards(encoded)
    inner = [list(core.shuffles("test", str(k), bytes(unseen), 1)) for k in range(12)]
    ends = [e for e in core.end_layouts(encoded) if e[:16].count(0) == 1]
    assert len(ends) > 2
    each = [richvalue.end_value(e, unseen, inner) for e in ends]
    assert deepvalue.later_value(encoded, len(unseen), unseen, inner) == max(each)
    quick = [richvalue.end_value(e, unseen, inner[: deepvalue.PROBE]) for e in ends]
    first = max(range(len(ends)), key=lambda i: (quick[i], -i))
    assert deepvalue.later_value(encoded, len(unseen), unseen, inner, children=1) == each[first]


def test_deep_play_is_rich_play_outside_its_horizon_and_differs_inside() -> None:
    deal = Deal.from_seed(20003)
    small = {"samples": 16, "width": 30, "slack": 0, "inner": 4, "seed": "3"}
    rich = play_hidden(deal, StrongPlayer(method="rich", **small), sequences=2)  # type: ignore[arg-type]
    late = play_hidden(deal, StrongPlayer(method="deep", horizon=37, **small), sequences=2)  # type: ignore[arg-type]
    assert [t.line for t in late] == [t.line for t in rich]
    deep = StrongPlayer(method="deep", horizon=20, depth=8, race=2, limit=2, **small)  # type: ignore[arg-type]
    assert deep.version != StrongPlayer(method="deep", **small).version  # type: ignore[arg-type]
    early = play_hidden(deal, deep, sequences=2)
    assert [t.line for t in early] != [t.line for t in rich]
    # Deterministic for a seed; and the cards still to come, reordered, change no choice made
    # before they are dealt.
    assert play_hidden(deal, deep, sequences=2) == early
    dealt = len(deal.stock) - len(early[0].stock)
    stock = deal.stock[:dealt] + tuple(reversed(deal.stock[dealt:]))
    again = play_hidden(Deal(deal.cards[:16] + stock), deep, sequences=2)
    assert again[0].line == early[0].line and again[1].line.moves == early[1].line.moves
