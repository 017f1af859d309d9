"""Does a level mean what it says?  The grade checked against measures that are not the grade.

The grade is the weakest player of the ladder (puzzlegen.catscradle.players)
who reaches par; the level (grading v3) cuts difficulty points (the grade's
rung, plus par, plus twice the spaces the hasty player misses).  Two measures
that no rung of the ladder computes:

* miss rate: the share of seeded random plays that end short of par
  (``players.random_play_share``: uniformly random legal moves, never
  revisiting a position, until no further space can be made);
* search effort: the positions reachable in the sequence of play
  (``solver.analyse(...).states``), how much there is to look through.

Over a year of dailies (the schedule in force for ``--year``, and 2026's v1 as
published, for comparison) and a stream of generated puzzles (one-move puzzles left out, as
they are never published), prints the Spearman rank correlation of level and
of grade with each measure, and each level's median, and says whether every
level's median miss rate is strictly above the level below's; for the
dailies, each weekday's median miss rate, which must rise strictly from
Monday to Saturday, with Sunday's between the days labelled easier and harder
than its own label.

    pip install -e ".[bench]"     # scipy, for the rank correlation
    python benchmarks/bench_grading.py [--puzzles 2000] [--year 2027] [--tries 64] [--jobs 2]
"""

from __future__ import annotations

import argparse
import calendar
import datetime as dt
import multiprocessing
import time
from itertools import pairwise
from statistics import median
from typing import Any

from scipy.stats import spearmanr

from puzzlegen.catscradle.players import LADDER, random_play_share
from puzzlegen.catscradle.plugin import CATS_CRADLE, schedule_for
from puzzlegen.catscradle.puzzle import POINT_CUTS, Puzzle, make_puzzle
from puzzlegen.catscradle.solver import analyse
from puzzlegen.daily import daily_puzzle, date_range
from puzzlegen.games import LEVELS

Row = dict[str, Any]


def measure(puzzle: Puzzle, tries: int) -> Row:
    return {
        "level": LEVELS.index(puzzle.level),
        "rung": puzzle.rung,
        "points": puzzle.points,
        "kind": puzzle.kind,
        "par": puzzle.par,
        "miss": 1.0 - random_play_share(puzzle.position, tries, puzzle.id),
        "effort": analyse(puzzle.position).states,
    }


def daily_row(job: tuple[str, int]) -> Row:
    date = dt.date.fromisoformat(job[0])
    puzzle = daily_puzzle(date, CATS_CRADLE)
    assert isinstance(puzzle, Puzzle)
    return {**measure(puzzle, job[1]), "weekday": date.weekday()}


def generated_row(job: tuple[int, int]) -> Row | None:
    index, tries = job
    puzzle = make_puzzle(("opening", "midgame")[index % 2], f"bench-grading-{index}")
    if puzzle is None or not puzzle.publishable:
        return None
    return measure(puzzle, tries)


def report(title: str, rows: list[Row]) -> bool:
    """Print one table; True when each level's median miss rate beats the one below."""
    print(f"\n{title}: {len(rows)} puzzles")
    for measure_name in ("miss", "effort"):
        values = [r[measure_name] for r in rows]
        by_level = spearmanr([r["level"] for r in rows], values)[0]
        by_rung = spearmanr([r["rung"] for r in rows], values)[0]
        by_points = spearmanr([r["points"] for r in rows], values)[0]
        by_par = spearmanr([r["par"] for r in rows], values)[0]
        print(
            f"  Spearman with {measure_name:6}: level {by_level:+.3f}   grade (rung) "
            f"{by_rung:+.3f}   points {by_points:+.3f}   par alone {by_par:+.3f}"
        )
    print(f"  {'level':8} {'count':>6} {'median miss rate':>17} {'median effort':>14}")
    medians: list[float | None] = []
    for index, level in enumerate(LEVELS):
        group = [r for r in rows if r["level"] == index]
        if not group:
            print(f"  {level:8} {0:6}")
            medians.append(None)
            continue
        miss = median(r["miss"] for r in group)
        medians.append(miss)
        effort = median(r["effort"] for r in group)
        print(f"  {level:8} {len(group):6} {miss:17.3f} {effort:14.0f}")
    rising = all(a is not None and b is not None and a < b for a, b in pairwise(medians))
    print(f"  each level's median miss rate strictly above the level below: {rising}")
    return rising


