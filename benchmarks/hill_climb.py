"""Hunt for the positions the solver finds hardest, by hill-climbing over legal positions.

Starts from the hardest positions of the benchmark corpus (and those already
in ``worst_positions.txt``), changes one thing at a time while keeping the
position legal (every stack descends in alternating colours, no card twice),
and keeps a change when the search has at least as many states to visit.
The measure is a count, not a time: on a shared 2-core machine timings
mostly measure the neighbours, and the solver's time follows the states it
stores (about 0.3 µs each in the compiled core).  A search that meets the
upper bound stops early; one that does not must visit every reachable state
(``explore``'s count) to prove the best.  Prints the worst found with its
core time; with ``--save`` adds it to ``worst_positions.txt``, which
``bench_solver.py`` times.  Deterministic for a given ``--seed``.

    python benchmarks/hill_climb.py --seconds 300 --save
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from puzzlegen.catscradle import core
from puzzlegen.catscradle._pycore import _Graph, layout_after, split_layout
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


def states(position: Position) -> int:
    """How many states the best-line search visits on ``position`` (0 if it stops early)."""
    encoded = layout(position)
    path = core.best_path(encoded)
    best = layout_after(split_layout(encoded), path)[:16].count(0)
    if best >= _Graph(encoded).upper_bound():
        return 0  # the bound is met: the search stops at that depth
    return core.explore(encoded)[0]


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
    starts = sorted(pool, key=states, reverse=True)[: args.starts]
    deadline = time.monotonic() + args.seconds
    per_start = args.seconds / len(starts)
    worst, worst_states = starts[0], -1
    for number, current in enumerate(starts):
        current_states = states(current)
        stop = min(deadline, time.monotonic() + per_start)
        tries = 0
        while time.monotonic() < stop:
            candidate = mutate(current, rng)
            tries += 1
            if candidate is None:
                continue
            candidate_states = states(candidate)
            if candidate_states >= current_states:
                current, current_states = candidate, candidate_states
        print(f"climb {number}: {current_states:7} states after {tries} tries  {current}")
        if current_states > worst_states:
            worst, worst_states = current, current_states
    worst_cost = cost(worst)
    print(f"worst: {worst_states} states, {worst_cost * 1000:.1f} ms CPU in the core: {worst}")
    if args.save and worst not in read_worst():
        with WORST.open("a") as out:
            out.write(
                f"# hill_climb.py --seed {args.seed}: {worst_states} states, "
                f"{worst_cost * 1000:.0f} ms in the core\n{worst}\n"
            )
        print(f"added to {WORST}")


if __name__ == "__main__":
    main()
