"""Whole-game players who do not know the stock's order, and the perfect one who does.

A player sees only what a person at the table sees: a :class:`StockView`
holds the layout, the cards already dealt from the stock in the order they
came, and the *set* of cards still to come — never their order (a frozenset
has none).  From that a player chooses each sequence's line of play; the
game (:func:`play_game`) deals the spaces from the real stock.

* ``beginner`` plays the hasty player's moves
  (:data:`puzzlegen.catscradle.players.PLAYS_ON`): the first move that empties
  a cell, again, until no single move does; where a longer series would still
  empty one, the rules say the sequence is not over, and it plays the shortest
  such series, then goes on hastily.
* ``expert`` plays the best-space-count line every time
  (:func:`puzzlegen.catscradle.solver.best_line`, the default of
  :func:`puzzlegen.catscradle.wholegame.play`).
* ``strong`` weighs the end positions of each sequence by their chance of
  winning, estimated by sampling orders of the unseen cards
  (:class:`StrongPlayer`; deterministic for a given seed).
* ``perfect`` knows the stock's order (it is not a stock-hidden player): it
  plays the solver's certified line when the deal can be won, and the
  expert's game when it cannot (every line loses then).

>>> play_game(Deal.from_seed(2), "perfect").won
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from puzzlegen.catscradle import (
    _pycore,
    backvalue,
    backvalue_weights,
    core,
    deepvalue,
    richvalue,
    richvalue_weights,
    static,
)
from puzzlegen.catscradle.board import CENTRE, SEES_MASK
from puzzlegen.catscradle.cards import Card, class_support
from puzzlegen.catscradle.endgame import Endgame
from puzzlegen.catscradle.gamesolver import solve
from puzzlegen.catscradle.players import PLAYS_ON
from puzzlegen.catscradle.position import Deal, Position
from puzzlegen.catscradle.solver import CARD_INDEX, Line, _replay, best_line, layout
from puzzlegen.catscradle.wholegame import Turn
from puzzlegen.errors import InvalidInputError

__all__ = [
    "PLAYER_NAMES",
    "GamePlayer",
    "GameRecord",
    "StockView",
    "StrongPlayer",
    "UnknownPlayerError",
    "get_player",
    "play_game",
    "play_hidden",
    "player_name",
]

#: Every player ``get_player`` and :func:`play_game` know, weakest first.
PLAYER_NAMES: tuple[str, ...] = ("beginner", "expert", "strong", "perfect")


class UnknownPlayerError(InvalidInputError):
    """A player name that is not one of :data:`PLAYER_NAMES`."""


@dataclass(frozen=True, slots=True)
class StockView:
    """What a stock-hidden player knows at the start of a sequence of play.

    ``seen`` are the stock's cards dealt so far, in the order they came;
    ``unseen`` the cards still in the stock, as a set: their order is not
    here, and nothing reachable from a view holds it.
    """

    number: int
    position: Position
    seen: tuple[Card, ...]
    unseen: frozenset[Card]

    @property
    def stock_left(self) -> int:
        return len(self.unseen)


class GamePlayer(Protocol):
    """A stock-hidden player: a name and a choice of line for each sequence."""

    @property
    def name(self) -> str: ...

    def choose(self, view: StockView) -> Line:
        """The line of play for the sequence starting at ``view.position``."""
        ...


@dataclass(frozen=True, slots=True)
class _Fixed:
    """A player whose line depends on the position alone."""

    name: str

    def choose(self, view: StockView) -> Line:
        if self.name == "beginner":
            return PLAYS_ON.line(view.position)
        return best_line(view.position)


BEGINNER: GamePlayer = _Fixed("beginner")
EXPERT: GamePlayer = _Fixed("expert")


def _spaces_after(encoded: bytes, path: bytes) -> int:
    """Spaces in the position ``path`` leads to from the layout ``encoded``."""
    heights = bytearray(encoded[:16])
    for k in range(0, len(path), 2):
        heights[path[k]] -= 1
        heights[path[k + 1]] += 1
    return heights.count(0)


def _rollout(encoded: bytes, order: Sequence[int]) -> int:
    """1 if the expert wins from ``encoded`` with the stock ``order``, else 0."""
    at = 0
    while True:
        start = encoded[:16].count(0)
        path = core.best_path(encoded)
        if not path:
            return 0
        heights = bytearray(encoded[:16])
        for k in range(0, len(path), 2):
            heights[path[k]] -= 1
            heights[path[k + 1]] += 1
        if heights.count(0) <= start:
            return 0
        final = _pycore.layout_after(_pycore.split_layout(encoded), path)
        encoded, used = static.fill(final, order[at:])
        at += used
        if at >= len(order):
            return 1


#: Orders of cards (core ints), each a sampled order of the same unseen cards.
Orders = Sequence[Sequence[int]]


def _next_score(end: bytes, order: Sequence[int]) -> int:
    """Idea 2's score of ``end`` for one order: the next sequence's best spaces (a win 16)."""
    filled, used = static.fill(end, order)
    rest = order[used:]
    if not rest:
        return 16
    made = _spaces_after(filled, core.best_path(filled))
    return 16 if made >= len(rest) else made


def _restricted(orders: Orders, cards: Sequence[int]) -> list[list[int]]:
    """Each of ``orders`` (orders of a superset of ``cards``) kept to ``cards`` alone.

    The cards a uniformly shuffled order holds, kept in that order, are a
    uniformly shuffled order of themselves: fresh samples of the unseen
    cards' order that owe nothing to the order being played out.
    """
    keep = set(cards)
    return [[c for c in order if c in keep] for order in orders]


def _choose_next(filled: bytes, rest: Sequence[int], inner: Orders) -> bytes | None:
    """The end a stock-hidden player stops in from ``filled`` by idea 10 (``next``, ``slack=0``).

    ``rest`` is only used as a set (the cards still to come): the choice is
    weighed over ``inner`` orders of those cards, never over ``rest``'s order.
    None when no end creates a space (the game is lost there).
    """
    start = filled[:16].count(0)
    best_spaces = start
    best: list[bytes] = []
    for end in core.end_layouts(filled):
        spaces = end[:16].count(0)
        if spaces > best_spaces:
            best_spaces, best = spaces, [end]
        elif spaces == best_spaces and best:
            best.append(end)
    if not best:
        return None
    if len(best) == 1 or best_spaces - start >= len(rest):
        return best[0]
    orders = _restricted(inner, rest)
    totals = [sum(_next_score(end, order) for order in orders) for end in best]
    return best[totals.index(max(totals))]


def _rollout_next(encoded: bytes, order: Sequence[int], inner: Orders) -> int:
    """1 if idea 10's player (``next``, ``slack=0``, ``inner`` fresh orders) wins from here."""
    at = 0
    while True:
        rest = order[at:]
        end = _choose_next(encoded, rest, inner)
        if end is None:
            return 0
        encoded, used = static.fill(end, rest)
        at += used
        if at >= len(order):
            return 1


