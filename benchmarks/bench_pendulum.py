"""Pendulum's solver on seeded deals: every deal under all twelve methods.

For each of ``--deals`` seeded deals (seeds 0, 1, …) solves every method to
the end: won or lost, and for a win the par (fewest swings) and a shortest
line.  The solver has no time limit, so every deal is decided.  Every
winning line is replayed through the rules module, inside the deal's time.
Prints deals per second (wall and CPU), the median and slowest deal (all
twelve methods and the replay together), and the statistics of the sample:
the share of deals each method wins, how many methods win a deal, and the
par distribution.  Run from the repository root:

    python benchmarks/bench_pendulum.py [--deals 1000] [--start 0]
        [--before 100] [--pars FILE] [--write-pars FILE]

``--before N`` first solves deals ``start`` … ``start + N - 1`` the same way
with the pure-Python search (the solver as it was before the compiled core,
which stays its specification and fallback), in the same run, so the two
rates are measured under the same load; every result must agree.
``--pars FILE`` compares every result with a file written by
``--write-pars`` (one line a deal and method: seed, method, won, par, card
moves, a hash of the line) and counts the differences.  The machine is
shared: the load average is printed beside the figures.
"""

from __future__ import annotations

import argparse
import collections
import hashlib
import json
import os
import statistics
import time
from collections.abc import Iterator
from pathlib import Path

from puzzlegen.pendulum.core import CORE
from puzzlegen.pendulum.methods import METHODS
from puzzlegen.pendulum.position import Deal
from puzzlegen.pendulum.solver import MethodResult, pure_python, solve_deal


def record(seed: int, r: MethodResult) -> str:
    """One line of a pars file."""
    if not r.won:
        return f"{seed} {r.method} 0 - - -"
    line = json.dumps([m.to_json() for m in r.moves]).encode()
    digest = hashlib.sha256(line).hexdigest()[:16]
    return f"{seed} {r.method} 1 {r.par} {r.card_moves} {digest}"


def replay_ok(deal: Deal, r: MethodResult) -> bool:
    """The line replays legally, through the rules module, to a win in par swings."""
    position = deal.start(r.method)
    for move in r.moves:
        position = position.play(move)
    return position.won and sum(1 for m in r.moves if m.kind == "swing") == r.par


class Run:
    """Solve and replay deals, timing each (wall and CPU)."""

    def __init__(self) -> None:
        self.wall: list[tuple[float, int]] = []
        self.cpu: list[float] = []
        self.results: dict[int, tuple[MethodResult, ...]] = {}
        self.bad_lines = 0
        self.total_wall = 0.0
        self.total_cpu = 0.0

    def solve(self, seeds: range) -> None:
        wall0, cpu0 = time.perf_counter(), time.process_time()
        for seed in seeds:
            t0, c0 = time.perf_counter(), time.process_time()
            deal = Deal.from_seed(seed)
            outcome = solve_deal(deal)
            self.bad_lines += sum(1 for r in outcome if r.won and not replay_ok(deal, r))
            self.wall.append((time.perf_counter() - t0, seed))
            self.cpu.append(time.process_time() - c0)
            self.results[seed] = outcome
        self.total_wall = time.perf_counter() - wall0
        self.total_cpu = time.process_time() - cpu0

    def summary(self, name: str) -> None:
        n = len(self.results)
        slowest, seed = max(self.wall)
        print(f"{name}: {n} deals x {len(METHODS)} methods in {self.total_wall:.1f} s wall, "
              f"{self.total_cpu:.1f} s CPU: {n / self.total_wall:.2f} deals/s wall, "
              f"{n / self.total_cpu:.2f} deals/s CPU")
        print(f"  per deal (12 methods and replay): median {statistics.median(self.cpu):.4f} s "
              f"CPU, mean {statistics.fmean(self.cpu):.4f} s CPU; slowest {slowest:.3f} s wall "
              f"(seed {seed}), slowest {max(self.cpu):.3f} s CPU "
              f"(seed {self.wall[self.cpu.index(max(self.cpu))][1]})")
        print(f"  winning lines that failed to replay to a win in par swings: {self.bad_lines}")


def lines(run: Run) -> Iterator[str]:
    for seed, outcome in run.results.items():
        for r in outcome:
            yield record(seed, r)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--start", type=int, default=0, help="first seed")
    parser.add_argument("--before", type=int, default=0, metavar="N",
                        help="also solve the first N deals with the pure-Python search")
    parser.add_argument("--pars", type=Path, help="compare with this pars file")
    parser.add_argument("--write-pars", type=Path, help="write the results to this file")
    args = parser.parse_args()
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on "
          f"{os.cpu_count()} cores; solver core: {CORE}")

    seeds = range(args.start, args.start + args.deals)
    before = None
    if args.before and CORE == "compiled":
        before = Run()
        with pure_python():
            before.solve(seeds[: args.before])
        before.summary("before (pure-Python search)")
    run = Run()
    run.solve(seeds)
    run.summary(f"now ({CORE} core)")
    if before is not None:
        differ = sum(before.results[s] != run.results[s] for s in before.results)
        per_before = statistics.fmean(before.cpu)
        per_now = statistics.fmean(run.cpu[: args.before])
        print(f"  on the first {len(before.results)} deals: {per_before / per_now:.1f}x less CPU "
              f"a deal ({per_before:.4f} s -> {per_now:.4f} s); deals whose results differ "
              f"(won, par, line): {differ}")
    print("undecided: 0 (the search runs to the end)")
    if args.write_pars:
        args.write_pars.write_text("".join(f"{line}\n" for line in lines(run)))
    if args.pars:
        old = {" ".join(x.split()[:2]): x.split() for x in args.pars.read_text().splitlines()}
        pars = moves = line_hash = missing = 0
        for text in lines(run):
            new = text.split()
            was = old.get(" ".join(new[:2]))
            if was is None:
                missing += 1
                continue
            pars += was[2:4] != new[2:4]
            moves += was[4] != new[4]
            line_hash += was[5] != new[5]
        print(f"against {args.pars}: {pars} pars differ, {moves} move counts differ, "
              f"{line_hash} lines differ, {missing} not in the file")
    print()
    results = list(run.results.values())
    n = len(results)
    print("share of deals each method wins:")
    for i, method in enumerate(METHODS):
        wins = sum(1 for outcome in results if outcome[i].won)
        print(f"  {method!s:<7} {wins:5d} / {n}  {100 * wins / n:5.1f}%")
    winners = collections.Counter(sum(r.won for r in outcome) for outcome in results)
    print("methods that win a deal (how many deals):")
    for k in sorted(winners):
        print(f"  {k:2d}: {winners[k]}")
    print(f"  median {statistics.median(sum(r.won for r in o) for o in results)}")
    pars_count = collections.Counter(r.par for outcome in results for r in outcome if r.won)
    print("par (swings) of the winning methods:")
    for par in sorted(p for p in pars_count if p is not None):
        print(f"  {par:2d}: {pars_count[par]}")


if __name__ == "__main__":
    main()
