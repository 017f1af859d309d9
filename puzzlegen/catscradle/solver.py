"""Find the best line of play of a Cat's Cradle position.

The search rests on one fact of the rules: during a sequence of play the
bottom card of a cell never changes (nothing is ever moved into a space), and
every stack descends one rank at a time in alternating colours from its
bottom card.  So a cell is fully described by its bottom card's *class* (rank
and colour) and its height, and a whole position by 16 heights.  The solver
searches over those heights, packed in a ``bytes`` of length 16:

* twins share a class, so positions that differ only by which twin lies
  where are one state (an exact reduction: the rules cannot tell twins apart);
* a move is a pair of cells, so a line found over heights replays on the real
  cards and names real cards;
* breadth-first search finds the fewest moves to the best space count; among
  those lines it takes the one creating the fewest blocked pairs, then
  emptying the most central cells (the inventor's advice), then the first in
  (source cell, target cell) order, so a position always gets the same line;
* an upper bound (which heights each cell could ever reach, found by a
  fixpoint before the search) lets the search stop at the first depth that
  meets it; it is met in about 60% of positions from seeded play.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlegen.catscradle.board import CELLS, CENTRE, SEES
from puzzlegen.catscradle.cards import class_below, class_support
from puzzlegen.catscradle.position import Move, Position

State = bytes
#: How each state was first reached: (previous state, src, dst), None for the start.
Parents = dict[State, tuple[State, int, int] | None]
_NO_CLASS = -1


@dataclass(frozen=True, slots=True)
class Line:
    """A line of play from ``position``: its moves and where they lead."""

    position: Position
    moves: tuple[Move, ...]
    final: Position

    @property
    def spaces(self) -> int:
        """Spaces in the final position."""
        return self.final.spaces

    def to_json(self) -> dict[str, object]:
        return {
            "position": str(self.position),
            "best_spaces": self.spaces,
            "moves": [m.to_json() for m in self.moves],
            "final": str(self.final),
        }


# _TOP[c][h]: the class of the card h - 1 steps above a bottom card of class c
# (index 0 is "no card"); _NEED[c][h]: the class that card may be placed on.
# 53 heights cover any stack one pack can build.
_TOP = tuple((_NO_CLASS, *(class_below(c, h) for h in range(52))) for c in range(26))
_NEED = tuple((_NO_CLASS, *(class_support(t) for t in tops[1:])) for tops in _TOP)
_EMPTY = (_NO_CLASS,) * 53
_MAX_HEIGHT = 52
#: Bit ``j`` of ``_SEES_MASK[i]`` is set when cell ``i`` sees cell ``j``.
_SEES_MASK = tuple(sum(1 << j for j in seen) for seen in SEES)


class _Graph:
    """The fixed tables of one sequence of play: bottom classes and tops by height."""

    __slots__ = ("active", "need", "position", "start", "top")

    def __init__(self, position: Position) -> None:
        self.position = position
        cells = position.cells
        self.top = tuple(_TOP[s[0].cls] if s else _EMPTY for s in cells)
        self.need = tuple(_NEED[s[0].cls] if s else _EMPTY for s in cells)
        self.active = tuple(i for i in range(CELLS) if cells[i])
        self.start: State = bytes(len(s) for s in cells)

    def successors(self, state: State, emptying_only: bool = False) -> list[tuple[int, int, State]]:
        """``(src, dst, next_state)`` for every legal move, in (src, dst) order.

        With ``emptying_only``, only the moves that empty their source cell.
        """
        top, need, active = self.top, self.need, self.active
        # Cells by the class on top, as bitmasks: a card has one class it may
        # go on, so each source finds its targets with one AND.
        where = [0] * 26
        for i in active:
            h = state[i]
            if h:
                where[top[i][h]] |= 1 << i
        result = []
        for src in active:
            h = state[src]
            if not h or (emptying_only and h > 1):
                continue
            targets = where[need[src][h]] & _SEES_MASK[src]
            while targets:
                low = targets & -targets
                targets ^= low
                nxt = bytearray(state)
                nxt[src] = h - 1
                nxt[low.bit_length() - 1] += 1
                result.append((src, low.bit_length() - 1, bytes(nxt)))
        return result

    def upper_bound(self) -> int:
        """No line can leave more spaces than this.

        An over-approximation found by a fixpoint: ``lo[i]..hi[i]`` is the range
        of heights cell ``i`` might ever reach.  Its top card may leave (lowering
        ``lo``) when some cell it sees might show that card's support, and a
        card may arrive (raising ``hi``) when some cell it sees might show the
        next card of its stack.  Card counts are ignored, so the bound is safe.
        Sets of classes are 26-bit masks.
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
        bound = sum(1 for i in range(CELLS) if lo[i] == 0)
        return min(bound, CELLS - 1) if active else CELLS

    def blocked(self, state: State) -> int:
        """Blocked pairs in ``state`` that were not blocked at the start."""
        return self._blocked(state) - self._blocked(self.start)

    def _blocked(self, state: State) -> int:
        rests = [self.top[i][state[i]] for i in self.active if state[i] > 1]
        return len(rests) - len(set(rests))

    def central_spaces(self, state: State) -> int:
        return sum(1 for i in CENTRE if not state[i])

    def replay(self, path: list[tuple[int, int]]) -> Line:
        moves = []
        position = self.position
        for src, dst in path:
            move, position = position.apply_cells(src, dst)
            moves.append(move)
        return Line(self.position, tuple(moves), position)


