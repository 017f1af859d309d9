"""Is any single daily slower than 5 s to make?  (Issue 21, point 8.)

Two parts, one run, the load printed at the start and the end:

1. ``--scan FROM TO`` (optional): every date of the range made by the library
   call (:func:`puzzlegen.daily.daily_puzzle`, in this process), CPU and wall
   seconds each, to find the slowest dates.  Pendulum by default; ``--scan-game``
   names another.
2. The headline: ``puzzlegen daily`` run as a user runs it (one process a date,
   start-up, the search through the candidates, grading and the pages) for the
   dates given with ``--dates`` and the scan's ``--top`` slowest, printing the
   child's wall and CPU seconds (user + system, ``resource.getrusage``).  With
   ``--before DIR`` each date is also made by the puzzlegen source in DIR (a
   baseline under the same load), and the puzzle written (puzzle.json: id,
   seed, level, par, answer lines, players) is compared with today's, so a
   speed-up that changed a day would show.  ``--also`` adds Cat's Cradle's
   daily puzzle and its whole game of the day (``daily --kind game``) for the
   same dates.

For a baseline, DIR needs its compiled cores built in place, as an
installation would build them::

    mkdir /tmp/before && git archive main | tar -x -C /tmp/before
    (cd /tmp/before && python setup.py -q build_ext --inplace)

The machine is shared: CPU time is the steady figure; wall time is CPU time
plus the wait for a core.  Run from the repository root, e.g.::

    nice -n 10 python benchmarks/bench_daily_speed.py --scan 2026-11-01 2027-12-31 \\
        --top 5 --dates 2026-11-29 2027-01-10 2027-02-21 --before /tmp/before --also
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from bench_pendulum_daily import PUZZLEGEN, gauge, same_puzzle

from puzzlegen.daily import daily_puzzle, date_range
from puzzlegen.pendulum.core import CORE
from puzzlegen.registry import get_game

LAUNCH = "import sys; from puzzlegen.launch import main; sys.exit(main())"
#: What --also adds to Pendulum's daily: (label, extra arguments of ``puzzlegen daily``).
RUNS = {
    "pendulum": ["--game", "pendulum"],
    "cats-cradle": ["--game", "cats-cradle"],
    "cc-game": ["--game", "cats-cradle", "--kind", "game"],
    "escape": ["--game", "escape"],
}
LIMIT = 5.0  # seconds: the bound for any single day


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def scan(game: str, first: dt.date, last: dt.date) -> list[tuple[float, float, dt.date]]:
    """(CPU, wall, date) of :func:`daily_puzzle` for every date, slowest first."""
    chosen = get_game(game)
    rows = []
    dates = date_range(first, last)
    for n, date in enumerate(dates, 1):
        c0, w0 = time.process_time(), time.perf_counter()
        puzzle = daily_puzzle(date, chosen)
        cpu, wall = time.process_time() - c0, time.perf_counter() - w0
        rows.append((cpu, wall, date))
        seed = getattr(puzzle, "seed", "")
        print(f"  scan {date} {date:%a} {cpu:6.2f} s CPU {wall:6.2f} s wall  {seed}",
              file=sys.stderr if cpu < 1 else sys.stdout, flush=True)
        if n % 50 == 0:
            print(f"  ... {n}/{len(dates)} dates, load {load()}", file=sys.stderr, flush=True)
    return sorted(rows, reverse=True)


def same_day(a: Path, b: Path) -> bool:
    """Whether two output folders hold the same day: its puzzle and answer
    (puzzle.json), or the whole game of the day (game.json)."""
    if any(a.rglob("puzzle.json")):
        return same_puzzle(a, b)
    one = [json.loads(p.read_text()) for p in sorted(a.rglob("game.json"))]
    two = [json.loads(p.read_text()) for p in sorted(b.rglob("game.json"))]
    return len(one) == len(two) > 0 and one == two


def make(date: dt.date, args: list[str], out: Path, before: Path | None,
         cap: float | None = None) -> tuple[float, float, bool]:
    """Wall and CPU seconds of one ``puzzlegen daily`` run (with the source in
    ``before`` when given).  A run past ``cap`` seconds of CPU time is stopped
    by the kernel (RLIMIT_CPU: CPU seconds, steady on a shared machine) and its
    figures are what it had spent: lower bounds."""
    env = dict(os.environ)
    env.pop("PUZZLEGEN_PURE_CORE", None)
    command, cwd = PUZZLEGEN, None
    if before is not None:
        env["PYTHONPATH"] = os.pathsep.join([str(before), env.get("PYTHONPATH", "")])
        # python -c puts its working folder first on sys.path: run it in DIR.
        command, cwd = [sys.executable, "-c", LAUNCH], before
    started = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    def limit() -> None:
        if cap is not None:
            resource.setrlimit(resource.RLIMIT_CPU, (int(cap), int(cap) + 5))

    child = subprocess.Popen([*command, "daily", *args, "--date", date.isoformat(),
                              "-o", str(out)], env=env, stdout=subprocess.DEVNULL, cwd=cwd,
                             preexec_fn=limit)
    code = child.wait()
    stopped = code == -signal.SIGXCPU and cap is not None
    if code and not stopped:
        raise subprocess.CalledProcessError(code, child.args)
    wall = time.perf_counter() - t0
    ended = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (ended.ru_utime - started.ru_utime) + (ended.ru_stime - started.ru_stime)
    return wall, cpu, stopped


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scan", nargs=2, metavar=("FROM", "TO"),
                        help="make every date of this range by the library call first")
    parser.add_argument("--scan-game", default="pendulum")
    parser.add_argument("--top", type=int, default=5,
                        help="run the CLI on the scan's slowest dates too (default 5)")
    parser.add_argument("--dates", nargs="*", default=[], metavar="DATE",
                        help="dates for the CLI runs (beside the scan's slowest)")
    parser.add_argument("--before", type=lambda text: Path(text).resolve(), metavar="DIR",
                        help="also make each date with the puzzlegen source in DIR")
    parser.add_argument("--also", action="store_true",
                        help="also time Cat's Cradle's daily and `daily --kind game`")
    parser.add_argument("--game", choices=sorted(RUNS), action="append",
                        help="time these runs instead (repeat it; e.g. --game escape)")
    parser.add_argument("--cap", type=float, metavar="SECONDS",
                        help="stop a --before run after this much CPU time and print "
                             "its figures as lower bounds (the old weekend days ran for "
                             "many minutes)")
    args = parser.parse_args()
    print(f"load average {load()} on {os.cpu_count()} cores; pendulum core {CORE}; "
          f"`puzzlegen --version` takes {gauge():.2f} s wall")
    dates = [dt.date.fromisoformat(d) for d in args.dates]
    if args.scan:
        first, last = (dt.date.fromisoformat(d) for d in args.scan)
        rows = scan(args.scan_game, first, last)
        cpus = sorted(r[0] for r in rows)
        print(f"scan of {len(rows)} {args.scan_game} dates, {first} to {last} (library call): "
              f"median {cpus[len(cpus) // 2]:.2f} s CPU, total {sum(cpus):.0f} s CPU; "
              f"over 1 s CPU: {sum(c > 1 for c in cpus)}; slowest:")
        for cpu, wall, date in rows[: max(args.top, 10)]:
            print(f"  {date} {date:%a} {cpu:6.2f} s CPU {wall:6.2f} s wall")
        dates += [r[2] for r in rows[: args.top] if r[2] not in dates]
    if args.game:
        runs = {k: RUNS[k] for k in args.game}
    else:
        runs = {k: v for k, v in RUNS.items() if args.also or k == "pendulum"}
    worst: dict[str, tuple[float, float, dt.date]] = {}
    differ = 0
    print("\nthe CLI, one `puzzlegen daily` process a date:")
    with tempfile.TemporaryDirectory() as tmp:
        for date in sorted(dates):
            for label, extra in runs.items():
                line = f"{date} {date:%a} {label:12}"
                variants = [("now", None)] + [("before", args.before)] * (args.before is not None)
                for name, source in variants:
                    out = Path(tmp) / name / label / date.isoformat()
                    wall, cpu, stopped = make(date, extra, out, source,
                                              args.cap if name == "before" else None)
                    key = f"{label} {name}"
                    if key not in worst or wall > worst[key][1]:
                        worst[key] = (cpu, wall, date)
                    more = ">" if stopped else " "
                    line += f"   {name} {more}{wall:6.2f} s wall {more}{cpu:6.2f} s CPU"
                    if stopped:
                        line += " (stopped unfinished)"
                    elif name == "before" and not same_day(Path(tmp) / "now" / label
                                                            / date.isoformat(), out):
                        differ += 1
                        line += " (puzzle differs!)"
                print(line, flush=True)
    print()
    for key, (cpu, wall, date) in worst.items():
        verdict = "within" if wall <= LIMIT else "OVER"
        print(f"{key}: slowest wall {wall:.2f} s ({date}, {cpu:.2f} s CPU): "
              f"{verdict} {LIMIT:.0f} s")
    if args.before is not None:
        print(f"dates whose puzzle or answer differs from the source before: {differ}")
    print(f"load average {load()} at the end; `puzzlegen --version` takes {gauge():.2f} s wall")


if __name__ == "__main__":
    main()
