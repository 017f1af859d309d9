"""Escape's exact solver now against the solver on the cell engine (commit 0eca074), same run.

The baseline's four modules (position, analysis, solver, players) are read
from the repository's history with ``git show`` into a temporary folder and
imported beside today's.  Both solvers get the same positions (``--samples``
a row with 8, 10 and 12 cards left, from greedy-e self-play) and the same
node budget; they must visit the same number of positions, hit the table as
often and reach the same verdict (the speed-ups change no search order).
Prints CPU seconds for each and the ratio.  Needs git and the history.

    nice -n 10 python benchmarks/bench_escape_solver.py [--samples 4] [--budget 1500]
"""

from __future__ import annotations

import argparse
import importlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType

from bench_escape import positions_with

from puzzlegen.escape.position import Position
from puzzlegen.escape.solver import Solver, Unknown

BASELINE = "0eca074"
MODULES = ("position", "analysis", "solver")


def baseline(folder: Path) -> tuple[ModuleType, ModuleType]:
    """The baseline's position and solver modules, imported as ``old_position``, …."""
    root = Path(__file__).resolve().parent.parent
    for name in MODULES:
        text = subprocess.run(["git", "show", f"{BASELINE}:puzzlegen/escape/{name}.py"],
                              cwd=root, check=True, capture_output=True, text=True).stdout
        for other in MODULES:
            text = text.replace(f"from puzzlegen.escape.{other} import",
                                f"from old_{other} import")
        (folder / f"old_{name}.py").write_text(text)
    sys.path.insert(0, str(folder))
    return importlib.import_module("old_position"), importlib.import_module("old_solver")


def run(solver: object, position: object, unknown: type[Exception]) -> tuple[object, ...]:
    t0 = time.process_time()
    try:
        winner = solver.winner(position)  # type: ignore[attr-defined]
    except unknown:
        winner = None
    stats = solver.stats  # type: ignore[attr-defined]
    return winner, stats.nodes, stats.hits, stats.stored, time.process_time() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=4)
    parser.add_argument("--budget", type=int, default=1500)
    parser.add_argument("--levels", default="8,10,12")
    args = parser.parse_args()
    one, five, _ = os.getloadavg()
    print(f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as tmp:
        old_position, old_solver = baseline(Path(tmp))
        print(f"budget {args.budget} positions; {args.samples} positions a row")
        print(f"{'cards left':>10} {'decided':>8} {'nodes':>7} {'cells CPU s':>12} "
              f"{'bitsets CPU s':>14} {'ratio':>6}")
        for cards in (int(x) for x in args.levels.split(",")):
            positions: list[Position] = positions_with(cards, args.samples)
            old_cpu = new_cpu = 0.0
            decided = nodes = 0
            for p in positions:
                q = old_position.Position(p.white, p.black, p.white_hand, p.black_hand,
                                          p.to_move)
                new = run(Solver(budget=args.budget), p, Unknown)
                old = run(old_solver.Solver(budget=args.budget), q, old_solver.Unknown)
                assert new[:4] == old[:4], f"the solvers differ on {p}: {new} {old}"
                decided += new[0] is not None
                nodes += int(new[1])  # type: ignore[call-overload]
                new_cpu += float(new[4])  # type: ignore[arg-type]
                old_cpu += float(old[4])  # type: ignore[arg-type]
            print(f"{cards:>10} {decided:>4}/{len(positions):<3} {nodes:>7} {old_cpu:>12.2f} "
                  f"{new_cpu:>14.2f} {old_cpu / max(new_cpu, 1e-9):>5.1f}x", flush=True)
    one, five, _ = os.getloadavg()
    print(f"load average {one:.2f} (1 min), {five:.2f} (5 min) at the end")


if __name__ == "__main__":
    main()
