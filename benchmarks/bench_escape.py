"""Escape: who wins from the start under each pairing, and how far the exact solver reaches.

Three parts, each with its own time limit so the whole run is bounded:

1. **Pairings.** Whole games from the start for every (White, Black) pair
   of the players in ``--players``, seeds 0, 1, …, until ``--games`` games
   or ``--seconds`` wall seconds per pair, in ``--jobs`` worker processes.
   Deterministic players replay one game whatever the seed (ties aside), so
   game i begins with a seeded opening of ``--opening`` plies
   (:func:`puzzlegen.escape.players.opening_move`: each ply drawn by seed i
   from the mover's four best one-ply moves that do not walk into a
   capture); the named players play the rest.  White's share of wins comes
   with its Wilson 95% interval, the count of distinct games, and the CPU
   seconds per game (summed in the workers) as games per CPU hour.
2. **Exact solver.** Positions with 8, 10 and 12 cards left, taken from
   ``greedy-e`` self-play, each given to the exact solver with ``--budget``
   positions: the share decided, who wins, and the CPU time per position.
3. **The start.** The solver on the start position itself with
   ``--start-budget`` positions: decided or not, and the table's size.

Prints wall and CPU time and the load average (the machine is shared).
Run from the repository root:

    nice -n 10 python benchmarks/bench_escape.py [--games 2000] [--seconds 150] [--budget 2000]
"""

from __future__ import annotations

import argparse
import collections
import math
import os
import resource
import sys
import time
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait

from puzzlegen.escape.players import OPENING_PLIES, OPENING_WIDTH, PLAYERS, play_game
from puzzlegen.escape.position import Position
from puzzlegen.escape.solver import Solver, Unknown


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95% by default) of a share ``wins / n``."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def _games(white: str, black: str, seeds: list[int], opening: int,
           ) -> list[tuple[str, int, str, float, str]]:
    """Winner, plies, reason, CPU seconds and the moves' text of each seed's game."""
    out = []
    for seed in seeds:
        cpu0 = time.process_time()
        moves, end = play_game(white, black, seed, opening=opening)
        assert end.outcome is not None
        out.append((end.outcome[0], len(moves), end.outcome[1], time.process_time() - cpu0,
                    " ".join(map(str, moves))))
    return out


def pairings(players: list[str], games: int, seconds: float, opening: int, jobs: int) -> None:
    print(f"## Pairings from the start (up to {games} games or {seconds:.0f} s wall a pair; "
          f"game i has seed i and a seeded opening of {opening} plies, each drawn from the "
          f"mover's {OPENING_WIDTH} best one-ply moves that do not walk into a capture)")
    print(f"{'White':<10} {'Black':<10} {'games':>6} {'distinct':>8} {'White wins':>11} "
          f"{'95% interval':>14} {'plies':>6} {'CPU s/game':>10} {'games/CPU h':>11}  reasons")
    with ProcessPoolExecutor(jobs) as pool:
        for white in players:
            for black in players:
                wall0 = time.perf_counter()
                results: list[tuple[str, int, str, float, str]] = []
                pending: set[Future[list[tuple[str, int, str, float, str]]]] = set()
                chunk = 10
                nxt = 0
                while True:
                    late = time.perf_counter() - wall0 >= seconds
                    while not late and nxt < games and len(pending) < 2 * jobs:
                        seeds = list(range(nxt, min(nxt + chunk, games)))
                        nxt += len(seeds)
                        pending.add(pool.submit(_games, white, black, seeds, opening))
                    if not pending:
                        break
                    done, pending = wait(pending, return_when=FIRST_COMPLETED)
                    for fut in done:
                        results.extend(fut.result())
                n = len(results)
                wins = sum(r[0] == "white" for r in results)
                cpu = sum(r[3] for r in results)
                plies = sum(r[1] for r in results)
                reasons = collections.Counter(r[2] for r in results)
                lo, hi = wilson(wins, n)
                why = ", ".join(f"{r} {c}" for r, c in reasons.most_common())
                print(f"{white:<10} {black:<10} {n:>6} {len({r[4] for r in results}):>8} "
                      f"{100 * wins / max(n, 1):>10.1f}% {f'{100 * lo:.1f}-{100 * hi:.1f}%':>14} "
                      f"{plies / max(n, 1):>6.1f} {cpu / max(n, 1):>10.3f} "
                      f"{3600 * n / max(cpu, 1e-9):>11.0f}  {why}", flush=True)
                print(f"  done {white} v {black}: {n} games, {time.perf_counter() - wall0:.0f} s "
                      f"wall; {load()}", file=sys.stderr, flush=True)


