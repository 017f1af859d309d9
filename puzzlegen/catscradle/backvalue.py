"""A position's value by backward induction over the cards left (research ideas 40 and on).

Between sequences the game is a Markov decision process whose state is the
full layout (:mod:`puzzlegen.catscradle.endgame`), and every sequence that
goes on deals at least one card, so the cards left ``k`` strictly fall.  The
optimal stock-hidden value V can therefore be approximated from the end
backwards: exact values where few cards are left, then, for each larger
``k``, the Bellman target

    V(s) = max over ends e of s [ mean over fills f of e's spaces of V(e filled by f) ]

computed with the model already fitted for smaller ``k``, and the model
refitted (``benchmarks/train_backup.py``).  The model is a logistic
function of :data:`FEATURES` (what a person sees in the layout, and what one
sequence's search finds in it), each weighed by a quadratic in ``k``:
``z = sum over features x_i (a_i + b_i k/36 + c_i (k/36)^2)``.

:func:`value` is exact where it can be cheaply: 1 with no card left or when
one sequence can make as many spaces as cards are left, 0 when no sequence
makes a space, the expectimax of :class:`puzzlegen.catscradle.endgame.Endgame`
with at most :data:`EXACT_LEFT` cards left; the model otherwise.
:func:`choose_end` is the player: the end with the best mean value over
the fills of its spaces (every fill by card class, weighed by the orders
dealing it, when there are few; the sampled orders otherwise).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from puzzlegen.catscradle import core, static
from puzzlegen.catscradle.backvalue_weights import WEIGHTS
from puzzlegen.catscradle.board import CENTRE, SEES_MASK
from puzzlegen.catscradle.cards import class_below, class_support
from puzzlegen.catscradle.endgame import Endgame, _fills

__all__ = [
    "EXACT_LEFT",
    "FEATURES",
    "WEIGHTS",
    "backed_value",
    "choose_end",
    "end_value",
    "ends_and_settled",
    "expand",
    "features",
    "fills",
    "read_layout",
    "value",
]

#: The names of :func:`features`' values, in order (each then weighed by 1, k/36, (k/36)^2).
FEATURES = (
    "bias", "best spaces", "best ends", "ends making a space", "mean spaces of those",
    "ends one space short", "singletons", "central singletons", "singletons that can move",
    "stacks of two", "tall stacks", "moves", "blocked pairs", "tops' unseen supports",
    "tops' unseen followers", "distinct tops", "twin classes unseen",
)
#: How many values the model holds: three a feature.
SIZE = 3 * len(FEATURES)
#: With at most this many cards left, :func:`value` is the exact expectimax.
EXACT_LEFT = 3

#: The exact late game (its memo only saves work: the answers never change).
_EXACT = Endgame(limit=EXACT_LEFT, max_memo=200_000)
_CENTRE = tuple(sorted(CENTRE))
_SUPPORT = tuple(class_support(c) for c in range(26))
_FOLLOWER = tuple(class_below(c, 1) for c in range(26))


def read_layout(filled: bytes) -> tuple[bytes, list[int], list[int]]:
    """The heights of ``filled``'s cells, how many of each card class it holds, each top's class.

    A cell with no card has top -1.  The one reading of a core layout both
    values' features start from (this one and :mod:`~puzzlegen.catscradle.richvalue`'s).
    """
    heights = filled[:16]
    present = [0] * 26
    tops = [-1] * 16
    at = 16
    for i in range(16):
        h = heights[i]
        for card in filled[at : at + h]:
            present[card >> 1] += 1
        at += h
        if h:
            tops[i] = filled[at - 1] >> 1
    return heights, present, tops


def features(filled: bytes, left: int, spaces: Sequence[int]) -> list[float]:
    """:data:`FEATURES` of the full layout ``filled`` with ``left`` cards still to come.

    ``spaces`` are the space counts of its sequence's ends
    (``core.end_layouts``), at least one of them above 0.
    """
    heights, present, tops = read_layout(filled)
    where = [0] * 26
    for i, top in enumerate(tops):
        if top >= 0:
            where[top] |= 1 << i
    moves = movable = supports = followers = 0
    resting: list[int] = []
    for i, top in enumerate(tops):
        if top < 0:
            continue
        reach = (where[_SUPPORT[top]] & SEES_MASK[i]).bit_count()
        moves += reach
        if heights[i] == 1 and reach:
            movable += 1
        if heights[i] > 1:
            resting.append(top)
        supports += 2 - present[_SUPPORT[top]]
        followers += 2 - present[_FOLLOWER[top]]
    making = [s for s in spaces if s > 0]
    best = max(making)
    singles = sum(1 for h in heights if h == 1)
    return [
        1.0,
        best / 8,
        min(making.count(best), 8) / 8,
        min(len(making), 16) / 16,
        sum(making) / len(making) / 8,
        min(making.count(best - 1), 8) / 8,
        singles / 16,
        sum(1 for i in _CENTRE if heights[i] == 1) / 4,
        movable / 8,
        sum(1 for h in heights if h == 2) / 16,
        sum(1 for h in heights if h >= 3) / 16,
        moves / 16,
        (len(resting) - len(set(resting))) / 4,
        supports / 32,
        followers / 32,
        len({t for t in tops if t >= 0}) / 16,
        sum(1 for p in present if p == 0) / 13,
    ]


def expand(x: Sequence[float], left: int) -> list[float]:
    """The model's inputs: each feature times 1, ``left / 36`` and its square."""
    u = left / 36
    v = u * u
    return [*x, *(a * u for a in x), *(a * v for a in x)]


def _model(x: Sequence[float], left: int, weights: Sequence[float]) -> float:
    u = left / 36
    v = u * u
    n = len(x)
    z = 0.0
    for i, a in enumerate(x):
        z += a * (weights[i] + u * weights[n + i] + v * weights[2 * n + i])
    if z < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-z))