#: The names of :func:`position_features`' values, in order.
FEATURES = (
    "bias", "next spaces", "no next space", "next sequence wins", "stock left",
    "singletons", "central singletons", "tall stacks", "moves", "blocked pairs",
)


def position_features(filled: bytes, left: int) -> tuple[float, ...]:
    """What a person sees in a full layout with ``left`` cards still in the stock.

    The spaces its best line makes (and whether that is none, or enough to
    use the stock up), how many cards are left, how many stacks are single
    cards (the ones a space comes from), in the centre (hint 2: those cells
    see most), three cards or taller, how many moves the tops allow, and the
    blocked pairs (hint 3).  The features of :data:`VALUE_WEIGHTS`' model.
    """
    heights = filled[:16]
    made = _spaces_after(filled, core.best_path(filled))
    tops: list[int] = []
    at = 16
    for h in heights:
        at += h
        tops.append(filled[at - 1] >> 1 if h else -1)
    where: dict[int, int] = {}
    for i, top in enumerate(tops):
        if top >= 0:
            where[top] = where.get(top, 0) | 1 << i
    moves = 0
    for i, top in enumerate(tops):
        if top >= 0:
            moves += (where.get(class_support(top), 0) & SEES_MASK[i]).bit_count()
    resting = [tops[i] for i in range(16) if heights[i] > 1]
    return (
        1.0,
        min(made, left) / 8,
        float(made == 0),
        float(made >= left),
        left / 36,
        sum(1 for h in heights if h == 1) / 16,
        sum(1 for i in CENTRE if heights[i] == 1) / 4,
        sum(1 for h in heights if h >= 3) / 16,
        moves / 16,
        (len(resting) - len(set(resting))) / 4,
    )