def _spaces(state: State) -> int:
    return state.count(0)


def _path(parents: Parents, state: State) -> list[tuple[int, int]]:
    path = []
    step = parents[state]
    while step is not None:
        prev, src, dst = step
        path.append((src, dst))
        step = parents[prev]
    path.reverse()
    return path


def best_line(position: Position) -> Line:
    """The best line of play: most spaces, then fewest moves, then the inventor's taste.

    Among the shortest lines to the best space count, the one chosen creates
    the fewest blocked pairs, then empties the most central cells (the seed's
    hints: avoid blocking, clear the centre), then comes first in move order.

    >>> p = Position.parse("JC 9S 8H 3C  QH AS 9C 9D  7S QD 2H 2C  4D 4H 6D 6S")
    >>> best_line(p).spaces
    6
    """
    graph = _Graph(position)
    bound = graph.upper_bound()
    start = graph.start
    parents: Parents = {start: None}
    best_spaces = _spaces(start)
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
                    spaces = _spaces(child)
                    if spaces > best_spaces:
                        best_spaces, level_best = spaces, [child]
                    elif spaces == best_spaces and level_best:
                        level_best.append(child)
        if level_best:
            candidates = level_best
        frontier = nxt
    best = min(candidates, key=lambda s: (graph.blocked(s), -graph.central_spaces(s)))
    return _tidy(graph.replay(_path(parents, best)))


def _tidy(line: Line) -> Line:
    """Bring each transfer next to the previous move of the same card, where legal.

    Breadth-first order interleaves unrelated moves ("3♣ on 4♦, 7♠ on 8♥,
    3♣ on to 4♥"); a reader follows one card at a time.  Reordering keeps the
    line's length and its final position, and is deterministic.
    """
    moves = list(line.moves)
    for j in range(1, len(moves)):
        card = moves[j].card
        i = max((k for k in range(j) if moves[k].card == card), default=None)
        if i is None or i == j - 1:
            continue
        candidate = [*moves[: i + 1], moves[j], *moves[i + 1 : j], *moves[j + 1 :]]
        replayed = _replay_moves(line.position, candidate)
        if replayed is not None and replayed == line.final:
            moves = candidate
    if moves == list(line.moves):
        return line
    return Line(line.position, tuple(moves), line.final)


def _replay_moves(position: Position, moves: list[Move]) -> Position | None:
    """The position after ``moves``, or None if one is not legal on the way."""
    for move in moves:
        if move not in position.legal_moves():
            return None
        position = position._moved(move.src, move.dst)
    return position


def novice_line(position: Position) -> Line:
    """The line of a hasty player: always the first move (in cell order) that empties a cell.

    The player stops when no single move empties a cell, even if a longer
    line would have.
    """
    moves = []
    current = position
    while True:
        for move in current.legal_moves():
            if len(current.cells[move.src]) == 1:
                moves.append(move)
                current = current.apply(move)
                break
        else:
            return Line(position, tuple(moves), current)


@dataclass(frozen=True, slots=True)
class Analysis:
    """Everything reachable in one sequence of play from a position."""

    position: Position
    best: Line
    #: One line to each distinct end position (up to twins), shortest first.
    ends: tuple[Line, ...]
    states: int

    @property
    def best_ends(self) -> tuple[Line, ...]:
        """The end positions with the best space count."""
        return tuple(e for e in self.ends if e.spaces == self.best.spaces)


def analyse(position: Position) -> Analysis:
    """Explore every position reachable from ``position`` in one sequence of play.

    An *end position* is one a sequence may stop in: no series of further
    moves creates another space.  Moves that create no space can always be
    undone (the card goes back on its old support), so within one space
    count the positions fall into groups that reach each other; a group is
    an end group when no position in it has a move that creates a space.
    """
    graph = _Graph(position)
    start = graph.start
    parents: Parents = {start: None}
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
    ends = tuple(graph.replay(_path(parents, s)) for s in order if group[s] not in open_groups)
    return Analysis(position, best_line(position), ends, len(order))


def end_positions(position: Position) -> tuple[Position, ...]:
    """The positions a sequence of play from ``position`` may stop in, up to twins."""
    return tuple(line.final for line in analyse(position).ends)
