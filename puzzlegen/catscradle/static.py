"""A static evaluator of a sequence's end positions: cheap features, a tuned linear score.

The sampled players (:class:`puzzlegen.catscradle.gameplayers.StrongPlayer`)
weigh a sequence's end positions by dealing sampled orders of the unseen
cards into them.  This one samples nothing and searches nothing beyond the
ends themselves (:func:`puzzlegen.catscradle.core.end_layouts`): it scores
each end by a weighted sum of counts a person sees in the end layout and
the *set* of cards still to come (never their order), and stops in the end
with the highest score.  It costs about as little as the expert's line, so
it can be the base player of rollouts (base 3 of
:func:`puzzlegen.catscradle.core.rollouts`, which computes the same choice).

The features (:data:`FEATURES`), all whole numbers so that both cores add
the same integers (weights are whole numbers too, and ties are exact):

``spaces``, ``central spaces``
    the end's spaces, and those among the four central cells (they see 11
    cells, the others 9);
``singletons``, ``central singletons``
    single-card stacks: the cells a later space comes from;
``tall stacks``
    stacks of three cards or more;
``blocked pairs``
    classes whose two cards both rest on a support (RULES "Blocking");
``space moves``
    for each space, the unseen cards that could move from it at once were
    they dealt there: those that rest on a top some cell it sees shows;
``space takes``
    for each space, the unseen cards that, dealt there, would take a
    single card off a cell it sees (emptying that cell);
``singleton supports unseen``
    for each single-card stack, how many of its two supports are unseen;
``frozen tops``
    tops whose supports are neither unseen nor on top anywhere (so buried:
    the top cannot move until one of them is uncovered);
``tops fed``
    for each top, the unseen cards that could rest on it;
``transfers``
    moves the tops allow now (none empties a cell: the sequence has ended);
``unseen with a home``
    unseen cards whose support class shows on some top;
``space pairs``
    pairs of spaces that see each other (two cards dealt there may combine);
``split twins``
    classes whose two cards are both single-card tops (they need the same
    supports);
``supports in sight``
    for each single card, its unseen supports times the spaces it sees (a
    support dealt there lets it move, emptying its cell);
``double takes``
    for each space, the unseen cards that, dealt there, would take a single
    card off a cell it sees *and* could then move on themselves (a top they
    rest on shows in a cell the space sees): two cells emptied by one card;
``pairs that fit``
    the pairs of spaces that see each other times the pairs of unseen cards
    one of which rests on the other (two cards dealt there may combine: the
    product, since it is their chance together that counts).
"""

from __future__ import annotations

import struct
from collections.abc import Callable, Iterable, Sequence

from puzzlegen.catscradle.board import SEES_MASK
from puzzlegen.catscradle.cards import class_support

__all__ = [
    "FEATURES", "SLACK", "WEIGHTS", "WORDS", "choose_end", "end_features", "fill",
    "packed_weights", "play", "unseen_counts",
]

#: The names of :func:`end_features`' values, in order.
FEATURES = (
    "spaces", "central spaces", "singletons", "central singletons", "tall stacks",
    "blocked pairs", "space moves", "space takes", "singleton supports unseen",
    "frozen tops", "tops fed", "transfers", "unseen with a home", "space pairs",
    "split twins", "supports in sight", "double takes", "pairs that fit",
)

