"""Pendulum's solver: won or lost for every method, and for a win a shortest line.

A line is *shortest* when it has the fewest swings (the deal's par for that
method), then the fewest card moves, then comes first in the search order
(cells top-left first, out before pack before crown).  The answer is always
decided: the game is finite, since every card move is irreversible (a card
out never returns, a packed pile never splits, a crown never leaves the top
row) and no more than two swings come between card moves.

How the search works
--------------------
Between two swings only card moves happen, and the pendulum may swing only
when no card can move: a *phase* runs from one swing to a *blocked* position,
where no card can move (a deadlock, in the language of concurrency).  The
search is a Dijkstra over positions ordered by (swings, moves): breadth first
over card moves inside a phase, and a swing from each blocked position into
the next phase.  Each time the search reaches a new number of swings it
first looks for a win in that phase alone (:func:`_win_in_phase`, an A*
whose bound counts cells that can only empty by a move): most of a search's
work used to be the last phase, trying every order of its moves to find the
one with fewest.  Positions are 48 ints (a pile is ``suit << 8 | top << 4 |
base``, indexes in the method's order; 0 is an empty cell) and the swing
state; the foundations follow from the cells.

Inside a phase many moves are independent of each other, and trying them in
every order is what makes a naive search slow.  The solver therefore uses a
*persistent-set* reduction: when a move ``m`` is enabled that nothing else
can disable, and that commutes with every other move, it is the only move
tried.  Every path from the position to a blocked position must contain
``m`` (a blocked position has nothing enabled), and ``m`` can be brought to
the front of such a path without lengthening it, so the reduced search
reaches exactly the same blocked positions, each by a path no longer than
the shortest.  Two kinds of move qualify (see :func:`_safe_move`):

1. **A safe out.**  The top card ``t`` of an exposed pile ``P`` that its
   foundation needs next.  Nothing can be packed on ``t`` (that card is out
   already) and ``t`` stays next until it goes out, so ``t`` goes out in
   every path, unless ``P`` is moved where it is not exposed.  ``P`` can
   only be packed where the card after its base lies, and that card travels
   only through the cells of the *chain* of piles beyond it (each packed on
   the next, ending with the suit's crown).  So the out is safe when no cell
   of the chain is the one just above ``P`` or a privileged corner that is
   not exposed, and the crown's pile cannot go up into the top row in this
   phase (nor ``P`` itself, if its base is a crown).  Moving the out to the
   front of a path that packs ``P`` first and later sends ``t`` out from
   its new place gives the same position; when ``P`` was ``t`` alone, the
   pack disappears and the path gets shorter.

2. **A safe pack** of ``P`` on ``Q`` (the pile whose top follows ``P``'s
   base).  It is in every path to a blocked position when ``P``'s base cannot
   go out in this phase and ``Q`` stays within reach, which holds when the
   suit's crown cannot go up into the top row in this phase.  It commutes
   with the rest of a path when either no card of ``P`` can go out in this
   phase (then where ``P``'s cards sit matters only for exposure, and ``P``'s
   cell empties earlier, which only enables moves), or ``Q`` is exposed and
   every cell of the chain beyond it is exposed or empties as ``Q`` leaves
   (so ``P``'s cards stay exposed wherever they go).

"Cannot go out (or move) in this phase" is decided by :func:`_possible`, a
least fixpoint that over-approximates what a phase could do: a cell may be
exposed if the pile below may leave or all its cards may go out; a pile may
leave if it may be exposed and its target may be reached (or, for a crown, a
top-row cell may be empty); a card may go out if the cards before it may and
its pile may be exposed or leave.  Every real event of the phase has its
preconditions among earlier real events, so by induction every real event is
in the fixpoint; anything outside it cannot happen.

The tests check this reduction against a plain exhaustive search of the
rules module, and replay every line the solver reports.

The compiled core
-----------------
``_ccore.c`` is this module's search (with the reduction), and the card
moves of :func:`cell_moves`, :func:`apply_move` and :func:`swing_cells`,
written again in C: the same positions, moves and heap keys, so the same
line move for move, some 30 to 60 times faster.  It is used when it was
built (:mod:`puzzlegen.pendulum.core`); the Python here is its
specification and the fallback without a C compiler, and a differential
test holds the two together.
"""

