"""The search of one sequence of play in pure Python: the fallback of the compiled core.

This module and ``_ccore.c`` implement the same two functions over the same
encoding, and must give byte-identical answers (a differential test holds
them to it); :mod:`puzzlegen.catscradle.core` picks one at import.

Encoding.  A card is an int ``4 * (rank - 1) + 2 * red + twin`` (``twin`` is
0 for clubs and diamonds, 1 for spades and hearts), so ``card >> 1`` is its
*class* (rank and colour: twins share it).  A *layout* is ``bytes``: the 16
cell heights, then each cell's cards bottom to top.  A *path* is ``bytes`` of
(source cell, target cell) pairs.

The search rests on one fact of the rules: during a sequence of play the
bottom card of a cell never changes (nothing is ever moved into a space), and
every stack descends one rank at a time in alternating colours from its
bottom card.  So a cell is its bottom card's class and its height, and a
state of the search is the 16 heights (a ``bytes``):

* twins share a class, so states that differ only by which twin lies where
  are one (an exact reduction: the rules cannot tell twins apart);
* breadth-first search with moves tried in (source, target) order reaches
  every state first by its lexicographically smallest shortest path, so "the
  first found" is a definition, not an accident of the implementation;
* an upper bound on the spaces any line can reach stops the search at the
  first depth that meets it (see :meth:`_Graph.upper_bound`).

A third function, :func:`solve_json`, is ``solve --json`` on one line of
text: straight from text to ints and from the answer to JSON, for batches.
"""

from __future__ import annotations

from collections.abc import Callable

from puzzlegen.catscradle.board import CELLS, CENTRE, SEES, SEES_MASK
from puzzlegen.catscradle.cards import class_below, class_support

State = bytes
#: How each state was first reached: (previous state, src, dst), None for the start.
Parents = dict[State, tuple[State, int, int] | None]
#: A move as the tidying step sees it: (card, onto, src, dst).
CardMove = tuple[int, int, int, int]
_NO_CLASS = -1
_CLASSES = 26
_MAX_HEIGHT = 52

# _TOP[c][h]: the class of the card h - 1 steps above a bottom card of class c
# (index 0 is "no card"); _NEED[c][h]: the class that card may be placed on.
# 53 heights cover any stack one pack can build.
_TOP = tuple((_NO_CLASS, *(class_below(c, h) for h in range(52))) for c in range(_CLASSES))
_NEED = tuple((_NO_CLASS, *(class_support(t) for t in tops[1:])) for tops in _TOP)
_EMPTY = (_NO_CLASS,) * 53


def split_layout(layout: bytes) -> list[list[int]]:
    """The 16 stacks of a layout, cards bottom to top."""
    stacks = []
    at = CELLS
    for height in layout[:CELLS]:
        stacks.append(list(layout[at : at + height]))
        at += height
    return stacks


