"""Pendulum's building methods (PENDULUM.md, "Cards and building methods")."""

from __future__ import annotations

import pytest

from puzzlegen.cards import Card, Suit
from puzzlegen.errors import InvalidInputError
from puzzlegen.pendulum.methods import METHODS, Method

RANKS = {"A": 1, "J": 11, "Q": 12, "K": 13}


def values(text: str) -> tuple[int, ...]:
    return tuple(RANKS.get(t) or int(t) for t in text.split())


def test_the_seeds_two_orders() -> None:
    assert Method.parse("down-2").order == values("A Q 10 8 6 4 2 K J 9 7 5 3")
    assert Method.parse("up-3").order == values("A 4 7 10 K 3 6 9 Q 2 5 8 J")


@pytest.mark.parametrize("method", METHODS, ids=str)
def test_every_order_holds_thirteen_distinct_values(method: Method) -> None:
    assert sorted(method.order) == list(range(1, 14))
    assert method.order[0] == 1


def test_twelve_distinct_methods_named_short() -> None:
    assert [m.name for m in METHODS] == [f"up-{n}" for n in range(1, 7)] + [
        f"down-{n}" for n in range(1, 7)
    ]
    assert len({m.order for m in METHODS}) == 12


@pytest.mark.parametrize("n", range(1, 13))
def test_long_names_are_normalised(n: int) -> None:
    up, down = Method.parse(f"up-{n}"), Method.parse(f"down-{n}")
    assert up.order == tuple(1 + (i * n) % 13 for i in range(13))
    assert down == Method.parse(f"up-{13 - n}")
    assert Method.parse(up.name) == up
    assert up.name in {m.name for m in METHODS}
    if n > 6:
        assert up.name == f"down-{13 - n}"


def test_up_11_is_down_2() -> None:
    assert str(Method.parse("up-11")) == "down-2"
    assert repr(Method.parse("UP-11")) == "Method.parse('down-2')"


def test_crowns_and_next() -> None:
    assert Method.parse("up-1").crown_value == 13
    assert Method.parse("down-1").crown_value == 2
    assert Method.parse("down-2").crown_value == 3
    assert Method.parse("up-3").crown_value == 11
    up1 = Method.parse("up-1")
    assert up1.next(Card(9, Suit.CLUBS)) == Card(10, Suit.CLUBS)
    assert up1.next(Card(13, Suit.CLUBS)) is None
    assert up1.is_crown(Card(13, Suit.HEARTS))


@pytest.mark.parametrize("bad", ["up-0", "up-13", "sideways-2", "up", "", "down-x", "up-1-2"])
def test_unknown_methods_are_named(bad: str) -> None:
    with pytest.raises(InvalidInputError, match="unknown method") as info:
        Method.parse(bad)
    assert repr(bad) in str(info.value)