from __future__ import annotations

import contextlib
import functools
import heapq
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from puzzlegen.cards import SUITS, Card
from puzzlegen.pendulum.core import ccore as ccore  # re-exported: puzzle.py plays with it
from puzzlegen.pendulum.methods import METHODS, Method
from puzzlegen.pendulum.position import LEFT, RIGHT, Deal, Move, Position

_CORNERS = (0, 7)

# A state is (cells, side, in_a_row): side 0 swings right next, 1 left.
State = tuple[tuple[int, ...], int, int]
# An internal move: (kind, from cell, to cell); kind 0 out, 1 pack, 2 crown.
IMove = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class MethodResult:
    """The outcome of one method: won or lost, and for a win the par and a line."""

    method: Method
    won: bool
    par: int | None = None
    moves: tuple[Move, ...] = ()

    @property
    def card_moves(self) -> int:
        """How many card moves the line makes (swings not counted)."""
        return sum(1 for m in self.moves if m.kind != "swing")

    def to_json(self) -> dict[str, object]:
        """``{"method": "up-1", "won": true, "par": 3, "moves": [...]}``."""
        if not self.won:
            return {"method": str(self.method), "won": False}
        return {
            "method": str(self.method),
            "won": True,
            "par": self.par,
            "moves": [m.to_json() for m in self.moves],
        }


def encode(position: Position) -> State:
    """The solver's form of a position."""
    index = position.method.indexes
    suit_no = SUITS.index  # by identity: no hashing of suits
    cells = []
    for pile in position.cells:
        if not pile:
            cells.append(0)
            continue
        base, top = pile[0], pile[-1]
        cells.append((suit_no(base.suit) << 8) | (index[top.rank] << 4) | index[base.rank])
    side = 0 if position.next_swing == RIGHT else 1
    return tuple(cells), side, position.in_a_row


def start_state(deal: Deal, method: Method) -> State:
    """``encode(deal.start(method))`` without making the position: each cell holds
    one card (top and base the same), the pendulum swings right next."""
    index = method.indexes
    suit_no = SUITS.index
    return tuple((suit_no(c.suit) << 8) | (index[c.rank] * 17) for c in deal.cards), 0, 0


def _foundations(cells: Sequence[int]) -> list[int]:
    f = [13, 13, 13, 13]
    for p in cells:
        if p:
            s, top = p >> 8, (p >> 4) & 15
            if top < f[s]:
                f[s] = top
    return f


def _tops(cells: Sequence[int]) -> dict[int, int]:
    """Cell of each pile, by its top card (``suit << 4 | index``)."""
    return {p >> 4: i for i, p in enumerate(cells) if p}


def _moves(cells: Sequence[int], f: Sequence[int]) -> list[IMove]:
    """Every card move, in the rules module's order."""
    moves: list[IMove] = []
    tops = _tops(cells)
    for i in range(48):
        p = cells[i]
        if not p or (i < 40 and cells[i + 8]):
            continue
        s, top, base = p >> 8, (p >> 4) & 15, p & 15
        if top == f[s]:
            moves.append((0, i, 0))
        if base == 12:
            if i >= 8:
                moves.extend((2, i, c) for c in range(8) if not cells[c])
            continue
        j = tops.get((s << 4) | (base + 1))
        if j is not None and (j >= 40 or not cells[j + 8] or j == i - 8 or j in _CORNERS):
            moves.append((1, i, j))
    return moves


def _apply(cells: Sequence[int], move: IMove) -> tuple[int, ...]:
    kind, i, j = move
    out = list(cells)
    p = out[i]
    if kind == 0:
        out[i] = 0 if (p >> 4) & 15 == p & 15 else p + 16
    elif kind == 1:
        out[j] = (out[j] & ~0xF0) | (p & 0xF0)
        out[i] = 0
    else:
        out[j] = p
        out[i] = 0
    return tuple(out)


