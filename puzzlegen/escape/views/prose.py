"""Escape's answers in words, in the manner of the seed's worked example (our own words)."""

from __future__ import annotations

from puzzlegen.escape.cards import CARDS
from puzzlegen.escape.position import FILLED, STUCK, SURROUNDED, Move, Position

NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
           "ten", "eleven", "twelve")


def number(n: int) -> str:
    return NUMBERS[n] if 0 <= n < len(NUMBERS) else str(n)


def spaces(n: int) -> str:
    return f"{number(n)} blank space" + ("" if n == 1 else "s")


def cells_phrase(move: Move) -> str:
    cells = [f"[{r},{c}]" for r, c in move.squares]
    return cells[0] if len(cells) == 1 else ", ".join(cells[:-1]) + " and " + cells[-1]


def move_phrase(move: Move) -> str:
    """``"the dot W1 on [0,3]"`` or ``"the I-tetromino B1, turned once, on …"``."""
    if move.is_pass:
        return "a pass"
    card = CARDS[move.card]
    turned = {0: "", 1: ", turned a quarter clockwise,", 2: ", turned half round,",
              3: ", turned a quarter anticlockwise,"}[move.turns]
    return f"the {card.shape} {move.card}{turned} on {cells_phrase(move)}"


def state_sentence(position: Position) -> str:
    """How White's main group stands, as the seed's captions put it."""
    from puzzlegen.escape.analysis import pocket

    gaps = len(position.gaps)
    if gaps == 0:
        return "White's main group has no blank space left"
    closed = pocket(position, limit=60) is not None
    if closed:
        return f"White's main group is closed in, with {spaces(gaps)} beside it"
    return f"White's main group still reaches the open table, with {spaces(gaps)} beside it"


def step_sentence(before: Position, move: Move, after: Position) -> str:
    side = before.to_move.capitalize()
    if move.is_pass:
        return f"{side} has no card to lay and passes."
    text = f"{side} lays {move_phrase(move)}"
    covered = len(move.keys & before.gaps)
    if before.to_move == "black" and covered:
        text += f", closing {spaces(covered)}"
    elif before.to_move == "white" and not after.gaps < before.gaps and after.gaps:
        text += ", opening new room"
    elif before.to_move == "white" and covered:
        text += f", filling {spaces(covered)} of its own"
    return text + "."


def end_sentence(position: Position) -> str:
    outcome = position.outcome
    if outcome is None:
        return ""
    reason = outcome[1]
    if reason == SURROUNDED:
        return "Every blank space around the main group is now closed: Black has won."
    if reason == FILLED:
        return ("White, still holding a card, had to fill its own last blank space: "
                "Black has won.")
    if reason == STUCK:
        return "White holds a card it cannot lay anywhere beside its main group: Black has won."
    gaps = len(position.gaps)
    return (f"All the cards are down and the main group keeps {spaces(gaps)}: "
            f"White has won.")


def answer_text(position: Position, line: tuple[Move, ...]) -> str:
    """The whole answer in one paragraph: the state, the key move, the line, the end."""
    parts = [state_sentence(position) + "."]
    current = position
    for i, move in enumerate(line):
        after = current.apply(move)
        sentence = step_sentence(current, move, after)
        if i == 0:
            # The sides are names, "White" and "Black", as everywhere else in the book.
            sentence = "The one winning play: " + sentence
        parts.append(sentence)
        current = after
    parts.append(end_sentence(current))
    return " ".join(p for p in parts if p)
