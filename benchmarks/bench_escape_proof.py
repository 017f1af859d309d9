"""Escape: proof-number search (puzzlegen.escape.proof) against the alpha-beta solver, one run.

Both searches get the same positions: ``--samples`` a row with each of
``--levels`` cards left, from greedy-e self-play (bench_escape.positions_with,
the rows of README's figures).  Alpha-beta gets ``--budget`` positions, df-pn
``--pn-budget`` expansions (an expansion lists a position's moves and numbers
its children; df-pn's alpha-beta searches at five cards left or fewer count
in its CPU time, not in its expansions).  For each row: the share each decides, who
wins, CPU seconds per position; two verdicts on one position must agree,
and every df-pn verdict is re-proven by ``check_proof`` (the largest proof's
size is printed).

Then the start, by df-pn, with ``--start-budget`` expansions or
``--start-cpu`` CPU seconds, whichever ends first.  A decided start is
re-proven by :func:`puzzlegen.escape.proof.check_proof` from the rules up,
and the proof's size is printed.

Prints CPU time (the figure to read on a shared machine) beside wall time,
and the load.  Ctrl-C or SIGTERM stops the run and prints what it has.

    nice -n 10 python benchmarks/bench_escape_proof.py [--samples 12] [--budget 1500]
        [--pn-budget 300] [--start-cpu 1200]
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
import time

from bench_escape import positions_with

from puzzlegen.escape.position import Position
from puzzlegen.escape.proof import ProofError, ProofSolver, check_proof
from puzzlegen.escape.solver import Solver, Unknown


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def timed(solver: Solver | ProofSolver, position: Position) -> tuple[str | None, float]:
    t0 = time.process_time()
    try:
        winner: str | None = solver.winner(position)
    except Unknown:
        winner = None
    return winner, time.process_time() - t0


def rows(levels: list[int], samples: int, budget: int, pn_budget: int) -> None:
    print(f"## {samples} positions a row from greedy-e self-play; alpha-beta {budget} positions, "
          f"df-pn {pn_budget} expansions each")
    print(f"{'cards left':>10} | {'alpha-beta':^28} | {'df-pn':^38}")
    print(f"{'':>10} | {'decided':>8} {'W/B wins':>8} {'CPU s/pos':>9} | {'decided':>8} "
          f"{'W/B wins':>8} {'CPU s/pos':>9} {'expansions':>10}")
    for cards in levels:
        positions = positions_with(cards, samples)
        old = {"decided": 0, "white": 0, "cpu": 0.0}
        new = {"decided": 0, "white": 0, "cpu": 0.0, "nodes": 0}
        for i, p in enumerate(positions):
            a, a_cpu = timed(Solver(budget=budget), p)
            pn = ProofSolver(budget=pn_budget)
            b, b_cpu = timed(pn, p)
            if a is not None and b is not None and a != b:
                raise SystemExit(f"the searches disagree on {p}: alpha-beta {a}, df-pn {b}")
            for tally, winner, cpu in ((old, a, a_cpu), (new, b, b_cpu)):
                tally["decided"] += winner is not None
                tally["white"] += winner == "white"
                tally["cpu"] += cpu
            new["nodes"] += pn.stats.nodes
            if b is not None:
                # Every df-pn verdict re-proven from the rules (not counted in its CPU).
                checked, size = check_proof(p, pn.known)
                assert checked == b, p
                new["proof"] = max(new.get("proof", 0), size)
            print(f"  {cards} cards, position {i + 1}/{len(positions)}: alpha-beta {a} "
                  f"{a_cpu:.2f} s, df-pn {b} {b_cpu:.2f} s; {load()}", file=sys.stderr, flush=True)
        n = max(len(positions), 1)

        def cols(t: dict[str, float], n: int = n, total: int = len(positions)) -> str:
            wins = f"{int(t['white'])}/{int(t['decided'] - t['white'])}"
            return f"{int(t['decided']):>4}/{total:<3} {wins:>8} {t['cpu'] / n:>9.2f}"

        print(f"{cards:>10} | {cols(old)} | {cols(new)} {int(new['nodes']) // n:>10}"
              f"  largest re-checked proof: {int(new.get('proof', 0))} positions", flush=True)


def start(budget: int, cpu: float) -> None:
    print(f"\n## The start by df-pn: {budget} expansions or {cpu:.0f} CPU s, whichever first")
    t0 = time.process_time()
    last = [t0]

    def cancel() -> bool:
        now = time.process_time()
        if now - last[0] > 60:
            last[0] = now
            print(f"  the start: {solver.stats.nodes} expansions, {now - t0:.0f} CPU s; "
                  f"{load()}", file=sys.stderr, flush=True)
        return now - t0 > cpu

    solver = ProofSolver(budget=budget, cancel=cancel)
    start = Position.start()
    why = ""
    try:
        winner, spent = timed(solver, start)
    except KeyboardInterrupt:
        winner, spent, why = None, time.process_time() - t0, " (interrupted)"
    s = solver.stats
    if winner is None and not why:
        why = " (CPU limit)" if time.process_time() - t0 > cpu else " (expansion budget)"
    print(f"winner: {winner or 'undecided' + why}; {s.nodes} expansions, {s.proven} positions "
          f"proven, {s.leaf_nodes} alpha-beta leaf positions, {len(solver.numbers)} open in "
          f"the table, {spent:.1f} CPU s")
    if winner is not None:
        t1 = time.process_time()
        try:
            checked, size = check_proof(start, solver.known)
            print(f"proof re-checked from the rules: {checked} wins; {size} positions in the "
                  f"proof tree; {time.process_time() - t1:.1f} CPU s")
        except ProofError as exc:
            print(f"PROOF CHECK FAILED: {exc}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=12)
    parser.add_argument("--levels", default="8,10,12")
    parser.add_argument("--budget", type=int, default=1500, help="alpha-beta positions")
    parser.add_argument("--pn-budget", type=int, default=300, help="df-pn expansions")
    parser.add_argument("--start-budget", type=int, default=10**7)
    parser.add_argument("--start-cpu", type=float, default=1200.0)
    parser.add_argument("--skip", default="", help="parts to skip: rows,start")
    args = parser.parse_args()
    # SIGTERM (and SIGINT, which a background job ignores) stop the run with what it has.
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    skip = set(args.skip.split(",")) - {""}
    print(load())
    wall0, cpu0 = time.perf_counter(), time.process_time()
    try:
        if "rows" not in skip:
            rows([int(x) for x in args.levels.split(",")], args.samples, args.budget,
                 args.pn_budget)
        if "start" not in skip:
            start(args.start_budget, args.start_cpu)
    except KeyboardInterrupt:
        print("\ninterrupted", flush=True)
    print(f"\nwall {time.perf_counter() - wall0:.0f} s, CPU {time.process_time() - cpu0:.0f} s; "
          + load())


if __name__ == "__main__":
    main()