#: The tuned weights, one a feature (whole numbers), and the ``slack``: how many spaces
#: fewer than the most an end may make and still be weighed (0: only the most; 1, tuned
#: apart, did no better: idea 35c).  Fitted on 2026-11-24 by CMA-ES on win rate, the
#: mean of the search after 48 generations (12 candidates each, every candidate playing the
#: same 8,000 training deals, seeds 50000-57999, with their real stocks): ``nice -n 10 python
#: benchmarks/tune_static.py --first 50000 --deals 8000 --sigma 1.0 --start=-25,65,259,120,
#: -197,54,242,201,214,0,451,-137,-18,193,-61,0`` (that start: 14 generations of an earlier
#: run from hand-set weights, with one feature since replaced).  Training 14.0% (1,117 of
#: 8,000); held out, seeds 0-9999: 13.3%; see docs/whole-game-research.md, idea 35.
#: The last two features (idea 38) are weighted 0: tuned as well (22 generations from these
#: weights), they won 13.5% of seeds 0-9999, within noise, and no candidate beat the start.
WEIGHTS: tuple[int, ...] = (
    -305, -282, 388, -15, 195, 297, 1060, 920, 1079, 459, 1138, -74, -199, 463, -473, -242,
    0, 0,
)
SLACK = 0
#: Names these weights in a player's version (a study keeps players' rows apart by it).
VERSION = "w1"

_CELLS = 16
#: Base 3's ``inner``: the slack, then one weight a feature, 4 bytes each.
WORDS = 1 + len(FEATURES)
_CLASSES = 26
_CENTRE_MASK = (1 << 5) | (1 << 6) | (1 << 9) | (1 << 10)
#: _SUP[k]: the class a card of class k rests on; _BELOW[k]: the class that rests on k.
_SUP = tuple(class_support(k) for k in range(_CLASSES))
_BELOW = tuple(_SUP.index(k) for k in range(_CLASSES))


def unseen_counts(cards: Iterable[int]) -> list[int]:
    """How many cards of each class (``card >> 1``) ``cards`` (core ints) hold."""
    counts = [0] * _CLASSES
    for card in cards:
        counts[card >> 1] += 1
    return counts


def end_features(end: bytes, unseen: Sequence[int]) -> list[int]:
    """:data:`FEATURES` of the end layout ``end``; ``unseen[k]``: unseen cards of class ``k``."""
    heights = end[:_CELLS]
    top = [-1] * _CELLS
    topmask = [0] * _CLASSES
    space = single = rest = 0
    tall = 0
    at = _CELLS
    for i in range(_CELLS):
        h = heights[i]
        if h:
            at += h
            t = end[at - 1] >> 1
            top[i] = t
            topmask[t] |= 1 << i
            if h == 1:
                single |= 1 << i
            else:
                rest |= 1 << i
                if h >= 3:
                    tall += 1
        else:
            space |= 1 << i
    sup, below, sees = _SUP, _BELOW, SEES_MASK
    blocked = sum(1 for k in range(_CLASSES) if (topmask[k] & rest).bit_count() == 2)
    split = sum(1 for k in range(_CLASSES) if (topmask[k] & single).bit_count() == 2)
    space_moves = space_takes = space_pairs = double = 0
    bits = space
    while bits:
        low = bits & -bits
        bits ^= low
        i = low.bit_length() - 1
        seen = sees[i]
        visible = taken = 0
        for j in range(_CELLS):
            if seen >> j & 1 and top[j] >= 0:
                visible |= 1 << top[j]
                if single >> j & 1:
                    taken |= 1 << sup[top[j]]
        space_moves += sum(unseen[below[k]] for k in range(_CLASSES) if visible >> k & 1)
        space_takes += sum(unseen[k] for k in range(_CLASSES) if taken >> k & 1)
        double += sum(
            unseen[k] for k in range(_CLASSES) if taken >> k & 1 and visible >> sup[k] & 1
        )
        space_pairs += (seen & space & ~((low << 1) - 1)).bit_count()
    supports_unseen = frozen = fed = transfers = in_sight = 0
    for j in range(_CELLS):
        t = top[j]
        if t < 0:
            continue
        s = sup[t]
        fed += unseen[below[t]]
        transfers += (topmask[s] & sees[j]).bit_count()
        if not unseen[s] and not topmask[s]:
            frozen += 1
        if single >> j & 1:
            supports_unseen += unseen[s]
            in_sight += unseen[s] * (sees[j] & space).bit_count()
    home = sum(unseen[below[k]] for k in range(_CLASSES) if topmask[k])
    fitting = sum(unseen[k] * unseen[sup[k]] for k in range(_CLASSES))
    return [
        space.bit_count(),
        (space & _CENTRE_MASK).bit_count(),
        single.bit_count(),
        (single & _CENTRE_MASK).bit_count(),
        tall,
        blocked,
        space_moves,
        space_takes,
        supports_unseen,
        frozen,
        fed,
        transfers,
        home,
        space_pairs,
        split,
        in_sight,
        double,
        space_pairs * fitting,
    ]