class _Graph:
    """The fixed tables of one sequence of play: bottom classes and tops by height."""

    __slots__ = ("active", "need", "present", "stacks", "start", "top")

    def __init__(self, layout: bytes) -> None:
        stacks = split_layout(layout)
        self.stacks = stacks
        self.top = tuple(_TOP[s[0] >> 1] if s else _EMPTY for s in stacks)
        self.need = tuple(_NEED[s[0] >> 1] if s else _EMPTY for s in stacks)
        self.active = tuple(i for i in range(CELLS) if stacks[i])
        self.start: State = bytes(layout[:CELLS])
        present = [0] * _CLASSES
        for stack in stacks:
            for card in stack:
                present[card >> 1] += 1
        self.present = present

    def successors(self, state: State, emptying_only: bool = False) -> list[tuple[int, int, State]]:
        """``(src, dst, next_state)`` for every legal move, in (src, dst) order.

        With ``emptying_only``, only the moves that empty their source cell.
        """
        top, need, active = self.top, self.need, self.active
        # Cells by the class on top, as bitmasks: a card has one class it may
        # go on, so each source finds its targets with one AND.
        where = [0] * _CLASSES
        for i in active:
            h = state[i]
            if h:
                where[top[i][h]] |= 1 << i
        result = []
        for src in active:
            h = state[src]
            if not h or (emptying_only and h > 1):
                continue
            targets = where[need[src][h]] & SEES_MASK[src]
            while targets:
                low = targets & -targets
                targets ^= low
                dst = low.bit_length() - 1
                nxt = bytearray(state)
                nxt[src] = h - 1
                nxt[dst] += 1
                result.append((src, dst, bytes(nxt)))
        return result

    def upper_bound(self) -> int:
        """No line can leave more spaces than this.

        Two over-approximations, both ignoring the order of play.  First a
        fixpoint: ``lo[i]..hi[i]`` is the range of heights cell ``i`` might
        ever reach.  Its top card may leave (lowering ``lo``) when some cell
        it sees might show that card's support, and a card may arrive
        (raising ``hi``) when some cell it sees might show the next card of
        its stack.  Sets of classes are 26-bit masks.  Then a count: an
        emptied cell's bottom card ends resting on its own support card, so
        the cells emptied with bottom class ``c`` are at most the cards of
        class ``c``'s support in the position (two at most, often fewer).
        """
        top, need, active = self.top, self.need, self.active
        lo = list(self.start)
        hi = list(self.start)
        shows = [0] * CELLS  # classes each cell might show on top
        for i in active:
            shows[i] = 1 << top[i][hi[i]]
        changed = True
        while changed:
            changed = False
            for i in active:
                seen = 0
                for j in SEES[i]:
                    seen |= shows[j]
                while lo[i] > 0 and seen >> need[i][lo[i]] & 1:
                    lo[i] -= 1
                    if lo[i]:
                        shows[i] |= 1 << top[i][lo[i]]
                    changed = True
                while hi[i] < _MAX_HEIGHT and seen >> top[i][hi[i] + 1] & 1:
                    hi[i] += 1
                    shows[i] |= 1 << top[i][hi[i]]
                    changed = True
        if not active:
            return CELLS
        emptiable = [0] * _CLASSES
        for i in active:
            if lo[i] == 0:
                emptiable[top[i][1]] += 1
        bound = CELLS - len(active)
        for c in range(_CLASSES):
            bound += min(emptiable[c], self.present[class_support(c)])
        return min(bound, CELLS - 1)

    def tie_key(self, state: State) -> tuple[int, int]:
        """Fewest blocked pairs, then most central spaces: smaller is better."""
        return (self._blocked(state), -sum(1 for i in CENTRE if not state[i]))

    def _blocked(self, state: State) -> int:
        # The tops that rest on a card; two of one class rest on both supports.
        rests = [self.top[i][state[i]] for i in self.active if state[i] > 1]
        return len(rests) - len(set(rests))


def _path(parents: Parents, state: State) -> bytes:
    path: list[int] = []
    step = parents[state]
    while step is not None:
        prev, src, dst = step
        path += (dst, src)
        step = parents[prev]
    path.reverse()
    return bytes(path)


def best_path(layout: bytes) -> bytes:
    """The best line of ``layout``: most spaces, fewest moves, then the tie-break, tidied.

    Among the shortest lines to the best space count, the one chosen creates
    the fewest blocked pairs, then empties the most central cells, then comes
    first in (source, target) order.
    """
    graph, parents, best = _best_state(layout)
    return tidy(graph.stacks, _path(parents, best))


def _best_state(layout: bytes) -> tuple[_Graph, Parents, State]:
    """:func:`best_path`'s search: the graph, how each state was reached, the state chosen."""
    graph = _Graph(layout)
    bound = graph.upper_bound()
    start = graph.start
    parents: Parents = {start: None}
    best_spaces = start.count(0)
    # The states with the most spaces at the shallowest depth they occur.
    candidates = [start]
    frontier = [start]
    while frontier and best_spaces < bound:
        nxt = []
        level_best: list[State] = []
        for state in frontier:
            # Once this depth meets the bound it is the last one searched, and
            # its remaining candidates can only come from moves that empty a cell.
            for src, dst, child in graph.successors(state, best_spaces >= bound):
                if child in parents:
                    continue
                parents[child] = (state, src, dst)
                nxt.append(child)
                if state[src] == 1:
                    spaces = child.count(0)
                    if spaces > best_spaces:
                        best_spaces, level_best = spaces, [child]
                    elif spaces == best_spaces and level_best:
                        level_best.append(child)
        if level_best:
            candidates = level_best
        frontier = nxt
    return graph, parents, min(candidates, key=graph.tie_key)


