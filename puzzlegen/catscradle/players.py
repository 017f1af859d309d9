"""Simulated players: a ladder of policies from the hasty player to perfect play.

The seed's hints describe skill as a ladder: "an inexperienced player might
play 4♦ on 5♣, 3♠ on 4♦ and leave it at that.  Perhaps with a little more
experience, 7♣ on 8♦, 8♥ on 9♠ would be spotted … The best line of play,
however, is …".  Each rung here is a rule a person could follow at the
table, stated precisely enough to be played by a program:

``hasty``
    Play the first card (reading the square left to right, top to bottom,
    then its first target the same way) whose move empties a cell; repeat;
    stop when no single move empties a cell.
``careful``  (look-ahead 1)
    One move at a time, choosing among the moves that empty a cell the one
    after which the most moves emptying a cell remain (keep your options
    open), then the one blocking fewest pairs of twins (the seed's hint on
    blocking); ties in reading order.  Stop when no single move empties a
    cell.
``look-ahead-k`` (k = 2, 3, 4, 6)
    Before each move, weigh every series of up to k moves (transfers and
    moves that empty nothing included) whose last move empties a cell, and
    play the first move of the best: the one leaving the most spaces, then
    the most moves emptying a cell next, then the shortest, then blocking
    the fewest pairs of twins; ties in reading order.  Never return to a
    position already passed through.  Stop when no such series exists.
``perfect``
    The solver's best line (:func:`puzzlegen.catscradle.solver.best_line`).

A player *reaches par* when its line creates as many spaces as the best
line.  Every rung is deterministic; none randomises, so none needs a seed.

The players run on the solver core's representation (the pure core's
``_Graph``, :mod:`puzzlegen.catscradle._pycore`): a position is its 16 stack
heights, a move a pair of cells.

:func:`random_play_share` is not a rung: it is the independent measure the
grading is validated with (``benchmarks/bench_grading.py``): the share of
seeded random plays — uniformly random legal moves, never revisiting a
position, until no further space can be made — that end at par.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from puzzlegen.catscradle._pycore import Parents, State, _Graph, _path
from puzzlegen.catscradle.position import Position
from puzzlegen.catscradle.solver import Line, best_line, layout
from puzzlegen.rng import SeededStream


def _spaces(state: State) -> int:
    return state.count(0)


Play = Callable[[Position, _Graph], list[tuple[int, int]]]


def _graph(position: Position) -> _Graph:
    return _Graph(layout(position))


@dataclass(frozen=True, slots=True)
class Player:
    """One rung of the ladder: a name, its rule in words, and the rule itself."""

    name: str
    rule: str
    _play: Play

    def moves(self, position: Position) -> list[tuple[int, int]]:
        """The player's line from ``position``, as ``(src, dst)`` cell pairs."""
        return self._play(position, _graph(position))

    def spaces(self, position: Position) -> int:
        """Spaces the player's line creates."""
        heights = [len(s) for s in position.cells]
        for src, dst in self.moves(position):
            heights[src] -= 1
            heights[dst] += 1
        return heights.count(0) - position.spaces

    def line(self, position: Position) -> Line:
        """The player's line of play from ``position``."""
        moves = []
        current = position
        for src, dst in self.moves(position):
            move, current = current.apply_cells(src, dst)
            moves.append(move)
        return Line(position, tuple(moves), current)

    def __repr__(self) -> str:
        return f"<Player {self.name}>"


def _hasty(_position: Position, graph: _Graph) -> list[tuple[int, int]]:
    return _hasty_from(graph, graph.start)[0]


def _hasty_from(graph: _Graph, state: State) -> tuple[list[tuple[int, int]], State]:
    path: list[tuple[int, int]] = []
    while True:
        moves = graph.successors(state, emptying_only=True)
        if not moves:
            return path, state
        src, dst, state = moves[0]
        path.append((src, dst))


def _plays_on(_position: Position, graph: _Graph) -> list[tuple[int, int]]:
    # The hasty moves; where they stop with a space still to be made, the shortest
    # series that empties a cell, then hasty again: the rules end a sequence only
    # where no series of moves creates another space.
    path, state = _hasty_from(graph, graph.start)
    while more := _shortest_emptying(graph, state):
        for src, dst in more:
            state = _moved(state, src, dst)
        hasty, state = _hasty_from(graph, state)
        path += more + hasty
    return path


def _moved(state: State, src: int, dst: int) -> State:
    heights = bytearray(state)
    heights[src] -= 1
    heights[dst] += 1
    return bytes(heights)


def _shortest_emptying(graph: _Graph, start: State) -> list[tuple[int, int]]:
    """The shortest series of moves from ``start`` whose last move empties a cell (the
    first found, in reading order), or [] if there is none."""
    parents: Parents = {start: None}
    frontier = [start]
    while frontier:
        nxt = []
        for state in frontier:
            for src, dst, child in graph.successors(state):
                if child in parents:
                    continue
                parents[child] = (state, src, dst)
                if state[src] == 1:
                    path = _path(parents, child)
                    return [(path[k], path[k + 1]) for k in range(0, len(path), 2)]
                nxt.append(child)
        frontier = nxt
    return []


