"""An exact solver for Escape: who wins from a position with perfect play.

Escape has no chance and no hidden cards, so every position is won by one
side.  :func:`solve` answers "does the side to move win?" by depth-first
AND/OR search (alpha-beta with a boolean value) to the end of the game:

* a **transposition table** keyed by the cells, the hands as faces
  (identical cards are one card) and the side to move.  Results are exact,
  so an entry never goes stale;
* **symmetry**: the key is the least of the position's turns about the
  Nothing square (four; eight when every card left is its own mirror
  image), since turning the whole table changes nothing (cards may be
  turned);
* **move ordering**: Black tries first the plays that cover the most gaps,
  White the plays that leave it the most gaps; plays that give the same
  cells with the same face are tried once;
* **shortcuts** that are exact: with Black's hand empty White only has to
  lay its cards without filling its last gap (a one-player search); with
  White's hand empty Black must cover every gap, so fewer black squares
  than gaps, or a gap in a pocket no black square can reach, is a White win.

The search stops after ``budget`` positions and says so (:class:`Unknown`),
so a caller can ask cheaply and fall back to a player.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from puzzlegen.escape.analysis import cut_bound, escape_cut, free_fronts, pocket_size
from puzzlegen.escape.cards import BLACK, CARDS, WHITE, mirror_closed
from puzzlegen.escape.position import BIAS, NEIGHBOURS, ORIGIN, Move, Position

TTKey = tuple[object, ...]

#: Printed squares per card.
SIZE = {card_id: len(card.squares) for card_id, card in CARDS.items()}


class Unknown(Exception):
    """The search ran out of its node budget before deciding."""


@dataclass
class Stats:
    nodes: int = 0
    hits: int = 0
    stored: int = 0


@dataclass
class Solver:
    """An exact solver with its own transposition table (reuse it across related positions)."""

    budget: int = 200_000
    symmetry: bool = True
    ordering: bool = True
    table: dict[TTKey, bool] = field(default_factory=dict)
    stats: Stats = field(default_factory=Stats)
    cancel: Callable[[], bool] | None = None

    def wins(self, position: Position) -> bool:
        """True if the side to move wins with perfect play (raises Unknown past the budget)."""
        self.stats.nodes = 0
        return self._wins(position)

    def winner(self, position: Position) -> str:
        """``"white"`` or ``"black"``: who wins from ``position`` with perfect play."""
        outcome = position.outcome
        if outcome is not None:
            return outcome[0]
        mover = position.to_move
        return mover if self.wins(position) else (BLACK if mover == WHITE else WHITE)

    def winning_moves(self, position: Position) -> list[Move]:
        """Every legal move after which the side to move still wins (exact)."""
        self.stats.nodes = 0
        mover = position.to_move
        good = []
        for move in position.legal_moves():
            child = position.apply(move)
            if _mover_wins_after(self, child, mover):
                good.append(move)
        return good

    # -- the search ---------------------------------------------------------------

    def _wins(self, p: Position) -> bool:
        outcome = p.outcome
        if outcome is not None:
            return outcome[0] == p.to_move
        quick = _shortcut(p)
        if quick is not None:
            return quick == p.to_move
        key = self._key(p)
        known = self.table.get(key)
        if known is not None:
            self.stats.hits += 1
            return known
        self.stats.nodes += 1
        if self.stats.nodes > self.budget:
            raise Unknown(f"undecided after {self.budget} positions")
        if self.cancel is not None and self.stats.nodes % 256 == 0 and self.cancel():
            raise Unknown("cancelled")
        result = False
        for child in self._children(p):
            # The child's side to move is the opponent, except after a forced pass
            # into a position where the same side moves again (never: sides alternate).
            if not self._wins(child):
                result = True
                break
        self.table[key] = result
        self.stats.stored += 1
        return result

    def _children(self, p: Position) -> Iterable[Position]:
        """The positions after each distinct move, best first; Black's made one at a time
        (a refutation found early leaves the rest unbuilt)."""
        moves = p.legal_moves()
        if len(moves) == 1:
            return [p.apply(moves[0])]
        seen: set[tuple[str, frozenset[int]]] = set()
        unique: list[Move] = []
        own = p.white if p.to_move == WHITE else p.black
        for m in moves:
            mark = (CARDS[m.card].face, m.keys - own)
            if mark not in seen:
                seen.add(mark)
                unique.append(m)
        if not self.ordering:
            return (p.apply(m) for m in unique)
        gaps = p.gaps
        if p.to_move == BLACK:
            unique = _without_inert(p, unique)
            # Cover the most gaps first; then keep close to White's group.
            near = _distances(p, p.frame.targets)
            scored = sorted(unique, key=lambda m: (-len(m.keys & gaps), _distance(m, near)))
            return (p.apply(m) for m in scored)
        children = [p.apply(m) for m in unique]
        children.sort(key=lambda c: -c.frame.targets.bit_count())  # -len(c.gaps)
        return children

    def _key(self, p: Position) -> TTKey:
        hands = (tuple(sorted(CARDS[c].face for c in p.white_hand)),
                 tuple(sorted(CARDS[c].face for c in p.black_hand)))
        if not self.symmetry:
            return (p.white, p.black, hands, p.to_move)
        mirror = mirror_closed(p.white_hand + p.black_hand)
        white = [((k >> 12) - BIAS, (k & 4095) - BIAS) for k in p.white]
        black = [((k >> 12) - BIAS, (k & 4095) - BIAS) for k in p.black]
        # The least (white, black) pair: the least white first, black only among its ties.
        whites = [(_turned(white, t), t) for t in range(8 if mirror else 4)]
        least = min(w for w, _ in whites)
        best = min((least, _turned(black, t)) for w, t in whites if w == least)
        return (best, hands, p.to_move)


def _extent(card_id: str) -> int:
    """How far (Manhattan) a card's squares can lie from the cell it connects through, plus one."""
    squares = CARDS[card_id].squares
    h = max(r for r, _ in squares) + 1
    w = max(c for _, c in squares) + 1
    return h + w - 1


