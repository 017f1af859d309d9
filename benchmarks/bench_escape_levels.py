"""Escape puzzles by level: how long a puzzle of each level takes to make.

For each kind and level asked, candidates are made as ``generate --game
escape --kind KIND --level LEVEL`` makes them (the generator's own job,
:func:`puzzlegen.generator.grade_candidate`, for the seeds ``SEED-0``,
``SEED-1``, ...) until ``--count`` puzzles of the level are found or
``--tries`` seeds are spent; CPU and wall seconds per puzzle are printed with
the load, since the machine is shared.  ``--mix N`` first prints the level mix
of the first N candidates of each kind made without a level (plain
``generate``).

    nice -n 10 python benchmarks/bench_escape_levels.py --kind capture \\
        --levels medium hard --count 3 --mix 20
"""

from __future__ import annotations

import argparse
import os
import time
from collections import Counter

from puzzlegen.generator import grade_candidate


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--kind", action="append", choices=["escape", "capture"])
    parser.add_argument("--levels", nargs="*", default=["medium", "hard"])
    parser.add_argument("--count", type=int, default=3)
    parser.add_argument("--tries", type=int, default=200)
    parser.add_argument("--mix", type=int, default=0, metavar="N")
    parser.add_argument("--seed", default="bench")
    args = parser.parse_args()
    kinds = args.kind or ["capture"]
    print(f"load average {load()} on {os.cpu_count()} cores", flush=True)
    for kind in kinds:
        if args.mix:
            mix: Counter[str] = Counter()
            c0, w0 = time.process_time(), time.perf_counter()
            for i in range(args.mix):
                data = grade_candidate(("escape", kind, f"{args.seed}-{i}"))
                mix[data["level"] if data else "none"] += 1
            cpu, wall = time.process_time() - c0, time.perf_counter() - w0
            print(f"{kind}: {args.mix} candidates without a level: {dict(sorted(mix.items()))}"
                  f" in {cpu:.1f} s CPU, {wall:.1f} s wall", flush=True)
        for level in args.levels:
            wanted = level.capitalize()
            found = []
            c0, w0 = time.process_time(), time.perf_counter()
            for i in range(args.tries):
                data = grade_candidate(("escape", kind, f"{args.seed}-{i}", wanted))
                if data is not None and data["level"] == wanted:
                    found.append(i)
                    if len(found) == args.count:
                        break
            cpu, wall = time.process_time() - c0, time.perf_counter() - w0
            each = f"{cpu / len(found):.1f} s CPU, {wall / len(found):.1f} s wall a puzzle" \
                if found else "none found"
            print(f"{kind} {wanted}: {len(found)} of {args.count} in {i + 1} seeds "
                  f"(seeds {found}), {cpu:.1f} s CPU, {wall:.1f} s wall: {each}; "
                  f"load {load()}", flush=True)
    print(f"load average {load()} at the end")


if __name__ == "__main__":
    main()