def explore(layout: bytes) -> tuple[int, bytes, list[bytes]]:
    """Every state one sequence of play can reach from ``layout``.

    Returns the number of states, the best path (as :func:`best_path`) and,
    in breadth-first order, a path to each *end* state: one a sequence may
    stop in because no series of further moves creates another space.
    Moves that create no space can always be undone (the card goes back on
    its old support), so within one space count the states fall into groups
    that reach each other; a group ends play when none of its states has a
    move that empties a cell.
    """
    graph = _Graph(layout)
    start = graph.start
    parents: Parents = {start: None}
    depth = {start: 0}
    order = [start]
    neighbours: dict[State, list[State]] = {}
    creates_space: set[State] = set()
    for state in order:  # breadth-first: order grows while we walk it
        same_level = []
        for src, dst, child in graph.successors(state):
            if state[src] == 1:
                creates_space.add(state)
            else:
                same_level.append(child)
            if child not in parents:
                parents[child] = (state, src, dst)
                depth[child] = depth[state] + 1
                order.append(child)
        neighbours[state] = same_level
    group: dict[State, int] = {}
    open_groups: set[int] = set()
    for state in order:
        if state in group:
            continue
        gid = len(group)
        todo = [state]
        group[state] = gid
        while todo:
            s = todo.pop()
            if s in creates_space:
                open_groups.add(gid)
            for t in neighbours[s]:
                if t not in group:
                    group[t] = gid
                    todo.append(t)
    ends = [_path(parents, s) for s in order if group[s] not in open_groups]
    # The best line of the same search: the states with the most spaces at
    # the least depth, in breadth-first order, as best_path's search finds them.
    most = max(s.count(0) for s in order)
    shallowest = min(depth[s] for s in order if s.count(0) == most)
    candidates = [s for s in order if depth[s] == shallowest and s.count(0) == most]
    best = min(candidates, key=graph.tie_key)
    return len(order), tidy(graph.stacks, _path(parents, best)), ends


def end_layouts(layout: bytes) -> list[bytes]:
    """The layout of every end state of :func:`explore`, in the same order.

    Real cards: each is the position the shortest line to that state (the
    one :func:`explore` gives) leads to.  What a whole-game search needs from
    one sequence of play: where it may stop.
    """
    return [layout_after(split_layout(layout), path) for path in explore(layout)[2]]


def layout_after(stacks: list[list[int]], path: bytes) -> bytes:
    """The layout ``path`` leads to from ``stacks``."""
    current = [list(s) for s in stacks]
    for k in range(0, len(path), 2):
        current[path[k + 1]].append(current[path[k]].pop())
    return bytes([len(s) for s in current] + [c for s in current for c in s])


def tidy(stacks: list[list[int]], path: bytes) -> bytes:
    """Bring each transfer next to the previous move of the same card, where legal.

    Breadth-first order interleaves unrelated moves ("3♣ on 4♦, 7♠ on 8♥,
    3♣ on to 4♥"); a reader follows one card at a time.  Reordering keeps the
    line's length and its final position (real cards, not just classes), and
    is deterministic.
    """
    current = [list(s) for s in stacks]
    moves: list[CardMove] = []
    for k in range(0, len(path), 2):
        src, dst = path[k], path[k + 1]
        card = current[src].pop()
        moves.append((card, current[dst][-1], src, dst))
        current[dst].append(card)
    final = current
    for j in range(1, len(moves)):
        card = moves[j][0]
        i = max((k for k in range(j) if moves[k][0] == card), default=None)
        if i is None or i == j - 1:
            continue
        candidate = [*moves[: i + 1], moves[j], *moves[i + 1 : j], *moves[j + 1 :]]
        if _replays_to(stacks, candidate, final):
            moves = candidate
    return bytes(x for move in moves for x in move[2:])


def _replays_to(stacks: list[list[int]], moves: list[CardMove], final: list[list[int]]) -> bool:
    """Whether ``moves`` are legal in turn from ``stacks`` and end in ``final``."""
    current = [list(s) for s in stacks]
    for card, onto, src, dst in moves:
        # The cells see each other and the card fits (the moves were played
        # once); what may differ is which cards are on top.
        if not current[src] or not current[dst]:
            return False
        if current[src][-1] != card or current[dst][-1] != onto:
            return False
        current[dst].append(current[src].pop())
    return current == final