#: A logistic model of the chance idea 10's player wins from a full layout, one weight
#: a feature, fitted by ``python benchmarks/train_value.py --games 2500 --first 40000
#: --rollouts 16`` (18,028 positions; held-out log loss 0.356 against a constant's 0.526;
#: see docs/whole-game-research.md, idea 17).
VALUE_WEIGHTS: tuple[float, ...] = (
    0.8732, 3.7314, -10.6108, 8.4549, -8.7168, 2.7571, 0.5500, -0.4439, 0.3802, -0.0893
)


def position_value(filled: bytes, left: int) -> float:
    """:data:`VALUE_WEIGHTS`' estimate of the chance to win from ``filled`` (a full layout)."""
    if left <= 0:
        return 1.0
    z = sum(w * x for w, x in zip(VALUE_WEIGHTS, position_features(filled, left), strict=True))
    return 1.0 / (1.0 + math.exp(-z))


#: The exact late game shared by every strong player (its memo only saves work).
_ENDGAME = Endgame(limit=52)

#: How a sampled order of the unseen cards is scored for an end position (see StrongPlayer).
METHODS = (
    "solve", "horizon", "next", "survive", "rollout", "expecti2", "exact", "value", "static",
    "backup", "backup2", "rich", "deep",
)
#: What ``expecti2`` scores after the next sequence's hidden-stock choice.
LEAVES = ("solve", "next", "survive", "value")
#: Who plays out ``rollout``'s games, in :func:`puzzlegen.catscradle.core.rollouts`' order.
BASES = ("expert", "next", "rollout", "static")


