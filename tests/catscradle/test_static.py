"""The static evaluator: its features, its choice, and both cores' base 3 rollouts agree.

The static player (``StrongPlayer(method="static")``, idea 35) scores a
sequence's end positions by a tuned linear score of counts read from the
end layout and the set of unseen cards; base 3 of ``core.rollouts`` plays it
in C, the pure-Python core through :mod:`puzzlegen.catscradle.static`.  That
it reads only the view is held by ``test_gameplayers``' hidden-view test
(its ``static`` and ``rollout-static`` entries).
"""

from __future__ import annotations

import importlib
import os

import pytest

from puzzlegen.catscradle import _pycore, core, static
from puzzlegen.catscradle.board import CENTRE, SEES
from puzzlegen.catscradle.cards import class_support
from puzzlegen.catscradle.gameplayers import StrongPlayer, play_game, play_hidden
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import CARD_INDEX, layout
from puzzlegen.rng import SeededStream


def _features_by_definition(end: bytes, unseen: list[int]) -> list[int]:
    """:data:`static.FEATURES` written plainly from their docstring, cell by cell, card by card."""
    stacks = _pycore.split_layout(end)
    top = {i: s[-1] >> 1 for i, s in enumerate(stacks) if s}
    spaces = [i for i in range(16) if not stacks[i]]
    singles = [i for i in range(16) if len(stacks[i]) == 1]
    unseen_classes = [c >> 1 for c in unseen]
    below = {class_support(k): k for k in range(26)}

    def resting_tops_of(k: int) -> int:
        return sum(1 for i in top if top[i] == k and len(stacks[i]) > 1)

    moves = takes = doubles = 0
    for i in spaces:
        shown = {top[j] for j in SEES[i] if j in top}
        moves += sum(1 for c in unseen_classes if class_support(c) in shown)
        taken = {class_support(top[j]) for j in SEES[i] if j in singles}
        takes += sum(1 for c in unseen_classes if c in taken)
        doubles += sum(1 for c in unseen_classes if c in taken and class_support(c) in shown)
    return [
        len(spaces),
        sum(1 for i in spaces if i in CENTRE),
        len(singles),
        sum(1 for i in singles if i in CENTRE),
        sum(1 for s in stacks if len(s) >= 3),
        sum(1 for k in range(26) if resting_tops_of(k) == 2),
        moves,
        takes,
        sum(unseen_classes.count(class_support(top[j])) for j in singles),
        sum(
            1 for j in top
            if class_support(top[j]) not in unseen_classes
            and class_support(top[j]) not in top.values()
        ),
        sum(unseen_classes.count(below[top[j]]) for j in top),
        sum(1 for j in top for i in SEES[j] if i in top and top[i] == class_support(top[j])),
        sum(unseen_classes.count(below[k]) for k in set(top.values())),
        sum(1 for a in spaces for b in spaces if a < b and b in SEES[a]),
        sum(1 for k in range(26) if sum(1 for j in singles if top[j] == k) == 2),
        sum(
            unseen_classes.count(class_support(top[j])) * sum(1 for i in spaces if i in SEES[j])
            for j in singles
        ),
        doubles,
        sum(1 for a in spaces for b in spaces if a < b and b in SEES[a])
        * sum(1 for c in unseen_classes for d in unseen_classes if class_support(c) == d),
    ]


def _real_ends(seeds: range) -> list[tuple[bytes, list[int]]]:
    """Every end of each sequence the static player plays on ``seeds``, and the unseen cards."""
    found = []
    for seed in seeds:
        for turn in play_hidden(Deal.from_seed(seed), StrongPlayer(method="static")):
            encoded = layout(turn.start)
            unseen = sorted(set(range(52)) - set(encoded[16:]))  # the stock, as a set
            found += [(e, unseen) for e in core.end_layouts(encoded)]
    return found