# -- whole games: the stock's order known ------------------------------------------

#: A position between sequences as the game search keeps it: each cell's
#: bottom class (``_CLASSES`` for a space), then each cell's height.  Twins
#: being interchangeable, that fixes every stack; it is also the memo's key.
Cells = bytes


def _cells_layout(cells: Cells) -> bytes:
    """A layout of ``cells`` in which each card stands in by its class (``2 * class``)."""
    heights = cells[CELLS:]
    cards = [
        2 * _TOP[cells[i]][k + 1] for i in range(CELLS) for k in range(heights[i])
    ]
    return bytes(heights) + bytes(cards)


def _end_states(graph: _Graph) -> list[tuple[int, int, State]]:
    """``(spaces, index, state)`` of the end states with more spaces than the start.

    ``index`` is the state's place among all of :func:`explore`'s end states;
    the list is sorted by most spaces, then that order.
    """
    start = graph.start
    index = {start: 0}
    order = [start]
    up = [0]
    creates = [False]

    def root(k: int) -> int:
        while up[k] != k:
            up[k] = up[up[k]]
            k = up[k]
        return k

    for k, state in enumerate(order):  # breadth-first: order grows while we walk it
        for src, _dst, child in graph.successors(state):
            at = index.get(child)
            if at is None:
                at = index[child] = len(order)
                order.append(child)
                up.append(at)
                creates.append(False)
            if state[src] == 1:
                creates[k] = True
            else:
                a, b = root(k), root(at)
                if a != b:
                    up[max(a, b)] = min(a, b)
    for k in range(len(order)):
        if creates[k]:
            creates[root(k)] = True
    start_spaces = start.count(0)
    ends = []
    count = 0
    for k, state in enumerate(order):
        if creates[root(k)]:
            continue
        spaces = state.count(0)
        if spaces > start_spaces:
            ends.append((spaces, count, state))
        count += 1
    ends.sort(key=lambda e: -e[0])  # stable: explore()'s order within a space count
    return ends


def solve_game(layout: bytes, stock: bytes) -> tuple[bool, list[int], int]:
    """Whether the game from ``layout`` with ``stock`` (top card first) can be won.

    Returns ``(won, choices, nodes)``: for a win, ``choices[i]`` is the index,
    in :func:`end_layouts` of the ``i``-th sequence's start, of the end
    position that sequence stops in; ``nodes`` counts the positions searched.

    A depth-first search over the positions between sequences, keyed by
    their class-level cells (twins are interchangeable; the cards in the
    layout tell how many stock cards were dealt, so no stock index is
    needed).  Only where a sequence may end matters, so each position's
    children are its end states with more spaces than it has, most spaces
    first (a win often comes fast), then :func:`explore`'s order.  An end
    with at least as many spaces as stock cards left wins at once.  Lost
    positions are remembered.  The compiled core does exactly this, so both
    give the same choices and the same node count.
    """
    stacks = split_layout(layout)
    classes = [card >> 1 for card in stock]
    start: Cells = bytes(
        [s[0] >> 1 if s else _CLASSES for s in stacks] + [len(s) for s in stacks]
    )
    lost: set[Cells] = set()
    choices: list[int] = []
    nodes = 0

    def won_from(cells: Cells, dealt: int) -> bool:
        nonlocal nodes
        if cells in lost:
            return False
        nodes += 1
        graph = _Graph(_cells_layout(cells))
        if graph.upper_bound() > graph.start.count(0):
            remaining = len(classes) - dealt
            for spaces, index, state in _end_states(graph):
                choices.append(index)
                if spaces >= remaining:
                    return True
                bottoms = bytearray(cells[:CELLS])
                heights = bytearray(state)
                at = dealt
                for i in range(CELLS):
                    if not state[i]:
                        bottoms[i] = classes[at]
                        heights[i] = 1
                        at += 1
                if won_from(bytes(bottoms) + bytes(heights), at):
                    return True
                choices.pop()
        lost.add(cells)
        return False

    won = won_from(start, 0)
    return won, choices, nodes


# -- rollouts: whole games played out by a stock-hidden base player ------------

#: At most this many inner orders (the compiled core keeps them on its stack).
_MAX_INNER = 64
#: Base 3's ``inner``: its slack and the static evaluator's 18 weights, 4 bytes each.
_STATIC_WORDS = 19


