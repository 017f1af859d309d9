"""A richer value by backward induction: more features, and a small network (ideas 46 and on).

:mod:`puzzlegen.catscradle.backvalue`'s value sees 17 features of a full
layout.  "A value that cannot see an advantage cannot count it": this one
adds what the seed's advanced hints point at ("calculations based on cards
that have yet to emerge from the stock"), chiefly a look at the *next* fill:
for the first few ends of the layout's own sequence that make the most
spaces, which of the unseen cards, dealt into each space, would let the
following sequence make a space again (it can rest on a top the space
sees, or a single card the space sees can rest on it), summed up as the
chance that at least one dealt card does.  See :data:`RICH_FEATURES`.

The model: with ``HIDDEN`` empty, a logistic function of the features, each
weighed by a quadratic in the cards left ``k`` (as backvalue's); otherwise
that plus one hidden layer of tanh units over the features, ``k/36`` and
``(k/36)^2``:  ``z = linear + sum_j out_j tanh(hidden_j . x')``.  Pure Python
at play time (numpy only to fit, in ``benchmarks/train_backup.py --model
rich``); the weights live in :mod:`puzzlegen.catscradle.richvalue_weights`.
Exact where :func:`puzzlegen.catscradle.backvalue.value` is.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from puzzlegen.catscradle import backvalue, richvalue_weights
from puzzlegen.catscradle.board import SEES
from puzzlegen.catscradle.cards import class_below, class_support

__all__ = [
    "RICH_FEATURES", "Model", "choose_end", "end_value", "making", "model", "rich_features",
    "value",
]

#: The names of :func:`rich_features`' values: backvalue's 17, then the new ones.
RICH_FEATURES = (
    *backvalue.FEATURES,
    "next fill makes: best end", "next fill makes: mean of ends", "making cards: best end",
    "twin tops", "classes one unseen", "frozen tops", "singletons' unseen supports",
    "best end's singletons", "best end's spaces in sight of each other",
)
#: How many of the sequence's most-space ends the look at the next fill weighs.
LOOK_ENDS = 4

_SUPPORT = tuple(class_support(c) for c in range(26))
_SUPPORT_BIT = tuple(1 << class_support(c) for c in range(26))
_FOLLOW_BIT = tuple(1 << class_below(c, 1) for c in range(26))
_SEES_SET = tuple(frozenset(s) for s in SEES)


def making(end: bytes) -> tuple[list[int], list[int], int]:
    """The spaces of ``end``, for each the classes that make a space again if dealt there.

    A card dealt into a space makes one in the next sequence at once when it
    can rest on a top the space sees (its own cell empties again) or a
    single card the space sees can rest on it (that card's cell empties).
    Bit ``c`` of a space's mask is set for such a class ``c``.  Also the
    number of singletons of ``end``.
    """
    heights = end[:16]
    reach = [0] * 16
    singles = 0
    at = 16
    spaces = []
    for i in range(16):
        h = heights[i]
        if h:
            at += h
            t = end[at - 1] >> 1
            if h == 1:
                singles += 1
                # the card that rests on this top, and the card this single rests on
                reach[i] = _FOLLOW_BIT[t] | _SUPPORT_BIT[t]
            else:
                reach[i] = _FOLLOW_BIT[t]
        else:
            spaces.append(i)
    masks = []
    for i in spaces:
        mask = 0
        for j in SEES[i]:
            mask |= reach[j]
        masks.append(mask)
    return spaces, masks, singles


def _next_fill(end: bytes, one: int, two: int, left: int) -> tuple[float, float, int, int]:
    """How the next fill of ``end``'s spaces could make a space again (:func:`making`).

    The chance (cells taken as independent) that at least one card dealt
    into a space makes one; the expected number of such cards; the end's
    singletons; its pairs of spaces that see each other.  ``one`` and
    ``two``: bit ``c`` set when at least one, two cards of class ``c`` are unseen.
    """
    spaces, masks, singles = making(end)
    miss = 1.0
    expected = 0.0
    pairs = 0
    for i, mask in zip(spaces, masks, strict=True):
        m = ((mask & one).bit_count() + (mask & two).bit_count()) / left
        expected += m
        miss *= 1.0 - m
        pairs += sum(1 for j in spaces if j > i and j in _SEES_SET[i])
    return 1.0 - miss, expected, singles, pairs


def rich_features(filled: bytes, left: int, ends: Sequence[bytes], spaces: Sequence[int]
                  ) -> list[float]:
    """:data:`RICH_FEATURES` of the full layout ``filled`` with ``left`` cards to come.

    ``ends`` and ``spaces`` are its sequence's ends (``core.end_layouts``)
    and their space counts, at least one above 0 and every one below ``left``.
    """
    x = backvalue.features(filled, left, spaces)
    heights, present, tops = backvalue.read_layout(filled)
    unseen = [2 - p for p in present]
    on_top = [0] * 26
    for t in tops:
        if t >= 0:
            on_top[t] += 1
    frozen = single_supports = 0
    for i, t in enumerate(tops):
        if t < 0:
            continue
        s = _SUPPORT[t]
        if not unseen[s] and not on_top[s]:
            frozen += 1
        if heights[i] == 1:
            single_supports += unseen[s]
    one = two = 0
    for c in range(26):
        if unseen[c]:
            one |= 1 << c
            if unseen[c] == 2:
                two |= 1 << c
    best = max(spaces)
    looks = []
    for e, s in zip(ends, spaces, strict=True):
        if s == best:
            looks.append(_next_fill(e, one, two, left))
            if len(looks) == LOOK_ENDS:
                break
    top = max(looks)
    return [
        *x,
        top[0],
        sum(q for q, _, _, _ in looks) / len(looks),
        min(max(e for _, e, _, _ in looks), 4.0) / 4,
        sum(1 for c in on_top if c == 2) / 4,
        sum(1 for u in unseen if u == 1) / 13,
        frozen / 8,
        single_supports / 16,
        top[2] / 16,
        top[3] / 4,
    ]


class Model:
    """The value's weights: the linear part (three a feature) and the hidden layer's."""

    def __init__(self, linear: Sequence[float], hidden: Sequence[Sequence[float]] = (),
                 out: Sequence[float] = ()) -> None:
        self.linear = tuple(linear)
        self.hidden = tuple(tuple(h) for h in hidden)
        self.out = tuple(out)
        n = len(RICH_FEATURES)
        if len(self.linear) != 3 * n or len(self.out) != len(self.hidden) or any(
            len(h) != n + 2 for h in self.hidden
        ):
            raise ValueError("the weights do not fit richvalue.RICH_FEATURES")

    def chance(self, x: Sequence[float], left: int) -> float:
        """The model's chance for features ``x`` with ``left`` cards to come."""
        u = left / 36
        v = u * u
        n = len(x)
        w = self.linear
        z = 0.0
        for i, a in enumerate(x):
            z += a * (w[i] + u * w[n + i] + v * w[2 * n + i])
        if self.hidden:
            inputs = (*x, u, v)
            for row, o in zip(self.hidden, self.out, strict=True):
                z += o * math.tanh(sum(a * b for a, b in zip(row, inputs, strict=True)))
        if z < -40:
            return 0.0
        return 1.0 / (1.0 + math.exp(-z))


def model() -> Model:
    """The shipped fit (:mod:`puzzlegen.catscradle.richvalue_weights`)."""
    return Model(richvalue_weights.LINEAR, richvalue_weights.HIDDEN, richvalue_weights.OUT)


#: The model :func:`value` uses when given none (a benchmark may replace it).
MODEL = model()


def value(filled: bytes, left: int, weights: Model | None = None) -> float:
    """The estimated chance optimal stock-hidden play wins from the full layout ``filled``."""
    return value_and_features(filled, left, weights)[0]


def value_and_features(filled: bytes, left: int, weights: Model | None = None
                       ) -> tuple[float, list[float] | None]:
    """:func:`value` and the features it was taken from (None where it is settled)."""
    ends, spaces, settled = backvalue.ends_and_settled(filled, left, backvalue.EXACT_LEFT)
    if settled is not None:
        return settled, None
    x = rich_features(filled, left, ends, spaces)
    return (weights or MODEL).chance(x, left), x


def end_value(end: bytes, unseen: Sequence[int], orders: Sequence[Sequence[int]],
              weights: Model | None = None) -> float:
    """The mean :func:`value` over the fills of ``end``'s spaces from the ``unseen`` cards.

    :func:`puzzlegen.catscradle.backvalue.end_value`'s fills (every fill by
    card class when there are at most ``len(orders)``, else one from each of
    ``orders``), each filled layout valued by :func:`value`.
    """

    def leaf(filled: bytes, left: int, _cards: Sequence[int]) -> float:
        return value(filled, left, weights)

    return backvalue.end_value(end, unseen, orders, leaf=leaf)


def choose_end(ends: Sequence[bytes], candidates: Sequence[tuple[int, int]],
               unseen: Sequence[int], orders: Sequence[Sequence[int]]) -> int:
    """The index of the end among ``candidates`` ((spaces, index) pairs) with the best value.

    Ties go to more spaces, then to the first in the solver's order.
    """
    best: tuple[float, int, int] | None = None
    choice = candidates[0][1]
    for spaces, index in candidates:
        key = (end_value(ends[index], unseen, orders), spaces, -index)
        if best is None or key > best:
            best, choice = key, index
    return choice