def _swing(cells: Sequence[int], side: int) -> tuple[int, ...]:
    out = list(cells[:8])
    for r in range(8, 48, 8):
        row = [p for p in cells[r : r + 8] if p]
        gap = [0] * (8 - len(row))
        out.extend(gap + row if side == 0 else row + gap)
    return tuple(out)


# -- fast play: the solver's representation, for simulated players ----------------


def cell_moves(cells: Sequence[int]) -> list[IMove]:
    """Every card move of the solver's ``cells`` (see :func:`encode`), in the rules
    module's order, as :data:`IMove` ``(kind, from cell, to cell)``: kind 0 out, 1 pack,
    2 crown."""
    if ccore is not None:
        return ccore.moves(cells)
    return _moves(cells, _foundations(cells))


def apply_move(cells: Sequence[int], move: IMove) -> tuple[int, ...]:
    """``cells`` after the card move ``move`` (one of :func:`cell_moves`)."""
    if ccore is not None:
        return ccore.apply(cells, move)
    return _apply(cells, move)


def swing_cells(cells: Sequence[int], side: int) -> tuple[int, ...]:
    """``cells`` after a swing, right for ``side`` 0 and left for 1 (the top row stays)."""
    if ccore is not None:
        return ccore.swing(cells, side)
    return _swing(cells, side)


class _Possible:
    """What could happen in the rest of this phase (see the module docstring)."""

    __slots__ = ("empties", "frontier", "leaves", "top_gaps_exposed")

    def __init__(self, cells: Sequence[int], f: Sequence[int], tops: dict[int, int]) -> None:
        # The least fixpoint is the same whatever order the rules are applied
        # in; this order (bottom row first, so exposure climbs a column in one
        # pass) needs few passes.
        where = {}  # card (suit << 4 | index) -> cell, for every card in the layout
        occupied = []
        for i in range(47, -1, -1):
            p = cells[i]
            if p:
                occupied.append(i)
                s = (p >> 8) << 4
                for k in range((p >> 4) & 15, (p & 15) + 1):
                    where[s | k] = i
        frontier = list(f)
        leaves = [False] * 48
        exposed = [i >= 40 or not cells[i + 8] for i in range(48)]
        top_gap = not all(cells[:8])
        changed = True
        while changed:
            changed = False
            for i in occupied:
                if not exposed[i]:
                    q = cells[i + 8]
                    if not leaves[i + 8] and frontier[q >> 8] <= (q & 15):
                        continue
                    exposed[i] = changed = True
                if leaves[i]:
                    continue
                p = cells[i]
                base = p & 15
                if base == 12:
                    if i < 8:
                        continue
                    if not top_gap:
                        for c in range(8):
                            q = cells[c]
                            if leaves[c] or frontier[q >> 8] > (q & 15):
                                top_gap = True
                                break
                        else:
                            continue
                else:
                    j = tops[((p >> 8) << 4) | (base + 1)]
                    if not (exposed[j] or leaves[j] or j == 0 or j == 7 or j == i - 8):
                        continue
                leaves[i] = changed = True
            for s in range(4):
                k = frontier[s]
                while k < 13:
                    i = where[(s << 4) | k]
                    if not (exposed[i] or leaves[i]):
                        break
                    k += 1
                if k != frontier[s]:
                    frontier[s] = k
                    changed = True
        self.frontier = frontier
        self.leaves = leaves
        self.empties = [
            not cells[c] or leaves[c] or frontier[cells[c] >> 8] > (cells[c] & 15)
            for c in range(8)
        ]
        # A top-row cell that empties later was exposed when it emptied; if the
        # ones empty now are exposed too, a crown going up stays exposed.
        self.top_gaps_exposed = all(cells[c] or not cells[c + 8] for c in range(8))


