"""Do Pendulum's levels mean what they say?  The grade against measures that are not it.

Generates the puzzles of ``--seeds`` seeds of each kind (choose-method and
win-in-par, the streams the generator and the dailies draw from are not
used, so nothing here is tuned on them) and, per kind and level, prints
measures that no rung of the grading ladder computes:

* random share: the share of ``--tries`` seeded random plays (uniformly
  random legal moves, ``puzzle.random_share``, a stream of its own) that
  win within par swings (win-in-par), or that win at all with a winning
  method (choose-method: the least over the winning methods, since an
  answer is right only when every winning method is found; the median of
  the mean over the methods is shown beside it);
* search effort: the positions the solver examines to decide the puzzle's
  method (choose-method: all twelve), ``solver.search_effort``;

and the grade's own ingredients beside them (par; how many methods win), and
how many seeds it takes to find one puzzle of each level.  A level separates
from the next when its median random share is strictly above the next one's.
The same puzzles are also shown as the first grading (v1, which the dailies
before 2027 keep) graded them, for comparison.

    python benchmarks/bench_pendulum_grading.py [--seeds 400] [--tries 64] [--jobs 2]
"""

from __future__ import annotations

import argparse
import dataclasses
import multiprocessing
import time
from itertools import pairwise
from statistics import mean, median
from typing import Any

from puzzlegen.games import LEVELS
from puzzlegen.pendulum import puzzle as pp
from puzzlegen.pendulum.methods import METHODS
from puzzlegen.pendulum.position import Deal
from puzzlegen.pendulum.solver import search_effort

Row = dict[str, Any]


def measure(job: tuple[str, int, int]) -> Row | None:
    kind, index, tries = job
    seed = f"bench-pendulum-grading-{index}"
    puzzle = pp.make_puzzle(kind, seed)
    if puzzle is None:
        return None
    deal: Deal = puzzle.deal
    if kind == pp.WIN_IN_PAR:
        assert puzzle.method is not None
        start = deal.start(puzzle.method)
        share = pp.random_share(start, puzzle.par, tries, seed)
        effort = search_effort(start)
        mean_share = share
    else:
        shares = [pp.random_share(deal.start(r.method), None, tries, seed)
                  for r in puzzle.results]
        share, mean_share = min(shares), mean(shares)
        effort = sum(search_effort(deal.start(m)) for m in METHODS)
    # v1's players are v2's first seven: the old grade of the same puzzle.
    old = dataclasses.replace(puzzle, grading="v1", players=tuple(p[:7] for p in puzzle.players))
    return {
        "level": LEVELS.index(puzzle.level),
        "v1": LEVELS.index(old.level),
        "par": puzzle.par,
        "swings": puzzle.best.par,
        "winners": len(puzzle.results),
        "share": share,
        "mean share": mean_share,
        "effort": effort,
    }


def report(kind: str, rows: list[Row], candidates: int, grading: str) -> bool:
    """Print one kind's table; True when each level's median random share is
    strictly below the level before's."""
    key = "level" if grading == pp.GRADING else grading
    rows = [{**r, "level": r[key]} for r in rows]
    print(f"\n{kind}, graded {grading}: {len(rows)} puzzles from {candidates} seeds")
    print(f"  {'level':8} {'count':>5} {'seeds/puzzle':>12} {'random share':>12} "
          f"{'(mean)':>6} {'over methods':>12} {'par':>5} {'swings':>6} {'winners':>7} "
          f"{'effort':>7}")
    medians: list[float | None] = []
    for index, level in enumerate(LEVELS):
        group = [r for r in rows if r["level"] == index]
        if not group:
            print(f"  {level:8} {0:5} {'-':>12}")
            medians.append(None)
            continue
        share = median(r["share"] for r in group)
        medians.append(share)
        print(
            f"  {level:8} {len(group):5} {candidates / len(group):12.1f} {share:12.3f} "
            f"{mean(r['share'] for r in group):6.3f} "
            f"{median(r['mean share'] for r in group):12.3f} {median(r['par'] for r in group):5} "
            f"{median(r['swings'] for r in group):6} {median(r['winners'] for r in group):7} "
            f"{median(r['effort'] for r in group):7.0f}"
        )
    falling = all(a is not None and b is not None and a > b for a, b in pairwise(medians))
    print(f"  each level's median random share strictly below the level before's: {falling}")
    return falling


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=400, help="seeds tried per kind")
    parser.add_argument("--tries", type=int, default=64, help="random plays per method")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    start = time.perf_counter()
    ok = True
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(args.jobs) as pool:
        results = {
            kind: pool.map(measure, [(kind, i, args.tries) for i in range(args.seeds)],
                           chunksize=4)
            for kind in pp.KINDS
        }
    print(f"{args.seeds} seeds per kind, {args.tries} random plays per method; "
          f"{time.perf_counter() - start:.0f} s")
    for kind, found in results.items():
        rows = [r for r in found if r is not None]
        ok &= report(kind, rows, args.seeds, pp.GRADING)
        report(kind, rows, args.seeds, "v1")
    print(f"\nall levels separate ({pp.GRADING}): {'yes' if ok else 'NO'}")


if __name__ == "__main__":
    main()