def by_rung(rows: list[Row]) -> None:
    print(f"  {'grade':13} {'count':>6} {'median miss rate':>17}")
    for index, player in enumerate(LADDER):
        group = [r["miss"] for r in rows if r["rung"] == index]
        if group:
            print(f"  {player.name:13} {len(group):6} {median(group):17.3f}")
    print(f"  {'points':13} {'count':>6} {'median miss rate':>17}   (level cut-offs "
          f"{', '.join(str(c) for c in POINT_CUTS)})")
    for points in sorted({r["points"] for r in rows}):
        group = [r["miss"] for r in rows if r["points"] == points]
        print(f"  {points:13} {len(group):6} {median(group):17.3f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, default=2000, help="generated puzzles (at least)")
    parser.add_argument("--year", type=int, default=2027)
    parser.add_argument("--tries", type=int, default=64, help="random plays per puzzle")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    start = time.perf_counter()
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(args.jobs) as pool:
        dates = date_range(dt.date(args.year, 1, 1), dt.date(args.year, 12, 31))
        year = pool.map(daily_row, [(d.isoformat(), args.tries) for d in dates], chunksize=8)
        old = dt.date(2026, 1, 1)
        old_year = pool.map(
            daily_row,
            [(d.isoformat(), args.tries) for d in date_range(old, dt.date(2026, 12, 31))],
            chunksize=8,
        )
        generated: list[Row] = []
        index = 0
        while len(generated) < args.puzzles:
            batch = [(i, args.tries) for i in range(index, index + 256)]
            generated += [r for r in pool.map(generated_row, batch, chunksize=8) if r]
            index += 256
    print(f"random plays per puzzle: {args.tries}; {time.perf_counter() - start:.0f} s")
    ok = report(f"dailies of {args.year}", year)
    schedule = schedule_for(dt.date(args.year, 1, 1))
    weekdays: list[float] = []
    for day in range(7):
        kind, level = schedule.weekdays[day]
        group = [r["miss"] for r in year if r["weekday"] == day]
        weekdays.append(median(group))
        pars = schedule.pars.get(day)
        points = schedule.points.get(day)
        asked = (f"par {pars.start}-{pars.stop - 1}" if pars
                 else f"points {points.start}-{points.stop - 1}" if points else "any")
        print(
            f"  {calendar.day_abbr[day]} {kind:8} {level:7} {asked:11} median miss rate "
            f"{weekdays[-1]:.3f}"
        )
    rising = all(a < b for a, b in pairwise(weekdays[:6]))
    labels = [schedule.weekdays[day][1] for day in range(6)]
    sunday = schedule.weekdays[6][1]
    below = [
        m
        for m, label in zip(weekdays, labels, strict=False)
        if LEVELS.index(label) < LEVELS.index(sunday)
    ]
    above = [
        m
        for m, label in zip(weekdays, labels, strict=False)
        if LEVELS.index(label) > LEVELS.index(sunday)
    ]
    fits = all(m < weekdays[6] for m in below) and all(weekdays[6] < m for m in above)
    print(
        f"  Monday to Saturday strictly rising: {rising}; Sunday ({sunday}) above every easier "
        f"day and below every harder one: {fits}"
    )
    ok &= rising and fits
    ok &= report(f"generated puzzles (stream bench-grading-*, from {index} candidates)", generated)
    by_rung(generated)
    report("dailies of 2026 as published (v1 grading, for comparison)", old_year)
    print(f"\nall checks: {'pass' if ok else 'FAIL'}")


if __name__ == "__main__":
    main()
