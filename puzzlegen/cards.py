"""Cards of one 52-card pack, the notation every game of puzzlegen shares.

A card is a rank (1 for the ace up to 13 for the king) and a suit.  Text input
takes ``10H``, ``TH``, ``th`` or ``10♥``; text output is ``10H``
(:func:`str`) or ``10♥`` (:meth:`Card.symbol`).  The colour relations on
:class:`Card` (``twin``, ``supports``, ``fits_on``, ``cls``) are Cat's
Cradle's; Pendulum builds in suit and uses only rank and suit.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from puzzlegen.errors import CardError

RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_RANK_BY_NAME = {name: i + 1 for i, name in enumerate(RANK_NAMES)} | {"T": 10}


class Suit(enum.Enum):
    """The four suits, in bridge order."""

    CLUBS = "C"
    DIAMONDS = "D"
    HEARTS = "H"
    SPADES = "S"

    @property
    def red(self) -> bool:
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @property
    def twin(self) -> Suit:
        """The other suit of the same colour."""
        return _TWIN_SUIT[self]


_SYMBOLS = {Suit.CLUBS: "♣", Suit.DIAMONDS: "♦", Suit.HEARTS: "♥", Suit.SPADES: "♠"}
_TWIN_SUIT = {
    Suit.CLUBS: Suit.SPADES,
    Suit.SPADES: Suit.CLUBS,
    Suit.HEARTS: Suit.DIAMONDS,
    Suit.DIAMONDS: Suit.HEARTS,
}
#: The outline suits (♧ ♢ ♡ ♤) some fonts and keyboards give, read as the solid ones.
_OUTLINE = {Suit.CLUBS: "♧", Suit.DIAMONDS: "♢", Suit.HEARTS: "♡", Suit.SPADES: "♤"}
_SUIT_BY_TEXT = (
    {s.value: s for s in Suit}
    | {sym: s for s, sym in _SYMBOLS.items()}
    | {sym: s for s, sym in _OUTLINE.items()}
)
#: Variation selectors: a phone or a web page pastes "♥️" (U+2665 U+FE0F) for ♥.
_SELECTORS = str.maketrans("", "", "\ufe0e\ufe0f")
SUITS = tuple(Suit)


@dataclass(frozen=True, slots=True, order=True)
class Card:
    """One card: ``Card(rank, suit)``, rank 1 (ace) to 13 (king).

    >>> Card.parse("th")
    Card.parse('10H')
    >>> Card.parse("10H").symbol()
    '10♥'
    """

    rank: int
    suit: Suit

    def __post_init__(self) -> None:
        if not (isinstance(self.rank, int) and 1 <= self.rank <= 13):
            raise CardError(f"card rank must be 1 to 13, got {self.rank!r}")
        if not isinstance(self.suit, Suit):
            raise CardError(f"card suit must be a Suit, got {self.suit!r}")

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read a card token (``10H``, ``TH``, ``qd``, ``3♣``, ``3♣️``, ``3♧``)."""
        text = token.strip().translate(_SELECTORS)
        if len(text) < 2:
            raise CardError(f"unknown card {token!r}")
        rank = _RANK_BY_NAME.get(text[:-1].upper())
        suit = _SUIT_BY_TEXT.get(text[-1].upper())
        if rank is None or suit is None:
            raise CardError(f"unknown card {token!r}")
        return cls(rank, suit)

    def __str__(self) -> str:
        return RANK_NAMES[self.rank - 1] + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def symbol(self) -> str:
        """The card as print shows it: ``10♥``."""
        return RANK_NAMES[self.rank - 1] + self.suit.symbol

    @property
    def rank_name(self) -> str:
        return RANK_NAMES[self.rank - 1]

    @property
    def red(self) -> bool:
        return self.suit.red

    @property
    def twin(self) -> Card:
        """The card of the same rank and colour (4♥ for 4♦)."""
        return Card(self.rank, self.suit.twin)

    @property
    def cls(self) -> int:
        """The card's class: twins share it.  ``2 * (rank - 1) + red``."""
        return 2 * (self.rank - 1) + self.red

    def supports(self) -> tuple[Card, Card]:
        """The two cards this card may be placed on (for 7♥: 8♣ and 8♠)."""
        rank = self.rank % 13 + 1
        if self.red:
            return Card(rank, Suit.CLUBS), Card(rank, Suit.SPADES)
        return Card(rank, Suit.DIAMONDS), Card(rank, Suit.HEARTS)

    def fits_on(self, other: Card) -> bool:
        """Whether this card may rest on ``other`` (opposite colour, one higher)."""
        return other.red != self.red and other.rank == self.rank % 13 + 1


FULL_PACK: tuple[Card, ...] = tuple(Card(rank, suit) for suit in SUITS for rank in range(1, 14))


def parse_cards(tokens: Sequence[str], where: str) -> tuple[Card, ...]:
    """Read card tokens; a bad one is named with its place and ``where``.

    >>> parse_cards(["9c", "10♥"], "the deal")
    (Card.parse('9C'), Card.parse('10H'))
    """
    cards = []
    for i, token in enumerate(tokens):
        try:
            cards.append(Card.parse(token))
        except CardError:
            raise CardError(f"unknown card {token!r} at place {i + 1} of {where}") from None
    return tuple(cards)
