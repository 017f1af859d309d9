"""How long one Pendulum daily takes to make, end to end, for every date of a range.

Runs ``puzzlegen daily --game pendulum --date D -o DIR`` as a user would, one
process a date (start-up, the search through candidate seeds, grading, the
pages), and prints each date's wall and CPU time (the child's user + system
time, from ``resource.getrusage``), then the slowest date.  In the same run,
for a before/after comparison under the same load:

* ``--pure`` also makes each date with ``PUZZLEGEN_PURE_CORE=1`` (the
  pure-Python solver core);
* ``--before DIR`` also makes each date with the puzzlegen source in ``DIR``
  (for example ``git archive COMMIT | tar -x -C DIR``, an older commit), put
  first on ``PYTHONPATH``; the puzzle it writes (puzzle.json: id, seed,
  level, par, answer lines, players) is compared with today's, so a speed-up
  that changed a day would show.

The machine is shared: the load average is printed, and CPU time is the
steadier figure.  Run from the repository root:

    python benchmarks/bench_pendulum_daily.py --from 2026-11-23 --to 2027-01-10
        [--pure] [--before DIR]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
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
LAUNCH = "import sys; from puzzlegen.launch import main; sys.exit(main())"
PUZZLEGEN = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-c", LAUNCH]


def make(date: dt.date, out: Path, variant: str, before: Path | None) -> tuple[float, float]:
    """Wall and CPU seconds of one ``puzzlegen daily`` run."""
    env = dict(os.environ)
    env.pop("PUZZLEGEN_PURE_CORE", None)
    command, cwd = PUZZLEGEN, None
    if variant == "pure Python":
        env["PUZZLEGEN_PURE_CORE"] = "1"
    elif variant == "before":
        assert before is not None
        env["PYTHONPATH"] = os.pathsep.join([str(before), env.get("PYTHONPATH", "")])
        # python -c puts its working folder first on sys.path: run it in DIR.
        command, cwd = [sys.executable, "-c", LAUNCH], before
    started = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(
        [*command, "daily", "--game", "pendulum", "--date", date.isoformat(), "-o", str(out)],
        env=env, check=True, stdout=subprocess.DEVNULL, cwd=cwd,
    )
    wall = time.perf_counter() - t0
    ended = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (ended.ru_utime - started.ru_utime) + (ended.ru_stime - started.ru_stime)
    return wall, cpu


def gauge() -> float:
    """Wall seconds of ``puzzlegen --version``: what waiting for a core costs now."""
    t0 = time.perf_counter()
    subprocess.run([*PUZZLEGEN, "--version"], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0


#: What defines a day's puzzle in its puzzle.json (the pages around it may change
#: with the templates between two sources).
PUZZLE_FIELDS = ("id", "seed", "kind", "level", "par", "key", "method", "answer", "players")


def same_puzzle(a: Path, b: Path) -> bool:
    """Whether two page folders hold the same puzzle and answer."""
    one = [json.loads(p.read_text()) for p in sorted(a.rglob("puzzle.json"))]
    two = [json.loads(p.read_text()) for p in sorted(b.rglob("puzzle.json"))]
    return len(one) == len(two) > 0 and all(
        [x.get(k) for k in PUZZLE_FIELDS] == [y.get(k) for k in PUZZLE_FIELDS]
        for x, y in zip(one, two, strict=True)
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--from", dest="first", default="2026-11-23")
    parser.add_argument("--to", dest="last", default="2027-01-10")
    parser.add_argument("--pure", action="store_true",
                        help="also time each date with the pure-Python core")
    parser.add_argument("--before", type=lambda text: Path(text).resolve(), metavar="DIR",
                        help="also time each date with the puzzlegen source in DIR")
    args = parser.parse_args()
    first, last = dt.date.fromisoformat(args.first), dt.date.fromisoformat(args.last)
    dates = [first + dt.timedelta(days=n) for n in range((last - first).days + 1)]
    variants = ["now"] + ["pure Python"] * args.pure + ["before"] * (args.before is not None)
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} on "
          f"{os.cpu_count()} cores; {len(dates)} dates, {first} to {last}")
    print(f"a gauge of the load: `puzzlegen --version` (start-up only) takes {gauge():.2f} s wall")
    rows: dict[str, list[tuple[float, float, dt.date]]] = {v: [] for v in variants}
    differ = 0
    with tempfile.TemporaryDirectory() as tmp:
        for date in dates:
            line = f"{date} {date.strftime('%a')}"
            for variant in variants:
                out = Path(tmp) / variant.replace(" ", "-") / date.isoformat()
                wall, cpu = make(date, out, variant, args.before)
                rows[variant].append((cpu, wall, date))
                line += f"   {variant} {wall:6.2f} s wall {cpu:6.2f} s CPU"
                if variant != "now" and not same_puzzle(Path(tmp) / "now" / date.isoformat(), out):
                    differ += 1
                    line += " (puzzle differs!)"
            print(line, flush=True)
    for variant in variants:
        cpu, wall, date = max(rows[variant])
        print(f"{variant}: slowest {date} ({date.strftime('%a')}) {cpu:.2f} s CPU, {wall:.2f} s "
              f"wall; median {statistics.median(r[0] for r in rows[variant]):.2f} s CPU; "
              f"slowest wall {max(r[1] for r in rows[variant]):.2f} s")
    if len(variants) > 1:
        print(f"dates whose puzzle or answer differs between the variants: {differ}")
    print(f"load average {' '.join(f'{x:.2f}' for x in os.getloadavg())} at the end; "
          f"`puzzlegen --version` takes {gauge():.2f} s wall")


if __name__ == "__main__":
    main()
