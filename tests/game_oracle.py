"""A deliberately plain whole-game search: the oracle the game solver is checked against.

It shares nothing with the solver but the card values: positions are tuples
of tuples of card ints (bottom to top), moves are found by testing every pair
of cells, the end positions of a sequence are found by walking every
position reachable with real cards and marking, backwards, every position
from which a move that empties a cell can be reached.  Twins are not merged
and nothing is ordered cleverly; lost positions are remembered, so the
search ends.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlegen.catscradle.position import Deal

Cells = tuple[tuple[int, ...], ...]


def _sees(a: int, b: int) -> bool:
    (ra, ca), (rb, cb) = divmod(a, 4), divmod(b, 4)
    return a != b and (ra == rb or ca == cb or ra - ca == rb - cb or ra + ca == rb + cb)


def _fits(card: int, onto: int) -> bool:
    """``card`` (rank 0-12 times 4 plus suit 0-3, suits C D H S) may rest on ``onto``."""
    rank, suit = divmod(card, 4)
    orank, osuit = divmod(onto, 4)
    red, ored = suit in (1, 2), osuit in (1, 2)
    return orank == (rank + 1) % 13 and red != ored


_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _card(text: str) -> int:
    return 4 * _RANKS.index(text[:-1]) + "CDHS".index(text[-1])


def _moves(cells: Cells) -> list[tuple[Cells, bool]]:
    """Every position one move away, and whether the move empties its cell."""
    result = []
    for src in range(16):
        for dst in range(16):
            if not (cells[src] and cells[dst] and _sees(src, dst)):
                continue
            if _fits(cells[src][-1], cells[dst][-1]):
                moved = list(cells)
                moved[src] = cells[src][:-1]
                moved[dst] = (*cells[dst], cells[src][-1])
                result.append((tuple(moved), len(cells[src]) == 1))
    return result


def sequence_ends(start: Cells) -> set[Cells]:
    """Every position a sequence of play from ``start`` may stop in."""
    seen = {start}
    todo = [start]
    edges: dict[Cells, list[tuple[Cells, bool]]] = {}
    while todo:
        cells = todo.pop()
        edges[cells] = _moves(cells)
        for nxt, _ in edges[cells]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    back: dict[Cells, list[Cells]] = {c: [] for c in seen}
    can_grow = set()
    for cells, out in edges.items():
        for nxt, empties in out:
            back[nxt].append(cells)
            if empties:
                can_grow.add(cells)
    todo = list(can_grow)
    while todo:
        cells = todo.pop()
        for before in back[cells]:
            if before not in can_grow:
                can_grow.add(before)
                todo.append(before)
    return seen - can_grow


def _spaces(cells: Cells) -> int:
    return sum(1 for s in cells if not s)


def game_won(cells: Cells, stock: Sequence[int]) -> bool:
    """Whether some choice of end positions wins the game from ``cells`` with ``stock``."""
    lost: set[tuple[Cells, int]] = set()

    def won(cells: Cells, dealt: int) -> bool:
        if (cells, dealt) in lost:
            return False
        for end in sequence_ends(cells):
            if _spaces(end) <= _spaces(cells):
                continue
            filled = list(end)
            at = dealt
            for i in range(16):
                if not filled[i] and at < len(stock):
                    filled[i] = (stock[at],)
                    at += 1
            if at == len(stock) or won(tuple(filled), at):
                return True
        lost.add((cells, dealt))
        return False

    return won(cells, 0)


def deal_won(deal: Deal, stock_cards: int = 36) -> bool:
    """:func:`game_won` for ``deal`` with only the first ``stock_cards`` of its stock."""
    cards = [_card(str(c)) for c in deal.cards]
    return game_won(tuple((c,) for c in cards[:16]), cards[16 : 16 + stock_cards])


def main() -> None:
    """Print the verdicts on seeds 0..N-1: ``python tests/game_oracle.py N > FILE``."""
    import sys

    count = int(sys.argv[1])
    print("# seed won|lost: the plain whole-game search's verdict on Deal.from_seed(seed)")
    print(f"# written by: python tests/game_oracle.py {count}")
    for seed in range(count):
        print(seed, "won" if deal_won(Deal.from_seed(seed)) else "lost", flush=True)


if __name__ == "__main__":
    main()
