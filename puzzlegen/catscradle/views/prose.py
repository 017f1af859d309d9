"""Lines of play written out in words, in the manner of the inventor's playing hints.

A line reads as a list of moves, ``4♥ on 5♣, 3♠ on 4♥``; a card moved on
and at once moved on again to the twin of its support reads ``A♠ on 2♦ and
transfer on to 2♥``; numbers up to twelve are words.  The sentences
themselves are jinja2 templates in ``templates/``.
"""

from __future__ import annotations

import re

from puzzlegen.catscradle.cards import Card
from puzzlegen.catscradle.position import Move, Position
from puzzlegen.catscradle.puzzle import Puzzle, blocked_pairs, cleared_stacks
from puzzlegen.catscradle.solver import Line
from puzzlegen.errors import IllegalMoveError
from puzzlegen.render.templating import render

_WORDS = (
    "no",
    "one",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "eleven",
    "twelve",
)


def number_word(n: int) -> str:
    """``5`` -> ``"five"``; numbers past twelve stay figures."""
    return _WORDS[n] if 0 <= n < len(_WORDS) else str(n)


def spaces_phrase(n: int) -> str:
    """``"one space"``, ``"five spaces"``."""
    return f"{number_word(n)} space{'' if n == 1 else 's'}"


def phrases(line: Line) -> list[str]:
    """The moves of ``line`` as phrases, a transfer folded into the move before it."""
    result: list[str] = []
    previous: Move | None = None
    for position, move, _ in line.position.replay(line.moves):
        transfer = position.is_transfer(move)
        if transfer and previous is not None and previous.card == move.card:
            result[-1] += f" and transfer on to {move.onto.symbol()}"
        elif transfer:
            result.append(f"transfer {move.card.symbol()} on to {move.onto.symbol()}")
        else:
            result.append(move.symbol())
        previous = move
    return result


def moves_text(line: Line) -> str:
    return ", ".join(phrases(line))


def best_line_sentence(line: Line) -> str:
    """``"The best line of play is 4♥ on 5♣, … — giving five spaces."``

    The count is the spaces in the final position (RULES.md's best space
    count), which for a full layout is the spaces the line creates.
    """
    return render(
        "catscradle/best_line.txt.j2",
        moves=moves_text(line),
        has_moves=bool(line.moves),
        spaces=spaces_phrase(line.spaces),
    ).strip()


def _pair(position: Position, cells: frozenset[int]) -> tuple[str, str]:
    first, second = sorted(cells)
    top_a, top_b = position.top(first), position.top(second)
    assert top_a is not None and top_b is not None
    return top_a.symbol(), top_b.symbol()


def solution_text(puzzle: Puzzle) -> str:
    """The whole solution of ``puzzle`` as one paragraph of prose."""
    best, novice = puzzle.best, puzzle.novice
    start = best.position
    falls_short = puzzle.novice_spaces < puzzle.par and bool(novice.moves)
    cleared = None
    sizes = cleared_stacks(best)
    if sizes and max(sizes) >= 3:
        emptied = [i for i in range(len(start.cells)) if start.cells[i] and not best.final.cells[i]]
        cell = emptied[sizes.index(max(sizes))]
        cleared = {"size": number_word(max(sizes)), "base": start.cells[cell][0].symbol()}
    before = blocked_pairs(start)
    made = sorted(blocked_pairs(best.final) - before, key=sorted)
    novice_made = sorted(blocked_pairs(novice.final) - before, key=sorted)
    text = render(
        "catscradle/solution.txt.j2",
        moves=moves_text(best),
        spaces=spaces_phrase(puzzle.par),
        hasty_moves=moves_text(novice) if falls_short else "",
        hasty_spaces=spaces_phrase(puzzle.novice_spaces),
        hidden="hidden-move" in puzzle.tags,
        cleared=cleared,
        blocked=_pair(best.final, made[0]) if made else None,
        avoided=_pair(novice.final, novice_made[0]) if novice_made and not made else None,
        single="single-best" in puzzle.tags,
    )
    return " ".join(text.split())


_PHRASE = re.compile(
    r"^(?:transfer (?P<t_card>\S+) on to (?P<t_onto>\S+)"
    r"|(?P<card>\S+) on (?P<onto>\S+)(?: and transfer on to (?P<again>\S+))?)$"
)


def read_moves(text: str, position: Position) -> list[Move]:
    """Read a list of phrases written by :func:`moves_text` back into moves.

    Each move must be legal in turn, starting from ``position``.
    """
    moves: list[Move] = []
    for phrase in (p.strip() for p in text.split(",")):
        match = _PHRASE.match(phrase)
        if match is None:
            raise IllegalMoveError(f"cannot read the move {phrase!r}")
        if match["t_card"]:
            pairs = [(match["t_card"], match["t_onto"])]
        else:
            pairs = [(match["card"], match["onto"])]
            if match["again"]:
                pairs.append((match["card"], match["again"]))
        for card, onto in pairs:
            move = Move.parse(f"{Card.parse(card)} on {Card.parse(onto)}", position)
            position = position.apply(move)
            moves.append(move)
    return moves
