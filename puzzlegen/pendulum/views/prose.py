"""Pendulum answers in words, in the manner of the old book's worked example.

A line of play becomes short sentences: "Swing to the right.  The knave of
spades goes on the queen.  The five and six of diamonds go out."  Cards
going out one after another share a sentence, each suit's run named once; a
pile that moves names the cards riding on it; a pack on a card that is not
exposed says where that card lies (just above, or in a privileged corner).
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlegen.cards import Card
from puzzlegen.pendulum.position import COLS, CORNERS, Move, Position
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


def wins_caption(results: Sequence[MethodResult]) -> str:
    """The answer written under a board: each winning method and its fewest swings.

    >>> from puzzlegen.pendulum.methods import Method
    >>> wins_caption([MethodResult(Method.parse("up-2"), True, 3, ())])
    'Wins: up-2 in three swings.'
    """
    won = [f"{r.method} in {swings_phrase(r.par or 0)}" for r in results if r.won]
    return "Wins: " + ", ".join(won) + "." if won else "No method wins."


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


def _outs_sentence(outs: Sequence[Card]) -> str:
    """Cards going out one after another: a suit's run shares its name.

    "The five and six of diamonds go out."  "The four of hearts, the seven of
    diamonds and the four of spades go out."
    """
    runs: list[list[Card]] = []
    for card in outs:
        if runs and runs[-1][-1].suit == card.suit:
            runs[-1].append(card)
        else:
            runs.append([card])
    parts = [f"{join([RANK_WORDS[c.rank] for c in run])} of {run[0].suit.name.lower()}"
             for run in runs]
    verb = "goes" if len(outs) == 1 else "go"
    return f"The {join([parts[0], *('the ' + p for p in parts[1:])])} {verb} out."


def _target(position: Position, move: Move) -> str:
    """Where a packed pile goes: the card, and where it lies if it is not exposed."""
    assert move.card is not None and move.onto is not None
    src, dst = position.find(move.card), position.find(move.onto)
    assert src is not None and dst is not None
    rank = RANK_WORDS[move.onto.rank]
    if position.exposed(dst):
        return f"on the {rank}"
    if dst == src - COLS:
        return f"up on the {rank} just above it"
    side = "left" if dst == CORNERS[0] else "right"
    return f"on the {rank} in the top {side}-hand corner"


def line_sentences(start: Position, moves: Sequence[Move]) -> list[str]:
    """The sentences of a line of play from ``start``."""
    sentences: list[str] = []
    position = start
    outs: list[Card] = []

    def flush() -> None:
        if outs:
            sentences.append(_outs_sentence(outs))
            outs.clear()

    for move in moves:
        if move.kind == "out":
            assert move.card is not None
            outs.append(move.card)
        else:
            flush()
            if move.kind == "swing":
                sentences.append(f"Swing to the {move.side}.")
            else:
                assert move.card is not None
                cell = position.find(move.card)
                assert cell is not None
                if move.kind == "pack":
                    where = _target(position, move)
                else:
                    assert move.col is not None
                    where = f"up into the space in the top row, column {move.col + 1}"
                pile = position.cells[cell]
                sentences.append(f"The {card_name(move.card)}{_riders(pile)} goes {where}.")
        position = position.play(move)
    flush()
    return sentences


def method_head(result: MethodResult) -> str:
    """"Building up by threes (up-3), the deal is won in four swings."."""
    assert result.won and result.par is not None
    return (f"{method_phrase(str(result.method)).capitalize()} ({result.method}), the deal "
            f"is won in {swings_phrase(result.par)}.")


def line_text(start: Position, result: MethodResult) -> str:
    return " ".join([method_head(result), *line_sentences(start, result.moves)])