def positions_with(cards: int, count: int) -> list[Position]:
    """``count`` distinct positions with ``cards`` cards left, from greedy-e self-play."""
    found: list[Position] = []
    seen: set[Position] = set()
    seed = 0
    while len(found) < count and seed < 20 * count:
        moves, _ = play_game("greedy-e", "greedy-e", f"exact-{seed}")
        seed += 1
        position = Position.start()
        for move in moves:
            position = position.apply(move)
            if position.cards_left == cards and position.outcome is None:
                if position not in seen:
                    seen.add(position)
                    found.append(position)
                break
    return found


def exact(levels: list[int], samples: int, budget: int) -> None:
    print(f"\n## Exact solver, {samples} positions a row from greedy-e self-play, "
          f"budget {budget} positions each")
    print(f"{'cards left':>10} {'decided':>8} {'White wins':>10} {'Black wins':>10} "
          f"{'CPU s (decided)':>15} {'CPU s (all)':>11}")
    for cards in levels:
        positions = positions_with(cards, samples)
        decided = white = 0
        decided_cpu = total_cpu = 0.0
        for p in positions:
            solver = Solver(budget=budget)
            t0 = time.process_time()
            try:
                winner = solver.winner(p)
            except Unknown:
                winner = None
            spent = time.process_time() - t0
            total_cpu += spent
            if winner is not None:
                decided += 1
                decided_cpu += spent
                white += winner == "white"
        n = len(positions)
        mean_decided = decided_cpu / decided if decided else float("nan")
        print(f"{cards:>10} {decided:>4}/{n:<3} {white:>10} {decided - white:>10} "
              f"{mean_decided:>15.2f} {total_cpu / max(n, 1):>11.2f}", flush=True)
        print(f"  done {cards} cards", file=sys.stderr, flush=True)


def start(budget: int) -> None:
    print(f"\n## The start, budget {budget} positions")
    solver = Solver(budget=budget)
    t0 = time.process_time()
    try:
        winner: str | None = solver.winner(Position.start())
    except Unknown:
        winner = None
    spent = time.process_time() - t0
    print(f"winner: {winner or 'undecided'}; {solver.stats.nodes} positions searched, "
          f"{solver.stats.stored} proven in the table, {solver.stats.hits} table hits, "
          f"{spent:.1f} CPU s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", default="random,greedy,greedy-e,lookahead,search")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=120.0, help="wall seconds per pairing")
    parser.add_argument("--opening", type=int, default=OPENING_PLIES,
                        help="plies of seeded opening before the players take over")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes for the games")
    parser.add_argument("--samples", type=int, default=20, help="positions per cards-left row")
    parser.add_argument("--levels", default="8,10,12")
    parser.add_argument("--budget", type=int, default=2000)
    parser.add_argument("--start-budget", type=int, default=20000)
    parser.add_argument("--skip", default="", help="parts to skip: pairings,exact,start")
    args = parser.parse_args()
    players = args.players.split(",")
    for name in players:
        if name not in PLAYERS:
            parser.error(f"unknown player {name!r} (known: {', '.join(PLAYERS)})")
    skip = set(args.skip.split(",")) - {""}
    print(load())
    wall0, cpu0 = time.perf_counter(), time.process_time()
    try:
        if "pairings" not in skip:
            pairings(players, args.games, args.seconds, args.opening, args.jobs)
        if "exact" not in skip:
            exact([int(x) for x in args.levels.split(",")], args.samples, args.budget)
        if "start" not in skip:
            start(args.start_budget)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    print(f"\nwall {time.perf_counter() - wall0:.0f} s, CPU {time.process_time() - cpu0:.0f} s "
          f"here + {children.ru_utime + children.ru_stime:.0f} s in workers; " + load())


if __name__ == "__main__":
    main()