def value(
    filled: bytes, left: int, weights: Sequence[float] | None = None, exact: int = EXACT_LEFT
) -> float:
    """The estimated chance optimal stock-hidden play wins from the full layout ``filled``.

    Exact where it says so (see the module's docstring); ``weights``
    (default :data:`WEIGHTS`) is the model's, ``exact`` the most cards left
    valued exactly (at most :data:`EXACT_LEFT`).
    """
    _ends, spaces, settled = ends_and_settled(filled, left, exact)
    if settled is not None:
        return settled
    return _model(features(filled, left, spaces), left, WEIGHTS if weights is None else weights)


def ends_and_settled(
    filled: bytes, left: int, exact: int
) -> tuple[list[bytes], list[int], float | None]:
    """``filled``'s ends, their spaces, and its value where that is exact (else None).

    1 with no card left or when one sequence can make as many spaces as
    cards are left, 0 when none makes a space, the exact expectimax with at
    most ``exact`` (and :data:`EXACT_LEFT`) cards left.
    """
    if left <= 0:
        return [], [], 1.0
    ends = core.end_layouts(filled)
    spaces = [e.count(0, 0, 16) for e in ends]
    best = max(spaces, default=0)
    if best == 0:
        return ends, spaces, 0.0
    if best >= left:
        return ends, spaces, 1.0
    if left <= min(exact, EXACT_LEFT):
        found = _EXACT.value(filled)
        assert found is not None
        return ends, spaces, found
    return ends, spaces, None


#: A leaf's value: the filled layout, the cards left and which they are.
Leaf = Callable[[bytes, int, Sequence[int]], float]


def end_value(
    end: bytes,
    unseen: Sequence[int],
    orders: Sequence[Sequence[int]],
    weights: Sequence[float] | None = None,
    exact: int = EXACT_LEFT,
    leaf: Leaf | None = None,
) -> float:
    """The mean :func:`value` over the fills of ``end``'s spaces from the ``unseen`` cards.

    Every fill by card class, each weighed by the orders dealing it, when
    there are at most ``len(orders)`` of them; otherwise one fill from each
    of ``orders`` (orders of ``unseen``).  With ``leaf``, each filled layout
    is valued by it instead.
    """
    s = end.count(0, 0, 16)
    n = len(unseen)
    if s >= n:
        return 1.0
    left = n - s
    total = 0.0
    weight_all = 0
    for weight, cards in fills(unseen, s, orders):
        filled, _ = static.fill(end, cards)
        if leaf is None:
            total += weight * value(filled, left, weights, exact)
        else:
            total += weight * leaf(filled, left, cards)
        weight_all += weight
    return total / weight_all


def fills(
    unseen: Sequence[int], s: int, orders: Sequence[Sequence[int]]
) -> list[tuple[int, Sequence[int]]]:
    """The fills of ``s`` spaces from the ``unseen`` cards that an end is weighed over.

    Every fill by card class (one real card a class, twins in turn), each
    weighed by how many orders deal it, when there are at most
    ``len(orders)`` of them; otherwise the first ``s`` cards of each of
    ``orders``, weighed 1.
    """
    counts = [0] * 26
    twins: dict[int, list[int]] = {}
    for card in unseen:
        counts[card >> 1] += 1
        twins.setdefault(card >> 1, []).append(card)
    classes = sum(1 for c in counts if c)
    if classes**s > len(orders):
        return [(1, o[:s]) for o in orders]
    out: list[tuple[int, Sequence[int]]] = []
    for weight, fill in _fills(tuple(counts), s):
        taken = dict.fromkeys(fill, 0)
        cards = []
        for cls in fill:
            cards.append(twins[cls][taken[cls]])
            taken[cls] += 1
        out.append((weight, cards))
    return out


def backed_value(filled: bytes, left: int, unseen: Sequence[int], orders: Sequence[Sequence[int]],
                 width: int = 4) -> float:
    """One Bellman step of :func:`value` from the full layout ``filled``: its best end's value.

    The ends with the most spaces (at most ``width``) are weighed, each by
    :func:`end_value` over ``orders`` (orders of ``unseen``, the ``left``
    cards still to come).  Exact where :func:`value` is.
    """
    ends, spaces, settled = ends_and_settled(filled, left, EXACT_LEFT)
    if settled is not None:
        return settled
    best = max(spaces)
    top = [e for e, s in zip(ends, spaces, strict=True) if s == best][:width]
    return max(end_value(e, unseen, orders) for e in top)


def choose_end(
    ends: Sequence[bytes],
    candidates: Sequence[tuple[int, int]],
    unseen: Sequence[int],
    orders: Sequence[Sequence[int]],
    inner: Sequence[Sequence[int]] | None = None,
) -> int:
    """The index of the end among ``candidates`` ((spaces, index) pairs) with the best value.

    With ``inner`` (fresh orders of ``unseen``), two levels: each filled
    layout is valued by :func:`backed_value` over ``inner`` kept to the cards
    still to come after the fill.  Ties go to more spaces, then to the first
    in the solver's order.
    """
    leaf: Leaf | None = None
    if inner is not None:
        fresh = inner

        def leaf(filled: bytes, left: int, cards: Sequence[int]) -> float:
            dealt = set(cards)
            rest = [c for c in unseen if c not in dealt]
            kept = [bytes(c for c in order if c not in dealt) for order in fresh]
            return backed_value(filled, left, rest, kept)

    best: tuple[float, int, int] | None = None
    choice = candidates[0][1]
    for spaces, index in candidates:
        key = (end_value(ends[index], unseen, orders, leaf=leaf), spaces, -index)
        if best is None or key > best:
            best, choice = key, index
    return choice
