"""Lines of play written out in words, in the manner of the inventor's playing hints.

A line reads as a list of moves, ``4♥ on 5♣, 3♠ on 4♥``; a card moved on
and at once moved on again to the twin of its support reads ``A♠ on 2♦ and
transfer on to 2♥``; numbers up to twelve are words.  The sentences
themselves are jinja2 templates in ``templates/``.
"""

from __future__ import annotations

from puzzlegen.catscradle.position import Move
from puzzlegen.catscradle.solver import Line
from puzzlegen.render.templating import render

_WORDS = (
    "no", "one", "two", "three", "four", "five", "six",
    "seven", "eight", "nine", "ten", "eleven", "twelve",
)  # fmt: skip


def number_word(n: int) -> str:
    """``5`` -> ``"five"``; numbers past twelve stay figures."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def spaces_phrase(n: int) -> str:
    """``"one space"``, ``"five spaces"``."""
    return f"{number_word(n)} space{'' if n == 1 else 's'}"


def is_transfer(move: Move, before: int) -> bool:
    """A move of a card already resting on a card (so on to that card's twin).

    ``before`` is the height of the source cell before the move.
    """
    return before >= 2


def phrases(line: Line) -> list[str]:
    """The moves of ``line`` as phrases, a transfer folded into the move before it."""
    result: list[str] = []
    position = line.position
    previous: Move | None = None
    for move in line.moves:
        transfer = is_transfer(move, len(position.cells[move.src]))
        if transfer and previous is not None and previous.card == move.card:
            result[-1] += f" and transfer on to {move.onto.symbol()}"
        elif transfer:
            result.append(f"transfer {move.card.symbol()} on to {move.onto.symbol()}")
        else:
            result.append(move.symbol())
        previous = move
        position = position.apply(move)
    return result


def moves_text(line: Line) -> str:
    return ", ".join(phrases(line))


def best_line_sentence(line: Line) -> str:
    """``"The best line of play is 4♥ on 5♣, … — giving five spaces."``"""
    created = line.final.spaces - line.position.spaces
    return render(
        "best_line.txt.j2",
        moves=moves_text(line),
        has_moves=bool(line.moves),
        created=created,
        spaces=spaces_phrase(created),
    ).strip()