def _fill_stacks(stacks: list[list[int]], cards: bytes) -> int:
    """Deal ``cards`` into the spaces of ``stacks`` in cell order; how many were used."""
    used = 0
    for stack in stacks:
        if used == len(cards):
            break
        if not stack:
            stack.append(cards[used])
            used += 1
    return used


def _encode(stacks: list[list[int]]) -> bytes:
    return bytes([len(s) for s in stacks] + [c for s in stacks for c in s])


def _next_score(end: list[list[int]], order: bytes) -> int:
    """The spaces the best line makes after ``end`` is filled from ``order`` (16: stock used up)."""
    stacks = [list(s) for s in end]
    used = _fill_stacks(stacks, order)
    if used >= len(order):
        return 16
    _graph, _parents, best = _best_state(_encode(stacks))
    made = best.count(0)
    return 16 if made >= len(order) - used else made


def _choose_next(
    stacks: list[list[int]], rest: bytes, inner: list[bytes], base: int
) -> list[list[int]] | None:
    """The end the ``next`` (``base`` 1) or ``rollout`` (2) player stops in from the full
    ``stacks``; None if none creates a space.  ``rest`` is used as a set: the choice is weighed
    over ``inner`` kept to its cards, by the next sequence's best spaces or the expert's games.
    """
    encoded = _encode(stacks)
    start = encoded[:CELLS].count(0)
    ends = [split_layout(end) for end in end_layouts(encoded)]
    most = max((sum(1 for s in end if not s) for end in ends), default=start)
    if most <= start:
        return None
    best = [end for end in ends if sum(1 for s in end if not s) == most]
    if len(best) == 1 or most - start >= len(rest):
        return best[0]
    keep = set(rest)
    kept = [bytes(c for c in order if c in keep) for order in inner]
    if base == 2:
        totals = [
            sum(_rollout([list(s) for s in end], order, None) == 0 for order in kept)
            for end in best
        ]
    else:
        totals = [sum(_next_score(end, order) for order in kept) for end in best]
    return best[totals.index(max(totals))]


def _choose_static(
    stacks: list[list[int]], rest: bytes, weights: tuple[int, ...]
) -> list[list[int]] | None:
    """The end the static player (``base`` 3: ``weights[0]`` its slack, the rest its weights)
    stops in from the full ``stacks``; None if none creates a space.  ``rest`` is used as a set."""
    from puzzlegen.catscradle.static import choose_end, unseen_counts

    encoded = _encode(stacks)
    ends = end_layouts(encoded)
    choice = choose_end(ends, encoded[:CELLS].count(0), unseen_counts(rest), len(rest),
                        weights[1:], weights[0])
    return None if choice is None else split_layout(ends[choice])


def _rollout(
    stacks: list[list[int]],
    order: bytes,
    inner: list[bytes] | None,
    base: int = 0,
    weights: tuple[int, ...] = (),
) -> int:
    """The cards of ``order`` left when the base player's game from ``stacks`` (spaces filled
    first) ends: 0 if it is won."""
    at = 0
    while True:
        at += _fill_stacks(stacks, order[at:])
        if at >= len(order):
            return 0
        if base == 3:
            chosen = _choose_static(stacks, order[at:], weights)
            if chosen is None:
                return len(order) - at
            stacks = chosen
            continue
        if inner is not None:
            chosen = _choose_next(stacks, order[at:], inner, base)
            if chosen is None:
                return len(order) - at
            stacks = chosen
            continue
        start = sum(1 for s in stacks if not s)
        _graph, parents, best = _best_state(_encode(stacks))
        if best.count(0) <= start:
            return len(order) - at
        stacks = split_layout(layout_after(stacks, _path(parents, best)))


