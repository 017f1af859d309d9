"""Solver speed on a fixed corpus of positions from seeded play.

Prints positions per second and the slowest position for the fast solver and
for the exhaustive oracle of the tests, on the same corpus in the same run,
and their ratio.  Run from the repository root:

    python benchmarks/bench_solver.py [--count 10000]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from oracle import oracle_best_spaces

from puzzlegen.catscradle.position import Position
from puzzlegen.catscradle.solver import best_line
from puzzlegen.catscradle.wholegame import seeded_positions


def measure(
    solve: Callable[[Position], int], corpus: list[Position]
) -> tuple[float, float, list[int]]:
    """Total seconds, slowest single position's seconds, and the counts."""
    counts = []
    slowest = 0.0
    start = time.perf_counter()
    for position in corpus:
        t0 = time.perf_counter()
        counts.append(solve(position))
        slowest = max(slowest, time.perf_counter() - t0)
    return time.perf_counter() - start, slowest, counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    args = parser.parse_args()
    corpus = list(seeded_positions(args.count))
    openings = sum(1 for p in corpus if all(len(s) == 1 for s in p.cells))
    stacked = sum(1 for p in corpus if any(len(s) > 1 for s in p.cells))
    print(
        f"corpus: {len(corpus)} positions from seeded play "
        f"({openings} openings, {len(corpus) - openings} mid-game, {stacked} with stacks)"
    )
    fast_total, fast_slowest, fast = measure(lambda p: best_line(p).spaces, corpus)
    oracle_total, oracle_slowest, oracle = measure(oracle_best_spaces, corpus)
    if fast != oracle:
        raise SystemExit("the fast solver and the oracle disagree!")
    for name, total, slowest in (
        ("fast solver (best line)", fast_total, fast_slowest),
        ("exhaustive oracle (count only)", oracle_total, oracle_slowest),
    ):
        print(
            f"{name:32} {len(corpus) / total:9.0f} positions/s   "
            f"total {total:7.2f} s   slowest {slowest * 1000:7.2f} ms"
        )
    print(f"speed-up: {oracle_total / fast_total:.1f}x (counts agree on all {len(corpus)})")


if __name__ == "__main__":
    main()