def _without_inert(p: Position, moves: list[Move]) -> list[Move]:
    """Black's moves with the *inert* ones kept once per face.

    White's squares, windows and gaps all stay within ``reach`` of the main
    group (each card adds at most its extent).  A black square farther than
    ``reach`` plus the extents of the black cards still to come can never
    touch anything that decides the game, even as an anchor for those cards,
    so all placements of one face made only of such squares are the same move.
    """
    reach = 1 + sum(_extent(c) for c in p.white_hand)
    result: list[Move] = []
    inert_faces: set[str] = set()
    main = _distances(p, p.frame.main)
    horizon: dict[str, int] = {}
    for m in moves:
        face = CARDS[m.card].face
        if face not in horizon:
            later = sorted((_extent(c) for c in p.black_hand), reverse=True)
            later.remove(_extent(m.card))
            horizon[face] = reach + sum(later)
        limit = horizon[face]
        new = m.keys - p.black
        if min((main[k] for k in new), default=10**9) > limit:
            if face in inert_faces:
                continue
            inert_faces.add(face)
        result.append(m)
    return result


def _mover_wins_after(solver: Solver, child: Position, mover: str) -> bool:
    outcome = child.outcome
    if outcome is not None:
        return outcome[0] == mover
    child_wins = solver._wins(child)
    return (not child_wins) if child.to_move != mover else child_wins


def _distances(p: Position, seeds: int) -> dict[int, int]:
    """The Manhattan distance from the cells ``seeds`` (bits of ``p.frame``) to every cell
    inside the frame, keyed by cell; every legal card lies inside (a ball grown by
    dilation stays exact there, since a shortest path keeps to the two cells' rectangle)."""
    f = p.frame
    inner = f.corners(3, 3) << (f.width + 1)
    out: dict[int, int] = {}
    seen = ring = seeds
    d = 0
    while ring:
        out.update(dict.fromkeys(f.keys(ring), d))
        ring = f.dilate(seen) & inner & ~seen
        seen |= ring
        d += 1
    return out