def test_features_match_their_definitions_on_real_ends() -> None:
    ends = _real_ends(range(20000, 20008))
    assert len(ends) > 100
    seen_nonzero = [0] * len(static.FEATURES)
    for end, unseen in ends:
        features = static.end_features(end, static.unseen_counts(unseen))
        assert features == _features_by_definition(end, unseen)
        seen_nonzero = [n + (f != 0) for n, f in zip(seen_nonzero, features, strict=True)]
    # Every feature varies on real ends: none is a constant the test could not catch.
    assert all(seen_nonzero), dict(zip(static.FEATURES, seen_nonzero, strict=True))


def _play(deal: Deal, weights: tuple[int, ...] = static.WEIGHTS) -> int:
    """The stock's cards left at the end of ``deal`` played by :func:`static.play`."""
    return static.play(
        core.end_layouts, layout(deal.layout), [CARD_INDEX[c] for c in deal.stock], weights
    )


def test_the_static_player_plays_static_play_games() -> None:
    # The player (from views) and static.play (from the real stock as an order) agree.
    player = StrongPlayer(method="static")
    won = 0
    for seed in range(20000, 20012):
        deal = Deal.from_seed(seed)
        record = play_game(deal, player)
        left = _play(deal)
        assert record.stock_left == left, seed
        won += record.won
    assert player.version.startswith("static-")


def test_weights_decide_the_choice() -> None:
    # Reversed weights play other games: the score, not the order of the ends, chooses.
    games = [Deal.from_seed(seed) for seed in range(20000, 20012)]
    plain = [_play(d) for d in games]
    other = [_play(d, tuple(-w for w in static.WEIGHTS)) for d in games]
    assert plain != other


def _orders(cards: list[int], count: int, seed: str) -> bytes:
    stream = SeededStream("tests/static", seed)
    out = b""
    for _ in range(count):
        order = sorted(cards)
        stream.shuffle(order)
        out += bytes(order)
    return out


def test_static_rollouts_agree_in_both_cores() -> None:
    if os.environ.get("PUZZLEGEN_PURE_CORE", "") not in ("", "0"):
        pytest.skip("PUZZLEGEN_PURE_CORE is set: the compiled core is not in use")
    compiled = importlib.import_module("puzzlegen.catscradle._ccore")
    outcomes = b""
    # slack 1 (ends one space short weighed too) on one deal: the same code but its floor.
    for seed, slack, count in ((20000, 0, 5), (20003, 0, 5), (20007, 0, 5), (20000, 1, 3)):
        packed = static.packed_weights(static.WEIGHTS, slack)
        deal = Deal.from_seed(seed)
        encoded = layout(deal.layout)
        cards = [CARD_INDEX[c] for c in deal.stock]
        # From the first layout and from an end whose spaces are filled first.
        for start in (encoded, core.end_layouts(encoded)[-1]):
            orders = _orders(cards, count, f"{seed}/{slack}")
            args = (start, orders, len(cards), 3, packed, static.WORDS)
            expected = compiled.rollouts(*args)
            assert _pycore.rollouts(*args) == expected
            assert expected == bytes(
                static.play(
                    core.end_layouts, start, orders[k : k + len(cards)], static.WEIGHTS, slack
                )
                for k in range(0, len(orders), len(cards))
            )
            outcomes += expected
    # Both a won and a lost game among them, or the comparison proves little.
    assert 0 in outcomes and any(outcomes)


@pytest.mark.parametrize("rollouts", [_pycore.rollouts, core.rollouts])
def test_bad_static_weights_are_value_errors(rollouts: core.Rollouts) -> None:
    encoded = layout(Deal.from_seed(3).layout)
    order = bytes(range(16, 52))
    for inner, length in (
        (static.packed_weights()[:-4], static.WORDS),  # a weight short
        (static.packed_weights(), static.WORDS - 1),  # the wrong length
        (static.packed_weights(slack=-1), static.WORDS),  # a negative slack
    ):
        with pytest.raises(ValueError):
            rollouts(encoded, order, 36, 3, inner, length)
