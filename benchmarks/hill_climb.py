"""Hunt for the positions the solver finds hardest, by hill-climbing over legal positions.

Starts from the slowest positions of the benchmark corpus (and those already
in ``worst_positions.txt``), changes one thing at a time while keeping the
position legal (every stack descends in alternating colours, no card twice),
and keeps a change when the solver's core takes at least as long on the new
position (CPU time, best of two runs, so the 2-core machine's noise matters
less).  Prints the worst found; with ``--save`` adds it to
``worst_positions.txt``, which ``bench_solver.py`` times.  Deterministic for
a given ``--seed`` apart from the timings that steer it.

    python benchmarks/hill_climb.py --seconds 300 --save
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from puzzlegen.catscradle import core
from puzzlegen.catscradle.cards import FULL_PACK, Card
from puzzlegen.catscradle.position import Position
from puzzlegen.catscradle.solver import layout
from puzzlegen.catscradle.wholegame import seeded_positions
from puzzlegen.errors import PositionError

WORST = Path(__file__).resolve().parent / "worst_positions.txt"


def read_worst() -> list[Position]:
    """The positions saved in ``worst_positions.txt`` (``#`` starts a comment)."""
    if not WORST.exists():
        return []
    lines = (line.split("#")[0].strip() for line in WORST.read_text().splitlines())
    return [Position.parse(line) for line in lines if line]


def cost(position: Position) -> float:
    """CPU seconds the core takes on ``position``, best of two runs."""
    encoded = layout(position)
    best = float("inf")
    for _ in range(2):
        start = time.process_time()
        core.best_path(encoded)
        best = min(best, time.process_time() - start)
    return best


def mutate(position: Position, rng: random.Random) -> Position | None:
    """One random change that may make a legal position, or None."""
    cells = [list(s) for s in position.cells]
    kind = rng.randrange(4)
    a, b = rng.sample(range(16), 2)
    if kind == 0:  # exchange two cells whole
        cells[a], cells[b] = cells[b], cells[a]
    elif kind == 1:  # exchange two top cards
        if not cells[a] or not cells[b]:
            return None
        cells[a][-1], cells[b][-1] = cells[b][-1], cells[a][-1]
    elif kind == 2:  # lift a top card on to another stack (ignoring lines)
        if len(cells[a]) < 2 or not cells[b]:
            return None
        cells[b].append(cells[a].pop())
    else:  # swap a top card for a card not in the position
        if not cells[a]:
            return None
        used = {c for s in cells for c in s}
        unused = [c for c in FULL_PACK if c not in used]
        if not unused:
            return None
        cells[a][-1] = rng.choice(unused)
    try:
        return Position(tuple(tuple[Card, ...](s) for s in cells))
    except PositionError:
        return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=120)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--starts", type=int, default=4, help="Climbs from the slowest starts.")
    parser.add_argument("--save", action="store_true", help="Add the worst to worst_positions.txt.")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    print(f"core: {core.CORE}")
    pool = list(seeded_positions(3000)) + read_worst()
    starts = sorted(pool, key=cost, reverse=True)[: args.starts]
    deadline = time.monotonic() + args.seconds
    per_start = args.seconds / len(starts)
    worst, worst_cost = starts[0], 0.0
    for number, current in enumerate(starts):
        current_cost = cost(current)
        stop = min(deadline, time.monotonic() + per_start)
        tries = 0
        while time.monotonic() < stop:
            candidate = mutate(current, rng)
            tries += 1
            if candidate is None:
                continue
            candidate_cost = cost(candidate)
            if candidate_cost >= current_cost:
                current, current_cost = candidate, candidate_cost
        print(f"climb {number}: {current_cost * 1000:8.1f} ms after {tries} tries  {current}")
        if current_cost > worst_cost:
            worst, worst_cost = current, current_cost
    print(f"worst: {worst_cost * 1000:.1f} ms CPU in the core: {worst}")
    if args.save and worst not in read_worst():
        with WORST.open("a") as out:
            out.write(f"# hill_climb.py --seed {args.seed}: {worst_cost * 1000:.0f} ms\n{worst}\n")
        print(f"added to {WORST}")


if __name__ == "__main__":
    main()
