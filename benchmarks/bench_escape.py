"""Escape: who wins from the start under each pairing, and how far the exact solver reaches.

Three parts, each with its own time limit so the whole run is bounded:

1. **Pairings.** Whole games from the start for every (White, Black) pair
   of the players in ``--players``, seeds 0, 1, …, until ``--games`` games
   or ``--seconds`` seconds per pair.  Deterministic players replay one
   game whatever the seed (ties aside), so ``greedy-e`` (one random move in
   five) samples a spread of plausible games.
2. **Exact solver.** Positions with 8, 10 and 12 cards left, taken from
   ``greedy-e`` self-play, each given to the exact solver with ``--budget``
   positions: the share decided, who wins, and the CPU time per position.
3. **The start.** The solver on the start position itself with
   ``--start-budget`` positions: decided or not, and the table's size.

Prints wall and CPU time and the load average (the machine is shared).
Run from the repository root:

    python benchmarks/bench_escape.py [--games 1000] [--seconds 120] [--budget 2000]
"""

from __future__ import annotations

import argparse
import collections
import os
import sys
import time

from puzzlegen.escape.players import PLAYERS, play_game
from puzzlegen.escape.position import Position
from puzzlegen.escape.solver import Solver, Unknown


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def pairings(players: list[str], games: int, seconds: float) -> None:
    print(f"## Pairings from the start (up to {games} games or {seconds:.0f} s a pair)")
    print(f"{'White':<10} {'Black':<10} {'games':>6} {'White wins':>11} {'plies':>6} "
          f"{'CPU s/game':>10}  reasons")
    for white in players:
        for black in players:
            wall0, cpu0 = time.perf_counter(), time.process_time()
            wins = plies = 0
            reasons: collections.Counter[str] = collections.Counter()
            n = 0
            while n < games and time.perf_counter() - wall0 < seconds:
                moves, end = play_game(white, black, n)
                assert end.outcome is not None
                wins += end.outcome[0] == "white"
                reasons[end.outcome[1]] += 1
                plies += len(moves)
                n += 1
            cpu = time.process_time() - cpu0
            why = ", ".join(f"{r} {c}" for r, c in reasons.most_common())
            print(f"{white:<10} {black:<10} {n:>6} {100 * wins / n:>10.1f}% "
                  f"{plies / n:>6.1f} {cpu / n:>10.2f}  {why}", flush=True)
            print(f"  done {white} v {black}", file=sys.stderr, flush=True)


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
    parser.add_argument("--seconds", type=float, default=120.0, help="per pairing")
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
            pairings(players, args.games, args.seconds)
        if "exact" not in skip:
            exact([int(x) for x in args.levels.split(",")], args.samples, args.budget)
        if "start" not in skip:
            start(args.start_budget)
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
    print(f"\nwall {time.perf_counter() - wall0:.0f} s, CPU {time.process_time() - cpu0:.0f} s; "
          + load())


if __name__ == "__main__":
    main()
