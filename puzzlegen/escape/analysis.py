"""Measures of how free White's main group is, shared by the solver and the players.

* :func:`escape_cut`: the fewest blank cells Black would have to fill to
  cut the main group off from the open table (a minimum vertex cut, by
  augmenting paths; cells are walls when black, free to pass and uncuttable
  when detached white).  Every black square lowers it by at most one, and
  White's plays never lower it, so when it exceeds the squares left in
  Black's hand the main group can never be closed in.
* :func:`pocket`: the blank cells White can still reach when it is closed in
  (the component of non-black cells holding the main group), or None when it
  is open.  Every white square White lays lands in this pocket.
"""

from __future__ import annotations

from collections import deque

from puzzlegen.escape.position import BIAS, NEIGHBOURS, STRIDE, Position, bits_ascending, key


def _box(position: Position, margin: int) -> tuple[int, int, int, int]:
    top, left, bottom, right = position.bounds()
    return top - margin, left - margin, bottom + margin, right + margin


def escape_cut(position: Position, limit: int) -> int:
    """The minimum number of blank cells whose filling closes the main group in, capped at
    ``limit + 1`` (the search stops once the cut is known to exceed ``limit``).

    Cuts of at most ``limit`` cells lie within ``limit + 2`` cells of the squares,
    so the table beyond that margin counts as open.
    """
    if limit <= 0:
        # No cell to spend: the cut exceeds 0 exactly when the group is open at all.
        return 0 if pocket_bits(position, limit=1 << 30) is not None else 1
    top, left, bottom, right = _box(position, limit + 2)
    lo_r, hi_r = top + BIAS, bottom + BIAS
    lo_c, hi_c = left + BIAS, right + BIAS
    black = position.black
    main = position.main_group
    white = position.white

    def outside(k: int) -> bool:
        r, c = divmod(k, STRIDE)
        return r < lo_r or r > hi_r or c < lo_c or c > hi_c

    through: set[int] = set()  # blank cells carrying a path (capacity 1, used)
    flow: dict[tuple[int, int], int] = {}  # net flow on neighbour edges u -> v
    total = 0
    while total <= limit:
        # BFS over (cell, side): side 0 = entering the cell, 1 = leaving it.
        start = [(k, 1) for k in main]
        parent: dict[tuple[int, int], tuple[int, int] | None] = dict.fromkeys(start)
        queue = deque(start)
        end: tuple[int, int] | None = None
        while queue and end is None:
            v, side = queue.popleft()
            nxt: list[tuple[int, int]] = []
            if side == 0:
                if v in white or v not in through:
                    nxt.append((v, 1))
                # Undo flow that entered v from u: go back to u's out side.
                for d in NEIGHBOURS:
                    u = v - d
                    if flow.get((u, v), 0) > 0:
                        nxt.append((u, 1))
            else:
                for d in NEIGHBOURS:
                    w = v + d
                    if w in black or w in main:
                        continue
                    if outside(w):
                        end = (w, 0)
                        parent[end] = (v, 1)
                        break
                    nxt.append((w, 0))
                if end is None and v in through and v not in white:
                    nxt.append((v, 0))  # backward along the used vertex
            for step in nxt:
                if step not in parent:
                    parent[step] = (v, side)
                    queue.append(step)
        if end is None:
            return total
        # Walk back, updating flows.
        state: tuple[int, int] | None = end
        while state is not None:
            prev = parent[state]
            if prev is None:
                break
            (pv, ps), (sv, ss) = prev, state
            if pv == sv:
                if ps == 0 and ss == 1:
                    through.add(sv)
                elif ps == 1 and ss == 0:
                    through.discard(sv)
            elif ps == 1 and ss == 0:
                back = flow.get((sv, pv), 0)
                if back > 0:
                    flow[(sv, pv)] = back - 1
                else:
                    flow[(pv, sv)] = flow.get((pv, sv), 0) + 1
            else:  # (pv, 0) -> (sv, 1): cancelling flow sv -> pv
                flow[(sv, pv)] = flow.get((sv, pv), 0) - 1
            state = prev
        total += 1
    return total


