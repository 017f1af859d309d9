from __future__ import annotations

import pytest
from conftest import cards
from hypothesis import given

from puzzlegen.catscradle.cards import FULL_PACK, Card, Suit, class_below, class_support
from puzzlegen.errors import CardError


@pytest.mark.parametrize(
    ("token", "expected"),
    [
        ("10H", "10H"),
        ("TH", "10H"),
        ("th", "10H"),
        ("10♥", "10H"),
        ("qd", "QD"),
        ("A♠", "AS"),
        ("k♣", "KC"),
        (" 3c ", "3C"),
        ("7♥\ufe0f", "7H"),  # what a phone pastes: the suit and an emoji selector
        ("Q♤", "QS"),  # the outline suits
        ("10♢\ufe0e", "10D"),
    ],
)
def test_parse_accepts_every_input_form(token: str, expected: str) -> None:
    assert str(Card.parse(token)) == expected


@pytest.mark.parametrize(
    "token", ["", "H", "1H", "11H", "10X", "AHH", "10", "♥", "0S", "♥\ufe0f", "7\ufe0f"]
)
def test_parse_rejects_bad_tokens_naming_them(token: str) -> None:
    with pytest.raises(CardError, match="unknown card") as info:
        Card.parse(token)
    assert repr(token) in str(info.value)
    assert isinstance(info.value, ValueError)


@given(cards)
def test_text_and_repr_round_trip(card: Card) -> None:
    assert Card.parse(str(card)) == card
    assert Card.parse(card.symbol()) == card
    assert eval(repr(card)) == card


def test_pack_is_52_distinct_cards() -> None:
    assert len(set(FULL_PACK)) == 52


def test_supports_and_circular_ranks() -> None:
    assert Card.parse("7H").supports() == (Card.parse("8C"), Card.parse("8S"))
    assert Card.parse("KS").fits_on(Card.parse("AD"))  # the rank above K is A
    assert Card.parse("AH").fits_on(Card.parse("2C"))
    assert not Card.parse("AH").fits_on(Card.parse("2D"))  # same colour
    assert not Card.parse("AH").fits_on(Card.parse("3C"))


@given(cards, cards)
def test_classes_agree_with_cards(card: Card, other: Card) -> None:
    assert card.fits_on(other) == (class_support(card.cls) == other.cls)
    assert (card.cls == other.cls) == (card == other or card == other.twin)


def test_class_below_walks_down_a_stack() -> None:
    eight_hearts = Card.parse("8H")
    assert class_below(eight_hearts.cls, 1) == Card.parse("7S").cls
    assert class_below(eight_hearts.cls, 8) == Card.parse("KH").cls


def test_twin() -> None:
    assert Card.parse("4H").twin == Card.parse("4D")
    assert Card(3, Suit.CLUBS).twin == Card(3, Suit.SPADES)
