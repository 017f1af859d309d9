"""Pendulum's solver on seeded deals: every deal under all twelve methods.

For each of ``--deals`` seeded deals (seeds 0, 1, …) solves every method to
the end: won or lost, and for a win the par (fewest swings) and a shortest
line.  The solver has no time limit, so every deal is decided.  Every
winning line is replayed through the rules module.  Prints deals per second,
the median and slowest deal (all twelve methods together), and the
statistics of the sample: the share of deals each method wins, how many
methods win a deal, and the par distribution.  Run from the repository root:

    python benchmarks/bench_pendulum.py [--deals 1000] [--start 0]
"""

from __future__ import annotations

import argparse
import collections
import statistics
import time

from puzzlegen.pendulum.methods import METHODS
from puzzlegen.pendulum.position import Deal
from puzzlegen.pendulum.solver import MethodResult, solve_deal


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    args = parser.parse_args()

    times: list[tuple[float, int]] = []
    results: list[tuple[MethodResult, ...]] = []
    bad_lines = 0
    begin = time.perf_counter()
    for seed in range(args.start, args.start + args.deals):
        t0 = time.perf_counter()
        outcome = solve_deal(Deal.from_seed(seed))
        times.append((time.perf_counter() - t0, seed))
        results.append(outcome)
    # Check every line: it must replay legally to a win with par swings.
    for seed, outcome in enumerate(results, start=args.start):
        for r in outcome:
            if r.won:
                position = Deal.from_seed(seed).start(r.method)
                for move in r.moves:
                    position = position.play(move)
                swings = sum(1 for m in r.moves if m.kind == "swing")
                bad_lines += not position.won or swings != r.par
    total = time.perf_counter() - begin

    n = len(results)
    seconds = [t for t, _ in times]
    slowest, slowest_seed = max(times)
    print(f"{n} deals x {len(METHODS)} methods in {total:.1f} s: {n / total:.3f} deals/s")
    print(f"per deal (all 12 methods): median {statistics.median(seconds):.3f} s, "
          f"mean {statistics.fmean(seconds):.3f} s, slowest {slowest:.3f} s (seed {slowest_seed})")
    print("undecided: 0 (the search runs to the end)")
    print(f"winning lines that failed to replay to a win in par swings: {bad_lines}")
    print()
    print("share of deals each method wins:")
    for i, method in enumerate(METHODS):
        wins = sum(1 for outcome in results if outcome[i].won)
        print(f"  {method!s:<7} {wins:5d} / {n}  {100 * wins / n:5.1f}%")
    winners = collections.Counter(sum(r.won for r in outcome) for outcome in results)
    print("methods that win a deal (how many deals):")
    for k in sorted(winners):
        print(f"  {k:2d}: {winners[k]}")
    print(f"  median {statistics.median(sum(r.won for r in o) for o in results)}")
    pars = collections.Counter(r.par for outcome in results for r in outcome if r.won)
    print("par (swings) of the winning methods:")
    for par in sorted(p for p in pars if p is not None):
        print(f"  {par:2d}: {pars[par]}")


if __name__ == "__main__":
    main()
