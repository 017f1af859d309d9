"""Looking two fills ahead early in the game (research ideas 51 and on).

:mod:`puzzlegen.catscradle.richvalue`'s player scores an end by the mean,
over the fills of its spaces, of the value of the filled layout: one fill
deep.  That value is least exact early in the game, where the layout's
future is many fills away, and the points the players lose are lost there
(docs/whole-game-research.md, "Why hidden-stock play is stuck near 14%").
Early, this player looks one sequence further:

    deep(end) = mean over fills f1 of end [ max over the next sequence's ends c
                    of mean over fills f2 of c [ V(c filled by f2) ] ]

with V the rich value.  Every end is weighed over the same fills
(common random numbers): the outer fills are the player's sampled orders,
the inner ones fresh orders of the unseen cards kept to the cards still to
come after the outer fill (a uniformly shuffled order kept to some of its
cards is a uniformly shuffled order of those cards: nothing of the real
stock's order is read).  To fit a budget, only the ends the rich score
ranks best are weighed deep (``keep``), over the first ``outer`` orders, and
a later sequence's ends with the most spaces are weighed over every inner
fill only for the ``children`` best by a first look over :data:`PROBE` of them.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlegen.catscradle import backvalue, richvalue

__all__ = ["PROBE", "choose_end", "deep_value", "later_value"]

#: How many inner fills rank a later sequence's ends before the best ``children`` get all.
PROBE = 4


def later_value(filled: bytes, left: int, rest: Sequence[int], inner: Sequence[Sequence[int]],
                children: int = 0) -> float:
    """The value of the full layout ``filled`` by one more Bellman step of the rich value.

    Its sequence's ends with the most spaces, each weighed by
    :func:`puzzlegen.catscradle.richvalue.end_value` over ``inner`` (orders
    of ``rest``, the ``left`` cards still to come); the best end's mean.
    With ``children`` > 0 and more ends than that, only the ``children``
    best over the first :data:`PROBE` inner orders are weighed over all of
    them.  Exact (0 or 1, or the exact late game) where the rich value is.
    """
    ends, spaces, settled = backvalue.ends_and_settled(filled, left, backvalue.EXACT_LEFT)
    if settled is not None:
        return settled
    best = max(spaces)
    top = [e for e, s in zip(ends, spaces, strict=True) if s == best]
    if 0 < children < len(top):
        probe = inner[:PROBE]
        quick = [richvalue.end_value(e, rest, probe) for e in top]
        ranked = sorted(range(len(top)), key=lambda i: (-quick[i], i))[:children]
        top = [top[i] for i in sorted(ranked)]
    return max(richvalue.end_value(e, rest, inner) for e in top)


def deep_value(end: bytes, unseen: Sequence[int], orders: Sequence[Sequence[int]],
               inner: Sequence[Sequence[int]], children: int = 0) -> float:
    """The mean of :func:`later_value` over the fills of ``end``'s spaces.

    The fills are :func:`puzzlegen.catscradle.backvalue.fills` of ``orders``
    (orders of ``unseen``); each filled layout's later sequence is weighed
    over ``inner`` (fresh orders of ``unseen``) kept to the cards still to come.
    """

    def leaf(filled: bytes, left: int, cards: Sequence[int]) -> float:
        dealt = set(cards)
        rest = [c for c in unseen if c not in dealt]
        kept = [[c for c in order if c not in dealt] for order in inner]
        return later_value(filled, left, rest, kept, children)

    return backvalue.end_value(end, unseen, orders, leaf=leaf)


def choose_end(ends: Sequence[bytes], candidates: Sequence[tuple[int, int]],
               unseen: Sequence[int], orders: Sequence[Sequence[int]],
               inner: Sequence[Sequence[int]], *, deep: bool, outer: int = 0, keep: int = 0,
               children: int = 0) -> int:
    """The index of the end among ``candidates`` ((spaces, index) pairs) to stop in.

    Every candidate is scored as the rich player does (the mean rich value
    over its fills from ``orders``).  With ``deep``, the ``keep`` best by that
    score (all with 0) are scored again by :func:`deep_value` over the first
    ``outer`` orders (all with 0) and ``inner``, and the best deep score wins,
    the rich score breaking ties.  Then ties go to more spaces, then to the
    first in the solver's order.
    """
    rich = {index: richvalue.end_value(ends[index], unseen, orders) for _, index in candidates}
    ranked = sorted(candidates, key=lambda c: (-rich[c[1]], -c[0], c[1]))
    if not deep or len(ranked) == 1:
        return ranked[0][1]
    shortlist = ranked[:keep] if keep > 0 else ranked
    if len(shortlist) == 1:
        return shortlist[0][1]
    first = orders[:outer] if outer > 0 else orders
    best: tuple[float, float, int, int] | None = None
    choice = shortlist[0][1]
    for spaces, index in shortlist:
        key = (deep_value(ends[index], unseen, first, inner, children), rich[index], spaces,
               -index)
        if best is None or key > best:
            best, choice = key, index
    return choice