def rollouts(
    layout: bytes, orders: bytes, length: int, base: int, inner: bytes, inner_length: int
) -> bytes:
    """One whole game a stock order, played to its end by a stock-hidden base player.

    ``orders`` holds orders of the stock, ``length`` cards each (the first is
    dealt first); each game starts by filling ``layout``'s spaces from its
    order, then plays sequences until the stock is used up (won) or a
    sequence creates no space (lost).  The bytes returned hold, for each
    order, the cards of the stock left at the game's end: 0 when it was won.
    The base player (``base``) never reads the order:

    * 0, the expert: the best line every sequence (:func:`best_path`);
    * 1, ``next``: among the end positions with the most spaces (more than
      the start has), the first whose next sequence's best line makes the
      most spaces (the stock used up counts 16), summed over the fresh orders
      in ``inner`` (``inner_length`` cards each) kept to the cards still to
      come, in their order;
    * 2, ``rollout``: as ``next``, but an end's score is the number of those
      kept orders with which the expert wins from it (so a rollout of this
      player nests rollouts two levels deep);
    * 3, ``static``: the static evaluator's choice
      (:func:`puzzlegen.catscradle.static.choose_end`), no sampling; here
      ``inner`` holds its slack then its 18 weights, signed 32-bit
      little-endian, and ``inner_length`` is 19.

    The compiled core does exactly this.

    The stock's order reaches the player only as the set of cards left.
    """
    if base not in (0, 1, 2, 3):
        raise ValueError("base is 0 (expert), 1 (next), 2 (rollout) or 3 (static)")
    if length < 1 or len(orders) % length:
        raise ValueError("orders hold whole orders of a length of at least 1")
    if len(layout) < CELLS or sum(layout[:CELLS]) != len(layout) - CELLS:
        raise ValueError("layout heights do not match its cards")
    stacks = split_layout(layout)
    if len(layout) - CELLS + length > 52:
        raise ValueError("a layout and an order hold at most 52 cards")
    if any(c >= 52 for c in layout[CELLS:]) or any(c >= 52 for c in orders):
        raise ValueError("a card is an int below 52")
    fresh: list[bytes] | None = None
    weights: tuple[int, ...] = ()
    if base == 3:
        if inner_length != _STATIC_WORDS or len(inner) != 4 * _STATIC_WORDS:
            raise ValueError("base 3's inner holds the slack and 18 weights, 4 bytes each")
        weights = tuple(
            int.from_bytes(inner[k : k + 4], "little", signed=True) for k in range(0, len(inner), 4)
        )
        if weights[0] < 0:
            raise ValueError("base 3's slack is at least 0")
    elif any(c >= 52 for c in inner):
        raise ValueError("a card is an int below 52")
    elif base:
        if (
            not 1 <= inner_length <= 52
            or len(inner) % inner_length
            or len(inner) // inner_length > _MAX_INNER
        ):
            raise ValueError("inner holds 1 to 64 whole orders of 1 to 52 cards each")
        fresh = [inner[k : k + inner_length] for k in range(0, len(inner), inner_length)]
    return bytes(
        _rollout([list(s) for s in stacks], orders[k : k + length], fresh, base, weights)
        for k in range(0, len(orders), length)
    )


def shuffles(domain: str, seed: str, cards: bytes, count: int) -> bytes:
    """``count`` orders of ``cards``, each ``cards`` shuffled afresh, in turn, by one
    :class:`puzzlegen.rng.SeededStream` ``(domain, seed)``; the compiled core gives the same."""
    from puzzlegen.rng import SeededStream

    if count < 0 or len(cards) > 52:
        raise ValueError("a count of at least 0 and at most 52 cards")
    stream = SeededStream(domain, seed)
    orders = bytearray()
    for _ in range(count):
        order = list(cards)
        stream.shuffle(order)
        orders += bytes(order)
    return bytes(orders)


# -- solve --json on one line of text ------------------------------------------

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
    """The common spellings of a card (ranks any case, T for 10, suit symbols), read at
    once; rarer ones Card.parse takes (outline suits, an emoji selector) go through it."""
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


def solve_json(text: str, search: Callable[[bytes], bytes] | None = None) -> str | None:
    """The ``solve --json`` line for one position's text, or None unless it is plain and valid.

    Byte for byte ``json.dumps(best_line(Position.parse(text)).to_json())``,
    without the object model.  It accepts only the plain, valid form of a
    position (16 cells, known cards, legal stacks, no card twice), so a
    caller gives any other line to the full parser, whose errors name the
    fault.  ``search`` is the ``best_path`` to use (this module's by default).

    >>> print(solve_json("JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S")[:60])
    {"position": "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6
    """
    stacks = parse(text)
    if stacks is None:
        return None
    heights = [len(s) for s in stacks]
    path = (search or best_path)(bytes(heights + [c for s in stacks for c in s]))
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