@dataclass(frozen=True, slots=True)
class StrongPlayer:
    """Chooses among a sequence's end positions by an estimated chance of winning.

    For each end position that creates a space (the ``width`` with the most
    spaces), ``samples`` orders of the unseen cards are dealt into its spaces
    (the same orders for every end, so the comparison is fair), drawn from a
    stream seeded by ``seed``, the sequence's number and its position: the
    same game with the same seed is always played the same way.  Each
    sampled order scores the end by ``method``:

    ``solve``
        1 if the rest of the game can be won were that order known
        (:func:`puzzlegen.catscradle.core.solve_game`);
    ``horizon``
        1 if, that order known, the game can go on until the next ``horizon``
        cards of the stock are used (a shorter look ahead than ``solve``,
        so less of its optimism: it chooses later sequences knowing the cards);
    ``rollout``
        1 if the expert wins the rest of the game with that order;
    ``next``
        the spaces the next sequence's best line creates (a win counts 16);
    ``survive``
        1 if the next sequence can create a space at all;
    ``expecti2``
        two sequences of look ahead with the stock hidden at both: the next
        sequence's end is chosen as ``next`` with ``slack=0`` would, over
        ``inner`` fresh orders of the cards still to come (never the sampled
        order), and the position after it scored by ``leaf``;
    ``exact``
        ``next``'s score, as an exact expectation over every fill of the
        end's spaces when they are at most ``limit`` (by card class);
    ``value``
        :func:`position_value`, a learned chance of winning of the position
        after the fill;
    ``static``
        no sampling: the tuned linear score of :mod:`puzzlegen.catscradle.static`
        (its own weights and slack; ``samples``, ``width`` and ``slack`` unused);
    ``backup``
        the mean over the fills of the end's spaces (every fill by card class
        when at most ``samples``) of :func:`puzzlegen.catscradle.backvalue.value`,
        a value fitted by backward induction over the cards left;
    ``backup2``
        two levels of it: each filled layout valued by its own best end's
        ``backup`` score over ``inner`` fresh orders of the cards still to come;
    ``rich``
        ``backup``'s mean with :func:`puzzlegen.catscradle.richvalue.value`, a
        value of more features (a look at the next fill), fitted the same way;
    ``deep``
        ``rich``, but while at least ``horizon`` cards are left, the ``race``
        ends it ranks best (0: all) are weighed two fills deep
        (:func:`puzzlegen.catscradle.deepvalue.deep_value`): over the first
        ``depth`` orders (0: all), each filled layout valued by its best end
        (of the ``limit`` with the most spaces ranked best by a first look)
        over ``inner`` fresh orders of the cards still to come.

    With ``exact_below`` > 0, once at most that many cards are left the
    player stops in the end with the exact best chance of winning
    (:class:`puzzlegen.catscradle.endgame.Endgame`: the expectimax over
    every fill, from the layout alone, which fixes the set of unseen cards).

    ``rollout`` with ``base="next"`` lets idea 10's player (``next``,
    ``slack=0``, ``inner`` fresh orders) play the rest instead of the expert;
    with ``base="rollout"``, a player who chooses among the most-space ends
    by the expert's rollouts over ``inner`` fresh orders (two levels of
    rollouts); with ``base="static"``, the ``static`` method's player.
    Rollouts run in the core (:func:`puzzlegen.catscradle.core.rollouts`),
    all of an end's orders in one call.  With ``race``, they are spent as
    successive halving: every end gets a first batch of the orders, the
    better half (by wins so far) the next, larger batch, and so on until
    the last two have had all ``samples``: the same orders for every end
    still in the race, so most rollouts go to the ends in contention.

    The end with the highest total wins; ties go to more spaces now, then
    to the first in the solver's order.  ``docs/whole-game-research.md``
    records each idea tried and its measured win rate.
    """

    # The defaults are the best measured over 10,000 deals (docs/whole-game-research.md,
    # idea 46: 14.8% where idea 5, the default until 2026-11-25, won 14.2%, paired
    # 415 / 351 on the same deals); its value is a chance of winning, as the issue asks.
    seed: str = "0"
    samples: int = 100
    #: Only the ends with the most spaces are weighed, at most this many.
    width: int = 30
    method: str = "rich"
    #: Only ends with at least the most spaces less ``slack`` are weighed.
    slack: int = 0
    #: For ``horizon``: how many of the sampled stock's next cards the game is solved for.
    horizon: int = 10
    #: For ``expecti2`` and ``rollout`` with ``base="next"``: the fresh orders of the
    #: cards still to come over which a later sequence's hidden-stock choice is weighed.
    inner: int = 8
    #: For ``expecti2``: how the position after the next sequence is scored (:data:`LEAVES`).
    leaf: str = "solve"
    #: For ``rollout``: who plays the rest of the game, ``expert``, ``next`` (idea 10) or
    #: ``rollout`` (this method over ``inner`` fresh orders, the expert playing those out).
    base: str = "expert"
    #: For ``exact``: the most distinct fills (by card class) weighed exactly; more are sampled.
    limit: int = 700
    #: For ``rollout``: 1 to race the ends (successive halving), 0 to give each all samples.
    race: int = 0
    #: For ``rollout``: what a lost game that dealt the whole stock would count, in percent
    #: of a win (its share of the stock dealt, scaled); 0: only wins count.
    depth: int = 0
    #: Play exactly (the expectimax of :mod:`puzzlegen.catscradle.endgame`) once at most
    #: this many cards are left; 0: never.
    exact_below: int = 0
    name: str = field(default="strong")

    def __post_init__(self) -> None:
        for label, value, allowed in (
            ("method", self.method, METHODS),
            ("leaf", self.leaf, LEAVES),
            ("base", self.base, BASES),
        ):
            if value not in allowed:
                raise InvalidInputError(
                    f"unknown strong player {label} {value!r} (choose from {', '.join(allowed)})"
                )

    @property
    def version(self) -> str:
        """The method and its settings: a study's rows are kept apart by it."""
        extra = f"-h{self.horizon}" if self.method == "horizon" else ""
        if self.method == "expecti2":
            extra = f"-{self.leaf}-i{self.inner}"
        elif self.method == "exact":
            extra = f"-l{self.limit}"
        elif self.method == "static":
            return f"static-{static.VERSION}"
        elif self.method in ("backup", "backup2"):
            extra = f"-{backvalue_weights.FIT}"
            extra += f"-i{self.inner}" if self.method == "backup2" else ""
        elif self.method == "rich":
            extra = f"-{richvalue_weights.FIT}"
        elif self.method == "deep":
            extra = f"-{richvalue_weights.FIT}-h{self.horizon}-o{self.depth}-k{self.race}"
            extra += f"-m{self.limit}-i{self.inner}"
        elif self.method == "rollout":
            extra = f"-{self.base}-i{self.inner}" if self.base in ("next", "rollout") else ""
            extra += f"-{static.VERSION}" if self.base == "static" else ""
            extra += "-race" if self.race else ""
            extra += f"-d{self.depth}" if self.depth else ""
        exact = f"-exact{self.exact_below}" if self.exact_below else ""
        return f"sampled-{self.method}{extra}-{self.samples}x{self.width}-slack{self.slack}{exact}"

    def choose(self, view: StockView) -> Line:
        position = view.position
        encoded = layout(position)
        if self.exact_below and view.stock_left <= self.exact_below:
            exact = _ENDGAME.best_end(encoded)
            if exact is not None:
                return self._line(position, encoded, exact.index)
        start_spaces = position.spaces
        ends = core.end_layouts(encoded)
        if self.method == "static":
            unseen = static.unseen_counts(CARD_INDEX[c] for c in view.unseen)
            chosen = static.choose_end(ends, start_spaces, unseen, view.stock_left)
            if chosen is None:
                return best_line(position)
            return self._line(position, encoded, chosen)
        scored = [(e[:16].count(0), i) for i, e in enumerate(ends)]
        candidates = sorted(
            ((s, i) for s, i in scored if s > start_spaces), key=lambda t: (-t[0], t[1])
        )[: self.width]
        if not candidates:
            return best_line(position)
        candidates = [c for c in candidates if c[0] >= candidates[0][0] - self.slack]
        if candidates[0][0] - start_spaces >= view.stock_left or len(candidates) == 1:
            return self._line(position, encoded, candidates[0][1])
        label = f"{self.seed}/{view.number}/{position}"
        unseen = sorted(CARD_INDEX[c] for c in view.unseen)
        # The sampled orders, then fresh ones for a later sequence's hidden-stock choice
        # (drawn after the outer ones, so those stay what the earlier methods drew), all
        # shuffled in the core: SeededStream's orders, faster than Python draws them.
        nested = self.method in ("expecti2", "backup2", "deep") or (
            self.method == "rollout" and self.base in ("next", "rollout")
        )
        fresh = self.inner if nested else 0
        drawn = core.shuffles("cats-cradle/strong", label, bytes(unseen), self.samples + fresh)
        if self.method == "rollout":
            choice = self._by_rollouts(ends, candidates, drawn, len(unseen))
            return self._line(position, encoded, choice)
        n = len(unseen)
        rows = [list(drawn[k * n : (k + 1) * n]) for k in range(self.samples + fresh)]
        orders, inner = rows[: self.samples], rows[self.samples :]
        if self.method in ("backup", "backup2"):
            two = inner if self.method == "backup2" else None
            choice = backvalue.choose_end(ends, candidates, unseen, orders, two)
            return self._line(position, encoded, choice)
        if self.method == "rich":
            choice = richvalue.choose_end(ends, candidates, unseen, orders)
            return self._line(position, encoded, choice)
        if self.method == "deep":
            choice = deepvalue.choose_end(
                ends, candidates, unseen, orders, inner, deep=view.stock_left >= self.horizon,
                outer=self.depth, keep=self.race, children=self.limit,
            )
            return self._line(position, encoded, choice)
        best: tuple[float, int, int] | None = None
        choice = candidates[0][1]
        for spaces, index in candidates:
            if self.method == "exact":
                total = self._exact(ends[index], unseen, orders)
            else:
                total = sum(self._score(ends[index], order, inner) for order in orders)
            key = (total, spaces, -index)
            if best is None or key > best:
                best, choice = key, index
        return self._line(position, encoded, choice)

    def _score(
        self, end: bytes, order: Sequence[int], inner: Orders = (), method: str = ""
    ) -> float:
        method = method or self.method
        filled, used = static.fill(end, order)
        rest = order[used:]
        if method == "solve":
            return int(core.solve_game(filled, bytes(rest))[0])
        if method == "horizon":
            return int(core.solve_game(filled, bytes(rest[: self.horizon]))[0])
        if method == "expecti2":
            top = 16 if self.leaf == "next" else 1
            if not rest:
                return top
            # The next sequence is chosen as a stock-hidden player would (from the
            # cards dealt, never ``rest``'s order), then scored with this order.
            chosen = _choose_next(filled, rest, inner)
            if chosen is None:
                return 0
            return self._score(chosen, rest, method=self.leaf)
        if method == "value":
            return position_value(filled, len(rest))
        if not rest:
            return 16
        made = _spaces_after(filled, core.best_path(filled))
        if method == "survive":
            return int(made > 0)
        return 16 if made >= len(rest) else made

    def _by_rollouts(
        self, ends: list[bytes], candidates: list[tuple[int, int]], drawn: bytes, length: int
    ) -> int:
        """The end (its index) that wins the most rollouts of the base player.

        With ``depth``, a lost rollout counts too, by the share of the stock it
        dealt (``depth`` percent of a win for all of it).  Ties go to more
        spaces, then to the first in the solver's order.  Every
        end is rolled out with the same orders (common random numbers); with
        ``race``, by successive halving (see the class's docstring).  ``drawn``
        holds the ``samples`` orders, then the inner ones, ``length`` cards each.
        """
        stock = drawn[: self.samples * length]
        fresh = drawn[self.samples * length :]
        inner_length = length
        base = BASES.index(self.base)
        if self.base == "static":  # no inner orders: the static player's weights instead
            fresh, inner_length = static.packed_weights(), static.WORDS
        alive = list(candidates)
        score = dict.fromkeys((index for _, index in alive), 0)
        done = 0
        for target in self._batches(len(alive)):
            chunk = stock[done * length : target * length]
            for _, index in alive:
                left = core.rollouts(ends[index], chunk, length, base, fresh, inner_length)
                # A win counts 100 (in units of 1/length), a lost game's dealt cards ``depth``.
                score[index] += 100 * length * left.count(0) + self.depth * sum(
                    length - x for x in left if x
                )
            done = target
            alive.sort(key=lambda c: (-score[c[1]], -c[0], c[1]))
            alive = alive[: (len(alive) + 1) // 2]
        return alive[0][1]

    def _batches(self, ends: int) -> list[int]:
        """How many of the sampled orders the ends still in the race have had after each round.

        Without ``race``, one round of all of them.  With it, halving the ends
        after each round until two are left, the orders doubling (at least 16
        in the first round).
        """
        if not self.race or ends <= 2:
            return [self.samples]
        rounds = (ends - 1).bit_length()  # ceil(log2(ends)): the last round has two ends
        first = min(self.samples, 16)
        return [max(self.samples >> (rounds - 1 - r), first) for r in range(rounds)]

    def _exact(self, end: bytes, unseen: Sequence[int], orders: Orders) -> float:
        """The mean of idea 2's score of ``end`` over every fill of its spaces, weighted exactly.

        Twins being interchangeable, a fill is a sequence of card classes;
        each is weighed by how many orders of the unseen cards deal it.  With
        more than ``limit`` distinct fills, the sampled ``orders`` stand in.
        """
        spaces = end[:16].count(0)
        cards: dict[int, list[int]] = {}
        for card in unseen:
            cards.setdefault(card >> 1, []).append(card)
        counts = {cls: len(twins) for cls, twins in cards.items()}
        distinct = 1
        for _ in range(min(spaces, len(unseen))):
            distinct *= len(counts)
            if distinct > self.limit:
                return sum(_next_score(end, o) for o in orders) / len(orders)
        classes = sorted(counts)
        rest_left = len(unseen) - spaces
        total = 0.0
        weight_all = 0
        fill: list[int] = []

        def walk(depth: int, weight: int) -> None:
            nonlocal total, weight_all
            if depth == spaces:
                # The cards after the fill matter only by how many there are.
                total += weight * _next_score(end, [*fill, *([0] * rest_left)])
                weight_all += weight
                return
            for cls in classes:
                n = counts[cls]
                if n:
                    counts[cls] = n - 1
                    fill.append(cards[cls][n - 1])  # twins: the second dealt is the other
                    walk(depth + 1, weight * n)
                    fill.pop()
                    counts[cls] = n
        if spaces >= len(unseen):
            return 16.0
        walk(0, 1)
        return total / weight_all

    @staticmethod
    def _line(position: Position, encoded: bytes, index: int) -> Line:
        path = core.explore(encoded)[2][index]
        return _replay(position, _pycore.tidy(_pycore.split_layout(encoded), path))


def player_name(value: str) -> str:
    """The name of :data:`PLAYER_NAMES` that ``value`` gives (in any case), else
    :class:`UnknownPlayerError`."""
    name = value.strip().lower()
    if name not in PLAYER_NAMES:
        raise UnknownPlayerError(
            f"unknown player {value!r} (choose from {', '.join(PLAYER_NAMES)})"
        )
    return name


def get_player(name: str, *, seed: int | str = 0) -> GamePlayer:
    """The stock-hidden player called ``name`` (``beginner``, ``expert`` or ``strong``)."""
    key = player_name(name)
    if key == "beginner":
        return BEGINNER
    if key == "expert":
        return EXPERT
    if key == "strong":
        return StrongPlayer(seed=str(seed))
    raise UnknownPlayerError(
        f"the {key} player reads the stock, so it is not a stock-hidden player: "
        "play it with play_game"
    )


def play_hidden(deal: Deal, player: GamePlayer, *, sequences: int = 0) -> tuple[Turn, ...]:
    """Play ``deal`` to its end, each sequence chosen by ``player`` from a :class:`StockView`.

    With ``sequences``, stop after that many (the game may not be over then).
    """
    position, stock = deal.layout, deal.stock
    turns = []
    number = 1
    while True:
        view = StockView(
            number, position, deal.stock[: len(deal.stock) - len(stock)], frozenset(stock)
        )
        line = player.choose(view)
        if line.position != position:
            raise InvalidInputError(f"player {player.name!r} played from another position")
        created = line.final.spaces > position.spaces
        filled, stock = line.final.fill(stock) if created else (line.final, stock)
        turn = Turn(number, line, filled, stock)
        turns.append(turn)
        if turn.ends_game or len(turns) == sequences:
            return tuple(turns)
        position = filled
        number += 1


@dataclass(frozen=True, slots=True)
class GameRecord:
    """One game played to its end by a named player."""

    player: str
    deal: Deal
    turns: tuple[Turn, ...]

    @property
    def won(self) -> bool:
        return self.turns[-1].won

    @property
    def sequences(self) -> int:
        """Sequences played, counting a lost game's last one (which created no space)."""
        return len(self.turns)

    @property
    def end_spaces(self) -> int:
        """Spaces the last sequence created (0 when the game is lost)."""
        return self.turns[-1].created

    @property
    def stock_left(self) -> int:
        """Cards still in the stock at the end (0 for a win)."""
        return len(self.turns[-1].stock)

    @property
    def no_first_move(self) -> bool:
        """Whether the first layout let no space be created at all."""
        return self.turns[0].created == 0


def play_game(deal: Deal, player: str | GamePlayer, *, seed: int | str = 0) -> GameRecord:
    """Play ``deal`` with ``player`` (a name of :data:`PLAYER_NAMES` or a player).

    ``seed`` seeds the strong player's sampling.
    """
    if isinstance(player, str):
        if player_name(player) == "perfect":
            solution = solve(deal.layout, deal.stock)
            turns = solution.turns if solution.won else play_hidden(deal, EXPERT)
            return GameRecord("perfect", deal, turns)
        player = get_player(player, seed=seed)
    return GameRecord(player.name, deal, play_hidden(deal, player))
