"""Solver speed as users see it: ``puzzlegen solve --json -`` against a plain exhaustive search.

On the same positions in the same run, times

* the reference: ``reference.py``'s exhaustive search (int tuples, a set of
  seen positions, every legal move tried), in this process, on positions
  already parsed, giving the best space count only;
* the command line, end to end: ``puzzlegen solve --json -`` as a fresh
  process fed one position a line (start-up, parsing, the best line with its
  tie-break, JSON out), run once before and once after the reference;

checks that they agree on every best space count, and prints the ratio;
with ``--rounds N`` it does all that N times and also prints the median.
Then times the hardest positions known (``worst_positions.txt``: the one from
issue 8 and those ``hill_climb.py`` found): the command end to end on each
alone, ``--worst-runs`` times (median and slowest), and the core in this
process.  Run from the repository root:

    python benchmarks/bench_solver.py [--count 10000] [--rounds 3] [--reference-worst]

The command measured is the ``puzzlegen`` script beside this Python: run the
benchmark from an environment made by ``pip install .`` to measure what users
install (an editable install adds the import hook of ``pip install -e``).  The
command runs without ``PYTHONUNBUFFERED``, as users run it.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference
from hill_climb import read_worst

from puzzlegen.catscradle import core
from puzzlegen.catscradle.solver import layout
from puzzlegen.catscradle.wholegame import seeded_positions

COMMAND = [str(Path(sys.executable).parent / "puzzlegen"), "solve", "--json", "-"]


class Timing:
    """Wall and CPU seconds of one measured run."""

    def __init__(self, wall: float, cpu: float) -> None:
        self.wall, self.cpu = wall, cpu


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


#: The command's environment: this one without PYTHONUNBUFFERED (which would
#: make every answer a separate write, as no user's shell does by default).
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}


def run_cli(lines: list[str]) -> tuple[Timing, list[int]]:
    """One ``puzzlegen solve --json -`` over ``lines``: its timing (the child's CPU) and counts."""
    with tempfile.TemporaryFile("w+") as stdin:
        stdin.write("".join(line + "\n" for line in lines))
        stdin.seek(0)
        cpu = _children_cpu()
        start = time.perf_counter()
        done = subprocess.run(
            COMMAND, stdin=stdin, capture_output=True, text=True, check=True, env=ENV
        )
        timing = Timing(time.perf_counter() - start, _children_cpu() - cpu)
    return timing, [json.loads(out)["best_spaces"] for out in done.stdout.splitlines()]


def run_reference(lines: list[str]) -> tuple[Timing, list[int]]:
    """The reference search over ``lines`` (parsed beforehand): its timing and counts."""
    parsed = [reference.parse(line) for line in lines]
    cpu = time.process_time()
    start = time.perf_counter()
    counts = [reference.best_spaces(cells) for cells in parsed]
    return Timing(time.perf_counter() - start, time.process_time() - cpu), counts


def core_seconds(line: str, repeat: int = 3) -> float:
    """The core's best CPU time on one position, in this process."""
    from puzzlegen.catscradle.position import Position

    encoded = layout(Position.parse(line))
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        core.best_path(encoded)
        best = min(best, time.process_time() - start)
    return best


def compare(lines: list[str]) -> tuple[Timing, Timing]:
    """The reference and the command (mean of a run before and after it) on ``lines``."""
    cli_first, cli_counts = run_cli(lines)
    ref, ref_counts = run_reference(lines)
    cli_second, _ = run_cli(lines)
    if cli_counts != ref_counts:
        raise SystemExit("puzzlegen solve and the reference disagree!")
    cli = Timing((cli_first.wall + cli_second.wall) / 2, (cli_first.cpu + cli_second.cpu) / 2)
    for name, timing in (
        ("reference search (count only)", ref),
        ("puzzlegen solve --json - (end to end)", cli),
    ):
        print(
            f"{name:40} {len(lines) / timing.wall:8.0f} positions/s   "
            f"wall {timing.wall:6.2f} s   CPU {timing.cpu:6.2f} s"
        )
    print(f"  (the two command runs: wall {cli_first.wall:.2f} s and {cli_second.wall:.2f} s)")
    print(
        f"end-to-end speed-up: {ref.wall / cli.wall:.1f}x wall clock, {ref.cpu / cli.cpu:.1f}x CPU "
        f"(best space counts agree on all {len(lines)})"
    )
    return ref, cli


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--rounds", type=int, default=1, help="Compare this many times.")
    parser.add_argument("--worst-runs", type=int, default=5, help="Runs of each worst position.")
    parser.add_argument(
        "--reference-worst", action="store_true", help="Also time the reference on the worst."
    )
    args = parser.parse_args()
    corpus = list(seeded_positions(args.count))
    lines = [str(p) for p in corpus]
    openings = sum(1 for p in corpus if p.spaces == 0 and all(len(s) == 1 for s in p.cells))
    import puzzlegen

    print(
        f"corpus: {len(corpus)} positions from seeded play "
        f"({openings} openings, {len(corpus) - openings} mid-game); solver core: {core.CORE}; "
        f"puzzlegen from {Path(puzzlegen.__file__).parent}"
    )
    rounds = [compare(lines) for _ in range(args.rounds)]
    if args.rounds > 1:
        wall = statistics.median(ref.wall / cli.wall for ref, cli in rounds)
        cpu = statistics.median(ref.cpu / cli.cpu for ref, cli in rounds)
        print(f"median of {args.rounds} rounds: {wall:.1f}x wall clock, {cpu:.1f}x CPU")
    print(f"hardest positions known (worst_positions.txt), {args.worst_runs} runs each:")
    worst = 0.0
    for position in read_worst():
        line = str(position)
        timings = []
        for _ in range(args.worst_runs):
            timing, counts = run_cli([line])
            timings.append(timing)
        slowest = max(t.wall for t in timings)
        worst = max(worst, slowest)
        report = (
            f"  command median {statistics.median(t.wall for t in timings) * 1000:4.0f} ms wall "
            f"({statistics.median(t.cpu for t in timings) * 1000:3.0f} ms CPU), "
            f"slowest {slowest * 1000:4.0f} ms; core {core_seconds(line) * 1000:5.1f} ms"
        )
        if args.reference_worst:
            ref_timing, ref_count = run_reference([line])
            if ref_count != counts:
                raise SystemExit(f"puzzlegen solve and the reference disagree on {line!r}")
            report += f", reference {ref_timing.wall:5.1f} s"
        print(f"{report}   best {counts[0]:2}   {line}")
    # (No memory figure: a child's ru_maxrss counts this process's pages at
    # the fork, so it would report the reference's memory; use /usr/bin/time.)
    print(f"worst case: {worst * 1000:.0f} ms end to end (wall clock, slowest run)")


if __name__ == "__main__":
    main()
