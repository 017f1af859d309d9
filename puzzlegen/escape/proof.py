"""Depth-first proof-number search (df-pn) for Escape: who wins with perfect play.

:mod:`.solver` answers the same question by alpha-beta on won/lost.  This
module searches the same tree best-first, after Nagai's df-pn in its
*negamax* form: every position carries two numbers,

* ``pn``: a lower estimate of the positions still to expand to prove that
  the side to move **wins**;
* ``dn``: the same to prove that it **loses**.

A position's ``pn`` is the least ``dn`` of its children (one refuted reply
is enough) and its ``dn`` the sum of their ``pn`` (every reply must win for
the opponent).  The search always walks to the *most-proving* leaf, below
thresholds that keep it deep (with the 1 + ε trick of Pawlewicz and Lew, so
it does not thrash between two siblings of equal promise).

What it shares with the alpha-beta solver:

* the exact **shortcuts** (:func:`.solver._shortcut`: White closed in with
  too little room, Black unable ever to close the group in, Black's hand
  empty…) end a branch as won or lost;
* Black's **inert** plays (far from everything that decides the game) are
  one move per face; plays that give the same cells with the same face are
  one move;
* the **symmetry**: the table's key folds a position with its mirror image
  across the row of the Nothing square when every card left is its own
  mirror image.  The cage opens east, so the quarter turns and the other
  mirror never map a position of a real game onto another (they would need
  a black square at ``[0,1]``, which is White's first square or the end),
  and the key's classes are the alpha-beta table's on every such position.

Initial numbers come from the position, not from 1 and 1: with ``g`` gaps,
Black to move is near a capture when one of its cards could cover them all,
and White to move is near a loss in the same case (see :func:`_initial`).

The table keeps proven positions (``True``: the side to move wins) apart
from the unproven numbers, so a proof can be read back out of it
(:func:`proof_tree`) and checked by a walk that trusts nothing but the rules
and the shortcuts (:func:`check_proof`).  The search stops after
``budget`` expansions and raises :class:`~.solver.Unknown`.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable
from dataclasses import dataclass, field

from puzzlegen.escape.analysis import cut_bound, escape_cut, free_fronts, pocket_bits
from puzzlegen.escape.cards import BLACK, CARDS, WHITE, mirror_closed
from puzzlegen.escape.position import BIAS, Move, Position
from puzzlegen.escape.solver import (
    SIZE,
    Solver,
    Unknown,
    _distance,
    _distances,
    _shortcut,
    _without_inert,
)

#: Larger than any proof or disproof number the search can build.
INFINITY = 10**15

Key = tuple[bytes, bytes, str, str]

_HANDS: dict[tuple[tuple[str, ...], tuple[str, ...]], tuple[str, bool]] = {}


def _hands(p: Position) -> tuple[str, bool]:
    """The hands as faces (identical cards are one card), and whether the mirror folds."""
    k = (p.white_hand, p.black_hand)
    out = _HANDS.get(k)
    if out is None:
        faces = ",".join(sorted(CARDS[c].face for c in p.white_hand)) + ";" + ",".join(
            sorted(CARDS[c].face for c in p.black_hand))
        out = _HANDS[k] = (faces, mirror_closed(p.white_hand + p.black_hand))
    return out


def _packed(cells: frozenset[int]) -> bytes:
    return array("i", sorted(cells)).tobytes()


def _mirror(cells: frozenset[int]) -> bytes:
    # Cell (r, c) -> (-r, c): the key falls by 2 * r rows.
    return array("i", sorted(k - (((k >> 12) - BIAS) << 13) for k in cells)).tobytes()


def table_key(p: Position) -> Key:
    """The table's key: the cells (folded with their mirror image when that is the
    same game), the hands as faces and the side to move."""
    faces, mirror = _hands(p)
    white, black = _packed(p.white), _packed(p.black)
    if mirror:
        mw, mb = _mirror(p.white), _mirror(p.black)
        if (mw, mb) < (white, black):
            white, black = mw, mb
    return (white, black, faces, p.to_move)


def verdict(p: Position) -> str | None:
    """The winner when the rules or an exact shortcut settle ``p`` at once, else None."""
    outcome = p.outcome
    if outcome is not None:
        return outcome[0]
    quick = _shortcut(p)
    if quick is None and _fronts_last(p):
        return WHITE
    return quick


def _fronts_last(p: Position) -> bool:
    """True when White can never be closed in and keeps a play for every card it holds.

    Black can never close the group in while its escape cut exceeds the squares
    in Black's hand (:func:`.analysis.escape_cut`; White's plays never lower it),
    and then White cannot fill its own last gap either.  Black wins only if White
    is stuck.  A dot fits on any gap while the group is open.  Every other card
    fits in a free front (:func:`.analysis.free_fronts`), spoiling only that one,
    and a black square spoils at most one.  So White, laying its other cards
    first, one a front, always has a play when the fronts number at least
    Black's squares plus those cards.  (The alpha-beta solver's test asks for
    more fronts than Black's and White's squares together.)
    """
    if not p.white_hand or not p.black_hand:
        return False
    black_squares = sum(SIZE[c] for c in p.black_hand)
    others = sum(1 for c in p.white_hand if CARDS[c].face != "X")
    if p.frame.targets.bit_count() <= black_squares:
        return False  # the gaps themselves are a cut Black can fill
    if others and free_fronts(p) < black_squares + others:
        return False
    if pocket_bits(p, limit=1 << 30) is not None:
        return False  # closed in already
    return cut_bound(p) > black_squares and escape_cut(p, black_squares) > black_squares


def _initial(child: Position) -> tuple[int, int]:
    """(pn, dn) of a fresh position: cheap guesses, from its gaps and Black's cards.

    With ``g`` gaps and ``big`` squares on Black's biggest card, Black needs at
    least ``ceil(g / big)`` more plays to close the group in, so a capture is
    near when ``g`` is small (and a White loss needs each of White's plays,
    about ``g`` of them, refuted).  A White win must refute every Black play,
    some ``SPREAD`` for each card Black holds.
    """
    g = child.frame.targets.bit_count()
    hand = child.black_hand
    if not hand:
        return (1, 1)
    big = max(SIZE[c] for c in hand)
    plays = -(-g // big)  # Black's plays still needed at least
    spread = SPREAD * len(hand)
    if child.to_move == BLACK:
        # pn: Black wins; dn: White wins (every Black play refuted).
        return (plays, spread * WIDE)
    # pn: White wins; dn: Black wins (every White play refuted).
    return (spread, max(1, g) * plays)


SPREAD = 10
WIDE = 4


@dataclass
class Stats:
    #: Expansions (a position's moves listed and its children numbered), re-expansions included.
    nodes: int = 0
    #: Positions proven or disproven (kept in the table).
    proven: int = 0
    #: Expansions answered from the cache of children.
    cached: int = 0
    #: Positions the alpha-beta solver searched at the leaves (``leaf_cards``).
    leaf_nodes: int = 0


@dataclass
class ProofSolver:
    """df-pn with its own table; reuse one solver across related positions."""

    budget: int = 100_000
    epsilon: float = 0.25
    #: Proven positions: True when the side to move wins.
    table: dict[Key, bool] = field(default_factory=dict)
    numbers: dict[Key, tuple[int, int]] = field(default_factory=dict)
    stats: Stats = field(default_factory=Stats)
    cancel: Callable[[], bool] | None = None
    #: Expansions whose children are kept for the next visit (then the oldest go).
    cache_size: int = 200_000
    #: Positions with at most this many cards left are first given to the alpha-beta
    #: solver (its depth-first search is cheap near the end), within ``leaf_budget``.
    leaf_cards: int = 5
    leaf_budget: int = 200
    _leaf: Solver | None = None
    _children: dict[Key, list[tuple[Move, Key, int, int]]] = field(default_factory=dict)
    _limit: int = 0

    def wins(self, position: Position) -> bool:
        """True if the side to move wins (raises Unknown after ``budget`` more expansions)."""
        self._limit = self.stats.nodes + self.budget
        return self._prove(position)

    def _prove(self, position: Position) -> bool:
        quick = verdict(position)
        if quick is not None:
            return quick == position.to_move
        key = table_key(position)
        while key not in self.table:
            self._mid(position, key, INFINITY, INFINITY)
        return self.table[key]

    def known(self, position: Position) -> str | None:
        """The winner this solver's tables hold for ``position`` (df-pn's or the leaves'),
        or None."""
        mover = position.to_move
        loser = BLACK if mover == WHITE else WHITE
        wins = self.table.get(table_key(position))
        if wins is None and self._leaf is not None:
            wins = self._leaf.table.get(self._leaf._key(position))
        return None if wins is None else mover if wins else loser

    def winner(self, position: Position) -> str:
        """``"white"`` or ``"black"``: who wins from ``position`` with perfect play."""
        mover = position.to_move
        return mover if self.wins(position) else (BLACK if mover == WHITE else WHITE)

    def winning_moves(self, position: Position) -> list[Move]:
        """Every legal move after which the side to move still wins (exact); ``budget``
        expansions for them all."""
        mover = position.to_move
        self._limit = self.stats.nodes + self.budget
        good = []
        for move in position.legal_moves():
            child = position.apply(move)
            winner = verdict(child)
            if winner is None:
                wins = self._prove(child)
                winner = child.to_move if wins else BLACK if child.to_move == WHITE else WHITE
            if winner == mover:
                good.append(move)
        return good

    # -- the search ---------------------------------------------------------------

    def _leaf_verdict(self, p: Position) -> str | None:
        """The alpha-beta solver's verdict within ``leaf_budget`` positions, or None."""
        if self._leaf is None:
            self._leaf = Solver(budget=self.leaf_budget, cancel=self.cancel)
        try:
            winner = self._leaf.winner(p)
        except Unknown:
            winner = None
        self.stats.leaf_nodes += self._leaf.stats.nodes
        return winner

    def _expand(self, p: Position, key: Key) -> list[tuple[Move, Key, int, int]]:
        """The distinct moves of ``p``, best first, with each child's key and first numbers
        (children the rules or a shortcut settle go straight into the table)."""
        kids = self._children.get(key)
        if kids is not None:
            self.stats.cached += 1
            return kids
        kids = []
        seen: set[Key] = set()
        for move in _ordered_moves(p):
            child = p.apply(move)
            ckey = table_key(child)
            if ckey in seen:
                continue
            seen.add(ckey)
            if ckey not in self.table and ckey not in self.numbers:
                # The rules' end only: the shortcuts wait until the search enters the child.
                outcome = child.outcome
                if outcome is not None:
                    self.table[ckey] = outcome[0] == child.to_move
                    self.stats.proven += 1
            pn, dn = _initial(child) if ckey not in self.table else (0, 0)
            kids.append((move, ckey, pn, dn))
        if len(self._children) >= self.cache_size:
            for old in list(self._children)[: self.cache_size // 4]:
                del self._children[old]
        self._children[key] = kids
        return kids

    def _mid(self, p: Position, key: Key, th_pn: int, th_dn: int) -> None:
        """Search below ``p`` until its numbers reach a threshold; store them."""
        self.stats.nodes += 1
        if self.stats.nodes > self._limit:
            raise Unknown(f"undecided after {self.budget} expansions")
        if self.cancel is not None and self.stats.nodes % 64 == 0 and self.cancel():
            raise Unknown("cancelled")
        table, numbers = self.table, self.numbers
        if key not in numbers and key not in self._children:
            # First entry: an exact shortcut may settle the position without its moves.
            quick = verdict(p)
            if quick is None and p.cards_left <= self.leaf_cards:
                quick = self._leaf_verdict(p)
            if quick is not None:
                table[key] = quick == p.to_move
                self.stats.proven += 1
                return
        kids = self._expand(p, key)
        eps = 1.0 + self.epsilon
        while True:
            best = -1
            best_dn = second_dn = INFINITY + 1
            best_pn = 0
            total = 0
            for i, (_move, ckey, pn0, dn0) in enumerate(kids):
                proven = table.get(ckey)
                if proven is not None:
                    cpn, cdn = (0, INFINITY) if proven else (INFINITY, 0)
                else:
                    cpn, cdn = numbers.get(ckey, (pn0, dn0))
                total += cpn
                if cdn < best_dn:
                    second_dn = best_dn
                    best_dn, best_pn, best = cdn, cpn, i
                elif cdn < second_dn:
                    second_dn = cdn
            pn, dn = best_dn, min(total, INFINITY)
            if pn == 0 or dn == 0:
                table[key] = pn == 0
                numbers.pop(key, None)
                self._children.pop(key, None)
                self.stats.proven += 1
                return
            if pn >= th_pn or dn >= th_dn:
                numbers[key] = (pn, dn)
                return
            move, ckey = kids[best][0], kids[best][1]
            child_th_dn = min(th_pn, max(second_dn + 1, int(second_dn * eps)))
            child_th_pn = min(INFINITY, th_dn - dn + best_pn)
            self._mid(p.apply(move), ckey, child_th_pn, child_th_dn)


class ProofError(Exception):
    """A claimed proof does not hold at some position."""


def check_proof(position: Position, known: Callable[[Position], str | None],
                cancel: Callable[[], bool] | None = None) -> tuple[str, int]:
    """Re-prove ``position`` from a solved table; the winner and the proof's size.

    ``known(p)`` names the winner the table claims for ``p`` (or None); it only
    guides the walk to the winner's moves.  Every position of the proof is
    checked from the rules up: where the winner moves, one legal move must lead
    to a position that checks; where the loser moves, *every* legal move must
    (plays that give the same cells with the same face, and Black's inert plays
    beyond the first of a face, are one move, as in the search); a leaf is a
    position the rules end or an exact shortcut (:func:`verdict`) settles.
    Nothing of the search (numbers, order, thresholds) is used.  The size is
    the number of distinct positions (up to the mirror) the proof holds.
    Raises :class:`ProofError` naming the first position that fails.
    """
    winner = known(position) or verdict(position)
    if winner is None:
        raise ProofError(f"the table decides nothing at {position}")
    done: set[Key] = set()

    def holds(p: Position) -> bool:
        quick = verdict(p)
        if quick is not None:
            return quick == winner
        key = table_key(p)
        if key in done:
            return True
        if cancel is not None and len(done) % 256 == 0 and cancel():
            raise ProofError("cancelled")
        if p.to_move == winner:
            ok = False
            for move in _ordered_moves(p):
                child = p.apply(move)
                if (verdict(child) or known(child)) == winner and holds(child):
                    ok = True
                    break
        else:
            ok = all(holds(p.apply(move)) for move in _ordered_moves(p))
        if ok:
            done.add(key)
        return ok

    if not holds(position):
        raise ProofError(f"the proof that {winner} wins fails below {position}")
    return winner, len(done)


def _ordered_moves(p: Position) -> list[Move]:
    """The moves of ``p`` once per face and cells, Black's inert ones once per face; Black's
    covering the most gaps first, White's leaving it the most gaps first."""
    moves = p.legal_moves()
    if len(moves) == 1:
        return list(moves)
    seen: set[tuple[str, frozenset[int]]] = set()
    unique: list[Move] = []
    own = p.white if p.to_move == WHITE else p.black
    for m in moves:
        mark = (CARDS[m.card].face, m.keys - own)
        if mark not in seen:
            seen.add(mark)
            unique.append(m)
    gaps = p.gaps
    if p.to_move == BLACK:
        unique = _without_inert(p, unique)
        near = _distances(p, p.frame.targets)
        return sorted(unique, key=lambda m: (-len(m.keys & gaps), _distance(m, near)))
    return sorted(unique, key=lambda m: -p.apply(m).frame.targets.bit_count())


def solve(position: Position, *, budget: int = 100_000) -> str | None:
    """The winner with perfect play by df-pn, or None if ``budget`` expansions do not decide.

    >>> from puzzlegen.escape.position import Position, Move
    >>> solve(Position.start().play(Move.parse("W1@0,1")))
    'black'
    """
    try:
        return ProofSolver(budget=budget).winner(position)
    except Unknown:
        return None


__all__ = ["INFINITY", "ProofError", "ProofSolver", "Stats", "check_proof", "solve", "table_key",
           "verdict"]
