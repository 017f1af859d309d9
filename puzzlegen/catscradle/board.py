"""The geometry of the 4×4 square: cells, the 18 lines, who sees whom.

Cells are numbered 0-15 row by row from the top left; cell ``i`` is at
``[i // 4, i % 4]``.  A line is any row, column or diagonal of two or more
cells.  Two cells *see* each other when some line holds both.
"""

from __future__ import annotations

SIZE = 4
CELLS = SIZE * SIZE
CENTRE = frozenset({5, 6, 9, 10})


def _lines() -> tuple[tuple[int, ...], ...]:
    rows = [tuple(r * SIZE + c for c in range(SIZE)) for r in range(SIZE)]
    cols = [tuple(r * SIZE + c for r in range(SIZE)) for c in range(SIZE)]
    diagonals = []
    for start in range(-(SIZE - 2), SIZE - 1):  # r - c constant
        cells = tuple(r * SIZE + r - start for r in range(SIZE) if 0 <= r - start < SIZE)
        diagonals.append(cells)
    for total in range(1, 2 * SIZE - 2):  # r + c constant
        cells = tuple(r * SIZE + total - r for r in range(SIZE) if 0 <= total - r < SIZE)
        diagonals.append(cells)
    return tuple(rows + cols + sorted(diagonals, key=lambda d: (-len(d), d)))


#: The 18 lines: 4 rows, 4 columns, then the diagonals longest first.
LINES: tuple[tuple[int, ...], ...] = _lines()


def _sees() -> tuple[tuple[int, ...], ...]:
    seen: list[set[int]] = [set() for _ in range(CELLS)]
    for line in LINES:
        for a in line:
            seen[a].update(b for b in line if b != a)
    return tuple(tuple(sorted(s)) for s in seen)


#: ``SEES[i]``: the cells that cell ``i`` sees, in increasing order.
SEES: tuple[tuple[int, ...], ...] = _sees()
#: Bit ``j`` of ``SEES_MASK[i]`` is set when cell ``i`` sees cell ``j``.
SEES_MASK: tuple[int, ...] = tuple(sum(1 << j for j in seen) for seen in SEES)


def coords(cell: int) -> tuple[int, int]:
    """``[row, col]`` of a cell, zero-based from the top left."""
    return divmod(cell, SIZE)


def cell_at(row: int, col: int) -> int:
    return row * SIZE + col


def _symmetries() -> tuple[tuple[int, ...], ...]:
    """The 8 symmetries of the square, as permutations: ``new[p[i]] = old[i]``."""
    result = []
    for turns in range(4):
        for mirror in (False, True):
            perm = []
            for cell in range(CELLS):
                r, c = coords(cell)
                if mirror:
                    c = SIZE - 1 - c
                for _ in range(turns):
                    r, c = c, SIZE - 1 - r
                perm.append(cell_at(r, c))
            result.append(tuple(perm))
    return tuple(result)


#: The 8 symmetries of the square; the first is the identity.
SYMMETRIES: tuple[tuple[int, ...], ...] = _symmetries()
