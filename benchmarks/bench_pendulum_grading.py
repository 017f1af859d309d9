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
  the mean over the methods is shown beside it, and *work*, the winning
  methods random play misses, summed: how much there is to find);
* search effort: the positions the solver examines to decide the puzzle's
  method (choose-method: all twelve), ``solver.search_effort``;

* planless play: whether each of four planless strategies (``planless.py``:
  anything that moves, outs first, longest pile first, random legal; played
  through the rules module, not the grade's players) wins at par;

and the grade's own ingredients beside them (par; how many methods win), and
how many seeds it takes to find one puzzle of each level.  A level separates
from the next when its median random share is strictly above the next one's.
The same puzzles are also shown as the grading before (v2) graded them, for
comparison.

    python benchmarks/bench_pendulum_grading.py [--seeds 400] [--tries 64] [--jobs 2]

``--dailies FIRST:LAST`` measures the daily puzzles of those dates instead (as
the schedule in force makes them; ``--every N`` takes every Nth date), and
checks the planless target: planless players win at most 10% of the Hard and
Expert days at par.

    python benchmarks/bench_pendulum_grading.py --dailies 2027-01-01:2027-06-30 --jobs 2
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime as dt
import json
import multiprocessing
import os
import sys
import time
from itertools import pairwise
from statistics import mean, median
from typing import Any

import planless

from puzzlegen.daily import daily_puzzle, date_range, parse_date
from puzzlegen.games import LEVELS
from puzzlegen.pendulum import puzzle as pp
from puzzlegen.pendulum.methods import METHODS
from puzzlegen.pendulum.plugin import PENDULUM
from puzzlegen.pendulum.position import Deal
from puzzlegen.pendulum.solver import search_effort

Row = dict[str, Any]


def measure(job: tuple[str, int, int]) -> Row | None:
    kind, index, tries = job
    seed = f"bench-pendulum-grading-{index}"
    puzzle = pp.make_puzzle(kind, seed)
    if puzzle is None:
        return None
    return measure_puzzle(puzzle, tries, seed)


def measure_puzzle(puzzle: pp.Puzzle, tries: int, seed: str) -> Row:
    """The independent measures of one puzzle (see the module's docstring)."""
    deal: Deal = puzzle.deal
    pars: list[int | None]
    if puzzle.kind == pp.WIN_IN_PAR:
        assert puzzle.method is not None
        start = deal.start(puzzle.method)
        share = pp.random_share(start, puzzle.par, tries, seed)
        effort = search_effort(start)
        mean_share = share
        starts, pars = [start], [puzzle.par]
    else:
        starts = [deal.start(r.method) for r in puzzle.results]
        pars = [None] * len(starts)
        shares = [pp.random_share(s, None, tries, seed) for s in starts]
        share, mean_share = min(shares), mean(shares)
        effort = sum(search_effort(deal.start(m)) for m in METHODS)
    # v2's players are v3's outs, plain, greedy and first twelve random players: the
    # grade the same puzzle had before (v1's are v2's first seven).
    fixed = pp.FIXED_PLAYERS[puzzle.grading]
    v2_players = tuple(p[:3] + p[fixed : fixed + 12] for p in puzzle.players)
    old = dataclasses.replace(puzzle, grading="v2", players=v2_players)
    older = dataclasses.replace(puzzle, grading="v1", players=tuple(p[:7] for p in v2_players))
    return {
        "level": LEVELS.index(puzzle.level),
        "v2": LEVELS.index(old.level),
        "v1": LEVELS.index(older.level),
        "kind": puzzle.kind,
        "par": puzzle.par,
        "swings": puzzle.best.par,
        "winners": len(puzzle.results),
        "share": share,
        "mean share": mean_share,
        "effort": effort,
        "planless": {s: planless.wins_at_par(starts, pars, s, seed) for s in planless.STRATEGIES},
    }


def daily_row(job: tuple[str, int]) -> Row:
    date = dt.date.fromisoformat(job[0])
    start = time.process_time()
    puzzle = daily_puzzle(date, PENDULUM)
    assert isinstance(puzzle, pp.Puzzle)
    made = time.process_time() - start
    assert puzzle.seed is not None
    row = measure_puzzle(puzzle, job[1], f"bench-{date.isoformat()}")
    return {**row, "date": date.isoformat(), "seed": puzzle.seed, "made": made,
            "grading": puzzle.grading}


def report_planless(rows: list[Row]) -> bool:
    """Print how often planless play wins at par, by kind and level; True when it wins
    at most 10% of the Hard and Expert days (counting a day won when any strategy wins)."""
    print(f"\n  planless play wins at par ({', '.join(planless.STRATEGIES)}; 'any': days "
          "any of them wins)")
    print(f"  {'kind':14} {'level':8} {'days':>5} " + " ".join(f"{s:>8}" for s in
                                                             (*planless.STRATEGIES, "any")))
    for kind in pp.KINDS:
        for index, level in enumerate(LEVELS):
            group = [r for r in rows if r["kind"] == kind and r["level"] == index]
            if not group:
                continue
            counts = [sum(r["planless"][s] for r in group) for s in planless.STRATEGIES]
            anyone = sum(any(r["planless"].values()) for r in group)
            print(f"  {kind:14} {level:8} {len(group):5} "
                  + " ".join(f"{c:8}" for c in (*counts, anyone)))
    hard = [r for r in rows if r["level"] >= LEVELS.index("Hard")]
    runs = sum(sum(r["planless"].values()) for r in hard)
    days = sum(any(r["planless"].values()) for r in hard)
    share = days / len(hard) if hard else 0.0
    print(f"  Hard and Expert days: {len(hard)}; planless wins at par in {runs} of "
          f"{len(hard) * len(planless.STRATEGIES)} runs ({runs / max(1, 4 * len(hard)):.1%}), "
          f"on {days} days ({share:.1%}); at most 10%: {share <= 0.10}")
    return share <= 0.10


def report(kind: str, rows: list[Row], candidates: int, grading: str, seeds: bool = True) -> bool:
    """Print one kind's table; True when each level's median random share is
    strictly below the level before's."""
    key = "level" if grading in (pp.GRADING, "level") else grading
    rows = [{**r, "level": r[key]} for r in rows]
    source = f"from {candidates} seeds" if seeds else "(dailies, as the schedule grades them)"
    print(f"\n{kind}, graded {grading}: {len(rows)} puzzles {source}")
    print(f"  {'level':8} {'count':>5} {'seeds/puzzle':>12} {'random share':>12} "
          f"{'(mean)':>6} {'over methods':>12} {'par':>5} {'swings':>6} {'winners':>7} "
          f"{'effort':>7} {'work':>5}")
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
            f"  {level:8} {len(group):5} "
            f"{f'{candidates / len(group):.1f}' if seeds else '-':>12} {share:12.3f} "
            f"{mean(r['share'] for r in group):6.3f} "
            f"{median(r['mean share'] for r in group):12.3f} {median(r['par'] for r in group):5} "
            f"{median(r['swings'] for r in group):6} {median(r['winners'] for r in group):7} "
            f"{median(r['effort'] for r in group):7.0f} "
            f"{median(r['winners'] * (1 - r['mean share']) for r in group):5.2f}"
        )
    if not seeds:  # dailies: compare the levels the schedule uses
        medians = [m for m in medians if m is not None]
    falling = all(a is not None and b is not None and a > b for a, b in pairwise(medians))
    print(f"  each level's median random share strictly below the level before's: {falling}")
    return falling


