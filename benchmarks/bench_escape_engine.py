"""Escape's bitset engine against the cell-by-cell engine it replaced, in the same run.

The baseline below is the move generator and the players' measure as they
were before the bitsets (puzzlegen 0eca074): cells as integers in frozensets,
every card turned and tried at every blank cell next to an anchor, the main
group and the pocket by depth-first search, the measure's three steps by a
breadth-first search.  Both run on the same positions (every position of
``--games`` seeded greedy-e games, each for both sides to move) and must give
the same answers; the script prints CPU microseconds per call for each, and
the ratio.  "In play" rows give the bitset engine the frame a position
inherits from its parent in a game (grown at ``apply``, not counted).

    nice -n 10 python benchmarks/bench_escape_engine.py [--games 20]
"""

from __future__ import annotations

import argparse
import os
import time
from collections.abc import Callable

from puzzlegen.escape.analysis import pocket_size
from puzzlegen.escape.cards import BLACK, CARDS, ORIENTATIONS, WHITE, id_order
from puzzlegen.escape.players import STEPS, WIN, evaluate, play_game
from puzzlegen.escape.position import NEIGHBOURS, ORIGIN, STRIDE, Position, cell

Moves = list[tuple[str, int, tuple[int, int]]]


def flood(start: int, cells: frozenset[int]) -> frozenset[int]:
    seen = {start}
    stack = [start]
    while stack:
        k = stack.pop()
        for d in NEIGHBOURS:
            n = k + d
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return frozenset(seen)


def gaps_of(p: Position, main: frozenset[int]) -> frozenset[int]:
    occupied = p.white | p.black
    return frozenset(k + d for k in main for d in NEIGHBOURS if k + d not in occupied)


def fits(base: int, offs: list[int], win: list[int], own: frozenset[int],
         theirs: frozenset[int], anchors: frozenset[int], white: bool) -> bool:
    squares = [base + o for o in offs]
    for k in squares:
        if k in theirs or (white and k in own):
            return False
    for o in win:
        if base + o in theirs:
            return False
    placed = set(squares)
    for k in squares:
        if k in own:
            continue
        for d in NEIGHBOURS:
            n = k + d
            if n in anchors and n not in placed:
                return True
    return False


def old_placements(p: Position, colour: str) -> Moves:
    hand = p.hand(colour)
    if not hand:
        return []
    main = flood(ORIGIN, p.white)
    if colour == WHITE:
        own, theirs, anchors = p.white, p.black, main
    else:
        own, theirs, anchors = p.black, p.white, p.black
    occupied = own | theirs
    targets = sorted({k + d for k in anchors for d in NEIGHBOURS if k + d not in occupied})
    result: Moves = []
    faces_done: set[str] = set()
    for card_id in hand:
        face = CARDS[card_id].face
        if face in faces_done:
            continue
        faces_done.add(face)
        for orient in ORIENTATIONS[face]:
            offs = [r * STRIDE + c for r, c in orient.squares]
            win = [r * STRIDE + c for r, c in orient.window]
            seen: set[int] = set()
            for t in targets:
                for o in offs:
                    base = t - o
                    if base in seen:
                        continue
                    seen.add(base)
                    if fits(base, offs, win, own, theirs, anchors, colour == WHITE):
                        result.append((card_id, orient.turns, cell(base)))
    result.sort(key=lambda m: (id_order(m[0]), m[1], m[2]))
    return result


def old_pocket_size(p: Position, main: frozenset[int], limit: int) -> int | None:
    occupied = p.white | p.black
    seen = set(main)
    stack = list(seen)
    blanks = 0
    while stack:
        k = stack.pop()
        for d in NEIGHBOURS:
            n = k + d
            if n in p.black or n in seen:
                continue
            seen.add(n)
            stack.append(n)
            if n not in occupied:
                blanks += 1
                if blanks > limit:
                    return None
    return blanks