def cut_bound(position: Position, depth: int = 3) -> int:
    """An upper bound on the main group's escape cut: the fewest blank cells in one of
    the rings at distance 1 to ``depth`` (``depth`` <= 3) around it, walking through
    non-black cells; a ring holding a detached white square is no cut and is skipped.

    Every path from the group to the open table crosses every ring, so each ring of
    blank cells closes the group in when filled.  The rings lie within three cells of
    the squares, inside :func:`escape_cut`'s box whenever ``limit`` >= 1, so a bound
    at most ``limit`` means ``escape_cut(position, limit)`` is at most ``limit`` too:
    a cheap test before the augmenting paths.
    """
    f = position.frame
    # Every ring lies within three cells of a square, at least two inside the frame's edge.
    passable = f.full & ~f.black & (f.corners(3, 3) << (f.width + 1))
    seen = ring = f.main
    best = 1 << 30
    for _ in range(min(depth, 3)):
        ring = f.dilate(ring) & passable & ~seen
        seen |= ring
        if not ring & f.white:
            best = min(best, ring.bit_count())
    return best


def pocket_bits(position: Position, limit: int = 400) -> int | None:
    """:func:`pocket` as bits of ``position.frame``, or None when open (or over ``limit``)."""
    f = position.frame
    # The frame's outer ring is blank table beyond every square: reaching it is open.
    inner = f.corners(3, 3) << (f.width + 1)
    passable = f.full & ~f.black
    ring = f.full & ~inner
    blank = f.blank
    region = f.main
    while True:
        grown = f.dilate(region) & passable
        if grown & ring or (grown & blank).bit_count() > limit:
            return None
        if grown == region:
            return region & blank
        region = grown


def pocket(position: Position, limit: int = 400) -> frozenset[int] | None:
    """The blank cells of the non-black region around the main group, or None if it
    holds more than ``limit`` blank cells (then White is, for this purpose, open)."""
    bits = pocket_bits(position, limit)
    if bits is None:
        return None
    f = position.frame
    return frozenset(key(*f.cell_of(b)) for b in bits_ascending(bits))


def pocket_size(position: Position, limit: int = 400) -> int | None:
    """How many blank cells :func:`pocket` holds, or None (without building the set)."""
    bits = pocket_bits(position, limit)
    return None if bits is None else bits.bit_count()


def free_fronts(position: Position) -> int:
    """How many pairwise disjoint *free fronts* the main group has (a lower bound).

    A front is a gap ``g`` with the 3x3 block of blank cells that has ``g`` in
    the middle of its side facing the main group.  Every white card can be laid
    inside such a block with a square on ``g`` (the longest, I3 and the split
    pair, straight away from the group; the 2x2 cards in a corner of the block),
    so while one front is left White is never stuck.  A square laid by either
    side spoils at most one of a disjoint set of fronts.
    """
    f = position.frame
    width = f.width
    occupied = f.full & ~f.blank
    main = f.main
    busy = occupied  # occupied cells and the blocks already counted
    count = 0
    blocks = _blocks(width)
    lift = 2 * width + 2
    # Gaps in key order are bits in ascending order (row-major in both).
    for g in bits_ascending(f.targets):
        for step, block in blocks:
            if not (main >> (g - step)) & 1:
                continue
            # ``block`` is the 3x3 block beyond g, as bits relative to g (shifted by 2 rows).
            mask = block << g >> lift
            if mask & busy:
                continue
            busy |= mask
            count += 1
            break
    return count


_BLOCKS: dict[int, tuple[tuple[int, int], ...]] = {}


def _blocks(width: int) -> tuple[tuple[int, int], ...]:
    """For each of NEIGHBOURS' directions d, in its order: the bit step of d in a frame
    ``width`` wide, and the block g + i*d + j*side (i 0..2, j -1..1) as bits relative to
    g plus ``2 * width + 2`` (so that every bit is non-negative)."""
    out = _BLOCKS.get(width)
    if out is None:
        rows = []
        for d in NEIGHBOURS:
            dr, dc = (0, d) if abs(d) == 1 else (d // STRIDE, 0)
            sr, sc = (1, 0) if abs(d) == 1 else (0, 1)
            bits = 0
            for i in range(3):
                for j in (-1, 0, 1):
                    r, c = i * dr + j * sr, i * dc + j * sc
                    bits |= 1 << ((r + 2) * width + c + 2)
            rows.append((dr * width + dc, bits))
        out = _BLOCKS[width] = tuple(rows)
    return out