class _Lazy:
    """The :class:`_Possible` of a position, made the first time it is asked for."""

    __slots__ = ("_args", "_value", "gaps_exposed")

    def __init__(
        self,
        cells: Sequence[int],
        f: Sequence[int],
        tops: dict[int, int],
        value: _Possible | None = None,
    ) -> None:
        self._args = (cells, f, tops)
        self._value = value
        # Cheap, and the same as _Possible.top_gaps_exposed.
        self.gaps_exposed = all(cells[c] or not cells[c + 8] for c in range(8))

    def get(self) -> _Possible:
        if self._value is None:
            self._value = _Possible(*self._args)
        return self._value


def _chain_ok(cells: Sequence[int], tops: dict[int, int], s: int, base: int, below: int,
              possible: _Lazy, start: int) -> bool:
    """Whether every cell the card after ``base`` can visit, from pile number
    ``start`` of the chain on, is exposed or empties as the chain moves, none is
    ``below - 8`` (just above the moving pile), and the crown stays put."""
    b = base
    n = 0
    while True:
        j = tops[(s << 4) | (b + 1)]
        if n >= start and (j == below - 8 or (j in _CORNERS and cells[j + 8])):
            return False
        b = cells[j] & 15
        n += 1
        if b == 12:
            return j < 8 or possible.gaps_exposed or not possible.get().leaves[j]


def _safe_move(
    cells: Sequence[int], f: Sequence[int], known: _Possible | None = None
) -> list[IMove] | None:
    """Moves that may be tried alone (see the module docstring), or None.

    ``known`` is the position's :class:`_Possible`, when the caller has it."""
    tops = _tops(cells)
    lazy = _Lazy(cells, f, tops, known)
    for i in range(48):
        p = cells[i]
        if not p or (i < 40 and cells[i + 8]):
            continue
        s, top, base = p >> 8, (p >> 4) & 15, p & 15
        if top != f[s]:
            continue
        if base == 12:
            if i < 8 or lazy.gaps_exposed or not lazy.get().leaves[i]:
                return [(0, i, 0)]
        elif _chain_ok(cells, tops, s, base, i, lazy, 0):
            return [(0, i, 0)]
    for i in range(48):
        p = cells[i]
        if not p or (i < 40 and cells[i + 8]):
            continue
        s, top, base = p >> 8, (p >> 4) & 15, p & 15
        if base == 12:
            continue
        j = tops[(s << 4) | (base + 1)]
        q_exposed = j >= 40 or not cells[j + 8]
        if not (q_exposed or j == i - 8 or j in _CORNERS):
            continue
        possible = lazy.get()
        if possible.frontier[s] > base:
            continue  # P's base may go out: the pack need not happen
        if not _chain_ok(cells, tops, s, base, -100, lazy, 99):
            continue  # the crown may go up and take the chain out of reach
        # Where P's cards go stays exposed: Q is exposed (or will be, once P
        # leaves the cell below it) and so is every cell of the chain beyond.
        stays_exposed = (q_exposed or j == i - 8) and _chain_ok(
            cells, tops, s, base, -100, lazy, 1
        )
        if possible.frontier[s] <= top and (
            stays_exposed or not any((q >> 8) == s and (q & 15) == top - 1 for q in cells if q)
        ):
            # No card of P can go out in this phase, and nothing can be
            # packed on P's top unless it stays exposed.
            return [(1, i, j)]
        if q_exposed and stays_exposed:
            return [(1, i, j)]
    gaps = [c for c in range(8) if not cells[c]]
    if not gaps:
        return None
    return _crowns_first(cells, gaps, lazy.get())


def _crowns_first(cells: Sequence[int], gaps: list[int], possible: _Possible) -> list[IMove] | None:
    """The crown moves of one crown pile, when they may be tried alone, or None.

    When every empty top-row cell is exposed, no other can empty in this phase,
    and there are at least as many empty cells as crowns that might go up, a
    crown pile that can go up now goes up in every path to a blocked position
    (its suit cannot finish in this phase), into one of those cells, and doing
    it first changes nothing else: it stays exposed.  So only its own moves
    are tried."""
    if not possible.top_gaps_exposed:
        return None
    if any(possible.empties[c] for c in range(8) if cells[c]):
        return None  # a top-row cell may empty later: the crown might go there
    candidates = [
        i for i in range(8, 48) if cells[i] and cells[i] & 15 == 12 and possible.leaves[i]
    ]
    if len(candidates) > len(gaps):
        return None
    for i in candidates:
        if (i >= 40 or not cells[i + 8]) and possible.frontier[cells[i] >> 8] <= 12:
            return [(2, i, c) for c in gaps]
    return None


