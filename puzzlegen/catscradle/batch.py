"""``solve --json`` on many positions: text in, one JSON object out, without the object model.

A batch of positions spends most of its time outside the search: parsing
cards into :class:`Card` values, building :class:`Position` and
:class:`Move` objects, and formatting JSON through them.  This module goes
from text straight to the core's ints (:mod:`puzzlegen.catscradle.core`)
and from its answer straight to the JSON text, byte for byte what
``json.dumps(best_line(Position.parse(text)).to_json())`` writes.

It accepts only the plain, valid form of a position (16 cells, known cards,
legal stacks, no card twice) and returns None for anything else, so the
caller passes that line to the full parser, whose error messages name the
fault.  It imports nothing but the core, so a batch starts quickly.
"""

from __future__ import annotations

from puzzlegen.catscradle.core import best_path

_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
#: Suit letter -> (red, twin) in the core's encoding 4 * (rank - 1) + 2 * red + twin.
_SUIT_BITS = {"C": 0, "S": 1, "D": 2, "H": 3}
_SUIT_SYMBOLS = {"C": "♣", "S": "♠", "D": "♦", "H": "♥"}
_SPACE = "--"

#: The printed name of each card int.
NAMES: tuple[str, ...] = tuple(
    _RANKS[card >> 2] + next(s for s, bits in _SUIT_BITS.items() if bits == card & 3)
    for card in range(52)
)


def _tokens() -> dict[str, int]:
    """Every spelling Card.parse accepts for a card (ranks any case, T for 10, suit symbols)."""
    tokens = {}
    for rank, name in enumerate(_RANKS):
        rank_spellings = {name, name.lower()} | ({"T", "t"} if name == "10" else set())
        for suit, bits in _SUIT_BITS.items():
            for suit_spelling in (suit, suit.lower(), _SUIT_SYMBOLS[suit]):
                for spelling in rank_spellings:
                    tokens[spelling + suit_spelling] = 4 * rank + bits
    return tokens


_TOKENS = _tokens()
#: _RESTS_ON[a] is the class of the cards that may rest on a card of class a.
_RESTS_ON = tuple(2 * ((c // 2 - 1) % 13) + 1 - c % 2 for c in range(26))
#: The JSON of a move's cells, by (src, dst).
_CELLS_JSON = tuple(
    tuple(f'"from": [{s // 4}, {s % 4}], "to": [{d // 4}, {d % 4}]' for d in range(16))
    for s in range(16)
)


def parse(text: str) -> list[list[int]] | None:
    """The 16 stacks of ``text`` as card ints, or None unless it is a plain valid position."""
    cells = text.split()
    if len(cells) != 16:
        return None
    stacks: list[list[int]] = []
    seen = 0
    tokens = _TOKENS
    for cell in cells:
        if cell == _SPACE:
            stacks.append([])
            continue
        stack: list[int] = []
        for part in cell.split("/"):
            card = tokens.get(part)
            if card is None or seen >> card & 1:
                return None
            seen |= 1 << card
            if stack and _RESTS_ON[stack[-1] >> 1] != card >> 1:
                return None
            stack.append(card)
        stacks.append(stack)
    return stacks


def position_text(stacks: list[list[int]]) -> str:
    """The text ``str(Position)`` gives for ``stacks``."""
    names = NAMES
    return " ".join("/".join([names[c] for c in s]) if s else _SPACE for s in stacks)


def solve_json(text: str) -> str | None:
    """The ``solve --json`` object for one line, or None if the fast parser rejects it.

    >>> print(solve_json("JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S")[:60])
    {"position": "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6
    """
    stacks = parse(text)
    if stacks is None:
        return None
    heights = [len(s) for s in stacks]
    path = best_path(bytes(heights + [c for s in stacks for c in s]))
    start = position_text(stacks)
    names = NAMES
    moves = []
    for k in range(0, len(path), 2):
        src, dst = path[k], path[k + 1]
        card = stacks[src].pop()
        target = stacks[dst]
        moves.append(
            f'{{"card": "{names[card]}", "onto": "{names[target[-1]]}", {_CELLS_JSON[src][dst]}}}'
        )
        target.append(card)
    spaces = sum(1 for s in stacks if not s)
    return (
        f'{{"position": "{start}", "best_spaces": {spaces}, '
        f'"moves": [{", ".join(moves)}], "final": "{position_text(stacks)}"}}'
    )