def dailies(pool: Any, span: str, every: int, tries: int, out: str | None) -> bool:
    """Measure the daily puzzles of ``FIRST:LAST`` (every ``every``-th date); with
    ``out``, each day's row is written to it as a JSON line as soon as it is measured."""
    first, _, last = span.partition(":")
    dates = date_range(parse_date(first), parse_date(last or first))[::every]
    start = time.perf_counter()
    rows: list[Row] = []
    with open(out or os.devnull, "w") as sink:
        for row in pool.imap(daily_row, [(d.isoformat(), tries) for d in dates]):
            rows.append(row)
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            print(f"\r{len(rows)}/{len(dates)} days", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(f"dailies {dates[0]} to {dates[-1]}, every {every}: {len(rows)} days, "
          f"{tries} random plays per method; {time.perf_counter() - start:.0f} s wall; "
          f"load {os.getloadavg()[0]:.1f}")
    return report_dailies(rows)


def report_dailies(rows: list[Row]) -> bool:
    rows = sorted(rows, key=lambda r: r["date"])
    made = [r["made"] for r in rows]
    slowest = max(rows, key=lambda r: r["made"])
    print(f"{len(rows)} days from {rows[0]['date']} to {rows[-1]['date']}, graded "
          f"{', '.join(sorted({r['grading'] for r in rows}))}; making a day: median "
          f"{median(made):.1f} s CPU, mean {mean(made):.1f} s, slowest {max(made):.1f} s "
          f"({slowest['date']}, candidate {slowest['seed'].rsplit('-', 1)[1]})")
    ok = True
    for kind in pp.KINDS:
        group = [r for r in rows if r["kind"] == kind]
        if group:
            ok &= report(kind, group, len(group), "level", seeds=False)
    ok &= report_planless(rows)
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=400, help="seeds tried per kind")
    parser.add_argument("--tries", type=int, default=64, help="random plays per method")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--dailies", metavar="FIRST:LAST",
                        help="measure the daily puzzles of these dates instead")
    parser.add_argument("--every", type=int, default=1, help="with --dailies: every Nth date")
    parser.add_argument("--out", help="with --dailies: write each day's row here (JSON lines)")
    parser.add_argument("--rows", help="report on the rows a --dailies --out run wrote, "
                        "whole or in part, instead of measuring")
    args = parser.parse_args()
    start = time.perf_counter()
    ok = True
    ctx = multiprocessing.get_context("spawn")
    if args.rows:
        with open(args.rows) as f:
            ok = report_dailies([json.loads(line) for line in f if line.strip()])
        print(f"\nlevels separate and planless target met: {'yes' if ok else 'NO'}")
        return
    if args.dailies:
        with ctx.Pool(args.jobs) as pool:
            ok = dailies(pool, args.dailies, args.every, args.tries, args.out)
        print(f"\nlevels separate and planless target met: {'yes' if ok else 'NO'}")
        return
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
        report(kind, rows, args.seeds, "v2")
        report_planless(rows)
    print(f"\nall levels separate ({pp.GRADING}): {'yes' if ok else 'NO'}")


if __name__ == "__main__":
    main()