def _bound(cells: Sequence[int]) -> int:
    """A lower bound on the packs and crown moves a win needs with no more swing.

    Without a swing an empty cell of rows 1 - 5 stays empty, and a pile leaves
    its cell only when it is exposed.  So the piles in the run of occupied
    cells directly above cell ``j`` keep every card they hold until ``j``
    empties.  If one of those cards comes before the base of ``j``'s pile in
    its suit's order, that base cannot go out while they wait, and ``j`` can
    empty only by a move of its pile: a pack or a crown move.  One move
    empties one cell, so the count of such cells is a lower bound; and it
    drops by at most one a move (an out or a move leaves from an exposed
    cell, which is in no other cell's run), so A* may use it as it stands.
    """
    need = 0
    for j in range(8, 48):
        p = cells[j]
        if not p:
            continue
        s, base = p >> 8, p & 15
        k = j - 8
        while k >= 0:
            q = cells[k]
            if not q:
                break
            if q >> 8 == s and (q >> 4) & 15 < base:
                need += 1
                break
            k -= 8
    return need


def _left(cells: Sequence[int]) -> int:
    """How many cards are still in the layout."""
    return sum((p & 15) - ((p >> 4) & 15) + 1 for p in cells if p)


def _possible(cells: Sequence[int]) -> _Possible | None:
    """The position's :class:`_Possible` if every card might go out in this phase, else None."""
    possible = _Possible(cells, _foundations(cells), _tops(cells))
    return possible if all(v == 13 for v in possible.frontier) else None


Parents = dict[State, tuple[State, IMove] | None]


def _win_in_phase(
    starts: Iterable[tuple[int, State]], effort: list[int] | None = None
) -> tuple[State, Parents] | None:
    """The win with fewest packs and crowns among lines that swing no more,
    from the first positions of a phase (each with the packs and crowns spent
    reaching it); the winning position and the way back to a start, or None.

    An A* over card moves with :func:`_bound`, which never overestimates and
    drops by at most one a move, so the first win taken off the heap is one
    of the cheapest.  Positions from which :class:`_Possible` says not every
    card can go out in this phase are dropped.  Among equally promising
    positions the one with fewest cards left comes first: that changes which
    of the cheapest wins is found, not its cost, and it finds one soon.
    """
    parent: Parents = {}
    best: dict[State, int] = {}
    ready: dict[State, _Possible] = {}
    heap: list[tuple[int, int, int, int, State]] = []
    seq = 0
    for extra, state in starts:
        possible = _possible(state[0])
        if possible is None:
            continue
        parent[state] = None
        best[state] = extra
        ready[state] = possible
        seq += 1
        heapq.heappush(heap, (extra + _bound(state[0]), _left(state[0]), extra, seq, state))
    done: set[State] = set()
    while heap:
        _, _, extra, _, state = heapq.heappop(heap)
        if state in done:
            continue
        done.add(state)
        cells, side, _ = state
        if not any(cells):
            if effort is not None:
                effort.append(len(done))
            return state, parent
        f = _foundations(cells)
        reduced = _safe_move(cells, f, ready.pop(state, None))
        for m in reduced if reduced is not None else _moves(cells, f):
            after = _apply(cells, m)
            nxt = (after, side, 0)
            cost = extra + (m[0] != 0)
            known = best.get(nxt)
            if known is not None and cost >= known:
                continue
            if known is None and m[0] != 0:
                # An out only takes what might go out; a move may block.
                possible = _possible(after)
                if possible is None:
                    continue
                ready[nxt] = possible
            best[nxt] = cost
            parent[nxt] = (state, m)
            seq += 1
            heapq.heappush(heap, (cost + _bound(after), _left(after), cost, seq, nxt))
    if effort is not None:
        effort.append(len(done))
    return None


