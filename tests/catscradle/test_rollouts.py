"""Compiled rollouts: the C loop, its pure-Python twin and the players' own helpers agree.

``rollouts`` plays one whole game a stock order with a stock-hidden base
player (the expert, or idea 10's ``next``); the strong player's ``rollout``
method scores end positions by them.  Both cores must give the outcomes that
:func:`gameplayers._rollout` and :func:`gameplayers._rollout_next` (Python
loops over the core) give on real positions, at the start of a deal, in the
middle of one and from an end position whose spaces are still to be filled.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest

from puzzlegen.catscradle import _pycore, core, gameplayers, static
from puzzlegen.catscradle.gameplayers import EXPERT, StrongPlayer, play_hidden
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.solver import CARD_INDEX, layout
from puzzlegen.rng import SeededStream


def _compiled() -> ModuleType:
    if os.environ.get("PUZZLEGEN_PURE_CORE", "") not in ("", "0"):
        pytest.skip("PUZZLEGEN_PURE_CORE is set: the compiled core is not in use")
    return importlib.import_module("puzzlegen.catscradle._ccore")


def _orders(cards: list[int], count: int, seed: str) -> list[list[int]]:
    stream = SeededStream("tests/rollouts", seed)
    orders = []
    for _ in range(count):
        order = sorted(cards)
        stream.shuffle(order)
        orders.append(order)
    return orders


def _positions(seeds: range) -> list[tuple[bytes, list[int]]]:
    """(full layout, cards still to come) at a deal's start and after its expert's 2nd sequence."""
    found = []
    for seed in seeds:
        deal = Deal.from_seed(seed)
        found.append((layout(deal.layout), [CARD_INDEX[c] for c in deal.stock]))
        turns = play_hidden(deal, EXPERT, sequences=2)
        if not turns[-1].ends_game and len(turns) == 2:
            found.append((layout(turns[-1].filled), [CARD_INDEX[c] for c in turns[-1].stock]))
    return found


def _flat(orders: list[list[int]]) -> bytes:
    return bytes(c for order in orders for c in order)


def _won(left: bytes) -> bytes:
    """Rollouts' cards left at each game's end, as 1 won / 0 lost."""
    return bytes(int(x == 0) for x in left)


def test_a_rollout_with_the_real_stock_is_the_experts_game() -> None:
    # The stock's real order, played by the expert: the cards left are the real game's.
    compiled = _compiled()
    for seed in range(20000, 20040):
        deal = Deal.from_seed(seed)
        record = gameplayers.play_game(deal, "expert")
        stock = bytes(CARD_INDEX[c] for c in deal.stock)
        args = (layout(deal.layout), stock, len(stock), 0, b"", 0)
        assert compiled.rollouts(*args) == bytes([record.stock_left]), seed
    assert _pycore.rollouts(*args) == bytes([record.stock_left])


def test_expert_rollouts_agree_with_the_python_loop() -> None:
    compiled = _compiled()
    outcomes = []
    for encoded, cards in _positions(range(20000, 20008)):
        orders = _orders(cards, 4, encoded.hex())
        expected = bytes(gameplayers._rollout(encoded, order) for order in orders)
        args = (encoded, _flat(orders), len(cards), 0, b"", 0)
        assert _won(compiled.rollouts(*args)) == expected
        assert _won(_pycore.rollouts(*args)) == expected
        outcomes.append(expected)
    # Real positions, both outcomes met: the comparison is not of all-lost games.
    assert 0 < sum(map(sum, outcomes)) < sum(map(len, outcomes))


def test_next_rollouts_agree_with_the_python_loop() -> None:
    compiled = _compiled()
    outcomes = []
    for encoded, cards in _positions(range(20000, 20004)):
        orders = _orders(cards, 3, encoded.hex())
        inner = _orders(cards, 2, "inner" + encoded.hex())
        expected = bytes(gameplayers._rollout_next(encoded, order, inner) for order in orders)
        args = (encoded, _flat(orders), len(cards), 1, _flat(inner), len(cards))
        assert _won(compiled.rollouts(*args)) == expected
        assert _won(_pycore.rollouts(*args)) == expected
        outcomes.append(expected)
    assert 0 < sum(map(sum, outcomes)) < sum(map(len, outcomes))


def test_rollout_player_rollouts_agree_in_both_cores() -> None:
    # Two levels: each choice of the base player weighs ends by the expert's games.
    compiled = _compiled()
    outcomes = []
    positions = _positions(range(20002, 20006))
    for encoded, cards in (positions[k] for k in (0, 5)):
        orders = _orders(cards, 3, encoded.hex())
        inner = _orders(cards, 3, "inner" + encoded.hex())
        args = (encoded, _flat(orders), len(cards), 2, _flat(inner), len(cards))
        expected = _pycore.rollouts(*args)
        assert compiled.rollouts(*args) == expected
        outcomes.append(_won(expected))
    assert 0 < sum(map(sum, outcomes)) < sum(map(len, outcomes))


def test_rollouts_from_an_end_fill_its_spaces_first() -> None:
    # As the strong player scores an end: fill its spaces from the order, then play.
    compiled = _compiled()
    deal = Deal.from_seed(20001)
    encoded = layout(deal.layout)
    cards = sorted(CARD_INDEX[c] for c in deal.stock)
    orders = _orders(cards, 6, "ends")
    inner = _orders(cards, 2, "ends-inner")
    for end in core.end_layouts(encoded)[:6]:
        expert, following = [], []
        for order in orders:
            filled, used = static.fill(end, order)
            rest = order[used:]
            expert.append(gameplayers._rollout(filled, rest) if rest else 1)
            following.append(gameplayers._rollout_next(filled, rest, inner) if rest else 1)
        for base, expected in ((0, bytes(expert)), (1, bytes(following))):
            args = (end, _flat(orders), len(cards), base, _flat(inner), len(cards))
            assert _won(compiled.rollouts(*args)) == expected
            if base == 0:  # the pure core's next rollouts are checked above (slow)
                assert _won(_pycore.rollouts(*args)) == expected


def test_the_inner_orders_are_used_as_orders_of_the_cards_left() -> None:
    # Only the cards still to come, in an inner order's own order, weigh a choice:
    # inner orders that differ only by the cards already dealt give the same games.
    compiled = _compiled()
    deal = Deal.from_seed(20002)
    encoded = layout(deal.layout)
    cards = [CARD_INDEX[c] for c in deal.stock]
    orders = _orders(cards, 6, "sets")
    inner = _orders(cards, 3, "sets-inner")
    extra = [order + [c for c in range(52) if c not in cards][:4] for order in inner]
    first = compiled.rollouts(encoded, _flat(orders), len(cards), 1, _flat(inner), len(cards))
    again = compiled.rollouts(encoded, _flat(orders), len(cards), 1, _flat(extra), len(cards) + 4)
    assert first == again


@pytest.mark.parametrize("rollouts", [_pycore.rollouts, core.rollouts])
def test_bad_arguments_are_value_errors(rollouts: core.Rollouts) -> None:
    encoded = layout(Deal.from_seed(3).layout)
    order = bytes(range(16, 52))
    for args in (
        (encoded, order, 0, 0, b"", 0),  # no length
        (encoded, order, 35, 0, b"", 0),  # not whole orders
        (encoded, order, 36, 4, b"", 0),  # no such base
        (encoded, order, 36, 1, b"", 0),  # next without inner orders
        (encoded, order, 36, 1, order * 65, 36),  # too many inner orders
        (encoded, order + order, 72, 0, b"", 0),  # more than a pack
        (encoded, bytes([60] * 36), 36, 0, b"", 0),  # not a card
        (encoded[:-1], order, 36, 0, b"", 0),  # heights and cards disagree
    ):
        with pytest.raises(ValueError):
            rollouts(*args)


def _python_rollouts(
    end: bytes, orders: bytes, length: int, base: int, inner: bytes, inner_length: int
) -> bytes:
    """``core.rollouts`` as the strong player computed it before: Python loops over the core.

    Only wins: a lost game's cards left are not known here (and count only with ``depth``).
    """
    fresh = [list(inner[k : k + inner_length]) for k in range(0, len(inner), inner_length)]
    won = []
    for k in range(0, len(orders), length):
        filled, used = static.fill(end, orders[k : k + length])
        rest = list(orders[k + used : k + length])
        if not rest:
            won.append(0)
        elif base:
            won.append(1 - gameplayers._rollout_next(filled, rest, fresh))
        else:
            won.append(1 - gameplayers._rollout(filled, rest))
    return bytes(won)


@pytest.mark.parametrize(
    "player",
    [
        StrongPlayer(method="rollout", samples=12, width=8, slack=16, seed="3"),
        StrongPlayer(method="rollout", samples=40, width=12, slack=0, race=1, seed="3"),
        StrongPlayer(
            method="rollout", base="next", samples=4, width=4, inner=2, slack=16, seed="3"
        ),
    ],
    ids=["expert", "expert-race", "next"],
)
def test_the_rollout_method_plays_as_with_the_python_loops(
    player: StrongPlayer, monkeypatch: pytest.MonkeyPatch
) -> None:
    deals = [Deal.from_seed(seed) for seed in range(20000, 20003)]
    compiled = [play_hidden(deal, player, sequences=3) for deal in deals]
    monkeypatch.setattr(core, "rollouts", _python_rollouts)
    monkeypatch.setattr(core, "shuffles", _pycore.shuffles)
    assert [play_hidden(deal, player, sequences=3) for deal in deals] == compiled
    # The rollouts decided something: with their outcomes reversed, the games differ.
    real = core.rollouts
    monkeypatch.setattr(
        core, "rollouts", lambda *args: bytes(1 - min(x, 1) for x in real(*args))
    )
    assert [play_hidden(deal, player, sequences=3) for deal in deals] != compiled


@pytest.mark.parametrize("seed", ["1", "5/2/JC 9S 8H", "♠ é"])
def test_the_compiled_shuffles_are_the_seeded_streams(seed: str) -> None:
    compiled = _compiled()
    cards = bytes(range(16, 52))
    stream = SeededStream("cats-cradle/strong", seed)
    expected = b""
    for _ in range(40):
        order = list(cards)
        stream.shuffle(order)
        expected += bytes(order)
    assert compiled.shuffles("cats-cradle/strong", seed, cards, 40) == expected
    assert _pycore.shuffles("cats-cradle/strong", seed, cards, 40) == expected
    assert compiled.shuffles("cats-cradle/strong", seed, cards[:5], 3) == _pycore.shuffles(
        "cats-cradle/strong", seed, cards[:5], 3
    )


def test_the_race_spends_fewer_rollouts_on_ends_behind() -> None:
    racer = StrongPlayer(method="rollout", samples=256, race=1)
    # Eight ends: halved after 64 and 128 orders, the last two get all 256.
    assert racer._batches(8) == [64, 128, 256]
    assert racer._batches(5) == [64, 128, 256]
    assert racer._batches(2) == [256]
    assert StrongPlayer(method="rollout", samples=40, race=1)._batches(16) == [16, 16, 20, 40]
    assert StrongPlayer(method="rollout", samples=256)._batches(8) == [256]