def _look_ahead(depth: int) -> Play:
    def play(_position: Position, graph: _Graph) -> list[tuple[int, int]]:
        path: list[tuple[int, int]] = []
        state = graph.start
        seen = {state}
        while True:
            step = _first_move(graph, state, depth, seen)
            if step is None:
                return path
            src, dst, state = step
            seen.add(state)
            path.append((src, dst))

    return play


def _first_move(
    graph: _Graph, start: State, depth: int, seen: set[State]
) -> tuple[int, int, State] | None:
    """The first move of the best series of at most ``depth`` moves, or None.

    A series counts only if its last move empties a cell; the best leaves the
    most spaces, then the most moves that empty a cell next, then is the
    shortest, then blocks the fewest pairs; the first found keeps a tie.
    Positions already passed through in this play are not revisited, so a
    player cannot go round in circles.
    """
    first: dict[State, tuple[int, int, State]] = {}
    frontier = [start]
    best: tuple[int, int, State] | None = None
    best_key = (0, 0, 0, 0)
    for level in range(1, depth + 1):
        nxt = []
        for state in frontier:
            for src, dst, child in graph.successors(state):
                if child in first or child in seen:
                    continue
                first[child] = (src, dst, child) if state is start else first[state]
                nxt.append(child)
                if state[src] == 1:
                    key = (
                        _spaces(child),
                        len(graph.successors(child, emptying_only=True)),
                        -level,
                        -graph._blocked(child),
                    )
                    if best is None or key > best_key:
                        best, best_key = first[child], key
        frontier = nxt
    return best


def _perfect(position: Position, _graph: _Graph) -> list[tuple[int, int]]:
    line = best_line(position)
    return [(m.src, m.dst) for m in line.moves]


HASTY = Player(
    "hasty",
    "plays the first card, in reading order, whose move empties a cell, and stops "
    "when no single move empties one",
    _hasty,
)
#: The whole game's beginner (not a rung of the ladder): the hasty player, who, where
#: the rules say the sequence is not over, looks a little further.
PLAYS_ON = Player(
    "beginner",
    "plays as the hasty player; where no single move empties a cell but a longer series "
    "still does, plays the shortest such series (the first in reading order), then "
    "goes on hastily",
    _plays_on,
)
CAREFUL = Player(
    "careful",
    "plays one cell-emptying move at a time, choosing the one after which the most "
    "cell-emptying moves remain (then the one blocking no pair of twins)",
    _look_ahead(1),
)


def look_ahead(depth: int) -> Player:
    """The player who weighs every series of up to ``depth`` moves before each move."""
    return Player(
        f"look-ahead-{depth}",
        f"before each move weighs every series of up to {depth} moves (transfers "
        "included) and plays the first move of the series leaving the most spaces",
        _look_ahead(depth),
    )


PERFECT = Player("perfect", "finds the best line (the solver)", _perfect)

#: The ladder, weakest first.  A puzzle's grade is the first rung that reaches par.
LADDER: tuple[Player, ...] = (
    HASTY,
    CAREFUL,
    look_ahead(2),
    look_ahead(3),
    look_ahead(4),
    look_ahead(6),
    PERFECT,
)


def first_rung(position: Position, par: int) -> int:
    """The index in :data:`LADDER` of the weakest player whose line creates ``par`` spaces."""
    for index, player in enumerate(LADDER[:-1]):
        if player.spaces(position) >= par:
            return index
    return len(LADDER) - 1


# -- the independent measure -----------------------------------------------------


def random_play_share(position: Position, tries: int, seed: str) -> float:
    """The share of ``tries`` seeded random plays from ``position`` that reach par.

    A random play picks uniformly among the legal moves that lead to a position
    not yet seen in this play, and stops when no series of moves could create
    another space (or no unseen position is one move away).
    """
    graph = _graph(position)
    reach = _best_reachable(graph)
    par = reach[graph.start]
    hits = 0
    for attempt in range(tries):
        stream = SeededStream("cats-cradle/random-play", f"{seed}/{attempt}")
        state = graph.start
        seen = {state}
        while reach[state] > _spaces(state):
            options = [child for _, _, child in graph.successors(state) if child not in seen]
            if not options:
                break
            state = options[stream.below(len(options))]
            seen.add(state)
        hits += _spaces(state) == par
    return hits / tries


def _best_reachable(graph: _Graph) -> dict[State, int]:
    """For every state reachable from the start, the most spaces reachable from it."""
    order = [graph.start]
    index = {graph.start: 0}
    children: list[list[int]] = []
    for state in order:
        kids = []
        for _, _, child in graph.successors(state):
            if child not in index:
                index[child] = len(order)
                order.append(child)
            kids.append(index[child])
        children.append(kids)
    value = [_spaces(s) for s in order]
    changed = True
    while changed:  # spaces never fall, so this settles in a few sweeps
        changed = False
        for i in range(len(order) - 1, -1, -1):
            best = value[i]
            for j in children[i]:
                if value[j] > best:
                    best = value[j]
            if best != value[i]:
                value[i] = best
                changed = True
    return {s: value[i] for i, s in enumerate(order)}