def _search(
    start: State, *, reduce: bool = True, effort: list[int] | None = None
) -> tuple[list[IMove], int] | None:
    """:func:`_py_search`, by the compiled core when it is in use (it does not
    search without the reduction)."""
    if ccore is None or not reduce:
        return _py_search(start, reduce=reduce, effort=effort)
    steps, swings, examined = ccore.search(*start)
    if effort is not None:
        effort.append(examined)
    return None if steps is None else (steps, swings)


@contextlib.contextmanager
def pure_python() -> Iterator[None]:
    """Inside the block, search with the pure-Python core (for comparisons)."""
    global ccore
    saved, ccore = ccore, None  # type: ignore[assignment]
    try:
        yield
    finally:
        ccore = saved


def _py_search(
    start: State, *, reduce: bool = True, effort: list[int] | None = None
) -> tuple[list[IMove], int] | None:
    """The shortest winning line from ``start``, and its number of swings; or None.

    Swings appear in the line as kind 3 moves.  A winning line sends every card
    of the layout out, so among lines with the same swings the one with fewest
    packs and crowns is the one with fewest moves: the search orders positions
    by (swings, packs + crowns), and outs cost nothing.

    When the search reaches a new number of swings, every position that starts
    a phase with that many is on the heap with its final cost (they all come
    from positions with one swing fewer, all done).  If ``reduce``, the phase
    is first searched for a win by :func:`_win_in_phase`: a win found there is
    the cheapest with that many swings, so the cheapest line of all.  Without
    one the Dijkstra goes on through the phase to the next swing.  ``effort``,
    if given, gets the number of positions examined appended.
    """
    parent: Parents = {start: None}
    best: dict[State, tuple[int, int]] = {start: (0, 0)}
    heap: list[tuple[int, int, int, State]] = [(0, 0, 0, start)]
    seq = 0
    done: set[State] = set()
    level = -1
    while heap:
        if reduce and heap[0][0] > level:
            level = heap[0][0]
            starts = sorted(
                (best[s][1], s) for sw, _, _, s in heap
                if sw == level and s not in done and best[s][0] == level
            )
            won = _win_in_phase(dict.fromkeys(starts), effort)
            if won is not None:
                end, local = won
                first = end
                link = local[first]
                while link is not None:
                    first = link[0]
                    link = local[first]
                if effort is not None:
                    effort.append(len(done))
                return _line(parent, first) + _line(local, end), level
        swings, extra, _, state = heapq.heappop(heap)
        if state in done:
            continue
        done.add(state)
        cells, side, iar = state
        f = _foundations(cells)
        reduced = _safe_move(cells, f) if reduce else None
        moves = reduced if reduced is not None else _moves(cells, f)
        if not moves:
            if not any(cells):
                if effort is not None:
                    effort.append(len(done))
                return _line(parent, state), swings
            if iar >= 2:
                continue
            swung = _swing(cells, side)
            if swung == cells:
                continue
            successors: list[tuple[State, IMove, int, int]] = [
                ((swung, 1 - side, iar + 1), (3, side, 0), swings + 1, extra)
            ]
        else:
            successors = [
                ((_apply(cells, m), side, 0), m, swings, extra + (m[0] != 0)) for m in moves
            ]
        for nxt, m, sw, ex in successors:
            known = best.get(nxt)
            if known is None or (sw, ex) < known:
                best[nxt] = (sw, ex)
                parent[nxt] = (state, m)
                seq += 1
                heapq.heappush(heap, (sw, ex, seq, nxt))
    if effort is not None:
        effort.append(len(done))
    return None


def _line(parent: dict[State, tuple[State, IMove] | None], state: State) -> list[IMove]:
    steps = []
    link = parent[state]
    while link is not None:
        state, move = link
        steps.append(move)
        link = parent[state]
    steps.reverse()
    return steps