def old_evaluate(p: Position) -> float:
    main = flood(ORIGIN, p.white)
    gaps = gaps_of(p, main)
    if not gaps:
        return -WIN
    if p.to_move == WHITE and p.white_hand and not old_placements(p, WHITE):
        return -WIN
    if p.to_move == WHITE and not p.white_hand and not p.black_hand:
        return WIN
    room = old_pocket_size(p, main, 40)
    if room is not None:
        return float(room - sum(len(CARDS[c].squares) for c in p.white_hand)) - 50.0
    occupied = p.white | p.black
    seen = set(gaps)
    frontier = list(gaps)
    for _ in range(STEPS):
        nxt = []
        for k in frontier:
            for d in NEIGHBOURS:
                n = k + d
                if n not in occupied and n not in seen:
                    seen.add(n)
                    nxt.append(n)
        frontier = nxt
    return 2.0 * len(gaps) + len(seen)


def new_placements(p: Position, colour: str) -> Moves:
    fresh = Position(p.white, p.black, p.white_hand, p.black_hand, p.to_move)
    return [(m.card, m.turns, m.at) for m in fresh.placements(colour)]


def new_evaluate(p: Position) -> float:
    return evaluate(Position(p.white, p.black, p.white_hand, p.black_hand, p.to_move))


def inherited(p: Position) -> Position:
    """A copy of ``p`` that keeps the frame it inherited in play (as the players see it)."""
    q = Position(p.white, p.black, p.white_hand, p.black_hand, p.to_move)
    q.__dict__["frame"] = p.frame
    return q


def clock(fn: Callable[[Position], object],
          positions: list[Position]) -> tuple[float, list[object]]:
    t0 = time.process_time()
    out = [fn(p) for p in positions]
    return time.process_time() - t0, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    args = parser.parse_args()
    one, five, _ = os.getloadavg()
    print(f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores")
    positions: list[Position] = []
    for seed in range(args.games):
        moves, _ = play_game("greedy-e", "greedy-e", f"engine-{seed}")
        p = Position.start()
        for m in moves:
            for side in (WHITE, BLACK):
                q = Position(p.white, p.black, p.white_hand, p.black_hand, side)
                q.__dict__["frame"] = p.frame  # as inherited in play; unused when fresh
                positions.append(q)
            p.legal_moves()
            p = p.apply(m)
    print(f"{len(positions)} positions from {args.games} greedy-e games; the bitsets fresh "
          "(the frame built from the cells), or 'in play' (the frame grown from the parent's "
          "at apply(), a cost not counted here)")
    print(f"{'task':<28} {'cells µs/call':>14} {'bitsets µs/call':>16} {'ratio':>6}")
    tasks: list[tuple[str, Callable[[Position], object], Callable[[Position], object]]] = [
        ("White's placements", lambda p: old_placements(p, WHITE),
         lambda p: new_placements(p, WHITE)),
        ("Black's placements", lambda p: old_placements(p, BLACK),
         lambda p: new_placements(p, BLACK)),
        ("players' measure (evaluate)", old_evaluate, new_evaluate),
        ("pocket, limit 40", lambda p: old_pocket_size(p, flood(ORIGIN, p.white), 40),
         lambda p: pocket_size(Position(p.white, p.black, p.white_hand, p.black_hand,
                                        p.to_move), 40)),
    ]
    tasks += [
        ("White's placements, in play", lambda p: old_placements(p, WHITE),
         lambda p: [(m.card, m.turns, m.at) for m in inherited(p).placements(WHITE)]),
        ("Black's placements, in play", lambda p: old_placements(p, BLACK),
         lambda p: [(m.card, m.turns, m.at) for m in inherited(p).placements(BLACK)]),
        ("evaluate, in play", old_evaluate, lambda p: evaluate(inherited(p))),
    ]
    for name, old, new in tasks:
        old_cpu, old_out = clock(old, positions)
        new_cpu, new_out = clock(new, positions)
        assert old_out == new_out, f"{name}: the engines disagree"
        n = len(positions)
        print(f"{name:<28} {1e6 * old_cpu / n:>14.0f} {1e6 * new_cpu / n:>16.0f} "
              f"{old_cpu / max(new_cpu, 1e-9):>5.1f}x", flush=True)
    one, five, _ = os.getloadavg()
    print(f"load average {one:.2f} (1 min), {five:.2f} (5 min) at the end")


if __name__ == "__main__":
    main()