def packed_weights(weights: Sequence[int] = WEIGHTS, slack: int = SLACK) -> bytes:
    """``slack`` and ``weights`` as base 3 of :func:`core.rollouts` reads them (``inner``)."""
    return struct.pack(f"<{WORDS}i", slack, *weights)


def _score(features: Sequence[int], weights: Sequence[int]) -> int:
    return sum(w * f for w, f in zip(weights, features, strict=True))


def choose_end(
    ends: Sequence[bytes],
    start_spaces: int,
    unseen: Sequence[int],
    cards_left: int,
    weights: Sequence[int] = WEIGHTS,
    slack: int = SLACK,
) -> int | None:
    """The index in ``ends`` (a layout's :func:`core.end_layouts`) of the end to stop in.

    Only ends with more spaces than ``start_spaces`` and at least the most
    less ``slack`` are weighed, most spaces first, then in ``ends``' order;
    the highest score wins, ties going to the first of them.  An end whose
    spaces use up the ``cards_left`` wins at once and is taken.  None when no
    end creates a space.  ``unseen`` counts the cards still to come by class
    (the set, never their order).
    """
    counts = [e[:_CELLS].count(0) for e in ends]
    most = max(counts, default=0)
    if most <= start_spaces:
        return None
    floor = max(most - slack, start_spaces + 1)
    candidates = sorted((i for i in range(len(ends)) if counts[i] >= floor),
                        key=lambda i: -counts[i])
    if len(candidates) == 1 or most - start_spaces >= cards_left:
        return candidates[0]
    best = candidates[0]
    best_score = _score(end_features(ends[best], unseen), weights)
    for i in candidates[1:]:
        score = _score(end_features(ends[i], unseen), weights)
        if score > best_score:
            best, best_score = i, score
    return best


def fill(end: bytes, cards: Sequence[int]) -> tuple[bytes, int]:
    """``end`` with its spaces filled, in cell order, from ``cards``; how many were used.

    The one fill of a core layout every stock-hidden player shares (this module
    imports no core, so the cores and the players can all use it).
    """
    heights = bytearray(end[:_CELLS])
    out = []
    at = _CELLS
    used = 0
    for i in range(_CELLS):
        h = end[i]
        if h:
            out.append(end[at : at + h])
            at += h
        elif used < len(cards):
            out.append(bytes([cards[used]]))
            heights[i] = 1
            used += 1
    return bytes(heights) + b"".join(out), used


def play(
    end_layouts: Callable[[bytes], list[bytes]],
    encoded: bytes,
    order: Sequence[int],
    weights: Sequence[int] = WEIGHTS,
    slack: int = SLACK,
) -> int:
    """The cards of ``order`` left when the static player's game from ``encoded`` ends (0: won).

    ``encoded``'s spaces, if any, are filled from ``order`` first; the player
    reads ``order`` only as the set of cards still to come.  ``end_layouts``
    is a core's (:mod:`puzzlegen.catscradle.core`; this module imports no
    core, which imports it).  The Python twin of base 3 rollouts.
    """
    encoded, at = fill(encoded, order)
    while at < len(order):
        rest = order[at:]
        ends = end_layouts(encoded)
        choice = choose_end(ends, encoded[:_CELLS].count(0), unseen_counts(rest), len(rest),
                            weights, slack)
        if choice is None:
            return len(rest)
        encoded, used = fill(ends[choice], rest)
        at += used
    return 0
