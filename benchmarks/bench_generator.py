"""Generator speed: graded puzzles per second by kind and level, and a year of dailies.

For each kind, grades a fixed stream of candidates and reports how many
graded puzzles of each level it produced per second of grading (a level's
rate counts the time spent on every candidate, since finding a Hard puzzle
means grading the others too).  Then times the daily puzzles of a year.

    python benchmarks/bench_generator.py [--candidates 1500] [--year 2027]
"""

from __future__ import annotations

import argparse
import datetime as dt
import time
from collections import Counter

from puzzlegen.catscradle.plugin import CATS_CRADLE
from puzzlegen.catscradle.puzzle import KINDS, make_puzzle
from puzzlegen.daily import daily_puzzle, date_range
from puzzlegen.games import LEVELS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--candidates", type=int, default=1500)
    parser.add_argument("--year", type=int, default=2027)
    args = parser.parse_args()
    for kind in KINDS:
        levels: Counter[str] = Counter()
        start = time.perf_counter()
        for i in range(args.candidates):
            puzzle = make_puzzle(kind, f"bench-{i}")
            if puzzle is not None:
                levels[puzzle.level] += 1
        seconds = time.perf_counter() - start
        total = sum(levels.values())
        print(
            f"{kind:8} {total / seconds:7.1f} graded puzzles/s "
            f"({total} from {args.candidates} candidates in {seconds:.2f} s)"
        )
        for level in LEVELS:
            print(f"         {level:7} {levels[level] / seconds:7.1f} puzzles/s")
    days = date_range(dt.date(args.year, 1, 1), dt.date(args.year, 12, 31))
    start = time.perf_counter()
    keys = {daily_puzzle(day, CATS_CRADLE).key for day in days}
    seconds = time.perf_counter() - start
    print(f"daily    a year ({len(days)} dates, {len(keys)} distinct puzzles) in {seconds:.2f} s")


if __name__ == "__main__":
    main()
