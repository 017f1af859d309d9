"""How long one Pendulum daily takes to make, end to end, for every date of a range.

Runs ``puzzlegen daily --game pendulum --date D -o DIR`` as a user would, one
process a date (start-up, the search through candidate seeds, grading, the
pages), and prints each date's wall and CPU time (the child's user + system
time, from ``resource.getrusage``), then the slowest date.  With ``--pure``
each date is also made with ``PUZZLEGEN_PURE_CORE=1`` (the pure-Python
solver core), in the same run, for a before/after comparison.  The machine
is shared: the load average is printed, and CPU time is the steadier figure.
Run from the repository root:

    python benchmarks/bench_pendulum_daily.py --from 2026-11-23 --to 2027-01-10 [--pure]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

#: The console script beside this Python (as a user runs it), else its entry point.
_SCRIPT = Path(sys.executable).with_name("puzzlegen")
PUZZLEGEN = (
    [str(_SCRIPT)] if _SCRIPT.exists()
    else [sys.executable, "-c", "import sys; from puzzlegen.launch import main; sys.exit(main())"]
)


def make(date: dt.date, out: Path, pure: bool) -> tuple[float, float]:
    """Wall and CPU seconds of one ``puzzlegen daily`` run."""
    env = dict(os.environ)
    env.pop("PUZZLEGEN_PURE_CORE", None)
    if pure:
        env["PUZZLEGEN_PURE_CORE"] = "1"
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(
        [*PUZZLEGEN, "daily", "--game", "pendulum", "--date", date.isoformat(), "-o", str(out)],
        env=env, check=True, stdout=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="first", default="2026-11-23")
    parser.add_argument("--to", dest="last", default="2027-01-10")
    parser.add_argument("--pure", action="store_true",
                        help="also time each date with the pure-Python core")
    args = parser.parse_args()
    first, last = dt.date.fromisoformat(args.first), dt.date.fromisoformat(args.last)
    dates = [first + dt.timedelta(days=n) for n in range((last - first).days + 1)]
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on "
          f"{os.cpu_count()} cores; {len(dates)} dates, {first} to {last}")
    now: list[tuple[float, float, dt.date]] = []
    pure: list[tuple[float, float, dt.date]] = []
    with tempfile.TemporaryDirectory() as tmp:
        for date in dates:
            wall, cpu = make(date, Path(tmp) / "now", False)
            now.append((cpu, wall, date))
            line = f"{date} {date.strftime('%a')}  now {wall:6.2f} s wall {cpu:6.2f} s CPU"
            if args.pure:
                wall, cpu = make(date, Path(tmp) / "pure", True)
                pure.append((cpu, wall, date))
                line += f"   pure Python {wall:6.2f} s wall {cpu:6.2f} s CPU"
            print(line, flush=True)
    for name, rows in (("now", now), ("pure Python", pure)):
        if not rows:
            continue
        cpu, wall, date = max(rows)
        print(f"{name}: slowest {date} ({date.strftime('%a')}) {cpu:.2f} s CPU, {wall:.2f} s "
              f"wall; median {statistics.median(r[0] for r in rows):.2f} s CPU; slowest wall "
              f"{max(r[1] for r in rows):.2f} s")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end")


if __name__ == "__main__":
    main()