def _to_moves(position: Position, steps: Iterable[IMove]) -> tuple[Move, ...]:
    """Translate the solver's moves into :class:`Move` values.

    The cards are read off the solver's own cells as it plays the line (the
    rules module's checks cost more than the search on easy deals); the tests
    and the benchmark replay every line through :meth:`Position.play`."""
    method = position.method
    cells: Sequence[int] = encode(position)[0]
    # Every card a move can name is in the layout: take the position's own card
    # objects (cards[suit << 4 | index]), so replaying the line compares cards by
    # identity first.
    index = method.indexes
    cards = {(SUITS.index(c.suit) << 4) | index[c.rank]: c for pile in position.cells
             for c in pile}

    def card(p: int, shift: int) -> Card:
        return cards[((p >> 8) << 4) | ((p >> shift) & 15)]

    moves = []
    for kind, i, j in steps:
        if kind == 3:
            moves.append(Move.swing(RIGHT if i == 0 else LEFT))
            cells = swing_cells(cells, i)
            continue
        p = cells[i]
        if kind == 0:
            moves.append(Move.out(card(p, 4)))
        elif kind == 1:
            moves.append(Move.pack(card(p, 0), card(cells[j], 4)))
        else:
            moves.append(Move.crown(card(p, 0), j))
        cells = apply_move(cells, (kind, i, j))
    return tuple(moves)


def search_effort(position: Position) -> int:
    """How many positions the solver examines to solve ``position`` (a measure of
    how much there is to look through, for the grading benchmark)."""
    effort: list[int] = []
    _search(encode(position), effort=effort)
    return sum(effort)


def solve_position(position: Position, *, reduce: bool = True) -> MethodResult:
    """Solve a position under its method: won or lost, and a shortest winning line.

    >>> solve_position(Deal.from_seed(0).start("down-2")).par
    7
    """
    start = encode(position)
    found = _remembered(start, ccore is not None) if reduce else _search(start, reduce=False)
    if found is None:
        return MethodResult(position.method, False)
    steps, swings = found
    return MethodResult(position.method, True, swings, _to_moves(position, steps))


def fewest_swings(state: State) -> int | None:
    """The par of the position encoded as ``state`` (:func:`solve_position`'s), or
    None when it is lost: the same search, without writing the line out as moves."""
    found = _remembered(state, ccore is not None)
    return None if found is None else found[1]


def fewest_swings_within(state: State, bound: int) -> int | None:
    """:func:`fewest_swings` when it is at most ``bound`` (>= 0), else None.

    The compiled search stops before its first position needing more swings
    (it takes positions in order of swings, so a win within ``bound`` is found
    first); the pure-Python one searches in full."""
    if bound < 0:
        raise ValueError(f"bound must be >= 0, got {bound}")
    if ccore is None:
        par = fewest_swings(state)
        return par if par is not None and par <= bound else None
    steps, swings, _ = ccore.search(*state, bound)
    return None if steps is None else swings


@functools.lru_cache(maxsize=256)
def _remembered(start: State, compiled: bool) -> tuple[tuple[IMove, ...], int] | None:
    """:func:`_search` (reduced), remembered for the last few positions: a daily's
    accepted candidate was searched once to find its level (:func:`fewest_swings`)
    and is solved again for its lines.  ``compiled`` (which core is in use) is part
    of the key, so a comparison of the two cores never reads the other's answer."""
    del compiled  # only a key
    found = _search(start)
    return None if found is None else (tuple(found[0]), found[1])


def solve(deal: Deal, method: Method | str) -> MethodResult:
    """Solve ``deal`` under one method."""
    return solve_position(deal.start(method))


def solve_deal(deal: Deal, methods: Sequence[Method] = METHODS) -> tuple[MethodResult, ...]:
    """Solve ``deal`` under each of ``methods`` (all twelve by default)."""
    return tuple(solve(deal, m) for m in methods)


def winning_methods(deal: Deal) -> dict[Method, int]:
    """The methods that win ``deal``, with their pars."""
    return {r.method: r.par for r in solve_deal(deal) if r.won and r.par is not None}


__all__ = [
    "Card",
    "MethodResult",
    "fewest_swings",
    "fewest_swings_within",
    "solve",
    "solve_deal",
    "solve_position",
    "start_state",
    "winning_methods",
]