def _distance(move: Move, near: dict[int, int]) -> int:
    """How far the move's nearest square lies from the gaps (0 when there are none)."""
    return min(near[k] for k in move.keys) if near else 0


def _turned(cells: list[tuple[int, int]], t: int) -> tuple[int, ...]:
    """The cells ``(row, col)`` turned ``t % 4`` quarter turns about the origin (mirrored
    first when ``t >= 4``), as sorted :func:`~puzzlegen.escape.position.key` integers."""
    if t == 0:
        out = [(r << 12) + c for r, c in cells]
    elif t == 1:
        out = [(c << 12) - r for r, c in cells]
    elif t == 2:
        out = [(-r << 12) - c for r, c in cells]
    elif t == 3:
        out = [(-c << 12) + r for r, c in cells]
    elif t == 4:
        out = [(r << 12) - c for r, c in cells]
    elif t == 5:
        out = [(-c << 12) - r for r, c in cells]
    elif t == 6:
        out = [(-r << 12) + c for r, c in cells]
    else:
        out = [(c << 12) + r for r, c in cells]
    out.sort()
    return tuple(k + ORIGIN for k in out)


#: White cards that always fit while a blank path leads from the main group to the open
#: table: a dot on the path's first cell, a domino on its first two.
ROOMY = frozenset({"X", "XX"})


def _shortcut(p: Position) -> str | None:
    """The winner, when a cheap exact argument settles it; else None."""
    black_squares = sum(SIZE[c] for c in p.black_hand)
    if not p.white_hand:
        # Only Black moves from here: it must cover every gap.
        if black_squares < len(p.gaps) or _sealed_gap(p):
            return WHITE
        return None
    white_squares = sum(SIZE[c] for c in p.white_hand)
    # Closed in: every white square lands in the pocket, and White must lay them all.
    room = pocket_size(p, limit=white_squares)
    if room is not None and white_squares >= room:
        return BLACK
    if room is not None:
        return None
    # Black can never close the group in, and White's cards always fit until then:
    # because they are dots and dominoes, or because more free fronts are left than
    # squares still to lay, so one survives to every White turn.
    # Filling every gap closes the group in, so the cut is at most the gaps (a free test).
    if p.frame.targets.bit_count() <= black_squares:
        return None
    roomy = all(CARDS[c].face in ROOMY for c in p.white_hand)
    # A ring of at most black_squares blank cells around the group bounds the cut (cheap).
    if ((roomy or free_fronts(p) > black_squares + white_squares)
            and cut_bound(p) > black_squares
            and escape_cut(p, black_squares) > black_squares):
        return WHITE
    return None


def _sealed_gap(p: Position) -> bool:
    """True if some gap lies in a blank pocket that touches no black square (§5.2)."""
    occupied = p.white | p.black
    done: set[int] = set()
    for g in p.gaps:
        if g in done:
            continue
        pocket = {g}
        stack = [g]
        sealed = True
        while stack and sealed:
            k = stack.pop()
            for d in NEIGHBOURS:
                n = k + d
                if n in p.black:
                    sealed = False
                    break
                if n not in occupied and n not in pocket:
                    pocket.add(n)
                    stack.append(n)
                    if len(pocket) > 40:
                        sealed = False
                        break
        done |= pocket
        if sealed:
            return True
    return False


def solve(position: Position, *, budget: int = 200_000) -> str | None:
    """The winner with perfect play, or None if ``budget`` positions do not decide it.

    >>> from puzzlegen.escape.position import Position, Move
    >>> solve(Position.start().play(Move.parse("W1@0,1")))
    'black'
    """
    try:
        return Solver(budget=budget).winner(position)
    except Unknown:
        return None


__all__ = ["ORIGIN", "Solver", "Stats", "Unknown", "solve"]
