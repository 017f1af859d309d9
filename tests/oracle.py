"""A deliberately simple exhaustive solver: the oracle the fast solver is checked against.

It knows nothing of classes, heights or bounds: it walks every position
reachable through ``Position.legal_moves`` and ``Position.apply`` with real
cards, and reports the most spaces seen.
"""

from __future__ import annotations

from puzzlegen.catscradle.position import Position


def oracle_best_spaces(position: Position) -> int:
    seen = {position}
    todo = [position]
    best = position.spaces
    while todo:
        current = todo.pop()
        best = max(best, current.spaces)
        for move in current.legal_moves():
            nxt = current.apply(move)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return best


def oracle_can_create_space(position: Position) -> bool:
    """Whether any series of moves from ``position`` creates another space."""
    return oracle_best_spaces(position) > position.spaces
