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
* breadth-first search visits moves in (source cell, target cell) order, so the
  line it reports is the shortest one reaching the best space count, and the
  first such line in that order (the same position always gets the same line);
* a static upper bound (cells whose every card has a support somewhere it can
  see) lets the search stop as soon as it is met.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from puzzlegen.catscradle.board import CELLS, SEES
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


class _Graph:
    """The fixed tables of one sequence of play: bottom classes and tops by height."""

    __slots__ = ("active", "need", "position", "start", "top")

    def __init__(self, position: Position) -> None:
        self.position = position
        heights = [len(s) for s in position.cells]
        total = sum(heights)
        # top[i][h]: class of the top card of cell i at height h (-1 when empty);
        # need[i][h]: the class that top card may be placed on.
        self.top: list[list[int]] = []
        self.need: list[list[int]] = []
        for stack in position.cells:
            if stack:
                bottom = stack[0].cls
                tops = [_NO_CLASS] + [class_below(bottom, h) for h in range(total)]
                self.need.append([_NO_CLASS] + [class_support(c) for c in tops[1:]])
            else:
                tops = [_NO_CLASS] * (total + 1)
                self.need.append(tops)
            self.top.append(tops)
        self.active = tuple(i for i in range(CELLS) if heights[i])
        self.start: State = bytes(heights)

    def successors(self, state: State) -> Iterator[tuple[int, int, State]]:
        """``(src, dst, next_state)`` for every legal move, in (src, dst) order."""
        top = self.top
        tops = [top[i][state[i]] for i in range(CELLS)]
        for src in self.active:
            h = state[src]
            if not h:
                continue
            need = self.need[src][h]
            for dst in SEES[src]:
                if tops[dst] == need:
                    nxt = bytearray(state)
                    nxt[src] = h - 1
                    nxt[dst] += 1
                    yield src, dst, bytes(nxt)

    def upper_bound(self) -> int:
        """No line can leave more spaces than this."""
        start = self.start
        present = set()
        for i in self.active:
            present.update(self.top[i][1 : start[i] + 1])
        # Classes each cell may ever show on top: those in its stack now, and
        # those that could be built on it while the next class exists at all.
        shows: list[set[int]] = [set() for _ in range(CELLS)]
        for i in self.active:
            shows[i].update(self.top[i][1 : start[i] + 1])
            for h in range(start[i] + 1, len(self.top[i])):
                if self.top[i][h] not in present:
                    break
                shows[i].add(self.top[i][h])
        bound = CELLS - len(self.active)
        for i in self.active:
            reachable = set().union(*(shows[j] for j in SEES[i]))
            if all(self.need[i][h] in reachable for h in range(1, start[i] + 1)):
                bound += 1
        return min(bound, CELLS - 1) if self.active else CELLS

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
    """The best line of play: most spaces, then fewest moves, then first in move order.

    >>> p = Position.parse("JC 9S 8H 3C  QH AS 9C 9D  7S QD 2H 2C  4D 4H 6D 6S")
    >>> best_line(p).spaces
    6
    """
    graph = _Graph(position)
    bound = graph.upper_bound()
    start = graph.start
    parents: Parents = {start: None}
    best, best_spaces = start, _spaces(start)
    frontier = [start]
    while frontier and best_spaces < bound:
        nxt = []
        for state in frontier:
            for src, dst, child in graph.successors(state):
                if child in parents:
                    continue
                parents[child] = (state, src, dst)
                nxt.append(child)
                if state[src] == 1 and _spaces(child) > best_spaces:
                    best, best_spaces = child, _spaces(child)
                    if best_spaces >= bound:
                        break
            if best_spaces >= bound:
                break
        frontier = nxt
    return graph.replay(_path(parents, best))


def best_space_count(position: Position) -> int:
    """The largest number of spaces any series of moves from ``position`` reaches."""
    return best_line(position).spaces


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
