"""Pendulum answers in words, in the manner of the old book's worked example.

A line of play becomes short sentences: "Swing to the right.  The knave of
spades goes on the queen.  The five and six of diamonds go out."  Cards
going out one after another in one suit share a sentence; a pile that moves
names the cards riding on it.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlegen.cards import Card
from puzzlegen.pendulum.position import Move, Position
from puzzlegen.pendulum.solver import MethodResult

RANK_WORDS = {
    1: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
    8: "eight", 9: "nine", 10: "ten", 11: "knave", 12: "queen", 13: "king",
}
NUMBER_WORDS = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six",
                7: "seven", 8: "eight", 9: "nine", 10: "ten", 11: "eleven", 12: "twelve"}


def number(n: int) -> str:
    return NUMBER_WORDS.get(n, str(n))


def swings_phrase(n: int) -> str:
    return f"{number(n)} swing" + ("" if n == 1 else "s")


def card_name(card: Card) -> str:
    return f"{RANK_WORDS[card.rank]} of {card.suit.name.lower()}"


def join(words: Sequence[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def method_phrase(name: str) -> str:
    """``up-3`` -> "building up by threes"; ``down-1`` -> "building down by ones"."""
    direction, step = name.split("-")
    plural = {1: "ones", 2: "twos", 3: "threes", 4: "fours", 5: "fives", 6: "sixes"}
    return f"building {direction} by {plural[int(step)]}"


def _riders(pile: Sequence[Card]) -> str:
    return "" if len(pile) == 1 else f" (with the {join([RANK_WORDS[c.rank] for c in pile[1:]])})"


def line_sentences(start: Position, moves: Sequence[Move]) -> list[str]:
    """The sentences of a line of play from ``start``."""
    sentences: list[str] = []
    position = start
    outs: list[Card] = []

    def flush() -> None:
        if outs:
            ranks = join([RANK_WORDS[c.rank] for c in outs])
            verb = "goes" if len(outs) == 1 else "go"
            sentences.append(f"The {ranks} of {outs[0].suit.name.lower()} {verb} out.")
            outs.clear()

    for move in moves:
        if move.kind == "out":
            assert move.card is not None
            if outs and outs[-1].suit != move.card.suit:
                flush()
            outs.append(move.card)
        else:
            flush()
            if move.kind == "swing":
                sentences.append(f"Swing to the {move.side}.")
            elif move.kind == "pack":
                assert move.card is not None and move.onto is not None
                cell = position.find(move.card)
                assert cell is not None
                pile = position.cells[cell]
                sentences.append(
                    f"The {card_name(move.card)}{_riders(pile)} goes on the "
                    f"{RANK_WORDS[move.onto.rank]}."
                )
            else:
                assert move.card is not None and move.col is not None
                cell = position.find(move.card)
                assert cell is not None
                pile = position.cells[cell]
                sentences.append(
                    f"The {card_name(move.card)}{_riders(pile)} goes up into the space in "
                    f"the top row, column {move.col + 1}."
                )
        position = position.play(move)
    flush()
    return sentences


def line_text(start: Position, result: MethodResult) -> str:
    assert result.won and result.par is not None
    head = (f"{method_phrase(str(result.method)).capitalize()} ({result.method}), the deal "
            f"is won in {swings_phrase(result.par)}.")
    return " ".join([head, *line_sentences(start, result.moves)])
